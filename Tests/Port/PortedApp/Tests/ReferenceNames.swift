import XCTest

/// A suite's own base class, as thumbprint-ios's: it names its references from XCTestCase's
/// `name`, which Apple's XCTest gives as `-[Class method]`.
class ReferenceNamingTestCase: XCTestCase {
    var referenceName: String {
        let normalizedName = name.replacingOccurrences(of: "[]", with: "")
        return String(normalizedName.split(separator: " ").last ?? "")
    }

    func echo(name: String) -> String { name }
}

/// Run by Linux's XCTest through the port: that it runs at all shows XCTest still selects it by
/// its own name.
final class ReferenceNamingTests: ReferenceNamingTestCase {
    func testNameReadsAsApplesXCTestGivesIt() {
        XCTAssertEqual(self.name, "-[ReferenceNamingTests testNameReadsAsApplesXCTestGivesIt]")
        XCTAssertEqual(referenceName, "testNameReadsAsApplesXCTestGivesIt]")
        XCTAssertEqual(echo(name: "kept"), "kept")
        let name = "local"
        XCTAssertEqual(name, "local")
    }
}
