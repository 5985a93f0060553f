import Foundation
import TestTiers
import Testing

@testable import FrameGenUIKit

/// Foundation's NSException and getVaList as iOS code uses them (docs/uikit.md "Appearance
/// proxies", its last paragraph).
@Suite struct NSExceptionTests {
    @Test func raisingEndsTheProcessAsAnUncaughtExceptionEndsAnApp() async {
        let result = await #expect(processExitsWith: .exitCode(2), observing: [\.standardErrorContent]) {
            NSException.raise(.invalidArgumentException, format: "bad %@", arguments: getVaList(["hex"]))
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        expect(
            text.contains(
                "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'bad hex'"
            ),
            Comment(rawValue: text))
    }

    @Test func nsExceptionKeepsItsNameAndReason() {
        let e = NSException(name: .invalidArgumentException, reason: "bad hex", userInfo: ["k": 1])
        expect(e.name.rawValue == "NSInvalidArgumentException")
        expect(e.reason == "bad hex")
        expect(e.userInfo?["k"] as? Int == 1)
    }

    @Test func getVaListHoldsEachKindOfArgument() {
        let text = NSString(
            format: "%@ %d %.1f %ld %@", arguments: getVaList(["a", 3, 2.5, Int64(1) << 40, "é"]))
        expect(text == "a 3 2.5 1099511627776 é")
        // More arguments than the registers hold, integers and doubles mixed.
        let many = NSString(
            format: "%d %d %d %d %d %d %d %.0f %.0f %.0f %.0f %.0f %.0f %.0f %.0f %.0f",
            arguments: getVaList([1, 2, 3, 4, 5, 6, 7, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]))
        expect(many == "1 2 3 4 5 6 7 1 2 3 4 5 6 7 8 9")
    }
}
