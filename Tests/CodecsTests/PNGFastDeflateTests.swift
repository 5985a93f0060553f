import CFrameGenPNG
import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenCodecs
@testable import FrameGenRaster

// `fast` writes its own deflate (fast_deflate.c): runs at distance one pixel and literals, one
// dynamic Huffman block a strip, stored blocks where those are smaller. libpng (through
// PNG.decode) is the independent inflater every image here is read back with.

/// A premultiplied image built from one of several textures that stress different paths of the
/// encoder: flat runs (long matches, a histogram with few symbols), noise (stored blocks),
/// gradients (literals), stripes of repeated pixels shorter and longer than the minimum run.
func textureImage(width: Int, height: Int, kind: Int, seed: UInt64, opaque: Bool) -> Image {
    var rng = SeededRandom(seed: seed)
    var image = Image(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let noise = UInt8(truncatingIfNeeded: rng.next())
            let (r, g, b): (UInt8, UInt8, UInt8)
            switch kind {
            case 0: (r, g, b) = (200, 30, 90)
            case 1:
                (r, g, b) = (
                    noise, UInt8(truncatingIfNeeded: noise &* 7), UInt8(truncatingIfNeeded: rng.next())
                )
            case 2:
                (r, g, b) = (
                    UInt8(truncatingIfNeeded: x), UInt8(truncatingIfNeeded: y * 3),
                    UInt8(truncatingIfNeeded: x + y)
                )
            case 3:
                let v = UInt8(truncatingIfNeeded: (x / (1 + Int(seed % 5))) * 40)
                (r, g, b) = (v, v, 255 &- v)
            default:
                let flat = (x / 9 + y / 5) % 2 == 0
                (r, g, b) = flat ? (10, 20, 30) : (noise, noise / 2, 77)
            }
            let a: UInt8 =
                opaque
                ? 255 : UInt8(truncatingIfNeeded: (x &* 13 &+ y &* 7 &+ Int(truncatingIfNeeded: seed)) & 255)
            image[x, y] = Pixel(r: mul255(r, a), g: mul255(g, a), b: mul255(b, a), a: a)
        }
    }
    return image
}

@Test func fastDecodesToThePixelsOnRandomImages() throws {
    // Sizes from 1 x 1 up, odd widths, both channel counts, translucent and opaque: 60 images.
    var rng = SeededRandom(seed: 22)
    for trial in 0..<60 {
        let width = 1 + Int(rng.next() % 97)
        let height = 1 + Int(rng.next() % 61)
        let opaque = trial % 3 != 0
        let image = textureImage(
            width: width, height: height, kind: trial % 5, seed: rng.next(), opaque: opaque)
        let rgba = try PNG.encode(image, options: PNGEncodingOptions(compression: .fast))
        try expect(PNG.decode(rgba) == image, "trial \(trial): \(width) x \(height)")
        if opaque {
            let rgb = try PNG.encode(image, options: PNGEncodingOptions(channels: .rgb, compression: .fast))
            try expect(PNG.decode(rgb) == image, "trial \(trial) RGB: \(width) x \(height)")
        }
    }
}

@Test(arguments: 0..<5)
func fastDecodesAcrossStripsForEveryTexture(kind: Int) throws {
    // 700 rows of 300 px: several 256 KiB strips, each its own Huffman block and piece.
    for opaque in [true, false] {
        let image = textureImage(width: 300, height: 700, kind: kind, seed: 5, opaque: opaque)
        expect(PNG.stripRows(rowBytes: 300 * 4 + 1) < 700 / 2)
        let png = try PNG.encode(image, options: PNGEncodingOptions(compression: .fast))
        try expect(PNG.decode(png) == image, "texture \(kind), opaque \(opaque)")
        try expect(PNG.encode(image, options: PNGEncodingOptions(compression: .fast), threads: 3) == png)
    }
}

@Test func incompressibleNoiseFallsBackToStoredBlocks() throws {
    // Noise has no runs and a flat histogram: a Huffman block would be larger than the bytes, so
    // each piece is stored. The file is the filtered bytes plus a few bytes a 64 KiB block.
    let image = textureImage(width: 512, height: 300, kind: 1, seed: 8, opaque: true)
    let png = try PNG.encode(image, options: PNGEncodingOptions(channels: .rgb, compression: .fast))
    try expect(PNG.decode(png) == image)
    let filtered = (512 * 3 + 1) * 300
    expect(png.count >= filtered, "noise cannot be compressed")
    expect(
        png.count <= filtered + (filtered / 65535 + 2) * 5 * 2 + 64, "stored, not expanded by Huffman codes")
}

@Test func runsLongerThanDeflatesLongestMatchAndRowsWiderThanAStrip() throws {
    // One flat row of 12 000 px (36 000 or 48 000 bytes: wider than deflate's 32 KiB window,
    // many 258-byte matches in a row), then rows of flat patches and noise, 12 rows in all:
    // strips of 5 or 7 rows.
    var image = textureImage(width: 12_000, height: 12, kind: 4, seed: 3, opaque: true)
    for x in 0..<12_000 { image[x, 0] = Pixel(r: 9, g: 9, b: 9, a: 255) }
    for channels in [PNGEncodingOptions.Channels.rgb, .rgba] {
        let png = try PNG.encode(image, options: PNGEncodingOptions(channels: channels, compression: .fast))
        try expect(PNG.decode(png) == image, "\(channels)")
    }
}

@Test func aFlatImageCompressesToAlmostNothing() throws {
    // Only runs: the literal tree has one byte value (plus the forced second symbol), the
    // distance tree one distance. 1170 x 2532 of one colour stays under 40 KB.
    var image = Image(width: 1170, height: 2532)
    image.fill(Pixel(r: 242, g: 242, b: 247, a: 255))
    let png = try PNG.encode(image, options: PNGEncodingOptions(channels: .rgb, compression: .fast))
    try expect(PNG.decode(png) == image)
    expect(png.count < 40_000, "\(png.count) bytes")
}

@Test func fastDeflateRefusesATooSmallBuffer() {
    let input = [UInt8](repeating: 1, count: 1000)
    var out = [UInt8](repeating: 0, count: 1000)
    var written = 0
    let status = cpng_fast_deflate(input, input.count, 3, 1, &out, out.count, &written)
    expect(status == CPNG_ERROR_ARGUMENT)
}

@Test func theAVX2FilterPassWritesThePortableBytes() {
    // Where the CPU has AVX2 cpng_filter_rows runs the same vector code compiled for it; every
    // filter set, both channel counts, premultiplied and not, odd widths.
    var rng = SeededRandom(seed: 4)
    for trial in 0..<40 {
        let width = 1 + Int(rng.next() % 83)
        let height = 1 + Int(rng.next() % 9)
        let image = textureImage(
            width: width, height: height, kind: trial % 5, seed: rng.next(), opaque: trial % 2 == 0)
        let outChannels: Int32 = trial % 4 < 2 ? 4 : 3
        let premultiplied: Int32 = outChannels == 4 && trial % 3 != 0 ? 1 : 0
        let filters = [
            CPNG_FILTER_ALL, CPNG_FILTER_PAETH, CPNG_FILTER_SUB | CPNG_FILTER_UP | CPNG_FILTER_PAETH,
            CPNG_FILTER_AVG, CPNG_FILTER_NONE,
        ][trial % 5]
        let count = (width * Int(outChannels) + 1) * height
        var dispatched = [UInt8](repeating: 0, count: count)
        var portable = [UInt8](repeating: 1, count: count)
        image.bytes.withUnsafeBufferPointer { rows in
            let a = cpng_filter_rows(
                rows.baseAddress!, UInt32(width), UInt32(height), image.stride, 4, outChannels, premultiplied,
                filters, 0, UInt32(height), &dispatched)
            let b = cpng_filter_rows_portable(
                rows.baseAddress!, UInt32(width), UInt32(height), image.stride, 4, outChannels, premultiplied,
                filters, 0, UInt32(height), &portable)
            expect(a == CPNG_OK && b == CPNG_OK)
        }
        expect(dispatched == portable, "trial \(trial): \(width) x \(height)")
    }
}

@Test func thePaethFilterOfRGBARowsIntoRGBWritesThePortableBytes() {
    // The AVX-512 path filters RGBA rows into RGB without packing them first: every width up to
    // three 16-pixel steps and a remainder, bytes at the ends of the range (where Paeth's
    // distances saturate) mixed with random ones.
    var rng = SeededRandom(seed: 43)
    let extremes: [UInt8] = [0, 1, 2, 126, 127, 128, 129, 253, 254, 255]
    for width in 1...70 {
        let height = 1 + width % 5
        var image = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                func sample() -> UInt8 {
                    rng.next() % 2 == 0
                        ? extremes[Int(rng.next() % UInt64(extremes.count))]
                        : UInt8(truncatingIfNeeded: rng.next())
                }
                image[x, y] = Pixel(r: sample(), g: sample(), b: sample(), a: 255)
            }
        }
        let count = (width * 3 + 1) * height
        var dispatched = [UInt8](repeating: 0, count: count)
        var portable = [UInt8](repeating: 1, count: count)
        image.bytes.withUnsafeBufferPointer { rows in
            let a = cpng_filter_rows(
                rows.baseAddress!, UInt32(width), UInt32(height), image.stride, 4, 3, 0, CPNG_FILTER_PAETH, 0,
                UInt32(height), &dispatched)
            let b = cpng_filter_rows_portable(
                rows.baseAddress!, UInt32(width), UInt32(height), image.stride, 4, 3, 0, CPNG_FILTER_PAETH, 0,
                UInt32(height), &portable)
            expect(a == CPNG_OK && b == CPNG_OK)
        }
        expect(dispatched == portable, "width \(width)")
    }
}

@Test func stripChecksumsCombineToTheWholeChecksum() {
    // `fast` sums each strip apart; the stream's Adler-32 is their combination.
    var rng = SeededRandom(seed: 11)
    let bytes = (0..<300_000).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    for split in [0, 1, 5552, 65_521, 150_000, 299_999, 300_000] {
        let whole = cpng_adler32(1, bytes, bytes.count)
        let first = cpng_adler32(1, bytes, split)
        let second = bytes.withUnsafeBufferPointer {
            cpng_adler32(1, $0.baseAddress! + split, bytes.count - split)
        }
        expect(cpng_adler32_combine(first, second, bytes.count - split) == whole, "split at \(split)")
    }
}

/// Byte k * 9 fib(k) times (k = 0..<25), shuffled: an optimal Huffman code for them would be 24
/// bits deep, deflate allows 15.
func fibonacciBytes(seed: UInt64) -> [UInt8] {
    var fib = [1, 1]
    while fib.count < 25 { fib.append(fib[fib.count - 1] + fib[fib.count - 2]) }
    var bytes: [UInt8] = []
    for (k, n) in fib.enumerated() { bytes += [UInt8](repeating: UInt8(k * 9), count: n) }
    var rng = SeededRandom(seed: seed)
    for i in stride(from: bytes.count - 1, to: 0, by: -1) { bytes.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
    return bytes
}

@Test func codesDeeperThanFifteenBitsAreCutToDeflatesLimit() throws {
    // Byte k appears fib(k) times (k = 1...25): an optimal Huffman tree would be 24 levels deep,
    // deflate allows 15. No filter, so these are the bytes the compressor sees; shuffled, so
    // that literals, not runs, carry them.
    let bytes = fibonacciBytes(seed: 25)
    let width = 256
    let height = bytes.count / (width * 3)
    var image = Image(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 3
            image[x, y] = Pixel(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: 255)
        }
    }
    let png = try PNG.encode(
        image,
        options: PNGEncodingOptions(
            channels: .rgb, compression: .fast, filters: .none))
    try expect(PNG.decode(png) == image)
    // The bytes' entropy is 2.51 bits; codes cut to 15 bits cost a little more.
    expect(png.count < width * height * 3 * 27 / 80, "Huffman-coded (under 2.7 bits a byte), not stored")
}

@Test func anAPNGOfFastFramesCarriesEachFramesStream() throws {
    // The animation reuses each frame's zlib stream (IDAT for the first, fdAT after): the second
    // frame's fdAT data, rewrapped as a still PNG, decodes to that frame's pixels.
    let first = textureImage(width: 300, height: 700, kind: 4, seed: 1, opaque: true)
    let second = textureImage(width: 300, height: 700, kind: 2, seed: 2, opaque: false)
    let options = PNGEncodingOptions(compression: .fast)
    let animation = try PNGAnimation.assemble(
        [try PNG.encode(first, options: options), try PNG.encode(second, options: options)], delay: (1, 30))
    try expect(PNG.decode(animation) == first)
    var stream: [UInt8] = []
    var frameControls = 0
    for chunk in try PNGAnimation.chunks(animation) {
        if chunk.type == "fcTL" { frameControls += 1 }
        if chunk.type == "fdAT" && frameControls == 2 { stream += chunk.data.dropFirst(4) }  // after the sequence number
    }
    expect(!stream.isEmpty)
    var still = [UInt8](repeating: 0, count: cpng_container_size(stream.count))
    var written = 0
    expect(cpng_write_container(300, 700, 4, stream, stream.count, &still, still.count, &written) == CPNG_OK)
    try expect(PNG.decode(Array(still.prefix(written))) == second)
}

/// `fast`'s deflate of `bytes` by the dispatched path and by the plain reference.
func fastDeflateBothWays(_ bytes: [UInt8], bpp: Int, last: Bool) -> (fast: [UInt8], reference: [UInt8]) {
    let cap = cpng_fast_deflate_bound(bytes.count)
    var fast = [UInt8](repeating: 0, count: cap)
    var reference = [UInt8](repeating: 1, count: cap)
    var fastCount = 0
    var referenceCount = 0
    expect(cpng_fast_deflate(bytes, bytes.count, bpp, last ? 1 : 0, &fast, cap, &fastCount) == CPNG_OK)
    expect(
        cpng_fast_deflate_reference(bytes, bytes.count, bpp, last ? 1 : 0, &reference, cap, &referenceCount)
            == CPNG_OK)
    return (Array(fast.prefix(fastCount)), Array(reference.prefix(referenceCount)))
}

/// Opaque texture images of every kind at widths near `widths` (plus 0-2) and heights 1-40,
/// Paeth-filtered as `fast` and `fastest` filter them, with 3 and 4 bytes a pixel: `body` gets
/// the trial, a description and the filtered rows.
func forEachFilteredTexture(
    seed: UInt64, trials: Int, widths: [Int], _ body: (Int, String, [UInt8], Int32) -> Void
) {
    var rng = SeededRandom(seed: seed)
    for trial in 0..<trials {
        let width = widths[trial % widths.count] + Int(rng.next() % 3)
        let height = 1 + Int(rng.next() % 40)
        let image = textureImage(
            width: width, height: height, kind: trial % 5, seed: rng.next(), opaque: true)
        for channels: Int32 in [3, 4] {
            var filtered = [UInt8](repeating: 0, count: (width * Int(channels) + 1) * height)
            image.bytes.withUnsafeBufferPointer { rows in
                _ = cpng_filter_rows(
                    rows.baseAddress!, UInt32(width), UInt32(height), image.stride, 4, channels, 1,
                    CPNG_FILTER_PAETH, 0, UInt32(height), &filtered)
            }
            body(trial, "trial \(trial): \(width) x \(height), \(channels) channels", filtered, channels)
        }
    }
}

@Test func fastDeflateWritesTheReferenceBytesOnFilteredImages() {
    // Runs found 64 bytes at a time and a pixel's codes put at once against the plain loops:
    // every texture, both pixel sizes, widths around the 64-byte window.
    forEachFilteredTexture(seed: 31, trials: 40, widths: [1, 5, 21, 22, 23, 64, 97, 300]) {
        trial, label, filtered, channels in
        let (fast, reference) = fastDeflateBothWays(filtered, bpp: Int(channels), last: trial % 2 == 0)
        expect(fast == reference, "\(label)")
    }
}

@Test func fastDeflateWritesTheReferenceBytesOnRunsOfEveryPixelSize() {
    // Stretches of one byte, of repeats of the pixel before (runs past 258 bytes and past the
    // window's end), and noise, for every pixel size 1...8 and lengths from 0.
    var rng = SeededRandom(seed: 32)
    for trial in 0..<400 {
        let bpp = 1 + trial % 8
        let count = trial < 100 ? trial : Int(rng.next() % 3000)
        var bytes: [UInt8] = []
        while bytes.count < count {
            let stretch = 1 + Int(rng.next() % [8, 300, 40][trial % 3])
            let value = UInt8(truncatingIfNeeded: rng.next())
            let mode = rng.next() % 3
            for _ in 0..<min(stretch, count - bytes.count) {
                switch mode {
                case 0: bytes.append(value)
                case 1: bytes.append(bytes.count >= bpp ? bytes[bytes.count - bpp] : value)
                default: bytes.append(UInt8(truncatingIfNeeded: rng.next() % (trial % 4 == 0 ? 2 : 256)))
                }
            }
        }
        let (fast, reference) = fastDeflateBothWays(bytes, bpp: bpp, last: trial % 2 == 1)
        expect(fast == reference, "trial \(trial): \(count) bytes, pixel \(bpp)")
    }
}

@Test func fastDeflateWritesTheReferenceBytesWithFifteenBitLiteralCodes() {
    // Literal codes up to 15 bits, every pixel size. Byte k * 9 2^k times (k = 0..<18), shuffled,
    // the rarest first: the first two RGBA pixels' four codes are longer than 56 bits together,
    // so they go into the accumulator two at a time.
    let lead: [UInt8] = [0, 9, 18, 27, 9, 18, 27, 36]
    var rest: [UInt8] = []
    for k in 0..<18 {
        let value = UInt8(k * 9)
        rest += [UInt8](repeating: value, count: (1 << k) - lead.filter { $0 == value }.count)
    }
    var rng = SeededRandom(seed: 33)
    for i in stride(from: rest.count - 1, to: 0, by: -1) { rest.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
    for bytes in [fibonacciBytes(seed: 34), lead + rest] {
        for bpp in 1...8 {
            let (fast, reference) = fastDeflateBothWays(bytes, bpp: bpp, last: true)
            expect(fast == reference, "\(bytes.count) bytes, pixel \(bpp)")
        }
    }
}
