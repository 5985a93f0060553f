import Foundation
import FrameGenGeometry
import FrameGenLayout
import FrameGenText

/// How lines of text align; the raw values are iOS's (they differ on macOS).
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    /// The script's natural alignment: left for the left-to-right text framegen lays out.
    case natural = 4
}

/// Where a line that does not fit breaks or is cut; the raw values are UIKit's.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0
    case byCharWrapping = 1
    case byClipping = 2
    case byTruncatingHead = 3
    case byTruncatingTail = 4
    case byTruncatingMiddle = 5
}

/// A view that shows text. Its properties are what the compositor draws with (Sources/FrameGenText
/// shapes the text), and its intrinsic size is measured with the same fonts (docs/uikit.md
/// "Auto Layout").
open class UILabel: UIView {
    /// The plain string of `attributedText`; setting it replaces `attributedText` with a string
    /// without attributes (the label's font and colours apply).
    open var text: String? {
        get { attributedText?.string }
        set { attributedText = newValue.map { NSAttributedString(string: $0) } }
    }

    /// Setting it takes the font, colour, alignment and line break mode of its first
    /// character, where it has them, into the label's properties, as UIKit documents; its runs
    /// are drawn each in its own font, colour, kern, underline and strikethrough, its paragraph
    /// spacing and shadow for the whole text (NSStringDrawing.swift's `TextRunStyle`).
    open var attributedText: NSAttributedString? {
        didSet {
            if let string = attributedText, string.length > 0 {
                let attributes = string.attributes(at: 0, effectiveRange: nil)
                if let font = attributes[.font] as? UIFont { storedFont = font }
                if let color = attributes[.foregroundColor] as? UIColor { storedTextColor = color }
                if let paragraph = attributes[.paragraphStyle] as? NSParagraphStyle {
                    textAlignment = paragraph.alignment
                    lineBreakMode = paragraph.lineBreakMode
                }
            }
            invalidateIntrinsicContentSize()
        }
    }

    /// The system font at 17 points by default; setting nil restores it, as on iOS. Setting it
    /// gives the whole of `attributedText` the font, as UIKit documents for styled text.
    open var font: UIFont! {
        get { storedFont }
        set {
            storedFont = newValue ?? UILabel.defaultFont
            restyle(.font, storedFont)
            appearance(\UILabel.font, newValue, tracked: false)
        }
    }

    /// Label colour (black in the light appearance) by default; setting nil restores it.
    /// Setting it colours the whole of `attributedText`, as UIKit documents for styled text.
    open var textColor: UIColor! {
        get { storedTextColor }
        set {
            storedTextColor = newValue ?? .label
            restyle(.foregroundColor, storedTextColor)
            appearance(\UILabel.textColor, newValue, tracked: false)
        }
    }

    /// The label's fonts at the text size `category`, where they follow it (a text style's, a
    /// `UIFontMetrics` font's): its own, and each of its attributed text's runs', so that a run
    /// in another font keeps that font at the new size; false when none follows the size.
    package final func adjustFonts(to category: UIContentSizeCategory) -> Bool {
        var adjusted = false
        if let string = attributedText, string.length > 0 {
            let restyled = NSMutableAttributedString(attributedString: string)
            string.enumerateAttribute(.font, in: NSRange(location: 0, length: string.length)) {
                value, range, _ in
                if let font = (value as? UIFont)?.adjusted(to: category) {
                    restyled.addAttribute(.font, value: font, range: range)
                    adjusted = true
                }
            }
            if adjusted { attributedText = restyled }
        }
        if let font = storedFont.adjusted(to: category) {
            storedFont = font
            adjusted = true
        }
        return adjusted
    }

    /// `value` for `key` over the whole of `attributedText` where the string sets the key
    /// somewhere (a string without it takes the label's property as it is).
    private func restyle(_ key: NSAttributedString.Key, _ value: Any) {
        guard let string = attributedText, string.length > 0 else { return }
        var sets = false
        string.enumerateAttribute(key, in: NSRange(location: 0, length: string.length)) { v, _, stop in
            if v != nil {
                sets = true
                stop.pointee = true
            }
        }
        guard sets else { return }
        let restyled = NSMutableAttributedString(attributedString: string)
        restyled.addAttribute(key, value: value, range: NSRange(location: 0, length: string.length))
        attributedText = restyled
    }

    open var textAlignment: NSTextAlignment = .natural
    /// 1 by default; 0 is as many lines as needed.
    open var numberOfLines = 1 {
        didSet { invalidateIntrinsicContentSize() }
    }
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail
    open var isEnabled = true
    open var isHighlighted = false
    open var highlightedTextColor: UIColor?
    open var shadowColor: UIColor?
    /// (0, -1) by default, as UILabel documents.
    open var shadowOffset = CGSize(width: 0, height: -1)
    open var adjustsFontSizeToFitWidth = false
    /// Where a line whose font `adjustsFontSizeToFitWidth` shrank sits: kept, not yet used
    /// (docs/uikit.md "Controls").
    open var baselineAdjustment = UIBaselineAdjustment.alignBaselines
    /// `UIContentSizeCategoryAdjusting` (below).
    open var adjustsFontForContentSizeCategory = false
    open var minimumScaleFactor: CGFloat = 0
    open var preferredMaxLayoutWidth: CGFloat = 0 {
        didSet { if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() } }
    }

    private static var defaultFont: UIFont { UIFont.systemFont(ofSize: 17) }
    private var storedFont: UIFont = UILabel.defaultFont {
        didSet { invalidateIntrinsicContentSize() }
    }
    private var storedTextColor: UIColor = .label

    /// Not interactive, as on iOS. Its content hugging is UIView's 250, as for a label made in
    /// code on iOS (Interface Builder sets 251; framegen reads no nibs).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpLabel()
    }

    private func setUpLabel() {
        accessibilityTraits = .staticText
        isUserInteractionEnabled = false
    }

    /// The text's size: its widest line's advance in the label's font, measured with the fonts
    /// the compositor draws it with (the family, bold from semibold up, as drawn), by the height
    /// of its lines in the font's line height; each rounded up to the screen's pixels, as
    /// UIKit's are. Zero by zero without text, as on iOS, so that hugging and compression
    /// resistance hold an empty label's size (one centred in its superview is not ambiguous on
    /// iOS). A label of several lines (`numberOfLines` not 1) wraps its text, as the
    /// compositor does, at `preferredMaxLayoutWidth`, or, where that is 0 (automatic, as on
    /// iOS), at the width the last layout pass gave it.
    open override var intrinsicContentSize: CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let wrapWidth =
            numberOfLines == 1 ? 0 : preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : laidOutWidth
        let style = runStyle
        return UILabel.textSize(
            text, font: font, spacing: style.spacing, tracking: style.tracking, wrapWidth: wrapWidth,
            numberOfLines: numberOfLines, runs: style.lineRuns)
            ?? CGSize(width: UIView.noIntrinsicMetric, height: CGFloat(textLineCount) * font.lineHeight)
    }

    /// The text's size, as UIKit's label answers `sizeThatFits(_:)` (and so `sizeToFit()`): one
    /// line's whole width whatever `size` says for a label of one line; else wrapped at
    /// `size.width` into at most `numberOfLines` lines, or its own lines where that width is 0
    /// (no width asked, as a new label's bounds give `sizeToFit()`). Zero without text.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = numberOfLines == 1 || !size.width.isFinite ? 0 : Swift.max(size.width, 0)
        return textSize(wrappingAt: width, lines: numberOfLines)
    }

    /// Text's size as a label measures it: its widest line's advance, by its lines' heights
    /// spaced by `spacing` from the font's line height; each rounded up to the screen's pixels.
    /// With a `wrapWidth`, wrapped there into at most `numberOfLines` lines (0: any number);
    /// without, its own lines, at most `numberOfLines`. nil when the fonts cannot measure it.
    /// With `runs` (an attributed string's styles), each line measured in its runs' fonts and
    /// as tall as the tallest of their line heights.
    static func textSize(
        _ text: String, font: UIFont, spacing: ParagraphSpacing, tracking: Double, wrapWidth: CGFloat,
        numberOfLines: Int, runs: [(style: StyledRun, lineHeight: Double)] = []
    ) -> CGSize? {
        if !runs.isEmpty {
            return styledTextSize(
                text, runs: runs, spacing: spacing, wrapWidth: wrapWidth, numberOfLines: numberOfLines)
        }
        let weight: FontWeight = font.isDrawnBold ? .bold : .regular
        let family = font.drawnFamily ?? FontLocator.defaultFamily
        let size = Double(font.pointSize)
        var lines: [WrappedLine]
        var width = 0.0
        do {
            if wrapWidth > 0 {
                lines = try UILabel.measuring.wrappedLines(
                    text, pixelSize: size, weight: weight, family: family, tracking: tracking,
                    maxWidth: Double(wrapWidth),
                    maximumLines: numberOfLines == 0 ? .max : numberOfLines)
            } else {
                lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
                    WrappedLine(text: String($0), endsParagraph: true)
                }
                if numberOfLines > 0 { lines = Array(lines.prefix(numberOfLines)) }
            }
            for line in lines {
                width = Swift.max(
                    width,
                    try UILabel.measuring.measure(
                        line.text, pixelSize: size, weight: weight, family: family, tracking: tracking))
            }
        } catch {
            return nil
        }
        if lines.isEmpty { lines = [WrappedLine(text: "", endsParagraph: true)] }
        let height = spacing.layout(
            endsParagraph: lines.map(\.endsParagraph), natural: Double(font.lineHeight)
        )
        .height
        return pixelSize(width: width, height: height)
    }

    /// A text size rounded up to the screen's pixels, as UIKit's are.
    private static func pixelSize(width: Double, height: Double) -> CGSize {
        let scale = Double(UIScreen.main.scale)
        func up(_ v: Double) -> CGFloat { CGFloat((v * scale).rounded(.up) / scale) }
        return CGSize(width: up(width), height: up(height))
    }

    /// `textSize` for text in several styles: wrapped (or at its own line breaks) as the
    /// compositor wraps it, each line's width its runs' advances, its height the tallest line
    /// height among its runs.
    private static func styledTextSize(
        _ text: String, runs: [(style: StyledRun, lineHeight: Double)], spacing: ParagraphSpacing,
        wrapWidth: CGFloat, numberOfLines: Int
    ) -> CGSize? {
        let styles = runs.map(\.style)
        let lines: [StyledLine]
        var width = 0.0
        do {
            lines = try UILabel.measuring.wrappedLines(
                text, runs: styles, maxWidth: wrapWidth > 0 ? Double(wrapWidth) : .greatestFiniteMagnitude,
                maximumLines: numberOfLines == 0 ? .max : numberOfLines)
            for line in lines {
                width = Swift.max(width, try UILabel.measuring.advance(of: line, in: text, runs: styles))
            }
        } catch {
            return nil
        }
        let naturals =
            lines.isEmpty
            ? [runs[0].lineHeight]
            : lines.map { line in
                line.runs.map { runs[$0].lineHeight }.max() ?? runs[0].lineHeight
            }
        let height = spacing.layout(
            endsParagraph: lines.isEmpty ? [true] : lines.map(\.endsParagraph), naturals: naturals
        ).height
        return pixelSize(width: width, height: height)
    }

    /// The attributes the label draws with: its first character's, with the label's font and
    /// colour (which setting `attributedText` takes from them), and its runs' where they differ.
    private var runStyle: TextRunStyle {
        var style =
            attributedText.map { TextRunStyle(Self.linked($0, with: linkAttributes?() ?? nil)) }
            ?? TextRunStyle(nil)
        style.font = font
        style.color = textColor
        return style
    }

    /// The label's text as the compositor draws it in its bounds, colours resolved with
    /// `traits`: with the label's shadow (unblurred) when its text casts none, and, when
    /// `adjustsFontSizeToFitWidth` is set, a single line's font shrunk to fit the width, to no
    /// less than `minimumScaleFactor` of its size.
    package func snapshotText(traits: UITraitCollection) -> LayerSnapshot.Text? {
        guard let text, !text.isEmpty else { return nil }
        var style = runStyle
        if adjustsFontSizeToFitWidth, numberOfLines == 1, bounds.width > 0,
            let natural = UILabel.textSize(
                text, font: style.font, spacing: .natural, tracking: style.tracking, wrapWidth: 0,
                numberOfLines: 1, runs: style.lineRuns),
            natural.width > bounds.width
        {
            let scale = Swift.max(minimumScaleFactor, bounds.width / natural.width)
            style.font = style.font.withSize(style.font.pointSize * scale)
        }
        var snapshot = style.snapshot(
            text, alignment: textAlignment, numberOfLines: drawnNumberOfLines, traits: traits)
        if snapshot.shadow == nil, let shadowColor {
            snapshot.shadow = LayerSnapshot.Shadow(
                color: shadowColor.resolvedColor(with: traits).cgColor.snapshot, opacity: 1, radius: 0,
                offset: Point(x: Double(shadowOffset.width), y: Double(shadowOffset.height)))
        }
        snapshot.maskArea = textMaskArea.map(\.geometry)
        return snapshot
    }

    /// The attributes the view that owns this label draws its links in (a text view's
    /// `linkTextAttributes`): nil draws a link as the rest of its run.
    package var linkAttributes: (() -> [NSAttributedString.Key: Any]?)?

    /// `string` with `attributes` over each range it links (`.link`).
    static func linked(_ string: NSAttributedString, with attributes: [NSAttributedString.Key: Any]?)
        -> NSAttributedString
    {
        guard let attributes, !attributes.isEmpty, string.length > 0 else { return string }
        var ranges: [NSRange] = []
        string.enumerateAttribute(.link, in: NSRange(location: 0, length: string.length)) { value, range, _ in
            if value != nil { ranges.append(range) }
        }
        guard !ranges.isEmpty else { return string }
        let styled = NSMutableAttributedString(attributedString: string)
        for range in ranges { styled.addAttributes(attributes, range: range) }
        return styled
    }

    /// Where the control that owns this label may draw its text on iOS, in the label's bounds
    /// coordinates (a text field's text rect, a button's title area): a snapshot test masks it
    /// with the label's bounds (docs/snapshot-testing.md "Text"); nil for a label of its own.
    package var textMaskArea: CGRect?

    /// The lines the label draws at most (0: any number): `numberOfLines`; a button's title
    /// label also wraps where its line break mode wraps (UIButton.swift).
    var drawnNumberOfLines: Int { numberOfLines }

    /// The text's size as the label measures it (its font, its paragraph spacing), wrapped at
    /// `width` into at most `lines` lines (0: any number), or its own lines where `width` is 0;
    /// zero without text.
    func textSize(wrappingAt width: CGFloat, lines: Int) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let style = runStyle
        return UILabel.textSize(
            text, font: font, spacing: style.spacing, tracking: style.tracking,
            wrapWidth: Swift.max(width, 0),
            numberOfLines: lines, runs: style.lineRuns)
            ?? CGSize(width: 0, height: CGFloat(textLineCount) * font.lineHeight)
    }

    /// The width the last layout pass gave a label of several lines whose
    /// `preferredMaxLayoutWidth` is automatic: its text wraps there, and a new width asks for
    /// another pass (UIKit lays such a label out twice in the same way).
    private var laidOutWidth: CGFloat = 0

    open override func layoutSubviews() {
        super.layoutSubviews()
        guard numberOfLines != 1, preferredMaxLayoutWidth == 0, bounds.width != laidOutWidth else { return }
        laidOutWidth = bounds.width
        invalidateIntrinsicContentSize()
    }

    /// Fonts for measuring, shared by every label of the process (a render's own renderer draws).
    private static let measuring = TextRenderer()

    /// The lines the text's line breaks make, at most `numberOfLines` (when not 0); at least 1.
    var textLineCount: Int {
        let breaks = (text ?? "").reduce(1) { $1.isNewline ? $0 + 1 : $0 }
        return numberOfLines == 0 ? breaks : Swift.max(1, Swift.min(breaks, numberOfLines))
    }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpLabel()
        InterfaceBuilder.decode(self, coder: coder, at: UILabel.self)
    }
}

/// The views whose font follows the text size category (a label, a text field, a text view): a
/// font from a text style or `UIFontMetrics` takes the size of the view's category when its
/// traits change (a snapshot test's traits, a window's), as on iOS (UIView+Traits.swift).
public protocol UIContentSizeCategoryAdjusting: NSObjectProtocol {
    var adjustsFontForContentSizeCategory: Bool { get set }
}

extension UILabel: UIContentSizeCategoryAdjusting {}
extension UITextField: UIContentSizeCategoryAdjusting {}
extension UITextView: UIContentSizeCategoryAdjusting {}
