import Foundation
import FrameGenUIKit

/// The separators of a list section's items (iOS 14.5): their visibility, insets and colour.
/// `automatic` lets the list decide, as UIKit does (docs/uikit.md "Lists").
public struct UIListSeparatorConfiguration: Equatable {
    public enum Visibility: Int, Sendable {
        case automatic
        case visible
        case hidden
    }

    /// An inset of `automatic` follows the cell (a list cell's text, the leading edge of a
    /// cell of yours); any other value is the inset itself.
    public static let automaticInsets = NSDirectionalEdgeInsets(
        top: .greatestFiniteMagnitude, leading: .greatestFiniteMagnitude,
        bottom: .greatestFiniteMagnitude, trailing: .greatestFiniteMagnitude)

    /// Accepted; framegen draws the item's bottom separator only (*chosen*, as the table
    /// draws).
    public var topSeparatorVisibility = Visibility.automatic
    public var bottomSeparatorVisibility = Visibility.automatic
    public var topSeparatorInsets = automaticInsets
    public var bottomSeparatorInsets = automaticInsets
    public var color = UIColor.separator
    public var multipleSelectionColor = UIColor.separator
    /// Accepted, not drawn.
    public var visualEffect: AnyObject?

    public init(listAppearance: UICollectionLayoutListConfiguration.Appearance) {}

    public static func == (a: UIListSeparatorConfiguration, b: UIListSeparatorConfiguration) -> Bool {
        a.topSeparatorVisibility == b.topSeparatorVisibility
            && a.bottomSeparatorVisibility == b.bottomSeparatorVisibility
            && a.topSeparatorInsets == b.topSeparatorInsets
            && a.bottomSeparatorInsets == b.bottomSeparatorInsets
            && a.color == b.color && a.multipleSelectionColor == b.multipleSelectionColor
            && a.visualEffect === b.visualEffect
    }
}
