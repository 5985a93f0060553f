import Foundation
import TestTiers
import Testing

@testable import FrameGenOSLog

/// Apple's unified logging as apps call it (docs/uikit.md "Logging"): messages made as iOS makes
/// them, written only where framegen is asked to.
@Suite struct OSLogTests {
    @Test func aLoggerMessageIsItsInterpolationWithFormats() {
        let count = 3
        let ratio = 0.5
        let message: OSLogMessage =
            "\(count, privacy: .public) items, \(ratio, format: .fixed(precision: 2)), \(255, format: .hex), \("name", privacy: .private), \(true), \(Optional<Int>.none)"
        expect(message.text == "3 items, 0.50, ff, name, true, (null)")
    }

    @Test func osLogFormatsDropThePrivacyBraces() {
        expect(OSLogFormat.format("%{public}@ has %{private}d of %d", ["Ana", 3, 4]) == "Ana has 3 of 4")
    }

    @Test func theDisabledLogWritesNothingAndLoggersCompileAsOnIOS() {
        expect(!OSLog.disabled.isEnabled(type: .error) && OSLog.default.isEnabled(type: .debug))
        let logger = Logger(subsystem: "com.example.app", category: "tests")
        logger.debug("debug \(1)")
        logger.error("error \(2.5)")
        os_log("a %@ message", log: .default, type: .info, "plain")
        os_log(.fault, "fault %d", 1)
    }

    @Test func withFramegenOSLogSetMessagesGoToStandardError() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            // A new process, which reads the variable at its first message.
            setenv("FRAMEGEN_OS_LOG", "1", 1)
            Logger(subsystem: "app", category: "ui").error("broken \(7)")
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        expect(text.contains("os_log error [app:ui]: broken 7"), Comment(rawValue: text))
    }
}
