import Foundation
import FrameGenCodecs
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenRender

/// `render --video FILE.gif|.mp4|.webm`.
@Suite struct VideoTests {
    let root = NSTemporaryDirectory() + "framegen-video-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: root) }

    /// Writes straight-RGBA frames as frame_NNNN.png into `folder` (a render's output, minus
    /// the rendering).
    func writeFrames(_ frames: [StraightImage], into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (i, f) in frames.enumerated() {
            try PNG.write(Image(f), to: folder + "/" + String(format: "frame_%04d.png", i))
        }
    }

    func frames(_ folder: String, count: Int, fps: Double) -> VideoFrames {
        VideoFrames(
            directory: folder, pattern: "frame_%04d.png", range: 0...(count - 1), fps: fps, opaque: true)
    }

    func gif(_ path: String) throws -> DecodedGIF {
        try DecodedGIF([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// An opaque frame of `w` x `h` whose pixel colours come from `color(x, y)`.
    func image(_ w: Int, _ h: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> StraightImage {
        var rgba: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                let c = color(x, y)
                rgba += [c.0, c.1, c.2, c.3]
            }
        }
        return StraightImage(width: w, height: h, rgba: rgba)!
    }

    @Test func delaysAreWholeCentisecondsThatAddUpToTheDuration() {
        for fps in [1.0, 12, 24, 25, 29.97, 30, 50, 60, 120, 240] {
            for count in [1, 2, 7, 30, 301] {
                let schedule = GIFTiming.schedule(frameCount: count, fps: fps)
                expect(schedule.first?.frame == 0)
                expect(zip(schedule, schedule.dropFirst()).allSatisfy { $0.frame < $1.frame })
                expect(schedule.allSatisfy { $0.delay >= GIFTiming.minimumDelay })
                let duration = Int((Double(count) * 100 / fps).rounded())
                // The total is the duration (a single frame shorter than 2 cs is shown for 2).
                expect(schedule.map(\.delay).reduce(0, +) == max(duration, 2), "fps \(fps), \(count) frames")
                // Each kept frame starts when the sequence shows it, to the centisecond.
                var start = 0
                for entry in schedule {
                    expect(start == Int((Double(entry.frame) * 100 / fps).rounded()))
                    start += entry.delay
                }
            }
        }
        // 30 fps: every frame, 3 or 4 cs (3.33 on average, never drifting).
        let thirty = GIFTiming.schedule(frameCount: 30, fps: 30)
        expect(thirty.count == 30 && thirty.allSatisfy { $0.delay == 3 || $0.delay == 4 })
        // 100 fps would be 1 cs, which browsers stretch to 10: every other frame is kept.
        expect(GIFTiming.schedule(frameCount: 10, fps: 100).map(\.frame) == [0, 2, 4, 6, 8])
    }

    @Test func aFewColoursRoundTripExactlyAndOnlyChangesAreStored() throws {
        defer { cleanUp() }
        // 200 colours in a gradient, and a block that moves; frame 2 repeats frame 1.
        func frame(_ t: Int) -> StraightImage {
            image(40, 30) { x, y in
                if (10 + 5 * t..<16 + 5 * t).contains(x) && (8..<14).contains(y) { return (255, 255, 0, 255) }
                let k = (y * 40 + x) % 199
                return (UInt8(k), UInt8(255 - k), UInt8(k * 7 % 256), 255)
            }
        }
        let source = [frame(0), frame(1), frame(1), frame(2)]
        let folder = root + "/exact"
        try writeFrames(source, into: folder)
        try VideoOutput.write(root + "/exact.gif", frames: frames(folder, count: 4, fps: 10))
        let decoded = try gif(root + "/exact.gif")
        expect(decoded.width == 40 && decoded.height == 30 && decoded.loopCount == 0)
        // The repeated frame lengthens the one before it: 10 fps is 10 cs a frame.
        expect(decoded.frames.map(\.delay) == [10, 20, 10])
        for (d, s) in zip(decoded.frames, [source[0], source[1], source[3]]) {
            expect(d.rgba == s.rgba)
        }
        // Later frames carry only the rectangle the block swept (left in place for the next).
        expect(decoded.frames[0].rect == (0, 0, 40, 30))
        expect(decoded.frames[1].rect == (10, 8, 11, 6) && decoded.frames[1].disposal == 1)
        expect(decoded.frames[2].rect == (15, 8, 11, 6))
    }

    @Test(.heavy, .tags(.heavy)) func manyColoursAreDitheredWithinThePaletteError() throws {
        defer { cleanUp() }
        // A smooth gradient in three channels (about 3000 colours) that scrolls.
        func frame(_ t: Int) -> StraightImage {
            image(96, 64) { x, y in
                (UInt8((x + 3 * t) * 255 / 130), UInt8(y * 255 / 63), UInt8(255 - (x + y) * 255 / 160), 255)
            }
        }
        let source = (0..<6).map(frame)
        let folder = root + "/many"
        try writeFrames(source, into: folder)
        try VideoOutput.write(root + "/many.gif", frames: frames(folder, count: 6, fps: 24))
        let decoded = try gif(root + "/many.gif")
        // Threads decode and map frames at once; the file does not depend on how many.
        for jobs in [1, 4] {
            try VideoOutput.writeGIF(
                root + "/many-\(jobs).gif", frames: frames(folder, count: 6, fps: 24), jobs: jobs)
            try expect(
                try Data(contentsOf: URL(fileURLWithPath: root + "/many-\(jobs).gif"))
                    == Data(contentsOf: URL(fileURLWithPath: root + "/many.gif")))
        }
        expect(decoded.frames.count == 6)
        expect(decoded.frames.map(\.delay) == GIFTiming.schedule(frameCount: 6, fps: 24).map(\.delay))
        expect(decoded.frames.map(\.delay).reduce(0, +) == 25)
        for (d, s) in zip(decoded.frames, source) {
            var total = 0
            var worst = 0
            for i in 0..<s.rgba.count where i % 4 != 3 {
                let e = abs(Int(d.rgba[i]) - Int(s.rgba[i]))
                total += e
                worst = max(worst, e)
            }
            expect(d.rgba.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
            // 255 colours over a 3-D gradient are about 6 levels a channel apart: the mean error
            // is a fraction of that step, the worst at most a step and the dither's half swing.
            let mean = Double(total) / Double(s.rgba.count / 4 * 3)
            expect(mean < 8, "mean error \(mean)")
            expect(worst <= 32, "worst error \(worst)")
        }
    }

    @Test func transparentPixelsAreOneBitAndWholeFramesAreReplaced() throws {
        defer { cleanUp() }
        // A square that moves over a transparent canvas, half-transparent at its edge.
        func frame(_ t: Int) -> StraightImage {
            image(32, 20) { x, y in
                guard (4 + 8 * t..<14 + 8 * t).contains(x), (5..<15).contains(y) else { return (0, 0, 0, 0) }
                return x == 4 + 8 * t ? (0, 120, 255, 100) : (0, 120, 255, 200)
            }
        }
        let source = (0..<3).map(frame)
        let folder = root + "/alpha"
        try writeFrames(source, into: folder)
        var video = frames(folder, count: 3, fps: 5)
        video.opaque = false
        try VideoOutput.write(root + "/alpha.gif", frames: video)
        let decoded = try gif(root + "/alpha.gif")
        expect(decoded.frames.count == 3 && decoded.frames.allSatisfy { $0.disposal == 2 && $0.delay == 20 })
        for (d, s) in zip(decoded.frames, source) {
            for p in 0..<(32 * 20) {
                let alpha = s.rgba[p * 4 + 3]
                if alpha < 128 {
                    expect(d.rgba[p * 4 + 3] == 0, "pixel \(p) should be transparent")
                } else {
                    expect(Array(d.rgba[(p * 4)..<(p * 4 + 4)]) == [0, 120, 255, 255])
                }
            }
        }
    }

    @Test func theRenderCommandWritesTheGIFOfItsFrames() throws {
        defer { cleanUp() }
        try """
        name: g
        canvas: {width: 80, height: 120, scale: 1}
        content: {items: 12}
        layout: {type: flow, itemSize: [36, 36]}
        timeline:
          - scroll: {to: [0, 100], duration: 0.3}
        """.write(toFile: root + "/g.yaml", atomically: true, encoding: .utf8)
        let summary = try RenderPipeline.run(
            try FrameSource.load(root + "/g.yaml", fps: nil),
            options: RenderOptions(directory: root + "/out", video: root + "/g.gif"))
        expect(summary.report.contains("Animated GIF: " + root + "/g.gif"))
        let decoded = try gif(root + "/g.gif")
        expect(decoded.width == 80 && decoded.height == 120 && decoded.loopCount == 0)
        // The delays add up to the sequence's duration at 30 fps (still frames merge into the
        // one before them, so there may be fewer frames).
        let count = try FileManager.default.contentsOfDirectory(atPath: root + "/out").filter {
            $0.hasSuffix(".png")
        }
        .count
        expect(decoded.frames.count <= count && decoded.frames.count > 1)
        expect(decoded.frames.map(\.delay).reduce(0, +) == Int((Double(count) * 100 / 30).rounded()))
        let first = try PNG.decodeStraight(file: root + "/out/frame_0000.png")
        var total = 0
        for i in 0..<first.rgba.count { total += abs(Int(decoded.frames[0].rgba[i]) - Int(first.rgba[i])) }
        expect(Double(total) / Double(first.rgba.count) < 8)
    }

    @Test func mp4AndWebMNeedFFmpegAndSayWhichPackage() throws {
        defer { cleanUp() }
        let empty = root + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        for name in ["movie.mp4", "movie.WEBM"] {
            do {
                try VideoOutput.check(name, searchPath: empty)
                Issue.record("\(name) accepted without ffmpeg")
            } catch {
                expect(error.kind == .badInput && error.file == name)
                expect(error.message.contains("Debian package ffmpeg"), "\(error)")
            }
        }
        // Any executable called ffmpeg on the path will do; GIF and PNG never need one.
        let fake = empty + "/ffmpeg"
        try "#!/bin/sh\nexit 1\n".write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        try VideoOutput.check("movie.mp4", searchPath: "/nonexistent:" + empty)
        try VideoOutput.check("movie.gif", searchPath: "/nonexistent")
        try VideoOutput.check("movie.apng", searchPath: "/nonexistent")
        do {
            try VideoOutput.check("movie.avi")
            Issue.record("accepted .avi")
        } catch {
            expect(error.kind == .badInput && error.message.contains(".gif"))
        }
    }

    @Test(.heavy, .tags(.heavy)) func theCommandRefusesMP4WithoutFFmpegBeforeRendering() throws {
        defer { cleanUp() }
        let empty = root + "/bin"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try "name: f\nlayout: {type: flow}\n".write(
            toFile: root + "/f.yaml", atomically: true, encoding: .utf8)
        let (status, _, stderr) = try runFramegen(
            ["render", root + "/f.yaml", "-o", root + "/out", "--video", root + "/f.mp4"],
            environment: ["PATH": empty])
        expect(status == 2)
        expect(stderr.hasPrefix("framegen: \(root)/f.mp4: writing .mp4 needs ffmpeg"), "\(stderr)")
        expect(stderr.contains("Debian package ffmpeg") && stderr.split(separator: "\n").count == 1)
        // Nothing was rendered.
        expect(!FileManager.default.fileExists(atPath: root + "/out"))
        expect(!FileManager.default.fileExists(atPath: root + "/f.mp4"))
    }

    @Test(.heavy, .tags(.heavy)) func withFFmpegInstalledTheVideosHaveEveryFrame() throws {
        defer { cleanUp() }
        guard (try? VideoOutput.ffmpeg(for: "x.mp4")) != nil else { return }  // ffmpeg is optional
        let source = (0..<5).map { t in image(33, 21) { x, _ in (UInt8(x * 7), UInt8(t * 50), 90, 255) } }
        let folder = root + "/ff"
        try writeFrames(source, into: folder)
        for ext in ["mp4", "webm"] {
            let path = root + "/v." + ext
            try VideoOutput.write(path, frames: frames(folder, count: 5, fps: 25))
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            if ext == "mp4" {
                expect(String(decoding: bytes[4..<8], as: UTF8.self) == "ftyp")
            } else {
                expect(Array(bytes[0..<4]) == [0x1A, 0x45, 0xDF, 0xA3])
            }
            // No temporary file is left beside it.
            try expect(
                try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasPrefix(".") }.isEmpty
            )
        }
        // An output folder that does not exist: status 3, no file.
        do {
            try VideoOutput.write(root + "/missing/v.mp4", frames: frames(folder, count: 5, fps: 25))
            Issue.record("wrote into a missing folder")
        } catch {
            expect(error.kind == .cannotWrite && error.message.contains("ffmpeg failed"))
        }
    }
}
