import CFrameGenJPEG
import Foundation
import TestTiers
import Testing

@testable import FrameGenCodecs
@testable import FrameGenRaster

/// The quadrants fixtures (scripts/make-jpeg-fixtures.c): 64 x 32 px as stored, red top left,
/// green top right, blue bottom left, white bottom right, each quadrant 32 x 16.
private enum Quadrant: CaseIterable {
    case red, green, blue, white

    var color: (Int, Int, Int) {
        switch self {
        case .red: return (220, 30, 30)
        case .green: return (30, 200, 50)
        case .blue: return (30, 50, 220)
        case .white: return (240, 240, 240)
        }
    }
}

/// JPEG is lossy: a pixel well inside a flat quadrant is within a few levels of its colour.
private func near(_ image: Image, _ x: Int, _ y: Int, _ expected: (Int, Int, Int), tolerance: Int = 10)
    -> Bool
{
    let p = image[x, y]
    return abs(Int(p.r) - expected.0) <= tolerance && abs(Int(p.g) - expected.1) <= tolerance
        && abs(Int(p.b) - expected.2) <= tolerance && p.a == 255
}

/// The colours at the shown image's corners (2 px in), top left, top right, bottom left,
/// bottom right.
private func corners(_ image: Image) -> [(Int, Int, Int)] {
    let (w, h) = (image.width, image.height)
    return [(2, 2), (w - 3, 2), (2, h - 3), (w - 3, h - 3)].map { x, y in
        let p = image[x, y]
        return (Int(p.r), Int(p.g), Int(p.b))
    }
}

private func expectCorners(_ image: Image, _ expected: [Quadrant], _ label: String) {
    for (i, q) in expected.enumerated() {
        let (w, h) = (image.width, image.height)
        let (x, y) = [(2, 2), (w - 3, 2), (2, h - 3), (w - 3, h - 3)][i]
        expect(near(image, x, y, q.color), "\(label) corner \(i): \(corners(image)[i]) is not \(q)")
    }
}

@Suite struct JPEGDecodeTests {
    @Test func baselineDecodesToItsColoursOpaque() throws {
        let bytes = try Fixtures.bytes("jpeg", "baseline.jpg")
        let info = try JPEG.readInfo(bytes)
        expect(info.width == 64 && info.height == 32 && info.storedWidth == 64)
        expect(info.colorSpace == .yCbCr && info.components == 3 && !info.isProgressive)
        expect(info.orientation == .up)
        let image = try JPEG.decode(bytes)
        expect(image.width == 64 && image.height == 32)
        expectCorners(image, [.red, .green, .blue, .white], "baseline")
        let opaque = stride(from: 3, to: image.bytes.count, by: 4).allSatisfy { (i: Int) -> Bool in
            image.bytes[i] == 255
        }
        expect(opaque)
        // Straight and premultiplied are the same bytes for an opaque image.
        try expect(JPEG.decodeStraight(bytes).rgba == image.bytes)
    }

    @Test func progressiveDecodesLikeBaseline() throws {
        let info = try JPEG.validate(try Fixtures.bytes("jpeg", "progressive.jpg"))
        expect(info.isProgressive && info.colorSpace == .yCbCr)
        let progressive = try JPEG.decode(try Fixtures.bytes("jpeg", "progressive.jpg"))
        let baseline = try JPEG.decode(try Fixtures.bytes("jpeg", "baseline.jpg"))
        expectCorners(progressive, [.red, .green, .blue, .white], "progressive")
        // The same image and quality coded in scans: the same pixels up to rounding.
        let worst = zip(progressive.bytes, baseline.bytes).map { abs(Int($0) - Int($1)) }.max()!
        expect(worst <= 4)
    }

    @Test func grayAndRGBColourSpaces() throws {
        let gray = try Fixtures.bytes("jpeg", "gray.jpg")
        let info = try JPEG.readInfo(gray)
        expect(info.colorSpace == .gray && info.components == 1 && info.width == 32 && info.height == 16)
        let image = try JPEG.decode(gray)
        expect(near(image, 3, 8, (50, 50, 50), tolerance: 3))
        expect(near(image, 28, 8, (200, 200, 200), tolerance: 3))
        let isGray = stride(from: 0, to: image.bytes.count, by: 4).allSatisfy { (i: Int) -> Bool in
            let b = image.bytes
            return b[i] == b[i + 1] && b[i] == b[i + 2]
        }
        expect(isGray)
        let rgb = try Fixtures.bytes("jpeg", "rgb-colorspace.jpg")
        try expect(JPEG.readInfo(rgb).colorSpace == .rgb)
        expectCorners(try JPEG.decode(rgb), [.red, .green, .blue, .white], "RGB")
    }

    @Test(arguments: ["cmyk.jpg", "ycck.jpg"])
    func cmykIsRefusedWithAClearMessage(_ name: String) throws {
        let bytes = try Fixtures.bytes("jpeg", name)
        for attempt in [{ _ = try JPEG.decode(bytes) }, { _ = try JPEG.readInfo(bytes) }] {
            do {
                try attempt()
                Issue.record("\(name) was accepted")
            } catch let error as ImageFileError {
                expect(error.kind == .invalidData && error.reason.contains("CMYK"), "\(error)")
            }
        }
        do {
            _ = try ImageFile.decode(file: Fixtures.path("jpeg", name))
            Issue.record("\(name) was accepted")
        } catch {
            expect(error.description.hasPrefix(Fixtures.path("jpeg", name) + ": "))
        }
    }

    /// Which stored quadrant each shown corner (top left, top right, bottom left, bottom right)
    /// shows, by EXIF's definition of the eight orientations.
    fileprivate static let shownCorners: [Int: [Quadrant]] = [
        2: [.green, .red, .white, .blue],  // mirrored left to right
        3: [.white, .blue, .green, .red],  // turned 180 degrees
        4: [.blue, .white, .red, .green],  // mirrored top to bottom
        5: [.red, .blue, .green, .white],  // mirrored along the main diagonal
        6: [.blue, .red, .white, .green],  // turned 90 degrees clockwise to show
        7: [.white, .green, .blue, .red],  // mirrored along the other diagonal
        8: [.green, .white, .red, .blue],  // turned 90 degrees anticlockwise to show
    ]

    @Test(arguments: 2...8)
    func exifOrientationIsApplied(_ value: Int) throws {
        let bytes = try Fixtures.bytes("jpeg", "orientation-\(value).jpg")
        let info = try JPEG.readInfo(bytes)
        expect(info.orientation.rawValue == value)
        expect(info.storedWidth == 64 && info.storedHeight == 32)
        let image = try JPEG.decode(bytes)
        let quarter = value >= 5
        expect(image.width == (quarter ? 32 : 64) && image.height == (quarter ? 64 : 32))
        expect(info.width == image.width && info.height == image.height)
        expectCorners(image, Self.shownCorners[value]!, "orientation \(value)")
    }

    @Test func malformedExifIsIgnoredAndNeverReadOutOfBounds() throws {
        let good = try Fixtures.bytes("jpeg", "orientation-6.jpg")  // little-endian TIFF at byte 12
        expect(ImageOrientation.exif(inJPEG: good) == .right)
        let tiff = 12
        // IFD0 entry 1 (Orientation) starts at tiff + 8 + 2 + 12; its value at + 8.
        let value = tiff + 8 + 2 + 12 + 8
        expect(good[value] == 6)
        var bad = good
        bad[value] = 9  // not an orientation
        expect(ImageOrientation.exif(inJPEG: bad) == .up)
        bad = good
        bad[tiff + 4] = 0xF0  // IFD0 offset far past the block
        expect(ImageOrientation.exif(inJPEG: bad) == .up)
        bad = good
        bad[tiff + 8] = 0xFF  // 255 entries claimed, 2 present: found before the block ends
        expect(ImageOrientation.exif(inJPEG: bad) == .right)
        bad[tiff + 8 + 2 + 12] = 0x13  // and with no Orientation, the walk stops at the block's end
        expect(ImageOrientation.exif(inJPEG: bad) == .up)
        bad = good
        bad[tiff + 8 + 2 + 12 + 2] = 4  // Orientation as LONG instead of SHORT
        expect(ImageOrientation.exif(inJPEG: bad) == .up)
        bad = good
        bad[4] = 0xFF  // APP1 length past the end of the file
        expect(ImageOrientation.exif(inJPEG: bad) == .up)
        // Every prefix of the file (cut inside the APP1 block, its header or IFD) parses safely.
        for n in 0..<80 {
            // SOI and the 48-byte APP1 segment end at byte 50.
            expect(ImageOrientation.exif(inJPEG: Array(good.prefix(n))) == (n >= 50 ? .right : .up), "\(n)")
        }
    }

    @Test func aTruncatedFileIsAnErrorNotAGreyImage() throws {
        let bytes = try Fixtures.bytes("jpeg", "truncated.jpg")
        try expect(JPEG.readInfo(bytes).width == 64)  // the header is whole
        for attempt in [{ _ = try JPEG.decode(bytes) }, { _ = try JPEG.validate(bytes) }] {
            do {
                try attempt()
                Issue.record("a truncated JPEG decoded")
            } catch let error as ImageFileError {
                expect(error.kind == .invalidData && error.reason.contains("truncated"), "\(error)")
            }
        }
        // Every shorter cut of a good file fails too, and none crashes.
        let good = try Fixtures.bytes("jpeg", "progressive.jpg")
        for n in stride(from: 0, to: good.count - 2, by: 7) {
            #expect(throws: ImageFileError.self) { try JPEG.decode(Array(good.prefix(n))) }
        }
    }

    @Test func aHugeDeclaredSizeIsRefusedBeforeAllocating() throws {
        let bytes = try Fixtures.bytes("jpeg", "huge-declared-size.jpg")
        try expect(JPEG.readInfo(bytes).width == 60000)
        let start = Date()
        for attempt in [{ _ = try JPEG.decode(bytes) }, { _ = try JPEG.validate(bytes) }] {
            do {
                try attempt()
                Issue.record("a 60000 x 60000 JPEG was accepted")
            } catch let error as ImageFileError {
                expect(error.kind == .exceedsLimits && error.reason.contains("60000 x 60000"), "\(error)")
            }
        }
        expect(Date().timeIntervalSince(start) < 1)
        let small = ImageLimits(maxWidth: 63, maxHeight: 100, maxPixels: 10_000, maxFileBytes: 1 << 20)
        #expect(throws: ImageFileError(.exceedsLimits, "image is 64 x 32 px, over the limit of 63 x 100 px"))
        {
            try JPEG.decode(try Fixtures.bytes("jpeg", "baseline.jpg"), limits: small)
        }
    }

    @Test func theFormatIsToldByMagicBytesNotTheName() throws {
        try expect(ImageFormat(magic: try Fixtures.bytes("jpeg", "gray.jpg")) == .jpeg)
        try expect(ImageFormat(magic: try Fixtures.bytes("decode", "rgba8-13x11.png")) == .png)
        expect(ImageFormat(magic: Array("hello".utf8)) == nil)
        expect(ImageFormat(magic: [0xFF, 0xD8]) == nil)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let disguised = folder.path + "/photo.png"
        try Data(try Fixtures.bytes("jpeg", "orientation-8.jpg")).write(to: URL(fileURLWithPath: disguised))
        expect(ImageFormat.detect(file: disguised) == .jpeg)
        expect(ImageFormat.detect(file: folder.path + "/missing") == nil)
        guard case .jpeg(let info) = try ImageFile.readInfo(file: disguised) else {
            Issue.record("a JPEG named .png was not read as JPEG")
            return
        }
        expect(info.orientation == .left)
        let image = try ImageFile.decode(file: disguised)
        expect(image.width == 32 && image.height == 64)
        expectCorners(image, Self.shownCorners[8]!, "disguised")
        let png = try ImageFile.decode(file: Fixtures.path("decode", "rgba8-13x11.png"))
        try expect(png == (try PNG.decode(file: Fixtures.path("decode", "rgba8-13x11.png"))))
    }
}

/// Chroma stored at half resolution, upsampled as Apple's decoder does: 3 parts of the sample
/// under a pixel and 1 of its neighbour, as libjpeg-turbo's fancy upsampling, but inside each
/// 8 x 8 chroma block, the block's own sample repeated at its border (docs/design/rendering.md
/// §7.5, measured on an iOS reference of a 4:2:0 photo).
@Suite struct JPEGChromaUpsamplingTests {
    /// A 4:2:0 JPEG (framegen's encoder writes 4:2:0) of colours that change every pixel.
    static func photo(width: Int, height: Int, seed: UInt64) throws -> [UInt8] {
        var state = seed
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = Int(truncatingIfNeeded: state >> 58)
                let o = (y * width + x) * 4
                bytes[o] = UInt8((x * 7 + noise * 3) & 255)
                bytes[o + 1] = UInt8((y * 5 + x * 2) & 255)
                bytes[o + 2] = UInt8((255 - x * 3 + y + noise) & 255)
            }
        }
        let image = Image(width: width, height: height, stride: width * 4, premultipliedBytes: bytes)!
        return try JPEG.encode(image, quality: 90)
    }

    static let sizes = [(64, 48), (37, 23), (101, 66), (6, 9), (17, 2)]

    /// The raw planes upsampled and converted here with libjpeg-turbo's arithmetic give its own
    /// decode's bytes: the conversion is right, so the only difference below is the blocks.
    @Test func theRawPathIsLibjpegTurbosOwnDecode() throws {
        for (i, (w, h)) in Self.sizes.enumerated() {
            let jpeg = try Self.photo(width: w, height: h, seed: UInt64(i + 1))
            let own = try JPEG.decodePixels(
                jpeg, reduction: 1, limits: .default, chroma: CJPEG_CHROMA_LIBJPEG)
            let raw = try JPEG.decodePixels(
                jpeg, reduction: 1, limits: .default, chroma: CJPEG_CHROMA_RAW_LIBJPEG)
            expect(own.2 == raw.2, "\(w) x \(h): raw planes differ from libjpeg-turbo's decode")
        }
    }

    /// The same for a 4:2:2 file (chroma at half width, full height), 61 x 37.
    @Test func theRawPathIsLibjpegTurbosOwnDecodeFor422() throws {
        let jpeg = try Fixtures.bytes("jpeg", "chroma-422.jpg")
        let own = try JPEG.decodePixels(jpeg, reduction: 1, limits: .default, chroma: CJPEG_CHROMA_LIBJPEG)
        let raw = try JPEG.decodePixels(
            jpeg, reduction: 1, limits: .default, chroma: CJPEG_CHROMA_RAW_LIBJPEG)
        expect(own.2 == raw.2, "4:2:2: raw planes differ from libjpeg-turbo's decode")
        try Self.expectDifferencesAtBlockBorders(jpeg, width: 61, height: 37, vertical: false)
    }

    /// Inside a block both decodes agree; at a pixel whose neighbour sample lies in the next
    /// block (x or y 0 or 15 modulo 16), Apple's takes the pixel's own sample again.
    @Test func chromaIsUpsampledInsideEachBlock() throws {
        try Self.expectDifferencesAtBlockBorders(
            try Self.photo(width: 101, height: 66, seed: 9), width: 101, height: 66, vertical: true)
    }

    /// Apple's decode against libjpeg-turbo's: equal inside blocks, different at a share of the
    /// pixels beside a border (down too when `vertical`, 4:2:0).
    static func expectDifferencesAtBlockBorders(_ jpeg: [UInt8], width w: Int, height h: Int, vertical: Bool)
        throws
    {
        let across = try JPEG.decodePixels(jpeg, reduction: 1, limits: .default, chroma: CJPEG_CHROMA_LIBJPEG)
        let within = try JPEG.decode(jpeg)
        var (inside, border, borderDiffers) = (0, 0, 0)
        for y in 0..<h {
            for x in 0..<w {
                let o = (y * w + x) * 4
                let a = Array(across.2[o..<(o + 4)])
                let b = [within.bytes[o], within.bytes[o + 1], within.bytes[o + 2], within.bytes[o + 3]]
                let atBorder =
                    (x % 16 == 0 && x > 0) || (x % 16 == 15 && x < w - 1)
                    || (vertical && ((y % 16 == 0 && y > 0) || (y % 16 == 15 && y < h - 1)))
                if atBorder {
                    border += 1
                    if a != b { borderDiffers += 1 }
                } else {
                    inside += 1
                    expect(a == b, "(\(x), \(y)) inside a block: \(a) against \(b)")
                }
            }
        }
        expect(inside > 0 && borderDiffers > border / 4, "\(borderDiffers) of \(border) border pixels differ")
    }
}
