import Foundation
import TestTiers
import Testing

@testable import FrameGenCodecs
@testable import FrameGenRaster

/// Decoding at 1/2, 1/4 and 1/8 inside libjpeg-turbo's inverse DCT (the levels of a JPEG
/// thumbnail, docs/design/rendering.md §7), and the encoder that makes camera-like photos.
@Suite struct JPEGReducedDecodeTests {
    /// A smooth, opaque test picture: gradients and a slow wave, no edge sharper than a block.
    static func smooth(width: Int, height: Int) -> Image {
        var image = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let r = UInt8(x * 255 / max(width - 1, 1))
                let g = UInt8(y * 255 / max(height - 1, 1))
                let b = UInt8(128 + Int(60 * sin(Double(x + y) / 40)))
                image[x, y] = Pixel(r: r, g: g, b: b, a: 255)
            }
        }
        return image
    }

    @Test(arguments: [2, 4, 8])
    func aReducedDecodeIsTheFullDecodesBlockMeans(_ reduction: Int) throws {
        let bytes = try JPEG.encode(Self.smooth(width: 256, height: 128), quality: 95)
        let full = try JPEG.decode(bytes)
        let reduced = try JPEG.decode(bytes, reducedBy: reduction)
        expect(reduced.width == 256 / reduction && reduced.height == 128 / reduction)
        // The reduced inverse DCT keeps each block's low frequencies: on a smooth picture a
        // reduced pixel is the mean of the full pixels it stands for, within JPEG's rounding.
        var worst = 0
        for y in 0..<reduced.height {
            for x in 0..<reduced.width {
                var sum = SIMD4<Int>(repeating: 0)
                for j in 0..<reduction {
                    for i in 0..<reduction {
                        let p = full[x * reduction + i, y * reduction + j]
                        sum &+= SIMD4(Int(p.r), Int(p.g), Int(p.b), Int(p.a))
                    }
                }
                let mean = sum / (reduction * reduction)
                let p = reduced[x, y]
                expect(p.a == 255)
                worst = max(
                    worst, abs(Int(p.r) - mean[0]), abs(Int(p.g) - mean[1]), abs(Int(p.b) - mean[2]))
            }
        }
        expect(worst <= 6, "a reduced pixel is \(worst) levels from its block's mean")
    }

    @Test func reducedSidesRoundUpAndOrientationIsApplied() throws {
        let bytes = try Fixtures.bytes("jpeg", "orientation-6.jpg")  // 64 x 32 stored, shown 32 x 64
        for (reduction, side) in [(1, 64), (2, 32), (4, 16), (8, 8)] {
            let image = try JPEG.decode(bytes, reducedBy: reduction)
            expect(image.width == side / 2 && image.height == side)
        }
        let odd = try JPEG.encode(Self.smooth(width: 37, height: 9), quality: 90)
        let eighth = try JPEG.decode(odd, reducedBy: 8)
        expect(eighth.width == 5 && eighth.height == 2)
    }

    @Test func onlyTheFourReductionsAreAccepted() throws {
        let bytes = try Fixtures.bytes("jpeg", "baseline.jpg")
        for reduction in [0, 3, 16, -1] {
            #expect(throws: ImageFileError.self) { try JPEG.decode(bytes, reducedBy: reduction) }
        }
    }

    @Test func aBrokenFileFailsAtEveryReduction() throws {
        let bytes = try Fixtures.bytes("jpeg", "truncated.jpg")
        for reduction in [1, 2, 4, 8] {
            #expect(throws: ImageFileError.self) { try JPEG.decode(bytes, reducedBy: reduction) }
        }
    }

    @Test func encodedPhotosDecodeToTheirPixelsWithinJPEGsLoss() throws {
        let image = Self.smooth(width: 96, height: 64)
        let bytes = try JPEG.encode(image, quality: 92)
        let info = try JPEG.validate(bytes)
        expect(info.width == 96 && info.height == 64 && !info.isProgressive)
        let decoded = try JPEG.decode(bytes)
        var worst = 0
        for y in 0..<64 {
            for x in 0..<96 {
                let (a, b) = (image[x, y], decoded[x, y])
                worst = max(
                    worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        expect(worst <= 12, "worst channel error \(worst)")
        #expect(throws: ImageFileError.self) { try JPEG.encode(image, quality: 0) }
    }
}
