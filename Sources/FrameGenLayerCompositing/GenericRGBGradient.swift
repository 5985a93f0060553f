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
    /// The ICC colorants (XYZ under D50, 1/65536 units) of sRGB (its IEC 61966-2.1 profile's)
    /// and of Apple's Generic RGB (primaries R (0.630, 0.340), G (0.295, 0.605), B (0.155,
    /// 0.077), white D65, Bradford-adapted to D50 and rounded as a profile stores them): columns
    /// red, green, blue. These fit iOS's gradient references closer than the unrounded
    /// colorimetric matrices (docs/design/rendering.md §8.6).
    private static let srgbColorants: [[Double]] = [
        [28578, 25241, 9376], [14581, 46981, 3972], [912, 6362, 46799],
    ]
    private static let genericColorants: [[Double]] = [
        [29771, 23155, 10264], [15853, 44148, 5534], [976, 5939, 47146],
    ]
    /// Linear sRGB to linear Generic RGB, through the colorants, and back.
    private static let fromSRGB = Matrix3(genericColorants).inverse.times(Matrix3(srgbColorants))
    private static let toSRGB = fromSRGB.inverse
    private static let gamma = 1.8
    /// Generic RGB's curve is limited to a slope of 16 near black: linear below 2^-9, where it
    /// meets the power curve (without the limit dark values missed iOS's by up to 1.4 levels).
    private static let toe = 1.0 / 512
    private static let toeSlope = 16.0

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
        let g = fromSRGB.times(SIMD3(decoded(c.red), decoded(c.green), decoded(c.blue)))
        return SIMD3(encode(g.x), encode(g.y), encode(g.z))

        func encode(_ v: Double) -> Double {
            let a = Swift.min(Swift.max(v, 0), 1)
            return a < toe ? a * toeSlope : a.power(1 / gamma)
        }
    }

    /// The sRGB components (0...1, not rounded) of Generic RGB's encoded ones.
    private static func srgbComponents(_ g: SIMD3<Double>) -> SIMD3<Double> {
        func decode(_ v: Double) -> Double {
            v < toe * toeSlope ? Swift.max(v, 0) / toeSlope : v.power(gamma)
        }
        let linear = toSRGB.times(SIMD3(decode(g.x), decode(g.y), decode(g.z)))
        return SIMD3(encoded(linear.x), encoded(linear.y), encoded(linear.z))
    }

    private static func srgb(_ g: SIMD3<Double>, alpha: Double) -> Color {
        let c = srgbComponents(g)
        func byte(_ v: Double) -> UInt8 {
            UInt8((Swift.min(Swift.max(v, 0), 1) * 255).rounded().clampedInt(in: 0...255, nan: 0))
        }
        return Color(r: byte(c.x), g: byte(c.y), b: byte(c.z), a: byte(alpha))
    }

    /// Core Graphics' table of the gradient of `colors` at `locations` (resolved, one per
    /// colour), `samples` entries sampling [0, 1) between the exact end colours: each the
    /// colour at its t, interpolated in Generic RGB's encoded components and converted to
    /// sRGB, in levels, not rounded (docs/design/rendering.md §8.6).
    static func table(
        colors: [LayerSnapshot.Color], locations: [Double], samples: Int, wideColumns: Bool
    ) -> Gradient.CoreGraphicsTable? {
        guard !colors.isEmpty, colors.count == locations.count, samples > 0 else { return nil }
        let generics = colors.map { generic(of: $0) }
        func entry(_ t: Double) -> SIMD4<Double> {
            var i = 0
            while i < locations.count, locations[i] <= t { i += 1 }
            let g: SIMD3<Double>
            let alpha: Double
            if i == 0 {
                (g, alpha) = (generics[0], colors[0].alpha)
            } else if i == locations.count {
                (g, alpha) = (generics[i - 1], colors[i - 1].alpha)
            } else {
                let span = locations[i] - locations[i - 1]
                let f = span > 0 ? (t - locations[i - 1]) / span : 1
                g = generics[i - 1] + (generics[i] - generics[i - 1]) * f
                alpha = colors[i - 1].alpha + (colors[i].alpha - colors[i - 1].alpha) * f
            }
            let c = srgbComponents(g) * 255
            return SIMD4(c.x, c.y, c.z, Swift.min(Swift.max(alpha, 0), 1) * 255)
        }
        var entries = [entry(0)]
        entries.reserveCapacity(samples + 2)
        for i in 0..<samples { entries.append(entry((Double(i) + 0.5) / Double(samples))) }
        entries.append(entry(1))
        return Gradient.CoreGraphicsTable(entries: entries, wideColumns: wideColumns)
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

/// A 3 x 3 matrix of rows, for the colour conversions.
private struct Matrix3 {
    var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    /// Rows of three, in 1/65536 units.
    init(_ fixed: [[Double]]) {
        rows = (
            SIMD3(fixed[0][0], fixed[0][1], fixed[0][2]) / 65536,
            SIMD3(fixed[1][0], fixed[1][1], fixed[1][2]) / 65536,
            SIMD3(fixed[2][0], fixed[2][1], fixed[2][2]) / 65536
        )
    }

    init(rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)) { self.rows = rows }

    func times(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((rows.0 * v).sum(), (rows.1 * v).sum(), (rows.2 * v).sum())
    }

    func times(_ m: Matrix3) -> Matrix3 {
        let columns = (
            SIMD3(m.rows.0.x, m.rows.1.x, m.rows.2.x), SIMD3(m.rows.0.y, m.rows.1.y, m.rows.2.y),
            SIMD3(m.rows.0.z, m.rows.1.z, m.rows.2.z)
        )
        func row(_ r: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3((r * columns.0).sum(), (r * columns.1).sum(), (r * columns.2).sum())
        }
        return Matrix3(rows: (row(rows.0), row(rows.1), row(rows.2)))
    }

    /// The inverse, by cofactors (the colorant matrices are far from singular).
    var inverse: Matrix3 {
        let (a, b, c) = rows
        func cross(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
        }
        let (bc, ca, ab) = (cross(b, c), cross(c, a), cross(a, b))
        let det = (a * bc).sum()
        // The columns of the inverse are bc, ca, ab over the determinant.
        return Matrix3(
            rows: (
                SIMD3(bc.x, ca.x, ab.x) / det, SIMD3(bc.y, ca.y, ab.y) / det, SIMD3(bc.z, ca.z, ab.z) / det
            ))
    }
}
