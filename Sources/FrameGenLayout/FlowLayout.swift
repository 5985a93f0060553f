import FrameGenGeometry

/// UICollectionViewFlowLayout: items in lines along the cross axis, lines stacked along the
/// scroll axis, optional section headers and footers (docs/design/layouts.md §2).
///
/// Line filling (PSTCollectionView's PSTGridLayoutRow, UXKit's defaults):
/// - a line takes items while they fit with `minimumInteritemSpacing` between them;
/// - a full line that is not the section's last is justified (first item on the left inset,
///   last on the right inset, the leftover shared equally between the gaps);
/// - the section's last line puts its items where they would stand in a justified line filled
///   with more items of its last item's size, so they line up with the columns above;
/// - a line that can hold only one item centres it;
/// - items are centred across their line, which is as thick as its thickest item.
/// A section is: header, sectionInset (scroll-axis start), the lines, sectionInset (end), footer.
/// The cross extent is the view's width (height when horizontal) minus the content inset.
/// Frames are rounded to whole pixels at the view's scale (origin and size each).
public struct FlowLayout: CollectionViewLayout {
    public enum ScrollDirection: String, Hashable, Sendable {
        case vertical
        case horizontal
    }

    public var scrollDirection: ScrollDirection
    public var itemSize: Size
    public var minimumLineSpacing: Double
    public var minimumInteritemSpacing: Double
    public var sectionInset: EdgeInsets
    /// Only the height (vertical) or width (horizontal) counts; zero means no header.
    public var headerReferenceSize: Size
    public var footerReferenceSize: Size
    /// UICollectionViewDelegateFlowLayout's sizeForItemAt; nil uses `itemSize` for every item.
    public var sizeForItem: (@Sendable (IndexPath, CollectionViewState) -> Size)?
    /// UICollectionViewDelegateFlowLayout's insetForSectionAt; nil uses `sectionInset`.
    public var insetForSection: (@Sendable (Int, CollectionViewState) -> EdgeInsets)?
    /// UICollectionViewDelegateFlowLayout's per-section answers (line spacing, interitem spacing,
    /// header and footer reference sizes); nil uses the properties above.
    public var spacingForSection: (@Sendable (Int, CollectionViewState) -> (line: Double, interitem: Double))?
    public var referenceSizesForSection:
        (@Sendable (Int, CollectionViewState) -> (header: Size, footer: Size))?

    /// The state the layout was last prepared with.
    public private(set) var collectionView: CollectionViewState?
    private var sections: [SectionAttributes] = []
    private var contentSize: Size = .zero

    private struct SectionAttributes: Sendable {
        var frame: Rect
        var header: LayoutAttributes?
        var items: [LayoutAttributes]
        var footer: LayoutAttributes?
    }

    public init(
        scrollDirection: ScrollDirection = .vertical, itemSize: Size = Size(width: 50, height: 50),
        minimumLineSpacing: Double = 10, minimumInteritemSpacing: Double = 10,
        sectionInset: EdgeInsets = .zero, headerReferenceSize: Size = .zero,
        footerReferenceSize: Size = .zero,
        sizeForItem: (@Sendable (IndexPath, CollectionViewState) -> Size)? = nil,
        insetForSection: (@Sendable (Int, CollectionViewState) -> EdgeInsets)? = nil
    ) {
        self.scrollDirection = scrollDirection
        self.itemSize = itemSize
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.sectionInset = sectionInset
        self.headerReferenceSize = headerReferenceSize
        self.footerReferenceSize = footerReferenceSize
        self.sizeForItem = sizeForItem
        self.insetForSection = insetForSection
    }

    // MARK: Preparing

    public mutating func prepare(_ collectionView: CollectionViewState) {
        self.collectionView = collectionView
        let vertical = scrollDirection == .vertical
        let cv = collectionView
        let inset = cv.contentInset
        // Axis-neutral names: "cross" runs along a line, "main" is the scroll axis.
        let crossExtent = Swift.max(
            0, vertical ? cv.size.width - inset.left - inset.right : cv.size.height - inset.top - inset.bottom
        )

        func rect(cross: Double, main: Double, crossSize: Double, mainSize: Double) -> Rect {
            let r =
                vertical
                ? Rect(x: cross, y: main, width: crossSize, height: mainSize)
                : Rect(x: main, y: cross, width: mainSize, height: crossSize)
            return cv.roundToPixels(r)
        }

        var cursor = 0.0
        var built: [SectionAttributes] = []
        built.reserveCapacity(cv.numberOfSections)
        for s in 0..<cv.numberOfSections {
            let sectionStart = cursor
            let si = insetForSection?(s, cv) ?? sectionInset
            let crossStart = vertical ? si.left : si.top
            let crossEnd = vertical ? si.right : si.bottom
            let mainStart = vertical ? si.top : si.left
            let mainEnd = vertical ? si.bottom : si.right
            let available = crossExtent - crossStart - crossEnd
            let spacing =
                spacingForSection?(s, cv) ?? (line: minimumLineSpacing, interitem: minimumInteritemSpacing)
            let references =
                referenceSizesForSection?(s, cv) ?? (header: headerReferenceSize, footer: footerReferenceSize)
            let headerThickness = vertical ? references.header.height : references.header.width
            let footerThickness = vertical ? references.footer.height : references.footer.width
            let title = cv.dataSource.title(forSection: s)
            var header: LayoutAttributes?
            if headerThickness > 0 {
                var a = LayoutAttributes.supplementaryView(
                    ofKind: ElementKind.sectionHeader, IndexPath(section: s, item: 0),
                    frame: rect(cross: 0, main: cursor, crossSize: crossExtent, mainSize: headerThickness))
                a.text = title
                header = a
                cursor += headerThickness
            }
            cursor += mainStart

            let count = cv.numberOfItems(inSection: s)
            var sizes: [(cross: Double, main: Double)] = []
            sizes.reserveCapacity(count)
            for i in 0..<count {
                let size = sizeForItem?(IndexPath(section: s, item: i), cv) ?? itemSize
                let w = Swift.max(0, size.width.isFinite ? size.width : 0)
                let h = Swift.max(0, size.height.isFinite ? size.height : 0)
                sizes.append(vertical ? (w, h) : (h, w))
            }
            let lines = FlowLayout.lineOffsets(
                crossSizes: sizes.map(\.cross), available: available, spacing: spacing.interitem)
            var items: [LayoutAttributes] = []
            items.reserveCapacity(count)
            for (n, line) in lines.enumerated() {
                let thickness = line.indices.map { sizes[$0].main }.max() ?? 0
                for (i, offset) in zip(line.indices, line.offsets) {
                    let sz = sizes[i]
                    items.append(
                        .cell(
                            IndexPath(section: s, item: i),
                            frame: rect(
                                cross: crossStart + offset, main: cursor + (thickness - sz.main) / 2,
                                crossSize: sz.cross, mainSize: sz.main)))
                }
                cursor += thickness
                if n < lines.count - 1 { cursor += spacing.line }
            }
            cursor += mainEnd

            var footer: LayoutAttributes?
            if footerThickness > 0 {
                var a = LayoutAttributes.supplementaryView(
                    ofKind: ElementKind.sectionFooter, IndexPath(section: s, item: 0),
                    frame: rect(cross: 0, main: cursor, crossSize: crossExtent, mainSize: footerThickness))
                a.text = title
                footer = a
                cursor += footerThickness
            }
            // The band the section spans, grown by any item that overhangs it (an item wider
            // than the line), so the rect query can skip whole sections safely.
            var frame =
                vertical
                ? Rect(x: 0, y: sectionStart, width: crossExtent, height: cursor - sectionStart)
                : Rect(x: sectionStart, y: 0, width: cursor - sectionStart, height: crossExtent)
            for a in items { frame = frame.union(a.frame) }
            built.append(SectionAttributes(frame: frame, header: header, items: items, footer: footer))
        }
        sections = built
        contentSize =
            vertical ? Size(width: crossExtent, height: cursor) : Size(width: cursor, height: crossExtent)
    }

    /// Splits items into lines and places each item along its line (offsets from the line's
    /// start). Public so flow subclasses and tests can reuse UIKit's filling rule.
    public static func lineOffsets(crossSizes: [Double], available: Double, spacing: Double)
        -> [(indices: Range<Int>, offsets: [Double])]
    {
        let epsilon = 1e-9
        var result: [(indices: Range<Int>, offsets: [Double])] = []
        var start = 0
        while start < crossSizes.count {
            var end = start + 1
            var used = crossSizes[start]
            while end < crossSizes.count, used + spacing + crossSizes[end] <= available + epsilon {
                used += spacing + crossSizes[end]
                end += 1
            }
            let sizes = crossSizes[start..<end]
            let isLast = end == crossSizes.count
            // The number of slots of the justified line these items belong to.
            var slots = sizes.count
            var filler = 0.0
            if isLast, let last = sizes.last, last + spacing > 0 {
                // Counted rather than looped, so tiny items and spacings cannot stall it.
                let room = ((available + epsilon - used) / (last + spacing)).rounded(.down)
                let extra = room > 0 ? Int(Swift.min(room, 1e9)) : 0
                filler = Double(extra) * last
                slots += extra
            }
            var offsets: [Double] = []
            if slots == 1 {
                offsets = [(available - sizes[start]) / 2]
            } else {
                let gap = (available - sizes.reduce(0, +) - filler) / Double(slots - 1)
                var x = 0.0
                for w in sizes {
                    offsets.append(x)
                    x += w + gap
                }
            }
            result.append((start..<end, offsets))
            start = end
        }
        return result
    }

    // MARK: Queries

    public var collectionViewContentSize: Size { contentSize }

    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for section in sections {
            // Headers and footers lie inside the section frame, so one test skips a section.
            guard section.frame.intersects(rect) || section.frame.isEmpty else { continue }
            if let h = section.header, h.frame.intersects(rect) { result.append(h) }
            for a in section.items where a.frame.intersects(rect) { result.append(a) }
            if let f = section.footer, f.frame.intersects(rect) { result.append(f) }
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
        guard sections.indices.contains(indexPath.section), indexPath.item == 0 else { return nil }
        switch kind {
        case ElementKind.sectionHeader: return sections[indexPath.section].header
        case ElementKind.sectionFooter: return sections[indexPath.section].footer
        default: return nil
        }
    }

    /// UIKit's flow layout re-lays out when the view's size changes, not when it scrolls.
    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let cv = collectionView else { return true }
        return newBounds.size != cv.bounds.size
    }

    public mutating func invalidateLayout() {
        sections = []
        contentSize = .zero
    }
}

extension FlowLayout {
    /// The `flow` parameters (docs/scene.md "flow"), shared by every layout built on the flow layout.
    public static let parameters: [LayoutParameter] = [
        LayoutParameter(
            name: "scrollDirection", defaultValue: .string("vertical"), summary: "vertical or horizontal"),
        LayoutParameter(
            name: "itemSize", defaultValue: .numbers([50, 50]), summary: "[width, height] of every item"),
        LayoutParameter(
            name: "minimumLineSpacing", defaultValue: .number(10),
            summary: "gap between lines (rows, or columns when horizontal)"),
        LayoutParameter(
            name: "minimumInteritemSpacing", defaultValue: .number(10),
            summary: "smallest gap between items of a line"),
        LayoutParameter(
            name: "sectionInset", defaultValue: .numbers([0, 0, 0, 0]),
            summary: "[top, left, bottom, right] around each section's items"),
        LayoutParameter(
            name: "headerReferenceSize", defaultValue: .numbers([0, 0]),
            summary: "section header height (width when horizontal); 0 = no header; shows the section title"),
        LayoutParameter(
            name: "footerReferenceSize", defaultValue: .numbers([0, 0]),
            summary: "section footer height (width when horizontal); 0 = no footer; shows the section title"),
    ]

    /// A flow layout from scene parameters, with `defaults` standing in for absent keys (layouts
    /// built on flow change some defaults, e.g. cover flow's horizontal direction).
    public init(parameters values: [String: CustomValue], defaults: FlowLayout = FlowLayout())
        throws(LayoutParameterError)
    {
        let r = LayoutParameterReader(values)
        let direction = try r.choice(
            "scrollDirection", default: defaults.scrollDirection.rawValue, from: ["vertical", "horizontal"])
        self.init(
            scrollDirection: ScrollDirection(rawValue: direction) ?? .vertical,
            itemSize: try r.size("itemSize", default: defaults.itemSize),
            minimumLineSpacing: try r.number(
                "minimumLineSpacing", default: defaults.minimumLineSpacing, minimum: 0),
            minimumInteritemSpacing: try r.number(
                "minimumInteritemSpacing", default: defaults.minimumInteritemSpacing, minimum: 0),
            sectionInset: try r.insets("sectionInset", default: defaults.sectionInset),
            headerReferenceSize: try r.size("headerReferenceSize", default: defaults.headerReferenceSize),
            footerReferenceSize: try r.size("footerReferenceSize", default: defaults.footerReferenceSize),
            sizeForItem: defaults.sizeForItem, insetForSection: defaults.insetForSection)
    }

    public static let descriptor = LayoutDescriptor(
        type: "flow",
        summary: "UICollectionViewFlowLayout: lines of items with UIKit's line filling, headers and footers",
        parameters: parameters,
        make: { values throws(LayoutParameterError) in try FlowLayout(parameters: values) })
}
