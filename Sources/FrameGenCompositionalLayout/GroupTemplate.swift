import Foundation
import FrameGenGeometry
import FrameGenUIKit

/// A line along one axis: a horizontal group's (or a vertically scrolling layout's cross axis)
/// is x, a vertical one's y. The compositional engine writes each rule once, in main and cross
/// terms.
struct LayoutAxis {
    /// True: main is x.
    package let horizontal: Bool

    package func main(_ s: CGSize) -> CGFloat { horizontal ? s.width : s.height }
    func cross(_ s: CGSize) -> CGFloat { horizontal ? s.height : s.width }
    func mainMin(_ r: CGRect) -> CGFloat { horizontal ? r.minX : r.minY }
    func mainMax(_ r: CGRect) -> CGFloat { horizontal ? r.maxX : r.maxY }
    func crossMin(_ r: CGRect) -> CGFloat { horizontal ? r.minY : r.minX }

    package func rect(main: CGFloat, cross: CGFloat, mainLength: CGFloat, crossLength: CGFloat) -> CGRect {
        horizontal
            ? CGRect(x: main, y: cross, width: mainLength, height: crossLength)
            : CGRect(x: cross, y: main, width: crossLength, height: mainLength)
    }

    /// The spacings before and after an item along main, then before and after across.
    func spacings(_ e: NSCollectionLayoutEdgeSpacing?) -> (
        NSCollectionLayoutSpacing?, NSCollectionLayoutSpacing?, NSCollectionLayoutSpacing?,
        NSCollectionLayoutSpacing?
    ) {
        guard let e else { return (nil, nil, nil, nil) }
        return horizontal
            ? (e.leading, e.trailing, e.top, e.bottom) : (e.top, e.bottom, e.leading, e.trailing)
    }
}

extension CGRect {
    /// The rectangle less directional insets (leading is left: framegen lays out left to right).
    package func inset(by insets: NSDirectionalEdgeInsets) -> CGRect {
        CGRect(
            x: minX + insets.leading, y: minY + insets.top, width: width - insets.leading - insets.trailing,
            height: height - insets.top - insets.bottom)
    }
}

/// One group laid out at its place in a section's first group: the cells in item order and the
/// supplementary items attached to them. Every group of a section is this template moved along
/// the section, so a section's layout is O(items) whatever the nesting.
struct GroupTemplate {
    package struct Cell {
        package var frame: CGRect
        package var zIndex: Int
        /// Which of the item's dimensions are estimated: the ones a measured size replaces.
        var estimated = (width: false, height: false)
    }

    /// A supplementary item of a cell (or of a group, with the group's first cell), by the
    /// index of that cell in the template.
    struct Attached {
        package var cell: Int
        package var kind: String
        package var frame: CGRect
        package var zIndex: Int
    }

    /// The most cells one group lays out: a group of zero-length items, or one whose size is not
    /// a number, would otherwise repeat its subitems forever.
    package static let limit = 100_000

    package var cells: [Cell] = []
    var attached: [Attached] = []
    /// The sizes cells measured for themselves, by cell index in the group (self-sizing).
    var measured: ((Int) -> CGSize?)?
    /// The screen's pixels: each subitem's size is put on them before the next is placed after
    /// it, as iOS lays out a group (docs/uikit.md "Compositional layouts"), so that four
    /// 76.75 point items 16 apart at 3x start at 0, 278, 556 and 834 pixels, not 557 and 835.
    let pixelGrid: PixelGrid

    init(pixelGrid: PixelGrid = PixelGrid(scale: 1)) { self.pixelGrid = pixelGrid }

    /// Lays out `group` in `frame` (its slot less its edge spacing), appending its cells.
    package mutating func add(
        _ group: NSCollectionLayoutGroup, in frame: CGRect, traits: UITraitCollection
    ) {
        let first = cells.count
        let inner = frame.inset(by: group.contentInsets)
        switch group.arrangement {
        case .custom(let provider):
            let env = LayoutEnvironment(
                container: LayoutContainer(contentSize: frame.size, contentInsets: group.contentInsets),
                traitCollection: traits)
            for item in provider(env) {
                cells.append(
                    Cell(frame: item.frame.offsetBy(dx: frame.minX, dy: frame.minY), zIndex: item.zIndex))
            }
        case .horizontal:
            line(group, in: inner, axis: LayoutAxis(horizontal: true), traits: traits)
        case .vertical:
            line(group, in: inner, axis: LayoutAxis(horizontal: false), traits: traits)
        }
        // Anchored to the group less its content insets, as an item's are to the item less its
        // own: iOS puts a view anchored outside a group's trailing edge inside the group's
        // trailing inset (docs/parity.md, CL-4).
        if cells.count > first {
            attach(group.attached, to: inner, cell: first)
        }
    }

    /// `size` with a measured size along the item's estimated dimensions.
    package static func fitted(_ size: CGSize, _ item: NSCollectionLayoutItem, _ measured: CGSize?) -> CGSize
    {
        guard let measured else { return size }
        return CGSize(
            width: item.layoutSize.widthDimension.isEstimated ? measured.width : size.width,
            height: item.layoutSize.heightDimension.isEstimated ? measured.height : size.height)
    }

    private mutating func attach(_ items: [NSCollectionLayoutSupplementaryItem], to frame: CGRect, cell: Int)
    {
        for s in items {
            attached.append(
                Attached(cell: cell, kind: s.elementKind, frame: s.frame(in: frame), zIndex: s.zIndex))
        }
    }

    /// A horizontal or vertical group: its subitems one after another along `axis`, repeated
    /// while the next fits (the count forms: `count` copies sized to fill the line), then the
    /// leftover space shared among the flexible spacings.
    private mutating func line(
        _ group: NSCollectionLayoutGroup, in inner: CGRect, axis: LayoutAxis, traits: UITraitCollection
    ) {
        let subitems = group.subitems
        guard !subitems.isEmpty else { return }
        let gap = group.interItemSpacing?.spacing ?? 0
        let gapFlexible = group.interItemSpacing?.isFlexibleSpacing ?? false
        let room = axis.main(inner.size)
        var slots: [(item: NSCollectionLayoutItem, size: CGSize)] = []
        var used: CGFloat = 0
        if let count = group.count {
            let item = subitems[0]
            // Apple leaves fitting `count` items to the caller; a count past any screen's worth
            // is held to the limit below rather than allocated.
            let n = Swift.min(Swift.max(count, 0), Self.limit)
            let spaced = n > 0 ? room - gap * CGFloat(n - 1) : 0
            let length = n > 0 ? spaced / CGFloat(n) : 0
            // The item's other dimension is resolved in the group less its spacing: four items
            // a quarter of that wide, 16 points apart in 355, are square at 76.75 points on iOS
            // (docs/parity.md, CL-4), where a quarter of the group would be 88.75.
            var container = inner.size
            if axis.horizontal { container.width = spaced } else { container.height = spaced }
            let size = item.layoutSize.resolved(in: container)
            let slot =
                axis.horizontal
                ? CGSize(width: length, height: size.height) : CGSize(width: size.width, height: length)
            slots = Array(repeating: (item, slot), count: n)
            used = room
        } else {
            // The index of the next cell, while only items (no nested groups) come first.
            var next: Int? = cells.count
            while slots.count < Self.limit {
                let item = subitems[slots.count % subitems.count]
                var size = item.layoutSize.resolved(in: inner.size)
                if item is NSCollectionLayoutGroup {
                    next = nil
                } else if let n = next {
                    size = Self.fitted(size, item, measured?(n))
                    next = n + 1
                }
                let (before, after, _, _) = axis.spacings(item.edgeSpacing)
                let need =
                    (slots.isEmpty ? 0 : gap) + (before?.spacing ?? 0) + axis.main(size)
                    + (after?.spacing ?? 0)
                if slots.count >= subitems.count && (need <= 0 || used + need > room + 1e-9) { break }
                slots.append((item, size))
                used += need
            }
        }
        var flexible = gapFlexible ? slots.count - 1 : 0
        for (item, _) in slots {
            let (before, after, _, _) = axis.spacings(item.edgeSpacing)
            if before?.isFlexibleSpacing == true { flexible += 1 }
            if after?.isFlexibleSpacing == true { flexible += 1 }
        }
        let extra = flexible > 0 ? Swift.max(0, room - used) / CGFloat(flexible) : 0
        var position = axis.mainMin(inner)
        for (index, (item, size)) in slots.enumerated() {
            let (before, after, crossBefore, crossAfter) = axis.spacings(item.edgeSpacing)
            if index > 0 { position += gap + (gapFlexible ? extra : 0) }
            position += (before?.spacing ?? 0) + (before?.isFlexibleSpacing == true ? extra : 0)
            let length = CGFloat(pixelGrid.nearest(Double(axis.main(size))))
            let crossLength = CGFloat(pixelGrid.nearest(Double(axis.cross(size))))
            let crossRoom = axis.cross(inner.size)
            let lead = crossBefore?.spacing ?? 0
            let trail = crossAfter?.spacing ?? 0
            var cross = axis.crossMin(inner) + lead
            let spare = Swift.max(0, crossRoom - lead - trail - crossLength)
            switch (crossBefore?.isFlexibleSpacing == true, crossAfter?.isFlexibleSpacing == true) {
            case (true, true): cross += spare / 2
            case (true, false): cross += spare
            default: break
            }
            let slot = axis.rect(main: position, cross: cross, mainLength: length, crossLength: crossLength)
            position += length + (after?.spacing ?? 0) + (after?.isFlexibleSpacing == true ? extra : 0)
            if let nested = item as? NSCollectionLayoutGroup {
                add(nested, in: slot, traits: traits)
            } else {
                var insets = item.contentInsets
                if item.layoutSize.widthDimension.isEstimated {
                    insets.leading = 0
                    insets.trailing = 0
                }
                if item.layoutSize.heightDimension.isEstimated {
                    insets.top = 0
                    insets.bottom = 0
                }
                let frame = slot.inset(by: insets)
                let d = item.layoutSize
                cells.append(
                    Cell(
                        frame: frame, zIndex: 0,
                        estimated: (d.widthDimension.isEstimated, d.heightDimension.isEstimated)))
                attach(item.attached, to: frame, cell: cells.count - 1)
            }
        }
    }
}
