import FrameGenQuartzCore

extension CADisplayLink {
    /// iOS's form, `CADisplayLink(target: self, selector: #selector(step(_:)))`: at each firing
    /// the link sends the selector to the target, with itself as the sender. The target is held
    /// strongly until `invalidate()`, as on iOS. In UIKit rather than QuartzCore because the
    /// selector is UIKit's (it carries the event type of target-action).
    public convenience init(target: Any, selector: Selector) {
        let object = target as AnyObject
        self.init { link in selector.send(to: object, from: link, event: nil) }
    }
}
