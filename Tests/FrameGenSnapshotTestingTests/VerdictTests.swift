import Foundation
import FrameGenSnapshotTesting
import TestTiers
import Testing
import UIKit

/// `Diffing<UIImage>.image` gives swift-snapshot-testing's verdicts and messages, on images
/// whose difference is known: a grey reference, and a copy with a share of its pixels changed
/// to a grey whose ΔE 1994 to it is a lightness step the test computes.
@Suite struct VerdictTests {
    static let size = 20  // 400 pixels

    /// A grey image with the first `changed` pixels (row by row) of another grey.
    static func image(grey: UInt8, changed: Int = 0, to other: UInt8 = 0) -> UIImage {
        var pixels: [UInt8] = []
        for i in 0..<(size * size) {
            let v = i < changed ? other : grey
            pixels += [v, v, v, 255]
        }
        return UIImage(bitmap: UIImage.Bitmap(width: size, height: size, pixels: pixels))
    }

    /// The ΔE 1994 between two greys (a lightness difference).
    static func deltaE(_ a: UInt8, _ b: UInt8) -> Float {
        Float(DeltaE.cie94(Lab(red: a, green: a, blue: a), Lab(red: b, green: b, blue: b)))
    }

    static func verdict(_ old: UIImage, _ new: UIImage, precision: Float = 1, perceptualPrecision: Float = 1)
        -> String?
    {
        Diffing<UIImage>.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: 1)
            .diffV2(old, new)?.0
    }

    @Test func equalImagesMatch() {
        expect(Self.verdict(Self.image(grey: 128), Self.image(grey: 128)) == nil)
    }

    /// Any difference fails at the defaults, with the library's message and framegen's worst ΔE.
    @Test func exactByDefault() throws {
        let message = try #require(
            Self.verdict(Self.image(grey: 128), Self.image(grey: 128, changed: 1, to: 129)))
        expect(message.hasPrefix("Newly-taken snapshot does not match reference."))
        expect(message.contains("1 of 400 pixels differ"))
        expect(message.contains("at pixel (0, 0)"))
        expect(message.contains("framegen: expected | diff | actual in "))
        // Which iOS's drawing was compared, and how to ask for an older one.
        expect(message.contains("framegen: drawn as iOS 18.0 (FRAMEGEN_IOS_VERSION=17 for references"))
    }

    /// Black drawn into a transparent image: the pixels differ in alpha, not in premultiplied
    /// colour, so their ΔE is 0, and the message says why the worst ΔE of a failure is 0.
    @Test func pixelsDifferingInAlphaOnlyAreNamedSo() throws {
        func image(alpha: UInt8) -> UIImage {
            var pixels = [UInt8](repeating: 0, count: Self.size * Self.size * 4)
            pixels[3] = alpha
            return UIImage(bitmap: UIImage.Bitmap(width: Self.size, height: Self.size, pixels: pixels))
        }
        let message = try #require(Self.verdict(image(alpha: 0), image(alpha: 200)))
        expect(message.contains("1 of 400 pixels differ; the worst ΔE 1994 is 0.0 at pixel (0, 0)"))
        expect(message.contains("(they differ in alpha only, which ΔE does not measure)"))
        let colour = try #require(
            Self.verdict(Self.image(grey: 128), Self.image(grey: 128, changed: 1, to: 129)))
        expect(!colour.contains("alpha only"))
    }

    /// 10% of the pixels 5 lightness levels away (128 -> 140 is ΔE 4.6): a perceptual precision
    /// whose threshold is above it passes them all; one below fails them, and the share of
    /// matching pixels (0.9) decides against `precision`.
    @Test func perceptualThreshold() throws {
        let old = Self.image(grey: 128)
        let new = Self.image(grey: 128, changed: 40, to: 140)
        let d = Self.deltaE(128, 140)
        expect(d > 4 && d < 5)
        // Threshold (1 - p) x 100 = 5 > d: every pixel matches.
        expect(Self.verdict(old, new, precision: 1, perceptualPrecision: 0.95) == nil)
        // Threshold 4 < d: 40 of 400 pixels fail.
        expect(Self.verdict(old, new, precision: 0.9, perceptualPrecision: 0.96) == nil)
        let message = try #require(Self.verdict(old, new, precision: 0.95, perceptualPrecision: 0.96))
        expect(message.hasPrefix("The percentage of pixels that match 0.9 is less than required 0.95\n"))
        let lowest = 1 - d / 100
        expect(
            message.contains("The lowest perceptual color precision \(lowest) is less than required 0.96"))
        expect(message.contains("40 of 400 pixels differ"))
    }

    /// Without a perceptual precision, `precision` is the share of equal bytes: 40 pixels of 400
    /// differ in 3 bytes each (the colour, not the alpha), 120 of 1600 bytes.
    @Test func bytePrecision() throws {
        let old = Self.image(grey: 128)
        let new = Self.image(grey: 128, changed: 40, to: 129)
        expect(Self.verdict(old, new, precision: 0.925) == nil)
        let message = try #require(Self.verdict(old, new, precision: 0.93))
        expect(message.hasPrefix("Actual image precision 0.925 is less than required 0.93"))
    }

    @Test func sizesMustAgree() throws {
        let small = UIImage(bitmap: UIImage.Bitmap(width: 1, height: 1, pixels: [0, 0, 0, 255]))
        let message = try #require(Self.verdict(Self.image(grey: 128), small))
        expect(message == "Newly-taken snapshot@(1.0, 1.0) does not match reference@(20.0, 20.0).")
    }

    /// A reference twice the new image's points in pixels came from a 2x simulator: the failure
    /// says which scale draws it; one of no scale's size says nothing more.
    @Test func aReferenceOfAnotherScaleIsNamed() throws {
        let atThree = UIImage(
            bitmap: UIImage.Bitmap(
                width: 30, height: 15, pixels: [UInt8](repeating: 255, count: 30 * 15 * 4)), scale: 3)
        let recordedAtTwo = UIImage.Bitmap(
            width: 20, height: 10, pixels: [UInt8](repeating: 255, count: 20 * 10 * 4))
        let hint = try #require(SnapshotImages.scaleHint(reference: recordedAtTwo, new: atThree))
        expect(hint.contains("FRAMEGEN_SCREEN_SCALE=2") && hint.contains("(now 3)"))
        let other = UIImage.Bitmap(width: 21, height: 10, pixels: [UInt8](repeating: 255, count: 21 * 10 * 4))
        expect(SnapshotImages.scaleHint(reference: other, new: atThree) == nil)
        expect(
            SnapshotImages.scaleHint(
                reference: UIImage.Bitmap(
                    width: 30, height: 15, pixels: [UInt8](repeating: 255, count: 30 * 15 * 4)), new: atThree)
                == nil)
    }

    /// A reference recorded at 3x reads back at 3x: its size in points is a third of its pixels.
    @Test func referenceReadAtItsScale() throws {
        let data = try #require(Self.image(grey: 10).pngData())
        let read = Diffing<UIImage>.image(scale: 3).fromData(data)
        expect(read.scale == 3)
        expect(read.size == CGSize(width: 20.0 / 3, height: 20.0 / 3))
    }
}
