import FrameGenUIKit
import Testing

/// framegen's: the tests of a suite (or one test) drawn as iOS `version` draws where releases
/// differ, for references recorded with an older Xcode: `@Suite(.systemVersion("17"))`
/// (docs/snapshot-testing.md "Which iOS recorded the references"). `FRAMEGEN_IOS_VERSION` does
/// the same for a whole run without a change to the tests.
public struct SystemVersionTrait: TestTrait, SuiteTrait, TestScoping {
    public let version: String
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await UIDevice.withSystemVersion(version, function)
    }
}

extension Trait where Self == SystemVersionTrait {
    /// Drawn as iOS `version` ("17", "17.5") draws.
    public static func systemVersion(_ version: String) -> Self { SystemVersionTrait(version: version) }
}
