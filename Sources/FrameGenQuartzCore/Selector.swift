import Foundation

/// Objective-C's selector: the name of a method, which target-action APIs (`addTarget(_:action:for:)`,
/// `CADisplayLink(target:selector:)`, gesture recognisers, `Timer`) send to a target.
///
/// Swift on Linux has no Objective-C runtime, so no method can be found by its name. The port of
/// an app's files (docs/uikit.md, "Bring your app") turns each `#selector(tapped(_:))` into
/// `Selector("tapped:", site:) { target, sender, event in ... }`, which keeps the name and
/// registers how to call the method on a target of the type that wrote it; `send(to:from:)`
/// then calls it. A selector made from a string alone calls a method only if a `#selector` of
/// that name was evaluated first.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The Objective-C name: `tapped`, `tapped:`, `handlePan:`.
    public let name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.init(value) }
    public var description: String { name }

    /// The port's form of `#selector(...)`: `perform` calls the method on `target` (false when
    /// `target` is not of the type that declares it, or the sender is not of its parameter's
    /// type). `site` (file, line and column) makes the registration once per place in the code,
    /// however often it runs.
    public init(
        _ name: String, site: String,
        _ perform: @escaping @Sendable (_ target: AnyObject, _ sender: Any?, _ event: Any?) -> Bool
    ) {
        self.init(name)
        SelectorTable.shared.register(name: name, site: site, perform)
    }

    /// Calls the method this selector names on `target`, with `sender` (and `event`) as its
    /// arguments if it takes them, as `UIApplication.sendAction(_:to:from:for:)` does on iOS.
    /// False when no `#selector` of this name applies to `target`: iOS would raise
    /// "unrecognized selector sent to instance".
    @discardableResult
    public func send(to target: AnyObject, from sender: Any? = nil, event: Any? = nil) -> Bool {
        for perform in SelectorTable.shared.performers(of: name) where perform(target, sender, event) {
            return true
        }
        return false
    }
}

/// `NSSelectorFromString`, as on iOS.
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }
/// `NSStringFromSelector`, as on iOS.
public func NSStringFromSelector(_ selector: Selector) -> String { selector.name }

/// Calls a method reference with a selector's arguments, whatever it takes: nothing, the
/// sender, or the sender and the event (the three shapes Objective-C's actions have). The port's
/// `#selector` closures call these; overload resolution picks the method's shape.
public enum SelectorCall {
    public static func send<R>(_ method: () -> R, _ sender: Any?, _ event: Any?) -> Bool {
        _ = method()
        return true
    }

    public static func send<A, R>(_ method: (A) -> R, _ sender: Any?, _ event: Any?) -> Bool {
        guard let argument = sender as? A else { return false }
        _ = method(argument)
        return true
    }

    public static func send<A, B, R>(_ method: (A, B) -> R, _ sender: Any?, _ event: Any?) -> Bool {
        guard let first = sender as? A, let second = event as? B else { return false }
        _ = method(first, second)
        return true
    }
}

/// The registered `#selector`s: for each name, how to call it, by the place in the code that
/// made it. One table for the process, as the Objective-C runtime's is.
final class SelectorTable: @unchecked Sendable {
    static let shared = SelectorTable()
    typealias Perform = @Sendable (AnyObject, Any?, Any?) -> Bool
    private let lock = NSLock()
    private var table: [String: [String: Perform]] = [:]

    func register(name: String, site: String, _ perform: @escaping Perform) {
        lock.withLock {
            if table[name]?[site] == nil { table[name, default: [:]][site] = perform }
        }
    }

    /// In the order of their sites, so that the same code calls the same method every run.
    func performers(of name: String) -> [Perform] {
        lock.withLock { (table[name] ?? [:]).sorted { $0.key < $1.key }.map(\.value) }
    }
}
