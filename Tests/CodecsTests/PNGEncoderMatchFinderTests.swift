import CFrameGenPNG
import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenCodecs
@testable import FrameGenRaster

// Levels 1 to 6's deflate (cpng_lz_deflate in fast_deflate.c): LZ77 matches one pixel back,
// through a table of 16-byte sequences and a hash chain searched as deep as the level says,
// reaching back into the strips before a piece. libdeflate's inflater (cpng_zlib_decompress) and
// libpng (PNG.decode) read it back, for every level's search.

/// Every search a level uses, the default's first.
private let searches: [cpng_lz_params] = {
    var seen: [cpng_lz_params] = []
    for level in [6, 1, 2, 3, 4, 5] {
        let search = PNGEncodingOptions.Compression.level(level).matchFinder!
        if !seen.contains(where: { same($0, search) }) { seen.append(search) }
    }
    return seen
}()

private func same(_ a: cpng_lz_params, _ b: cpng_lz_params) -> Bool {
    (a.depth, a.nice, a.lazy, a.insert) == (b.depth, b.nice, b.lazy, b.insert)
}

private let defaultSearch = PNGEncodingOptions.Compression.default.matchFinder!

/// `bytes` cut at `cuts` into pieces compressed apart by cpng_lz_deflate (each seeing the bytes
/// before it as history) and joined into one zlib stream, as PNG.encode joins strips.
private func lzStream(
    _ bytes: [UInt8], cuts: [Int], bpp: Int, search: cpng_lz_params = defaultSearch
) -> [UInt8] {
    let bounds = [0] + cuts + [bytes.count]
    var stream: [UInt8] = [0x78, 0x9C]
    for k in 0..<(bounds.count - 1) {
        let cap = cpng_fast_deflate_bound(bounds[k + 1] - bounds[k])
        var piece = [UInt8](repeating: 0, count: cap)
        var written = 0
        var search = search
        let status = bytes.withUnsafeBufferPointer {
            cpng_lz_deflate(
                $0.baseAddress, bounds[k], bounds[k + 1], bpp, &search, k == bounds.count - 2 ? 1 : 0, &piece,
                cap, &written)
        }
        expect(status == CPNG_OK)
        stream += piece.prefix(written)
    }
    let adler = cpng_adler32(1, bytes, bytes.count)
    return stream + (0..<4).map { UInt8(truncatingIfNeeded: adler >> (24 - 8 * $0)) }
}

/// The stream inflated by libdeflate, nil when it is not valid.
private func inflated(_ stream: [UInt8], count: Int) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: count + 1)
    var written = 0
    let status = cpng_zlib_decompress(stream, stream.count, &out, out.count, &written)
    return status == CPNG_OK ? Array(out.prefix(written)) : nil
}

@Test(arguments: searches.indices)
func theMatchFinderReachesBackAs32KiBLessOneAndNoFarther(setting: Int) {
    // 40 000 bytes of noise, then the first 30 000 of them again at distance 32 767 (the window's
    // reach: the copy costs a few hundred bytes), 32 768 or 32 769 (beyond it: literals, about the
    // input's size). Each decodes to its input.
    var rng = SeededRandom(seed: 5)
    let noise = (0..<40_000).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    var sizes: [Int: Int] = [:]
    for distance in [32_767, 32_768, 32_769] {
        let bytes = Array(noise.prefix(distance)) + Array(noise.prefix(30_000))
        let stream = lzStream(bytes, cuts: [], bpp: 3, search: searches[setting])
        expect(inflated(stream, count: bytes.count) == bytes, "distance \(distance)")
        sizes[distance] = stream.count
    }
    expect(sizes[32_767]! < 32_767 + 2_000)
    expect(sizes[32_768]! > 62_000 && sizes[32_769]! > 62_000)
}

@Test(arguments: searches.indices)
func runsLongerThanTheLongestMatchDecode(setting: Int) {
    // Runs of 1 to 2000 repeated pixels (deflate's longest match is 258 bytes) for each pixel
    // size, between literals.
    var rng = SeededRandom(seed: 8)
    for bpp in 1...8 {
        var bytes: [UInt8] = []
        for run in [1, 2, 5, 85, 86, 87, 258, 259, 600, 2000] {
            let pixel = (0..<bpp).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            for _ in 0..<run { bytes += pixel }
            bytes += (0..<7).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        }
        let stream = lzStream(bytes, cuts: [], bpp: bpp, search: searches[setting])
        expect(inflated(stream, count: bytes.count) == bytes, "\(bpp) bytes a pixel")
        expect(stream.count < bytes.count / 4, "runs become matches")
    }
}

@Test(arguments: searches.indices)
func piecesCompressedApartMatchAcrossTheirBoundaries(setting: Int) {
    // A 3-byte-pixel image's rows repeated with variations, cut into pieces anywhere (inside a
    // row, inside a match, 1-byte pieces, empty pieces): every cut decodes to the input, and a
    // piece's matches reach into the pieces before it (so cutting costs almost nothing).
    var rng = SeededRandom(seed: 13)
    let row = (0..<901).map { _ in UInt8(truncatingIfNeeded: rng.next() % 7) }
    var bytes: [UInt8] = []
    for y in 0..<120 {
        bytes += row.enumerated().map { i, v in (i + y) % 97 == 0 ? v &+ UInt8(y) : v }
    }
    // 20 000 bytes of noise twice, cut between the copies: the second piece is one long match
    // into the first (alone it would be stored, 20 000 bytes).
    let noise = (0..<20_000).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    let search = searches[setting]
    let twice = lzStream(noise + noise, cuts: [20_000], bpp: 3, search: search)
    expect(inflated(twice, count: 40_000) == noise + noise)
    expect(twice.count < 20_000 + 1_000)
    let whole = lzStream(bytes, cuts: [], bpp: 3, search: search)
    expect(inflated(whole, count: bytes.count) == bytes)
    for cuts in [[1], [901, 1802], [40_000, 40_001, 40_001, 77_777], (1...9).map { $0 * 10_000 + $0 }] {
        let stream = lzStream(bytes, cuts: cuts, bpp: 3, search: search)
        expect(inflated(stream, count: bytes.count) == bytes, "cuts \(cuts)")
        expect(stream.count < whole.count + 400 * (cuts.count + 1), "cuts \(cuts): \(stream.count)")
    }
}

@Test(arguments: searches.indices)
func theMatchFinderDecodesOnRandomInputs(setting: Int) {
    // Sizes from 0 to 70 000 bytes, every pixel size, noise (stored), few symbols, copies from
    // up to 300 bytes back, cut into up to four pieces at random.
    var rng = SeededRandom(seed: 21 + UInt64(setting))
    for trial in 0..<80 {
        let count = trial % 4 == 0 ? Int(rng.next() % 70_000) : Int(rng.next() % 3_000)
        let bpp = 1 + Int(rng.next() % 8)
        var bytes = [UInt8](repeating: 0, count: count)
        for i in 0..<count {
            switch trial % 4 {
            case 0: bytes[i] = UInt8(truncatingIfNeeded: rng.next())
            case 1: bytes[i] = UInt8(rng.next() % 3)
            case 2:
                bytes[i] =
                    i >= bpp && rng.next() % 40 != 0 ? bytes[i - bpp] : UInt8(truncatingIfNeeded: rng.next())
            default:
                bytes[i] =
                    i >= 300 && rng.next() % 16 != 0
                    ? bytes[i - 1 - Int(rng.next() % 300)] : UInt8(truncatingIfNeeded: rng.next())
            }
        }
        let cuts = (0..<Int(rng.next() % 4)).map { _ in Int(rng.next() % UInt64(count + 1)) }.sorted()
        let stream = lzStream(bytes, cuts: cuts, bpp: bpp, search: searches[setting])
        expect(inflated(stream, count: bytes.count) == bytes, "trial \(trial): \(count) bytes, cuts \(cuts)")
    }
}

@Test(arguments: 1...6)
func theMatchFinderLevelsDecodeToThePixelsOnRandomImages(level: Int) throws {
    // PNG.encode at each level the match finder deflates, on images from 1 x 1 up, odd widths,
    // every texture, translucent and opaque, on one and three threads (the same bytes), read back
    // by libpng.
    let options = PNGEncodingOptions(compressionLevel: level)
    var rng = SeededRandom(seed: 31 + UInt64(level))
    for trial in 0..<60 {
        let width = 1 + Int(rng.next() % 97)
        let height = 1 + Int(rng.next() % 61)
        let opaque = trial % 3 != 0
        let image = textureImage(
            width: width, height: height, kind: trial % 5, seed: rng.next(), opaque: opaque)
        let png = try PNG.encode(image, options: options)
        try expect(PNG.decode(png) == image, "trial \(trial): \(width) x \(height)")
        try expect(PNG.encode(image, options: options, threads: 3) == png)
        if opaque {
            let rgb = try PNG.encode(
                image, options: PNGEncodingOptions(channels: .rgb, compressionLevel: level))
            try expect(PNG.decode(rgb) == image, "trial \(trial) RGB: \(width) x \(height)")
        }
    }
}

// Seconds a texture in a debug build: the fast tier takes every other one.
@Test(arguments: TestTier.cases(0..<5, fastTierEvery: 2))
func theMatchFinderLevelsDecodeAcrossStripsForEveryTexture(kind: Int) throws {
    // 700 rows of 300 px: several strips, each deflated apart with the rows before it as history.
    for opaque in [true, false] {
        let image = textureImage(width: 300, height: 700, kind: kind, seed: 5, opaque: opaque)
        for level in 1...6 {
            let options = PNGEncodingOptions(compressionLevel: level)
            let png = try PNG.encode(image, options: options)
            try expect(PNG.decode(png) == image, "level \(level), texture \(kind), opaque \(opaque)")
            try expect(PNG.encode(image, options: options, threads: 2) == png)
        }
    }
}

@Test(arguments: ["photos-app", "flow-headers", "album-pull"])
func theDefaultIsNoLargerThanLibdeflate6OnPhotoFrames(scene: String) throws {
    // Frames of thumbnails over a flat background (the repository's golden frames), where a chain
    // keyed by 4 bytes instead of 6 wrote files up to 3% larger than libdeflate's level 6 (level
    // 5 here), which is zlib 6's size class (docs/decisions.md, "PNG compression").
    let root = #filePath.components(separatedBy: "/Tests/")[0]
    let image = try PNG.decode(file: root + "/golden/" + scene + "/frame_0000.png")
    let rgb = PNGEncodingOptions.Channels.rgb
    let ours = try PNG.encode(image, options: PNGEncodingOptions(channels: rgb))
    let libdeflate6 = try PNG.encode(image, options: PNGEncodingOptions(channels: rgb, compressionLevel: 5))
    expect(ours.count <= libdeflate6.count, "\(scene): \(ours.count) against \(libdeflate6.count)")
    try expect(PNG.decode(ours) == image)
}

@Test(arguments: ["photos-app", "coverflow-snap", "album-pull"])
func aHigherLevelNeverWritesALargerFile(scene: String) throws {
    // The levels are a ladder (docs/decisions.md, "PNG compression"): stored, `fastest`, `fast`, then 1 to 9,
    // each file no larger than the one before it, on the repository's golden frames as RGB, and
    // each decodes to the frame.
    let root = #filePath.components(separatedBy: "/Tests/")[0]
    let image = try PNG.decode(file: root + "/golden/" + scene + "/frame_0000.png")
    let ladder: [PNGEncodingOptions.Compression] = [.level(0), .fastest, .fast] + (1...9).map { .level($0) }
    var previous = Int.max
    for compression in ladder {
        let png = try PNG.encode(image, options: PNGEncodingOptions(channels: .rgb, compression: compression))
        expect(png.count <= previous, "\(scene), \(compression): \(png.count) after \(previous)")
        try expect(PNG.decode(png) == image, "\(scene), \(compression)")
        previous = png.count
    }
}
