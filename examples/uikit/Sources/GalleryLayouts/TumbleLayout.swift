import UIKit

/// A flow layout whose items tumble into the view: at the first layout pass every item starts
/// above the screen, falls under gravity, lands on the bottom of the view or on the items below
/// it (UIKit Dynamics collisions, a little elastic), and a sideways push scatters the top rows
/// as they fall.
public final class TumbleLayout: UICollectionViewFlowLayout {
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
        guard animator.behaviors.isEmpty, let view = collectionView else { return }
        let content = CGRect(origin: .zero, size: collectionViewContentSize)
        let items = super.layoutAttributesForElements(in: content) ?? []
        // Higher rows start higher, so that the pile lands row by row.
        for item in items { item.center.y -= view.bounds.height + item.center.y * 0.5 }
        let gravity = UIGravityBehavior(items: items)
        let collision = UICollisionBehavior(items: items)
        let width = view.bounds.width
        let floor = view.bounds.height
        collision.addBoundary(
            withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: floor),
            to: CGPoint(x: width, y: floor))
        collision.addBoundary(
            withIdentifier: "left" as NSString, from: CGPoint(x: 0, y: -10_000), to: CGPoint(x: 0, y: floor))
        collision.addBoundary(
            withIdentifier: "right" as NSString, from: CGPoint(x: width, y: -10_000),
            to: CGPoint(x: width, y: floor))
        let bounce = UIDynamicItemBehavior(items: items)
        bounce.elasticity = 0.3
        bounce.friction = 0.5
        let push = UIPushBehavior(items: Array(items.suffix(3)), mode: .instantaneous)
        push.setAngle(0, magnitude: 1.5)
        for behavior in [gravity, collision, bounce, push] as [UIDynamicBehavior] {
            animator.addBehavior(behavior)
        }
    }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        animator.items(in: rect) as? [UICollectionViewLayoutAttributes]
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?
    {
        animator.layoutAttributesForCell(at: indexPath)
    }
}
