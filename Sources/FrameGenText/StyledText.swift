import FrameGenGeometry

/// A run of text in one style, as an attributed string's runs are: `length` characters (grapheme
/// clusters) of the text, in their font at `size` pixels per em (points when measuring), with
/// their tracking (thousandths of an em) and the lines drawn under and through them.
public struct StyledRun: Hashable, Sendable {
    public var length: Int
    public var size: Double
    public var weight: FontWeight
    public var family: String
    public var tracking: Double
    public var decoration: TextDecoration

    public init(
        length: Int, size: Double, weight: FontWeight = .regular, family: String = FontLocator.defaultFamily,
        tracking: Double = 0, decoration: TextDecoration = .none
    ) {
        (self.length, self.size, self.weight, self.family) = (length, size, weight, family)
        (self.tracking, self.decoration) = (tracking, decoration)
    }

    /// The run at another size (points to pixels).
    public func scaled(by scale: Double) -> StyledRun {
        var run = self
        run.size *= scale
        return run
    }

    var request: FontRequest { FontRequest(family: family, weight: weight, tracking: tracking) }
}

/// A wrapped line of text in several styles: its characters (without trailing spaces; for a
/// last line cut with "…", those it keeps before it), and whether a paragraph ends with it.
public struct StyledLine: Hashable, Sendable {
    public var range: Range<Int>
    public var isTruncated: Bool
    public var endsParagraph: Bool
    /// The runs the line draws from (its "…" takes the style of the run it follows).
    public var runs: Range<Int>
}

/// A line's piece in one run's style, placed, and the run it is drawn in.
public struct StyledPiece: Sendable {
    public var placed: PlacedText
    public var run: Int
}

/// Text in several styles (an attributed string's runs, as Core Text lays them out): each run
/// shaped on its own in its font (no kerning across a change of style), a line's runs one after
/// another from its pen, wrapped as text in one style is (`wrap`), each line as tall as its
/// tallest run's line and its runs on one baseline.
extension TextRenderer {
    /// Where each run starts in the text's characters; an error when the runs do not cover the
    /// text exactly or a size is not one text can be drawn at.
    static func runStarts(_ runs: [StyledRun], count: Int) throws(TextError) -> [Int] {
        var starts: [Int] = []
        var offset = 0
        for run in runs {
            try check(run.size)
            guard run.length > 0, run.length <= count - offset else {
                throw TextError(
                    .badSize, "text runs of \(runs.count) lengths do not cover its \(count) characters")
            }
            starts.append(offset)
            offset += run.length
        }
        guard offset == count else {
            throw TextError(
                .badSize, "text runs of \(runs.count) lengths do not cover its \(count) characters")
        }
        return starts
    }

    /// Whether `runs` cover a text of `count` characters, each at a size text can be drawn at:
    /// what `render(_:runs:...)` and `measure(_:runs:)` accept.
    public static func canDraw(_ runs: [StyledRun], count: Int) -> Bool {
        (try? runStarts(runs, count: count)) != nil
    }

    /// The pieces of `range` in each run's style, in order: the run and its characters.
    static func pieces(_ range: Range<Int>, starts: [Int], runs: [StyledRun]) -> [(
        run: Int, range: Range<Int>
    )] {
        var out: [(Int, Range<Int>)] = []
        for (i, start) in starts.enumerated() {
            let (lower, upper) = (max(start, range.lowerBound), min(start + runs[i].length, range.upperBound))
            if lower < upper { out.append((i, lower..<upper)) }
        }
        return out
    }

    /// The run a "…" after `range` is drawn in: the run of its last character (or the first
    /// character's, for an empty range).
    static func ellipsisRun(after range: Range<Int>, starts: [Int]) -> Int {
        let at = max(0, range.isEmpty ? range.lowerBound : range.upperBound - 1)
        return max(0, (starts.lastIndex { $0 <= at }) ?? 0)
    }

    /// The texts `range` of `characters` is shaped in, each in its run's style, and with
    /// `ellipsis` a "…" after the last, in the style of the run it follows.
    static func texts(
        _ characters: [Character], _ range: Range<Int>, ellipsis: Bool, starts: [Int], runs: [StyledRun]
    ) -> [(run: Int, text: String)] {
        var pieces = pieces(range, starts: starts, runs: runs)
        let last = ellipsisRun(after: range, starts: starts)
        if ellipsis, pieces.isEmpty || pieces.last?.run != last {
            pieces.append((last, range.upperBound..<range.upperBound))
        }
        return pieces.enumerated().map { k, piece in
            (piece.run, String(characters[piece.range]) + (ellipsis && k == pieces.count - 1 ? "…" : ""))
        }
    }

    /// The advance of `range` of `characters` in its runs' styles, with a "…" after it or not.
    private func width(
        _ characters: [Character], _ range: Range<Int>, ellipsis: Bool, starts: [Int], runs: [StyledRun]
    ) throws(TextError) -> Double {
        var total = 0.0
        for (index, text) in Self.texts(characters, range, ellipsis: ellipsis, starts: starts, runs: runs) {
            let run = runs[index]
            total += try state.withLock { (fonts: inout FontState) throws(TextError) in
                try fonts.layout(
                    Self.scalars(text), pixelSize: run.size, request: run.request, rasterize: false)
            }.advance
        }
        return total
    }

    /// The advance width of `string` in its runs' styles, in their unit, without rasterising.
    public func measure(_ string: String, runs: [StyledRun]) throws(TextError) -> Double {
        let characters = Array(string)
        let starts = try Self.runStarts(runs, count: characters.count)
        return try width(characters, 0..<characters.count, ellipsis: false, starts: starts, runs: runs)
    }

    /// The advance of one of `wrappedLines`' lines (its "…" too), in the runs' unit.
    public func advance(of line: StyledLine, in string: String, runs: [StyledRun]) throws(TextError) -> Double
    {
        let characters = Array(string)
        let starts = try Self.runStarts(runs, count: characters.count)
        guard line.range.lowerBound >= 0, line.range.upperBound <= characters.count else {
            throw TextError(
                .badSize, "a line of characters \(line.range) is not in a text of \(characters.count)")
        }
        return try width(characters, line.range, ellipsis: line.isTruncated, starts: starts, runs: runs)
    }

    /// The lines `string` wraps into at `maxWidth` in its runs' styles, as `wrappedLines` wraps
    /// text in one style (`.greatestFiniteMagnitude`: its own lines, at its line breaks).
    public func wrappedLines(
        _ string: String, runs: [StyledRun], maxWidth: Double, maximumLines: Int = .max
    ) throws(TextError) -> [StyledLine] {
        let characters = Array(string)
        let starts = try Self.runStarts(runs, count: characters.count)
        let spans = try Self.wrap(characters, maxWidth: maxWidth, maximumLines: maximumLines) {
            (r, ellipsis) throws(TextError) in
            try width(characters, r, ellipsis: ellipsis, starts: starts, runs: runs)
        }
        return spans.map { span in
            let range = span.kept.map { span.range.lowerBound..<span.range.lowerBound + $0 } ?? span.range
            let pieces = Self.pieces(range, starts: starts, runs: runs).map(\.run)
            let last = span.kept != nil ? Self.ellipsisRun(after: range, starts: starts) : pieces.last ?? 0
            let first = pieces.first ?? last
            return StyledLine(
                range: range, isTruncated: span.kept != nil, endsParagraph: span.endsParagraph,
                runs: min(first, last)..<max(first, last) + 1)
        }
    }

    /// The text in `rect` (pixels) as `render(_:alignment:numberOfLines:spacing:decoration:in:)`
    /// draws text in one style, its runs in theirs: each line's pieces placed from its pen, one
    /// after another (glyphs at the quarter pixels the line's advance puts them), on the line's
    /// baseline, a descent above the bottom of a box as tall as its tallest run's; each piece's
    /// decoration under and through its own advance, and the ink clipped to the rect.
    public func render(
        _ string: String, runs: [StyledRun], alignment: TextAlignment, numberOfLines: Int = 1,
        spacing: ParagraphSpacing = .natural, in rect: Rect
    ) throws(TextError) -> [StyledPiece] {
        let limit = 1e9
        guard [rect.minX, rect.minY, rect.width, rect.height].allSatisfy({ $0.isFinite && abs($0) < limit })
        else {
            throw TextError(.badSize, "text rect \(rect) is not a finite rect within \(Int(limit)) px")  // checked: a constant
        }
        let characters = Array(string)
        let starts = try Self.runStarts(runs, count: characters.count)
        // Each run's line (ascent and descent): a line is as tall as its tallest run's.
        var metrics: [(ascent: Double, descent: Double)] = []
        for run in runs {
            let m = try state.withLock { (fonts: inout FontState) throws(TextError) in
                try fonts.layout([" "], pixelSize: run.size, request: run.request, rasterize: false)
            }
            metrics.append((m.ascent, m.descent))
        }
        let tallest = metrics.map { $0.ascent + $0.descent }.max() ?? 0
        let pitch = spacing.lineHeight(natural: tallest) + max(spacing.lineSpacing, 0)
        let fitting =
            numberOfLines == 1
            ? 1
            : pitch > 0
                ? max(
                    1,
                    ((rect.height + max(spacing.lineSpacing, 0)) / pitch + 1e-9).rounded(.down).clampedInt(
                        in: 1...Int(Int32.max), nan: 1)
                ) : 1
        let count = numberOfLines > 0 ? min(numberOfLines, fitting) : fitting
        let lines = try wrappedLines(string, runs: runs, maxWidth: rect.width, maximumLines: count)
        let naturals = lines.map { line in
            line.runs.map { metrics[$0].ascent + metrics[$0].descent }.max() ?? tallest
        }
        let block = spacing.layout(endsParagraph: lines.map(\.endsParagraph), naturals: naturals)
        let top = rect.minY + (rect.height - block.height) / 2
        var out: [StyledPiece] = []
        for (index, line) in lines.enumerated() {
            let descent = line.runs.map { metrics[$0].descent }.max() ?? 0
            let box = spacing.lineHeight(natural: naturals[index])
            let baseline = TextMask.snap(top + block.tops[index] + box - descent)
            let pieces = Self.texts(
                characters, line.range, ellipsis: line.isTruncated, starts: starts, runs: runs)
            // The pieces laid out from the line's pen (its whole pixel), each from where the one
            // before ended.
            var masks: [(mask: TextMask, run: Int, pen: Double)] = []
            var advance = 0.0
            var isRightToLeft = false
            for (k, piece) in pieces.enumerated() {
                let (run, text) = (runs[piece.run], piece.text)
                let fraction = advance - advance.rounded(.down)
                let glyphs = try state.withLock { (fonts: inout FontState) throws(TextError) in
                    try fonts.layout(
                        Self.scalars(text), pixelSize: run.size, request: run.request, rasterize: true,
                        origin: fraction)
                }
                if k == 0 { isRightToLeft = glyphs.isRightToLeft }
                masks.append((try Self.compose(glyphs, text: text), piece.run, advance.rounded(.down)))
                advance += glyphs.advance
            }
            let whole = TextMask(
                width: 0, height: 0, coverage: [], penX: 0, baseline: 0, advance: advance, ascent: 0,
                descent: 0, text: "", isRightToLeft: isRightToLeft)
            let pen = TextMask.snap(whole.penStart(in: rect, alignment: alignment))
            for (mask, run, offset) in masks {
                let x = pen + offset.clampedInt(in: pixelCoordinateRange, nan: 0)
                let placed = PlacedText(mask: mask, x: x - mask.penX, y: baseline - mask.baseline)
                out.append(StyledPiece(placed: placed, run: run))
                let decoration = runs[run].decoration
                if decoration != .none {
                    let m = try state.withLock { (fonts: inout FontState) throws(TextError) in
                        try fonts.decorationMetrics(runs[run].request, pixelSize: runs[run].size)
                    }
                    out += Self.decorations(decoration, of: placed, m).map {
                        StyledPiece(placed: $0, run: run)
                    }
                }
            }
        }
        let left = rect.minX.rounded(.down).clampedInt(in: pixelCoordinateRange, nan: 0)
        let topPixel = rect.minY.rounded(.down).clampedInt(in: pixelCoordinateRange, nan: 0)
        let right = rect.maxX.rounded(.up).clampedInt(in: pixelCoordinateRange, nan: 0)
        let bottom = rect.maxY.rounded(.up).clampedInt(in: pixelCoordinateRange, nan: 0)
        return out.map { piece in
            let p = piece.placed
            let clipped = p.mask.cropped(
                x0: left - p.x, y0: topPixel - p.y, x1: right - p.x, y1: bottom - p.y)
            return StyledPiece(
                placed: PlacedText(mask: clipped, x: max(p.x, left), y: max(p.y, topPixel)), run: piece.run)
        }
    }
}

extension ParagraphSpacing {
    /// `layout(endsParagraph:natural:)` for lines whose fonts' line heights differ, each line's
    /// box from its own; lines of one height are laid out as there.
    public func layout(endsParagraph: [Bool], naturals: [Double]) -> (tops: [Double], height: Double) {
        if let first = naturals.first, naturals.allSatisfy({ $0 == first }) {
            return layout(endsParagraph: endsParagraph, natural: first)
        }
        var tops: [Double] = []
        var y = 0.0
        for (i, ends) in endsParagraph.enumerated() {
            tops.append(y)
            y += lineHeight(natural: i < naturals.count ? naturals[i] : 0)
            if i < endsParagraph.count - 1 {
                y +=
                    max(lineSpacing, 0)
                    + (ends ? max(paragraphSpacing, 0) + max(paragraphSpacingBefore, 0) : 0)
            }
        }
        return (tops, y)
    }
}
