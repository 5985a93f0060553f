import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenCodecs
@testable import FrameGenRaster

/// Straight RGBA with every byte from the seeded generator (alpha included).
func randomStraight(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> StraightImage {
    var rng = SeededRandom(seed: seed)
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: rng.next()) }
    if opaque { for i in Swift.stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 } }
    return StraightImage(width: width, height: height, rgba: bytes)!
}

let roundTripSizes = [(1, 1), (2, 1), (1, 3), (3, 3), (7, 5), (13, 11), (64, 1), (101, 67)]

@Test(arguments: 0...9)
func straightRGBARoundTripsAtEveryZlibLevel(level: Int) throws {
    for (w, h) in roundTripSizes {
        let image = randomStraight(width: w, height: h, seed: UInt64(level * 1000 + w * 7 + h))
        let png = try PNG.encode(image, options: PNGEncodingOptions(compressionLevel: level))
        let info = try PNG.readInfo(png)
        expect(
            info
                == PNGInfo(
                    width: w, height: h, colorType: .rgba, bitDepth: 8, isInterlaced: false, hasTRNS: false))
        try expect(PNG.decodeStraight(png) == image, "\(w) x \(h) at level \(level)")
    }
}

@Test(arguments: 0...9)
func rgbRoundTripsAtEveryZlibLevel(level: Int) throws {
    for (w, h) in roundTripSizes {
        let image = randomStraight(width: w, height: h, seed: UInt64(level * 77 + w + h), opaque: true)
        let options = PNGEncodingOptions(channels: .rgb, compressionLevel: level)
        let png = try PNG.encode(image, options: options)
        try expect(PNG.readInfo(png).colorType == .rgb)
        // RGB decodes with alpha 255 added: the same straight pixels.
        try expect(PNG.decodeStraight(png) == image, "\(w) x \(h) at level \(level)")
        // From a premultiplied opaque Image, too (no copy on that path).
        try expect(PNG.decode(try PNG.encode(Image(image), options: options)) == Image(image))
    }
}

@Test(arguments: [
    PNGEncodingOptions.Filters.none, .sub, .up, .average, .paeth, .fast, .all, [],
])
func everyFilterChoiceRoundTrips(filters: PNGEncodingOptions.Filters) throws {
    let image = randomStraight(width: 33, height: 17, seed: UInt64(filters.rawValue))
    let png = try PNG.encode(image, options: PNGEncodingOptions(filters: filters))
    try expect(PNG.decodeStraight(png) == image)
}

@Test func premultipliedImagesRoundTripThroughStraightPNG() throws {
    // Premultiplied -> straight (rounded) -> premultiplied gives back every premultiplied pixel:
    // for c <= a, round(round(c * 255 / a) * a / 255) == c.
    var image = Image(width: 256, height: 256)
    for a in 0..<256 {
        for c in 0...a {
            image[c, a] = Pixel(r: UInt8(c), g: UInt8(a - c), b: UInt8(c / 2), a: UInt8(a))
        }
    }
    let png = try PNG.encode(image)
    try expect(PNG.decode(png) == image)
}

@Test func encodingRespectsTheImageStride() throws {
    // An Image whose rows are padded: the padding must not reach the file.
    var bytes = [UInt8](repeating: 0xEE, count: 3 * 40)
    for y in 0..<3 {
        for x in 0..<5 {
            for c in 0..<4 { bytes[y * 40 + x * 4 + c] = c == 3 ? 255 : UInt8(x * 40 + y * 10 + c) }
        }
    }
    let image = Image(width: 5, height: 3, stride: 40, premultipliedBytes: bytes)!
    let decoded = try PNG.decode(try PNG.encode(image))
    expect(decoded.stride == 20)
    for y in 0..<3 { for x in 0..<5 { expect(decoded[x, y] == image[x, y]) } }
}

@Test func theSamePixelsGiveTheSameBytes() throws {
    let image = randomStraight(width: 50, height: 20, seed: 9)
    try expect(PNG.encode(image) == (try PNG.encode(image)))
}

@Test func rgbFromATranslucentImageIsTheImageOverBlack() throws {
    let image = Image(width: 2, height: 1, fill: Color(r: 200, g: 100, b: 50, a: 128).premultiplied)
    let decoded = try PNG.decodeStraight(try PNG.encode(image, options: PNGEncodingOptions(channels: .rgb)))
    expect(decoded[0, 0] == Color(r: 100, g: 50, b: 25, a: 255))
}

@Test func invalidEncoderArgumentsAreErrors() {
    let image = randomStraight(width: 2, height: 2, seed: 1)
    #expect(throws: ImageFileError.self) {
        try PNG.encode(image, options: PNGEncodingOptions(compressionLevel: 10))
    }
    #expect(throws: ImageFileError.self) {
        try PNG.encode(image, options: PNGEncodingOptions(compressionLevel: -1))
    }
}

@Test func theFastPremultiplyLoopsMatchPixelAndColor() {
    // Every (colour, alpha) pair through the bulk loops, against the per-pixel definitions.
    var straight: [UInt8] = []
    for a in 0..<256 { for c in 0..<256 { straight += [UInt8(c), UInt8(255 - c), UInt8(c / 3), UInt8(a)] } }
    let png = StraightImage(width: 256, height: 256, rgba: straight)!
    let image = Image(png)
    var premultiplied = Image(width: 256, height: 256)
    for a in 0..<256 {
        for c in 0..<256 {
            let color = Color(r: UInt8(c), g: UInt8(255 - c), b: UInt8(c / 3), a: UInt8(a))
            expect(image[c, a] == color.premultiplied)
            if c <= a {
                premultiplied[c, a] = Pixel(r: UInt8(c), g: UInt8(a - c), b: UInt8(c / 2), a: UInt8(a))
            }
        }
    }
    let back = StraightImage(premultiplied)
    for a in 0..<256 { for c in 0..<256 { expect(back[c, a] == premultiplied[c, a].unpremultiplied) } }
}
