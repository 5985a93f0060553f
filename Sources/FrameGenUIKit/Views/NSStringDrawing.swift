import Foundation

// UIKit's string drawing additions (NSStringDrawing.h), which Foundation on Linux lacks. Cells
// size a button or a label to its title before laying out (SwipeCellKit's action buttons do).

extension NSAttributedString.Key {
    public static let font = NSAttributedString.Key("NSFont")
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    public static let kern = NSAttributedString.Key("NSKern")
}

public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

extension NSString {
    public typealias DrawingOptions = NSStringDrawingOptions

    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [],
        attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        (self as String).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }
}

/// Kept for the signature: framegen neither shrinks the font nor reports what it drew.
open class NSStringDrawingContext: NSObject {
    open var minimumScaleFactor: CGFloat = 0
    open private(set) var actualScaleFactor: CGFloat = 1
    open private(set) var totalBounds: CGRect = .zero
}

extension StringProtocol {
    /// The text's size as a label of its font measures it, with the fonts the compositor draws
    /// it with: with `.usesLineFragmentOrigin`, its lines wrapped at `size.width`, from the
    /// top-left of the first line; without it, one line whose rectangle starts at the baseline
    /// (its origin's y is minus the font's ascender), as UIKit documents. The height given is
    /// not a limit, as on iOS, where the rectangle may come out taller. Without a font in the
    /// attributes, Helvetica at 12 points, NSAttributedString's default.
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [],
        attributes: [NSAttributedString.Key: Any]? = nil,
        context: NSStringDrawingContext?
    ) -> CGRect {
        let font =
            (attributes?[.font] as? UIFont) ?? UIFont(name: "Helvetica", size: 12) ?? .systemFont(ofSize: 12)
        let label = UILabel()
        label.font = font
        label.text = String(self)
        let wraps = options.contains(.usesLineFragmentOrigin)
        label.numberOfLines = wraps ? 0 : 1
        if wraps, size.width > 0, size.width < .greatestFiniteMagnitude / 2 {
            label.preferredMaxLayoutWidth = size.width
        }
        let measured = label.intrinsicContentSize
        let width = Swift.max(0, measured.width)
        return CGRect(x: 0, y: wraps ? 0 : -font.ascender, width: width, height: measured.height)
    }

    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        boundingRect(
            with: CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude),
            options: [],
            attributes: attributes, context: nil
        ).size
    }
}
