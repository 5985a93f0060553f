import Foundation
import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster

/// How `CALayer.render(in:)` colours a `CAGradientLayer`: it makes a Core Graphics gradient with
/// no colour space, which Core Graphics documents as converting each colour to Generic RGB and
/// interpolating there. Each colour goes from sRGB to Generic RGB (clamped to its gamut), the
/// gamma-1.8 components are interpolated, and the result comes back to sRGB
/// (docs/design/rendering.md §8.6). A colour inside Generic RGB's gamut comes back as it was;
/// `UIColor.red` does not: its green is 38 at the gradient's start on iOS, as here.
enum GenericRGBGradient {
    /// Apple's Generic RGB: primaries R (0.630, 0.340), G (0.295, 0.605), B (0.155, 0.077),
    /// white D65, gamma 1.8. The matrices take linear sRGB to linear Generic RGB and back,
    /// through XYZ.
    private static let fromSRGB = (
        SIMD3(0.9748495053, 0.0272953502, -0.0021448555),
        SIMD3(-0.0200002874, 1.0542090447, -0.0342087573),
        SIMD3(0.0016907497, 0.0015637868, 0.9967454635)
    )
    private static let toSRGB = (
        SIMD3(1.0252524586, -0.0265475337, 0.0012950751),
        SIMD3(0.0193935069, 0.9480280089, 0.0325784842),
        SIMD3(-0.0017695316, -0.0014423226, 1.0032118541)
    )
    private static let gamma = 1.8

    /// Sub-stops per interval between two colours: the straight sRGB pieces stay within a
    /// quarter of a level of the curve at 128 (at 32 they were 3 off where sRGB's curve is
    /// steepest, near black), before rounding each sub-stop to a byte.
    static let piecesPerInterval = 128

    /// `colors` at `locations` (already resolved, one per colour) as sRGB stops that follow the
    /// Generic RGB interpolation.
    static func stops(colors: [LayerSnapshot.Color], locations: [Double]) -> (
        colors: [Color], locations: [Double]
    ) {
        guard colors.count == locations.count, colors.count > 1 else {
            return (colors.map { srgb(generic(of: $0), alpha: $0.alpha) }, locations)
        }
        var outColors: [Color] = []
        var outLocations: [Double] = []
        for i in 0..<(colors.count - 1) {
            let (a, b) = (generic(of: colors[i]), generic(of: colors[i + 1]))
            let (alphaA, alphaB) = (colors[i].alpha, colors[i + 1].alpha)
            let steps = locations[i + 1] > locations[i] ? piecesPerInterval : 1
            for k in 0..<steps {
                let f = Double(k) / Double(steps)
                outColors.append(srgb(a + (b - a) * f, alpha: alphaA + (alphaB - alphaA) * f))
                outLocations.append(locations[i] + (locations[i + 1] - locations[i]) * f)
            }
        }
        outColors.append(srgb(generic(of: colors[colors.count - 1]), alpha: colors[colors.count - 1].alpha))
        outLocations.append(locations[locations.count - 1])
        return (outColors, outLocations)
    }

    /// Generic RGB's gamma-encoded components of an sRGB colour, clamped to 0...1.
    private static func generic(of c: LayerSnapshot.Color) -> SIMD3<Double> {
        let linear = SIMD3(decoded(c.red), decoded(c.green), decoded(c.blue))
        let g = apply(fromSRGB, linear)
        return SIMD3(encode(g.x), encode(g.y), encode(g.z))

        func encode(_ v: Double) -> Double { v > 0 ? Swift.min(v, 1).power(1 / gamma) : 0 }
    }

    private static func srgb(_ g: SIMD3<Double>, alpha: Double) -> Color {
        let linear = apply(toSRGB, SIMD3(g.x.power(gamma), g.y.power(gamma), g.z.power(gamma)))
        func byte(_ v: Double) -> UInt8 {
            UInt8((Swift.min(Swift.max(v, 0), 1) * 255).rounded().clampedInt(in: 0...255, nan: 0))
        }
        return Color(
            r: byte(encoded(linear.x)), g: byte(encoded(linear.y)), b: byte(encoded(linear.z)), a: byte(alpha)
        )
    }

    private static func apply(
        _ m: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>), _ v: SIMD3<Double>
    ) -> SIMD3<Double> {
        SIMD3((m.0 * v).sum(), (m.1 * v).sum(), (m.2 * v).sum())
    }

    /// The sRGB transfer function and its inverse, odd about 0 for extended components.
    private static func decoded(_ v: Double) -> Double {
        let a = Swift.abs(v)
        let l = a <= 0.04045 ? a / 12.92 : ((a + 0.055) / 1.055).power(2.4)
        return v < 0 ? -l : l
    }

    private static func encoded(_ v: Double) -> Double {
        let a = Swift.min(Swift.max(v, 0), 1)
        return a <= 0.0031308 ? a * 12.92 : 1.055 * a.power(1 / 2.4) - 0.055
    }
}

extension Double {
    fileprivate func power(_ e: Double) -> Double { pow(self, e) }
}
