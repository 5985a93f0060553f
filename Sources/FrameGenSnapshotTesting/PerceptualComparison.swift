import Foundation

/// The verdict swift-snapshot-testing gives two images of the same size, computed as it does on
/// iOS: byte-equal pixels match at once; else with `perceptualPrecision` < 1 a pixel matches
/// when its CIE ΔE 1994 to the reference (what Core Image's `CILabDeltaE` gives, 0...100) is at
/// most (1 - perceptualPrecision) x 100, and the share of matching pixels must reach
/// `precision`; with `perceptualPrecision` 1 the share of equal bytes must reach `precision`.
package struct PerceptualComparison: Sendable {
    /// The share of pixels (or, without a perceptual precision, of bytes) that match.
    package var matchingShare: Float
    /// The largest ΔE 1994 of any pixel, and where it is (x, y in pixels).
    package var worstDeltaE: Float
    package var worstPixel: (x: Int, y: Int)
    /// Pixels whose bytes differ at all.
    package var differingPixels: Int

    /// `old` and `new`: premultiplied RGBA rows of `width` x `height`.
    package init(old: [UInt8], new: [UInt8], width: Int, height: Int, perceptualPrecision: Float) {
        let threshold = (1 - perceptualPrecision) * 100
        var failing = 0
        var differingBytes = 0
        var differing = 0
        var worst: Float = 0
        var worstAt = (x: 0, y: 0)
        var cache: [UInt64: Float] = [:]
        for i in 0..<(width * height) {
            let o = i * 4
            guard
                old[o] != new[o] || old[o + 1] != new[o + 1] || old[o + 2] != new[o + 2]
                    || old[o + 3] != new[o + 3]
            else { continue }
            differing += 1
            for c in 0..<4 where old[o + c] != new[o + c] { differingBytes += 1 }
            let key =
                UInt64(old[o]) | UInt64(old[o + 1]) << 8 | UInt64(old[o + 2]) << 16 | UInt64(new[o]) << 24
                | UInt64(new[o + 1]) << 32 | UInt64(new[o + 2]) << 40
            let delta: Float
            if let known = cache[key] {
                delta = known
            } else {
                delta = Float(
                    DeltaE.cie94(
                        Lab(red: old[o], green: old[o + 1], blue: old[o + 2]),
                        Lab(red: new[o], green: new[o + 1], blue: new[o + 2])))
                cache[key] = delta
            }
            if delta > threshold { failing += 1 }
            if delta > worst {
                worst = delta
                worstAt = (i % width, i / width)
            }
        }
        let pixels = max(1, width * height)
        matchingShare =
            perceptualPrecision < 1
            ? 1 - Float(failing) / Float(pixels) : 1 - Float(differingBytes) / Float(pixels * 4)
        worstDeltaE = worst
        worstPixel = worstAt
        differingPixels = differing
    }
}

/// CIE L*a*b* (D65) of an 8-bit sRGB colour. Core Image compares the images as they are stored,
/// premultiplied, so a translucent pixel is compared as its colour over black.
package struct Lab: Equatable, Sendable {
    package var l: Double
    package var a: Double
    package var b: Double

    package init(l: Double, a: Double, b: Double) { (self.l, self.a, self.b) = (l, a, b) }

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        func linear(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        // sRGB to XYZ, then relative to D65's white.
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let (fx, fy, fz) = (f(x), f(y), f(z))
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }
}

package enum DeltaE {
    /// CIE ΔE 1994 with the graphic-arts weights (kL = kC = kH = 1, K1 = 0.045, K2 = 0.015),
    /// `reference` first: its chroma weighs the differences.
    package static func cie94(_ reference: Lab, _ sample: Lab) -> Double {
        let c1 = (reference.a * reference.a + reference.b * reference.b).squareRoot()
        let c2 = (sample.a * sample.a + sample.b * sample.b).squareRoot()
        let dl = reference.l - sample.l
        let dc = c1 - c2
        let da = reference.a - sample.a
        let db = reference.b - sample.b
        let dh2 = max(0, da * da + db * db - dc * dc)
        let sc = 1 + 0.045 * c1
        let sh = 1 + 0.015 * c1
        return (dl * dl + (dc / sc) * (dc / sc) + dh2 / (sh * sh)).squareRoot()
    }
}
