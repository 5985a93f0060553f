import FrameGenGeometry
import FrameGenRaster

#if canImport(Glibc)
    import Glibc
#endif

/// A comparison of two straight-RGBA images as pixelmatch makes it, for golden-image tests.
///
/// A pixel's difference is pixelmatch's perceptual distance in the YIQ colour space (Kotsarenko
/// and Ramos), both colours first blended over white; it *differs* when the distance is over
/// `threshold` (0...1, pixelmatch's scale: 0.1 by default, 0 for any change at all). A differing
/// pixel that either image shows as anti-aliasing (Vyšniauskas' test, as pixelmatch runs it) is
/// counted apart and does not fail the comparison unless `includeAA`. Images of different sizes
/// always differ: the pixels outside the common area count as differing, and the statistics
/// cover the common area.
public struct ImageComparison: Sendable, Equatable {
    /// How many differing pixels a comparison may have and still pass.
    public enum Allowance: Sendable, Equatable {
        /// At most this many pixels.
        case pixels(Int)
        /// At most this fraction (0...1) of the pixels.
        case ratio(Double)
    }

    /// Everything that decides whether two images match: the command line's, a golden scene's
    /// and the testing library's tolerance are this one value.
    public struct Tolerance: Sendable, Equatable {
        /// pixelmatch's threshold (0...1) on the YIQ distance.
        public var threshold: Double
        /// Whether anti-aliased pixels count as differing (pixelmatch's `includeAA`).
        public var includeAA: Bool
        public var allowance: Allowance

        public init(threshold: Double = 0.1, includeAA: Bool = false, allowance: Allowance = .pixels(0)) {
            self.threshold = threshold
            self.includeAA = includeAA
            self.allowance = allowance
        }

        /// Every changed pixel counts and none may differ.
        public static let exact = Tolerance(threshold: 0, includeAA: true)
    }

    /// What happened at one pixel of the common area.
    public enum PixelKind: Sendable, Equatable {
        case identical
        /// Changed, but not over the threshold.
        case similar
        /// Over the threshold, and anti-aliasing in one of the images.
        case antialiased
        case different
    }

    public let expectedWidth: Int
    public let expectedHeight: Int
    public let actualWidth: Int
    public let actualHeight: Int
    public let threshold: Double
    public let includeAA: Bool
    /// Pixels in the larger of the two images' union (the denominator of `ratio`).
    public let pixelCount: Int
    /// Pixels over the threshold and not excused as anti-aliasing, plus those outside the
    /// common area.
    public let differingPixels: Int
    /// Pixels over the threshold that are anti-aliasing (not in `differingPixels` unless
    /// `includeAA`).
    public let antialiasedPixels: Int
    /// Pixels of the common area with any change at all.
    public let changedPixels: Int
    /// Mean structural similarity of the common area's luma (1 when identical).
    public let ssim: Double
    /// The smallest rectangle of the common area holding every differing pixel.
    public let differenceBounds: PixelBounds?
    /// The first differing pixel in reading order with both straight colours.
    public let firstDifference: PixelDifference?

    /// A rectangle of whole pixels.
    public struct PixelBounds: Sendable, Equatable {
        public var x: Int, y: Int, width: Int, height: Int
    }

    /// One pixel's two colours.
    public struct PixelDifference: Sendable, Equatable {
        public var x: Int, y: Int
        public var expected: Color, actual: Color
    }

    public var sizesMatch: Bool { expectedWidth == actualWidth && expectedHeight == actualHeight }

    /// `differingPixels / pixelCount`.
    public var ratio: Double { pixelCount == 0 ? 0 : Double(differingPixels) / Double(pixelCount) }

    /// Whether the comparison passes: same size and no more differing pixels than allowed.
    public func passes(_ allowance: Allowance) -> Bool {
        guard sizesMatch else { return false }
        switch allowance {
        case .pixels(let n): return differingPixels <= n
        case .ratio(let r): return ratio <= r
        }
    }

    /// One line: the size mismatch or the differing pixels, ratio, SSIM and where to look.
    public var summary: String {
        let commonW = Swift.min(expectedWidth, actualWidth)
        let commonH = Swift.min(expectedHeight, actualHeight)
        let total = commonW * commonH
        let differing = differingPixels - (pixelCount - total)
        var stats: String
        if changedPixels == 0 {
            stats = "identical (\(total) pixels)"
        } else {
            let share = total == 0 ? 0 : Double(differing) / Double(total)
            stats =
                "\(differing) of \(total) pixels differ (\(formatPercent(share))), SSIM \(formatSSIM(ssim))"
            if antialiasedPixels > 0 {
                stats += ", \(antialiasedPixels) anti-aliased" + (includeAA ? " (counted)" : " (not counted)")
            }
            if let b = differenceBounds, let f = firstDifference {
                stats +=
                    ", in x \(b.x)...\(b.x + b.width - 1) y \(b.y)...\(b.y + b.height - 1)"
                    + ", first at (\(f.x), \(f.y)): expected \(hex(f.expected)) actual \(hex(f.actual))"
            }
        }
        if sizesMatch { return stats }
        return "size differs: expected \(expectedWidth) x \(expectedHeight) px, "
            + "actual \(actualWidth) x \(actualHeight) px; in the common \(commonW) x \(commonH) px: " + stats
    }

    public init(expected: StraightImage, actual: StraightImage, tolerance: Tolerance) {
        self.init(
            expected: expected, actual: actual, threshold: tolerance.threshold, includeAA: tolerance.includeAA
        )
    }

    /// Compares `actual` with `expected` (the reference).
    public init(
        expected: StraightImage, actual: StraightImage, threshold: Double = 0.1, includeAA: Bool = false
    ) {
        var differing = 0
        var antialiased = 0
        var changed = 0
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        var first: PixelDifference? = nil
        ImageComparison.scan(expected, actual, threshold: threshold, includeAA: includeAA) { x, y, kind in
            switch kind {
            case .identical: return
            case .similar: break
            case .antialiased: antialiased += 1
            case .different:
                differing += 1
                if first == nil {
                    first = PixelDifference(x: x, y: y, expected: expected[x, y], actual: actual[x, y])
                }
                minX = Swift.min(minX, x)
                maxX = Swift.max(maxX, x)
                minY = Swift.min(minY, y)
                maxY = Swift.max(maxY, y)
            }
            changed += 1
        }
        let w = Swift.min(expected.width, actual.width)
        let h = Swift.min(expected.height, actual.height)
        let unionW = Swift.max(expected.width, actual.width)
        let unionH = Swift.max(expected.height, actual.height)
        expectedWidth = expected.width
        expectedHeight = expected.height
        actualWidth = actual.width
        actualHeight = actual.height
        self.threshold = threshold
        self.includeAA = includeAA
        pixelCount = unionW * unionH
        differingPixels = differing + (unionW * unionH - w * h)
        antialiasedPixels = antialiased
        changedPixels = changed
        ssim = changed == 0 ? 1 : ImageComparison.meanSSIM(expected, actual)
        differenceBounds =
            maxX < 0 ? nil : PixelBounds(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        firstDifference = first
    }

    /// Calls `body` for every pixel of the common area, in reading order, with what it is.
    static func scan(
        _ expected: StraightImage, _ actual: StraightImage, threshold: Double, includeAA: Bool,
        _ body: (Int, Int, PixelKind) -> Void
    ) {
        let w = Swift.min(expected.width, actual.width)
        let h = Swift.min(expected.height, actual.height)
        // 35215 is the largest possible YIQ distance; pixelmatch squares the threshold against it.
        let maxDelta = 35215 * threshold * threshold
        expected.rgba.withUnsafeBufferPointer { e in
            actual.rgba.withUnsafeBufferPointer { a in
                let ev = PixelView(p: e, width: expected.width, w: w, h: h)
                let av = PixelView(p: a, width: actual.width, w: w, h: h)
                for y in 0..<h {
                    for x in 0..<w {
                        let i = ev.offset(x, y)
                        let j = av.offset(x, y)
                        if ev.same(i, av, j) {
                            body(x, y, .identical)
                            continue
                        }
                        let delta = colorDelta(ev, i, av, j, yOnly: false)
                        if delta == 0 {
                            // Two invisible pixels, whatever their colour bytes.
                            body(x, y, .identical)
                        } else if abs(delta) <= maxDelta {
                            body(x, y, .similar)
                        } else if antialiasedPixel(ev, x, y, av) || antialiasedPixel(av, x, y, ev) {
                            body(x, y, includeAA ? .different : .antialiased)
                        } else {
                            body(x, y, .different)
                        }
                    }
                }
            }
        }
    }

    /// One image's bytes, addressed by pixel, limited to the common area.
    struct PixelView {
        let p: UnsafeBufferPointer<UInt8>
        let width: Int
        let w: Int
        let h: Int

        @inline(__always) func offset(_ x: Int, _ y: Int) -> Int { (y * width + x) * 4 }

        @inline(__always) func same(_ i: Int, _ other: PixelView, _ j: Int) -> Bool {
            p[i] == other.p[j] && p[i + 1] == other.p[j + 1] && p[i + 2] == other.p[j + 2]
                && p[i + 3] == other.p[j + 3]
        }
    }

    /// pixelmatch's colorDelta: the squared YIQ distance of two colours blended over white,
    /// negative when the second is lighter; with `yOnly`, the signed luma difference.
    @inline(__always)
    static func colorDelta(_ v1: PixelView, _ k: Int, _ v2: PixelView, _ m: Int, yOnly: Bool) -> Double {
        if v1.same(k, v2, m) { return 0 }
        var r1 = Double(v1.p[k])
        var g1 = Double(v1.p[k + 1])
        var b1 = Double(v1.p[k + 2])
        let a1 = v1.p[k + 3]
        var r2 = Double(v2.p[m])
        var g2 = Double(v2.p[m + 1])
        var b2 = Double(v2.p[m + 2])
        let a2 = v2.p[m + 3]
        if a1 < 255 {
            let a = Double(a1) / 255
            (r1, g1, b1) = (blend(r1, a), blend(g1, a), blend(b1, a))
        }
        if a2 < 255 {
            let a = Double(a2) / 255
            (r2, g2, b2) = (blend(r2, a), blend(g2, a), blend(b2, a))
        }
        let y1 = rgb2y(r1, g1, b1)
        let y2 = rgb2y(r2, g2, b2)
        let y = y1 - y2
        if yOnly { return y }
        let i = rgb2i(r1, g1, b1) - rgb2i(r2, g2, b2)
        let q = rgb2q(r1, g1, b1) - rgb2q(r2, g2, b2)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    @inline(__always) static func rgb2y(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }
    @inline(__always) static func rgb2i(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }
    @inline(__always) static func rgb2q(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }
    @inline(__always) static func blend(_ c: Double, _ a: Double) -> Double { 255 + (c - 255) * a }

    /// pixelmatch's `antialiased` (after Vyšniauskas, "Anti-aliased pixel and intensity slope
    /// detector"): the pixel lies on a slope between a darker and a brighter neighbour, at most
    /// two neighbours equal it, and the darkest or the brightest neighbour sits in a flat area
    /// in both images.
    static func antialiasedPixel(_ img: PixelView, _ x1: Int, _ y1: Int, _ img2: PixelView) -> Bool {
        let x0 = Swift.max(x1 - 1, 0)
        let y0 = Swift.max(y1 - 1, 0)
        let x2 = Swift.min(x1 + 1, img.w - 1)
        let y2 = Swift.min(y1 + 1, img.h - 1)
        let pos = img.offset(x1, y1)
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var minDelta = 0.0
        var maxDelta = 0.0
        var (minX, minY, maxX, maxY) = (0, 0, 0, 0)
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                let delta = colorDelta(img, pos, img, img.offset(x, y), yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta
                    (minX, minY) = (x, y)
                } else if delta > maxDelta {
                    maxDelta = delta
                    (maxX, maxY) = (x, y)
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(img, minX, minY) && hasManySiblings(img2, minX, minY))
            || (hasManySiblings(img, maxX, maxY) && hasManySiblings(img2, maxX, maxY))
    }

    /// Whether a pixel has three or more neighbours of exactly its colour.
    static func hasManySiblings(_ img: PixelView, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = Swift.max(x1 - 1, 0)
        let y0 = Swift.max(y1 - 1, 0)
        let x2 = Swift.min(x1 + 1, img.w - 1)
        let y2 = Swift.min(y1 + 1, img.h - 1)
        let pos = img.offset(x1, y1)
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                if img.same(pos, img, img.offset(x, y)) { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    /// Mean SSIM (Wang et al.) of the luma over white, on 8 x 8 windows every 4 pixels with
    /// uniform weights: a whole-image figure of how alike the structure is, beside the count.
    static func meanSSIM(_ expected: StraightImage, _ actual: StraightImage) -> Double {
        let w = Swift.min(expected.width, actual.width)
        let h = Swift.min(expected.height, actual.height)
        if w == 0 || h == 0 { return 1 }
        func luma(_ img: StraightImage) -> [Double] {
            var out = [Double](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    let i = (y * img.width + x) * 4
                    let a = Double(img.rgba[i + 3]) / 255
                    out[y * w + x] = rgb2y(
                        blend(Double(img.rgba[i]), a), blend(Double(img.rgba[i + 1]), a),
                        blend(Double(img.rgba[i + 2]), a))
                }
            }
            return out
        }
        let l1 = luma(expected)
        let l2 = luma(actual)
        let win = Swift.min(8, w, h)
        let c1 = (0.01 * 255) * (0.01 * 255)
        let c2 = (0.03 * 255) * (0.03 * 255)
        var total = 0.0
        var windows = 0
        var y = 0
        while y + win <= h {
            var x = 0
            while x + win <= w {
                var (s1, s2, s11, s22, s12) = (0.0, 0.0, 0.0, 0.0, 0.0)
                for yy in y..<(y + win) {
                    for xx in x..<(x + win) {
                        let p = l1[yy * w + xx]
                        let q = l2[yy * w + xx]
                        s1 += p
                        s2 += q
                        s11 += p * p
                        s22 += q * q
                        s12 += p * q
                    }
                }
                let n = Double(win * win)
                let m1 = s1 / n
                let m2 = s2 / n
                let v1 = s11 / n - m1 * m1
                let v2 = s22 / n - m2 * m2
                let cov = s12 / n - m1 * m2
                total += ((2 * m1 * m2 + c1) * (2 * cov + c2)) / ((m1 * m1 + m2 * m2 + c1) * (v1 + v2 + c2))
                windows += 1
                x += 4
            }
            y += 4
        }
        return total / Double(windows)
    }

    /// pixelmatch's picture of the differences, opaque and the size of both images' union: the
    /// expected image faded to a pale grey, differing pixels red, anti-aliasing differences
    /// yellow (red too when `includeAA`), pixels outside the common area magenta.
    public static func diffImage(expected: StraightImage, actual: StraightImage, tolerance: Tolerance)
        -> StraightImage
    {
        diffImage(
            expected: expected, actual: actual, threshold: tolerance.threshold, includeAA: tolerance.includeAA
        )
    }

    public static func diffImage(
        expected: StraightImage, actual: StraightImage, threshold: Double = 0.1, includeAA: Bool = false
    ) -> StraightImage {
        let uw = Swift.max(expected.width, actual.width)
        let uh = Swift.max(expected.height, actual.height)
        var out = [UInt8](repeating: 255, count: uw * uh * 4)
        for y in 0..<uh {
            for x in 0..<uw
            where !(x < expected.width && y < expected.height && x < actual.width && y < actual.height) {
                let k = (y * uw + x) * 4
                (out[k], out[k + 1], out[k + 2]) = (255, 0, 255)
            }
        }
        scan(expected, actual, threshold: threshold, includeAA: includeAA) { x, y, kind in
            let k = (y * uw + x) * 4
            let c: (UInt8, UInt8, UInt8)
            switch kind {
            case .identical, .similar:
                let i = (y * expected.width + x) * 4
                let e = expected.rgba
                let luma = rgb2y(Double(e[i]), Double(e[i + 1]), Double(e[i + 2]))
                let grey = UInt8(
                    blend(luma, 0.1 * Double(e[i + 3]) / 255).rounded().clampedInt(in: 0...255, nan: 0))
                c = (grey, grey, grey)
            case .antialiased: c = (255, 255, 0)
            case .different: c = (255, 0, 0)
            }
            (out[k], out[k + 1], out[k + 2]) = c
        }
        return StraightImage(width: uw, height: uh, rgba: out)!
    }

    /// Expected | diff | actual on one opaque strip, 4 px of dark grey between them, each
    /// image over white and top-aligned, so a reviewer sees all three at once.
    public static func sideBySide(expected: StraightImage, diff: StraightImage, actual: StraightImage)
        -> StraightImage
    {
        let gap = 4
        let parts = [expected, diff, actual]
        let width = parts.reduce(0) { $0 + $1.width } + gap * 2
        let height = Swift.max(1, parts.map(\.height).max()!)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for k in stride(from: 0, to: out.count, by: 4) {
            (out[k], out[k + 1], out[k + 2], out[k + 3]) = (64, 64, 64, 255)
        }
        var left = 0
        for part in parts {
            for y in 0..<part.height {
                for x in 0..<part.width {
                    let i = (y * part.width + x) * 4
                    let a = Double(part.rgba[i + 3]) / 255
                    let k = (y * width + left + x) * 4
                    for c in 0..<3 {
                        out[k + c] = UInt8(
                            blend(Double(part.rgba[i + c]), a).rounded().clampedInt(in: 0...255, nan: 0))
                    }
                }
            }
            left += part.width + gap
        }
        return StraightImage(width: width, height: height, rgba: out)!
    }
}

/// #RRGGBBAA always (Color's description drops an opaque alpha; here both sides line up).
func hex(_ c: Color) -> String {
    "#"
        + [c.r, c.g, c.b, c.a].map { v in
            let digits = String(v, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
}

/// "2.10%", "<0.01%" for a tiny non-zero ratio, "0%".
public func formatPercent(_ ratio: Double) -> String {
    if ratio == 0 { return "0%" }
    let hundredths = (ratio * 10000).rounded()
    if hundredths < 1 { return "<0.01%" }
    return formatFixed(hundredths / 100, digits: 2) + "%"
}

/// Four decimals, never rounding a difference up to "1.0000".
func formatSSIM(_ s: Double) -> String {
    let text = formatFixed(Swift.max(0, s), digits: 4)
    return s < 1 && text == "1.0000" ? "0.9999" : text
}

/// A non-negative number with exactly `digits` decimals, without Foundation's String(format:).
func formatFixed(_ x: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = (x * scale).rounded().clampedInt(in: 0...1 << 53, nan: 0)
    let unit = Int(scale)  // checked: 10^digits, exact
    let whole = n / unit
    var frac = String(n % unit)
    while frac.count < digits { frac = "0" + frac }
    return digits == 0 ? String(whole) : "\(whole).\(frac)"
}
