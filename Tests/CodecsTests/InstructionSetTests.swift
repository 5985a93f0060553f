import TestTiers
import Testing

@testable import FrameGenCodecs
@testable import FrameGenRaster

// The instruction-set ceiling (CFrameGenISA; `InstructionSet`, FRAMEGEN_ISA, `bench --isa`) changes which
// vector paths run, never the bytes: frames drawn through FrameGenRaster's texture rows and encoded and
// decoded by the PNG code at every level this CPU has are the portable level's, byte for byte.
//
// The ceiling is the process's, and this suite's tests run beside every other suite's (one test
// process): while a level is set here, a test elsewhere that draws or encodes takes that level's
// paths. Its bytes are the same on every level (what this test checks), so no other test can see
// the difference; tests that call a vector kernel directly ask the CPU (`InstructionSet.cpu`),
// not the ceiling. The test restores the ceiling it found, FRAMEGEN_ISA's included.

/// A deterministic byte stream (a linear congruential generator's high bits).
private struct Noise {
    var state: UInt32
    mutating func next() -> UInt8 {
        state = state &* 1_664_525 &+ 1_013_904_223
        return UInt8(truncatingIfNeeded: state >> 24)
    }
}

/// A frame as a renderer's: a flat background (runs for `fast` and `fastest`), a gradient band,
/// a noisy band, then textures drawn over it scaled (`SeparableRows`) and in perspective
/// (`PerspectiveSpans`) through partial coverage and opacity. Widths whose rows end inside a
/// vector step.
private func frame(width: Int, height: Int, opaque: Bool) -> Image {
    var noise = Noise(state: UInt32(width * 31 + height))
    var image = Image(
        width: width, height: height, fill: opaque ? Pixel(r: 242, g: 242, b: 247, a: 255) : .clear)
    for y in height / 3..<height / 2 {
        for x in 0..<width {
            image[x, y] = Pixel(r: UInt8(x % 256), g: UInt8((x + y) % 256), b: 128, a: 255)
        }
    }
    for y in height / 2..<(height * 2 / 3) {
        for x in 0..<width {
            let a: UInt8 = opaque ? 255 : noise.next() | 1
            image[x, y] = Pixel(
                r: mul255(noise.next(), a), g: mul255(noise.next(), a), b: mul255(noise.next(), a), a: a)
        }
    }
    var texels = Image(width: 53, height: 41)
    for y in 0..<texels.height {
        for x in 0..<texels.width {
            let a: UInt8 = opaque || (x + y) % 5 != 0 ? 255 : 90
            texels[x, y] = Pixel(
                r: mul255(noise.next(), a), g: mul255(UInt8(x * 4), a), b: mul255(UInt8(y * 6), a), a: a)
        }
    }
    let texture = Texture(texels)
    var mask = CoverageMask(x: 2, y: 3, width: width - 5, height: height - 7)
    for i in mask.data.indices {
        let v = noise.next()
        mask.data[i] = v < 40 ? 0 : v < 170 ? 255 : v
    }
    // Scaled down between two mip levels, scaled up, and a perspective (a cover-flow cell's).
    let mappings = [
        Homography(m11: 0.37, m12: 0, m13: 0, m21: 0, m22: 0.41, m23: 0, m31: 2.25, m32: -1.5, m33: 1),
        Homography(m11: 2.6, m12: 0, m13: 0, m21: 0, m22: 1.9, m23: 0, m31: -7.1, m32: 3.3, m33: 1),
        Homography(
            m11: 0.9, m12: 0.05, m13: 0.0011, m21: -0.04, m22: 0.8, m23: 0.0007, m31: 3, m32: 2, m33: 1),
    ]
    for (k, h) in mappings.enumerated() {
        Painter.drawTexture(
            &image, texture, deviceToTexture: h, coverage: mask, opacity: [255, 204, 77][k],
            filter: .trilinear,
            separable: true)
    }
    return image
}

/// Everything the levels' paths touch, as bytes: the frames drawn, their PNGs at the settings
/// with vector paths (`fast`, `fastest`: Paeth, RGB from RGBA rows; level 6: every filter,
/// RGBA), and each PNG decoded by the fast decoder.
private func everything() throws -> [[UInt8]] {
    var out: [[UInt8]] = []
    for (width, height, opaque) in [(300, 96, true), (197, 61, false), (67, 19, true)] {
        let image = frame(width: width, height: height, opaque: opaque)
        out.append(image.straightRGBA())
        let settings: [(PNGEncodingOptions.Channels, PNGEncodingOptions.Compression)] = [
            (.rgb, .fast), (.rgb, .fastest), (.rgba, .fast), (.rgba, .fastest), (.rgba, .level(6)),
            (.rgb, .level(1)),
        ]
        for (channels, compression) in settings {
            let png = try PNG.encode(
                image, options: PNGEncodingOptions(channels: channels, compression: compression))
            out.append(png)
            let decoded = try PNG.decodeStraight(png, path: .fast)
            expect(decoded != nil, "the fast decoder declined \(width)x\(height) \(compression)")
            out.append(decoded?.rgba ?? [])
        }
    }
    return out
}

/// The tests that set the ceiling, one at a time (each expects the level it set).
@Suite(.serialized) struct InstructionSetCeilingTests {
    @Test func everyLevelWritesThePortableBytes() throws {
        let saved = InstructionSet.ceiling
        defer { InstructionSet.ceiling = saved }
        let levels = InstructionSet.allCases.filter { $0 <= InstructionSet.cpu }
        var reference: [[UInt8]] = []
        for level in levels {
            InstructionSet.ceiling = level
            expect(InstructionSet.current == level)
            // Each family takes the best path it has at this level.
            let png = PNG.vectorPaths
            expect(png.filter == (level >= .avx2 ? level : .portable))
            expect(png.deflate == level)
            expect(png.decode == min(level, .sse2))
            expect(InstructionSet.rasterRows == (level >= .avx2 ? .avx2 : .portable))
            expect(SeparableRows.hasAVX2 == (level >= .avx2))
            let bytes = try everything()
            if level == .portable {
                reference = bytes
            } else {
                expect(bytes.count == reference.count)
                for (k, (a, b)) in zip(bytes, reference).enumerated() {
                    expect(a == b, "\(level): item \(k) differs from the portable level's")
                }
            }
        }
    }

    /// A ceiling above the CPU is no error: the CPU's best is used. No ceiling is its best too.
    @Test func aCeilingAboveTheCPUUsesItsBest() {
        let saved = InstructionSet.ceiling
        defer { InstructionSet.ceiling = saved }
        InstructionSet.ceiling = .avx512
        expect(InstructionSet.ceiling == .avx512 && InstructionSet.current == InstructionSet.cpu)
        InstructionSet.ceiling = nil
        expect(InstructionSet.ceiling == nil && InstructionSet.current == InstructionSet.cpu)
    }
}

@Test func levelsAreReadByName() {
    expect(InstructionSet.allCases.map(\.description) == ["portable", "sse2", "avx2", "avx512"])
    expect(InstructionSet.names == "portable, sse2, avx2, avx512")
    expect(InstructionSet("AVX2") == .avx2 && InstructionSet("sse2") == .sse2)
    for bad in ["", "scalar", "sse4.1", "avx512vbmi", "avx-2"] {
        expect(InstructionSet(bad) == nil, "\(bad)")
    }
}
