import CFrameGenPNG
import TestTiers
import Testing

@testable import FrameGenCodecs
@testable import FrameGenRaster

// The decoder's fast path (Sources/CFrameGenPNG/decode.c) takes the PNGs snapshot references are and
// must decode them to libpng's bytes, with its SSE2 loops and without; anything else it declines
// (nil), for libpng to decode or refuse.

/// Translucent or opaque noise with smooth stretches, so that every filter wins some rows.
private func picture(_ width: Int, _ height: Int, seed: UInt32, opaque: Bool) -> Image {
    var state = seed
    func next() -> UInt8 {
        state = state &* 1_664_525 &+ 1_013_904_223
        return UInt8(truncatingIfNeeded: state >> 24)
    }
    var image = Image(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let smooth = (x / 4 + y) % 3 == 0
            let a: UInt8 = opaque ? 255 : smooth ? 255 : next()
            let v = smooth ? UInt8(truncatingIfNeeded: x * 3 + y) : next()
            image[x, y] = Pixel(r: mul255(v, a), g: mul255(next(), a), b: mul255(v &+ 40, a), a: a)
        }
    }
    return image
}

/// The file's chunks (name and data), signature left out.
private func chunks(_ png: [UInt8]) -> [(String, [UInt8])] {
    var out: [(String, [UInt8])] = []
    var at = 8
    while at + 12 <= png.count {
        let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
        out.append(
            (
                String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self),
                Array(png[(at + 8)..<(at + 8 + length)])
            ))
        at += length + 12
    }
    return out
}

/// A PNG of these chunks, each with its CRC.
private func file(_ chunks: [(String, [UInt8])]) -> [UInt8] {
    var out: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    for (name, data) in chunks {
        let n = UInt32(data.count)
        out += [
            UInt8(n >> 24), UInt8(truncatingIfNeeded: n >> 16), UInt8(truncatingIfNeeded: n >> 8),
            UInt8(truncatingIfNeeded: n),
        ]
        let body = Array(name.utf8) + data
        out += body
        let crc = body.withUnsafeBufferPointer { cpng_crc32(0, $0.baseAddress, $0.count) }
        out += [
            UInt8(crc >> 24), UInt8(truncatingIfNeeded: crc >> 16), UInt8(truncatingIfNeeded: crc >> 8),
            UInt8(truncatingIfNeeded: crc),
        ]
    }
    return out
}

/// The fast path takes `png`, and its bytes are libpng's, with SSE2 and without.
private func expectTaken(_ png: [UInt8], _ note: String) throws {
    let fast = try PNG.decodeStraight(png, path: .fast)
    let portable = try PNG.decodeStraight(png, path: .fastPortable)
    let libpng = try PNG.decodeStraight(png, path: .libpng)
    expect(fast != nil, "declined: \(note)")
    expect(fast?.rgba == libpng?.rgba, "fast path and libpng differ: \(note)")
    expect(portable?.rgba == libpng?.rgba, "portable fast path and libpng differ: \(note)")
}

@Test func theFastPathDecodesEveryFilterAsLibpngDoes() throws {
    let filters: [(String, PNGEncodingOptions.Filters)] = [
        ("none", .none), ("sub", .sub), ("up", .up), ("average", .average), ("paeth", .paeth), ("all", .all),
    ]
    for (name, filter) in filters {
        for channels in [PNGEncodingOptions.Channels.rgba, .rgb] {
            for width in [1, 2, 3, 5, 16, 17, 63] {
                let image = picture(width, 7, seed: UInt32(width), opaque: channels == .rgb)
                let png = try PNG.encode(
                    image,
                    options: PNGEncodingOptions(channels: channels, compressionLevel: 6, filters: filter))
                try expectTaken(png, "\(name), \(channels), \(width) px wide")
            }
        }
    }
}

/// Image data in several IDAT chunks (libpng and Apple write many), ancillary chunks before and
/// after it (text, an unknown chunk as Apple's iDOT is, gamma after the data), bytes after IEND.
@Test func theFastPathTakesTheChunksLibpngSkips() throws {
    let png = try PNG.encode(picture(40, 30, seed: 9, opaque: false))
    let parts = chunks(png)
    let idat = parts.filter { $0.0 == "IDAT" }.flatMap(\.1)
    let split = stride(from: 0, to: idat.count, by: 37).map {
        ("IDAT", Array(idat[$0..<min($0 + 37, idat.count)]))
    }
    let text = ("tEXt", Array("Software\0framegen".utf8))
    let dot = ("iDOT", [UInt8](repeating: 0, count: 28))
    let gamma = ("gAMA", [0, 0, 177, 143] as [UInt8])
    let ihdr = parts[0]
    try expectTaken(file([ihdr] + split + [("IEND", [])]), "split IDAT")
    try expectTaken(file([ihdr, text, dot] + split + [text, gamma, ("IEND", [])]), "ancillary chunks")
    try expectTaken(file([ihdr, ("IDAT", idat), ("IEND", [])]) + [1, 2, 3], "bytes after IEND")
    // An RGBA file decodes into the caller's buffer when it has room for the filter bytes, else
    // through a buffer of its own: the same bytes.
    let exact = try #require(try PNG.decodeStraight(png, path: .libpng)).rgba
    var out = [UInt8](repeating: 0, count: 40 * 30 * 4)
    var limits = ImageLimits.default.c
    var info = cpng_info()
    let status = png.withUnsafeBufferPointer { data in
        out.withUnsafeMutableBufferPointer {
            cpng_decode_rgba8_fast(data.baseAddress, data.count, &limits, &info, $0.baseAddress, $0.count, 0)
        }
    }
    expect(status == CPNG_OK && out == exact)
}

/// What the fast path leaves to libpng: other formats, chunks that change pixels or that libpng
/// refuses, a stream that is not exactly the rows.
@Test func theFastPathDeclinesWhatIsNotItsOwn() throws {
    let png = try PNG.encode(
        picture(12, 5, seed: 4, opaque: true), options: PNGEncodingOptions(channels: .rgb))
    let parts = chunks(png)
    let (ihdr, idat) = (parts[0], parts.filter { $0.0 == "IDAT" }.flatMap(\.1))
    let end = ("IEND", [UInt8]())
    func declined(_ bytes: [UInt8], _ note: String) throws {
        try expect(PNG.decodeStraight(bytes, path: .fast) == nil, "taken: \(note)")
    }
    try declined(file([ihdr, ("tRNS", [0, 1, 0, 2, 0, 3]), ("IDAT", idat), end]), "tRNS")
    try declined(
        file([ihdr, ("IDAT", idat), ("tEXt", Array("a\0b".utf8)), ("IDAT", []), end]), "IDAT after text")
    try declined(file([ihdr, ("IDAT", idat), ("ZZzz", [1]), end]), "an unknown critical chunk")
    try declined(file([ihdr, ("IDAT", idat + [0, 0, 0]), end]), "bytes after the zlib stream")
    try declined(file([ihdr, ("IDAT", [0x08] + idat.dropFirst()), end]), "a 256-byte window")
    var badCRC = file([ihdr, ("IDAT", idat), end])
    badCRC[badCRC.count - 13] ^= 1
    try declined(badCRC, "a bad CRC")
    for name in ["rgb16-13x11.png", "rgb8-adam7-13x11.png", "palette8-13x11.png", "gray8-13x11.png"] {
        try declined(Fixtures.bytes("decode", name), name)
    }
}
