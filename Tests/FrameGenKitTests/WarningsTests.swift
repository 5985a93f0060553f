import Foundation
import TestTiers
import Testing

@testable import FrameGenScene
@testable import FrameGenTools

private func warnings(_ yaml: String) throws -> [String] { try Timeline(scene(yaml)).warnings }

/// Silent no-ops: each gives one warning line naming the file and key path, never a failure.
@Suite struct WarningsTests {
    let grid = """
        canvas: {width: 390, height: 844, scale: 1}
        content: {items: 60}
        layout: {type: flow, itemSize: [100, 100]}
        """

    @Test func aClampedScrollWarns() throws {
        try expect(
            try warnings(grid + "\ntimeline:\n  - scroll: {to: [0, 5000]}") == [
                "test.yaml: timeline[0].scroll.to: [0, 5000] is outside the offsets the content allows; it scrolls to [0, 1346]"
            ])
        try expect(warnings(grid + "\ntimeline:\n  - scroll: {to: [0, 1000]}").isEmpty)
    }

    @Test func aTapOnNothingWarns() throws {
        try expect(
            try warnings(grid + "\ntimeline:\n  - wait: 0\n  - tap: {at: [120, 50]}") == [
                "test.yaml: timeline[1].tap.at: [120, 50] hits no cell; the tap does nothing"
            ])
        try expect(warnings(grid + "\ntimeline:\n  - tap: {at: [50, 50]}").isEmpty)
    }

    @Test func moreTitlesThanSectionsWarns() throws {
        try expect(
            try warnings("content: {sections: [2, 3], titles: [A, B, C, D]}\nlayout: {type: flow}") == [
                "test.yaml: content.titles: 4 titles for 2 sections; the last 2 are not shown"
            ])
    }

    @Test func aViewOffTheCanvasWarns() throws {
        try expect(
            try warnings(
                "canvas: {width: 390, height: 844}\nview: {frame: [400, 0, 100, 100]}\nlayout: {type: flow}")
                == [
                    "test.yaml: view.frame: [400, 0, 100, 100] lies entirely outside the 390 x 844 canvas; nothing of it is drawn"
                ])
    }

    @Test func clampedPinchesWarn() throws {
        try expect(
            try warnings(grid + "\ntimeline:\n  - pinch: {scale: 9}") == [
                "test.yaml: timeline[0].pinch.scale: the zoom is clamped (0.25x to 4x the scene's itemSize, at most the line); itemSize becomes [390, 390]"
            ])
        try expect(
            try warnings("layout: {type: pinch}\ntimeline:\n  - pinch: {scale: 5}") == [
                "test.yaml: timeline[0].pinch.scale: pinchScale would be 5; it stops at 3"
            ])
    }

    @Test func attributesOutputListsTheWarnings() throws {
        let path = NSTemporaryDirectory() + "framegen-warn-" + UUID().uuidString + ".yaml"
        try (grid + "\ntimeline:\n  - scroll: {to: [0, 5000]}").write(
            toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var warned: [String] = []
        let text = try AttributesTool.run(
            scene: path, selection: .frame(0), output: nil, warn: { warned.append($0) })!
        expect(warned.count == 1 && warned[0].hasSuffix("it scrolls to [0, 1346]"))
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        expect(json["warnings"] as? [String] == warned)
        // The file still reads back (the list is informational).
        _ = try AttributeFile(document: parseDocument(text, file: "a.json"), folder: ".")
    }

    @Test func aNegativeTimeNamesTheSceneAndTheValue() throws {
        let path = NSTemporaryDirectory() + "framegen-time-" + UUID().uuidString + ".yaml"
        try "layout: {type: flow}\ntimeline:\n  - wait: 1.5".write(
            toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: FrameGenError.badInput(path, "--time -1 is outside the scene's timeline, 0 to 1.5 s"))
        {
            try AttributesTool.run(scene: path, selection: .time(-1), output: nil)
        }
    }
}
