import FrameGenSnapshotTesting
import TestTiers
import Testing
import XCTest

private final class ProfileViewTests: XCTestCase {
    func testDefaultLayout() {}
}

/// Suites that name references after the test case (`named: String(describing: self)`) find
/// the files their iOS simulator wrote.
@Suite struct TestCaseDescriptionTests {
    @Test func describedAsXCTestOnIOSDescribesIt() {
        let test = ProfileViewTests(name: "testDefaultLayout", testClosure: { _ in })
        expect(test.name == "ProfileViewTests.testDefaultLayout")
        expect(String(describing: test) == "-[ProfileViewTests testDefaultLayout]")
        expect("\(test)" == "-[ProfileViewTests testDefaultLayout]")
    }

    @Test func namesAlreadyInObjectiveCFormStayAsTheyAre() {
        expect(XCTestCase.objectiveCDescription(ofTestNamed: "-[A b]") == "-[A b]")
        expect(XCTestCase.objectiveCDescription(ofTestNamed: "plain") == "plain")
    }
}
