import Foundation
import FrameGenCodecs
import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenRender
@testable import FrameGenScene

/// A JPEG's levels 1 to 3 decoded at 1/2, 1/4 and 1/8 (docs/design/rendering.md §7, its
/// JPEG levels): only the levels a drawing reads are decoded, and each level is the same whichever
/// is asked for first.
@Suite struct FileTextureTests {
    /// A JPEG of a picture with detail in every block, written to a temporary file.
    static func jpeg(width: Int, height: Int) throws -> String {
        var image = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let v = (x * 7 + y * 13) % 64
                image[x, y] = Pixel(r: UInt8(x % 256), g: UInt8(v * 4), b: UInt8((x ^ y) % 256), a: 255)
            }
        }
        let path = NSTemporaryDirectory() + "framegen-file-texture-\(UUID().uuidString).jpg"
        try Data(try JPEG.encode(image, quality: 90)).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func level(_ t: Texture, _ k: Int) -> Image { t.image(level: k) }

    @Test func eachLevelIsTheSameWhicheverIsAskedForFirst() throws {
        let path = try Self.jpeg(width: 256, height: 128)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = try ImageFile.read(file: path)
        let all = try FileTexture.make(path, finestLevel: 0)
        expect(all.baseLevel == 0 && all.width == 256 && all.height == 128)
        try expect(Self.level(all, 0) == (try JPEG.decode(bytes)))
        for k in 1...3 {
            // Levels 1 to 3 are the reduced decodes, not reductions of the full image.
            try expect(Self.level(all, k) == (try JPEG.decode(bytes, reducedBy: 1 << k)), "level \(k)")
        }
        // Level 4 on is reduced from level 3, as any texture's chain.
        let fromThird = Texture(try JPEG.decode(bytes, reducedBy: 8))
        expect(Self.level(all, 4) == fromThird.image(level: 1))
        for first in 1..<all.levels.count {
            let t = try FileTexture.make(path, finestLevel: first)
            expect(t.baseLevel == first)
            for k in first..<all.levels.count {
                expect(Self.level(t, k) == Self.level(all, k), "asked for \(first) first, level \(k)")
            }
        }
    }

    @Test func aSideThatDoesNotHalveExactlyStopsTheReducedDecodes() throws {
        // 72 x 36: halves exactly twice (18 x 9), not a third time, so level 3 is reduced from
        // level 2 (libjpeg's 1/8 decode would be 9 x 5, the chain's level 3 is 9 x 4).
        expect(FileTexture.deepestDecodedLevel(width: 72, height: 36) == 2)
        expect(FileTexture.deepestDecodedLevel(width: 4000, height: 3000) == 3)
        expect(FileTexture.deepestDecodedLevel(width: 4001, height: 3000) == 0)
        let path = try Self.jpeg(width: 72, height: 36)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = try ImageFile.read(file: path)
        let quarter = try JPEG.decode(bytes, reducedBy: 4)
        let expected = Texture(width: 72, height: 36, decoded: [quarter], firstLevel: 2, finestLevel: 2)!
        for finest in 0...4 {
            let t = try FileTexture.make(path, finestLevel: finest)
            for k in max(finest, 2)..<t.levels.count {
                expect(Self.level(t, k) == expected.image(level: k), "finest \(finest), level \(k)")
            }
        }
    }

    @Test func decodedLevelsOfTheWrongSizeAreRefused() {
        let image = Image(width: 10, height: 10)
        expect(Texture(width: 40, height: 40, decoded: [image], firstLevel: 2, finestLevel: 2) != nil)
        expect(Texture(width: 40, height: 40, decoded: [image], firstLevel: 1, finestLevel: 1) == nil)
        expect(Texture(width: 44, height: 40, decoded: [image], firstLevel: 2, finestLevel: 2) == nil)
        expect(Texture(width: 40, height: 40, decoded: [], firstLevel: 0, finestLevel: 0) == nil)
    }

    /// The first frame to use a photo decides which levels are decoded; the pixels never depend
    /// on it, whatever order frames are drawn in.
    @Test func framesAreTheSameInAnyOrder() throws {
        let path = try Self.jpeg(width: 512, height: 256)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let canvas = Canvas(width: 300, height: 200, scale: 1, background: .color(.black))
        func frame(_ width: Double) -> AttributeFrame {
            var a = LayoutAttributes.cell(
                IndexPath(item: 0, section: 0), frame: Rect(x: 7.25, y: 9.5, width: width, height: width / 2))
            a.transform3D = .makeRotation(0.2, 0, 0, 1)
            return AttributeFrame(
                index: 0, time: 0,
                views: [
                    AttributeView(
                        bounds: Rect(x: 0, y: 0, width: 300, height: 200),
                        elements: [AttributeElement(attributes: a, image: .file(path))])
                ])
        }
        let sizes: [Double] = [30, 70, 150, 280]
        let composer = try FrameComposer(canvas: canvas, style: ElementStyle(), kindStyles: [:])
        let smallFirst = try sizes.map { try composer.render(frame($0), scale: 1) }
        let other = try FrameComposer(canvas: canvas, style: ElementStyle(), kindStyles: [:])
        let largeFirst = try sizes.reversed().map { try other.render(frame($0), scale: 1) }
        expect(smallFirst == Array(largeFirst.reversed()))
        // The thumbnail kept only the coarse levels it reads: its 512 x 256 px were never decoded.
        let fresh = try FrameComposer(canvas: canvas, style: ElementStyle(), kindStyles: [:])
        _ = try fresh.render(frame(30), scale: 1)
        expect(fresh.textures.withLock { $0.entries[.file(path)]?.texture.baseLevel ?? -1 } >= 3)
    }
}
