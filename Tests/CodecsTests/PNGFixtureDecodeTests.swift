import TestTiers
import Testing

@testable import FrameGenCodecs
@testable import FrameGenRaster

// The fixtures' pixels follow one formula (scripts/make-png-fixtures.py, `sample`); the expected
// 8-bit RGBA is computed here from that formula and PNG's rules for each format, independently
// of libpng: low bit depths scale by bit replication (v * 255 / (2^bits - 1)), 16-bit samples
// round to nearest (v * 255 / 65535, libpng's png_set_scale_16), gray copies to R, G, B, a tRNS
// colour becomes alpha 0 and everything else alpha 255, palette entries past tRNS are opaque.

/// What a fixture's name says: KIND BITS [-trns] [-adam7] -WxH .png
struct FixtureName {
    var kind: String
    var bits: Int
    var trns: Bool
    var adam7: Bool
    var width: Int
    var height: Int

    init(_ name: String) {
        let parts = name.dropLast(4).split(separator: "-").map(String.init)
        let head = parts[0]
        kind = String(head.prefix { $0.isLetter })
        bits = Int(head.drop { $0.isLetter })!
        trns = parts.contains("trns")
        adam7 = parts.contains("adam7")
        let size = parts.last!.split(separator: "x")
        width = Int(size[0])!
        height = Int(size[1])!
    }

    var colorType: PNGInfo.ColorType {
        switch kind {
        case "gray": return .gray
        case "rgb": return .rgb
        case "palette": return .palette
        case "grayalpha": return .grayAlpha
        default: return .rgba
        }
    }
}

func fixtureSample(_ x: Int, _ y: Int, _ c: Int, _ bits: Int) -> Int {
    (x * 4099 + y * 9001 + c * 1237 + x * y * 313 + 17) & ((1 << bits) - 1)
}

func to8Bits(_ v: Int, _ bits: Int) -> UInt8 {
    switch bits {
    case 16: return UInt8((v * 255 + 32895) >> 16)
    case 8: return UInt8(v)
    default: return UInt8(v * 255 / ((1 << bits) - 1))
    }
}

/// The straight RGBA libpng must produce for pixel (x, y) of a fixture.
func expectedFixturePixel(_ f: FixtureName, _ x: Int, _ y: Int) -> [UInt8] {
    let b = f.bits
    switch f.kind {
    case "gray":
        let v = fixtureSample(x, y, 0, b)
        let transparent = f.trns && v == fixtureSample(3, 2, 0, b)
        let g = to8Bits(v, b)
        return [g, g, g, transparent ? 0 : 255]
    case "rgb":
        let v = (0..<3).map { fixtureSample(x, y, $0, b) }
        let transparent = f.trns && v == (0..<3).map { fixtureSample(3, 2, $0, b) }
        return v.map { to8Bits($0, b) } + [transparent ? 0 : 255]
    case "palette":
        let size = b == 8 ? 200 : 1 << b
        let i = fixtureSample(x, y, 0, b) % size
        let rgb = [(i * 67 + 13) % 256, (i * 151 + 71) % 256, (i * 199 + 5) % 256].map { UInt8($0) }
        let alpha = f.trns && i < max(1, size / 2) ? UInt8((i * 97 + 31) % 256) : 255
        return rgb + [alpha]
    case "grayalpha":
        let g = to8Bits(fixtureSample(x, y, 0, b), b)
        return [g, g, g, to8Bits(fixtureSample(x, y, 1, b), b)]
    default:
        return (0..<4).map { to8Bits(fixtureSample(x, y, $0, b), b) }
    }
}

@Test func everyFormatCombinationHasAFixture() {
    let names = Set(Fixtures.names("decode"))
    // gray 1/2/4/8/16, RGB 8/16, palette 1/2/4/8 +- tRNS, gray+alpha 8/16, RGBA 8/16, gray and
    // RGB with tRNS, each plain and Adam7.
    var required: [String] = []
    for b in [1, 2, 4, 8, 16] { required.append("gray\(b)") }
    for b in [8, 16] {
        required += ["rgb\(b)", "rgb\(b)-trns", "grayalpha\(b)", "rgba\(b)", "gray\(b)-trns"]
    }
    for b in [1, 2, 4, 8] { required += ["palette\(b)", "palette\(b)-trns"] }
    for stem in required {
        expect(names.contains(stem + "-13x11.png"), "missing \(stem)")
        expect(names.contains(stem + "-adam7-13x11.png"), "missing \(stem) Adam7")
    }
    expect(names.count >= 2 * required.count)
}

@Test(arguments: Fixtures.names("decode"))
func fixtureDecodesToTheFormulasPixels(name: String) throws {
    let f = FixtureName(name)
    let bytes = try Fixtures.bytes("decode", name)

    let info = try PNG.readInfo(bytes)
    expect(info.width == f.width && info.height == f.height)
    expect(info.colorType == f.colorType)
    expect(info.bitDepth == f.bits)
    expect(info.isInterlaced == f.adam7)
    expect(info.hasTRNS == f.trns)
    expect(info.hasTransparency == (f.trns || f.kind == "grayalpha" || f.kind == "rgba"))
    try expect(PNG.validate(bytes) == info)

    let straight = try PNG.decodeStraight(bytes)
    expect(straight.width == f.width && straight.height == f.height)
    var mismatches = 0
    for y in 0..<f.height {
        for x in 0..<f.width {
            let i = (y * f.width + x) * 4
            let got = Array(straight.rgba[i..<i + 4])
            let want = expectedFixturePixel(f, x, y)
            if got != want {
                mismatches += 1
                if mismatches <= 3 { Issue.record("\(name) (\(x), \(y)): got \(got), want \(want)") }
            }
        }
    }
    expect(mismatches == 0)

    // The premultiplied decode is the straight one with c * a / 255 rounded.
    let image = try PNG.decode(bytes)
    for y in 0..<f.height {
        for x in 0..<f.width {
            let s = expectedFixturePixel(f, x, y)
            let p = image[x, y]
            let a = Int(s[3])
            expect(
                [p.r, p.g, p.b, p.a]
                    == [
                        UInt8((Int(s[0]) * a + 127) / 255), UInt8((Int(s[1]) * a + 127) / 255),
                        UInt8((Int(s[2]) * a + 127) / 255), s[3],
                    ])
        }
    }
}

@Test func theTrnsFixturesReallyHaveTransparentPixels() throws {
    // Guards the formula: a tRNS test where no pixel matched the key would prove nothing.
    for name in Fixtures.names("decode") where name.contains("-trns") && name.contains("13x11") {
        let straight = try PNG.decodeStraight(try Fixtures.bytes("decode", name))
        let alphas = Swift.stride(from: 3, to: straight.rgba.count, by: 4).map { straight.rgba[$0] }
        expect(alphas.contains { $0 != 255 }, "\(name)")
        if !name.hasPrefix("palette") { expect(straight[3, 2].a == 0, "\(name)") }
    }
}

@Test func colourManagementAndTextChunksDoNotChangeThePixels() throws {
    let gama = try PNG.decodeStraight(try Fixtures.bytes("extra", "rgba8-gama-text-13x11.png"))
    let plain = try PNG.decodeStraight(try Fixtures.bytes("decode", "rgba8-13x11.png"))
    expect(gama == plain)
    // A malformed ICC profile is skipped, not fatal.
    let iccp = try PNG.decodeStraight(try Fixtures.bytes("extra", "rgb16-bad-iccp-13x11.png"))
    try expect(iccp == (try PNG.decodeStraight(try Fixtures.bytes("decode", "rgb16-13x11.png"))))
}
