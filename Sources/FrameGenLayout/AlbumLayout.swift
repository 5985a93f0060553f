import FrameGenGeometry

/// Bryan Hansen's BHPhotoAlbumLayout (docs/design/layouts.md §4): one stack of photos per section in a
/// grid of 2 columns (3 when the view is wider than tall), each photo tilted by one of
/// `rotationCount` seeded rotations, a title below each stack and an emblem above the content.
///
/// Every photo of a section shares the stack's frame; item j of section s uses rotation
/// (s * rotationStride + j) mod rotationCount and zIndex baseZIndex + count - j, so item 0 is on
/// top. The title (kind `title`, item 0 only, zIndex 0) shows the section title. The emblem
/// (decoration kind `emblem`, index path 0-0) sits `emblemGap` above the content origin, seen only
/// when the view is pulled down. Elements are culled by their untransformed frames, as the
/// original does.
public struct AlbumLayout: CollectionViewLayout {
    public var columns: Int
    public var landscapeColumns: Int
    public var itemInsets: EdgeInsets
    public var landscapeItemInsets: EdgeInsets
    public var itemSize: Size
    public var interItemSpacingY: Double
    public var titleHeight: Double
    public var rotationCount: Int
    public var rotationStride: Int
    public var baseZIndex: Int
    public var emblemSize: Size
    public var emblemGap: Double

    /// The state the layout was last prepared with.
    public private(set) var collectionView: CollectionViewState?
    private var rotations: [Transform3D] = []
    private var contentSize: Size = .zero

    public init(
        columns: Int = 2, landscapeColumns: Int = 3,
        itemInsets: EdgeInsets = EdgeInsets(top: 22, left: 22, bottom: 13, right: 22),
        landscapeItemInsets: EdgeInsets = EdgeInsets(top: 22, left: 25, bottom: 13, right: 25),
        itemSize: Size = Size(width: 125, height: 125), interItemSpacingY: Double = 12,
        titleHeight: Double = 26, rotationCount: Int = 32, rotationStride: Int = 3,
        baseZIndex: Int = 100, emblemSize: Size = Size(width: 100, height: 100), emblemGap: Double = 30
    ) {
        self.columns = Swift.max(1, columns)
        self.landscapeColumns = Swift.max(1, landscapeColumns)
        self.itemInsets = itemInsets
        self.landscapeItemInsets = landscapeItemInsets
        self.itemSize = itemSize
        self.interItemSpacingY = interItemSpacingY
        self.titleHeight = titleHeight
        self.rotationCount = Swift.max(1, rotationCount)
        self.rotationStride = rotationStride
        self.baseZIndex = baseZIndex
        self.emblemSize = emblemSize
        self.emblemGap = emblemGap
    }

    /// The original's tilt table as fractions of a turn q: each drawn as (u - 110) * 0.0001 with
    /// u uniform in 0...219, redrawn while within 0.006 of the previous entry (the first entry
    /// compares with 0). The photo's rotation is 2 pi (1 + q) about z.
    public static func tiltFractions(count: Int, seed: UInt64) -> [Double] {
        var rng = SeededRandom(seed: seed)
        var previous = 0.0
        var result: [Double] = []
        result.reserveCapacity(count)
        for _ in 0..<Swift.max(0, count) {
            var q: Double
            repeat {
                q = Double(rng.next(below: 220) - 110) * 0.0001
            } while Swift.abs(previous - q) < 0.006
            previous = q
            result.append(q)
        }
        return result
    }

    /// Columns and insets for the view's current orientation.
    private func grid(_ cv: CollectionViewState) -> (columns: Int, insets: EdgeInsets) {
        cv.size.width > cv.size.height ? (landscapeColumns, landscapeItemInsets) : (columns, itemInsets)
    }

    public mutating func prepare(_ collectionView: CollectionViewState) {
        self.collectionView = collectionView
        rotations = AlbumLayout.tiltFractions(count: rotationCount, seed: collectionView.seed).map {
            Transform3D.makeRotation(2 * Double.pi * (1 + $0), 0, 0, 1)
        }
        let (c, i) = grid(collectionView)
        let rows = Double((collectionView.numberOfSections + c - 1) / c)
        // With no sections this is top - spacing + bottom, as in the original.
        let height =
            i.top + rows * itemSize.height + (rows - 1) * interItemSpacingY + rows * titleHeight + i.bottom
        contentSize = Size(width: collectionView.size.width, height: height)
    }

    /// frameForAlbumPhotoAtIndexPath: the stack's frame, the same for every item of a section.
    public func stackFrame(forSection section: Int) -> Rect {
        guard let cv = collectionView else { return .zero }
        let (c, i) = grid(cv)
        let row = Double(section / c)
        let column = Double(section % c)
        var spacingX = cv.size.width - i.left - i.right - Double(c) * itemSize.width
        if c > 1 { spacingX /= Double(c - 1) }
        let x = (i.left + (itemSize.width + spacingX) * column).rounded(.down)
        let y = (i.top + (itemSize.height + titleHeight + interItemSpacingY) * row).rounded(.down)
        return Rect(x: x, y: y, width: itemSize.width, height: itemSize.height)
    }

    public var collectionViewContentSize: Size { contentSize }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let cv = collectionView, indexPath.item >= 0,
            indexPath.item < cv.numberOfItems(inSection: indexPath.section)
        else { return nil }
        var a = LayoutAttributes.cell(indexPath, frame: stackFrame(forSection: indexPath.section))
        let slot = (indexPath.section * rotationStride + indexPath.item) % rotationCount
        a.transform3D = rotations[(slot + rotationCount) % rotationCount]
        a.zIndex = baseZIndex + cv.numberOfItems(inSection: indexPath.section) - indexPath.item
        return a
    }

    public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        // The original creates the title while visiting item 0, so an empty album has none.
        guard kind == ElementKind.title, indexPath.item == 0, let cv = collectionView,
            cv.numberOfItems(inSection: indexPath.section) > 0
        else { return nil }
        let photo = stackFrame(forSection: indexPath.section)
        var a = LayoutAttributes.supplementaryView(
            ofKind: kind, indexPath,
            frame: Rect(x: photo.minX, y: photo.maxY, width: itemSize.width, height: titleHeight))
        a.text = cv.dataSource.title(forSection: indexPath.section)
        return a
    }

    public func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        guard kind == ElementKind.emblem, indexPath == IndexPath(section: 0, item: 0),
            let cv = collectionView
        else { return nil }
        let x = ((cv.size.width - emblemSize.width) / 2).rounded(.down)
        return .decorationView(
            ofKind: kind, indexPath,
            frame: Rect(
                x: x, y: -emblemSize.height - emblemGap, width: emblemSize.width, height: emblemSize.height))
    }

    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        guard let cv = collectionView else { return [] }
        var result: [LayoutAttributes] = []
        for s in 0..<cv.numberOfSections {
            let count = cv.numberOfItems(inSection: s)
            guard count > 0 else { continue }
            let photo = stackFrame(forSection: s)
            if photo.intersects(rect) {
                for j in 0..<count {
                    if let a = layoutAttributesForItem(at: IndexPath(section: s, item: j)) {
                        result.append(a)
                    }
                }
            }
            if let t = layoutAttributesForSupplementaryView(
                ofKind: ElementKind.title, at: IndexPath(section: s, item: 0)), t.frame.intersects(rect)
            {
                result.append(t)
            }
        }
        if let e = layoutAttributesForDecorationView(
            ofKind: ElementKind.emblem, at: IndexPath(section: 0, item: 0)), e.frame.intersects(rect)
        {
            result.append(e)
        }
        return result
    }

    /// The original answers NO and its controller invalidates on rotation (the column setter);
    /// answering for size changes gives the same result without a controller.
    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let cv = collectionView else { return true }
        return newBounds.size != cv.bounds.size
    }

    public mutating func invalidateLayout() {
        rotations = []
        contentSize = .zero
        collectionView = nil
    }
}

extension AlbumLayout {
    public static let parameters: [LayoutParameter] = [
        LayoutParameter(name: "columns", defaultValue: .number(2), summary: "stacks per row in portrait"),
        LayoutParameter(
            name: "landscapeColumns", defaultValue: .number(3),
            summary: "stacks per row when the view is wider than tall"),
        LayoutParameter(
            name: "itemInsets", defaultValue: .numbers([22, 22, 13, 22]),
            summary: "[top, left, bottom, right] around the grid in portrait"),
        LayoutParameter(
            name: "landscapeItemInsets", defaultValue: .numbers([22, 25, 13, 25]),
            summary: "[top, left, bottom, right] around the grid in landscape"),
        LayoutParameter(
            name: "itemSize", defaultValue: .numbers([125, 125]), summary: "[width, height] of a stack"),
        LayoutParameter(name: "interItemSpacingY", defaultValue: .number(12), summary: "gap between rows"),
        LayoutParameter(
            name: "titleHeight", defaultValue: .number(26), summary: "height of the title below a stack"),
        LayoutParameter(
            name: "rotationCount", defaultValue: .number(32), summary: "size of the seeded tilt table"),
        LayoutParameter(
            name: "rotationStride", defaultValue: .number(3),
            summary: "tilt table step from one album to the next"),
        LayoutParameter(
            name: "baseZIndex", defaultValue: .number(100),
            summary: "photo zIndex = baseZIndex + count - item"),
        LayoutParameter(
            name: "emblemSize", defaultValue: .numbers([100, 100]),
            summary: "[width, height] of the emblem decoration"),
        LayoutParameter(
            name: "emblemGap", defaultValue: .number(30),
            summary: "gap between the emblem and the content's top"),
    ]

    public init(parameters values: [String: CustomValue]) throws(LayoutParameterError) {
        let r = LayoutParameterReader(values)
        let d = AlbumLayout()
        self.init(
            columns: try r.integer("columns", default: d.columns, minimum: 1, maximum: 1000),
            landscapeColumns: try r.integer(
                "landscapeColumns", default: d.landscapeColumns, minimum: 1, maximum: 1000),
            itemInsets: try r.insets("itemInsets", default: d.itemInsets),
            landscapeItemInsets: try r.insets("landscapeItemInsets", default: d.landscapeItemInsets),
            itemSize: try r.size("itemSize", default: d.itemSize),
            interItemSpacingY: try r.number("interItemSpacingY", default: d.interItemSpacingY),
            titleHeight: try r.number("titleHeight", default: d.titleHeight, minimum: 0),
            rotationCount: try r.integer(
                "rotationCount", default: d.rotationCount, minimum: 1, maximum: 4096),
            rotationStride: try r.integer("rotationStride", default: d.rotationStride, minimum: 0),
            baseZIndex: try r.integer("baseZIndex", default: d.baseZIndex, minimum: -1_000_000),
            emblemSize: try r.size("emblemSize", default: d.emblemSize),
            emblemGap: try r.number("emblemGap", default: d.emblemGap))
    }

    public static let descriptor = LayoutDescriptor(
        type: "album",
        summary: "BHPhotoAlbumLayout: one tilted photo stack per section, titles below, emblem above",
        parameters: parameters,
        make: { values throws(LayoutParameterError) in try AlbumLayout(parameters: values) })
}
