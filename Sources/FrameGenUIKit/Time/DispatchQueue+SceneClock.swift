import Dispatch
import Foundation
import FrameGenQuartzCore

/// Work an app sends to the main queue (and to the global queues), on the scene's clock
/// (docs/uikit.md "Time").
///
/// On iOS `DispatchQueue.main.async { ... }` runs after the code that sent it, at the next turn
/// of the main run loop, and `asyncAfter(deadline: .now() + 0.5)` half a second later. framegen
/// draws each frame from a replayed history, on whichever thread draws it, so the real main
/// queue would run that work at no particular frame, or never. The port of an app's files turns
/// `DispatchQueue.main.async` into `DispatchQueue.sceneMain.async` (and `.global(...)` into
/// `.sceneGlobal(...)`): inside a scene, the work runs on the scene's clock, after the code that
/// sent it, in the order sent; `asyncAfter` runs it at its deadline on that clock. Work sent to
/// a global queue runs the same way, as if the background work took no time, so a cell that
/// loads its image in the background shows it in the frame it was asked for, every time.
/// Outside a scene the work goes to the real queue.
extension DispatchQueue {
    /// The main queue, on the scene's clock inside a scene.
    public static var sceneMain: SceneQueue { SceneQueue(queue: .main) }

    /// A global queue, on the scene's clock inside a scene.
    public static func sceneGlobal(qos: DispatchQoS.QoSClass = .default) -> SceneQueue {
        SceneQueue(queue: .global(qos: qos))
    }
}

/// A queue whose `async` and `asyncAfter` run on the scene's clock inside a scene, and on
/// `queue` elsewhere. The quality of service and the flags are the real queue's business: the
/// scene's clock runs work in the order it was sent.
public struct SceneQueue: Sendable {
    /// The real queue, used outside a scene.
    public let queue: DispatchQueue

    public func async(
        group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping () -> Void
    ) {
        run(at: nil, group: group, work) { body in
            queue.async(group: group, qos: qos, flags: flags, execute: body)
        }
    }

    public func async(execute item: DispatchWorkItem) {
        run(at: nil, group: nil, { if !item.isCancelled { item.perform() } }) { _ in
            queue.async(execute: item)
        }
    }

    public func asyncAfter(
        deadline: SceneTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping () -> Void
    ) {
        run(at: deadline.seconds, group: nil, work) { body in
            queue.asyncAfter(deadline: deadline.dispatchTime, qos: qos, flags: flags, execute: body)
        }
    }

    public func asyncAfter(deadline: SceneTime, execute item: DispatchWorkItem) {
        run(at: deadline.seconds, group: nil, { if !item.isCancelled { item.perform() } }) { _ in
            queue.asyncAfter(deadline: deadline.dispatchTime, execute: item)
        }
    }

    /// The wall clock and the uptime clock are one clock on the scene's.
    public func asyncAfter(
        wallDeadline: SceneTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping () -> Void
    ) {
        asyncAfter(deadline: wallDeadline, qos: qos, flags: flags, execute: work)
    }

    public func asyncAfter(wallDeadline: SceneTime, execute item: DispatchWorkItem) {
        asyncAfter(deadline: wallDeadline, execute: item)
    }

    /// On the scene's clock at `time` (nil: now) when there is one, else through `real`.
    private func run(
        at time: Double?, group: DispatchGroup?, _ work: @escaping () -> Void,
        real: (@escaping @Sendable @convention(block) () -> Void) -> Void
    ) {
        if let animator = LayerAnimator.current {
            group?.enter()
            animator.schedule(at: time ?? animator.now) {
                work()
                group?.leave()
            }
        } else {
            let unchecked = UncheckedSendable(work)
            real { unchecked.value() }
        }
    }
}

/// A deadline for `asyncAfter` on the scene's clock: `.now() + 0.5` as iOS code writes it (the
/// port turns `DispatchTime.now()` in a deadline into `SceneTime.now()`).
public struct SceneTime: Sendable {
    /// Seconds on the scene's clock; nil when it was made outside a scene.
    let seconds: Double?
    /// The same instant on the real clock, for the real queue.
    let dispatchTime: DispatchTime

    public static func now() -> SceneTime {
        SceneTime(seconds: LayerAnimator.current?.now, dispatchTime: .now())
    }

    public static let distantFuture = SceneTime(seconds: .infinity, dispatchTime: .distantFuture)

    public static func + (time: SceneTime, seconds: Double) -> SceneTime {
        SceneTime(seconds: time.seconds.map { $0 + seconds }, dispatchTime: time.dispatchTime + seconds)
    }

    public static func - (time: SceneTime, seconds: Double) -> SceneTime { time + -seconds }

    public static func + (time: SceneTime, interval: DispatchTimeInterval) -> SceneTime {
        SceneTime(
            seconds: time.seconds.map { $0 + interval.seconds }, dispatchTime: time.dispatchTime + interval)
    }

    public static func - (time: SceneTime, interval: DispatchTimeInterval) -> SceneTime {
        SceneTime(
            seconds: time.seconds.map { $0 - interval.seconds }, dispatchTime: time.dispatchTime - interval)
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds (`.never` is forever).
    var seconds: Double {
        switch self {
        case .seconds(let s): Double(s)
        case .milliseconds(let ms): Double(ms) / 1e3
        case .microseconds(let us): Double(us) / 1e6
        case .nanoseconds(let ns): Double(ns) / 1e9
        case .never: .infinity
        @unknown default: .infinity
        }
    }
}
