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
        // Delivered on the thread that posts, as on iOS with no queue given.
        let target = UncheckedSendable(Weak(observer as AnyObject))
        _ = addObserver(forName: aName, object: anObject, queue: nil) { notification in
            guard let object = target.value.object else { return }
            aSelector.send(to: object, from: notification, with: nil)
        }
    }
}
