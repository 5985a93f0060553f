import Foundation
import FrameGenUIKit

/// The smallest piece of a compositional layout: one cell's size, with the space around it and
/// the supplementary items (badges) attached to it.
open class NSCollectionLayoutItem: NSObject, NSCopying {
    public let layoutSize: NSCollectionLayoutSize
    var attached: [NSCollectionLayoutSupplementaryItem]

    /// Space taken from the item's slot after its size and place are computed (the cell is
    /// smaller than the slot). Ignored along an estimated dimension, as Apple documents.
    open var contentInsets = NSDirectionalEdgeInsets.zero

    /// Space around the item inside its group, laid out with it (nil: none).
    open var edgeSpacing: NSCollectionLayoutEdgeSpacing?

    open var supplementaryItems: [NSCollectionLayoutSupplementaryItem] { attached }

    package init(size: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        layoutSize = size
        attached = supplementaryItems
        super.init()
    }

    public convenience init(layoutSize: NSCollectionLayoutSize) {
        self.init(size: layoutSize, supplementaryItems: [])
    }

    public convenience init(
        layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]
    ) {
        self.init(size: layoutSize, supplementaryItems: supplementaryItems)
    }

    /// A new item with the same size, insets, spacing and supplementary items.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutItem(size: layoutSize, supplementaryItems: attached)
        copy.contentInsets = contentInsets
        copy.edgeSpacing = edgeSpacing
        return copy
    }
}

/// A custom group's item: a frame in the group's coordinates and a stacking order.
open class NSCollectionLayoutGroupCustomItem: NSObject, NSCopying {
    public let frame: CGRect
    public let zIndex: Int

    public init(frame: CGRect, zIndex: Int) {
        self.frame = frame
        self.zIndex = zIndex
        super.init()
    }

    public convenience init(frame: CGRect) { self.init(frame: frame, zIndex: 0) }

    open func copy(with zone: NSZone? = nil) -> Any { self }
}

public typealias NSCollectionLayoutGroupCustomItemProvider =
    (NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]

/// Items (and groups) laid out along a line, horizontal or vertical, or where a closure puts
/// them. A group repeats its subitems while the next one fits, so one item a fifth of the
/// group's width makes a row of five.
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    package enum Arrangement {
        case horizontal
        case vertical
        case custom(NSCollectionLayoutGroupCustomItemProvider)
    }

    package let arrangement: Arrangement
    /// The `count` of the count forms: that many copies of the one subitem, sized to fit.
    package let count: Int?
    public let subitems: [NSCollectionLayoutItem]

    /// Space between neighbouring subitems (nil: none).
    open var interItemSpacing: NSCollectionLayoutSpacing?

    /// Supplementary items attached to the group, with the index path of its first item.
    open override var supplementaryItems: [NSCollectionLayoutSupplementaryItem] {
        get { attached }
        set { attached = newValue }
    }

    package init(
        size: NSCollectionLayoutSize, arrangement: Arrangement, subitems: [NSCollectionLayoutItem],
        count: Int?
    ) {
        self.arrangement = arrangement
        self.subitems = subitems
        self.count = count
        super.init(size: size, supplementaryItems: [])
    }

    open class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem])
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(size: layoutSize, arrangement: .horizontal, subitems: subitems, count: nil)
    }

    /// Deprecated on iOS 16 for `horizontal(layoutSize:repeatingSubitem:count:)`, which it equals.
    open class func horizontal(
        layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int
    )
        -> NSCollectionLayoutGroup
    {
        horizontal(layoutSize: layoutSize, repeatingSubitem: subitem, count: count)
    }

    /// `count` copies of `subitem` side by side, each as wide as the group's width less the
    /// spacing, divided by `count`.
    open class func horizontal(
        layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(size: layoutSize, arrangement: .horizontal, subitems: [subitem], count: count)
    }

    open class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem])
        -> NSCollectionLayoutGroup
    {
        NSCollectionLayoutGroup(size: layoutSize, arrangement: .vertical, subitems: subitems, count: nil)
    }

    open class func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int)
        -> NSCollectionLayoutGroup
    {
        vertical(layoutSize: layoutSize, repeatingSubitem: subitem, count: count)
    }

    open class func vertical(
        layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(size: layoutSize, arrangement: .vertical, subitems: [subitem], count: count)
    }

    /// Items where `itemProvider` puts them, in the group's coordinates; asked once per section
    /// at every layout pass with the group's size as its container.
    open class func custom(
        layoutSize: NSCollectionLayoutSize, itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider
    ) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(
            size: layoutSize, arrangement: .custom(itemProvider), subitems: [], count: nil)
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutGroup(
            size: layoutSize, arrangement: arrangement, subitems: subitems, count: count)
        copy.contentInsets = contentInsets
        copy.edgeSpacing = edgeSpacing
        copy.interItemSpacing = interItemSpacing
        copy.attached = attached
        return copy
    }

    /// A one-line description of the group for debugging (iOS draws a text picture; framegen
    /// names the arrangement, the size and the subitems).
    open func visualDescription() -> String {
        let kind: String
        switch arrangement {
        case .horizontal: kind = "horizontal"
        case .vertical: kind = "vertical"
        case .custom: kind = "custom"
        }
        return "\(kind) group \(layoutSize.widthDimension) x \(layoutSize.heightDimension), "
            + "\(count.map { "\($0) x " } ?? "")\(subitems.count) subitems"
    }
}

/// A view attached to an item (a badge), placed by anchors on the item's frame. Its zIndex is 1
/// by default, so it draws above its item.
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    public let elementKind: String
    public let containerAnchor: NSCollectionLayoutAnchor
    public let itemAnchor: NSCollectionLayoutAnchor?
    open var zIndex = 1

    package init(
        size: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor,
        itemAnchor: NSCollectionLayoutAnchor?
    ) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        self.itemAnchor = itemAnchor
        super.init(size: size, supplementaryItems: [])
    }

    public convenience init(
        layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor
    ) {
        self.init(
            size: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor, itemAnchor: nil)
    }

    public convenience init(
        layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor,
        itemAnchor: NSCollectionLayoutAnchor
    ) {
        self.init(
            size: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor,
            itemAnchor: itemAnchor)
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutSupplementaryItem(
            size: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor,
            itemAnchor: itemAnchor)
        copy.zIndex = zIndex
        copy.contentInsets = contentInsets
        return copy
    }

    /// The frame for an item framed by `container`: the point of the supplementary named by the
    /// item anchor (by default the container anchor's edges) lies on the container anchor's
    /// point, moved by both offsets.
    package func frame(in container: CGRect) -> CGRect {
        let size = layoutSize.resolved(in: container.size)
        let own = itemAnchor ?? NSCollectionLayoutAnchor(edges: containerAnchor.edges)
        let target = containerAnchor.point(in: container)
        let local = own.point(in: CGRect(origin: .zero, size: size))
        let a = containerAnchor.points(for: size)
        let b = itemAnchor?.points(for: size) ?? .zero
        return CGRect(
            x: target.x - local.x + a.x + b.x, y: target.y - local.y + a.y + b.y, width: size.width,
            height: size.height)
    }
}

/// A header or footer of a section or of the whole layout.
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    public let alignment: NSRectAlignment
    public let offset: CGPoint

    /// Whether the item takes room of its own (true, the default) or lies over the content.
    open var extendsBoundary = true

    /// Whether the item stays on screen while any of its section is (false by default).
    open var pinToVisibleBounds = false

    package init(
        size: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, offset: CGPoint
    ) {
        self.alignment = alignment
        self.offset = offset
        super.init(
            size: size, elementKind: elementKind,
            containerAnchor: NSCollectionLayoutAnchor(edges: []), itemAnchor: nil)
    }

    public convenience init(
        layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment
    ) {
        self.init(size: layoutSize, elementKind: elementKind, alignment: alignment, offset: .zero)
    }

    public convenience init(
        layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment,
        absoluteOffset: CGPoint
    ) {
        self.init(size: layoutSize, elementKind: elementKind, alignment: alignment, offset: absoluteOffset)
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutBoundarySupplementaryItem(
            size: layoutSize, elementKind: elementKind, alignment: alignment, offset: offset)
        copy.zIndex = zIndex
        copy.extendsBoundary = extendsBoundary
        copy.pinToVisibleBounds = pinToVisibleBounds
        copy.contentInsets = contentInsets
        return copy
    }
}

/// A view behind a whole section (`background(elementKind:)`), drawn with the class the layout
/// registered for its kind (`register(_:forDecorationViewOfKind:)`).
open class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    public let elementKind: String

    /// 0 by default, which Apple documents as below every other item of the section: framegen
    /// gives the decoration's attributes `zIndex - 1`, so that it draws behind the cells (zIndex 0).
    open var zIndex = 0

    package init(elementKind: String) {
        self.elementKind = elementKind
        super.init(
            size: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
            supplementaryItems: [])
    }

    /// A background as large as its section, less its `contentInsets`.
    open class func background(elementKind: String) -> NSCollectionLayoutDecorationItem {
        NSCollectionLayoutDecorationItem(elementKind: elementKind)
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutDecorationItem(elementKind: elementKind)
        copy.zIndex = zIndex
        copy.contentInsets = contentInsets
        return copy
    }
}
