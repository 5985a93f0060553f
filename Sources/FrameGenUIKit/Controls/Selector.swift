import Foundation

/// The name of a method, as target-action names one, and, where the port gave it, the method
/// itself.
///
/// iOS writes `#selector(tapped(_:))`, which needs the Objective-C runtime; Foundation on Linux
/// has no `Selector` at all. framegen's keeps the name (equality and hashing are by name alone,
/// as selectors compare on iOS) and, to call it, the method as an unapplied reference:
/// `Selector("tapped:", Self.tapped(_:))` is what the port of an app's files writes for
/// `#selector(tapped(_:))` (docs/uikit.md, "Bring your app"), and what a file written for
/// framegen writes by hand. A method's result, if it has one, is dropped, as Objective-C's
/// target-action drops it. A selector made from a name alone is kept and listed
/// (`actions(forTarget:forControlEvent:)`) but calls nothing.
// Unchecked Sendable: the closures hold an unapplied method reference and nothing else.
public struct Selector: Hashable, CustomStringConvertible, ExpressibleByStringLiteral, @unchecked Sendable {
    /// Objective-C's spelling: "tapped:", "buttonTapped:forEvent:", "refresh".
    public let name: String
    /// Whether a target is of the method's class (framegen's `responds(to:)`).
    private let accepts: ((AnyObject) -> Bool)?
    /// Calls the method on a target it accepts, with the sender and the event.
    private let invoke: ((AnyObject, Any?, Any?) -> Void)?

    public init(_ name: String) {
        self.name = name
        accepts = nil
        invoke = nil
    }

    public init(stringLiteral name: String) { self.init(name) }

    /// A method that takes no argument: `#selector(refresh)`.
    public init<Target: AnyObject, Result>(_ name: String, _ method: @escaping (Target) -> () -> Result) {
        self.name = name
        accepts = { $0 is Target }
        invoke = { target, _, _ in _ = (target as? Target).map { method($0)() } }
    }

    /// A method that takes the sender: `#selector(tapped(_:))`. A sender of another type than
    /// the method's parameter is not passed (Objective-C would pass it anyway): nothing is called.
    public init<Target: AnyObject, Sender, Result>(
        _ name: String, _ method: @escaping (Target) -> (Sender) -> Result
    ) {
        self.name = name
        accepts = { $0 is Target }
        invoke = { target, sender, _ in
            guard let target = target as? Target,
                let sender = (sender as? Sender) ?? (Self.bridged(sender) as? Sender)
            else { return }
            _ = method(target)(sender)
        }
    }

    /// A method that takes the sender and the event: `#selector(tapped(_:forEvent:))`. framegen
    /// sends no events with its taps: the event is the one sent, else a plain `UIEvent`.
    public init<Target: AnyObject, Sender, Event: UIEvent, Result>(
        _ name: String, _ method: @escaping (Target) -> (Sender, Event) -> Result
    ) {
        self.name = name
        accepts = { $0 is Target }
        invoke = { target, sender, event in
            guard let target = target as? Target, let sender = sender as? Sender,
                let event = ((event as? UIEvent) ?? UIEvent()) as? Event
            else { return }
            _ = method(target)(sender, event)
        }
    }

    /// A method that takes the sender and a second value: a trait change action's
    /// `#selector(traitsChanged(_:previousTraitCollection:))`, given the environment and its
    /// previous traits. Not called when either is of another type.
    public init<Target: AnyObject, Sender, Second, Result>(
        _ name: String, _ method: @escaping (Target) -> (Sender, Second) -> Result
    ) {
        self.name = name
        accepts = { $0 is Target }
        invoke = { target, sender, second in
            guard let target = target as? Target, let sender = sender as? Sender,
                let second = second as? Second
            else { return }
            _ = method(target)(sender, second)
        }
    }

    /// Whether this selector calls a method of `target`'s class: false for a selector made from
    /// a name alone.
    public func canBeSent(to target: AnyObject) -> Bool { accepts?(target) ?? false }

    /// Calls the method on `target`; false (and nothing called) when it has no such method.
    @discardableResult
    package func send(to target: AnyObject, from sender: Any?, event: UIEvent?) -> Bool {
        send(to: target, from: sender, with: event)
    }

    /// The Objective-C class a Swift value bridges to on iOS, where a method that takes one is
    /// sent the other (a notification observer taking an `NSNotification`).
    private static func bridged(_ value: Any?) -> Any? {
        guard let notification = value as? Notification else { return nil }
        return NSNotification(
            name: notification.name, object: notification.object, userInfo: notification.userInfo)
    }

    /// Calls the method on `target` with the sender and, for a method of two arguments, `second`.
    @discardableResult
    package func send(to target: AnyObject, from sender: Any?, with second: Any?) -> Bool {
        guard let accepts, let invoke, accepts(target) else { return false }
        invoke(target, sender, second)
        return true
    }

    public var description: String { name }

    public static func == (a: Selector, b: Selector) -> Bool { a.name == b.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// The selector's name, as Foundation on Apple's platforms gives it.
public func NSStringFromSelector(_ selector: Selector) -> String { selector.name }

/// A selector of that name, which calls nothing (see `Selector`).
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }

/// Foundation's `performSelector(onMainThread:with:waitUntilDone:)`, which iOS declares on
/// `NSObject` and an app calls on any object (`target?.performSelector(...)`, through
/// `AnyObject`'s dynamic lookup, which Linux lacks): the port of an app's files
/// (docs/uikit.md, "Bring your app") writes this call in its place. On the main thread, where
/// app code runs, a call that waits sends the message at once, as Apple documents; one that
/// does not is queued for the main queue, here on the scene's clock. A target without the
/// selector's method, or a selector made from a name alone, gets nothing, where iOS would raise
/// "unrecognized selector".
public func scenePerformSelector(
    _ target: AnyObject?, onMainThread selector: Selector, with argument: Any?, waitUntilDone wait: Bool
) {
    guard let target else { return }
    guard !wait else {
        selector.send(to: target, from: argument, with: nil)
        return
    }
    let message = UncheckedSendable((target, argument))
    DispatchQueue.sceneMain.async { selector.send(to: message.value.0, from: message.value.1, with: nil) }
}
