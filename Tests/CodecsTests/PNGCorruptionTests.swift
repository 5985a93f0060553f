import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenCodecs
@testable import FrameGenRaster

/// Each broken fixture with the error it must give (kind and a phrase of the reason).
let corruptExpectations: [String: (ImageFileError.Kind, String)] = [
    "bad-bit-depth.png": (.invalidData, "IHDR"),
    "bad-color-type.png": (.invalidData, "IHDR"),
    "bad-crc-idat.png": (.invalidData, "CRC"),
    "bad-crc-ihdr.png": (.invalidData, "CRC"),
    "bad-filter-type.png": (.invalidData, "filter"),
    "bad-zlib-data.png": (.invalidData, "IDAT"),
    "bad-zlib-header.png": (.invalidData, "IDAT"),
    "chunk-length-over-31-bits.png": (.invalidData, "out of range"),
    "chunk-length-too-large.png": (.invalidData, "truncated"),
    "empty.png": (.invalidData, "too short"),
    "garbage.png": (.invalidData, "not a PNG"),
    "huge-100000x100000.png": (.exceedsLimits, "100000 x 100000"),
    "idat-length-too-large.png": (.invalidData, "truncated"),
    "idat-split-by-text.png": (.invalidData, "image data"),
    // 16 x 16 px whose IDAT inflates to 64 MiB more than its rows: a decompression bomb.
    "inflates-past-declared-size.png": (.invalidData, "inflates past the image's declared size"),
    "ihdr-after-idat.png": (.invalidData, "IHDR"),
    "missing-idat.png": (.invalidData, "IEND"),
    "missing-ihdr.png": (.invalidData, "IHDR"),
    "missing-plte.png": (.invalidData, "PLTE"),
    "plte-after-idat.png": (.invalidData, "PLTE"),
    "short-image-data.png": (.invalidData, "image data"),
    "signature-only.png": (.invalidData, "truncated"),
    "signature-then-garbage.png": (.invalidData, "PNG"),
    "truncated-before-iend.png": (.invalidData, "truncated"),
    "truncated-in-idat.png": (.invalidData, "truncated"),
    "zero-width.png": (.invalidData, "IHDR"),
]

@Test func everyCorruptFixtureHasAnExpectation() {
    expect(Set(Fixtures.names("corrupt")) == Set(corruptExpectations.keys))
}

@Test(arguments: Fixtures.names("corrupt"))
func corruptFileIsAClearError(name: String) throws {
    let bytes = try Fixtures.bytes("corrupt", name)
    let (kind, phrase) = try #require(corruptExpectations[name])
    let decoders: [(String, () throws -> Void)] = [
        ("decodeStraight", { _ = try PNG.decodeStraight(bytes) }),
        ("decode", { _ = try PNG.decode(bytes) }),
        ("validate", { _ = try PNG.validate(bytes) }),
    ]
    for (label, decode) in decoders {
        do {
            try decode()
            Issue.record("\(name) decoded without an error by \(label)")
        } catch let error as ImageFileError {
            expect(error.kind == kind, "\(name): \(error)")
            expect(error.reason.lowercased().contains(phrase.lowercased()), "\(name): \(error.reason)")
            expect(!error.reason.contains("\n") && !error.reason.isEmpty)
        }
    }
    // Through a file: the reason is prefixed with the path.
    do {
        _ = try PNG.decode(file: Fixtures.path("corrupt", name))
        Issue.record("\(name) decoded from its file")
    } catch {
        expect(error.path == Fixtures.path("corrupt", name))
        expect(error.description.hasPrefix(Fixtures.path("corrupt", name) + ": "))
    }
}

@Test func everyTruncationOfAValidFileIsAnErrorNeverAPartialImage() throws {
    for name in ["rgba8-adam7-13x11.png", "palette4-trns-13x11.png", "gray16-trns-adam7-13x11.png"] {
        let bytes = try Fixtures.bytes("decode", name)
        for cut in 0..<bytes.count {
            #expect(throws: ImageFileError.self, "\(name) cut at \(cut)") {
                try PNG.decodeStraight(Array(bytes[0..<cut]))
            }
            #expect(throws: ImageFileError.self) { try PNG.validate(Array(bytes[0..<cut])) }
        }
    }
}

@Test func randomByteDamageNeverCrashesAndIsDetectedOrHarmless() throws {
    // Any changed byte is inside a CRC-protected chunk, the signature or a length field, so
    // libpng must refuse the file; the process must survive every case.
    let bytes = try Fixtures.bytes("decode", "rgb16-trns-adam7-13x11.png")
    let good = try PNG.decodeStraight(bytes)
    var rng = SeededRandom(seed: 2024)
    var refused = 0
    for _ in 0..<2000 {
        var damaged = bytes
        let count = 1 + rng.next(below: 4)
        for _ in 0..<count {
            damaged[rng.next(below: damaged.count)] ^= UInt8(1 + rng.next(below: 255))
        }
        do {
            let image = try PNG.decodeStraight(damaged)
            // Only a change that libpng tolerates by design (e.g. in IEND's unused CRC) decodes,
            // and then to the very same pixels.
            expect(image == good)
        } catch {
            refused += 1
            expect(!error.reason.isEmpty)
        }
    }
    expect(refused > 1900)
}

/// The chunk CRC re-seals mutated chunks below, so check it against CRC-32's published values:
/// the standard check string and the IEND chunk every PNG ends with.
@Test func chunkCRCIsPNGs() {
    expect(PNGAnimation.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    expect(PNGAnimation.crc32(Array("IEND".utf8)) == 0xAE42_6082)
    expect(PNGAnimation.crc32([]) == 0)
}

/// The byte ranges of each chunk: (start of the type field, end of the data).
func chunkRanges(_ png: [UInt8]) -> [(Int, Int)] {
    var ranges: [(Int, Int)] = []
    var pos = 8
    while pos + 12 <= png.count {
        let length = png[pos..<pos + 4].reduce(0) { $0 << 8 | Int($1) }
        ranges.append((pos + 4, pos + 8 + length))
        pos += 12 + length
    }
    return ranges
}

@Test func damageBehindValidCRCsReachesLibpngsDeeperChecksAndNeverCrashes() throws {
    // Flipping bytes inside a chunk and re-sealing its CRC gets past the CRC check to the IHDR
    // validation, the PLTE / tRNS checks, zlib and the row filters.
    var rng = SeededRandom(seed: 77)
    var decoded = 0
    var refused = 0
    for name in ["palette4-trns-adam7-13x11.png", "rgba16-13x11.png", "gray2-trns-13x11.png"] {
        let good = try Fixtures.bytes("decode", name)
        let ranges = chunkRanges(good)
        for _ in 0..<1500 {
            var bytes = good
            let (start, end) = ranges[rng.next(below: ranges.count - 1)]  // any chunk but IEND
            for _ in 0..<(1 + rng.next(below: 3)) {
                let i = start + 4 + rng.next(below: Swift.max(1, end - start - 4))
                if i < end { bytes[i] ^= UInt8(1 + rng.next(below: 255)) }
            }
            let crc = PNGAnimation.crc32(Array(bytes[start..<end]))
            for k in 0..<4 { bytes[end + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * k)) }
            do {
                let header = try PNG.readInfo(bytes)
                let image = try PNG.decodeStraight(bytes)
                // Never a partial image: what decodes has the header's full size.
                expect(image.width == header.width && image.height == header.height)
                expect(image.rgba.count == header.width * header.height * 4)
                decoded += 1
            } catch {
                expect(!error.reason.isEmpty && !error.reason.contains("\n"))
                refused += 1
            }
        }
    }
    expect(decoded + refused == 4500)
    expect(refused > 0)
}
