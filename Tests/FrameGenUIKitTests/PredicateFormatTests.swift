import Foundation
import TestTiers
import Testing

@testable import FrameGenUIKit

/// `NSPredicate(format:)` on SELF, as Apple's "Predicate Format String Syntax" defines it
/// (docs/uikit.md "Predicates").
@Suite struct PredicateFormatTests {
    @Test func matchesIsAWholeStringRegularExpression() {
        let email = "[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,64}"
        expect(NSPredicate(format: "SELF MATCHES %@", email).evaluate(with: "ana@example.com"))
        expect(!NSPredicate(format: "SELF MATCHES %@", email).evaluate(with: "ana@example"))
        expect(
            !NSPredicate(format: "SELF MATCHES %@", "b").evaluate(with: "abc"), "the whole string, not a part"
        )
        expect(NSPredicate(format: "SELF MATCHES[c] 'ABC'").evaluate(with: "abc"))
    }

    @Test func stringComparisonsTakeTheirOptions() {
        expect(NSPredicate(format: "SELF CONTAINS[c] %@", "NAN").evaluate(with: "Banana"))
        expect(!NSPredicate(format: "SELF CONTAINS %@", "NAN").evaluate(with: "Banana"))
        expect(NSPredicate(format: "SELF BEGINSWITH 'Ba' AND SELF ENDSWITH 'na'").evaluate(with: "Banana"))
        expect(NSPredicate(format: "SELF ==[cd] 'cafe'").evaluate(with: "Café"))
        expect(NSPredicate(format: "SELF LIKE 'B?n*a'").evaluate(with: "Banana"))
        expect(!NSPredicate(format: "SELF LIKE 'B.n*'").evaluate(with: "Banana"), "LIKE's dot is a dot")
        expect(NSPredicate(format: "SELF IN {'a', 'b'}").evaluate(with: "b"))
        expect(NSPredicate(format: "SELF IN %@", argumentArray: [["x", "y"]]).evaluate(with: "y"))
    }

    @Test func numbersAndCompoundsEvaluateAsWritten() {
        let between = NSPredicate(format: "SELF > %d && NOT (SELF >= %f)", 3, 10.0)
        expect(between.evaluate(with: 5) && !between.evaluate(with: 3) && !between.evaluate(with: 10))
        expect(NSPredicate(format: "SELF == 2 OR SELF == 4").evaluate(with: NSNumber(value: 4)))
        expect(NSPredicate(format: "TRUEPREDICATE").evaluate(with: nil))
        expect(NSPredicate(format: "SELF == nil").evaluate(with: nil))
        let kept = (["apple", "Banana", "blueberry"] as NSArray).filtered(
            using: NSPredicate(format: "SELF BEGINSWITH[c] %@", "b"))
        expect(kept as? [String] == ["Banana", "blueberry"])
    }

    @Test func aFormatThatDoesNotParseEndsTheProcessAsOnIOS() async {
        let result = await #expect(processExitsWith: .exitCode(2), observing: [\.standardErrorContent]) {
            _ = NSPredicate(format: "SELF ==")
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        expect(
            text.contains(
                "'NSInvalidArgumentException', reason: 'Unable to parse the format string \"SELF ==\""),
            Comment(rawValue: text))
    }

    @Test func aKeyPathEndsTheProcessRatherThanAnswerWrongly() async {
        let result = await #expect(processExitsWith: .exitCode(2), observing: [\.standardErrorContent]) {
            _ = NSPredicate(format: "name == %@", "Ana")
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        expect(text.contains("reads the key path name"), Comment(rawValue: text))
    }
}
