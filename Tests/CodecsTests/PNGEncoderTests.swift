import CFrameGenPNG
import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenCodecs
@testable import FrameGenRaster

// The encoder writes its own container around libdeflate or fast_deflate.c streams; libpng
// decodes it.

/// A premultiplied image with smooth areas, noise and translucent pixels: every filter wins
/// some rows.
func mixedImage(width: Int, height: Int, seed: UInt64, opaque: Bool) -> Image {
    var rng = SeededRandom(seed: seed)
    var image = Image(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let noisy = (y / 7) % 3 == 0
            let v = noisy ? UInt8(truncatingIfNeeded: rng.next()) : UInt8(truncatingIfNeeded: x * 3 + y)
            let a: UInt8 = opaque ? 255 : UInt8(truncatingIfNeeded: 128 + (x + y) % 128)
            image[x, y] = Pixel(
                r: mul255(v, a), g: mul255(UInt8(truncatingIfNeeded: y * 5), a), b: mul255(v / 2, a), a: a)
        }
    }
    return image
}

/// 300 x 700: several strips (fast's pieces are compressed apart), translucent and opaque; made
/// once for every compression (a debug build takes a while over each pixel).
private let stripImages = [false, true].map { mixedImage(width: 300, height: 700, seed: 3, opaque: $0) }

@Test(arguments: [PNGEncodingOptions.Compression.fastest, .fast] + (0...9).map { .level($0) })
func everyCompressionDecodesToTheRenderedPixels(compression: PNGEncodingOptions.Compression) throws {
    for (opaque, image) in zip([false, true], stripImages) {
        let png = try PNG.encode(image, options: PNGEncodingOptions(compression: compression))
        try expect(PNG.decode(png) == image, "\(compression), opaque \(opaque)")
        let rgb = try PNG.encode(image, options: PNGEncodingOptions(channels: .rgb, compression: compression))
        try expect(PNG.readInfo(rgb).colorType == .rgb)
        if opaque { try expect(PNG.decode(rgb) == image) }
    }
}

@Test(arguments: [PNGEncodingOptions.Compression.fastest, .fast, .level(6), .level(1)])
func theBytesDoNotDependOnTheThreads(compression: PNGEncodingOptions.Compression) throws {
    let image = mixedImage(width: 257, height: 1500, seed: 9, opaque: false)
    let options = PNGEncodingOptions(compression: compression)
    let one = try PNG.encode(image, options: options, threads: 1)
    expect(PNG.stripRows(rowBytes: 257 * 4 + 1) < 1500 / 3, "the image must span several strips")
    for threads in [2, 3, 8] {
        try expect(PNG.encode(image, options: options, threads: threads) == one, "\(threads) threads")
    }
}

@Test func translucentPixelsAreWrittenStraightAsPixelUnpremultipliedSays() throws {
    // Every (colour, alpha) byte pair, including colours above their alpha that no blend makes:
    // column c, row a holds Pixel(c, 255 - c, c, a). Rows 255 and 256 are opaque (used in place).
    var image = Image(width: 256, height: 257)
    for a in 0..<256 {
        for c in 0..<256 {
            image[c, a] = Pixel(r: UInt8(c), g: UInt8(255 - c), b: UInt8(c), a: UInt8(a))
        }
    }
    for c in 0..<256 { image[c, 256] = Pixel(r: UInt8(c), g: 7, b: 200, a: 255) }
    for compression in [PNGEncodingOptions.Compression.level(0), .level(6), .fast, .fastest] {
        let png = try PNG.encode(image, options: PNGEncodingOptions(compression: compression), threads: 2)
        let straight = try PNG.decodeStraight(png)
        var mismatches = 0
        for y in 0..<257 {
            for x in 0..<256 where straight[x, y] != image[x, y].unpremultiplied {
                mismatches += 1
            }
        }
        expect(mismatches == 0, "\(compression)")
    }
}

@Test func compressionParsesLevelsAndFast() {
    expect(PNGEncodingOptions.Compression("fast") == .fast)
    expect(PNGEncodingOptions.Compression("fastest") == .fastest)
    expect(PNGEncodingOptions.Compression.fastest.description == "fastest")
    expect(PNGEncodingOptions.Compression("0") == .level(0))
    expect(PNGEncodingOptions.Compression("9") == .level(9))
    expect(PNGEncodingOptions.Compression("10") == nil)
    expect(PNGEncodingOptions.Compression("-1") == nil)
    expect(PNGEncodingOptions.Compression("quick") == nil)
}

@Test func theContainerIsWhatPNGSays() throws {
    let png = try PNG.encode(mixedImage(width: 5, height: 3, seed: 1, opaque: false))
    expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // IHDR first: length 13, 5 x 3, 8 bits, RGBA, deflate, adaptive filters, no interlace.
    expect(
        Array(png[8..<33].prefix(25 - 4)) == [
            0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 5, 0, 0, 0, 3, 8, 6, 0, 0, 0,
        ])
    // IEND last, with its fixed CRC.
    expect(Array(png.suffix(12)) == [0, 0, 0, 0, 73, 69, 78, 68, 0xAE, 0x42, 0x60, 0x82])
}

// MARK: Row filters against the obvious version

/// PNG's predictor for filter `kind` (1 Sub, 2 Up, 3 Average, 4 Paeth) from the left, above and
/// upper-left bytes, straight from the specification.
func predictor(_ kind: Int, _ a: Int, _ b: Int, _ c: Int) -> Int {
    switch kind {
    case 1: return a
    case 2: return b
    case 3: return (a + b) / 2
    case 4:
        let p = a + b - c
        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
        return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
    default: return 0
    }
}

/// The filtered rows as the specification defines them, the filter of each row chosen by the
/// least sum of |signed residual| among `allowed` (first one on ties).
func slowFilter(_ rows: [[UInt8]], bpp: Int, allowed: [Int]) -> [UInt8] {
    var out: [UInt8] = []
    for (y, row) in rows.enumerated() {
        let above = y == 0 ? [UInt8](repeating: 0, count: row.count) : rows[y - 1]
        var best: (sum: Int, bytes: [UInt8])? = nil
        for kind in allowed {
            var bytes: [UInt8] = [UInt8(kind)]
            var sum = 0
            for i in row.indices {
                let a = i >= bpp ? Int(row[i - bpp]) : 0
                let c = i >= bpp ? Int(above[i - bpp]) : 0
                let v = UInt8(truncatingIfNeeded: Int(row[i]) - predictor(kind, a, Int(above[i]), c))
                bytes.append(v)
                sum += abs(Int(Int8(bitPattern: v)))
            }
            if best == nil || sum < best!.sum { best = (sum, bytes) }
        }
        out += best!.bytes
    }
    return out
}

/// Filter masks and the filter numbers they allow.
let filterCases: [(mask: Int32, allowed: [Int])] = [
    (Int32(CPNG_FILTER_NONE), [0]), (Int32(CPNG_FILTER_SUB), [1]), (Int32(CPNG_FILTER_UP), [2]),
    (Int32(CPNG_FILTER_AVG), [3]), (Int32(CPNG_FILTER_PAETH), [4]),
    (Int32(CPNG_FILTER_SUB | CPNG_FILTER_UP | CPNG_FILTER_PAETH), [1, 2, 4]), (0, [0, 1, 2, 3, 4]),
]

@Test(arguments: filterCases.indices)
func rowFiltersMatchTheSpecification(caseIndex: Int) {
    let (mask, allowed) = filterCases[caseIndex]
    var rng = SeededRandom(seed: UInt64(mask) + 1)
    // Widths around the 16-byte vector step; rows of noise, ramps and flat runs.
    for (width, height) in [(1, 3), (3, 2), (4, 5), (5, 4), (17, 6), (64, 3), (101, 7)] {
        for channels in [3, 4] {
            let stride = width * 4 + 3  // padding that must be ignored
            var bytes = [UInt8](repeating: 0, count: stride * height)
            for y in 0..<height {
                for i in 0..<(width * 4) {
                    let ramp = UInt8(truncatingIfNeeded: i * (y + 1))
                    bytes[y * stride + i] = y % 3 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : ramp
                }
            }
            let rows = packedRows(bytes, width: width, height: height, stride: stride, channels: channels)
            let expected = slowFilter(rows, bpp: channels, allowed: allowed)
            // Whole image, and in two ranges (the second reads its row above from the image).
            for split in [height, height / 2] {
                var out = [UInt8](repeating: 0xEE, count: expected.count)
                let rowBytes = width * channels + 1
                bytes.withUnsafeBufferPointer { src in
                    out.withUnsafeMutableBufferPointer { dst in
                        for (y0, y1) in [(0, split), (split, height)] where y0 < y1 {
                            let status = cpng_filter_rows(
                                src.baseAddress, UInt32(width), UInt32(height), stride, 4, Int32(channels), 0,
                                mask,
                                UInt32(y0), UInt32(y1), dst.baseAddress! + y0 * rowBytes)
                            expect(status == CPNG_OK)
                        }
                    }
                }
                expect(out == expected, "\(width) x \(height), \(channels) channels, split at \(split)")
            }
        }
    }
}

@Test func paethAloneMatchesTheSpecificationAtTheEdgesOfTheByteRange() {
    // Paeth alone (`fast`'s filter) runs 32 bytes at a time in 8-bit lanes where the CPU has AVX2,
    // with |a + b - 2c| saturated: values at 0, 127-129 and 255 drive the distances to their
    // extremes and to ties (a before b before c), on rows wide enough for many vector steps.
    let values: [UInt8] = [0, 1, 2, 127, 128, 129, 253, 254, 255]
    var rng = SeededRandom(seed: 29)
    for (width, height) in [(11, 40), (97, 12), (333, 5)] {
        for channels in [3, 4] {
            let stride = width * 4
            var bytes = [UInt8](repeating: 0, count: stride * height)
            for i in bytes.indices {
                bytes[i] =
                    rng.next() % 4 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : values[Int(rng.next() % 9)]
            }
            let rows = packedRows(bytes, width: width, height: height, stride: stride, channels: channels)
            let expected = slowFilter(rows, bpp: channels, allowed: [4])
            var out = [UInt8](repeating: 0xEE, count: expected.count)
            let status = cpng_filter_rows(
                bytes, UInt32(width), UInt32(height), stride, 4, Int32(channels), 0, Int32(CPNG_FILTER_PAETH),
                0,
                UInt32(height), &out)
            expect(status == CPNG_OK)
            let mismatch = out.indices.first { out[$0] != expected[$0] }  // not the whole rows on failure
            expect(mismatch == nil, "\(width) x \(height), \(channels) channels")
        }
    }
}

/// An RGBA image's rows as the encoder packs them: `channels` bytes a pixel, no padding.
private func packedRows(_ bytes: [UInt8], width: Int, height: Int, stride: Int, channels: Int) -> [[UInt8]] {
    (0..<height).map { (y: Int) -> [UInt8] in
        (0..<width).flatMap { (x: Int) -> ArraySlice<UInt8> in
            let start: Int = y * stride + x * 4
            return bytes[start..<(start + channels)]
        }
    }
}

@Test func filtersNoneMeansRowsUnfilteredNotTheDefaultFilters() throws {
    // `filters: .none` once read as Optional's nil, so the encoder chose Sub, Up or Paeth per row.
    let options = PNGEncodingOptions(channels: .rgb, compressionLevel: 0, filters: .none)
    expect(options.filters == PNGEncodingOptions.Filters.none)
    expect(PNGEncodingOptions(compression: .fast, filters: .none).filters == PNGEncodingOptions.Filters.none)
    expect(PNGEncodingOptions().filters == .default)
    expect(PNGEncodingOptions(compression: .fast).filters == .paeth)
    expect(PNGEncodingOptions(compressionLevel: 0).filters == PNGEncodingOptions.Filters.none)
    // Level 0 stores the filtered rows as they are (after the zlib header and one stored block's
    // header): on a gradient, where every other filter wins, each row's type byte is None's 0.
    let (width, height) = (16, 4)
    var image = Image(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            image[x, y] = Pixel(r: UInt8(x * 9), g: UInt8(y * 30), b: UInt8(x + y), a: 255)
        }
    }
    let png = try PNG.encode(image, options: options)
    try expect(PNG.decode(png) == image)
    let stream = try PNGAnimation.chunks(png).filter { $0.type == "IDAT" }.flatMap { $0.data }
    let rows = Array(stream.dropFirst(2 + 5))
    expect(rows.count >= height * (width * 3 + 1))
    for y in 0..<height {
        expect(rows[y * (width * 3 + 1)] == 0, "row \(y)")
    }
    let chosen = try PNG.encode(
        image, options: PNGEncodingOptions(channels: .rgb, compressionLevel: 0, filters: .default))
    let chosenRows = Array(
        try PNGAnimation.chunks(chosen).filter { $0.type == "IDAT" }.flatMap { $0.data }.dropFirst(7))
    expect(chosenRows[width * 3 + 1] != 0, "the default filters filter the gradient's second row")
}
