import CFrameGenPNG
import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenCodecs
@testable import FrameGenRaster

// `fastest` (fast_deflate.c): 32-byte blocks of zeros as runs at distance one, every other byte a
// literal of at most 14 bits, codes fitted to a sample of the piece. Its AVX-512 and AVX2 paths
// and its portable one must write the same bytes, and every stream must inflate to its input,
// whatever the sample missed.

/// `fastest`'s raw deflate of `bytes` by the dispatched path and by the portable one, each
/// wrapped as a zlib stream (header, the piece as the last, the Adler-32).
func fastestDeflateBothWays(_ bytes: [UInt8]) -> (dispatched: [UInt8], portable: [UInt8]) {
    let cap = cpng_fast_deflate_bound(bytes.count)
    var a = [UInt8](repeating: 0, count: cap)
    var b = [UInt8](repeating: 1, count: cap)
    var (aCount, bCount) = (0, 0)
    expect(cpng_fastest_deflate(bytes, bytes.count, 1, &a, cap, &aCount) == CPNG_OK)
    expect(cpng_fastest_deflate_portable(bytes, bytes.count, 1, &b, cap, &bCount) == CPNG_OK)
    let adler = cpng_adler32(1, bytes, bytes.count)
    let trailer = (0..<4).map { UInt8(truncatingIfNeeded: adler >> (24 - 8 * $0)) }
    return ([0x78, 0x01] + a.prefix(aCount) + trailer, [0x78, 0x01] + b.prefix(bCount) + trailer)
}

func inflate(_ stream: [UInt8], count: Int) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: count + 1)
    var written = 0
    guard cpng_zlib_decompress(stream, stream.count, &out, out.count, &written) == CPNG_OK else { return nil }
    return Array(out.prefix(written))
}

/// Zero blocks and literal blocks in a pattern: each entry a run of `blocks` blocks of zeros or
/// of small residuals (a filtered photo), some ending in a zero byte so that the next run needs
/// no literal 0, then a tail shorter than a block.
func blockPattern(_ runs: [(zero: Bool, blocks: Int)], tail: Int, seed: UInt64) -> [UInt8] {
    var rng = SeededRandom(seed: seed)
    var bytes: [UInt8] = []
    for (k, run) in runs.enumerated() {
        if run.zero {
            bytes += [UInt8](repeating: 0, count: run.blocks * 32)
        } else {
            for _ in 0..<run.blocks * 32 { bytes.append(UInt8(truncatingIfNeeded: Int(rng.next() % 9) - 4)) }
            if k % 2 == 1 { bytes[bytes.count - 1] = 0 }
        }
    }
    for _ in 0..<tail { bytes.append(UInt8(truncatingIfNeeded: rng.next() % 3)) }
    return bytes
}

@Test func fastestWritesThePortableBytesAndInflatesOnEveryRunLength() {
    // Runs of 1 to 130 zero blocks (121 is the one whose matches end with 255 + 3 + remainder),
    // at the piece's start or not, after a zero byte or not, tails of 0 to 31 bytes.
    var rng = SeededRandom(seed: 37)
    for trial in 0..<60 {
        var runs: [(zero: Bool, blocks: Int)] = []
        if trial % 3 == 0 { runs.append((true, 1 + Int(rng.next() % 130))) }
        for _ in 0..<(1 + Int(rng.next() % 6)) {
            runs.append((false, 1 + Int(rng.next() % 4)))
            runs.append((true, trial % 7 == 0 ? 121 : 1 + Int(rng.next() % 130)))
        }
        let bytes = blockPattern(runs, tail: trial % 32, seed: rng.next())
        let (dispatched, portable) = fastestDeflateBothWays(bytes)
        expect(dispatched == portable, "trial \(trial): \(bytes.count) bytes")
        expect(inflate(portable, count: bytes.count) == bytes, "trial \(trial)")
    }
}

@Test func fastestWritesThePortableBytesForResidualsOfEveryRange() {
    // The AVX2 path looks a block's codes up in four tables where its residuals all lie in
    // -32...31 and in sixteen elsewhere, and writes a block as four strings where each pair of
    // its strings fits 56 bits, else as eight: blocks at that range's edges (-32 and 31 in, -33
    // and 32 out) and far from it, in pieces of mostly short codes and of mostly long ones.
    var rng = SeededRandom(seed: 59)
    let ranges: [ClosedRange<Int>] = [-1...1, -16...15, -32...31, -33...31, -32...32, -128...127]
    for trial in 0..<24 {
        var bytes: [UInt8] = []
        for block in 0..<400 {
            let range = trial % 2 == 0 && block % 9 != 0 ? ranges[block % 2] : ranges[Int(rng.next() % 6)]
            for k in 0..<32 {
                let edge =
                    k == Int(rng.next() % 32) ? (k % 2 == 0 ? range.lowerBound : range.upperBound) : nil
                let value = edge ?? range.lowerBound + Int(rng.next() % UInt64(range.count))
                bytes.append(UInt8(truncatingIfNeeded: value))
            }
            if block % 13 == 0 { bytes += [UInt8](repeating: 0, count: 32 * (1 + block % 3)) }
        }
        let (dispatched, portable) = fastestDeflateBothWays(bytes)
        expect(dispatched == portable, "trial \(trial)")
        expect(inflate(portable, count: bytes.count) == bytes, "trial \(trial)")
    }
}

@Test func fastestHandlesPiecesShorterThanABlockAndEmptyOnes() {
    for count in [0, 1, 2, 31, 32, 33, 63, 64, 65] {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 % 3 == 0 ? 0 : $0) }
        let (dispatched, portable) = fastestDeflateBothWays(bytes)
        expect(dispatched == portable, "\(count) bytes")
        expect(inflate(portable, count: count) == bytes, "\(count) bytes")
    }
}

@Test func aSampleThatMissesTheRareBytesFallsBackToStoredBlocks() {
    // The sampled blocks (every 8th) hold zeros and ones, the others every byte value: the codes
    // fitted to the sample give those values 14 bits, so the dynamic block would outgrow the
    // bytes. The writer notices and stores them, never writing past the buffer.
    var rng = SeededRandom(seed: 5)
    var bytes: [UInt8] = []
    for block in 0..<4000 {
        for _ in 0..<32 {
            bytes.append(block % 8 == 0 ? UInt8(rng.next() % 2) : UInt8(truncatingIfNeeded: rng.next()))
        }
    }
    let (dispatched, portable) = fastestDeflateBothWays(bytes)
    expect(dispatched == portable)
    expect(inflate(portable, count: bytes.count) == bytes)
    expect(portable.count <= bytes.count + (bytes.count / 65535 + 1) * 5 + 6, "stored, not expanded")
}

@Test func fastestWritesThePortableBytesOnFilteredImages() {
    // Every texture, both pixel sizes, widths around the 16-pixel step and the 32-byte block.
    forEachFilteredTexture(seed: 41, trials: 30, widths: [1, 5, 11, 16, 17, 64, 97, 300]) {
        _, label, filtered, _ in
        let (dispatched, portable) = fastestDeflateBothWays(filtered)
        expect(dispatched == portable, "\(label)")
        expect(inflate(portable, count: filtered.count) == filtered, "\(label)")
    }
}

@Test(arguments: 0..<5)
func fastestDecodesAcrossStripsForEveryTexture(kind: Int) throws {
    for opaque in [true, false] {
        let image = textureImage(width: 300, height: 700, kind: kind, seed: 6, opaque: opaque)
        for channels in [PNGEncodingOptions.Channels.rgba, .rgb] where opaque || channels == .rgba {
            let options = PNGEncodingOptions(channels: channels, compression: .fastest)
            let png = try PNG.encode(image, options: options)
            try expect(PNG.decode(png) == image, "texture \(kind), opaque \(opaque), \(channels)")
            try expect(PNG.encode(image, options: options, threads: 3) == png)
        }
    }
}
