import UIKit

/// The Photos app's thumbnail strip as an iOS app writes it: one row of narrow thumbnails, the
/// one under the centre widened to its photo's aspect ratio, its neighbours pushed aside.
///
/// Each thumbnail is `itemHeight x defaultAspectRatio` wide, one `distanceBetween` apart. The
/// layout sets its collection view's left and right content inset so that the first and last
/// thumbnails can come to the centre. How far thumbnail i is widened (its expansion, 0...1)
/// comes from its distance to the centre, times `expandingRate`, which the app's controller
/// animates to 0 while the user drags the strip and back to 1 after; a `focus` (a tapped
/// thumbnail growing while the one before shrinks) overrides both. The widening is shared out as
/// a translation of every other thumbnail, half to each side, so that a fully expanded
/// thumbnail keeps its gaps whatever its photo's shape.
public final class ThumbnailStripLayout: UICollectionViewLayout {
    public var itemHeight: CGFloat = 66
    /// The collapsed thumbnail's width / height, and the ratio of a photo the model cannot size.
    public var defaultAspectRatio: CGFloat = 0.5
    public var distanceBetween: CGFloat = 4
    /// Extra room around an expanded thumbnail, half on each side.
    public var distanceBetweenFocused: CGFloat = 0

    /// How much the centred thumbnail widens: 1 at rest, 0 while the strip is dragged.
    public var expandingRate: CGFloat = 1 {
        didSet { if expandingRate != oldValue { invalidateLayout() } }
    }

    /// A tapped thumbnail growing (`progress` 0...1) while the one shown before shrinks.
    public struct Focus: Equatable {
        public var item: Int
        public var fromItem: Int
        public var progress: CGFloat
    }

    public var focus: Focus? {
        didSet { if focus != oldValue { invalidateLayout() } }
    }

    /// A thumbnail being deleted, before the data changes: over the first half of `fraction` it
    /// collapses (shrinks and fades about its centre), over the second the gap closes from the
    /// right (from the left for the last thumbnail) while the neighbour on that side widens.
    public struct Deletion: Equatable {
        public var item: Int
        /// The number of thumbnails it was started with.
        public var count: Int
        public var fraction: CGFloat
    }

    public var deletion: Deletion? {
        didSet { if deletion != oldValue { invalidateLayout() } }
    }

    public var itemSize: CGSize { CGSize(width: itemHeight * defaultAspectRatio, height: itemHeight) }
    /// From one thumbnail's start to the next one's.
    public var pitch: CGFloat { itemSize.width + distanceBetween }

    /// The inset that lets the first and last thumbnails reach the centre of a view `width` wide.
    public func sideInset(forWidth width: CGFloat) -> CGFloat { (width - itemSize.width) / 2 }

    private var count: Int { collectionView?.numberOfItems(inSection: 0) ?? 0 }

    /// The thumbnail nearest the centre.
    public var centredIndex: Int {
        guard let collectionView, pitch > 0 else { return 0 }
        let x = collectionView.contentOffset.x + sideInset(forWidth: collectionView.bounds.width)
        let f = (x / pitch + 0.5).rounded(.down)
        return Int(min(max(f.isFinite ? f : 0, 0), CGFloat(max(0, count - 1))))
    }

    /// Where thumbnail `item` is centred.
    public func contentOffset(centring item: CGFloat) -> CGFloat {
        item * pitch - sideInset(forWidth: collectionView?.bounds.width ?? 0)
    }

    private var cache: [UICollectionViewLayoutAttributes] = []
    /// The size and centred thumbnail of the last pass, to keep that thumbnail across a rotation.
    private var lastPass: (size: CGSize, centred: Int)?
    private var keptAcrossResize: Int?

    public override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        let size = collectionView.bounds.size
        if let lastPass { keptAcrossResize = lastPass.size != size ? lastPass.centred : nil }
        let side = sideInset(forWidth: size.width)
        if collectionView.contentInset.left != side || collectionView.contentInset.right != side {
            collectionView.contentInset = UIEdgeInsets(top: 0, left: side, bottom: 0, right: side)
        }
        cache = makeAttributes(cells: cellStates())
        lastPass = (size, centredIndex)
    }

    /// How one thumbnail is drawn: widened (0...1), collapsed (0...1), and how far the gap it
    /// leaves has closed (0...1), from the right or the left.
    private struct CellState {
        var expanding: CGFloat = 0
        var collapsing: CGFloat = 0
        var closing: CGFloat = 0
        var closesFromLeft = true
    }

    /// Each thumbnail's state at the current offset, rate, focus and deletion.
    private func cellStates() -> [CellState] {
        guard let collectionView else { return [] }
        let x = collectionView.contentOffset.x + sideInset(forWidth: collectionView.bounds.width)
        var cells = (0..<count).map { i -> CellState in
            let distance = abs(CGFloat(i) * pitch - x)
            return CellState(expanding: distance < pitch ? (1 - distance / pitch) * expandingRate : 0)
        }
        if let focus {
            if cells.indices.contains(focus.item) { cells[focus.item].expanding = focus.progress }
            if cells.indices.contains(focus.fromItem) { cells[focus.fromItem].expanding = 1 - focus.progress }
        }
        if let deletion, deletion.count == cells.count, cells.indices.contains(deletion.item) {
            let fromLeft = deletion.item + 1 >= cells.count
            let neighbour = fromLeft ? deletion.item - 1 : deletion.item + 1
            if deletion.fraction < 0.5 {
                cells[deletion.item].collapsing = deletion.fraction * 2
            } else {
                let p = deletion.fraction * 2 - 1
                cells[deletion.item].collapsing = 1
                cells[deletion.item].closing = p
                cells[deletion.item].closesFromLeft = fromLeft
                if cells.indices.contains(neighbour) { cells[neighbour].expanding = p }
            }
        }
        return cells
    }

    private func makeAttributes(cells: [CellState]) -> [UICollectionViewLayoutAttributes] {
        let n = cells.count
        var extra = [CGFloat](repeating: 0, count: n)
        var pushLeft = [CGFloat](repeating: 0, count: n)
        var pushRight = [CGFloat](repeating: 0, count: n)
        for (i, cell) in cells.enumerated() {
            let ratio =
                collectionView?.scenePhoto(at: IndexPath(item: i, section: 0))?.aspectRatio
                ?? defaultAspectRatio
            extra[i] = (itemSize.height * ratio - itemSize.width) * cell.expanding
            // Half of the widening (and of the focused room) pushes each side; a deleted
            // thumbnail's gap closes by the width of a thumbnail (as the original's code moves
            // its neighbours, which then jump by the spacing when the data changes).
            let half = (extra[i] + distanceBetweenFocused * cell.expanding) / 2 * (1 - cell.closing)
            let closed = half - itemSize.width * cell.closing
            pushLeft[i] = cell.closesFromLeft ? closed : half
            pushRight[i] = cell.closesFromLeft ? half : closed
        }
        // Thumbnail j moves left by the pushes of those after it, right by those before it.
        var after = [CGFloat](repeating: 0, count: n + 1)
        for k in stride(from: n - 1, through: 0, by: -1) { after[k] = after[k + 1] + pushLeft[k] }
        var before: CGFloat = 0
        var result: [UICollectionViewLayoutAttributes] = []
        for (j, cell) in cells.enumerated() {
            let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: j, section: 0))
            attributes.center = CGPoint(x: CGFloat(j) * pitch + itemSize.width / 2, y: itemSize.height / 2)
            attributes.size = CGSize(
                width: ((itemSize.width + extra[j]) * (1 - cell.collapsing)).rounded(.up),
                height: itemSize.height * (1 - cell.collapsing))
            attributes.alpha = 1 - cell.collapsing
            attributes.transform3D = CATransform3DMakeTranslation(before - after[j + 1], 0, 0)
            result.append(attributes)
            before += pushRight[j]
        }
        return result
    }

    public override var collectionViewContentSize: CGSize {
        CGSize(width: CGFloat(count) * pitch, height: itemSize.height)
    }

    /// Every thumbnail, whatever the rect: a widened one moves all the others.
    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?
    {
        guard indexPath.section == 0, cache.indices.contains(indexPath.item) else { return nil }
        return cache[indexPath.item]
    }

    /// Every scroll changes which thumbnail is widened.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    /// A drag comes to rest on the nearer of the two thumbnails around where it would stop.
    public override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        guard let collectionView, pitch > 0, proposedContentOffset.x.isFinite else {
            return proposedContentOffset
        }
        let side = sideInset(forWidth: collectionView.bounds.width)
        let last = CGFloat(max(0, count - 1))
        let position = (proposedContentOffset.x + side) / pitch
        let left = min(max(0, position.rounded(.down)), last)
        let right = min(max(position.rounded(.up), 0), last)
        let leftOffset = left * pitch - side
        let rightOffset = right * pitch - side
        let x =
            abs(leftOffset - proposedContentOffset.x) < abs(rightOffset - proposedContentOffset.x)
            ? leftOffset : rightOffset
        return CGPoint(x: x, y: proposedContentOffset.y)
    }

    /// After a rotation, the thumbnail that was centred is centred again.
    public override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint)
        -> CGPoint
    {
        guard let item = keptAcrossResize else { return proposedContentOffset }
        return CGPoint(x: contentOffset(centring: CGFloat(item)), y: proposedContentOffset.y)
    }
}
