import Dispatch
import FrameGenRaster
import FrameGenScene
import Synchronization

/// The one worker loop of `render`, `golden` and `bench`: `workers` threads each take the next
/// position of `count` in order until none is left. The first error stops the others (each
/// finishes the frame it holds) and is thrown once all have stopped; `shouldStop` stops them the
/// same way without an error. Each worker keeps the image it drew last in `buffer`, so that the
/// next frame can be drawn into its memory instead of a freshly cleared one. A stop asked from
/// outside (`RunStop`) stops them as `shouldStop` does.
package enum FrameScheduler {
    /// Positions being worked on now, across every run in the process: a stopped run is over
    /// once this falls to the number of workers stuck in user code (`RunStop`).
    package static let inFlight = Atomic<Int>(0)
    /// Runs in progress: a stopped run ends itself, with the stop's reason as its error.
    package static let runs = Atomic<Int>(0)

    package static func run(
        count: Int, workers: Int, shouldStop: @Sendable () -> Bool = { false },
        _ body: @Sendable (_ position: Int, _ buffer: inout Image?) throws(FrameGenError) -> Void
    ) throws(FrameGenError) {
        if count <= 0 { return }
        runs.add(1, ordering: .relaxed)
        defer { runs.subtract(1, ordering: .relaxed) }
        let next = Atomic<Int>(0)
        let failure = Mutex<FrameGenError?>(nil)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, count))) { _ in
            var buffer: Image? = nil
            while true {
                let k = next.add(1, ordering: .relaxed).oldValue
                if k >= count || failure.withLock({ $0 != nil }) || shouldStop() || RunStop.reason != nil {
                    return
                }
                inFlight.add(1, ordering: .relaxed)
                defer { inFlight.subtract(1, ordering: .relaxed) }
                do throws(FrameGenError) {
                    try body(k, &buffer)
                } catch {
                    failure.withLock { if $0 == nil { $0 = error } }
                    return
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        if let reason = RunStop.reason { throw .badInput(nil, reason) }
    }
}
