import Foundation
import FrameGenKit

/// Every frame of `timeline` as text, drawn on several threads at once in reverse order (the
/// last frame first), for comparing with a serial evaluation: a frame must not depend on which
/// frames were drawn before it, or where.
func framesDrawnInReverseOnSeveralThreads(_ timeline: Timeline) -> [String] {
    let count = timeline.frameCount
    final class Frames: @unchecked Sendable {
        let lock = NSLock()
        var texts: [Int: String] = [:]
    }
    let parallel = Frames()
    DispatchQueue.concurrentPerform(iterations: count) { i in
        let text = "\(timeline.frame(count - 1 - i))"
        parallel.lock.lock()
        parallel.texts[count - 1 - i] = text
        parallel.lock.unlock()
    }
    return (0..<count).map { parallel.texts[$0]! }
}
