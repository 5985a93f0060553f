/// How a paragraph's lines are spaced, as NSParagraphStyle spaces them, in one unit (points for
/// measuring, pixels for drawing: `scaled(by:)`). The defaults space lines by the font's own
/// line height, as text without a paragraph style is laid out. The same rules measure a label
/// (FrameGenUIKit) and place its lines when it is drawn (`TextRenderer`), so that the two agree.
public struct ParagraphSpacing: Hashable, Sendable {
    /// Between the bottom of one line box and the top of the next (not after the last line).
    public var lineSpacing = 0.0
    /// The font's line height is multiplied by this when positive, then held within the
    /// minimum and maximum (each ignored when 0), as NSParagraphStyle documents.
    public var lineHeightMultiple = 0.0
    public var minimumLineHeight = 0.0
    public var maximumLineHeight = 0.0
    /// After a paragraph that another follows, and before a paragraph that follows another.
    public var paragraphSpacing = 0.0
    public var paragraphSpacingBefore = 0.0

    public init(
        lineSpacing: Double = 0, lineHeightMultiple: Double = 0, minimumLineHeight: Double = 0,
        maximumLineHeight: Double = 0, paragraphSpacing: Double = 0, paragraphSpacingBefore: Double = 0
    ) {
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
        self.paragraphSpacing = paragraphSpacing
        self.paragraphSpacingBefore = paragraphSpacingBefore
    }

    /// The font's own spacing.
    public static let natural = ParagraphSpacing()

    /// The same spacing in another unit (the multiple has none).
    public func scaled(by scale: Double) -> ParagraphSpacing {
        ParagraphSpacing(
            lineSpacing: lineSpacing * scale, lineHeightMultiple: lineHeightMultiple,
            minimumLineHeight: minimumLineHeight * scale, maximumLineHeight: maximumLineHeight * scale,
            paragraphSpacing: paragraphSpacing * scale, paragraphSpacingBefore: paragraphSpacingBefore * scale
        )
    }

    /// A line's box for a font whose line height is `natural`.
    public func lineHeight(natural: Double) -> Double {
        var height = lineHeightMultiple > 0 ? natural * lineHeightMultiple : natural
        if minimumLineHeight > 0 { height = max(height, minimumLineHeight) }
        if maximumLineHeight > 0 { height = min(height, maximumLineHeight) }
        return max(height, 0)
    }

    /// The top of each line's box from the top of the first, and the height of them all, for
    /// lines of which those flagged end a paragraph (a line break of the text's own).
    public func layout(endsParagraph: [Bool], natural: Double) -> (tops: [Double], height: Double) {
        // Boxes counted by multiplication, so that the font's own spacing gives exactly n boxes.
        let box = lineHeight(natural: natural)
        var tops: [Double] = []
        tops.reserveCapacity(endsParagraph.count)
        var gaps = 0.0
        for (i, ends) in endsParagraph.enumerated() {
            tops.append(Double(i) * box + gaps)
            if i < endsParagraph.count - 1 {
                gaps +=
                    max(lineSpacing, 0)
                    + (ends ? max(paragraphSpacing, 0) + max(paragraphSpacingBefore, 0) : 0)
            }
        }
        return (tops, Double(endsParagraph.count) * box + gaps)
    }
}

/// Lines drawn with the text, in its colour: NSUnderlineStyle's solid styles.
public struct TextDecoration: Hashable, Sendable {
    public enum Line: String, Hashable, Sendable { case single, thick, double }
    public var underline: Line?
    public var strikethrough: Line?
    public init(underline: Line? = nil, strikethrough: Line? = nil) {
        (self.underline, self.strikethrough) = (underline, strikethrough)
    }
    public static let none = TextDecoration()
}

/// One wrapped line and whether the text's own line break (or its end) follows it.
public struct WrappedLine: Hashable, Sendable {
    public var text: String
    public var endsParagraph: Bool
    public init(text: String, endsParagraph: Bool) { (self.text, self.endsParagraph) = (text, endsParagraph) }
}
