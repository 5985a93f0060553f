import Foundation

/// UIKit's gesture recogniser, fed by the scene's taps, drags and pinches (docs/uikit.md
/// "Gesture recognisers").
///
/// A recogniser added to a view (`addGestureRecognizer(_:)`) hears a tap of the timeline that
/// lands on that view or one of its subviews, at the instant the tap lands: a tap recogniser
/// recognises it and sends its actions, with itself as the sender, in the order they were
/// added; the others (a long press, a pan, a swipe, a pinch, a double tap) fail, as a short
/// tap that does not move makes them fail on iOS. A recogniser that recognised, with
/// `cancelsTouchesInView` (the default), cancels the touches of the views under it, so the
/// collection view does not select the item, as on iOS. Pans and swipes hear the drags that
/// start over their view, pinches the pinches (`UIView.deliver(_:at:on:time:scrollViewPans:)`).
open class UIGestureRecognizer: NSObject {
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        public static let recognized = State.ended
    }

    /// The targets and actions, in the order added; a target is held weakly, as UIKit does.
    private var actions: [(target: Weak<AnyObject>, action: Selector)] = []
    /// The closure form a file written for framegen may use.
    private var handlers: [(UIGestureRecognizer) -> Void] = []

    public init(target: Any?, action: Selector?) {
        super.init()
        if let target, let action { addTarget(target, action: action) }
    }

    public override convenience init() { self.init(target: nil, action: nil) }

    /// framegen's closure form: `handler` runs where the actions are sent.
    public convenience init(_ handler: @escaping (UIGestureRecognizer) -> Void) {
        self.init(target: nil, action: nil)
        handlers.append(handler)
    }

    /// The view it is attached to (`addGestureRecognizer(_:)`).
    open internal(set) weak var view: UIView?

    /// `.possible` until it recognises; `.ended` (`.recognized`) while its actions run, then
    /// `.possible` again, as UIKit resets a recogniser after its gesture.
    open var state: State = .possible

    open weak var delegate: (any UIGestureRecognizerDelegate)?
    open var isEnabled = true
    open var cancelsTouchesInView = true
    open var delaysTouchesBegan = false
    open var delaysTouchesEnded = true
    open var requiresExclusiveTouchType = true
    open var name: String?
    open var allowedTouchTypes: [NSNumber] = [0, 1, 2, 3]
    open var allowedPressTypes: [NSNumber] = []

    /// The recognisers that must fail before this one recognises.
    private(set) var failureRequirements: [Weak<UIGestureRecognizer>] = []

    open func addTarget(_ target: Any, action: Selector) {
        actions.append((Weak(target as AnyObject), action))
    }

    /// Removes the pairs matching `target` (nil: any) and `action` (nil: any).
    open func removeTarget(_ target: Any?, action: Selector?) {
        actions.removeAll { pair in
            (target == nil || pair.target.object === (target as AnyObject))
                && (action == nil || pair.action == action)
        }
    }

    /// This one recognises only once `other` failed (a single tap that waits for a double tap).
    open func require(toFail other: UIGestureRecognizer) {
        failureRequirements.append(Weak(other))
    }

    /// The touch being delivered, while it is.
    var touch: UITouch?
    /// The drag or pinch being delivered, while it is: a pan's translation and velocity and a
    /// pinch's scale come from it.
    var movement: Movement?

    /// Where the touch is, in `view`'s coordinates (nil: the window's); the recogniser's view's
    /// centre when no touch is being delivered.
    open func location(in view: UIView?) -> CGPoint {
        if let touch { return touch.location(in: view) }
        guard let own = self.view else { return .zero }
        return own.convert(CGPoint(x: own.bounds.midX, y: own.bounds.midY), to: view)
    }

    open var numberOfTouches: Int { touch == nil ? 0 : movement?.fingers ?? 1 }

    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint { location(in: view) }

    /// Called after a gesture, to start again from `.possible`.
    open func reset() {}

    /// Whether this kind of recogniser recognises a tap: a tap recogniser of as many taps as
    /// the touch has, or fewer, and one touch does; a long press when the finger is held long
    /// enough; the others fail.
    func recognizes(_ touch: UITouch) -> Bool { false }

    /// When this kind of recogniser begins on a drag or pinch, in seconds after the fingers
    /// landed; nil when it does not (a tap or a long press fails on a finger that moves).
    func recognizes(_ movement: Movement) -> Double? { nil }

    /// Starts a new drag or pinch: what a handler set during the last one is forgotten.
    func beginMovement() {}

    /// Sends the actions (the targets still alive) and the handlers with `state`; after
    /// `.ended` the recogniser starts again from `.possible`.
    func sendActions(state: State = .ended) {
        self.state = state
        for (target, action) in actions {
            if let object = target.object { _ = action.send(to: object, from: self, event: nil) }
        }
        for handler in handlers { handler(self) }
        guard state == .ended else { return }
        self.state = .possible
        reset()
    }
}
