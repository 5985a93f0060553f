import Foundation
import Testing

@testable import FrameGenCodecs
@testable import FrameGenRaster

/// The fixtures folder copied into the test bundle (written by scripts/make-png-fixtures.py).
enum Fixtures {
    static let root: String = Bundle.module.path(forResource: "Fixtures", ofType: nil)!

    static func path(_ folder: String, _ name: String) -> String { root + "/" + folder + "/" + name }

    static func names(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? [])
            .filter { $0.hasSuffix(".png") }.sorted()
    }

    static func bytes(_ folder: String, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(folder, name))))
    }
}

/// A fresh temporary folder for one test, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "framegen-png-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}
