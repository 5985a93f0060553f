import Foundation

// UIAppearance: `UINavigationBar.appearance().tintColor = .black` in an app delegate styles every
// navigation bar (docs/uikit.md "Appearance proxies"). iOS's proxy records the setters called
// on it through the Objective-C runtime; framegen's is an instance of the class, made with its
// `init?(coder:)` (the one initialiser every view class has), and each appearance property's
// setter records itself when called on a proxy (`appearance(_:_:tracked:)` below). What iOS does
// with the record, framegen does:
// - A view takes the recorded values when it enters a window, its subviews with it; a view
//   already in a window keeps what it has.
// - The rules of its class's superclasses first, then its class's; rules with containers after
//   those without, fewer containers before more: the more specific rule's value is the one left.
// - A container list reads from the innermost container out: `[Cell.self, Controller.self]`
//   matches a view inside a Cell inside a Controller's view, not necessarily directly.
// - A property UIKit marks `UI_APPEARANCE_SELECTOR` (a bar's tint, a view's background colour)
//   that the app set on the view itself keeps the app's value; Interface Builder's values do not
//   count as the app's (they are overridden, as on iOS). A property UIKit does not mark (a label's
//   text colour and font, a view's tint colour) takes the proxy's value even over the app's,
//   as iOS's does.

public protocol UIAppearanceContainer: AnyObject {}

public protocol UIAppearance: AnyObject {
    static func appearance() -> Self
    static func appearance(whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type])
        -> Self
    static func appearance(for trait: UITraitCollection) -> Self
    static func appearance(
        for trait: UITraitCollection,
        whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]
    ) -> Self
}

extension UIView: UIAppearance, UIAppearanceContainer {
    public static func appearance() -> Self {
        AppearanceRules.shared.proxy(for: self, containers: []) { Self(coder: AppearanceProxyCoder()) }
    }

    public static func appearance(whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type])
        -> Self
    {
        AppearanceRules.shared.proxy(for: self, containers: containerTypes.map { $0 as AnyClass }) {
            Self(coder: AppearanceProxyCoder())
        }
    }

    /// The proxy of every trait collection: framegen keeps no rules by traits (docs/uikit.md
    /// "Appearance proxies"); a dynamic colour set on the proxy follows the traits as anywhere.
    public static func appearance(for trait: UITraitCollection) -> Self { appearance() }

    public static func appearance(
        for trait: UITraitCollection,
        whenContainedInInstancesOf containerTypes: [any UIAppearanceContainer.Type]
    ) -> Self {
        appearance(whenContainedInInstancesOf: containerTypes)
    }

    /// Called by each appearance property's setter, after it has set `value`: on a proxy, records
    /// the value for the views its rule matches; on a view, notes that the app set a `tracked`
    /// property itself, unless the value comes from a proxy or a nib.
    package func appearance<View: UIView, Value>(
        _ keyPath: ReferenceWritableKeyPath<View, Value>, _ value: Value, tracked: Bool
    ) {
        // The closure only for a proxy: a view's own set (every background colour a cell sets)
        // allocates nothing but its first note.
        if let rule = appearanceRule {
            AppearanceRules.shared.record(keyPath, { ($0 as? View)?[keyPath: keyPath] = value }, in: rule)
        } else if tracked, !takingAppearance {
            viewAppearance.own.insert(keyPath)
        }
    }

    /// As `appearance(_:_:tracked:)`, for a setter with arguments (`setTitleColor(_:for:)`):
    /// `key` names the setter and its arguments other than the value.
    package func appearance(key: AnyHashable, tracked: Bool, apply: @escaping (UIView) -> Void) {
        if let rule = appearanceRule {
            AppearanceRules.shared.record(key, apply, in: rule)
        } else if tracked, !takingAppearance {
            viewAppearance.own.insert(key)
        }
    }

    /// Gives this view and its subviews the values the proxies recorded for them, as a view
    /// entering a window takes them.
    package func takeAppearance() {
        guard !AppearanceRules.shared.isEmpty else { return }
        var views: [UIView] = [self]
        while let view = views.popLast() {
            view.takeOwnAppearance()
            views += view.subviews
        }
    }

    private func takeOwnAppearance() {
        let values = AppearanceRules.shared.values(for: self)
        guard !values.isEmpty else { return }
        takingAppearance = true
        defer { takingAppearance = false }
        for (key, apply) in values where !ownAppearance.contains(key) { apply(self) }
    }

    /// Sets a nib's values (InterfaceBuilder.decode) as a proxy's are set: not as the app's own.
    package func settingWithoutOwnership(_ body: () -> Void) {
        let was = takingAppearance
        takingAppearance = true
        defer { takingAppearance = was }
        body()
    }
}

/// What a view keeps for appearance proxies, made when first needed: most views never need it.
package final class ViewAppearance {
    /// Set on a proxy: the rule it records for.
    var rule: AppearanceRule?
    /// While a proxy's or a nib's values are being set.
    var taking = false
    /// The tracked properties the app set on the view itself.
    var own: Set<AnyHashable> = []
}

extension UIView {
    private var viewAppearance: ViewAppearance {
        if let state = appearanceState { return state }
        let state = ViewAppearance()
        appearanceState = state
        return state
    }

    var appearanceRule: AppearanceRule? {
        get { appearanceState?.rule }
        set { viewAppearance.rule = newValue }
    }

    fileprivate var takingAppearance: Bool {
        get { appearanceState?.taking ?? false }
        set { viewAppearance.taking = newValue }
    }

    fileprivate var ownAppearance: Set<AnyHashable> {
        get { appearanceState?.own ?? [] }
        set { viewAppearance.own = newValue }
    }
}

/// The coder an appearance proxy is made with: it holds no values.
final class AppearanceProxyCoder: NSCoder {
    override var allowsKeyedCoding: Bool { true }
    override func containsValue(forKey key: String) -> Bool { false }
    override func decodeObject(forKey key: String) -> Any? { nil }
    override func decodeBool(forKey key: String) -> Bool { false }
    override func decodeInteger(forKey key: String) -> Int { 0 }
    override func decodeInt32(forKey key: String) -> Int32 { 0 }
    override func decodeInt64(forKey key: String) -> Int64 { 0 }
    override func decodeDouble(forKey key: String) -> Double { 0 }
    override func decodeFloat(forKey key: String) -> Float { 0 }
}

/// A proxy's class and the containers it names, innermost first.
package struct AppearanceRule: Hashable, @unchecked Sendable {
    let type: ObjectIdentifier
    let containers: [ObjectIdentifier]
    /// How many superclasses `type` has: a subclass's rule is more specific.
    let depth: Int
}

/// Every proxy and what was set on it, for the process, as on iOS.
final class AppearanceRules: @unchecked Sendable {
    static let shared = AppearanceRules()

    private let lock = NSLock()
    private var proxies: [AppearanceRule: UIView] = [:]
    /// Each rule's setters in the order they were last called.
    private var recorded: [AppearanceRule: [(key: AnyHashable, apply: (UIView) -> Void)]] = [:]
    private var count = 0

    var isEmpty: Bool { lock.withLock { count == 0 } }

    func proxy<View: UIView>(for type: View.Type, containers: [AnyClass], make: () -> View?) -> View {
        var depth = 0
        var up: AnyClass? = _getSuperclass(type)
        while let superclass = up {
            depth += 1
            up = _getSuperclass(superclass)
        }
        let rule = AppearanceRule(
            type: ObjectIdentifier(type), containers: containers.map { ObjectIdentifier($0) }, depth: depth)
        if let proxy = lock.withLock({ proxies[rule] }) as? View { return proxy }
        guard let proxy = make() else {
            UIKitException.terminate(
                "\(type).appearance(): its init?(coder:) returned nil, and framegen makes the proxy with it")
        }
        proxy.appearanceRule = rule
        return lock.withLock {
            if let made = proxies[rule] as? View { return made }
            proxies[rule] = proxy
            return proxy
        }
    }

    func record(_ key: AnyHashable, _ apply: @escaping (UIView) -> Void, in rule: AppearanceRule) {
        lock.withLock {
            var setters = recorded[rule] ?? []
            if let k = setters.firstIndex(where: { $0.key == key }) {
                setters.remove(at: k)
            } else {
                count += 1
            }
            setters.append((key, apply))
            recorded[rule] = setters
        }
    }

    /// The setters for `view`, least specific rule first.
    func values(for view: UIView) -> [(key: AnyHashable, apply: (UIView) -> Void)] {
        var classes: [ObjectIdentifier] = []
        var up: AnyClass? = type(of: view)
        while let type = up {
            classes.append(ObjectIdentifier(type))
            up = _getSuperclass(type)
        }
        let rules = lock.withLock { recorded }
        let matching = rules.keys.filter {
            classes.contains($0.type) && Self.isContained(view, in: $0.containers)
        }
        .sorted { ($0.depth, $0.containers.count) < ($1.depth, $1.containers.count) }
        return matching.flatMap { rules[$0] ?? [] }
    }

    /// Whether the containers, innermost first, enclose `view` in that order: its superviews and
    /// the controllers whose views they are.
    private static func isContained(_ view: UIView, in containers: [ObjectIdentifier]) -> Bool {
        guard !containers.isEmpty else { return true }
        var k = 0
        var current = view.superview
        func matches(_ object: AnyObject) -> Bool {
            var up: AnyClass? = type(of: object)
            while let type = up {
                if ObjectIdentifier(type) == containers[k] { return true }
                up = _getSuperclass(type)
            }
            return false
        }
        while let container = current, k < containers.count {
            if matches(container) {
                k += 1
            } else if let controller = container.owningController, matches(controller) {
                k += 1
            }
            current = container.superview
        }
        return k == containers.count
    }
}

extension UIViewController: UIAppearanceContainer {}
