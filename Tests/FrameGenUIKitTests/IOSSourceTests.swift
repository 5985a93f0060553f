import FrameGenCompositionalLayout
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitDynamics
import FrameGenUIKitHost
import TestTiers
import Testing

// Code written as an iOS app writes it (there with `import UIKit` in place of FrameGenUIKit):
// that this file compiles in Swift 6 mode is most of the test.

extension UIColor {
    // Needs UIColor to be Sendable in Swift 6 mode, as it is in Apple's SDK.
    static let brand = UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
}

extension UIFont {
    static let badge = UIFont.systemFont(ofSize: 12, weight: .semibold)
}

final class BadgeView: UIView {
    private let label = UILabel()

    var count = 0 {
        didSet { label.text = "\(count)" }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemRed
        layer.cornerRadius = 8
        layer.masksToBounds = true
        layer.shadowOpacity = 0.3
        layer.shadowRadius = 4
        layer.shadowOffset = CGSize(width: 0, height: 2)
        layer.shadowColor = UIColor.black.cgColor
        layer.borderColor = UIColor.white.withAlphaComponent(0.5).cgColor
        layer.borderWidth = 1 / UIScreen.main.scale
        layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        layer.cornerCurve = .continuous
        label.font = .badge
        label.textColor = .white
        label.textAlignment = .center
        label.numberOfLines = 1
        label.adjustsFontSizeToFitWidth = true
        addSubview(label)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.inset(by: UIEdgeInsets(top: 2, left: 4, bottom: 2, right: 4))
        layer.shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: layer.cornerRadius).cgPath
    }
}

final class PhotoView: UIImageView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        contentMode = .scaleAspectFill
        clipsToBounds = true
        tintColor = .brand
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

@IBDesignable
final class CardView: UIView {
    @IBInspectable var cornerRadius: CGFloat = 12 {
        didSet { layer.cornerRadius = cornerRadius }
    }

    override var frame: CGRect {
        didSet { setNeedsLayout() }
    }
}

final class TiltLayer: CALayer {
    var angle: CGFloat = 0

    override init() { super.init() }

    override init(layer: Any) {
        super.init(layer: layer)
        angle = (layer as? TiltLayer)?.angle ?? 0
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

final class TiltView: UIView {
    let tiltLayer = TiltLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.addSublayer(tiltLayer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A cell's `apply(_:)`-style update, as layouts' cells write it.
func applyTilt(to view: UIView, progress: CGFloat) {
    view.transform = CGAffineTransform(rotationAngle: .pi / 8).scaledBy(x: 0.9, y: 0.9)
    var perspective = CATransform3DIdentity
    perspective.m34 = -1 / 500
    view.layer.sublayerTransform = perspective
    var t = CATransform3DRotate(CATransform3DIdentity, .pi / 4, 0, 1, 0)
    t.m34 = -1 / 500
    view.layer.transform = CATransform3DConcat(t, CATransform3DMakeTranslation(0, 0, -20 * progress))
    view.layer.zPosition = progress
    view.layer.isDoubleSided = false
    UIView.animate(
        withDuration: 0.3, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0,
        options: [.curveEaseOut, .beginFromCurrentState],
        animations: { view.alpha = 1 - progress / 2 }
    ) { finished in
        if finished { view.layer.shadowPath = CGPath(rect: view.bounds, transform: nil) }
    }
    UIView.animate(withDuration: 0.25) { view.layoutIfNeeded() }
    UIView.animate(withDuration: 0.25, animations: { view.backgroundColor = .clear }, completion: nil)
    UIView.performWithoutAnimation { view.isHidden = false }
}

@Test func iOSViewCodeCompilesAndRuns() {
    let badge = BadgeView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
    badge.count = 3
    badge.layoutIfNeeded()
    expect((badge.subviews.first as? UILabel)?.text == "3")
    expect(badge.subviews.first?.frame == CGRect(x: 4, y: 2, width: 32, height: 16))
    expect(badge.layer.cornerRadius == 8 && badge.layer.masksToBounds && badge.layer.shadowOpacity == 0.3)
    expect(badge.layer.borderWidth == 1.0 / 3)

    let photo = PhotoView(frame: .zero)
    expect(photo.frame == .zero && photo.contentMode == .scaleAspectFill && photo.tintColor == .brand)

    let card = CardView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    card.cornerRadius = 4
    expect(card.layer.cornerRadius == 4)

    let tilt = TiltView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    tilt.tiltLayer.angle = 0.5
    expect(TiltLayer(layer: tilt.tiltLayer).angle == 0.5)
    applyTilt(to: tilt, progress: 1)
    expect(tilt.alpha == 0.5 && tilt.backgroundColor == .clear)
    expect(!CATransform3DIsAffine(tilt.layer.transform))
}

// A layout that narrows `collectionView` to its own host class, as card-stack layouts do
// (UIKit declares it read-only and open, so the override compiles there and here).
final class CardsCollectionView: UICollectionView {}

final class CardsHostLayout: UICollectionViewLayout {
    override var collectionView: CardsCollectionView {
        super.collectionView as! CardsCollectionView
    }
}

@Suite struct NarrowedCollectionViewTests {
    @MainActor @Test func aLayoutMayNarrowItsCollectionView() {
        let layout = CardsHostLayout()
        let view = CardsCollectionView(
            frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: layout)
        expect(layout.collectionView === view)
    }
}

// Alignment layouts read the app's layout direction to resolve leading and trailing.
enum ChipAlignment { case leading, trailing }

func resolvedEdgeIsLeft(_ alignment: ChipAlignment, in view: UIView) -> Bool {
    let direction = UIApplication.shared.userInterfaceLayoutDirection
    expect(direction == view.effectiveUserInterfaceLayoutDirection)
    switch (alignment, direction) {
    case (.leading, .leftToRight), (.trailing, .rightToLeft): return true
    default: return false
    }
}

@Suite struct LayoutDirectionTests {
    @Test func everythingIsLaidOutLeftToRight() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        expect(resolvedEdgeIsLeft(.leading, in: view))
        expect(!resolvedEdgeIsLeft(.trailing, in: view))
        expect(UIApplication.shared.applicationState == .active)
        expect(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft) == .rightToLeft)
        expect(UIView.userInterfaceLayoutDirection(for: .unspecified) == .leftToRight)
    }
}

// A cell that takes touches only inside its mask's path, as slanted layouts' cells do.
final class MaskedTouchCell: UICollectionViewCell {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        guard let mask = layer.mask as? CAShapeLayer, let path = mask.path else {
            return super.point(inside: point, with: event)
        }
        let bezierPath = UIBezierPath()
        bezierPath.cgPath = path
        return bezierPath.contains(point)
    }
}

@Suite struct HitTestingTests {
    @Test func pathsContainWhatTheyEncloseUnderTheirRule() {
        let circle = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        expect(circle.contains(CGPoint(x: 50, y: 50)))
        // Within a hundredth of a point of the circle of radius 50 about (50, 50).
        expect(circle.contains(CGPoint(x: 50 + 49.98 * cos(0.3), y: 50 + 49.98 * sin(0.3))))
        expect(!circle.contains(CGPoint(x: 50 + 50.02 * cos(0.3), y: 50 + 50.02 * sin(0.3))))
        expect(!circle.contains(CGPoint(x: 2, y: 2)))
        // A square inside a square, both clockwise: the hole is inside by winding, not by parity.
        let framed = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 30, height: 30))
        framed.append(UIBezierPath(rect: CGRect(x: 10, y: 10, width: 10, height: 10)))
        expect(framed.contains(CGPoint(x: 15, y: 15)))
        framed.usesEvenOddFillRule = true
        expect(!framed.contains(CGPoint(x: 15, y: 15)))
        expect(framed.contains(CGPoint(x: 5, y: 15)))
        expect(framed.cgPath.contains(CGPoint(x: 15, y: 15), using: .winding))
    }

    @Test func hitTestingFindsTheFrontmostViewThatTakesThePoint() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let cell = MaskedTouchCell(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
        let triangle = UIBezierPath()
        triangle.move(to: .zero)
        triangle.addLine(to: CGPoint(x: 100, y: 0))
        triangle.addLine(to: CGPoint(x: 0, y: 100))
        triangle.close()
        let mask = CAShapeLayer()
        mask.path = triangle.cgPath
        cell.layer.mask = mask
        root.addSubview(back)
        root.addSubview(cell)
        // (110, 10) is inside the triangle, (190, 90) in the cell's bounds but outside it.
        expect(root.hitTest(CGPoint(x: 110, y: 10), with: nil) === cell.contentView)
        expect(root.hitTest(CGPoint(x: 190, y: 90), with: nil) === back)
        expect(root.hitTest(CGPoint(x: 300, y: 10), with: nil) == nil)
        cell.isHidden = true
        expect(root.hitTest(CGPoint(x: 110, y: 10), with: nil) === back)
    }
}
