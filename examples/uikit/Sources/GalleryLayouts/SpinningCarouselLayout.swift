import UIKit

/// The spinning carousel as an iOS app writes it (after lizelu's CustomTransformCollectionLayout):
/// one row of square cells, all of them turning about their centres together, a full turn for
/// each cell's width of scroll, the cell nearest the centre drawn on top; it comes to rest with
/// a cell centred and upright.
///
/// Like the original, it sizes itself by the screen (`UIScreen.main`), not by its collection
/// view, and returns every cell whatever the rect. Unlike the original's arithmetic it leaves
/// room before the first and after the last cell, so both can be centred (framegen's built-in
/// `carousel` with its quirks off, its default).
public final class SpinningCarouselLayout: UICollectionViewLayout {
    public var itemSize = CGSize(width: 200, height: 200)
    public var margin: CGFloat = 10

    /// The distance from one cell's centre to the next.
    public var pitch: CGFloat { itemSize.width + margin }

    private var screen: CGSize { UIScreen.main.bounds.size }

    /// Room before cell 0, so that it can come to the centre.
    private var lead: CGFloat { max(0, (screen.width - itemSize.width) / 2) }

    private var count: Int { collectionView?.numberOfItems(inSection: 0) ?? 0 }

    /// The cell under a point x of the content (without the lead): cell i owns
    /// [i * pitch, (i + 1) * pitch).
    private func slot(_ x: CGFloat) -> Int {
        guard pitch > 0, x.isFinite else { return 0 }
        return Int(min(max((x / pitch).rounded(.towardZero), -1e15), 1e15))
    }

    /// The cell at the centre of the screen, which is drawn above the others.
    public var currentIndex: Int {
        slot((collectionView?.contentOffset.x ?? 0) + screen.width / 2 - lead)
    }

    /// The angle every cell is turned by: 0 when a cell is centred, a full turn per pitch.
    public var angle: CGFloat {
        guard pitch > 0 else { return 0 }
        let centre = (collectionView?.contentOffset.x ?? 0) + screen.width / 2 - lead
        var phase = (centre - itemSize.width / 2).truncatingRemainder(dividingBy: pitch)
        if phase < 0 { phase += pitch }
        return 2 * CGFloat.pi * phase / pitch
    }

    public override var collectionViewContentSize: CGSize {
        guard collectionView != nil else { return .zero }
        let n = CGFloat(count)
        var width = n * pitch
        if n > 0 {
            // The last cell can come to the centre too.
            width = max(lead + n * pitch, lead + (n - 1) * pitch + itemSize.width / 2 + screen.width / 2)
        }
        return CGSize(width: width, height: screen.height)
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?
    {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < count else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        let centre = CGPoint(
            x: lead + CGFloat(indexPath.item) * pitch + itemSize.width / 2, y: screen.height / 2)
        attributes.frame = CGRect(
            x: centre.x - itemSize.width / 2, y: centre.y - itemSize.height / 2, width: itemSize.width,
            height: itemSize.height)
        attributes.transform3D = CATransform3DScale(CATransform3DMakeRotation(angle, 0, 0, 1), 1, 1, 1)
        let current = currentIndex
        attributes.zIndex = indexPath.item == current ? 1000 : current
        return attributes
    }

    /// Every cell, whatever the rect, as the original does: a turned cell reaches outside its
    /// frame.
    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
    }

    /// Every scroll turns every cell.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    /// Rests with the cell under the screen's centre centred (velocity ignored, as the original
    /// does), the first and last cells included.
    public override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        guard collectionView != nil else { return proposedContentOffset }
        let index = min(max(slot(proposedContentOffset.x + screen.width / 2 - lead), 0), max(0, count - 1))
        return CGPoint(
            x: lead + CGFloat(index) * pitch + itemSize.width / 2 - screen.width / 2,
            y: proposedContentOffset.y)
    }
}

/// The carousel's view controller as the original demo has it: a tap zooms the tapped cell to
/// the screen's width, and the next tap (on any cell: the demo's one flag for all cells) zooms
/// it back, each a cell animation of half a second with UIKit's default curve (ease in, ease
/// out). The zoom replaces the layout's turn on that cell until the layout applies its
/// attributes again (the next scroll), as UIKit keeps what code did to a cell until then
/// (docs/uikit.md "Animations").
public final class SpinningCarouselDelegate: NSObject, UICollectionViewDelegate {
    private var zoomed = false

    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        defer { zoomed.toggle() }
        guard let cell = collectionView.cellForItem(at: indexPath) else { return }
        let scale = zoomed ? 1 : UIScreen.main.bounds.width / max(1, cell.frame.width)
        UIView.animate(withDuration: 0.5) {
            cell.transform = CGAffineTransform(scaleX: scale, y: scale)
        }
    }
}
