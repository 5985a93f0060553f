import UIKit

/// Cover flow as iOS apps write it: a horizontal flow layout whose covers turn about y and grow
/// as they near the centre of the view, and which comes to rest with a cover centred. Written
/// for UIKit; it compiles on Linux against framegen unchanged.
public final class CoverFlowLayout: UICollectionViewFlowLayout {
    /// The distance from the centre, as a fraction of the view's width, at which a cover is
    /// fully turned and no longer zoomed.
    public var maxDistancePercentage: CGFloat = 0.3
    /// Degrees.
    public var maxRotation: CGFloat = 50
    public var maxZoom: CGFloat = 0.3
    public var perspective: CGFloat = -0.001

    public override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = CGSize(width: 100, height: 100)
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
        let maxDistance = maxDistancePercentage * visible.width
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
        attributes.transform3D = transform
        return attributes
    }
}
