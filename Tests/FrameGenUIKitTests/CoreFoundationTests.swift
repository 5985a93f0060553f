import Foundation
import TestTiers
import Testing

@testable import FrameGenCoreFoundation

/// What Core Foundation and Darwin give an app's files through Foundation on iOS (docs/uikit.md
/// "Core Foundation and Darwin calls"), as a test helper's timeout calls them.
@Suite struct CoreFoundationTests {
    /// The Mach clock counts nanoseconds (a timebase of 1/1) and goes forward with time slept.
    @Test func theMachClockCountsNanoseconds() {
        var info = mach_timebase_info(numer: 0, denom: 0)
        expect(mach_timebase_info(&info) == KERN_SUCCESS)
        expect(info.numer == 1 && info.denom == 1)
        let before = mach_absolute_time()
        Thread.sleep(forTimeInterval: 0.02)
        let elapsed = mach_absolute_time() - before
        expect(elapsed >= 20_000_000 && elapsed < 60_000_000_000, "\(elapsed) ns")
    }

    /// Absolute time is seconds since 2001, Foundation's reference date.
    @Test func absoluteTimeIsSecondsSinceTwoThousandOne() {
        let date = Date().timeIntervalSinceReferenceDate
        let absolute: CFAbsoluteTime = CFAbsoluteTimeGetCurrent()
        expect(abs(absolute - date) < 1)
        expect(absolute > 7e8, "after 2023")
    }

    /// A run loop with nothing to wait for finishes at once, as Core Foundation's does; a timer
    /// on it fires within the turn, which returns as soon as it was handled when asked to.
    @Test func aRunLoopTurnRunsItsTimers() {
        final class Fired: @unchecked Sendable { var count = 0 }
        let fired = Fired()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let idle = CFRunLoopRunInMode(CFRunLoopMode.defaultMode, 5, false)
            let timer = Timer(timeInterval: 0.01, repeats: false) { _ in fired.count += 1 }
            RunLoop.current.add(timer, forMode: .default)
            let result = CFRunLoopRunInMode(CFRunLoopMode.defaultMode, 5, true)
            fired.count += idle == .finished && result == .handledSource ? 10 : 100
            done.signal()
        }
        thread.start()
        expect(done.wait(timeout: .now() + 20) == .success)
        expect(fired.count == 11, "fired once, finished idle, returned after the timer")
    }
}
