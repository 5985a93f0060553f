import UIKit

/// The attributes of a wheel's cell: where on the cell the wheel's hub is (its anchor point,
/// far below the cell) and the cell's angle around it. The cell reads them in apply(_:), as
/// circular layouts on iOS do: a layout cannot move a cell's anchor point itself.
public final class WheelLayoutAttributes: UICollectionViewLayoutAttributes {
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    public var angle: CGFloat = 0

    public override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! WheelLayoutAttributes
        copy.anchorPoint = anchorPoint
        copy.angle = angle
        return copy
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? WheelLayoutAttributes else { return false }
        return other.anchorPoint == anchorPoint && other.angle == angle && super.isEqual(object)
    }
}

/// Cards on the rim of a wheel whose hub lies below the view: scrolling sideways turns the
/// wheel, and a drag comes to rest with a card upright in the middle.
public final class WheelLayout: UICollectionViewLayout {
    public var itemSize = CGSize(width: 110, height: 150)
    /// From the hub to the cards' centres.
    public var radius: CGFloat = 420

    private var cache: [WheelLayoutAttributes] = []

    /// The angle between two neighbouring cards: one card's width along the rim.
    private var anglePerItem: CGFloat { atan(itemSize.width / radius) }

    public override class var layoutAttributesClass: AnyClass { WheelLayoutAttributes.self }

    public override var collectionViewContentSize: CGSize {
        guard let collectionView else { return .zero }
        let count = CGFloat(collectionView.numberOfItems(inSection: 0))
        return CGSize(
            width: max(count - 1, 0) * itemSize.width + collectionView.bounds.width,
            height: collectionView.bounds.height)
    }

    public override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        // The wheel turns one card per item width scrolled.
        let turned = -anglePerItem * collectionView.contentOffset.x / itemSize.width
        let anchorY = (itemSize.height / 2 + radius) / itemSize.height
        cache = (0..<collectionView.numberOfItems(inSection: 0)).map { item in
            let a = WheelLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.size = itemSize
            // Every card at the visible middle, turned about the hub (the cell sets the anchor).
            a.center = CGPoint(x: collectionView.bounds.midX, y: collectionView.bounds.midY)
            a.angle = turned + anglePerItem * CGFloat(item)
            a.anchorPoint = CGPoint(x: 0.5, y: anchorY)
            a.transform = CGAffineTransform(rotationAngle: a.angle)
            // The upright card on top, its neighbours below it.
            a.zIndex = -Int((abs(a.angle) / anglePerItem).rounded())
            return a
        }
    }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        // A card more than a quarter turn away is below the hub, out of sight.
        cache.filter { abs($0.angle) < .pi / 2 }.map { $0.copy() as! UICollectionViewLayoutAttributes }
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?
    {
        cache.indices.contains(indexPath.item)
            ? cache[indexPath.item].copy() as? UICollectionViewLayoutAttributes : nil
    }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    /// Comes to rest with a card upright.
    public override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        CGPoint(
            x: (proposedContentOffset.x / itemSize.width).rounded() * itemSize.width,
            y: proposedContentOffset.y)
    }
}
