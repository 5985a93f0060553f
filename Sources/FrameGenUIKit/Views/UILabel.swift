import Foundation
import Text

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

/// A view that shows text. Its properties are what the compositor draws with (Sources/Text
/// shapes the text), and its intrinsic size is measured with the same fonts (docs/uikit.md
/// "Auto Layout").
open class UILabel: UIView {
    /// The plain string of `attributedText`; setting it replaces `attributedText` with a string
    /// without attributes (the label's font and colours apply).
    open var text: String? {
        get { attributedText?.string }
        set { attributedText = newValue.map { NSAttributedString(string: $0) } }
    }

    open var attributedText: NSAttributedString? {
        didSet { invalidateIntrinsicContentSize() }
    }

    /// The system font at 17 points by default; setting nil restores it, as on iOS.
    open var font: UIFont! {
        get { storedFont }
        set { storedFont = newValue ?? UILabel.defaultFont }
    }

    /// Label colour (black in the light appearance) by default; setting nil restores it.
    open var textColor: UIColor! {
        get { storedTextColor }
        set { storedTextColor = newValue ?? .label }
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
    /// When set, a font from a text style or `UIFontMetrics` takes the size of the label's text
    /// size category when its traits change (a snapshot test's traits, a window's), as on iOS
    /// (UIView+Traits.swift).
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
        isUserInteractionEnabled = false
    }

    /// The text's size: its widest line's advance in the label's font, measured with the fonts
    /// the compositor draws it with (the family, bold from semibold up, as drawn), by the height
    /// of its lines in the font's line height; each rounded up to the screen's pixels, as
    /// UIKit's are. No size without text. A label of several lines (`numberOfLines` not 1)
    /// wraps its text, as the compositor does, at `preferredMaxLayoutWidth`, or, where that is
    /// 0 (automatic, as on iOS), at the width the last layout pass gave it.
    open override var intrinsicContentSize: CGSize {
        guard let text, !text.isEmpty else { return CGSize(width: UIView.noIntrinsicMetric, height: 0) }
        let weight: FontWeight = font.weight.rawValue >= UIFont.Weight.semibold.rawValue ? .bold : .regular
        let family = font.familyName.hasPrefix(".") ? FontLocator.defaultFamily : font.familyName
        let size = Double(font.pointSize)
        let wrapWidth =
            numberOfLines == 1 ? 0 : preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : laidOutWidth
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        var width = 0.0
        do {
            if wrapWidth > 0 {
                lines = try UILabel.measuring.lines(
                    text, pixelSize: size, weight: weight, family: family, maxWidth: Double(wrapWidth),
                    maximumLines: numberOfLines == 0 ? .max : numberOfLines)
            } else {
                lines = Array(lines.prefix(textLineCount))
            }
            for line in lines {
                width = Swift.max(
                    width,
                    try UILabel.measuring.measure(line, pixelSize: size, weight: weight, family: family))
            }
        } catch {
            return CGSize(width: UIView.noIntrinsicMetric, height: CGFloat(textLineCount) * font.lineHeight)
        }
        let scale = Double(UIScreen.main.scale)
        func up(_ v: Double) -> CGFloat { CGFloat((v * scale).rounded(.up) / scale) }
        return CGSize(
            width: up(width), height: up(Double(CGFloat(Swift.max(1, lines.count)) * font.lineHeight)))
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

    public required init?(coder: NSCoder) { return nil }
}
