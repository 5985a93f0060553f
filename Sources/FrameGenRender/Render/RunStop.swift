import FrameGenScene
import Synchronization

/// A stop asked for from outside the frames: the command line's watchdog (a call into a
/// program's own UIKit code that did not return in time) or its memory limit (docs/uikit.md
/// "Bad input"). Workers take no new frame once it is asked (`FrameScheduler`), and a render then
/// ends as a SIGINT ends it, but with exit status 2: the frames in flight finish, finished frames
/// are kept, nothing is half-written, and the manifest says where it stopped. A worker stuck in
/// user code never finishes its frame; `abandon` ends the render without it.
package enum RunStop {
    private struct State {
        var reason: String?
        /// Notes the stop in the running render's folder and says what it kept; set while a
        /// render runs.
        var finish: (@Sendable (String) -> String)?
    }
    private static let state = Mutex(State())

    /// Asks the running work to stop for `reason` (e.g. `the layout "cards" (CardsLayout), in
    /// prepare() at t = 0.5 s, did not return within 10 s`); false when a stop was asked already.
    package static func request(_ reason: String) -> Bool {
        state.withLock { s in
            guard s.reason == nil else { return false }
            s.reason = reason
            return true
        }
    }

    /// The reason a stop was asked for, nil while none was.
    package static var reason: String? { state.withLock { $0.reason } }

    /// Runs a render whose stop `finish` notes in its folder, returning what to say of it.
    static func whileRendering<T>(
        finish: @escaping @Sendable (String) -> String, _ body: () throws(FrameGenError) -> T
    ) throws(FrameGenError) -> T {
        state.withLock { $0.finish = finish }
        defer { state.withLock { $0.finish = nil } }
        return try body()
    }

    /// The full message for a stop the render cannot end by itself (a worker stuck in user
    /// code): the running render notes it in its folder (when one runs) and says what it kept.
    package static func abandon() -> String {
        let (reason, finish) = state.withLock { ($0.reason ?? "stopped", $0.finish) }
        return finish?(reason) ?? reason
    }
}
