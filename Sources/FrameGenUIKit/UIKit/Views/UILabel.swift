import Foundation

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
/// shapes the text); measuring a text's width needs that module, which UIKit's does not have,
/// so `sizeThatFits` is UIView's and the intrinsic size has a height only (docs/uikit.md
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
    open var minimumScaleFactor: CGFloat = 0
    open var preferredMaxLayoutWidth: CGFloat = 0

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

    /// No width (framegen's UIKit module cannot measure text); the height of its lines in the
    /// font's line height, none without text.
    open override var intrinsicContentSize: CGSize {
        guard let text, !text.isEmpty else { return CGSize(width: UIView.noIntrinsicMetric, height: 0) }
        return CGSize(width: UIView.noIntrinsicMetric, height: CGFloat(textLineCount) * font.lineHeight)
    }

    /// The lines the text's line breaks make, at most `numberOfLines` (when not 0); at least 1.
    var textLineCount: Int {
        let breaks = (text ?? "").reduce(1) { $1.isNewline ? $0 + 1 : $0 }
        return numberOfLines == 0 ? breaks : Swift.max(1, Swift.min(breaks, numberOfLines))
    }

    public required init?(coder: NSCoder) { return nil }
}
