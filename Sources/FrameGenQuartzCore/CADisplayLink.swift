import Foundation

/// A timer that calls your code before each frame is drawn, on the scene's clock
/// (docs/uikit.md "Animations").
///
/// On iOS it fires at every screen refresh. framegen evaluates each instant by replaying the
/// history on new objects (docs/uikit.md "The contract"), so a link fires before
/// each event of that history (a tap, the end of a drag, a frame's layout pass) and before the
/// frame drawn, with `timestamp` at that instant: code that computes from `timestamp` (or
/// `CACurrentMediaTime()`) and a start time, as animation code does, draws as on iOS; code that
/// counts its calls does not.
///
/// iOS makes one with `CADisplayLink(target: self, selector: #selector(step))`, which works
/// once the app's files are ported (docs/uikit.md, "Bring your app": `#selector` becomes a
/// `Selector` that calls the method); framegen's own form takes a closure:
/// `CADisplayLink { [unowned self] link in self.step(link) }`.
open class CADisplayLink: NSObject {
    private let step: (CADisplayLink) -> Void
    /// The animator of the collection view it was added in; nil before `add(to:forMode:)` or
    /// outside a collection view framegen drives (then it never fires).
    private weak var animator: LayerAnimator?

    /// framegen's, for iOS's `init(target:selector:)`: `step` is called at each firing.
    public init(_ step: @escaping (CADisplayLink) -> Void) {
        self.step = step
        super.init()
    }

    /// The instant of the last firing, in `CACurrentMediaTime()`'s seconds.
    open private(set) var timestamp: CFTimeInterval = 0
    /// One frame of the scene after `timestamp` (framegen's scenes run at their `fps`).
    open var targetTimestamp: CFTimeInterval { timestamp + duration }
    /// The time between two frames of the scene (1/60 s before the first firing).
    open private(set) var duration: CFTimeInterval = 1.0 / 60
    /// While true the link does not fire.
    open var isPaused = false
    /// Accepted; the link fires at the scene's frames whatever the rate.
    open var preferredFramesPerSecond = 0

    /// Starts firing at the collection view's instants, in the run loop modes `mode` names, as
    /// on iOS: a link added for `.default` does not fire while the run loop tracks a scroll view
    /// (from a drag's start until the view rests: a banner's animation driven by a link pauses
    /// while the user drags it), one added for UIKit's tracking mode fires only then, one added
    /// for `.common` always. framegen has one run loop: `runloop` is accepted.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard animator == nil, let current = LayerAnimator.current else { return }
        animator = current
        modes = RunLoopModes(mode)
        current.add(self)
    }

    /// When the run loop's modes the link was added for run (`add(to:forMode:)`).
    package private(set) var modes = RunLoopModes.always

    /// UIKit's `UITrackingRunLoopMode` (`RunLoop.Mode.tracking`, which UIKit declares).
    package static let trackingModeName = "UITrackingRunLoopMode"

    /// Takes the link out of the run loop for `mode`: on iOS a link left in no mode stops firing
    /// and may be added again. framegen keeps the one mode set a link was added for, so removing
    /// it from that mode (or `.common`) stops it until `add(to:forMode:)`.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard animator != nil, RunLoopModes(mode) == modes || mode == .common else { return }
        animator?.remove(self)
        animator = nil
    }

    /// Stops it for good, as on iOS.
    open func invalidate() {
        animator?.remove(self)
        animator = nil
    }

    /// Called by the animator at each instant.
    func fire(at time: Double, frameDuration: Double) {
        guard !isPaused else { return }
        timestamp = time
        if frameDuration > 0 { duration = frameDuration }
        step(self)
    }
}

/// When work added to the main run loop for a mode runs, framegen having one run loop whose mode
/// is UIKit's tracking mode while a scroll view is dragged or decelerates
/// (`LayerAnimator.isTracking`) and the default mode otherwise: a display link's firings, a
/// timer's.
package enum RunLoopModes: Sendable {
    /// `.common` (and any other mode): whatever mode the run loop is in.
    case always
    /// `.default`: waits while the run loop tracks, and runs as soon as it stops.
    case notTracking
    /// UIKit's tracking mode: only while the run loop tracks.
    case tracking

    package init(_ mode: RunLoop.Mode) {
        switch mode {
        case .default: self = .notTracking
        case RunLoop.Mode(CADisplayLink.trackingModeName): self = .tracking
        default: self = .always
        }
    }

    /// Whether work for these modes runs while the run loop is (or is not) tracking.
    package func run(whileTracking tracking: Bool) -> Bool {
        switch self {
        case .always: true
        case .notTracking: !tracking
        case .tracking: tracking
        }
    }
}
