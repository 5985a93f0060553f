import Foundation
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitDynamics

/// How a section's groups scroll across the layout's own scroll direction. framegen's timeline
/// scrolls the collection view only, so a section with a behaviour other than `.none` is drawn
/// at rest: its groups side by side from the section's leading edge (docs/uikit.md
/// "Compositional layouts").
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none
    case continuous
    case continuousGroupLeadingBoundary
    case paging
    case groupPaging
    /// At rest the first group is centred in the section.
    case groupPagingCentered
}

/// What a section's `contentInsets` are measured from. framegen has no safe area: `.automatic`,
/// `.safeArea` and `.none` add nothing; `.layoutMargins` and `.readableContent` add the
/// collection view's left and right layout margins.
public enum UIContentInsetsReference: Int, Sendable {
    case automatic
    case none
    case safeArea
    case layoutMargins
    case readableContent
}

public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler =
    ([NSCollectionLayoutVisibleItem], CGPoint, NSCollectionLayoutEnvironment) -> Void

/// One section's layout: a group repeated along the scroll axis (or across it, for an
/// orthogonal section) until the section's items run out, with headers, footers and
/// backgrounds.
open class NSCollectionLayoutSection: NSObject, NSCopying {
    public let group: NSCollectionLayoutGroup

    open var contentInsets = NSDirectionalEdgeInsets.zero
    open var interGroupSpacing: CGFloat = 0
    open var orthogonalScrollingBehavior = UICollectionLayoutSectionOrthogonalScrollingBehavior.none
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    open var decorationItems: [NSCollectionLayoutDecorationItem] = []
    /// Whether headers and footers are inset by the section's leading and trailing insets (true
    /// by default).
    open var supplementariesFollowContentInsets = true
    open var contentInsetsReference = UIContentInsetsReference.automatic

    /// Called at every layout pass with the section's elements on screen, the scroll offset and
    /// the environment; what it sets on the items is what is drawn.
    open var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?

    /// The list configuration the section was made from (`list(using:layoutEnvironment:)`).
    var list: UICollectionLayoutListConfiguration?

    public init(group: NSCollectionLayoutGroup) {
        self.group = group
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutSection(group: group)
        copy.contentInsets = contentInsets
        copy.interGroupSpacing = interGroupSpacing
        copy.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        copy.boundarySupplementaryItems = boundarySupplementaryItems
        copy.decorationItems = decorationItems
        copy.supplementariesFollowContentInsets = supplementariesFollowContentInsets
        copy.contentInsetsReference = contentInsetsReference
        copy.visibleItemsInvalidationHandler = visibleItemsInvalidationHandler
        copy.list = list
        return copy
    }
}

/// The size a section or group is laid out in, and its insets.
public protocol NSCollectionLayoutContainer: NSObjectProtocol {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// What a section provider is told: the container (the collection view's size and adjusted
/// content inset) and the traits.
public protocol NSCollectionLayoutEnvironment: NSObjectProtocol {
    var container: NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

/// An element of a section on screen, as a visible-items handler sees it: setting its
/// properties changes what is drawn.
public protocol NSCollectionLayoutVisibleItem: NSObjectProtocol, UIDynamicItem {
    var alpha: CGFloat { get set }
    var zIndex: Int { get set }
    var isHidden: Bool { get set }
    var center: CGPoint { get set }
    var transform: CGAffineTransform { get set }
    var transform3D: CATransform3D { get set }
    var name: String { get }
    var indexPath: IndexPath { get }
    var frame: CGRect { get }
    var bounds: CGRect { get }
    var representedElementCategory: UICollectionView.ElementCategory { get }
    var representedElementKind: String? { get }
}

final class LayoutContainer: NSObject, NSCollectionLayoutContainer {
    package let contentSize: CGSize
    let contentInsets: NSDirectionalEdgeInsets

    package init(contentSize: CGSize, contentInsets: NSDirectionalEdgeInsets) {
        self.contentSize = contentSize
        self.contentInsets = contentInsets
        super.init()
    }

    var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }

    var effectiveContentSize: CGSize {
        CGSize(
            width: Swift.max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
            height: Swift.max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
    }
}

final class LayoutEnvironment: NSObject, NSCollectionLayoutEnvironment {
    package let container: NSCollectionLayoutContainer
    package let traitCollection: UITraitCollection

    package init(container: NSCollectionLayoutContainer, traitCollection: UITraitCollection) {
        self.container = container
        self.traitCollection = traitCollection
        super.init()
    }
}

/// A visible item: the section's stored attributes, which the handler changes in place.
final class VisibleLayoutItem: NSObject, NSCollectionLayoutVisibleItem {
    package let attributes: UICollectionViewLayoutAttributes

    package init(_ attributes: UICollectionViewLayoutAttributes) {
        self.attributes = attributes
        super.init()
    }

    package var alpha: CGFloat {
        get { attributes.alpha }
        set { attributes.alpha = newValue }
    }
    package var zIndex: Int {
        get { attributes.zIndex }
        set { attributes.zIndex = newValue }
    }
    package var isHidden: Bool {
        get { attributes.isHidden }
        set { attributes.isHidden = newValue }
    }
    package var center: CGPoint {
        get { attributes.center }
        set { attributes.center = newValue }
    }
    package var transform: CGAffineTransform {
        get { attributes.transform }
        set { attributes.transform = newValue }
    }
    package var transform3D: CATransform3D {
        get { attributes.transform3D }
        set { attributes.transform3D = newValue }
    }
    /// The element kind, or "cell".
    package var name: String { attributes.representedElementKind ?? "cell" }
    package var indexPath: IndexPath { attributes.indexPath }
    package var frame: CGRect { attributes.frame }
    package var bounds: CGRect { attributes.bounds }
    package var representedElementCategory: UICollectionView.ElementCategory {
        attributes.representedElementCategory
    }
    package var representedElementKind: String? { attributes.representedElementKind }
}
