import Foundation
import FrameGenGeometry

/// A CAGradientLayer's gradient in a layer's local points (docs/design/rendering.md §8.6):
/// colour stops at `locations` along a parameter t that each `Kind` defines from `start` and
/// `end`, the straight components interpolated linearly between stops, the end colours
/// extended beyond them.
public struct Gradient: Sendable, Hashable {
    /// CAGradientLayerType.
    public enum Kind: Sendable, Hashable {
        /// t is where a point projects on the axis from `start` (0) to `end` (1): lines across
        /// the axis at right angles in the gradient's own space (`space`) share one colour.
        case axial
        /// t is 0 at `start`, 1 on the ellipse about it whose bounding box has a corner at
        /// `end` (semi-axes |end.x - start.x| and |end.y - start.y|).
        case radial
        /// t is the angle about `start`, from the direction of `end`, clockwise on screen
        /// (y down), over a full turn, measured in the gradient's own space (`space`).
        case conic
    }

    public var kind: Kind
    /// Straight (not premultiplied) colours.
    public var colors: [Color]
    /// One per colour, in 0...1, not decreasing.
    public var locations: [Double]
    public var start: SIMD2<Double>
    public var end: SIMD2<Double>
    /// Local points per unit of the space the axial and conic gradients are laid out in: (1, 1)
    /// for points; a CAGradientLayer's bounds size for Core Animation's, which lays a gradient
    /// out in the unit square and stretches it to the bounds (on a wide layer a diagonal
    /// gradient's lines of one colour run corner to corner, not at right angles to the axis).
    /// A radial gradient's ellipse is the same in either.
    public var space = SIMD2<Double>(1, 1)
    /// How Core Graphics draws this gradient (`CALayer.render(in:)`): through a table of
    /// colours, dithered to bytes (docs/design/rendering.md §8.6). nil: each pixel's colour
    /// from the stops, rounded, as the screen draws it.
    public var coreGraphicsTable: CoreGraphicsTable?

    /// `locations` nil or of another count than `colors`: spread evenly from 0 to 1, as Core
    /// Animation does. Locations are clamped to 0...1 and made non-decreasing.
    public init(
        _ kind: Kind = .axial, colors: [Color], locations: [Double]?, start: SIMD2<Double>, end: SIMD2<Double>
    ) {
        self.kind = kind
        self.colors = colors
        self.start = start
        self.end = end
        var locs: [Double]
        if let locations, locations.count == colors.count {
            locs = locations.map { $0.isFinite ? Swift.min(Swift.max($0, 0), 1) : 0 }
        } else {
            let n = colors.count
            locs = (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
        }
        for i in locs.indices.dropFirst() { locs[i] = Swift.max(locs[i], locs[i - 1]) }
        self.locations = locs
    }

    /// Core Graphics' table of a gradient's colours, and the dither it quantises them with
    /// (docs/design/rendering.md §8.6, measured on iOS references).
    public struct CoreGraphicsTable: Sendable, Hashable {
        /// Straight colours, components in levels (0...255, not rounded): the first for t < 0,
        /// the last for t >= 1 (the exact end colours), and the `entries.count - 2` between
        /// them sampling [0, 1), entry i at t = (i + 0.5) / (count - 2).
        public var entries: [SIMD4<Double>]
        /// The dither tile's columns are two pixels wide (radial gradients).
        public var wideColumns: Bool

        public init(entries: [SIMD4<Double>], wideColumns: Bool) {
            self.entries = entries
            self.wideColumns = wideColumns
        }

        /// The entries Core Graphics samples [0, 1) with for an axis `length` device pixels
        /// long: 16 floor(L / 16) + 14, so that with the two end colours the table holds a
        /// multiple of 16 (every reference's fitted size; rendering.md §8.6). At least 14, and
        /// at most `maximumSamples`.
        public static func samples(forLength length: Double) -> Int {
            guard length.isFinite, length > 0 else { return 14 }
            return 16
                * (Swift.min(length, Double(maximumSamples)) / 16).rounded(.down).clampedInt(
                    in: 0...(maximumSamples / 16), nan: 0) + 14
        }

        public static let maximumSamples = 1 << 16

        /// The entry t reads in a table of `n` samples between the two end colours: an end
        /// colour outside [0, 1), else sample ceil(t n) - 1, the lower of two on a tie (a pixel
        /// centre exactly on a step), as iOS's references read.
        @inline(__always) static func index(t: Double, samples n: Int) -> Int {
            guard t >= 0 else { return t.isNaN ? 1 : 0 }
            guard t < 1 else { return n + 1 }
            // A centre on a step computes t n a rounding error off the integer it is.
            let k = (t * Double(n) - 1e-9).rounded(.up) - 1
            return 1 + k.clampedInt(in: 0...(n - 1), nan: 0)
        }

        /// The premultiplied pixel of `entry` where the tile's rank is `rank`: each colour
        /// component floor(value + (rank + 0.5) / 256), the one threshold for all three. A
        /// translucent colour is premultiplied before it is dithered (not measured: every
        /// reference was opaque).
        @inline(__always) static func pixel(_ entry: SIMD4<Double>, rank: UInt8) -> Pixel {
            let threshold = (Double(rank) + 0.5) / 256
            let alpha = Swift.min(Swift.max(entry.w, 0), 255)
            let a = UInt8(alpha.rounded().clampedInt(in: 0...255, nan: 0))
            @inline(__always) func level(_ v: Double) -> UInt8 {
                let premultiplied = Swift.min(Swift.max(v, 0), 255) * alpha / 255
                return Swift.min(
                    UInt8((premultiplied + threshold).rounded(.down).clampedInt(in: 0...255, nan: 0)), a)
            }
            return Pixel(r: level(entry.x), g: level(entry.y), b: level(entry.z), a: a)
        }
    }

    /// Core Graphics' dither tile, anchored at the image's pixel (0, 0): the rank (0...255) of
    /// each pixel of a 16 x 16 cell, row by row, ordered by the evidence of iOS's gradient
    /// references (docs/design/rendering.md §8.6). Not Bayer's matrix.
    public static let ditherTile: [UInt8] = [
        244, 188, 16, 150, 107, 199, 156, 243, 118, 176, 46, 154, 202, 7, 136, 216,
        158, 64, 132, 249, 217, 72, 27, 135, 3, 98, 237, 110, 38, 180, 104, 78,
        42, 206, 92, 51, 5, 184, 112, 229, 205, 53, 144, 220, 84, 254, 196, 28,
        114, 172, 226, 121, 164, 79, 61, 171, 31, 191, 74, 22, 168, 60, 148, 234,
        139, 13, 99, 197, 21, 142, 253, 125, 88, 159, 248, 128, 210, 120, 11, 90,
        69, 247, 36, 151, 238, 45, 209, 8, 231, 101, 17, 65, 177, 33, 224, 185,
        201, 161, 213, 57, 85, 179, 109, 187, 41, 149, 198, 93, 239, 106, 155, 47,
        19, 75, 117, 1, 134, 223, 67, 137, 77, 215, 49, 165, 4, 81, 251, 131,
        97, 175, 235, 189, 105, 25, 167, 241, 12, 119, 227, 113, 143, 193, 55, 218,
        29, 145, 62, 37, 203, 255, 52, 153, 32, 181, 59, 23, 207, 39, 126, 182,
        89, 240, 122, 160, 83, 129, 211, 95, 195, 133, 87, 245, 170, 71, 232, 15,
        204, 44, 221, 10, 183, 30, 73, 111, 233, 0, 157, 103, 9, 138, 108, 152,
        166, 102, 68, 115, 246, 147, 225, 173, 43, 63, 200, 222, 76, 190, 50, 252,
        2, 194, 140, 208, 58, 6, 100, 18, 141, 250, 123, 26, 162, 34, 214, 86,
        54, 230, 24, 82, 169, 127, 192, 219, 163, 80, 186, 94, 242, 116, 174, 146,
        124, 96, 178, 40, 236, 48, 91, 35, 66, 212, 14, 130, 56, 228, 70, 20,
    ]

    /// One stop: location and straight components in 0...1.
    struct Stop {
        var location: Double
        var color: SIMD4<Double>
    }

    var stops: [Stop] {
        zip(locations, colors).map {
            Stop(
                location: $0,
                color: SIMD4(Double($1.r), Double($1.g), Double($1.b), Double($1.a)) / 255)
        }
    }

    /// The premultiplied colour at local point `p`.
    public func color(at p: SIMD2<Double>) -> Pixel {
        let s = stops
        return s.withUnsafeBufferPointer { Gradient.color(t: parameter(at: p), stops: $0) }
    }

    /// t at local point `p` (0 where the geometry is degenerate: an axis of no length, a
    /// radial gradient with both semi-axes 0).
    @inline(__always) func parameter(at p: SIMD2<Double>) -> Double {
        let d = end - start
        let q = p - start
        switch kind {
        case .axial:
            let (g, length2) = axis
            guard length2 > 0 else { return 0 }
            return (q * g).sum() / length2
        case .radial:
            let r = SIMD2(Swift.abs(d.x), Swift.abs(d.y))
            guard r.x > 0 || r.y > 0 else { return 0 }
            // A flat ellipse: t grows past 1 at once off its line.
            let scaled = q / pointwiseMax(r, SIMD2(repeating: 1e-12))
            return (scaled * scaled).sum().squareRoot()
        case .conic:
            let (qs, ds) = (q / space, d / space)
            let turn = atan2(qs.y, qs.x) - atan2(ds.y, ds.x)
            let t = turn / (2 * .pi)
            return t < 0 ? t + 1 : t
        }
    }

    /// The axial t is (p - start) · g / length2 in local points: the projection on the axis in
    /// the gradient's space, (p - start) / space · d / space over |d / space|².
    var axis: (g: SIMD2<Double>, length2: Double) {
        let du = (end - start) / space
        return (du / space, (du * du).sum())
    }

    @inline(__always) static func color(t: Double, stops s: UnsafeBufferPointer<Stop>) -> Pixel {
        guard let first = s.first, let last = s.last else { return Pixel(r: 0, g: 0, b: 0, a: 0) }
        var c: SIMD4<Double>
        if !(t > first.location) {
            c = first.color
        } else if t >= last.location {
            c = last.color
        } else {
            var i = 1
            while i < s.count - 1, s[i].location <= t { i += 1 }
            let (a, b) = (s[i - 1], s[i])
            let f = b.location > a.location ? (t - a.location) / (b.location - a.location) : 1
            c = a.color + (b.color - a.color) * f
        }
        @inline(__always) func byte(_ v: Double) -> UInt8 {
            UInt8((v * 255).rounded().clampedInt(in: 0...255, nan: 0))
        }
        let alpha = c.w
        return Pixel(r: byte(c.x * alpha), g: byte(c.y * alpha), b: byte(c.z * alpha), a: byte(alpha))
    }
}

extension Painter {
    /// `gradient` over the image where `coverage` says, each pixel's colour taken at its centre
    /// mapped through `deviceToLocal` (perspective-correct), scaled by coverage and `opacity`.
    public static func fill(
        _ image: inout Image, gradient: Gradient, deviceToLocal h: Homography, coverage: CoverageMask,
        opacity: UInt8 = 255
    ) {
        let b = (
            max(coverage.x, 0), max(coverage.y, 0), min(coverage.x + coverage.width, image.width),
            min(coverage.y + coverage.height, image.height)
        )
        guard b.0 < b.2, b.1 < b.3, opacity != 0, h.isFinite, !gradient.colors.isEmpty else { return }
        let stride = image.stride
        let stops = gradient.stops
        // t = ((p - start) · d) / length2 (d and length2 from `axis`) with p = (X / W, Y / W),
        // [X Y W] = [x y 1] · h, is one projective function of the pixel centre:
        // (n · [x y 1]) / (w · [x y 1]).
        let (d, length2) = gradient.axis
        let sd = (gradient.start * d).sum()
        let n = SIMD3(
            h.m11 * d.x + h.m12 * d.y - h.m13 * sd, h.m21 * d.x + h.m22 * d.y - h.m23 * sd,
            h.m31 * d.x + h.m32 * d.y - h.m33 * sd)
        let w = SIMD3(h.m13, h.m23, h.m33) * length2
        let axial = gradient.kind == .axial
        // Core Graphics' table: `samples` between its two end colours (0: none).
        let entries = gradient.coreGraphicsTable?.entries ?? []
        let samples = entries.count > 2 ? entries.count - 2 : 0
        let wide = gradient.coreGraphicsTable?.wideColumns ?? false
        let origin = image.canvasOrigin
        let (hx, hy, hw) = (h.xTerms, h.yTerms, h.wTerms)
        stops.withUnsafeBufferPointer { s in
            entries.withUnsafeBufferPointer { e in
                Gradient.ditherTile.withUnsafeBufferPointer { tile in
                    coverage.data.withUnsafeBufferPointer { m in
                        image.bytes.withUnsafeMutableBufferPointer { buffer in
                            let out = buffer.baseAddress!
                            // The colour is a function of t alone: a run of equal t (every row of an
                            // axial gradient across the rows) computes it once.
                            var lastT = Double.nan
                            let (lo, hi) = (s[0].location, s[s.count - 1].location)
                            var colour = Pixel(r: 0, g: 0, b: 0, a: 0)
                            for y in b.1..<b.3 {
                                let row = m.baseAddress! + (y - coverage.y) * coverage.width - coverage.x
                                let cy = Double(y) + 0.5
                                for x in b.0..<b.2 {
                                    let c = row[x]
                                    guard c != 0 else { continue }
                                    let cx = Double(x) + 0.5
                                    let t: Double
                                    if axial {
                                        t =
                                            length2 > 0
                                            ? (n.x * cx + n.y * cy + n.z) / (w.x * cx + w.y * cy + w.z) : 0
                                    } else {
                                        // Radial and conic t are no projective function of the pixel:
                                        // the centre goes back to local points.
                                        let q = SIMD3(cx, cy, 1)
                                        let local = SIMD2((q * hx).sum(), (q * hy).sum()) / (q * hw).sum()
                                        t = gradient.parameter(at: local)
                                    }
                                    if samples > 0 {
                                        // Core Graphics' table, dithered at this device pixel.
                                        let entry = e[
                                            Gradient.CoreGraphicsTable.index(t: t, samples: samples)]
                                        // The tile is anchored at the canvas's pixel (0, 0).
                                        let (gx, gy) = (x &+ origin.x, y &+ origin.y)
                                        let column = wide ? (gx &+ 1) >> 1 : gx
                                        colour = Gradient.CoreGraphicsTable.pixel(
                                            entry, rank: tile[(gy & 15) << 4 | (column & 15)])
                                    } else {
                                        // Before the first stop and past the last the colour is the
                                        // end's: clamped, those pixels reuse it (NaN takes the first).
                                        let tc = t > lo ? (t < hi ? t : hi) : lo
                                        if tc != lastT {
                                            colour = Gradient.color(t: tc, stops: s)
                                            lastT = tc
                                        }
                                    }
                                    guard colour.a != 0 else { continue }
                                    var src = colour
                                    let k = mul255(c, opacity)
                                    if k != 255 { src = scale(src, by: k) }
                                    let o = y * stride + x * 4
                                    let d = Pixel(r: out[o], g: out[o + 1], b: out[o + 2], a: out[o + 3])
                                    let r = src.a == 255 ? src : sourceOver(src, d)
                                    (out[o], out[o + 1], out[o + 2], out[o + 3]) = (r.r, r.g, r.b, r.a)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

extension Image {
    /// Each pixel scaled by the alpha of `mask`'s pixel at the same place (a layer's `mask`,
    /// docs/design/rendering.md §8.7): both premultiplied and of the same size.
    public mutating func multiplyAlpha(by mask: Image) {
        precondition(mask.width == width && mask.height == height, "mask size mismatch")
        let (stride, mstride) = (self.stride, mask.stride)
        let (w, h) = (width, height)
        mask.bytes.withUnsafeBufferPointer { m in
            bytes.withUnsafeMutableBufferPointer { out in
                let (src, dst) = (m.baseAddress!, out.baseAddress!)
                for y in 0..<h {
                    for x in 0..<w {
                        let a = src[y * mstride + x * 4 + 3]
                        guard a != 255 else { continue }
                        let o = y * stride + x * 4
                        for k in 0..<4 { dst[o + k] = mul255(dst[o + k], a) }
                    }
                }
            }
        }
    }
}
