import UIKit

/// Photo album stacks as an iOS app writes the layout (after Bryan Hansen's photo album
/// tutorial): one stack of photos per section on a grid of two columns (three when the view is
/// wider than tall), every photo of a stack tilted a little, the album's title below its stack
/// and an emblem above the content that shows when the view is pulled down.
///
/// The tilts come from a table drawn once from a seeded generator, so a seed given to the
/// initialiser always gives the same album (framegen's built-in `album` draws it from the
/// scene's `seed`; docs/uikit.md "Ports of the built-in layouts" says how a scene passes it).
public final class AlbumStacksLayout: UICollectionViewLayout {
    /// The supplementary view below each stack that shows the album's title.
    public static let titleKind = "title"
    /// The decoration view above the first row.
    public static let emblemKind = "emblem"

    public var columns = 2
    public var landscapeColumns = 3
    public var itemInsets = UIEdgeInsets(top: 22, left: 22, bottom: 13, right: 22)
    public var landscapeItemInsets = UIEdgeInsets(top: 22, left: 25, bottom: 13, right: 25)
    public var itemSize = CGSize(width: 125, height: 125)
    public var interItemSpacingY: CGFloat = 12
    public var titleHeight: CGFloat = 26
    /// How many tilts the table holds, and how far into it each album starts after the previous.
    public var rotationCount = 32
    public var rotationStride = 3
    /// The photo on top of a stack (item 0) gets baseZIndex + count; the one below it one less.
    public var baseZIndex = 100
    public var emblemSize = CGSize(width: 100, height: 100)
    public var emblemGap: CGFloat = 30

    public let seed: UInt64

    private var rotations: [CATransform3D] = []
    /// Each section's photos, top one first, and its title (nil for an empty album).
    private var cells: [[UICollectionViewLayoutAttributes]] = []
    private var titles: [UICollectionViewLayoutAttributes?] = []
    private var contentSize = CGSize.zero

    public init(seed: UInt64) {
        self.seed = seed
        super.init()
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    // MARK: Grid

    private var isLandscape: Bool {
        guard let collectionView else { return false }
        return collectionView.bounds.width > collectionView.bounds.height
    }

    private var columnCount: Int { max(1, isLandscape ? landscapeColumns : columns) }

    private var insets: UIEdgeInsets { isLandscape ? landscapeItemInsets : itemInsets }

    /// Where every photo of `section` lies before its tilt.
    private func stackFrame(section: Int) -> CGRect {
        guard let collectionView else { return .zero }
        let row = CGFloat(section / columnCount)
        let column = CGFloat(section % columnCount)
        var spacingX =
            collectionView.bounds.width - insets.left - insets.right
            - CGFloat(columnCount) * itemSize.width
        if columnCount > 1 { spacingX /= CGFloat(columnCount - 1) }
        // Whole points, as the tutorial floors them, so the stacks do not blur.
        let x = (insets.left + (itemSize.width + spacingX) * column).rounded(.down)
        let y = (insets.top + (itemSize.height + titleHeight + interItemSpacingY) * row).rounded(.down)
        return CGRect(x: x, y: y, width: itemSize.width, height: itemSize.height)
    }

    // MARK: UICollectionViewLayout

    public override func prepare() {
        super.prepare()
        let count = max(1, rotationCount)
        if rotations.count != count { rotations = Self.tilts(count: count, seed: seed) }
        cells = []
        titles = []
        guard let collectionView else { return }
        for section in 0..<collectionView.numberOfSections {
            let items = collectionView.numberOfItems(inSection: section)
            let frame = stackFrame(section: section)
            var stack: [UICollectionViewLayoutAttributes] = []
            for item in 0..<items {
                let indexPath = IndexPath(item: item, section: section)
                let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                attributes.frame = frame
                let slot = (section * rotationStride + item) % count
                attributes.transform3D = rotations[(slot + count) % count]
                attributes.zIndex = baseZIndex + items - item
                stack.append(attributes)
            }
            cells.append(stack)
            // The title belongs to the stack's first photo: an empty album has none.
            var title: UICollectionViewLayoutAttributes?
            if items > 0 {
                title = UICollectionViewLayoutAttributes(
                    forSupplementaryViewOfKind: Self.titleKind, with: IndexPath(item: 0, section: section))
                title?.frame = CGRect(
                    x: frame.minX, y: frame.maxY, width: itemSize.width, height: titleHeight)
            }
            titles.append(title)
        }
        let rows = CGFloat((collectionView.numberOfSections + columnCount - 1) / columnCount)
        let height =
            insets.top + rows * itemSize.height + (rows - 1) * interItemSpacingY + rows * titleHeight
            + insets.bottom
        contentSize = CGSize(width: collectionView.bounds.width, height: height)
    }

    public override var collectionViewContentSize: CGSize { contentSize }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var result: [UICollectionViewLayoutAttributes] = []
        for (section, stack) in cells.enumerated() where !stack.isEmpty {
            // Culled by the untransformed frame, as the tutorial does.
            if stack[0].frame.intersects(rect) { result += stack }
            if let title = titles[section], title.frame.intersects(rect) { result.append(title) }
        }
        if let emblem = layoutAttributesForDecorationView(
            ofKind: Self.emblemKind, at: IndexPath(item: 0, section: 0)), emblem.frame.intersects(rect)
        {
            result.append(emblem)
        }
        return result
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?
    {
        guard cells.indices.contains(indexPath.section),
            cells[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        return cells[indexPath.section][indexPath.item]
    }

    public override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        guard elementKind == Self.titleKind, indexPath.item == 0, titles.indices.contains(indexPath.section)
        else { return nil }
        return titles[indexPath.section]
    }

    public override func layoutAttributesForDecorationView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        guard elementKind == Self.emblemKind, indexPath == IndexPath(item: 0, section: 0),
            let collectionView
        else { return nil }
        let emblem = UICollectionViewLayoutAttributes(forDecorationViewOfKind: elementKind, with: indexPath)
        let x = ((collectionView.bounds.width - emblemSize.width) / 2).rounded(.down)
        emblem.frame = CGRect(
            x: x, y: -emblemSize.height - emblemGap, width: emblemSize.width, height: emblemSize.height)
        return emblem
    }

    /// The tutorial's controller sets the column count on rotation; asking for every size change
    /// does the same without one. Scrolling keeps the attributes.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return true }
        return newBounds.size != collectionView.bounds.size
    }

    // MARK: Tilts

    /// The tilt table: each angle a fraction of a turn drawn from -0.011 to 0.0109 in steps of
    /// 0.0001, drawn again while it is within 0.006 of the previous one (the first compares with
    /// 0), so neighbouring photos never look aligned.
    static func tilts(count: Int, seed: UInt64) -> [CATransform3D] {
        var generator = SplitMix64(seed: seed)
        var previous: CGFloat = 0
        var result: [CATransform3D] = []
        for _ in 0..<count {
            var fraction: CGFloat
            repeat {
                fraction = CGFloat(Int(generator.next(below: 220)) - 110) * 0.0001
            } while abs(previous - fraction) < 0.006
            previous = fraction
            result.append(CATransform3DMakeRotation(2 * CGFloat.pi * (1 + fraction), 0, 0, 1))
        }
        return result
    }
}

/// SplitMix64: a small seeded generator, so an album looks the same on every run and every
/// machine (the system generator is seeded at random).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0..<bound with one draw: the high word of the draw times the bound (Lemire's reduction
    /// without its rejection step, a bias too small to see in a tilt).
    mutating func next(below bound: UInt64) -> UInt64 {
        next().multipliedFullWidth(by: bound).high
    }
}
