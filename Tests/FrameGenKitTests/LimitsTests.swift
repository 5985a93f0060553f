import Foundation
import TestTiers
import Testing

@testable import FrameGenScene

/// Each documented limit (README, "Limits") is an exit-2 error that names the file and the key,
/// raised before the allocation it protects; the value at the limit itself is accepted.
struct LimitsTests {
    /// The bad-input message a scene gives, or "no error".
    func problem(_ yaml: String) -> String {
        do {
            _ = try Timeline(try scene(yaml, file: "limits.yaml"))
            return "no error"
        } catch {
            expect(error.kind == .badInput)
            return error.description
        }
    }

    @Test func sceneFilesOver64MiBAreNotRead() throws {
        let path = NSTemporaryDirectory() + "framegen-limits-\(UUID().uuidString).yaml"
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A sparse file: its size is what the reader checks before reading a byte.
        expect(FileManager.default.createFile(atPath: path, contents: Data("name: x\n".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(documentByteLimit) + 1)
        try handle.close()
        let error = try #require(throws: FrameGenError.self) { _ = try readDocument(path) }
        expect(error.kind == .badInput && error.file == path)
        expect(error.description.contains("67108864"), "\(error.description)")
    }

    @Test func documentsNestedDeeperThan64LevelsAreRefused() {
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        expect(problem("layout: {type: flow}\nx: " + deep) == "limits.yaml: nests deeper than 64 levels")
    }

    @Test func atMost100000Items() {
        expect(
            problem("layout: {type: flow}\ncontent: {items: 100001}")
                == "limits.yaml: content.items: found 100001, expected a whole number from 0 to 100000")
        expect(
            problem("layout: {type: flow}\ncontent: {sections: [1, 100001]}")
                == "limits.yaml: content.sections[1]: found 100001, expected a whole number from 0 to 100000")
    }

    @Test func theCanvasIsAtMost16384PixelsOnASide() {
        expect(
            problem("layout: {type: flow}\ncanvas: {width: 16385, height: 100}").hasPrefix(
                "limits.yaml: canvas.width: found 16385, expected a number from 1 to 16384"))
        expect(
            problem("layout: {type: flow}\ncanvas: {width: 9000, height: 100, scale: 2}")
                == "limits.yaml: canvas.scale: the canvas would be over 16384 pixels on a side")
        expect(problem("layout: {type: flow}\ncanvas: {width: 8192, height: 100, scale: 2}") == "no error")
    }

    @Test func eachActionLastsAtMost600Seconds() {
        expect(
            problem("layout: {type: flow}\ntimeline:\n  - wait: 601")
                == "limits.yaml: timeline[0].wait: found 601, expected a number from 0 to 600")
        expect(problem("layout: {type: flow}\ntimeline:\n  - wait: 600") == "no error")
    }

    @Test func textIsAtMost10000Characters() throws {
        let long = String(repeating: "あ", count: maximumTextLength + 1)
        expect(
            problem("layout: {type: flow}\ncontent: {titles: [ok, \(long)]}")
                == "limits.yaml: content.titles[1]: text of 10001 characters is over the limit of 10000")
        expect(
            problem(
                "layout: {type: flow, headerReferenceSize: [0, 20]}\nsupplementary: {header: {text: \(long)}}"
            )
                == "limits.yaml: supplementary.header.text: text of 10001 characters is over the limit of 10000"
        )
        let atLimit = String(repeating: "a", count: maximumTextLength)
        expect(problem("layout: {type: flow}\ncontent: {titles: [\(atLimit)]}") == "no error")
        let file =
            #"{"frames": [{"bounds": [0, 0, 10, 10], "elements": [{"category": "cell", "center": [5, 5], "size": [4, 4], "text": "\#(long)"}]}]}"#
        let error = try #require(throws: FrameGenError.self) {
            _ = try AttributeFile(document: parseDocument(file, file: "a.json"), folder: ".")
        }
        expect(
            error.description
                == "a.json: frames[0].elements[0].text: text of 10001 characters is over the limit of 10000")
    }

    @Test func theBlurRadiusIsAtMost1000Points() {
        expect(
            problem("layout: {type: flow}\ncell: {shadow: {opacity: 1, radius: 1001}}")
                == "limits.yaml: cell.shadow.radius: found 1001, expected a number from 0 to 1000")
        expect(problem("layout: {type: flow}\ncell: {shadow: {opacity: 1, radius: 1000}}") == "no error")
    }

    @Test(.heavy, .tags(.heavy)) func attributeFilesHoldAtMost100000ElementsPerView() throws {
        let element = #"{"category": "cell", "center": [5, 5], "size": [4, 4]}"#
        func file(_ n: Int) -> String {
            #"{"frames": [{"bounds": [0, 0, 10, 10], "elements": ["#
                + Array(repeating: element, count: n).joined(separator: ",") + "]}]}"
        }
        let error = try #require(throws: FrameGenError.self) {
            _ = try AttributeFile(document: parseDocument(file(100_001), file: "a.json"), folder: ".")
        }
        expect(error.kind == .badInput)
        expect(
            error.description
                == "a.json: frames[0].elements: found a list of 100001, expected at most 100000 elements")
    }
}
