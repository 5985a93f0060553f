import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a frame of a UIKit layout costs outside drawing, phase by phase (`framegen bench`):
/// monotonic nanoseconds, each phase's own time, without the phases that ran inside it.
///
/// The phases interleave: the host's layout pass displays the cells (self-sizing), a cell's
/// `layoutSubviews()` solves Auto Layout, `apply(_:)` may ask the layout for attributes. Time
/// goes to the innermost phase running, so nothing is counted twice, and the phases of a frame
/// add up to no more than the time around them.
package struct PhaseTimes: Sendable, Equatable {
    /// The host's work for the frame outside the phases below: making or taking the collection
    /// view and layout, replaying the history (prepare, invalidation, the delegate's scroll
    /// callbacks, animations' clock), and the attribute queries.
    package var layout: Int64 = 0
    /// Display passes: the data source's `cellForItemAt` (a registration's handler), dequeueing,
    /// `apply(_:)` of the attributes, `layoutSubviews()`, self-sizing, a collection view
    /// subclass's `layoutSubviews()`; not the Auto Layout inside them.
    package var cellConfiguration: Int64 = 0
    /// The Auto Layout engine: `updateConstraints()`, building, solving and placing a region's
    /// frames (`layoutSubviews()`' default), and `systemLayoutSizeFitting`. It runs inside cell
    /// configuration nearly always; wherever it runs it is counted here alone.
    package var autoLayout: Int64 = 0
    /// Turning views and layers into what the compositor draws: each view's layer tree read as
    /// values (`draw(_:)` runs then, when due), and those values made compositor layers.
    package var flattening: Int64 = 0

    package init() {}

    package var total: Int64 { layout + cellConfiguration + autoLayout + flattening }

    package subscript(phase: PhaseClock.Phase) -> Int64 {
        get {
            switch phase {
            case .layout: layout
            case .cellConfiguration: cellConfiguration
            case .autoLayout: autoLayout
            case .flattening: flattening
            }
        }
        set {
            switch phase {
            case .layout: layout = newValue
            case .cellConfiguration: cellConfiguration = newValue
            case .autoLayout: autoLayout = newValue
            case .flattening: flattening = newValue
            }
        }
    }
}

/// Accumulates `PhaseTimes` for the work bound to it (`timing(_:)`), one frame being composed:
/// the code of each phase says where it starts and ends (`measure(_:_:)`), and nothing is
/// timed, beyond one task-local read, where no clock is bound (`render`).
package final class PhaseClock: Sendable {
    package enum Phase: Sendable { case layout, cellConfiguration, autoLayout, flattening }

    private struct State {
        var times = PhaseTimes()
        var running: Phase?
        var since: Int64 = 0
    }
    private let state = Mutex(State())

    @TaskLocal package static var current: PhaseClock?

    package init() {}

    package var times: PhaseTimes { state.withLock { $0.times } }

    /// `body` with this clock bound: the phases it runs are added to `times`.
    package func timing<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        // TaskLocal's withValue rethrows untyped: the error is carried out in a Result.
        let result: Result<R, E> = PhaseClock.$current.withValue(self) {
            do throws(E) { return .success(try body()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// `body` as `phase`: its time, less the phases inside it, is the phase's. The phase it
    /// interrupts resumes afterwards, so the call stack is the phase stack and nothing is
    /// allocated.
    package static func measure<R, E: Error>(_ phase: Phase, _ body: () throws(E) -> R) throws(E) -> R {
        try run(as: phase, body)
    }

    /// `body` in no phase, inside one: work that is another stage's wherever it happens (the
    /// renderer making a scene photo's texture while it converts a cell's tree is drawing, as
    /// for a styled cell).
    package static func outsidePhases<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        try run(as: nil, body)
    }

    private static func run<R, E: Error>(as phase: Phase?, _ body: () throws(E) -> R) throws(E) -> R {
        guard let clock = current else { return try body() }
        let outer = clock.switchTo(phase)
        defer { clock.switchBack(to: outer) }
        return try body()
    }

    private func switchTo(_ phase: Phase?) -> Phase? {
        let now = Self.now()
        return state.withLock { s in
            if let running = s.running { s.times[running] += now - s.since }
            let outer = s.running
            (s.running, s.since) = (phase, now)
            return outer
        }
    }

    private func switchBack(to outer: Phase?) {
        let now = Self.now()
        state.withLock { s in
            if let running = s.running { s.times[running] += now - s.since }
            (s.running, s.since) = (outer, now)
        }
    }

    /// Monotonic nanoseconds: integers, so that phases summed never exceed the time around them
    /// by a rounding.
    package static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }
}
