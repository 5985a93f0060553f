import Foundation

// Block-based key-value observing (`view.observe(\.bounds, options: [.new]) { view, change in }`),
// which Foundation on Linux lacks: there is no Objective-C runtime to catch a property's change.
// framegen fires an observation when a view's geometry is set (`frame`, `bounds`, `center`,
// `transform`; a scroll view's `contentOffset`, which is its bounds' origin, and `contentSize`
// and `contentInset`), comparing the observed value with the one it last saw: that is what apps
// observe on views (a layout laying out again on a size change, an offset reached). The key
// path of any other object is observed for `.initial` only (docs/uikit.md "Key-value
// observing").

public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1
    case insertion = 2
    case removal = 3
    case replacement = 4
}

public struct NSKeyValueObservedChange<Value> {
    public typealias Kind = NSKeyValueChange
    public let kind: Kind
    /// With `.new` (nil before the change of a `.prior` notification).
    public let newValue: Value?
    /// With `.old`.
    public let oldValue: Value?
    public let indexes: IndexSet?
    /// The notification sent before the change, with `.prior`. framegen sees a change only
    /// once it is made, so it sends this one just before the notification after the change.
    public let isPrior: Bool
}

/// An observation: it lasts while you keep it, until `invalidate()`.
open class NSKeyValueObservation: NSObject {
    /// Compares the value with the last one seen and tells the handler; false once the
    /// observed object is gone.
    fileprivate var check: (() -> Bool)?

    open func invalidate() { check = nil }
}

/// What `observe(_:options:changeHandler:)` is declared on: every `NSObject`, as on iOS.
public protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving {
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        let observation = NSKeyValueObservation()
        let object = self as AnyObject
        var last = self[keyPath: keyPath]
        if options.contains(.initial) {
            changeHandler(
                self,
                NSKeyValueObservedChange(
                    kind: .setting, newValue: options.contains(.new) ? last : nil, oldValue: nil,
                    indexes: nil,
                    isPrior: false))
        }
        observation.check = { [weak object] in
            guard let observed = object as? Self else { return false }
            let value = observed[keyPath: keyPath]
            guard KeyValueObservations.differ(value, last) else { return true }
            let old = last
            last = value
            if options.contains(.prior) {
                changeHandler(
                    observed,
                    NSKeyValueObservedChange(
                        kind: .setting, newValue: nil, oldValue: options.contains(.old) ? old : nil,
                        indexes: nil,
                        isPrior: true))
            }
            changeHandler(
                observed,
                NSKeyValueObservedChange(
                    kind: .setting, newValue: options.contains(.new) ? value : nil,
                    oldValue: options.contains(.old) ? old : nil, indexes: nil, isPrior: false))
            return true
        }
        (self as? UIView)?.keyValueObservations.append(Weak(observation))
        return observation
    }
}

enum KeyValueObservations {
    /// Whether two values differ: by `==` where they are hashable, else by their descriptions.
    static func differ<Value>(_ a: Value, _ b: Value) -> Bool {
        if let a = a as? AnyHashable, let b = b as? AnyHashable { return a != b }
        return String(describing: a) != String(describing: b)
    }
}

extension UIView {
    /// Tells the view's observations that its geometry was set; the ones released, invalidated
    /// or whose view is gone are dropped.
    func geometryDidChange() {
        guard !keyValueObservations.isEmpty else { return }
        let observations = keyValueObservations
        keyValueObservations.removeAll { $0.object?.check == nil }
        for entry in observations {
            guard let observation = entry.object, let check = observation.check else { continue }
            if !check() { observation.check = nil }
        }
    }
}
