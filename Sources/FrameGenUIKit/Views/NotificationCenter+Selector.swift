import Foundation

extension NotificationCenter {
    /// iOS's target-action form, `addObserver(self, selector: #selector(changed(_:)), name:
    /// ..., object: nil)`, which Foundation on Linux lacks: the ported selector is sent to the
    /// observer (held weakly, as the notification center holds it since iOS 9) with the
    /// notification, as a `Notification` or an `NSNotification`, whichever the method takes.
    /// `removeObserver(self)` does not reach these registrations (Foundation keeps them by a
    /// token of its own); one stops when its observer is released.
    public func addObserver(
        _ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?, object anObject: Any?
    ) {
        let target = Observer(observer as AnyObject)
        _ = addObserver(forName: aName, object: anObject, queue: nil) { notification in
            guard let object = target.object else { return }
            aSelector.send(to: object, from: notification, with: nil)
        }
    }
}

/// The observer, held weakly; unchecked Sendable because the notification is delivered on the
/// thread that posts it, as on iOS with no queue given, and the app's code is what runs there.
private final class Observer: @unchecked Sendable {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
