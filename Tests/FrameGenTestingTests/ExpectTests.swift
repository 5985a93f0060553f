import Testing

@testable import TestTiers

/// The tests' `expect`, which stands in for `#expect(condition)` to save compile time
/// (Tests/TestTiers/Expect.swift): it passes and fails where the macro does, and a failure names
/// the expression as written and the comment.
@Suite struct ExpectTests {
    @Test func aTrueConditionRecordsNothing() {
        let values = [1, 2, 3]
        expect(values.count == 3)
        expect(values.contains(2), "a comment is read only on failure")
    }

    @Test func aFailureNamesTheExpressionAndTheComment() {
        let values = [1, 2, 3]
        withKnownIssue {
            expect(
                values.map { $0 * 2 }.count
                    == 4, "mapped \(values)")
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text == "Expectation failed: values.map { $0 * 2 }.count == 4\nmapped [1, 2, 3]"
        }
    }

    @Test func aHelpersForwardedLocationNamesNoOtherExpression() {
        func isEven(_ value: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            expect(value % 2 == 0, "\(value) is odd", sourceLocation: sourceLocation)
        }
        withKnownIssue {
            isEven(3)
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["Expectation failed\n3 is odd"]
        }
    }

    @Test func aThrowingConditionThrowsAsTheMacrosDoes() {
        struct Failure: Error {}
        func failing() throws -> Bool { throw Failure() }
        #expect(throws: Failure.self) { try expect(failing()) }
    }

    @Test func theFirstArgumentEndsAtItsOwnDepth() {
        #expect(
            ExpectationSource.firstArgument(ofCallIn: #"expect(f(a, b) == [1, 2], "x, (y")"#)
                == "f(a, b) == [1, 2]")
        #expect(ExpectationSource.firstArgument(ofCallIn: #"expect(s == "a)b")"#) == #"s == "a)b""#)
        #expect(ExpectationSource.firstArgument(ofCallIn: "no call here") == nil)
    }
}
