import Foundation
import FrameGenCoreGraphics
import FrameGenGeometry
import FrameGenLayout
import FrameGenQuartzCore
import FrameGenUIKit

import struct Foundation.IndexPath  // over Layout's (FrameGenUIKit/Exports.swift)

public typealias UICollectionViewCompositionalLayoutSectionProvider =
    (Int, NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// What a compositional layout shares across its sections.
open class UICollectionViewCompositionalLayoutConfiguration: NSObject, NSCopying {
    open var scrollDirection = UICollectionView.ScrollDirection.vertical
    open var interSectionSpacing: CGFloat = 0
    /// Headers and footers of the whole layout.
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    open var contentInsetsReference = UIContentInsetsReference.automatic

    public override init() { super.init() }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UICollectionViewCompositionalLayoutConfiguration()
        copy.scrollDirection = scrollDirection
        copy.interSectionSpacing = interSectionSpacing
        copy.boundarySupplementaryItems = boundarySupplementaryItems
        copy.contentInsetsReference = contentInsetsReference
        return copy
    }
}

/// UIKit's compositional layout (iOS 13), a `UICollectionViewLayout` that framegen drives as any
/// other and that a subclass may call `super` on: `prepare()` asks the section provider for each
/// section with the environment (the collection view's size and adjusted content inset) and lays
/// out sections one after another along the scroll direction, groups one after another in each
/// (docs/uikit.md "Compositional layouts").
open class UICollectionViewCompositionalLayout: UICollectionViewLayout, SelfSizingPolicy, OrthogonalScrolling,
    ListSectionLayout
{
    private let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider
    private var stored: UICollectionViewCompositionalLayoutConfiguration

    /// A copy, as on iOS; setting it invalidates the layout.
    open var configuration: UICollectionViewCompositionalLayoutConfiguration {
        get { stored.copy() as! UICollectionViewCompositionalLayoutConfiguration }
        set {
            stored = newValue.copy() as! UICollectionViewCompositionalLayoutConfiguration
            invalidateLayout()
        }
    }

    // All four are designated, as UIKit declares them (NS_DESIGNATED_INITIALIZER): an app's
    // subclass calls any of them as `super.init` from its own designated initialiser.
    public init(
        sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
        configuration: UICollectionViewCompositionalLayoutConfiguration
    ) {
        self.sectionProvider = sectionProvider
        stored = configuration.copy() as! UICollectionViewCompositionalLayoutConfiguration
        super.init()
    }

    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.sectionProvider = sectionProvider
        stored = UICollectionViewCompositionalLayoutConfiguration()
        super.init()
    }

    /// Every section laid out by `section`.
    public init(section: NSCollectionLayoutSection) {
        sectionProvider = { _, _ in section }
        stored = UICollectionViewCompositionalLayoutConfiguration()
        super.init()
    }

    public init(
        section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration
    ) {
        sectionProvider = { _, _ in section }
        stored = configuration.copy() as! UICollectionViewCompositionalLayoutConfiguration
        super.init()
    }

    public required init?(coder: NSCoder) {
        sectionProvider = { _, _ in nil }
        stored = UICollectionViewCompositionalLayoutConfiguration()
        super.init(coder: coder)
    }

    // MARK: The prepared layout

    /// A section of uniform groups along the scroll axis: which groups a rectangle reaches is
    /// arithmetic, so a query reads only those.
    private struct Grid {
        var start: CGFloat
        var stride: CGFloat
        var perGroup: Int
        /// The template's reach along the scroll axis from a group's origin.
        var minMain: CGFloat
        var maxMain: CGFloat
        /// Where each group's attached supplementaries start in `attached`, and the end.
        var attachedStart: [Int]
    }

    private struct Prepared {
        /// The list configuration of a list section.
        var list: UICollectionLayoutListConfiguration?
        var cells: [UICollectionViewLayoutAttributes] = []
        var attached: [UICollectionViewLayoutAttributes] = []
        var boundary: [UICollectionViewLayoutAttributes] = []
        var decorations: [UICollectionViewLayoutAttributes] = []
        var grid: Grid?
        var reach = CGRect.null
        /// Cells per group, and which dimensions of each of a group's cells are estimated.
        var perGroup = 0
        var estimated: [(width: Bool, height: Bool)] = []
        /// Whether a query reads the section whatever its reach (a handled section).
        var unbounded = false
    }

    private var sections: [Prepared] = []

    package func listItemStyle(at indexPath: IndexPath) -> ListItemStyle? {
        guard sections.indices.contains(indexPath.section), let list = sections[indexPath.section].list
        else { return nil }
        return list.itemStyle(at: indexPath, count: sections[indexPath.section].cells.count)
    }

    package func swipeActions(at indexPath: IndexPath, leading: Bool) -> UISwipeActionsConfiguration? {
        guard sections.indices.contains(indexPath.section), let list = sections[indexPath.section].list
        else { return nil }
        let provider =
            leading
            ? list.leadingSwipeActionsConfigurationProvider : list.trailingSwipeActionsConfigurationProvider
        return provider?(indexPath)
    }

    package var hasSwipeActions: Bool {
        sections.contains {
            $0.list?.leadingSwipeActionsConfigurationProvider != nil
                || $0.list?.trailingSwipeActionsConfigurationProvider != nil
        }
    }

    /// The colour behind the lists: the first list section's appearance's (*chosen* where
    /// sections of several appearances share a collection view).
    package var listBackgroundColor: UIColor? {
        sections.lazy.compactMap(\.list).first?.resolvedBackgroundColor
    }
    private var layoutBoundary: [UICollectionViewLayoutAttributes] = []
    private var supplementaryIndex: [String: [IndexPath: UICollectionViewLayoutAttributes]] = [:]
    private var decorationIndex: [String: [IndexPath: UICollectionViewLayoutAttributes]] = [:]
    private var contentSize = CGSize.zero
    /// Whether the layout depends on the scroll offset: a pinned header, or a visible-items
    /// handler, which UIKit calls at every scroll step.
    private var followsOffset = false

    /// A pinned header or footer: where it lies unpinned, and the span it is kept within.
    private struct Pin {
        var attributes: UICollectionViewLayoutAttributes
        var unpinned: CGRect
        var atStart: Bool
        var span: (CGFloat, CGFloat)
    }

    /// A section with a visible-items handler: its elements and their values before the handler.
    private struct Handled {
        var handler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler
        var elements: [UICollectionViewLayoutAttributes]
        var before: [LayoutAttributes]
        /// The section, where it scrolls on its own (orthogonal).
        var section: Int?
    }

    /// A section that scrolls on its own across the scroll axis: its cells and badges, their
    /// centres at rest, the band of the collection view it scrolls in, and its offsets.
    private struct Orthogonal {
        var elements: [UICollectionViewLayoutAttributes]
        var centers: [CGPoint]
        var row: CGRect
        var scroll: OrthogonalScrollView
    }

    private var pins: [Pin] = []
    private var handled: [Handled] = []
    private var orthogonals: [Orthogonal] = []
    private var environment: NSCollectionLayoutEnvironment?

    /// What the prepared layout was computed for; a scroll step that changes none of it (the
    /// invalidation of `shouldInvalidateLayout(forBoundsChange:)` while something is pinned or
    /// handled) only moves the pinned items and calls the handlers again, as UIKit's layout does
    /// not ask the section provider again for a scroll.
    private struct Inputs: Equatable {
        var size: CGSize
        var inset: UIEdgeInsets
        var counts: [Int]
        var scale: CGFloat
    }

    private var inputs: Inputs?
    /// Held (not only its identity) so that no later context can take its address.
    private var boundsContext: UICollectionViewLayoutInvalidationContext?

    open override func invalidationContext(forBoundsChange newBounds: CGRect)
        -> UICollectionViewLayoutInvalidationContext
    {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        boundsContext = context
        return context
    }

    open override func prepare() {
        super.prepare()
        guard let cv = collectionView else {
            inputs = nil
            forgetLayout()
            return
        }
        let now = Inputs(
            size: cv.bounds.size, inset: cv.adjustedContentInset,
            counts: (0..<cv.numberOfSections).map { cv.numberOfItems(inSection: $0) },
            scale: Self.scale(cv))
        if now == inputs {
            followOffset(cv)
            return
        }
        inputs = now
        layOut(cv)
        followOffset(cv)
    }

    /// Puts the pinned items where the visible bounds keep them and calls the visible-items
    /// handlers on their sections' elements as laid out.
    private func followOffset(_ cv: UICollectionView) {
        guard !pins.isEmpty || !handled.isEmpty || !orthogonals.isEmpty, let environment else { return }
        let axis = LayoutAxis(horizontal: stored.scrollDirection == .horizontal)
        // Each orthogonal section's own offset, within its range (0: at rest).
        var scrolled: [Int: CGFloat] = [:]
        for o in orthogonals {
            let offset = cv.instant.orthogonalOffsets[o.scroll.section] ?? 0
            scrolled[o.scroll.section] = CGFloat(
                Swift.min(Swift.max(offset.isFinite ? offset : 0, o.scroll.minOffset), o.scroll.maxOffset))
            for (a, c) in zip(o.elements, o.centers) { a.center = c }
        }
        func shift(_ d: CGFloat) -> CGPoint { axis.horizontal ? CGPoint(x: 0, y: -d) : CGPoint(x: -d, y: 0) }
        let bounds = cv.bounds
        let inset = cv.adjustedContentInset
        let visible = (
            min: axis.mainMin(bounds) + (axis.horizontal ? inset.left : inset.top),
            max: axis.mainMax(bounds) - (axis.horizontal ? inset.right : inset.bottom)
        )
        for h in handled {
            for (a, value) in zip(h.elements, h.before) { a.value = value }
        }
        for p in pins {
            p.attributes.frame = p.unpinned
            pin(p.attributes, atStart: p.atStart, within: p.span, visible: visible, axis: axis)
        }
        let area = bounds.geometry
        for h in handled {
            // An orthogonal section's elements are in its own content's coordinates, and the
            // offset across the scroll axis is its own scroll view's.
            let own = h.section.flatMap { scrolled[$0] } ?? 0
            let moved = shift(own)
            let shown = h.elements.filter {
                $0.frame.offsetBy(dx: moved.x, dy: moved.y).geometry.intersects(area)
            }
            let offset =
                h.section == nil
                ? bounds.origin
                : (axis.horizontal ? CGPoint(x: bounds.minX, y: own) : CGPoint(x: own, y: bounds.minY))
            h.handler(shown.map(VisibleLayoutItem.init), offset, environment)
        }
        for o in orthogonals {
            guard let d = scrolled[o.scroll.section], d != 0 else { continue }
            let moved = shift(d)
            for a in o.elements { a.center = CGPoint(x: a.center.x + moved.x, y: a.center.y + moved.y) }
        }
    }

    /// The orthogonal section under `point`, in content coordinates.
    package func orthogonalScrollView(at point: CGPoint) -> OrthogonalScrollView? {
        orthogonals.first { $0.row.contains(point) }?.scroll
    }

    /// Drops every section laid out and what was kept of it.
    private func forgetLayout() {
        sections = []
        layoutBoundary = []
        supplementaryIndex = [:]
        decorationIndex = [:]
        contentSize = .zero
        followsOffset = false
        pins = []
        handled = []
        orthogonals = []
        boundaryEstimates = [:]
    }

    /// Asks the section provider and lays every section out.
    private func layOut(_ cv: UICollectionView) {
        forgetLayout()
        let config = stored
        let axis = LayoutAxis(horizontal: config.scrollDirection == .horizontal)
        let inset = cv.adjustedContentInset
        let bounds = cv.bounds
        let container = LayoutContainer(
            contentSize: bounds.size,
            contentInsets: NSDirectionalEdgeInsets(
                top: inset.top, leading: inset.left, bottom: inset.bottom, trailing: inset.right))
        let traits = cv.traitCollection
        pixelGrid = PixelGrid(scale: Double(Self.scale(cv)))
        let environment = LayoutEnvironment(container: container, traitCollection: traits)
        self.environment = environment
        let effective = container.effectiveContentSize
        let crossExtent = axis.cross(effective)
        var position: CGFloat = 0

        let head = band(
            config.boundarySupplementaryItems, atStart: true, main: position, cross: (0, crossExtent),
            viewMain: axis.main(effective), axis: axis, indexPath: IndexPath(item: 0, section: 0))
        position += head.length
        var layoutItems = head.placed

        for s in 0..<cv.numberOfSections {
            if s > 0 { position += config.interSectionSpacing }
            let count = cv.numberOfItems(inSection: s)
            guard let section = sectionProvider(s, environment) else {
                sections.append(Prepared())
                continue
            }
            // A section with no items and nothing at its boundaries lays out nothing: no content
            // insets, no decoration (CompositionalLayoutDSL on iOS 17: an empty section shows no
            // background and takes no room).
            if count == 0, section.boundarySupplementaryItems.isEmpty {
                sections.append(Prepared())
                continue
            }
            var insets = section.contentInsets
            let reference =
                section.contentInsetsReference == .automatic
                ? config.contentInsetsReference : section.contentInsetsReference
            if reference == .layoutMargins || reference == .readableContent {
                insets.leading += cv.layoutMargins.left
                insets.trailing += cv.layoutMargins.right
            }
            let mainInsets = axis.horizontal ? (insets.leading, insets.trailing) : (insets.top, insets.bottom)
            let crossInsets =
                axis.horizontal ? (insets.top, insets.bottom) : (insets.leading, insets.trailing)
            let sectionStart = position
            let follows = section.supplementariesFollowContentInsets
            let boundaryCross =
                follows
                ? (crossInsets.0, crossExtent - crossInsets.0 - crossInsets.1) : (CGFloat(0), crossExtent)
            let sectionPath = IndexPath(item: 0, section: s)
            let top = band(
                section.boundarySupplementaryItems, atStart: true, main: position, cross: boundaryCross,
                viewMain: axis.main(effective), axis: axis, indexPath: sectionPath)
            let contentStart = position + top.length + mainInsets.0

            let orthogonal = section.orthogonalScrollingBehavior != .none
            // An orthogonal section's groups are fractions of the whole width its scroll view
            // spans, not of the width less the section's insets (iOS made a group of
            // `.fractionalWidth(1)` 375 points wide in a 375-point view with insets of 16).
            var containerInsets = insets
            if orthogonal {
                if axis.horizontal {
                    containerInsets.top = 0
                    containerInsets.bottom = 0
                } else {
                    containerInsets.leading -= section.contentInsets.leading
                    containerInsets.trailing -= section.contentInsets.trailing
                }
            }
            let groupContainer = effective.inset(by: containerInsets)
            let groupSize = section.group.layoutSize.resolved(in: groupContainer)
            var template = GroupTemplate(pixelGrid: pixelGrid)
            template.add(section.group, in: CGRect(origin: .zero, size: groupSize), traits: traits)
            let perGroup = template.cells.count
            let groups = perGroup > 0 ? (count + perGroup - 1) / perGroup : 0
            var crossStart = crossInsets.0
            if section.orthogonalScrollingBehavior == .groupPagingCentered {
                crossStart = (crossExtent - axis.cross(groupSize)) / 2
            }
            // Cells that measured themselves (self-sizing) make each group of their own; the
            // others are all the template, moved along.
            let sizes = measured[s]
            let estimated = (
                width: section.group.layoutSize.widthDimension.isEstimated,
                height: section.group.layoutSize.heightDimension.isEstimated
            )
            var cursor = orthogonal ? crossStart : contentStart
            var mainLength: CGFloat = 0

            var prepared = Prepared(list: section.list)
            prepared.cells.reserveCapacity(count)
            prepared.perGroup = perGroup
            prepared.estimated = template.cells.map(\.estimated)
            var attachedStart: [Int] = []
            attachedStart.reserveCapacity(groups + 1)
            for k in 0..<groups {
                let first = k * perGroup
                var group = template
                var size = groupSize
                if let sizes {
                    group = GroupTemplate(pixelGrid: pixelGrid)
                    group.measured = { sizes[first + $0] }
                    group.add(section.group, in: CGRect(origin: .zero, size: groupSize), traits: traits)
                    // An estimated group fits what its cells measured.
                    let reach = group.cells.reduce(CGRect.null) { $0.union($1.frame) }
                    if !reach.isNull {
                        let insets = section.group.contentInsets
                        if estimated.width { size.width = reach.maxX + insets.trailing }
                        if estimated.height { size.height = reach.maxY + insets.bottom }
                    }
                }
                let o =
                    (orthogonal
                    ? axis.rect(main: contentStart, cross: cursor, mainLength: 0, crossLength: 0)
                    : axis.rect(main: cursor, cross: crossInsets.0, mainLength: 0, crossLength: 0)).origin
                cursor += (orthogonal ? axis.cross(size) : axis.main(size)) + section.interGroupSpacing
                mainLength = orthogonal ? Swift.max(mainLength, axis.main(size)) : cursor - contentStart
                let inGroup = Swift.min(perGroup, count - first, group.cells.count)
                for j in 0..<inGroup {
                    let cell = group.cells[j]
                    prepared.cells.append(
                        attributes(
                            .cell, nil, IndexPath(item: first + j, section: s),
                            cell.frame.offsetBy(dx: o.x, dy: o.y), cell.zIndex))
                }
                attachedStart.append(prepared.attached.count)
                for a in group.attached where a.cell < inGroup {
                    let path = IndexPath(item: first + a.cell, section: s)
                    let attrs = attributes(
                        .supplementaryView, a.kind, path, a.frame.offsetBy(dx: o.x, dy: o.y), a.zIndex)
                    prepared.attached.append(attrs)
                    supplementaryIndex[a.kind, default: [:]][path] = attrs
                }
            }
            attachedStart.append(prepared.attached.count)
            let mainStride = axis.main(groupSize) + section.interGroupSpacing
            let contentLength =
                orthogonal || groups == 0 ? mainLength : mainLength - section.interGroupSpacing
            let contentEnd = contentStart + contentLength + mainInsets.1
            let bottom = band(
                section.boundarySupplementaryItems, atStart: false, main: contentEnd, cross: boundaryCross,
                viewMain: axis.main(effective), axis: axis, indexPath: sectionPath)
            let sectionEnd = contentEnd + bottom.length
            position = sectionEnd

            for (item, attrs) in top.placed + bottom.placed {
                if item.pinToVisibleBounds {
                    followsOffset = true
                    pins.append(
                        Pin(
                            attributes: attrs, unpinned: attrs.frame,
                            atStart: top.placed.contains { $0.1 === attrs }, span: (sectionStart, sectionEnd))
                    )
                }
                prepared.boundary.append(attrs)
                supplementaryIndex[item.elementKind, default: [:]][sectionPath] = attrs
            }
            let sectionRect = axis.rect(
                main: sectionStart, cross: 0, mainLength: sectionEnd - sectionStart, crossLength: crossExtent)
            for decoration in section.decorationItems {
                let attrs = attributes(
                    .decorationView, decoration.elementKind, sectionPath,
                    sectionRect.inset(by: decoration.contentInsets), decoration.zIndex - 1)
                prepared.decorations.append(attrs)
                decorationIndex[decoration.elementKind, default: [:]][sectionPath] = attrs
            }

            if orthogonal {
                let behaviour = section.orthogonalScrollingBehavior
                let stride = axis.cross(groupSize) + section.interGroupSpacing
                let contentEnd = (groups > 0 ? cursor - section.interGroupSpacing : cursor) + crossInsets.1
                let resting: OrthogonalScrollView.Resting
                switch behaviour {
                case .none, .continuous: resting = .natural
                case .continuousGroupLeadingBoundary: resting = .groupBoundary(stride: stride)
                case .paging: resting = .page(crossExtent)
                case .groupPaging, .groupPagingCentered: resting = .group(stride: stride)
                }
                // Centred paging rests with each group in the middle: from the first to the last.
                let maxOffset =
                    behaviour == .groupPagingCentered
                    ? CGFloat(Swift.max(0, groups - 1)) * stride : contentEnd - crossExtent
                let elements = prepared.cells + prepared.attached
                orthogonals.append(
                    Orthogonal(
                        elements: elements, centers: elements.map(\.center),
                        row: axis.rect(
                            main: contentStart, cross: 0, mainLength: mainLength, crossLength: crossExtent),
                        scroll: OrthogonalScrollView(
                            section: s, horizontal: !axis.horizontal, minOffset: 0,
                            maxOffset: Double(Swift.max(0, maxOffset)), length: Double(crossExtent),
                            resting: resting)))
                prepared.unbounded = true
            }

            if let handler = section.visibleItemsInvalidationHandler {
                followsOffset = true
                let elements = prepared.cells + prepared.attached + prepared.boundary
                handled.append(
                    Handled(
                        handler: handler, elements: elements, before: elements.map(\.value),
                        section: orthogonal ? s : nil))
                // What the handler sets may move an element anywhere.
                prepared.unbounded = true
            } else if !orthogonal && perGroup > 0 && mainStride > 0 && sizes == nil {
                var minMain = CGFloat.infinity
                var maxMain = -CGFloat.infinity
                for c in template.cells {
                    minMain = Swift.min(minMain, axis.mainMin(c.frame))
                    maxMain = Swift.max(maxMain, axis.mainMax(c.frame))
                }
                for a in template.attached {
                    minMain = Swift.min(minMain, axis.mainMin(a.frame))
                    maxMain = Swift.max(maxMain, axis.mainMax(a.frame))
                }
                prepared.grid = Grid(
                    start: contentStart, stride: mainStride, perGroup: perGroup, minMain: minMain,
                    maxMain: maxMain, attachedStart: attachedStart)
            }
            var reach = sectionRect
            for a in prepared.cells + prepared.attached + prepared.boundary + prepared.decorations {
                reach = reach.union(a.frame)
            }
            prepared.reach = reach
            sections.append(prepared)
        }

        let tail = band(
            config.boundarySupplementaryItems, atStart: false, main: position, cross: (0, crossExtent),
            viewMain: axis.main(effective), axis: axis, indexPath: IndexPath(item: 0, section: 0))
        position += tail.length
        layoutItems += tail.placed
        for (item, attrs) in layoutItems {
            if item.pinToVisibleBounds {
                followsOffset = true
                pins.append(
                    Pin(
                        attributes: attrs, unpinned: attrs.frame,
                        atStart: head.placed.contains { $0.1 === attrs },
                        span: (0, position)))
            }
            layoutBoundary.append(attrs)
            supplementaryIndex[item.elementKind, default: [:]][IndexPath(item: 0, section: 0)] = attrs
        }
        contentSize =
            axis.horizontal
            ? CGSize(width: position, height: effective.height)
            : CGSize(width: effective.width, height: position)
    }

    /// Places the boundary items that belong at the start (or end) of a section or of the layout
    /// at `main`, across `cross` (origin, length); returns them and the room the extending ones
    /// take along the scroll axis. Items aligned to neither end lie over the content's start.
    private func band(
        _ items: [NSCollectionLayoutBoundarySupplementaryItem], atStart: Bool, main: CGFloat,
        cross: (CGFloat, CGFloat), viewMain: CGFloat, axis: LayoutAxis, indexPath: IndexPath
    ) -> (
        placed: [(NSCollectionLayoutBoundarySupplementaryItem, UICollectionViewLayoutAttributes)],
        length: CGFloat
    ) {
        var placed: [(NSCollectionLayoutBoundarySupplementaryItem, UICollectionViewLayoutAttributes)] = []
        var length: CGFloat = 0
        for item in items {
            let (mainSide, crossSide) = Self.sides(item.alignment, axis: axis)
            let ours = atStart ? mainSide <= 0 : mainSide > 0
            guard ours else { continue }
            let containerSize =
                axis.horizontal
                ? CGSize(width: viewMain, height: cross.1) : CGSize(width: cross.1, height: viewMain)
            var size = item.layoutSize.resolved(in: containerSize)
            let d = item.layoutSize
            if d.widthDimension.isEstimated || d.heightDimension.isEstimated {
                boundaryEstimates[item.elementKind, default: [:]][indexPath] = (
                    d.widthDimension.isEstimated, d.heightDimension.isEstimated
                )
                size = GroupTemplate.fitted(size, item, measuredBoundary[item.elementKind]?[indexPath])
            }
            let extends = item.extendsBoundary && mainSide != 0
            let m = atStart || extends ? main : main - axis.main(size)
            let c: CGFloat
            switch crossSide {
            case ..<0: c = cross.0
            case 0: c = cross.0 + (cross.1 - axis.cross(size)) / 2
            default: c = cross.0 + cross.1 - axis.cross(size)
            }
            var frame = axis.rect(
                main: m, cross: c, mainLength: axis.main(size), crossLength: axis.cross(size))
            frame = frame.offsetBy(dx: item.offset.x, dy: item.offset.y)
            if extends { length = Swift.max(length, axis.main(size)) }
            placed.append(
                (item, attributes(.supplementaryView, item.elementKind, indexPath, frame, item.zIndex)))
        }
        return (placed, length)
    }

    /// Which end of each axis an alignment names: -1 the start, 0 neither, 1 the end; as
    /// (along the scroll axis, across it).
    private static func sides(_ alignment: NSRectAlignment, axis: LayoutAxis) -> (Int, Int) {
        let (x, y): (Int, Int)
        switch alignment {
        case .none: (x, y) = (0, 0)
        case .top: (x, y) = (0, -1)
        case .topLeading: (x, y) = (-1, -1)
        case .leading: (x, y) = (-1, 0)
        case .bottomLeading: (x, y) = (-1, 1)
        case .bottom: (x, y) = (0, 1)
        case .bottomTrailing: (x, y) = (1, 1)
        case .trailing: (x, y) = (1, 0)
        case .topTrailing: (x, y) = (1, -1)
        }
        return axis.horizontal ? (x, y) : (y, x)
    }

    /// Keeps a pinned header at the start of the visible bounds (a footer at their end), within
    /// its section, as UIKit does.
    private func pin(
        _ attrs: UICollectionViewLayoutAttributes, atStart: Bool, within span: (CGFloat, CGFloat),
        visible: (min: CGFloat, max: CGFloat), axis: LayoutAxis
    ) {
        var frame = attrs.frame
        let length = axis.main(frame.size)
        let now = axis.mainMin(frame)
        let pinned =
            atStart
            ? Swift.min(Swift.max(now, visible.min), span.1 - length)
            : Swift.max(Swift.min(now, visible.max - length), span.0)
        if axis.horizontal { frame.origin.x = pinned } else { frame.origin.y = pinned }
        attrs.frame = frame
    }

    private func attributes(
        _ category: FrameGenLayout.ElementCategory, _ kind: String?, _ indexPath: IndexPath, _ frame: CGRect,
        _ zIndex: Int
    ) -> UICollectionViewLayoutAttributes {
        let cls =
            type(of: self).layoutAttributesClass as? UICollectionViewLayoutAttributes.Type
            ?? UICollectionViewLayoutAttributes.self
        let a = cls.init()
        a.value.representedElementCategory = category
        a.value.representedElementKind = kind
        a.indexPath = indexPath
        a.frame = CGRect(pixelGrid.nearest(frame.geometry))
        a.zIndex = zIndex
        return a
    }

    /// The screen's pixels, on which UIKit puts each element's origin and size, each rounded
    /// to the nearest, halves away from zero (docs/uikit.md "Compositional layouts"): a badge
    /// 7.5 points above its item's top at 3x is 23 pixels above it.
    private var pixelGrid = PixelGrid(scale: 1)

    /// The collection view's display scale, or the screen's where its traits give none.
    private static func scale(_ cv: UICollectionView) -> CGFloat {
        let traits = cv.traitCollection.displayScale
        return traits > 0 ? traits : UIScreen.main.scale
    }

    // MARK: Queries

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let axis = LayoutAxis(horizontal: stored.scrollDirection == .horizontal)
        var found: [UICollectionViewLayoutAttributes] = []
        // Rectangles that only touch do not meet, as in the built-in layouts (FrameGenGeometry.Rect).
        let area = rect.geometry
        func take(_ list: ArraySlice<UICollectionViewLayoutAttributes>) {
            for a in list where a.frame.geometry.intersects(area) { found.append(copy(a)) }
        }
        for p in sections where p.unbounded || (!p.reach.isNull && p.reach.geometry.intersects(area)) {
            if let grid = p.grid {
                let groups = grid.attachedStart.count - 1
                // One group more each side: rounding to pixels moves an element by up to half a
                // pixel from the template's place; `take` keeps only what meets the rectangle.
                let lo = Swift.max(
                    0, Self.groupIndex((axis.mainMin(rect) - grid.start - grid.maxMain) / grid.stride) - 1)
                let hi = Swift.min(
                    groups - 1,
                    Self.groupIndex((axis.mainMax(rect) - grid.start - grid.minMain) / grid.stride) + 1)
                if lo <= hi {
                    take(p.cells[(lo * grid.perGroup)..<Swift.min((hi + 1) * grid.perGroup, p.cells.count)])
                    take(p.attached[grid.attachedStart[lo]..<grid.attachedStart[hi + 1]])
                }
            } else {
                take(p.cells[...])
                take(p.attached[...])
            }
            take(p.boundary[...])
            take(p.decorations[...])
        }
        take(layoutBoundary[...])
        return found
    }

    /// The group a position along the scroll axis falls in, rounded down; a NaN or huge value
    /// (a degenerate layout) gives an index past every group rather than a trap.
    private static func groupIndex(_ x: CGFloat) -> Int {
        guard x.isFinite else { return x < 0 ? -1 : Int.max / 2 }
        return Int(Swift.max(-1, Swift.min(x, 1e15)).rounded(.down))
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard sections.indices.contains(indexPath.section),
            sections[indexPath.section].cells.indices.contains(indexPath.item)
        else { return nil }
        return copy(sections[indexPath.section].cells[indexPath.item])
    }

    open override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    {
        supplementaryIndex[elementKind]?[indexPath].map(copy)
    }

    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        decorationIndex[elementKind]?[indexPath].map(copy)
    }

    private func copy(_ a: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        a.copy() as? UICollectionViewLayoutAttributes ?? a
    }

    /// A new size lays out again; so does every scroll step while a header is pinned or a
    /// section has a visible-items handler, as on iOS.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        if followsOffset { return true }
        guard let cv = collectionView else { return true }
        return newBounds.size != cv.bounds.size
    }

    // MARK: Self-sizing

    /// The sizes cells gave for themselves, by section and item: they replace the estimates of
    /// their items' estimated dimensions (docs/uikit.md "Compositional layouts").
    private var measured: [Int: [Int: CGSize]] = [:]
    /// The sizes headers and footers gave for themselves, by kind and index path.
    private var measuredBoundary: [String: [IndexPath: CGSize]] = [:]
    /// The estimated dimensions of the headers and footers that have any, by kind and index path.
    private var boundaryEstimates: [String: [IndexPath: (width: Bool, height: Bool)]] = [:]

    /// Whether any cell, header or footer has an estimated dimension: only then are views asked,
    /// as on iOS.
    package var takesPreferredAttributes: Bool {
        !boundaryEstimates.isEmpty || sections.contains { $0.estimated.contains { $0.width || $0.height } }
    }

    package var measuresItemsScrolledPast: Bool { false }

    package var axisFixedWhenSelfSizing: NSLayoutConstraint.Axis? {
        stored.scrollDirection == .vertical ? .horizontal : .vertical
    }

    /// The estimated dimensions of the cell, header or footer `attributes` describe.
    private func estimates(_ attributes: UICollectionViewLayoutAttributes) -> (width: Bool, height: Bool) {
        let indexPath = attributes.indexPath
        switch attributes.representedElementCategory {
        case .cell: break
        case .supplementaryView:
            return attributes.representedElementKind.flatMap { boundaryEstimates[$0]?[indexPath] } ?? (
                false, false
            )
        case .decorationView: return (false, false)
        }
        guard sections.indices.contains(indexPath.section) else { return (false, false) }
        let p = sections[indexPath.section]
        guard p.perGroup > 0, indexPath.item >= 0 else { return (false, false) }
        return p.estimated[indexPath.item % p.perGroup]
    }

    /// True for a cell, header or footer whose preferred size differs along a dimension its item
    /// estimates.
    open override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool {
        let e = estimates(originalAttributes)
        return (e.width && preferredAttributes.size.width != originalAttributes.size.width)
            || (e.height && preferredAttributes.size.height != originalAttributes.size.height)
    }

    /// Keeps the view's preferred size for its item and names the item in the context.
    open override func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(
            forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        let path = originalAttributes.indexPath
        switch originalAttributes.representedElementCategory {
        case .cell:
            measured[path.section, default: [:]][path.item] = preferredAttributes.size
            context.invalidateItems(at: [path])
        case .supplementaryView:
            guard let kind = originalAttributes.representedElementKind else { return context }
            measuredBoundary[kind, default: [:]][path] = preferredAttributes.size
            context.invalidateSupplementaryElements(ofKind: kind, at: [path])
        case .decorationView:
            return context
        }
        context.contentSizeAdjustment = CGSize(
            width: preferredAttributes.size.width - originalAttributes.size.width,
            height: preferredAttributes.size.height - originalAttributes.size.height)
        return context
    }

    /// New data: the measured sizes belong to items that may be elsewhere now. Anything but the
    /// context of a scroll step lays everything out again.
    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if context.invalidateDataSourceCounts {
            measured = [:]
            measuredBoundary = [:]
        }
        if boundsContext !== context || context.invalidateEverything
            || context.invalidateDataSourceCounts
        {
            inputs = nil
        }
        boundsContext = nil
        super.invalidateLayout(with: context)
    }
}

extension CGSize {
    /// The size less directional insets.
    fileprivate func inset(by insets: NSDirectionalEdgeInsets) -> CGSize {
        CGSize(
            width: Swift.max(0, width - insets.leading - insets.trailing),
            height: Swift.max(0, height - insets.top - insets.bottom))
    }
}
