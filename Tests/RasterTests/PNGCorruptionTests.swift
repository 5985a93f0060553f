import Geometry
import Testing

@testable import Raster

/// Each broken fixture with the error it must give (kind and a phrase of the reason).
let corruptExpectations: [String: (PNGError.Kind, String)] = [
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
    #expect(Set(Fixtures.names("corrupt")) == Set(corruptExpectations.keys))
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
        } catch let error as PNGError {
            #expect(error.kind == kind, "\(name): \(error)")
            #expect(error.reason.lowercased().contains(phrase.lowercased()), "\(name): \(error.reason)")
            #expect(!error.reason.contains("\n") && !error.reason.isEmpty)
        }
    }
    // Through a file: the reason is prefixed with the path.
    do {
        _ = try PNG.decode(file: Fixtures.path("corrupt", name))
        Issue.record("\(name) decoded from its file")
    } catch {
        #expect(error.path == Fixtures.path("corrupt", name))
        #expect(error.description.hasPrefix(Fixtures.path("corrupt", name) + ": "))
    }
}

@Test func everyTruncationOfAValidFileIsAnErrorNeverAPartialImage() throws {
    for name in ["rgba8-adam7-13x11.png", "palette4-trns-13x11.png", "gray16-trns-adam7-13x11.png"] {
        let bytes = try Fixtures.bytes("decode", name)
        for cut in 0..<bytes.count {
            #expect(throws: PNGError.self, "\(name) cut at \(cut)") {
                try PNG.decodeStraight(Array(bytes[0..<cut]))
            }
            #expect(throws: PNGError.self) { try PNG.validate(Array(bytes[0..<cut])) }
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
            #expect(image == good)
        } catch {
            refused += 1
            #expect(!error.reason.isEmpty)
        }
    }
    #expect(refused > 1900)
}
