#if canImport(Glibc)
    import Glibc
#endif

/// A pixel-by-pixel comparison of two straight-RGBA images, as golden-image tests use it.
///
/// A pixel's difference is the largest of its four channel differences (0-255) in straight
/// RGBA; two fully transparent pixels are equal whatever their colour bytes (they are invisible,
/// and premultiplied output stores them as 0, 0, 0, 0). A pixel *differs* when its difference is
/// over `threshold`. Images of different sizes always differ: the pixels outside the common area
/// count as differing, and the statistics cover the common area.
public struct ImageComparison: Sendable, Equatable {
    /// How many differing pixels a comparison may have and still pass.
    public enum Allowance: Sendable, Equatable {
        /// At most this many pixels.
        case pixels(Int)
        /// At most this fraction (0...1) of the pixels.
        case ratio(Double)
    }

    public let expectedWidth: Int
    public let expectedHeight: Int
    public let actualWidth: Int
    public let actualHeight: Int
    /// The channel difference a pixel may have without counting as differing.
    public let threshold: Int
    /// Pixels in the larger of the two images' union (the denominator of `ratio`).
    public let pixelCount: Int
    /// Pixels whose difference is over `threshold`, plus those outside the common area.
    public let differingPixels: Int
    /// Pixels of the common area with any difference at all (including those within threshold).
    public let changedPixels: Int
    /// The largest channel difference in the common area (0-255).
    public let maxDifference: Int
    /// Sum of squared channel differences over the common area (for PSNR).
    public let sumOfSquares: UInt64
    /// The smallest rectangle of the common area holding every differing pixel, nil when none
    /// differs: where to look.
    public let differenceBounds: PixelBounds?
    /// The first differing pixel in reading order with both straight colours, nil when none.
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

    /// Peak signal-to-noise ratio in dB over the common area's RGBA channels; infinity when the
    /// common area is identical.
    public var psnr: Double {
        let samples = Double(
            Swift.min(expectedWidth, actualWidth) * Swift.min(expectedHeight, actualHeight) * 4)
        if sumOfSquares == 0 || samples == 0 { return .infinity }
        let mse = Double(sumOfSquares) / samples
        return 10 * log10(255 * 255 / mse)
    }

    /// Whether the comparison passes: same size and no more differing pixels than allowed.
    public func passes(_ allowance: Allowance) -> Bool {
        guard sizesMatch else { return false }
        switch allowance {
        case .pixels(let n): return differingPixels <= n
        case .ratio(let r): return ratio <= r
        }
    }

    /// One line: the size mismatch or the differing pixels, ratio, max difference and PSNR.
    public var summary: String {
        let commonW = Swift.min(expectedWidth, actualWidth)
        let commonH = Swift.min(expectedHeight, actualHeight)
        let outside = pixelCount - commonW * commonH
        let differing = differingPixels - outside
        var stats: String
        if differing == 0 && changedPixels == 0 {
            stats = "identical (\(commonW * commonH) pixels)"
        } else {
            let over = threshold == 0 ? "" : " by more than \(threshold)"
            let total = commonW * commonH
            let share = total == 0 ? 0 : Double(differing) / Double(total)
            stats =
                "\(differing) of \(total) pixels differ\(over) (\(formatPercent(share)))"
                + ", max difference \(maxDifference), PSNR \(formatDecibels(psnr))"
            if changedPixels > 0 && threshold > 0 {
                stats += ", \(changedPixels) changed at all"
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

    /// Compares `actual` with `expected` (the reference).
    public init(expected: PNGImage, actual: PNGImage, threshold: Int = 0) {
        let w = Swift.min(expected.width, actual.width)
        let h = Swift.min(expected.height, actual.height)
        let t = UInt8(clamping: threshold)
        var differing = 0
        var changed = 0
        var maxDiff: UInt8 = 0
        var squares: UInt64 = 0
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        var first: PixelDifference? = nil
        expected.rgba.withUnsafeBufferPointer { e in
            actual.rgba.withUnsafeBufferPointer { a in
                for y in 0..<h {
                    var i = y * expected.width * 4
                    var j = y * actual.width * 4
                    for x in 0..<w {
                        let (d, sq) = ImageComparison.difference(e, i, a, j)
                        if d != 0 {
                            changed += 1
                            if d > t {
                                differing += 1
                                if first == nil {
                                    first = PixelDifference(
                                        x: x, y: y,
                                        expected: Color(r: e[i], g: e[i + 1], b: e[i + 2], a: e[i + 3]),
                                        actual: Color(r: a[j], g: a[j + 1], b: a[j + 2], a: a[j + 3]))
                                }
                                minX = Swift.min(minX, x)
                                maxX = Swift.max(maxX, x)
                                minY = Swift.min(minY, y)
                                maxY = Swift.max(maxY, y)
                            }
                            if d > maxDiff { maxDiff = d }
                            squares += UInt64(sq)
                        }
                        i += 4
                        j += 4
                    }
                }
            }
        }
        let unionW = Swift.max(expected.width, actual.width)
        let unionH = Swift.max(expected.height, actual.height)
        expectedWidth = expected.width
        expectedHeight = expected.height
        actualWidth = actual.width
        actualHeight = actual.height
        self.threshold = threshold
        pixelCount = unionW * unionH
        differingPixels = differing + (unionW * unionH - w * h)
        changedPixels = changed
        maxDifference = Int(maxDiff)
        sumOfSquares = squares
        differenceBounds =
            maxX < 0 ? nil : PixelBounds(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        firstDifference = first
    }

    /// The largest channel difference of the pixels at byte offsets i and j, and the sum of
    /// the squared channel differences.
    @inline(__always)
    static func difference(
        _ e: UnsafeBufferPointer<UInt8>, _ i: Int, _ a: UnsafeBufferPointer<UInt8>, _ j: Int
    ) -> (UInt8, UInt32) {
        if e[i + 3] == 0 && a[j + 3] == 0 { return (0, 0) }
        var maxD: UInt8 = 0
        var sq: UInt32 = 0
        for c in 0..<4 {
            let x = e[i + c]
            let y = a[j + c]
            let d = x > y ? x - y : y - x
            if d > maxD { maxD = d }
            sq += UInt32(d) * UInt32(d)
        }
        return (maxD, sq)
    }

    /// An opaque picture of the differences, the size of both images' union: the expected image
    /// dimmed to grey (over white where it is transparent); pixels that differ by more than
    /// `threshold` in red, pale for small differences and pure red for 255; pixels that changed
    /// but stay within the threshold in dim amber; pixels outside the common area in magenta.
    public static func diffImage(expected: PNGImage, actual: PNGImage, threshold: Int = 0) -> PNGImage {
        let uw = Swift.max(expected.width, actual.width)
        let uh = Swift.max(expected.height, actual.height)
        let t = UInt8(clamping: threshold)
        var out = [UInt8](repeating: 0, count: uw * uh * 4)
        expected.rgba.withUnsafeBufferPointer { e in
            actual.rgba.withUnsafeBufferPointer { a in
                out.withUnsafeMutableBufferPointer { o in
                    for y in 0..<uh {
                        for x in 0..<uw {
                            let k = (y * uw + x) * 4
                            let inE = x < expected.width && y < expected.height
                            let inA = x < actual.width && y < actual.height
                            var r: UInt8
                            var g: UInt8
                            var b: UInt8
                            if !(inE && inA) {
                                (r, g, b) = (255, 0, 255)
                            } else {
                                let i = (y * expected.width + x) * 4
                                let j = (y * actual.width + x) * 4
                                let d = difference(e, i, a, j).0
                                if d > t {
                                    let pale = UInt8(160 * UInt32(255 - d) / 255)
                                    (r, g, b) = (255, pale, pale)
                                } else if d > 0 {
                                    (r, g, b) = (200, 160, 40)
                                } else {
                                    let grey = dimmedGrey(e[i], e[i + 1], e[i + 2], e[i + 3])
                                    (r, g, b) = (grey, grey, grey)
                                }
                            }
                            o[k] = r
                            o[k + 1] = g
                            o[k + 2] = b
                            o[k + 3] = 255
                        }
                    }
                }
            }
        }
        return PNGImage(width: uw, height: uh, rgba: out)!
    }

    /// Rec. 601 luma over white, squeezed into 96...159 so red and amber stand out on it.
    @inline(__always) static func dimmedGrey(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt8 {
        let luma = (77 * UInt32(r) + 150 * UInt32(g) + 29 * UInt32(b) + 128) >> 8
        let overWhite = (luma * UInt32(a) + 255 * UInt32(255 - a) + 127) / 255
        return UInt8(96 + overWhite / 4)
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
func formatPercent(_ ratio: Double) -> String {
    if ratio == 0 { return "0%" }
    let hundredths = (ratio * 10000).rounded()
    if hundredths < 1 { return "<0.01%" }
    return formatFixed(hundredths / 100, digits: 2) + "%"
}

/// "41.52 dB", or "inf dB" when identical.
func formatDecibels(_ db: Double) -> String {
    db.isFinite ? formatFixed(db, digits: 2) + " dB" : "inf dB"
}

/// A non-negative number with exactly `digits` decimals, without Foundation's String(format:).
func formatFixed(_ x: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = Int((x * scale).rounded())
    let whole = n / Int(scale)
    var frac = String(n % Int(scale))
    while frac.count < digits { frac = "0" + frac }
    return digits == 0 ? String(whole) : "\(whole).\(frac)"
}
