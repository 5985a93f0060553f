import UIKit

/// A deck of cards as dating and flash-card apps make it: the cards lie on top of each other,
/// each one behind a little smaller and lower; the top card follows the finger through a
/// `UIPanGestureRecognizer`, turning as it goes, and a release past a third of the width throws
/// it off the side (the next card comes up) while a shorter one springs it back.
///
/// The pan is the cell's own, as an app writes it; a scene's drag over the top card reaches it
/// (docs/uikit.md "Gesture recognisers"), and the deck does not scroll.
public final class SwipeDeckLayout: UICollectionViewLayout {
    /// The cards thrown away so far; the next one is on top.
    var thrown = 0
    /// How many cards show behind the top one.
    private let depth = 3

    public override var collectionViewContentSize: CGSize { collectionView?.bounds.size ?? .zero }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let view = collectionView, view.numberOfSections > 0 else { return [] }
        let count = view.numberOfItems(inSection: 0)
        guard thrown < count else { return [] }
        return (thrown..<min(count, thrown + depth + 1)).compactMap {
            layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
        }
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?
    {
        guard let view = collectionView else { return nil }
        let a = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        let bounds = view.bounds
        let size = CGSize(width: bounds.width - 48, height: bounds.height * 0.62)
        a.size = size
        let place = CGFloat(max(0, indexPath.item - thrown))
        a.center = CGPoint(x: bounds.midX, y: bounds.midY - 20 + place * 14)
        a.transform = CGAffineTransform(scaleX: 1 - place * 0.05, y: 1 - place * 0.05)
        a.zIndex = 1000 - indexPath.item
        a.isHidden = indexPath.item < thrown
        return a
    }

    /// The top card was thrown: the deck moves up, animated.
    func throwTopCard() {
        thrown += 1
        guard let view = collectionView else { return }
        UIView.animate(withDuration: 0.3) {
            self.invalidateLayout()
            view.layoutIfNeeded()
        }
    }
}

/// A card of the deck: a rounded face with a shadow, its colour and number from its item.
public final class SwipeDeckCell: UICollectionViewCell {
    private let face = UIView()
    private let number = UILabel()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        face.layer.cornerRadius = 20
        face.layer.cornerCurve = .continuous
        face.clipsToBounds = true
        contentView.addSubview(face)
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.25
        layer.shadowRadius = 10
        layer.shadowOffset = CGSize(width: 0, height: 4)
        number.font = UIFont.boldSystemFont(ofSize: 64)
        number.textColor = .white
        number.textAlignment = .center
        face.addSubview(number)
        // iOS: `action: #selector(panned(_:))`; framegen's port writes that as this
        // (docs/uikit.md "Bring your app"), and the example's files are compiled without it.
        addGestureRecognizer(
            UIPanGestureRecognizer(target: self, action: Selector("panned:", SwipeDeckCell.panned(_:))))
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    public override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        let item = layoutAttributes.indexPath.item
        face.backgroundColor = UIColor(
            hue: CGFloat(item % 7) / 7, saturation: 0.55, brightness: 0.85, alpha: 1)
        number.text = "\(item + 1)"
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        face.frame = contentView.bounds
        number.frame = face.bounds
    }

    /// Only the top card moves, and only on a sideways drag: an upward one is left alone.
    public override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer,
            let deck = superview as? UICollectionView,
            let layout = deck.collectionViewLayout as? SwipeDeckLayout,
            deck.indexPath(for: self)?.item == layout.thrown
        else { return false }
        let velocity = pan.velocity(in: deck)
        return abs(velocity.x) > abs(velocity.y)
    }

    func panned(_ pan: UIPanGestureRecognizer) {
        guard let deck = superview as? UICollectionView,
            let layout = deck.collectionViewLayout as? SwipeDeckLayout
        else { return }
        let moved = pan.translation(in: deck)
        let turn = CGAffineTransform(rotationAngle: moved.x / deck.bounds.width * 0.4)
        switch pan.state {
        case .began, .changed:
            transform = turn.concatenating(CGAffineTransform(translationX: moved.x, y: moved.y))
        case .ended, .cancelled:
            let throwing = abs(moved.x) > deck.bounds.width / 3
            if throwing {
                let side: CGFloat = moved.x > 0 ? 1 : -1
                UIView.animate(
                    withDuration: 0.3,
                    animations: {
                        self.transform = turn.rotated(by: side * 0.2).concatenating(
                            CGAffineTransform(translationX: side * deck.bounds.width * 1.5, y: moved.y + 60))
                    },
                    // Off screen it stays, turned, until the deck hides it; reuse sets it straight.
                    completion: { _ in layout.throwTopCard() })
            } else {
                UIView.animate(
                    withDuration: 0.4, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0,
                    options: [], animations: { self.transform = .identity })
            }
        default: break
        }
    }

    public override func prepareForReuse() {
        super.prepareForReuse()
        transform = .identity
    }
}

public enum SwipeDeck {
    public static let layouts: [String: UIKitLayout.Factory] = ["swipe-deck": { _ in SwipeDeckLayout() }]
    public static let cells: [String: UICollectionViewCellFactory] = [
        "swipe-deck-cell": { SwipeDeckCell(frame: $0) }
    ]
}
