import Foundation

/// A background's look, as UIKit's (iOS 14): a colour, corners, a stroke and an image. Buttons
/// draw it (`UIButton.Configuration.background`); framegen's cells do not take one.
public struct UIBackgroundConfiguration {
    /// Nil: the owner's colour (a button configuration's style colour).
    public var backgroundColor: UIColor?
    public var cornerRadius: CGFloat = 0
    /// Nil: the owner's foreground colour, as UIKit's tint-coloured stroke.
    public var strokeColor: UIColor?
    public var strokeWidth: CGFloat = 0
    /// Accepted; the stroke is drawn inside the background's edge.
    public var strokeOutset: CGFloat = 0
    public var image: UIImage?
    public var imageContentMode: UIView.ContentMode = .scaleToFill
    /// Accepted, not drawn.
    public var customView: UIView?
    public var backgroundInsets: NSDirectionalEdgeInsets = .zero

    public init() {}

    /// No colour, no corners, no stroke.
    public static func clear() -> UIBackgroundConfiguration {
        var background = UIBackgroundConfiguration()
        background.backgroundColor = .clear
        return background
    }
}
