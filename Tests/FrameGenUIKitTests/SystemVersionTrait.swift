import Testing
import UIKit

/// A test drawn as iOS `version` draws (`UIDevice.withSystemVersion`): the parity cases whose
/// references an older iOS recorded. FrameGenSnapshotTesting gives users the same trait; this
/// module does not depend on it.
struct SystemVersionTrait: TestTrait, SuiteTrait, TestScoping {
    let version: String
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await UIDevice.withSystemVersion(version, function)
    }
}

extension Trait where Self == SystemVersionTrait {
    static func systemVersion(_ version: String) -> Self { SystemVersionTrait(version: version) }
}
