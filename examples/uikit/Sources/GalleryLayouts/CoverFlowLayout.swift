import UIKit

/// Cover flow as the Music app shows it: a horizontal flow layout of big covers stacked closer
/// than their width; each turns about y and moves aside as it leaves the centre of the view,
/// covers nearer the centre are drawn over the others, and the view comes to rest with a cover
/// centred. Written for UIKit; it compiles on Linux against framegen unchanged.
public final class CoverFlowLayout: UICollectionViewFlowLayout {
    /// How much of a cover the next one covers (the line spacing is -overlap x the width).
    public var overlap: CGFloat = 0.75
    /// The distance from the centre at which a cover is fully turned and pushed aside, as a
    /// fraction of the view's width; nil: one cover's distance from the next.
    public var maxDistancePercentage: CGFloat?
    /// Degrees.
    public var maxRotation: CGFloat = 60
    public var maxZoom: CGFloat = 0
    public var perspective: CGFloat = -0.002
    /// How far a fully turned cover moves away from the centre, in cover widths.
    public var sideShift: CGFloat = 0.55

    public override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = CGSize(width: 160, height: 160)
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    public override func prepare() {
        if let collectionView {
            // One row: no second cover fits in a column. The first and last covers can reach
            // the centre.
            let size = collectionView.bounds.size
            minimumInteritemSpacing = max(minimumInteritemSpacing, size.height + 1)
            let side = (size.width - itemSize.width) / 2
            sectionInset = UIEdgeInsets(top: 0, left: side, bottom: 0, right: side)
        }
        // Negative: each cover starts under the one before it.
        minimumLineSpacing = -overlap * itemSize.width
        super.prepare()
    }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)?.map(turned)
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?
    {
        super.layoutAttributesForItem(at: indexPath).map(turned)
    }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    public override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        guard let collectionView else { return proposedContentOffset }
        let proposed = CGRect(origin: proposedContentOffset, size: collectionView.bounds.size)
        let row = CGRect(x: proposed.minX, y: 0, width: proposed.width, height: proposed.height)
        var adjustment = CGFloat.greatestFiniteMagnitude
        for attributes in super.layoutAttributesForElements(in: row) ?? []
        where attributes.representedElementCategory == .cell {
            let delta = attributes.center.x - proposed.midX
            if abs(delta) < abs(adjustment) { adjustment = delta }
        }
        // No cover in the proposed rect: stay where the deceleration ends.
        guard adjustment != .greatestFiniteMagnitude else { return proposedContentOffset }
        return CGPoint(x: proposedContentOffset.x + adjustment, y: proposedContentOffset.y)
    }

    private func turned(_ original: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        let attributes = original.copy() as! UICollectionViewLayoutAttributes
        guard let collectionView else { return attributes }
        let visible = collectionView.bounds
        let maxDistance =
            maxDistancePercentage.map { $0 * visible.width } ?? itemSize.width + minimumLineSpacing
        let distance = visible.midX - attributes.center.x
        let normalized: CGFloat
        if maxDistance > 0 {
            normalized = min(max(distance / maxDistance, -1), 1)
        } else {
            normalized = distance == 0 ? 0 : (distance > 0 ? 1 : -1)
        }
        let zoom = 1 + (1 - abs(normalized)) * maxZoom
        var transform = CATransform3DIdentity
        transform.m34 = perspective
        transform = CATransform3DRotate(transform, normalized * maxRotation * .pi / 180, 0, 1, 0)
        transform = CATransform3DScale(transform, zoom, zoom, 0)
        if sideShift != 0 {
            // Applied after the projection, so the whole drawn cover moves aside.
            transform = CATransform3DConcat(
                transform, CATransform3DMakeTranslation(-normalized * sideShift * itemSize.width, 0, 0))
        }
        attributes.transform3D = transform
        // Nearer the centre, drawn later: the side covers stack toward it.
        attributes.zIndex = -Int(min(abs(distance), 1e9).rounded())
        return attributes
    }
}
