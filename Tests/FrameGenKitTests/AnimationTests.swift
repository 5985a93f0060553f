import Foundation
import FrameGenCodecs
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenRender

/// `render --video FILE.png`: an APNG whose frames are the PNG sequence's pixels.
@Suite struct AnimationTests {
    /// An APNG taken apart by its chunks: each frame rebuilt as a plain PNG (IHDR + its image
    /// data + IEND), as an APNG decoder composes them with blend SOURCE over the whole canvas.
    func frames(ofAnimation bytes: [UInt8]) throws -> (count: Int, delays: [[UInt8]], pngs: [[UInt8]]) {
        let chunks = try PNGAnimation.chunks(bytes)
        let ihdr = chunks[0]
        var count = -1
        var delays: [[UInt8]] = []
        var pngs: [[UInt8]] = []
        var data: [[UInt8]] = []
        var expectedSequence: UInt32 = 0
        func sequence(_ d: ArraySlice<UInt8>) -> UInt32 {
            d.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
        }
        func flush() {
            guard !data.isEmpty else { return }
            var png: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
            func add(_ type: String, _ d: [UInt8]) {
                let n = UInt32(d.count)
                png += [UInt8(n >> 24), UInt8(n >> 16 & 255), UInt8(n >> 8 & 255), UInt8(n & 255)]
                let typed = Array(type.utf8) + d
                let crc = PNGAnimation.crc32(typed)
                png +=
                    typed + [
                        UInt8(crc >> 24), UInt8(crc >> 16 & 255), UInt8(crc >> 8 & 255), UInt8(crc & 255),
                    ]
            }
            add("IHDR", Array(ihdr.data))
            for d in data { add("IDAT", d) }
            add("IEND", [])
            pngs.append(png)
            data = []
        }
        for c in chunks.dropFirst() {
            switch c.type {
            case "acTL": count = Int(sequence(c.data))
            case "fcTL":
                flush()
                expect(sequence(c.data) == expectedSequence)
                expectedSequence += 1
                delays.append(Array(c.data.dropFirst(20).prefix(4)))
            case "IDAT": data.append(Array(c.data))
            case "fdAT":
                expect(sequence(c.data) == expectedSequence)
                expectedSequence += 1
                data.append(Array(c.data.dropFirst(4)))
            default: break
            }
        }
        flush()
        return (count, delays, pngs)
    }

    @Test func theAnimatedPNGHoldsEveryFrameExactly() throws {
        let root = NSTemporaryDirectory() + "framegen-apng-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try """
        name: a
        canvas: {width: 120, height: 200, scale: 0.5, background: "#00000000"}
        content: {items: 12}
        layout: {type: flow, itemSize: [50, 50]}
        cell: {cornerRadius: 8, shadow: {opacity: 0.5, radius: 3}}
        timeline:
          - scroll: {to: [0, 100], duration: 0.2}
        """.write(toFile: root + "/a.yaml", atomically: true, encoding: .utf8)
        let summary = try RenderPipeline.run(
            try FrameSource.load(root + "/a.yaml", fps: nil),
            options: RenderOptions(directory: root + "/out", video: root + "/a.png"))
        expect(summary.report.contains(root + "/a.png"))
        let apng = try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/a.png")))
        // Viewers without APNG show the first frame: the file is a valid PNG of frame 0.
        try expect(PNG.decode(apng) == PNG.decode(file: root + "/out/frame_0000.png"))
        let parts = try frames(ofAnimation: apng)
        expect(parts.count == 7 && parts.pngs.count == 7)
        expect(parts.delays.allSatisfy { $0 == [0, 1, 0, 30] })
        for (i, png) in parts.pngs.enumerated() {
            try expect(
                try PNG.decode(png) == PNG.decode(file: root + "/out/" + String(format: "frame_%04d.png", i)))
        }
    }

    @Test func otherVideoFormatsAreRefusedBeforeRendering() throws {
        do {
            try VideoOutput.check("movie.avi")
            Issue.record("accepted .avi")
        } catch {
            expect(error.kind == .badInput && error.description.contains(".apng"))
        }
        try VideoOutput.check("preview.APNG")
    }
}
