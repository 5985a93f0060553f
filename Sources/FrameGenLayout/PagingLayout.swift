import FrameGenGeometry

/// A horizontal pager with paging indicators (the paging-indicator question of the first source,
/// docs/design/layouts.md §7): pages as wide as the view, each holding up to `itemsPerPage` cells, and a
/// left and a right indicator decoration view shown exactly when cells lie beyond that edge of
/// the visible rect.
///
/// Items of every section are laid out in order (global index g over the sections). Page
/// width = the view's width W; item g is on page g / itemsPerPage, in slot g % itemsPerPage.
/// Each page is cut into itemsPerPage equal slots of W / itemsPerPage, and a cell of
/// `itemSize` is centred in its slot and vertically in the view, so the spacing between cells is
/// W / itemsPerPage - itemSize.width (a last, partly filled page keeps its cells in the first
/// slots). Frames are rounded to whole pixels. Content = pages x W by the view's height.
///
/// Indicators (decoration kinds `leftIndicator` and `rightIndicator`, index path [0, 0], zIndex
/// 1, `indicatorSize`) are pinned to the visible rect's left and right edges, vertically centred.
/// The left one shows when some cell's frame starts left of the visible rect's left edge, the
/// right one when some cell's frame ends right of its right edge. Both come from the bounds the
/// layout was prepared with, and every bounds change invalidates, so they are right at every
/// frame of a fling. A hidden indicator is left out of the rect query and has isHidden set when
/// asked for directly.
///
/// Scenes should set `pagingEnabled: true` for UIKit's paging; without it the layout's snap
/// rests on the page boundary nearest the proposed offset.
public struct PagingLayout: CollectionViewLayout {
    public static let leftIndicatorKind = "leftIndicator"
    public static let rightIndicatorKind = "rightIndicator"

    public var itemsPerPage: Int
    public var itemSize: Size
    public var indicatorSize: Size

    public private(set) var collectionView: CollectionViewState?
    private var frames: [(IndexPath, Rect)] = []
    private var contentSize: Size = .zero

    public init(
        itemsPerPage: Int = 5, itemSize: Size = Size(width: 60, height: 60),
        indicatorSize: Size = Size(width: 20, height: 40)
    ) {
        self.itemsPerPage = Swift.max(1, itemsPerPage)
        self.itemSize = itemSize
        self.indicatorSize = indicatorSize
    }

    public mutating func prepare(_ collectionView: CollectionViewState) {
        self.collectionView = collectionView
        let w = collectionView.size.width
        let h = collectionView.size.height
        let slot = w / Double(itemsPerPage)
        var g = 0
        var built: [(IndexPath, Rect)] = []
        for s in 0..<collectionView.numberOfSections {
            for i in 0..<collectionView.numberOfItems(inSection: s) {
                let page = Double(g / itemsPerPage)
                let x = page * w + Double(g % itemsPerPage) * slot + (slot - itemSize.width) / 2
                built.append(
                    (
                        IndexPath(section: s, item: i),
                        collectionView.roundToPixels(
                            Rect(
                                x: x, y: (h - itemSize.height) / 2, width: itemSize.width,
                                height: itemSize.height))
                    ))
                g += 1
            }
        }
        frames = built
        contentSize = Size(width: pageCount * w, height: h)
    }

    /// ceil(items / itemsPerPage).
    public var pageCount: Double {
        Double((frames.count + itemsPerPage - 1) / itemsPerPage)
    }

    public var collectionViewContentSize: Size { contentSize }

    /// Whether cells lie beyond the visible rect's left edge.
    public var showsLeftIndicator: Bool {
        guard let cv = collectionView, let first = frames.first?.1 else { return false }
        // The lowest minX is the first cell's: frames run left to right.
        return first.minX < cv.bounds.minX
    }

    /// Whether cells lie beyond the visible rect's right edge.
    public var showsRightIndicator: Bool {
        guard let cv = collectionView, let last = frames.last?.1 else { return false }
        return last.maxX > cv.bounds.maxX
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let cv = collectionView else { return nil }
        // Index paths are dense, so the global index is the items of the earlier sections + item.
        guard indexPath.section >= 0, indexPath.section < cv.numberOfSections, indexPath.item >= 0,
            indexPath.item < cv.numberOfItems(inSection: indexPath.section)
        else { return nil }
        var g = indexPath.item
        for s in 0..<indexPath.section { g += cv.numberOfItems(inSection: s) }
        guard g < frames.count else { return nil }
        return .cell(indexPath, frame: frames[g].1)
    }

    public func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        guard let cv = collectionView, indexPath == IndexPath(section: 0, item: 0) else { return nil }
        let visible = cv.bounds
        let y = visible.midY - indicatorSize.height / 2
        let x: Double
        let shown: Bool
        switch kind {
        case PagingLayout.leftIndicatorKind:
            x = visible.minX
            shown = showsLeftIndicator
        case PagingLayout.rightIndicatorKind:
            x = visible.maxX - indicatorSize.width
            shown = showsRightIndicator
        default: return nil
        }
        var a = LayoutAttributes.decorationView(
            ofKind: kind, indexPath,
            frame: Rect(x: x, y: y, width: indicatorSize.width, height: indicatorSize.height))
        a.zIndex = 1
        a.isHidden = !shown
        return a
    }

    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = frames.filter { $0.1.intersects(rect) }.map {
            .cell($0.0, frame: $0.1)
        }
        for kind in [PagingLayout.leftIndicatorKind, PagingLayout.rightIndicatorKind] {
            if let a = layoutAttributesForDecorationView(ofKind: kind, at: IndexPath(section: 0, item: 0)),
                !a.isHidden, a.frame.intersects(rect)
            {
                result.append(a)
            }
        }
        return result
    }

    /// The indicators follow the visible rect, so every scroll invalidates.
    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

    public mutating func invalidateLayout() {
        frames = []
        contentSize = .zero
    }

    /// The page boundary nearest the proposed offset, within the pages.
    public func targetContentOffset(
        forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point
    ) -> Point {
        guard let cv = collectionView, cv.size.width > 0, proposedContentOffset.x.isFinite else {
            return proposedContentOffset
        }
        let page = Swift.min(
            Swift.max((proposedContentOffset.x / cv.size.width).rounded(), 0), Swift.max(0, pageCount - 1))
        return Point(x: page * cv.size.width, y: proposedContentOffset.y)
    }
}

extension PagingLayout {
    public static let parameters: [LayoutParameter] = [
        LayoutParameter(
            name: "itemsPerPage", defaultValue: .number(5),
            summary: "cells per page (equal slots of the page width)"),
        LayoutParameter(
            name: "itemSize", defaultValue: .numbers([60, 60]),
            summary: "[width, height] of every cell, centred in its slot and vertically"),
        LayoutParameter(
            name: "indicatorSize", defaultValue: .numbers([20, 40]),
            summary: "[width, height] of the leftIndicator and rightIndicator decoration views"),
    ]

    public init(parameters values: [String: CustomValue]) throws(LayoutParameterError) {
        let r = LayoutParameterReader(values)
        self.init(
            itemsPerPage: try r.integer("itemsPerPage", default: 5, minimum: 1, maximum: 10_000),
            itemSize: try r.size("itemSize", default: Size(width: 60, height: 60)),
            indicatorSize: try r.size("indicatorSize", default: Size(width: 20, height: 40)))
    }

    public static let descriptor = LayoutDescriptor(
        type: "paging",
        summary:
            "Horizontal pager of up to itemsPerPage cells per page, with left and right indicators shown when cells lie beyond",
        parameters: parameters,
        make: { values throws(LayoutParameterError) in try PagingLayout(parameters: values) })
}
