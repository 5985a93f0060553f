import Foundation

/// The direction a paragraph's text runs in; the raw values are UIKit's.
public enum NSWritingDirection: Int, Sendable {
    case natural = -1
    case leftToRight = 0
    case rightToLeft = 1
}

/// How a paragraph is laid out: alignment, line and paragraph spacing, line heights, indents,
/// line breaking. Immutable, as in UIKit; `NSMutableParagraphStyle` changes one. A label and
/// the string drawing methods lay their lines out by it (docs/uikit.md "Attributed text and
/// measuring" says which properties framegen draws).
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying {
    struct Values: Equatable {
        var alignment = NSTextAlignment.natural
        var lineSpacing: CGFloat = 0
        var paragraphSpacing: CGFloat = 0
        var paragraphSpacingBefore: CGFloat = 0
        var lineHeightMultiple: CGFloat = 0
        var minimumLineHeight: CGFloat = 0
        var maximumLineHeight: CGFloat = 0
        var lineBreakMode = NSLineBreakMode.byWordWrapping
        var firstLineHeadIndent: CGFloat = 0
        var headIndent: CGFloat = 0
        var tailIndent: CGFloat = 0
        var baseWritingDirection = NSWritingDirection.natural
        var hyphenationFactor: Float = 0
        var defaultTabInterval: CGFloat = 0
        var allowsDefaultTighteningForTruncation = false
    }

    var values = Values()

    public override init() { super.init() }

    /// A new style of the default values each time (left to the script, no spacing, word
    /// wrapping), so that no two callers share one.
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    open var alignment: NSTextAlignment { values.alignment }
    /// Between the bottom of one line and the top of the next, in points.
    open var lineSpacing: CGFloat { values.lineSpacing }
    /// After the paragraph, in points.
    open var paragraphSpacing: CGFloat { values.paragraphSpacing }
    /// Before the paragraph, in points.
    open var paragraphSpacingBefore: CGFloat { values.paragraphSpacingBefore }
    /// The font's line height is multiplied by this when positive, then held within the minimum
    /// and maximum line heights (each ignored when 0).
    open var lineHeightMultiple: CGFloat { values.lineHeightMultiple }
    open var minimumLineHeight: CGFloat { values.minimumLineHeight }
    open var maximumLineHeight: CGFloat { values.maximumLineHeight }
    open var lineBreakMode: NSLineBreakMode { values.lineBreakMode }
    open var firstLineHeadIndent: CGFloat { values.firstLineHeadIndent }
    open var headIndent: CGFloat { values.headIndent }
    /// Positive: from the leading margin; 0 or negative: from the trailing margin.
    open var tailIndent: CGFloat { values.tailIndent }
    open var baseWritingDirection: NSWritingDirection { values.baseWritingDirection }
    open var hyphenationFactor: Float { values.hyphenationFactor }
    open var defaultTabInterval: CGFloat { values.defaultTabInterval }
    open var allowsDefaultTighteningForTruncation: Bool { values.allowsDefaultTighteningForTruncation }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSParagraphStyle()
        copy.values = values
        return copy
    }

    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = NSMutableParagraphStyle()
        copy.values = values
        return copy
    }

    /// Equal when every property is, mutable or not, as in UIKit.
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? NSParagraphStyle)?.values == values
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(values.alignment)
        hasher.combine(values.lineSpacing)
        hasher.combine(values.lineHeightMultiple)
        return hasher.finalize()
    }
}

/// A paragraph style whose properties can be set.
open class NSMutableParagraphStyle: NSParagraphStyle {
    open override var alignment: NSTextAlignment {
        get { values.alignment }
        set { values.alignment = newValue }
    }
    open override var lineSpacing: CGFloat {
        get { values.lineSpacing }
        set { values.lineSpacing = newValue }
    }
    open override var paragraphSpacing: CGFloat {
        get { values.paragraphSpacing }
        set { values.paragraphSpacing = newValue }
    }
    open override var paragraphSpacingBefore: CGFloat {
        get { values.paragraphSpacingBefore }
        set { values.paragraphSpacingBefore = newValue }
    }
    open override var lineHeightMultiple: CGFloat {
        get { values.lineHeightMultiple }
        set { values.lineHeightMultiple = newValue }
    }
    open override var minimumLineHeight: CGFloat {
        get { values.minimumLineHeight }
        set { values.minimumLineHeight = newValue }
    }
    open override var maximumLineHeight: CGFloat {
        get { values.maximumLineHeight }
        set { values.maximumLineHeight = newValue }
    }
    open override var lineBreakMode: NSLineBreakMode {
        get { values.lineBreakMode }
        set { values.lineBreakMode = newValue }
    }
    open override var firstLineHeadIndent: CGFloat {
        get { values.firstLineHeadIndent }
        set { values.firstLineHeadIndent = newValue }
    }
    open override var headIndent: CGFloat {
        get { values.headIndent }
        set { values.headIndent = newValue }
    }
    open override var tailIndent: CGFloat {
        get { values.tailIndent }
        set { values.tailIndent = newValue }
    }
    open override var baseWritingDirection: NSWritingDirection {
        get { values.baseWritingDirection }
        set { values.baseWritingDirection = newValue }
    }
    open override var hyphenationFactor: Float {
        get { values.hyphenationFactor }
        set { values.hyphenationFactor = newValue }
    }
    open override var defaultTabInterval: CGFloat {
        get { values.defaultTabInterval }
        set { values.defaultTabInterval = newValue }
    }
    open override var allowsDefaultTighteningForTruncation: Bool {
        get { values.allowsDefaultTighteningForTruncation }
        set { values.allowsDefaultTighteningForTruncation = newValue }
    }

    /// Takes every property of `obj`.
    open func setParagraphStyle(_ obj: NSParagraphStyle) { values = obj.values }
}

/// The line drawn under or through text (`.underlineStyle`, `.strikethroughStyle`): a style
/// (`.single`, `.thick`, `.double`) combined with a pattern and `.byWord`. Apps often store
/// `NSUnderlineStyle.single.rawValue`, an Int, as the attribute's value; both are read.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

/// A shadow cast by text (`.shadow`). UIKit's defaults: no offset, no blur, black at a third.
open class NSShadow: NSObject, NSCopying {
    open var shadowOffset: CGSize = .zero
    open var shadowBlurRadius: CGFloat = 0
    /// A UIColor; nil draws no shadow.
    open var shadowColor: Any? = UIColor(white: 0, alpha: 1.0 / 3)

    public override init() { super.init() }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSShadow()
        (copy.shadowOffset, copy.shadowBlurRadius, copy.shadowColor) = (
            shadowOffset, shadowBlurRadius, shadowColor
        )
        return copy
    }
}
