import UIKit

/// A flow layout whose items hang on springs, in the style of Apple's WWDC 2013 "springy
/// collection view": each item is attached to its place in the grid by a UIKit Dynamics spring,
/// and a scroll moves each item with the content by less the farther it is from the finger, so
/// the grid stretches while it moves and springs back into place when it stops.
///
/// framegen has no finger: the collection view's centre stands for the touch point
/// (docs/uikit.md "UIKit Dynamics").
public final class SpringyFlowLayout: UICollectionViewFlowLayout {
    /// How far from the finger (points) an item trails the content by the whole scroll delta.
    public var resistanceDistance: CGFloat = 1500
    public var springDamping: CGFloat = 0.8
    public var springFrequency: CGFloat = 1

    private lazy var animator = UIDynamicAnimator(collectionViewLayout: self)

    public override init() {
        super.init()
        itemSize = CGSize(width: 110, height: 110)
        minimumLineSpacing = 10
        minimumInteritemSpacing = 10
        sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    public override func prepare() {
        super.prepare()
        // The springs are made once, for every item, from the flow layout's attributes.
        guard animator.behaviors.isEmpty, collectionView != nil else { return }
        let content = CGRect(origin: .zero, size: collectionViewContentSize)
        for attributes in super.layoutAttributesForElements(in: content) ?? [] {
            let spring = UIAttachmentBehavior(item: attributes, attachedToAnchor: attributes.center)
            spring.length = 0
            spring.damping = springDamping
            spring.frequency = springFrequency
            animator.addBehavior(spring)
        }
    }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        animator.items(in: rect) as? [UICollectionViewLayoutAttributes]
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?
    {
        animator.layoutAttributesForCell(at: indexPath)
    }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        let delta = newBounds.origin.y - collectionView.bounds.origin.y
        let touch = CGPoint(x: collectionView.bounds.midX, y: collectionView.bounds.midY)
        for case let spring as UIAttachmentBehavior in animator.behaviors {
            let distance = abs(touch.y - spring.anchorPoint.y) + abs(touch.x - spring.anchorPoint.x)
            let resistance = distance / resistanceDistance
            let item = spring.items[0]
            // The item keeps up with the content but for a share of the delta (all of it at most).
            item.center.y += delta < 0 ? max(delta, delta * resistance) : min(delta, delta * resistance)
            animator.updateItem(usingCurrentState: item)
        }
        return false
    }
}
