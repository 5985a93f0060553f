import Foundation
import FrameGenCoreGraphics

/// CATextLayerAlignmentMode.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// CATextLayerTruncationMode.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// A layer that draws a string from its top left (docs/uikit.md "What is there"): a `String` in
/// `font` (a UIFont or a font's name) at `fontSize` in `foregroundColor`, or an attributed
/// string in its own attributes; wrapped at the bounds' width when `isWrapped`, else one line.
open class CATextLayer: CALayer {
    /// A String or an NSAttributedString.
    open var string: Any?
    /// A UIFont or a font's name; its size is not used (`fontSize` is), as on iOS.
    open var font: Any?
    open var fontSize: CGFloat = 36
    open var foregroundColor: CGColor? = CGColor.white
    open var isWrapped = false
    /// Kept: one line is cut at the bounds, wrapped lines end where the bounds do.
    open var truncationMode: CATextLayerTruncationMode = .none
    open var alignmentMode: CATextLayerAlignmentMode = .natural
    open var allowsFontSubpixelQuantization = false

    public override init() { super.init() }

    public override init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CATextLayer else { return }
        string = other.string
        font = other.font
        fontSize = other.fontSize
        foregroundColor = other.foregroundColor
        isWrapped = other.isWrapped
        truncationMode = other.truncationMode
        alignmentMode = other.alignmentMode
        allowsFontSubpixelQuantization = other.allowsFontSubpixelQuantization
    }

    public required init?(coder: NSCoder) { return nil }
}
