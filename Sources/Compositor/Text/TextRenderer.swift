import Geometry
import Raster
import Synchronization

/// Rasterises single lines of text with FreeType in DejaVu Sans (rendering.md A.9): coverage
/// masks for the compositor to tint. Safe to call from any thread: FreeType's state is behind a
/// mutex, glyphs are composed outside it, and the output depends only on the arguments.
public final class TextRenderer: Sendable {
    /// The renderer every frame uses; fonts are located on first use.
    public static let shared = TextRenderer(locator: .system)

    /// Larger sizes are refused rather than allocating huge glyph bitmaps.
    public static let maximumPixelSize = 2048.0

    /// The largest mask `render` allocates (64 MiB); a longer line at a larger size is an error
    /// of kind `.badSize` (truncate it with `maxWidth` or `renderCentered` instead).
    public static let maximumMaskBytes = 1 << 26

    private let state: Mutex<FontState>

    public init(locator: FontLocator) {
        state = Mutex(FontState(locator: locator))
    }

    deinit {
        state.withLock { $0.close() }
    }

    /// `string` on one line at `pixelSize` (points x scale) pixels per em. Line breaks and tabs
    /// are drawn as spaces.
    public func render(_ string: String, pixelSize: Double, weight: FontWeight = .regular)
        throws(TextError) -> TextMask
    {
        try Self.check(pixelSize)
        let run = try layout(Self.scalars(string), pixelSize: pixelSize, weight: weight, rasterize: true)
        return try Self.compose(run, text: string)
    }

    /// Like `render`, but when the advance is wider than `maxWidth` pixels the tail is cut and
    /// "…" appended (UILabel's byTruncatingTail), keeping as many characters as fit.
    public func render(
        _ string: String, pixelSize: Double, weight: FontWeight = .regular, maxWidth: Double
    ) throws(TextError) -> TextMask {
        try Self.check(pixelSize)
        let text = try truncated(string, pixelSize: pixelSize, weight: weight, maxWidth: maxWidth)
        return try render(text, pixelSize: pixelSize, weight: weight)
    }

    /// The line centred in `rect` (pixels) as a single-line UILabel draws it: truncated with "…"
    /// to the rect's width, centred on its advance and line box, and clipped to the rect (a
    /// label's backing store is its bounds, so overhanging ink is cut).
    public func renderCentered(
        _ string: String, pixelSize: Double, weight: FontWeight = .regular, in rect: Rect
    ) throws(TextError) -> PlacedText {
        let limit = 1e9
        guard [rect.minX, rect.minY, rect.width, rect.height].allSatisfy({ $0.isFinite && abs($0) < limit })
        else {
            throw TextError(.badSize, "text rect \(rect) is not a finite rect within \(Int(limit)) px")
        }
        let mask = try render(string, pixelSize: pixelSize, weight: weight, maxWidth: rect.width)
        let (x, y) = mask.origin(centeredIn: rect)
        let left = Int(rect.minX.rounded(.down))
        let top = Int(rect.minY.rounded(.down))
        let right = Int(rect.maxX.rounded(.up))
        let bottom = Int(rect.maxY.rounded(.up))
        let clipped = mask.cropped(x0: left - x, y0: top - y, x1: right - x, y1: bottom - y)
        return PlacedText(mask: clipped, x: max(x, left), y: max(y, top))
    }

    /// The advance width of `string` in pixels, without rasterising.
    public func measure(_ string: String, pixelSize: Double, weight: FontWeight = .regular)
        throws(TextError) -> Double
    {
        try Self.check(pixelSize)
        return try layout(Self.scalars(string), pixelSize: pixelSize, weight: weight, rasterize: false)
            .advance
    }

    /// How many glyph bitmaps are cached (for tests and statistics).
    public var cachedGlyphCount: Int { state.withLock { $0.cache.count } }

    private func layout(
        _ scalars: [Unicode.Scalar], pixelSize: Double, weight: FontWeight, rasterize: Bool
    ) throws(TextError) -> GlyphRun {
        try state.withLock { (fonts: inout FontState) throws(TextError) -> GlyphRun in
            try fonts.layout(scalars, pixelSize: pixelSize, weight: weight, rasterize: rasterize)
        }
    }

    private func truncated(_ string: String, pixelSize: Double, weight: FontWeight, maxWidth: Double)
        throws(TextError) -> String
    {
        // A hair of tolerance so text measured to fit exactly is not cut by rounding.
        let limit = maxWidth + 1e-6
        if try measure(string, pixelSize: pixelSize, weight: weight) <= limit { return string }
        let characters = Array(string)
        func candidate(_ n: Int) -> String {
            var head = String(characters[0..<n])
            while let last = head.last, last.isWhitespace { head.removeLast() }
            return head + "…"
        }
        // The largest prefix that fits, by bisection (widths grow with the prefix; kerning can
        // only nudge that, and the result is checked to fit).
        var low = 0
        var high = characters.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if try measure(candidate(mid), pixelSize: pixelSize, weight: weight) <= limit {
                low = mid
            } else {
                high = mid - 1
            }
        }
        return candidate(low)
    }

    private static func check(_ pixelSize: Double) throws(TextError) {
        guard pixelSize.isFinite, pixelSize > 0, pixelSize <= maximumPixelSize else {
            throw TextError(
                .badSize, "font size \(pixelSize) px is not between 0 and \(Int(maximumPixelSize)) px")
        }
    }

    private static func scalars(_ string: String) -> [Unicode.Scalar] {
        string.unicodeScalars.map { s in
            switch s {
            case "\n", "\r", "\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": " "
            default: s
            }
        }
    }

    /// Glyph bitmaps into one mask; overlapping ink combines as two coverages drawn over each
    /// other (a + b - ab), as Core Graphics draws glyph after glyph.
    private static func compose(_ run: GlyphRun, text: String) throws(TextError) -> TextMask {
        guard !run.glyphs.isEmpty else {
            return TextMask(
                width: 0, height: 0, coverage: [], penX: 0, baseline: 0, advance: run.advance,
                ascent: run.ascent, descent: run.descent, text: text)
        }
        var minX = Int.max
        var maxX = Int.min
        var top = Int.min
        var bottom = Int.max
        for (bitmap, x) in run.glyphs {
            minX = min(minX, x + bitmap.left)
            maxX = max(maxX, x + bitmap.left + bitmap.width)
            top = max(top, bitmap.top)
            bottom = min(bottom, bitmap.top - bitmap.rows)
        }
        let width = maxX - minX
        let height = top - bottom
        guard width.multipliedReportingOverflow(by: height).partialValue <= maximumMaskBytes,
            width < maximumMaskBytes, height < maximumMaskBytes
        else {
            throw TextError(
                .badSize,
                "text of \(text.count) characters at this size needs a \(width) x \(height) px mask, over the limit"
            )
        }
        var coverage = [UInt8](repeating: 0, count: width * height)
        coverage.withUnsafeMutableBufferPointer { out in
            for (bitmap, x) in run.glyphs {
                let ox = x + bitmap.left - minX
                let oy = top - bitmap.top
                bitmap.coverage.withUnsafeBufferPointer { src in
                    for row in 0..<bitmap.rows {
                        var d = (oy + row) * width + ox
                        var s = row * bitmap.width
                        for _ in 0..<bitmap.width {
                            let a = UInt32(out[d])
                            let b = UInt32(src[s])
                            out[d] = UInt8(truncatingIfNeeded: a + b - div255(a * b))
                            d += 1
                            s += 1
                        }
                    }
                }
            }
        }
        return TextMask(
            width: width, height: height, coverage: coverage, penX: -minX, baseline: top,
            advance: run.advance, ascent: run.ascent, descent: run.descent, text: text)
    }
}
