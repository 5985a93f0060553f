import Foundation
import FrameGenQuartzCore

/// iOS's timers on the scene's clock (docs/uikit.md "Time").
///
/// Foundation on Linux has `Timer`, but a scheduled one waits for a run loop that framegen never
/// runs (frames are drawn from a replayed history, not in real time), so an auto-playing banner
/// would stand still. The port of an app's files (docs/uikit.md "Bring your app") turns
/// `Timer.scheduledTimer(...)` into `Timer.sceneScheduledTimer(...)`, `Timer(timeInterval:...)`
/// into `Timer.sceneTimer(timeInterval:...)` and `RunLoop.main.add(timer, forMode:)` into
/// `sceneAdd`: inside a scene these fire on its clock, at the instants they would on a phone
/// (the first `interval` seconds after scheduling, a repeating one every `interval` after that,
/// counted from when it was due, not from when it ran); outside a scene (a unit test building a
/// view) they are Foundation's timers on the current run loop, as on iOS.
extension Timer {
    /// `Timer.scheduledTimer(withTimeInterval:repeats:block:)` on the scene's clock.
    @discardableResult
    public class func sceneScheduledTimer(
        withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void
    ) -> Timer {
        let timer = SceneTimer(interval: interval, repeats: repeats, userInfo: nil, block: block)
        timer.schedule(on: .current, forMode: .default)
        return timer
    }

    /// iOS's target-action form: at each firing the timer sends `selector` to `target` with
    /// itself as the sender; the timer holds the target until it is invalidated, as on iOS.
    @discardableResult
    public class func sceneScheduledTimer(
        timeInterval interval: TimeInterval, target: Any, selector: Selector, userInfo: Any?, repeats: Bool
    ) -> Timer {
        let timer = sceneTimer(
            timeInterval: interval, target: target, selector: selector, userInfo: userInfo, repeats: repeats)
        (timer as? SceneTimer)?.schedule(on: .current, forMode: .default)
        return timer
    }

    /// `Timer(timeInterval:repeats:block:)`: not yet scheduled; `RunLoop.main.add` starts it.
    /// As on iOS (Foundation on Linux would fire it at once), it fires `interval` after that.
    public class func sceneTimer(
        timeInterval interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void
    ) -> Timer {
        SceneTimer(interval: interval, repeats: repeats, userInfo: nil, block: block)
    }

    /// `Timer(timeInterval:target:selector:userInfo:repeats:)`: not yet scheduled.
    public class func sceneTimer(
        timeInterval interval: TimeInterval, target: Any, selector: Selector, userInfo: Any?, repeats: Bool
    ) -> Timer {
        let object = target as AnyObject
        return SceneTimer(interval: interval, repeats: repeats, userInfo: userInfo) { timer in
            _ = selector.send(to: object, from: timer, event: nil)
        }
    }
}

extension RunLoop {
    /// `add(_:forMode:)` for a timer: on the scene's clock inside a scene (once: adding a timer
    /// already running does nothing), else on this run loop. A timer Foundation made (not
    /// through the port) has lost a one-shot interval on Linux and fires at the next instant.
    public func sceneAdd(_ timer: Timer, forMode mode: RunLoop.Mode) {
        if let timer = timer as? SceneTimer {
            timer.schedule(on: self, forMode: mode)
        } else if let animator = LayerAnimator.current {
            SceneTimer.fire(
                timer, every: timer.timeInterval, repeats: timer.timeInterval > 0, from: animator.now,
                modes: RunLoopModes(mode))
        } else {
            add(timer, forMode: mode)
        }
    }

    /// `add(_:forMode:)` for a port, which the port's rewrite of `RunLoop.main.add` also reaches.
    public func sceneAdd(_ port: Port, forMode mode: RunLoop.Mode) { add(port, forMode: mode) }
}

/// A timer that knows its interval and its user info (Foundation's on Linux forget a one-shot
/// timer's interval and have no user info).
final class SceneTimer: Timer {
    let interval: TimeInterval
    let repeats: Bool
    private let info: Any?
    private var started = false

    /// A non-positive interval is 0.1 ms, as Foundation documents.
    init(interval: TimeInterval, repeats: Bool, userInfo: Any?, block: @escaping (Timer) -> Void) {
        self.interval = interval > 0 ? interval : 0.0001
        self.repeats = repeats
        info = userInfo
        let callback = UncheckedSendable(block)
        super.init(
            fire: Date(timeIntervalSinceNow: self.interval), interval: self.interval, repeats: repeats,
            block: { callback.value($0) })
    }

    override var userInfo: Any? { info }

    func schedule(on runLoop: RunLoop, forMode mode: RunLoop.Mode) {
        guard !started else { return }
        started = true
        if let animator = LayerAnimator.current {
            // Foundation on Linux retains the timer for its CFRunLoopTimer's context when it is
            // made and never releases it (the context has no release callback), so every
            // timer would outlive its last reference, with its block and its target: a cell
            // per replayed instant. On the scene's clock Core Foundation never calls the timer
            // back (the clock calls `fire()`), so that reference is given back here; the clock
            // holds the timer until its last firing, as a run loop does.
            Unmanaged.passUnretained(self).release()
            Self.fire(
                self, every: interval, repeats: repeats, from: animator.now, modes: RunLoopModes(mode)
            )
        } else {
            runLoop.add(self, forMode: mode)
        }
    }

    /// Fires `timer` at `start + interval`, and, while it repeats and is valid, every `interval`
    /// after that. A repeating timer's next firing does not lengthen the scene.
    ///
    /// `modes`: scheduled for the run loop's default mode, it does not fire while the run loop
    /// tracks a scroll view, but as soon as that stops, once, however many firings it missed
    /// (one added for UIKit's tracking mode, the other way round); a repeating one then keeps
    /// its phase, its next firing the first of `start + k * interval` after the late one, as
    /// Core Foundation reschedules a late timer.
    static func fire(
        _ timer: Timer, every interval: TimeInterval, repeats: Bool, from start: Double,
        modes: RunLoopModes
    ) {
        guard let animator = LayerAnimator.current else { return }
        let step = max(interval, 0.0001)
        var due = start + step
        if due <= animator.now {
            // Late: the first instant of the timer's grid after now.
            due = start + ((animator.now - start) / step).rounded(.down) * step
            while due <= animator.now { due += step }
        }
        animator.schedule(at: due, lengthensScene: !repeats, modes: modes) {
            guard timer.isValid else { return }
            // Foundation's `fire()` runs the block and invalidates a timer that does not repeat.
            timer.fire()
            if !repeats, timer.isValid { timer.invalidate() }
            if repeats, timer.isValid {
                fire(timer, every: interval, repeats: true, from: due, modes: modes)
            }
        }
    }
}

extension RunLoop.Mode {
    /// UIKit's `UITrackingRunLoopMode`: the main run loop's mode while a scroll view is dragged
    /// or decelerates, when what was added for `.default` waits (a timer, a display link).
    public static let tracking = RunLoop.Mode(CADisplayLink.trackingModeName)
}
