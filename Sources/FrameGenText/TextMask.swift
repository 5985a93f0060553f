import FrameGenGeometry

/// Text rasterised to 8-bit anti-aliased coverage (0 = none, 255 = full), without colour: the
/// compositor tints it, applies opacity, and draws the text shadow as the same mask offset and
/// tinted. Colour glyphs (emoji) are in `color` instead, drawn as they are. Coordinates are
/// pixels, y down, like Image.
public struct TextMask: Sendable, Equatable {
    /// The mask's size in pixels; 0 x 0 when nothing has ink (empty string, spaces).
    public var width: Int
    public var height: Int
    /// `height` rows of `width` bytes.
    public var coverage: [UInt8]
    /// The column of the pen's starting point (where the first glyph's origin is); negative or
    /// beyond `width` when the ink starts right of it (a leading space) or overhangs it.
    public var penX: Int
    /// The row of the baseline, counted from the mask's top (ink above it has y < baseline).
    public var baseline: Int
    /// How far the pen moves over the whole string: the sum of the glyphs' advances and the
    /// font's kerning, in pixels. This is the text's layout width, as UILabel measures it.
    public var advance: Double
    /// The font's line box above and below the baseline (hhea ascender and -descender), pixels.
    public var ascent: Double
    public var descent: Double
    /// The text drawn: the string given, or its truncation ending in "…" (lines joined by "\n").
    public var text: String
    /// Premultiplied RGBA of the colour glyphs, 4 bytes a pixel over the same grid as
    /// `coverage`; empty when the text has none.
    public var color: [UInt8]
    /// The paragraph's direction, from its first strong character.
    public var isRightToLeft: Bool

    public init(
        width: Int, height: Int, coverage: [UInt8], penX: Int, baseline: Int, advance: Double,
        ascent: Double, descent: Double, text: String, color: [UInt8] = [], isRightToLeft: Bool = false
    ) {
        precondition(width >= 0 && height >= 0 && coverage.count == width * height)
        precondition(color.isEmpty || color.count == width * height * 4)
        self.width = width
        self.height = height
        self.coverage = coverage
        self.penX = penX
        self.baseline = baseline
        self.advance = advance
        self.ascent = ascent
        self.descent = descent
        self.text = text
        self.color = color
        self.isRightToLeft = isRightToLeft
    }

    /// The line box height (DejaVu Sans has no line gap, so this is UIFont.lineHeight's analogue).
    public var lineHeight: Double { ascent + descent }

    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The coverage of all ink, colour glyphs' alpha included: what a text shadow is cast by.
    public var inkCoverage: [UInt8] {
        guard !color.isEmpty else { return coverage }
        var ink = coverage
        ink.withUnsafeMutableBufferPointer { out in
            color.withUnsafeBufferPointer { rgba in
                for i in 0..<out.count { out[i] = max(out[i], rgba[i &* 4 &+ 3]) }
            }
        }
        return ink
    }

    public subscript(x: Int, y: Int) -> UInt8 { coverage[y * width + x] }

    /// Where the mask's top-left pixel goes to centre this line in `rect` (pixels) as UILabel
    /// centres one line: horizontally the advance width, vertically the line box
    /// (ascent + descent), so the baseline sits at `minY + (height - lineHeight) / 2 + ascent`.
    /// The pen and the baseline are snapped to whole pixels (the mask's glyphs are already placed
    /// at quarter-pixel steps inside it), so text stays crisp and its position deterministic.
    public func origin(centeredIn rect: Rect) -> (x: Int, y: Int) {
        origin(in: rect, alignment: .center)
    }

    /// Where the mask's top-left pixel goes for this line in `rect`: vertically centred as
    /// above, horizontally its advance at the rect's left, centre or right edge.
    public func origin(in rect: Rect, alignment: TextAlignment) -> (x: Int, y: Int) {
        let baselineY = rect.minY + (rect.height - lineHeight) / 2 + ascent
        return (Self.snap(penStart(in: rect, alignment: alignment)) - penX, Self.snap(baselineY) - baseline)
    }

    /// The pen's starting x for a line of this advance aligned in `rect`.
    func penStart(in rect: Rect, alignment: TextAlignment) -> Double {
        switch alignment {
        case .left: rect.minX
        case .center: rect.midX - advance / 2
        case .right: rect.maxX - advance
        case .natural: isRightToLeft ? rect.maxX - advance : rect.minX
        }
    }

    /// The part of the mask inside the pixel rect [x0, x1) x [y0, y1) of mask coordinates; the
    /// pen and baseline keep their meaning relative to the new top-left.
    public func cropped(x0: Int, y0: Int, x1: Int, y1: Int) -> TextMask {
        let xs = max(0, x0)
        let ys = max(0, y0)
        let xe = min(width, x1)
        let ye = min(height, y1)
        guard xs < xe, ys < ye else {
            return TextMask(
                width: 0, height: 0, coverage: [], penX: penX - xs, baseline: baseline - ys,
                advance: advance, ascent: ascent, descent: descent, text: text, isRightToLeft: isRightToLeft)
        }
        var out = [UInt8](repeating: 0, count: (xe - xs) * (ye - ys))
        let w = xe - xs
        for y in ys..<ye {
            out.replaceSubrange(
                (y - ys) * w..<(y - ys + 1) * w, with: coverage[y * width + xs..<y * width + xe])
        }
        var rgba: [UInt8] = []
        if !color.isEmpty {
            rgba = [UInt8](repeating: 0, count: w * (ye - ys) * 4)
            for y in ys..<ye {
                rgba.replaceSubrange(
                    (y - ys) * w * 4..<(y - ys + 1) * w * 4,
                    with: color[(y * width + xs) * 4..<(y * width + xe) * 4])
            }
        }
        return TextMask(
            width: w, height: ye - ys, coverage: out, penX: penX - xs, baseline: baseline - ys,
            advance: advance, ascent: ascent, descent: descent, text: text, color: rgba,
            isRightToLeft: isRightToLeft)
    }

    /// floor(v + 0.5): round half up for negative coordinates too. Non-finite or huge values
    /// (a degenerate rect) are clamped rather than trapping.
    @inline(__always) static func snap(_ v: Double) -> Int {
        let r = (v + 0.5).rounded(.down)
        guard r.isFinite else { return r > 0 ? 1 << 40 : r < 0 ? -(1 << 40) : 0 }
        return r.clampedInt(in: -1_000_000_000_000...1_000_000_000_000, nan: 0)
    }
}

/// A mask and the pixel where its top-left corner goes.
public struct PlacedText: Sendable, Equatable {
    public var mask: TextMask
    public var x: Int
    public var y: Int

    public init(mask: TextMask, x: Int, y: Int) {
        self.mask = mask
        self.x = x
        self.y = y
    }
}
