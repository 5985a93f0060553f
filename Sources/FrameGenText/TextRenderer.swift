import FrameGenGeometry
import FrameGenRaster
import Synchronization

/// Rasterises text with FreeType (docs/decisions.md "Text"): coverage masks for the compositor to tint,
/// in the family a style names (DejaVu Sans by default), each character the family lacks from
/// the first font fontconfig offers that has it, shaped by HarfBuzz and ordered by the Unicode
/// bidirectional algorithm where the script needs it. Safe to call from any thread: the font
/// state is behind a mutex, glyphs are composed outside it, and the output depends only on the
/// arguments (and the fonts installed).
///
/// There is no process-wide instance: a render makes one and hands it to whatever draws text
/// (the compositor, generated photos' badges, contact sheets), so that its loaded fonts and
/// glyphs serve every frame and thread of that render, and what one render configures (the font
/// locator) touches no other.
public final class TextRenderer: Sendable {

    /// Larger sizes are refused rather than allocating huge glyph bitmaps.
    public static let maximumPixelSize = 2048.0

    /// The largest mask `render` allocates (64 MiB); a longer line at a larger size is an error
    /// of kind `.badSize` (truncate it with `maxWidth` or `renderCentered` instead).
    public static let maximumMaskBytes = 1 << 26

    let state: Mutex<FontState>

    /// Fonts are located on first use.
    public init(locator: FontLocator = .system) {
        state = Mutex(FontState(locator: locator))
    }

    deinit {
        state.withLock { $0.close() }
    }

    /// `string` on one line at `pixelSize` (points x scale) pixels per em. Line breaks and tabs
    /// are drawn as spaces.
    public func render(
        _ string: String, pixelSize: Double, weight: FontWeight = .regular,
        family: String = FontLocator.defaultFamily, tracking: Double = 0
    ) throws(TextError) -> TextMask {
        try Self.check(pixelSize)
        let run = try layout(
            Self.scalars(string), pixelSize: pixelSize,
            FontRequest(family: family, weight: weight, tracking: tracking),
            rasterize: true)
        return try Self.compose(run, text: string)
    }

    /// Like `render`, but when the advance is wider than `maxWidth` pixels the tail is cut and
    /// "…" appended (UILabel's byTruncatingTail), keeping as many characters as fit.
    public func render(
        _ string: String, pixelSize: Double, weight: FontWeight = .regular,
        family: String = FontLocator.defaultFamily, tracking: Double = 0, maxWidth: Double
    ) throws(TextError) -> TextMask {
        try Self.check(pixelSize)
        let request = FontRequest(family: family, weight: weight, tracking: tracking)
        let text = try truncated(string, pixelSize: pixelSize, request, maxWidth: maxWidth)
        return try render(text, pixelSize: pixelSize, weight: weight, family: family, tracking: tracking)
    }

    /// The line centred in `rect` (pixels) as a single-line UILabel draws it: truncated with "…"
    /// to the rect's width, centred on its advance and line box, and clipped to the rect (a
    /// label's backing store is its bounds, so overhanging ink is cut).
    public func renderCentered(
        _ string: String, pixelSize: Double, weight: FontWeight = .regular, in rect: Rect
    ) throws(TextError) -> PlacedText {
        try render(string, pixelSize: pixelSize, weight: weight, alignment: .center, in: rect)
    }

    /// The text in `rect` (pixels) as a UILabel draws it: with `numberOfLines` 1 one line,
    /// truncated with "…"; otherwise wrapped at the break opportunities of UAX #14 into at
    /// most `numberOfLines` lines (0: as many as the rect's height holds), the last truncated
    /// when text remains. Each line is aligned across the rect, the lines spaced by `spacing`
    /// (pixels), the block of lines centred vertically, the `decoration`'s lines drawn under and
    /// through each line's advance, and the ink clipped to the rect.
    public func render(
        _ string: String, pixelSize: Double, weight: FontWeight = .regular,
        family: String = FontLocator.defaultFamily, tracking: Double = 0, alignment: TextAlignment,
        numberOfLines: Int = 1,
        spacing: ParagraphSpacing = .natural, decoration: TextDecoration = .none, in rect: Rect
    ) throws(TextError) -> PlacedText {
        let limit = 1e9
        guard [rect.minX, rect.minY, rect.width, rect.height].allSatisfy({ $0.isFinite && abs($0) < limit })
        else {
            throw TextError(.badSize, "text rect \(rect) is not a finite rect within \(Int(limit)) px")  // checked: a constant
        }
        var placed: [PlacedText]
        let request = FontRequest(family: family, weight: weight, tracking: tracking)
        if numberOfLines == 1 {
            let mask = try render(
                string, pixelSize: pixelSize, weight: weight, family: family, tracking: tracking,
                maxWidth: rect.width)
            let (x, y) = mask.origin(in: rect, alignment: alignment)
            placed = [PlacedText(mask: mask, x: x, y: y)]
        } else {
            placed = try renderLines(
                string, pixelSize: pixelSize, request, alignment: alignment, numberOfLines: numberOfLines,
                spacing: spacing, in: rect)
        }
        let lineCount = placed.count
        if decoration != .none {
            let metrics = try state.withLock { (fonts: inout FontState) throws(TextError) in
                try fonts.decorationMetrics(request, pixelSize: pixelSize)
            }
            placed += placed.flatMap { Self.decorations(decoration, of: $0, metrics) }
        }
        let left = rect.minX.rounded(.down).clampedInt(in: pixelCoordinateRange, nan: 0)
        let top = rect.minY.rounded(.down).clampedInt(in: pixelCoordinateRange, nan: 0)
        let right = rect.maxX.rounded(.up).clampedInt(in: pixelCoordinateRange, nan: 0)
        let bottom = rect.maxY.rounded(.up).clampedInt(in: pixelCoordinateRange, nan: 0)
        var whole = try Self.merge(placed)
        if decoration != .none, lineCount > 1 {
            whole.mask.text = placed.prefix(lineCount).map(\.mask.text).joined(separator: "\n")
        } else if decoration != .none, let first = placed.first {
            whole.mask.text = first.mask.text
        }
        let clipped = whole.mask.cropped(
            x0: left - whole.x, y0: top - whole.y, x1: right - whole.x, y1: bottom - whole.y)
        return PlacedText(mask: clipped, x: max(whole.x, left), y: max(whole.y, top))
    }

    /// The lines `string` wraps into at `maxWidth` pixels (UAX #14 break opportunities, a word
    /// wider than the line broken between characters, spaces at a break dropped), at most
    /// `maximumLines`, the last truncated with "…" when text remains.
    public func lines(
        _ string: String, pixelSize: Double, weight: FontWeight = .regular,
        family: String = FontLocator.defaultFamily, tracking: Double = 0, maxWidth: Double,
        maximumLines: Int = .max
    ) throws(TextError) -> [String] {
        try wrappedLines(
            string, pixelSize: pixelSize, weight: weight, family: family, tracking: tracking,
            maxWidth: maxWidth,
            maximumLines: maximumLines
        ).map(\.text)
    }

    /// `lines`, each saying whether a paragraph ends with it (for `ParagraphSpacing`).
    public func wrappedLines(
        _ string: String, pixelSize: Double, weight: FontWeight = .regular,
        family: String = FontLocator.defaultFamily, tracking: Double = 0, maxWidth: Double,
        maximumLines: Int = .max
    ) throws(TextError) -> [WrappedLine] {
        try Self.check(pixelSize)
        return try wrap(
            string, pixelSize: pixelSize, FontRequest(family: family, weight: weight, tracking: tracking),
            maxWidth: maxWidth,
            maximumLines: maximumLines)
    }

    /// The advance width of `string` in pixels, without rasterising.
    public func measure(
        _ string: String, pixelSize: Double, weight: FontWeight = .regular,
        family: String = FontLocator.defaultFamily, tracking: Double = 0
    ) throws(TextError) -> Double {
        try Self.check(pixelSize)
        return try measure(
            string, pixelSize: pixelSize, FontRequest(family: family, weight: weight, tracking: tracking))
    }

    /// How many glyph bitmaps are cached (for tests and statistics).
    public var cachedGlyphCount: Int { state.withLock { $0.cache.count } }

    /// The runs a line is shaped into, in visual order, with the font file each came from
    /// (for tests: which face drew which characters, and the glyphs and positions it chose).
    func shapedRuns(
        _ string: String, weight: FontWeight = .regular, family: String = FontLocator.defaultFamily
    )
        throws(TextError) -> [(run: ShapedRun, file: String, family: String, missing: [Unicode.Scalar])]
    {
        let scalars = Self.scalars(string)
        return try state.withLock { (fonts: inout FontState) throws(TextError) in
            let runs = try fonts.shape(scalars, request: FontRequest(family: family, weight: weight)).runs
            return runs.map { run in
                let face = fonts.faces[run.face]
                let name = face.face.pointee.family_name.map { String(cString: $0) } ?? ""
                let missing = scalars[run.scalars].filter {
                    !$0.properties.isDefaultIgnorableCodePoint && face.glyphIndex($0) == 0
                }
                return (run, face.path, name, missing)
            }
        }
    }

    private func measure(_ string: String, pixelSize: Double, _ request: FontRequest) throws(TextError)
        -> Double
    {
        try layout(Self.scalars(string), pixelSize: pixelSize, request, rasterize: false).advance
    }

    private func layout(
        _ scalars: [Unicode.Scalar], pixelSize: Double, _ request: FontRequest, rasterize: Bool
    ) throws(TextError) -> GlyphRun {
        try state.withLock { (fonts: inout FontState) throws(TextError) -> GlyphRun in
            try fonts.layout(scalars, pixelSize: pixelSize, request: request, rasterize: rasterize)
        }
    }

    private func truncated(_ string: String, pixelSize: Double, _ request: FontRequest, maxWidth: Double)
        throws(TextError) -> String
    {
        let characters = Array(string)
        let kept = try Self.truncation(characters, 0..<characters.count, maxWidth: maxWidth) {
            (r, ellipsis) throws(TextError) in
            try measure(String(characters[r]) + (ellipsis ? "…" : ""), pixelSize: pixelSize, request)
        }
        return kept.map { String(characters[0..<$0]) + "…" } ?? string
    }

    /// How many characters of `range` a line cut with "…" keeps (its trailing spaces dropped),
    /// or nil when the whole range fits `maxWidth`. `width` measures a range of `characters`,
    /// with "…" after it or not.
    static func truncation(
        _ characters: [Character], _ range: Range<Int>, maxWidth: Double,
        width: (Range<Int>, Bool) throws(TextError) -> Double
    ) throws(TextError) -> Int? {
        // A hair of tolerance so text measured to fit exactly is not cut by rounding.
        let limit = maxWidth + 1e-6
        if try width(range, false) <= limit { return nil }
        func candidate(_ n: Int) -> Range<Int> {
            trimmed(characters, range.lowerBound..<range.lowerBound + n)
        }
        // The largest prefix that fits, by bisection (widths grow with the prefix; kerning can
        // only nudge that, and the result is checked to fit).
        var low = 0
        var high = range.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if try width(candidate(mid), true) <= limit {
                low = mid
            } else {
                high = mid - 1
            }
        }
        return candidate(low).count
    }

    /// `range` without the whitespace at its end.
    static func trimmed(_ characters: [Character], _ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, characters[end - 1].isWhitespace { end -= 1 }
        return range.lowerBound..<end
    }

    private func wrap(
        _ string: String, pixelSize: Double, _ request: FontRequest, maxWidth: Double, maximumLines: Int
    ) throws(TextError) -> [WrappedLine] {
        let characters = Array(string)
        let spans = try Self.wrap(characters, maxWidth: maxWidth, maximumLines: maximumLines) {
            (r, ellipsis) throws(TextError) in
            try measure(String(characters[r]) + (ellipsis ? "…" : ""), pixelSize: pixelSize, request)
        }
        return spans.map { span in
            WrappedLine(
                text: span.kept.map {
                    String(characters[span.range.lowerBound..<span.range.lowerBound + $0]) + "…"
                }
                    ?? String(characters[span.range]),
                endsParagraph: span.endsParagraph)
        }
    }

    /// A wrapped line as offsets into the text's characters: `range` without its trailing spaces,
    /// and for a last line cut with "…", how many of its characters it keeps before it.
    struct LineSpan: Hashable, Sendable {
        var range: Range<Int>
        var kept: Int?
        var endsParagraph: Bool
    }

    /// Greedy wrapping: each line ends at the last break opportunity whose text (without its
    /// trailing spaces) fits, or at a mandatory break. The last fitting opportunity is found by
    /// galloping then bisection (widths grow with the text), so a line of L characters costs
    /// O(log L) measurements of at most 2L characters, whatever the length of the text. `width`
    /// measures a range of the characters (with "…" after it or not), in one style or several.
    static func wrap(
        _ characters: [Character], maxWidth: Double, maximumLines: Int,
        width: (Range<Int>, Bool) throws(TextError) -> Double
    ) throws(TextError) -> [LineSpan] {
        guard !characters.isEmpty else { return [] }
        let breaks = LineBreaker.opportunities(characters)
        let limit = maxWidth + 1e-6
        // Where lines may end, ascending, and for each the first mandatory one at or after it.
        let ends = (1...characters.count).filter { $0 == characters.count || breaks[$0] }
        var mandatory = [Int](repeating: ends.count - 1, count: ends.count)
        for k in ends.indices.reversed() {
            let isMandatory =
                ends[k] < characters.count && LineBreaker.lineBreakClass(characters[ends[k] - 1]) == .bk
            mandatory[k] = isMandatory || k == ends.count - 1 ? k : mandatory[k + 1]
        }
        /// The largest i in 0..<count whose line start..<end(i) fits, or -1.
        func lastFitting(_ start: Int, _ count: Int, _ end: (Int) -> Int) throws(TextError) -> Int {
            var good = -1
            var bad = count
            var step = 1
            while good + 1 < bad {
                let probe = min(good + step, bad - 1)
                if try width(trimmed(characters, start..<end(probe)), false) <= limit {
                    good = probe
                    step *= 2
                } else {
                    bad = probe
                    step = 1
                }
            }
            return good
        }
        var lines: [LineSpan] = []
        var start = 0
        var p = 0
        while start < characters.count {
            if lines.count == max(1, maximumLines) - 1 {
                let rest = trimmed(characters, start..<characters.count)
                let kept = try truncation(characters, rest, maxWidth: maxWidth, width: width)
                lines.append(LineSpan(range: rest, kept: kept, endsParagraph: true))
                break
            }
            while ends[p] <= start { p += 1 }
            let m = mandatory[p]
            let k = try lastFitting(start, m - p + 1) { ends[p + $0] }
            var end: Int
            if k >= 0 {
                end = ends[p + k]
            } else {
                // A word wider than the line: as many of its characters as fit (at least one).
                let k = try lastFitting(start, ends[p] - start - 1) { start + 2 + $0 }
                end = k >= 0 ? start + 2 + k : start + 1
            }
            lines.append(
                LineSpan(
                    range: trimmed(characters, start..<end), kept: nil,
                    endsParagraph: end == characters.count
                        || LineBreaker.lineBreakClass(characters[end - 1]) == .bk))
            start = end
        }
        return lines
    }

    /// Each line's mask placed in `rect`: the block of line boxes spaced by `spacing` and centred
    /// vertically, each line aligned across, its baseline a descent above its box's bottom (a
    /// taller box than the font's adds room above the glyphs, as TextKit does).
    private func renderLines(
        _ string: String, pixelSize: Double, _ request: FontRequest, alignment: TextAlignment,
        numberOfLines: Int, spacing: ParagraphSpacing, in rect: Rect
    ) throws(TextError) -> [PlacedText] {
        try Self.check(pixelSize)
        let metrics = try layout(Self.scalars(string), pixelSize: pixelSize, request, rasterize: false)
        let natural = metrics.ascent + metrics.descent
        let pitch = spacing.lineHeight(natural: natural) + max(spacing.lineSpacing, 0)
        let fitting =
            pitch > 0
            ? max(
                1,
                ((rect.height + max(spacing.lineSpacing, 0)) / pitch + 1e-9).rounded(.down).clampedInt(
                    in: 1...Int(Int32.max), nan: 1)
            ) : 1
        let count = numberOfLines > 0 ? min(numberOfLines, fitting) : fitting
        let lines = try wrap(string, pixelSize: pixelSize, request, maxWidth: rect.width, maximumLines: count)
        let block = spacing.layout(endsParagraph: lines.map(\.endsParagraph), natural: natural)
        let top = rect.minY + (rect.height - block.height) / 2
        let box = spacing.lineHeight(natural: natural)
        var placed: [PlacedText] = []
        for (line, lineTop) in zip(lines.map(\.text), block.tops) {
            let baseline = top + lineTop + box - metrics.descent
            var mask = try Self.compose(
                try layout(Self.scalars(line), pixelSize: pixelSize, request, rasterize: true), text: line)
            // The paragraph's direction decides `natural` for every line, not each line's own.
            mask.isRightToLeft = metrics.isRightToLeft
            placed.append(
                PlacedText(
                    mask: mask, x: TextMask.snap(mask.penStart(in: rect, alignment: alignment)) - mask.penX,
                    y: TextMask.snap(baseline) - mask.baseline))
        }
        return placed
    }

    /// The decoration's strokes for one placed line, across its advance from its pen: solid
    /// coverage snapped to whole pixels, at least one pixel thick (a thick line twice the
    /// face's thickness, a double line two strokes a stroke apart).
    static func decorations(
        _ decoration: TextDecoration, of line: PlacedText,
        _ metrics: (
            underline: Double, underlineThickness: Double, strikethrough: Double,
            strikethroughThickness: Double
        )
    ) -> [PlacedText] {
        guard line.mask.advance > 0 else { return [] }
        let penX = line.x + line.mask.penX
        let baseline = Double(line.y + line.mask.baseline)
        let width = max(1, line.mask.advance.rounded().clampedInt(in: 0...(1 << 20), nan: 0))
        func strokes(_ style: TextDecoration.Line, centre: Double, thickness: Double) -> [PlacedText] {
            let t = max(
                1, (style == .thick ? thickness * 2 : thickness).rounded().clampedInt(in: 1...4096, nan: 1))
            let offsets = style == .double ? [-t, t] : [0]
            return offsets.map { offset in
                let y =
                    (centre - Double(t) / 2).rounded().clampedInt(in: pixelCoordinateRange, nan: 0) + offset
                let mask = TextMask(
                    width: width, height: t, coverage: [UInt8](repeating: 255, count: width * t), penX: 0,
                    baseline: 0, advance: 0, ascent: 0, descent: 0, text: "")
                return PlacedText(mask: mask, x: penX, y: y)
            }
        }
        var placed: [PlacedText] = []
        if let u = decoration.underline {
            placed += strokes(u, centre: baseline - metrics.underline, thickness: metrics.underlineThickness)
        }
        if let s = decoration.strikethrough {
            placed += strokes(
                s, centre: baseline - metrics.strikethrough, thickness: metrics.strikethroughThickness)
        }
        return placed
    }

    static func check(_ pixelSize: Double) throws(TextError) {
        guard pixelSize.isFinite, pixelSize > 0, pixelSize <= maximumPixelSize else {
            throw TextError(
                .badSize, "font size \(pixelSize) px is not between 0 and \(Int(maximumPixelSize)) px")  // checked: a constant
        }
    }

    static func scalars(_ string: String) -> [Unicode.Scalar] {
        string.unicodeScalars.map { s in
            switch s {
            case "\n", "\r", "\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": " "
            default: s
            }
        }
    }

    /// Placed masks into one: coverage combined as ink drawn over ink (a + b - ab), colour
    /// source-over. One mask is returned as it is.
    static func merge(_ placed: [PlacedText]) throws(TextError) -> PlacedText {
        let inked = placed.filter { !$0.mask.isEmpty }
        guard placed.count > 1, let first = placed.first else {
            return placed.first
                ?? PlacedText(
                    mask: TextMask(
                        width: 0, height: 0, coverage: [], penX: 0, baseline: 0, advance: 0, ascent: 0,
                        descent: 0,
                        text: ""),
                    x: 0, y: 0)
        }
        let text = placed.map(\.mask.text).joined(separator: "\n")
        guard !inked.isEmpty else {
            var mask = first.mask
            mask.text = text
            return PlacedText(mask: mask, x: first.x, y: first.y)
        }
        let x0 = inked.map(\.x).min()!
        let y0 = inked.map(\.y).min()!
        let width = inked.map { $0.x + $0.mask.width }.max()! - x0
        let height = inked.map { $0.y + $0.mask.height }.max()! - y0
        let hasColor = inked.contains { !$0.mask.color.isEmpty }
        guard fits(width, height, color: hasColor) else {
            throw TextError(
                .badSize,
                "text of \(text.count) characters needs a \(width) x \(height) px mask, over the limit")
        }
        var coverage = [UInt8](repeating: 0, count: width * height)
        var color =
            inked.contains { !$0.mask.color.isEmpty } ? [UInt8](repeating: 0, count: width * height * 4) : []
        for p in inked {
            let ox = p.x - x0
            let oy = p.y - y0
            blit(
                p.mask.coverage, width: p.mask.width, rows: p.mask.height, into: &coverage, width, at: ox, oy)
            if !p.mask.color.isEmpty {
                over(p.mask.color, width: p.mask.width, rows: p.mask.height, into: &color, width, at: ox, oy)
            }
        }
        let top = first
        return PlacedText(
            mask: TextMask(
                width: width, height: height, coverage: coverage, penX: top.x + top.mask.penX - x0,
                baseline: top.y + top.mask.baseline - y0, advance: placed.map(\.mask.advance).max()!,
                ascent: top.mask.ascent, descent: top.mask.descent, text: text, color: color,
                isRightToLeft: top.mask.isRightToLeft),
            x: x0, y: y0)
    }

    /// Whether a mask of this size (with a colour plane of 4 bytes a pixel) stays within
    /// `maximumMaskBytes`, checked before allocating it.
    private static func fits(_ width: Int, _ height: Int, color: Bool) -> Bool {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && width < maximumMaskBytes && height < maximumMaskBytes
            && pixels <= (color ? maximumMaskBytes / 4 : maximumMaskBytes)
    }

    /// Coverage drawn over coverage (a + b - ab), as Core Graphics draws glyph after glyph.
    private static func blit(
        _ src: [UInt8], width sw: Int, rows: Int, into out: inout [UInt8], _ width: Int, at ox: Int, _ oy: Int
    ) {
        out.withUnsafeMutableBufferPointer { out in
            src.withUnsafeBufferPointer { src in
                for row in 0..<rows {
                    var d = (oy + row) * width + ox
                    var s = row * sw
                    for _ in 0..<sw {
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

    /// Premultiplied RGBA source-over premultiplied RGBA: FrameGenRaster's `sourceOver`, pixel by pixel
    /// (the scalar form, whose bytes wrap as this plane's always did whatever the glyph holds).
    private static func over(
        _ src: [UInt8], width sw: Int, rows: Int, into out: inout [UInt8], _ width: Int, at ox: Int, _ oy: Int
    ) {
        out.withUnsafeMutableBufferPointer { out in
            src.withUnsafeBufferPointer { src in
                for row in 0..<rows {
                    var d = ((oy + row) * width + ox) * 4
                    var s = row * sw * 4
                    for _ in 0..<sw {
                        let o = sourceOver(
                            Pixel(r: src[s], g: src[s + 1], b: src[s + 2], a: src[s + 3]),
                            Pixel(r: out[d], g: out[d + 1], b: out[d + 2], a: out[d + 3]))
                        (out[d], out[d + 1], out[d + 2], out[d + 3]) = (o.r, o.g, o.b, o.a)
                        d += 4
                        s += 4
                    }
                }
            }
        }
    }

    /// Glyph bitmaps into one mask; overlapping ink combines as two coverages drawn over each
    /// other (a + b - ab), as Core Graphics draws glyph after glyph; colour glyphs go source-over
    /// into the colour plane.
    static func compose(_ run: GlyphRun, text: String) throws(TextError) -> TextMask {
        guard !run.glyphs.isEmpty else {
            return TextMask(
                width: 0, height: 0, coverage: [], penX: 0, baseline: 0, advance: run.advance,
                ascent: run.ascent, descent: run.descent, text: text, isRightToLeft: run.isRightToLeft)
        }
        var minX = Int.max
        var maxX = Int.min
        var top = Int.min
        var bottom = Int.max
        for (bitmap, x, y) in run.glyphs {
            minX = min(minX, x + bitmap.left)
            maxX = max(maxX, x + bitmap.left + bitmap.width)
            top = max(top, bitmap.top + y)
            bottom = min(bottom, bitmap.top + y - bitmap.rows)
        }
        let width = maxX - minX
        let height = top - bottom
        let hasColor = run.glyphs.contains { !$0.bitmap.color.isEmpty }
        guard Self.fits(width, height, color: hasColor) else {
            throw TextError(
                .badSize,
                "text of \(text.count) characters at this size needs a \(width) x \(height) px mask, over the limit"
            )
        }
        var coverage = [UInt8](repeating: 0, count: width * height)
        var color = hasColor ? [UInt8](repeating: 0, count: width * height * 4) : []
        for (bitmap, x, y) in run.glyphs {
            let ox = x + bitmap.left - minX
            let oy = top - bitmap.top - y
            if bitmap.color.isEmpty {
                blit(
                    bitmap.coverage, width: bitmap.width, rows: bitmap.rows, into: &coverage, width, at: ox,
                    oy)
            } else {
                over(bitmap.color, width: bitmap.width, rows: bitmap.rows, into: &color, width, at: ox, oy)
            }
        }
        return TextMask(
            width: width, height: height, coverage: coverage, penX: -minX, baseline: top,
            advance: run.advance, ascent: run.ascent, descent: run.descent, text: text, color: color,
            isRightToLeft: run.isRightToLeft)
    }
}
