import FrameGenGeometry

/// The iOS 6 by Tutorials StackedGridLayout, a Pinterest-style waterfall (docs/design/layouts.md §6.2).
///
/// Per section: an optional header (kind `header`, showing the section title) of `headerHeight`
/// spanning the view's width, then `columns` columns of width floor(width / columns). Each item
/// is `columnWidth - inset.left - inset.right` wide and as tall as its image's aspect ratio
/// makes it (square when unknown), and goes into the shortest column (ties go left) at
/// (columnWidth * column + inset.left, columnHeight + inset.top). The column then grows by the
/// item's height + inset.bottom, so items of one column are inset.bottom apart and inset.top
/// only shifts the whole section down. The section ends below its lowest item plus
/// inset.bottom; an empty section still takes its header's space.
///
/// The book's insets are zero, so its tiles touch; a Pinterest board has gutters, and so does
/// the default here (`gutters`: 8 pt between tiles and columns, 4 pt from the view's edges).
///
/// Quirk: the original grows the section only when an item's bottom passes the section's
/// current bottom, so an item ending within inset.bottom of it leaves no inset.bottom below
/// (`sectionGrowthQuirk: false` always keeps inset.bottom below the lowest item).
public struct WaterfallLayout: CollectionViewLayout {
    public var columns: Int
    public var itemInsets: EdgeInsets
    public var headerHeight: Double
    public var sectionGrowthQuirk: Bool

    /// The state the layout was last prepared with.
    public private(set) var collectionView: CollectionViewState?
    private var sections: [SectionAttributes] = []
    private var contentSize: Size = .zero

    private struct SectionAttributes: Sendable {
        var frame: Rect
        var header: LayoutAttributes?
        var items: [LayoutAttributes]
    }

    /// The default item insets: 4 pt beside a tile and 8 pt below it (the top inset only moves
    /// the whole section down), so tiles and columns are 8 pt apart and 4 pt from the view's
    /// top and sides, as on a Pinterest board.
    public static let gutters = EdgeInsets(top: 4, left: 4, bottom: 8, right: 4)

    public init(
        columns: Int = 3, itemInsets: EdgeInsets = WaterfallLayout.gutters, headerHeight: Double = 0,
        sectionGrowthQuirk: Bool = true
    ) {
        self.columns = Swift.max(1, columns)
        self.itemInsets = itemInsets
        self.headerHeight = headerHeight
        self.sectionGrowthQuirk = sectionGrowthQuirk
    }

    public mutating func prepare(_ collectionView: CollectionViewState) {
        self.collectionView = collectionView
        let width = collectionView.size.width
        let columnWidth = (width / Double(columns)).rounded(.down)
        let itemWidth = Swift.max(0, columnWidth - itemInsets.left - itemInsets.right)
        var height = 0.0
        var built: [SectionAttributes] = []
        for s in 0..<collectionView.numberOfSections {
            height += headerHeight
            var frame = Rect(x: 0, y: height, width: width, height: 0)
            var header: LayoutAttributes?
            if headerHeight > 0 {
                var a = LayoutAttributes.supplementaryView(
                    ofKind: ElementKind.sectionHeader, IndexPath(section: s, item: 0),
                    frame: Rect(x: 0, y: frame.minY - headerHeight, width: width, height: headerHeight))
                a.text = collectionView.dataSource.title(forSection: s)
                header = a
            }
            var columnHeights = Array(repeating: 0.0, count: columns)
            var items: [LayoutAttributes] = []
            let count = collectionView.numberOfItems(inSection: s)
            items.reserveCapacity(count)
            for j in 0..<count {
                let indexPath = IndexPath(section: s, item: j)
                let aspect = collectionView.dataSource.item(at: indexPath)?.aspectRatio ?? 1
                let itemHeight = itemWidth / aspect
                var shortest = 0
                for c in 1..<columns where columnHeights[c] < columnHeights[shortest] { shortest = c }
                let itemFrame = Rect(
                    x: frame.minX + columnWidth * Double(shortest) + itemInsets.left,
                    y: frame.minY + columnHeights[shortest] + itemInsets.top, width: itemWidth,
                    height: itemHeight)
                items.append(.cell(indexPath, frame: itemFrame))
                let grown = itemFrame.maxY - frame.minY + itemInsets.bottom
                if sectionGrowthQuirk {
                    if itemFrame.maxY > frame.maxY { frame.size.height = grown }
                } else {
                    frame.size.height = Swift.max(frame.height, grown)
                }
                columnHeights[shortest] += itemHeight + itemInsets.bottom
            }
            built.append(SectionAttributes(frame: frame, header: header, items: items))
            height += frame.height
        }
        sections = built
        contentSize = Size(width: width, height: height)
    }

    public var collectionViewContentSize: Size { contentSize }

    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for section in sections {
            if let h = section.header, h.frame.intersects(rect) { result.append(h) }
            if section.frame.intersects(rect) {
                for a in section.items where a.frame.intersects(rect) { result.append(a) }
            }
        }
        return result
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section),
            sections[indexPath.section].items.indices.contains(indexPath.item)
        else { return nil }
        return sections[indexPath.section].items[indexPath.item]
    }

    public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        guard kind == ElementKind.sectionHeader, indexPath.item == 0,
            sections.indices.contains(indexPath.section)
        else { return nil }
        return sections[indexPath.section].header
    }

    /// The original keeps the base class's NO; re-laying out when the width changes (as CHT's
    /// waterfall does) is what a rotation needs.
    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let cv = collectionView else { return true }
        return newBounds.width != cv.bounds.width
    }

    public mutating func invalidateLayout() {
        sections = []
        contentSize = .zero
    }
}

extension WaterfallLayout {
    public static let parameters: [LayoutParameter] = [
        LayoutParameter(name: "columns", defaultValue: .number(3), summary: "number of columns"),
        LayoutParameter(
            name: "itemInsets", defaultValue: .numbers([4, 4, 8, 4]),
            summary:
                "[top, left, bottom, right] inside each column slot; bottom is the gap between items (the book's: 0, tiles touching)"
        ),
        LayoutParameter(
            name: "headerHeight", defaultValue: .number(0),
            summary: "section header height (shows the section title); 0 = no header"),
        LayoutParameter(
            name: "sectionGrowthQuirk", defaultValue: .bool(true),
            summary:
                "the original skips inset.bottom below an item ending within it of the section's bottom; false always keeps it"
        ),
    ]

    public init(parameters values: [String: CustomValue]) throws(LayoutParameterError) {
        let r = LayoutParameterReader(values)
        self.init(
            columns: try r.integer("columns", default: 3, minimum: 1, maximum: 1000),
            itemInsets: try r.insets("itemInsets", default: WaterfallLayout.gutters),
            headerHeight: try r.number("headerHeight", default: 0, minimum: 0),
            sectionGrowthQuirk: try r.bool("sectionGrowthQuirk", default: true))
    }

    public static let descriptor = LayoutDescriptor(
        type: "waterfall",
        summary: "StackedGridLayout: Pinterest-style columns, each item into the shortest column",
        parameters: parameters,
        make: { values throws(LayoutParameterError) in try WaterfallLayout(parameters: values) })
}
