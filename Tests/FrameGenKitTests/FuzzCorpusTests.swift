import Foundation
import FrameGenCodecs
import FrameGenFuzzing
import FrameGenRaster
import TestTiers
import Testing

/// Every input the fuzzers are seeded with, and every crash they found (kept in
/// fuzz/corpus/TARGET), replayed through the same entry points: each must return normally.
@Suite(.heavy, .tags(.heavy)) struct FuzzCorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static func files(_ folders: [String]) -> [String] {
        folders.flatMap { folder -> [String] in
            let path = root + "/" + folder
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.sorted().map { path + "/" + $0 }.filter { !FileIO.isDirectory($0) }
        }
    }

    static let seeds: [String: [String]] = [
        "png": [
            "fuzz/corpus/png", "Tests/CodecsTests/Fixtures/decode", "Tests/CodecsTests/Fixtures/corrupt",
            "Tests/CodecsTests/Fixtures/extra",
        ],
        "jpeg": ["fuzz/corpus/jpeg", "Tests/CodecsTests/Fixtures/jpeg"],
        "scene": ["fuzz/corpus/scene", "examples", "golden"],
        "attributes": ["fuzz/corpus/attributes"],
        "render": ["fuzz/corpus/render"],
        "attribute-numbers": ["fuzz/corpus/attribute-numbers"],
        "uikit": ["fuzz/corpus/uikit"],
        "png-encode": ["fuzz/corpus/png-encode"],
        "svg": ["fuzz/corpus/svg"],
    ]

    @Test(arguments: [
        "png", "jpeg", "scene", "attributes", "render", "attribute-numbers", "uikit", "png-encode", "svg",
    ])
    func corpusReplays(_ target: String) throws {
        let files = Self.files(Self.seeds[target]!)
        expect(files.count >= 3, "the \(target) corpus is missing")
        let run = try #require(FuzzTargets.all[target])
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            run([UInt8](data))
        }
    }
}
