import FrameGenCompositionalLayout
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitDynamics
import FrameGenUIKitHost
import TestTiers
import Testing

// What Apple documents for UIKit's values and views.

@Test func colorsHaveAppleComponents() {
    var r: CGFloat = -1
    var g: CGFloat = -1
    var b: CGFloat = -1
    var a: CGFloat = -1
    expect(UIColor.orange.getRed(&r, green: &g, blue: &b, alpha: &a))
    expect([r, g, b, a] == [1, 0.5, 0, 1])
    UIColor.gray.getRed(&r, green: &g, blue: &b, alpha: &a)
    expect([r, g, b, a] == [0.5, 0.5, 0.5, 1])
    expect(UIColor.red.cgColor.components == [1, 0, 0, 1])
    expect(UIColor.white.cgColor.components == [1, 1])
    expect(UIColor.clear.cgColor.alpha == 0)
    expect(UIColor.darkGray == UIColor(white: 1 / 3, alpha: 1))
    expect(UIColor.purple == UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1))
    expect(UIColor.brown == UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1))
    expect(UIColor(white: 0, alpha: 1) != UIColor(red: 0, green: 0, blue: 0, alpha: 1))
    expect(UIColor.red.withAlphaComponent(0.25).cgColor.components == [1, 0, 0, 0.25])
    expect(UIColor.black.withAlphaComponent(0.5).cgColor.components == [0, 0.5])
    var w: CGFloat = -1
    expect(UIColor.lightGray.getWhite(&w, alpha: &a) && w == 2 / 3)
    expect(!UIColor.red.getWhite(&w, alpha: &a))
    expect(UIColor.red.description == "UIExtendedSRGBColorSpace 1 0 0 1")
    expect(UIColor.black.description == "UIExtendedGrayColorSpace 0 1")
}

@Test func hueSaturationBrightnessRoundTrip() {
    expect(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1) == .red)
    expect(UIColor(hue: 1 / 3, saturation: 1, brightness: 1, alpha: 1) == .green)
    expect(UIColor(hue: 2 / 3, saturation: 1, brightness: 1, alpha: 1) == .blue)
    let color = UIColor(hue: 0.8, saturation: 0.5, brightness: 0.6, alpha: 0.9)
    var h: CGFloat = 0
    var s: CGFloat = 0
    var v: CGFloat = 0
    var a: CGFloat = 0
    expect(color.getHue(&h, saturation: &s, brightness: &v, alpha: &a))
    expect(abs(h - 0.8) < 1e-12 && abs(s - 0.5) < 1e-12 && abs(v - 0.6) < 1e-12 && a == 0.9)
}

@Test func fontsHaveSizeWeightAndSystemMetrics() {
    let body = UIFont.systemFont(ofSize: 17)
    expect(
        body.pointSize == 17 && body.fontName == ".SFUI-Regular" && body.familyName == ".AppleSystemUIFont")
    // iOS reports 20.287109375 for the 17-point system font.
    expect(abs(body.lineHeight - 20.287109375) < 1e-9)
    expect(UIFont.boldSystemFont(ofSize: 12).fontName == ".SFUI-Bold")
    expect(UIFont.systemFont(ofSize: 12, weight: .semibold).fontName == ".SFUI-Semibold")
    expect(UIFont.systemFont(ofSize: 12) == UIFont.systemFont(ofSize: 12))
    expect(UIFont.systemFont(ofSize: 12) != UIFont.boldSystemFont(ofSize: 12))
    expect(body.withSize(20).pointSize == 20)
    let headline = UIFont.preferredFont(forTextStyle: .headline)
    expect(headline.pointSize == 17 && headline.fontName == ".SFUI-Semibold")
    expect(UIFont(name: "Helvetica-Bold", size: 14)?.familyName == "Helvetica")
    expect(UIFont(name: "", size: 14) == nil)
    expect(UIFont.Weight.bold.rawValue == 0.4 && UIFont.Weight.medium.rawValue == 0.23)
}

@Test func namedImagesResolveOnlyThroughFramegen() {
    expect(UIImage(named: "photo") == nil)
    // A symbol is a stand-in glyph (SystemImageTests), not nil.
    expect(UIImage(systemName: "star")?.isSymbolImage == true)
    expect(UIImage().size == .zero)
    let resolved = UIImage.withNamedImages({ name in
        name == "photo"
            ? UIImage(bitmap: .init(width: 6, height: 3, pixels: .init(repeating: 255, count: 72)), scale: 3)
            : nil
    }) {
        (UIImage(named: "photo"), UIImage(named: "other"))
    }
    expect(resolved.0?.size == CGSize(width: 2, height: 1) && resolved.0?.scale == 3)
    expect(resolved.1 == nil)
    let template = resolved.0?.withRenderingMode(.alwaysTemplate)
    expect(template?.renderingMode == .alwaysTemplate && template?.size == CGSize(width: 2, height: 1))
}

@Test func theMainScreenIsTheBoundOne() {
    expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 390, height: 844))
    expect(UIScreen.main.scale == 3 && UIScreen.main.nativeScale == 3)
    expect(UIScreen.main.nativeBounds.size == CGSize(width: 1170, height: 2532))
    let canvas = UIScreen(size: CGSize(width: 1920, height: 1080), scale: 1)
    let seen = UIScreen.withMain(canvas) {
        UIScreen.withMain(UIScreen(size: CGSize(width: 10, height: 10), scale: 2)) { UIScreen.main.scale }
            + UIScreen.main.bounds.width
    }
    expect(seen == 1922)
    expect(UIScreen.main.bounds.width == 390)
}

@Test func edgeInsetsInsetRects() {
    let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    expect(
        CGRect(x: 0, y: 0, width: 100, height: 50).inset(by: insets)
            == CGRect(x: 2, y: 1, width: 94, height: 46))
    expect(UIEdgeInsets.zero == UIEdgeInsets() && UIEdgeInsets.zero != insets)
    // Not standardised: too large an inset leaves a negative size, as on iOS (`width` reads it
    // standardised, as CGRectGetWidth does).
    expect(CGRect(x: 0, y: 0, width: 4, height: 4).inset(by: insets).size.width == -2)
}

@Test func viewAndLayerGeometryAreOneState() {
    let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
    expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
    expect(view.center == CGPoint(x: 60, y: 45))
    expect(view.layer.position == view.center && view.layer.bounds == view.bounds)
    view.layer.position = CGPoint(x: 0, y: 0)
    expect(view.frame == CGRect(x: -50, y: -25, width: 100, height: 50))
    // A new bounds keeps the centre.
    view.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
    expect(view.center == .zero && view.frame == CGRect(x: -20, y: -20, width: 40, height: 40))
    expect(UIView().frame == .zero)
    // A coder that is not a storyboard's or nib's gives a view of frame zero, as iOS's does
    // from an archive without its keys; a layer reads no archives.
    expect(UIView(coder: NSCoder())?.frame == .zero && CALayer(coder: NSCoder()) == nil)
}

@Test func aTransformTurnsAboutTheCentreAndTheFrameBoxesIt() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
    view.transform = CGAffineTransform(rotationAngle: .pi / 2)
    expect(view.center == CGPoint(x: 50, y: 25))
    expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
    expect(close(view.frame, CGRect(x: 25, y: -25, width: 50, height: 100)))
    expect(CATransform3DEqualToTransform(view.layer.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
    view.transform = CGAffineTransform(rotationAngle: .pi / 4)
    let half = 75 * cos(CGFloat.pi / 4)
    expect(close(view.frame, CGRect(x: 50 - half, y: 25 - half, width: 2 * half, height: 2 * half)))
    view.transform = .identity
    expect(view.frame == CGRect(x: 0, y: 0, width: 100, height: 50))
    view.layer.transform = CATransform3DMakeScale(2, 3, 1)
    expect(view.transform == CGAffineTransform(scaleX: 2, y: 3))
}

@Test func appearanceIsTheLayers() {
    let view = UIView()
    expect(view.alpha == 1 && !view.isHidden && !view.clipsToBounds && view.backgroundColor == nil)
    view.alpha = 0.3
    expect(view.layer.opacity == 0.3 && view.alpha == CGFloat(Float(0.3)))
    view.clipsToBounds = true
    expect(view.layer.masksToBounds)
    view.isHidden = true
    expect(view.layer.isHidden)
    let color = UIColor.red
    view.backgroundColor = color
    expect(view.layer.backgroundColor == color.cgColor && view.backgroundColor === color)
    view.layer.backgroundColor = UIColor.blue.cgColor
    expect(view.backgroundColor == .blue)
    view.backgroundColor = nil
    expect(view.layer.backgroundColor == nil)
    expect(view.contentMode == .scaleToFill && view.tag == 0 && view.isUserInteractionEnabled)
    expect(view.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
    view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
    expect(view.layoutMargins == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
}

@Test func subviewsAndSublayersKeepOneOrder() {
    let parent = UIView()
    let a = UIView()
    let b = UIView()
    let c = UIView()
    func layersInOrder() -> Bool {
        parent.layer.sublayers?.map(ObjectIdentifier.init)
            == parent.subviews.map { ObjectIdentifier($0.layer) }
    }
    parent.addSubview(a)
    parent.addSubview(b)
    parent.insertSubview(c, at: 0)
    expect(parent.subviews == [c, a, b] && layersInOrder())
    expect(a.superview === parent && a.layer.superlayer === parent.layer && a.next === parent)
    parent.bringSubviewToFront(c)
    expect(parent.subviews == [a, b, c] && layersInOrder())
    parent.sendSubviewToBack(b)
    expect(parent.subviews == [b, a, c] && layersInOrder())
    parent.insertSubview(b, aboveSubview: c)
    expect(parent.subviews == [a, c, b] && layersInOrder())
    parent.insertSubview(a, belowSubview: b)
    expect(parent.subviews == [c, a, b] && layersInOrder())
    // Adding a subview again brings it to the front.
    parent.addSubview(c)
    expect(parent.subviews == [a, b, c] && layersInOrder())
    parent.exchangeSubview(at: 0, withSubviewAt: 2)
    expect(parent.subviews == [c, b, a] && layersInOrder())
    // Adding to another view takes it out of the old one.
    let other = UIView()
    other.addSubview(b)
    expect(parent.subviews == [c, a] && b.superview === other && layersInOrder())
    a.removeFromSuperview()
    expect(parent.subviews == [c] && a.superview == nil && a.layer.superlayer == nil && layersInOrder())
    expect(b.isDescendant(of: other) && !b.isDescendant(of: parent))
    c.tag = 7
    expect(parent.viewWithTag(7) === c && parent.viewWithTag(8) == nil)
}

final class Recorder: UIView {
    var log: [String] = []
    override func layoutSubviews() { log.append("layout") }
    override func willMove(toSuperview newSuperview: UIView?) {
        log.append("willMove \(newSuperview != nil)")
    }
    override func didMoveToSuperview() { log.append("didMove \(superview != nil)") }
    override func didAddSubview(_ subview: UIView) { log.append("didAdd") }
    override func willRemoveSubview(_ subview: UIView) { log.append("willRemove") }
}

@Test func layoutIfNeededCallsLayoutSubviewsWhenNeeded() {
    let parent = Recorder(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let child = Recorder(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    parent.addSubview(child)
    expect(parent.log == ["didAdd"] && child.log == ["willMove true", "didMove true"])
    parent.log = []
    child.log = []
    parent.layoutIfNeeded()
    expect(parent.log == ["layout"] && child.log == ["layout"])
    parent.layoutIfNeeded()
    expect(parent.log == ["layout"])
    parent.setNeedsLayout()
    parent.layoutIfNeeded()
    expect(parent.log == ["layout", "layout"] && child.log == ["layout"])
    // A new size needs layout; a move does not.
    child.center = CGPoint(x: 50, y: 50)
    parent.layoutIfNeeded()
    expect(child.log == ["layout"])
    child.bounds.size = CGSize(width: 20, height: 20)
    parent.layoutIfNeeded()
    expect(child.log == ["layout", "layout"])
    child.removeFromSuperview()
    expect(parent.log.suffix(1) == ["willRemove"])
    expect(child.log.suffix(2) == ["willMove false", "didMove false"])
}

@Test func autoresizingSharesTheChangeAmongFlexibleParts() {
    let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let fill = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
    fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    let pinnedRight = UIView(frame: CGRect(x: 70, y: 0, width: 20, height: 20))
    pinnedRight.autoresizingMask = [.flexibleLeftMargin]
    let centred = UIView(frame: CGRect(x: 40, y: 40, width: 20, height: 20))
    centred.autoresizingMask = [
        .flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin,
    ]
    let fixed = UIView(frame: CGRect(x: 5, y: 5, width: 5, height: 5))
    for view in [fill, pinnedRight, centred, fixed] { parent.addSubview(view) }
    parent.frame = CGRect(x: 0, y: 0, width: 200, height: 150)
    expect(fill.frame == CGRect(x: 10, y: 10, width: 180, height: 130))
    expect(pinnedRight.frame == CGRect(x: 170, y: 0, width: 20, height: 20))
    expect(centred.frame == CGRect(x: 90, y: 65, width: 20, height: 20))
    expect(fixed.frame == CGRect(x: 5, y: 5, width: 5, height: 5))
    // Width and right margin, in proportion to their lengths (80 and 10 of 90 on 100 more).
    let parent2 = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 10))
    let grow = UIView(frame: CGRect(x: 10, y: 0, width: 80, height: 10))
    grow.autoresizingMask = [.flexibleWidth, .flexibleRightMargin]
    parent2.addSubview(grow)
    parent2.bounds.size.width = 190
    expect(grow.frame == CGRect(x: 10, y: 0, width: 160, height: 10))
    parent2.autoresizesSubviews = false
    parent2.bounds.size.width = 100
    expect(grow.frame.width == 160)
}

@Test func animateRunsTheBlockAndCompletesAtOnce() {
    let view = UIView()
    var finished: Bool?
    UIView.animate(withDuration: 0.3) { view.alpha = 0.5 }
    expect(view.alpha == 0.5)
    UIView.animate(withDuration: 0.3, animations: { view.alpha = 0 }) { finished = $0 }
    expect(view.alpha == 0 && finished == true)
    finished = nil
    UIView.animate(
        withDuration: 1, delay: 0.5, usingSpringWithDamping: 0.7, initialSpringVelocity: 0,
        options: [.curveEaseInOut], animations: { view.center = CGPoint(x: 5, y: 5) },
        completion: { finished = $0 })
    expect(view.center == CGPoint(x: 5, y: 5) && finished == true)
    UIView.animateKeyframes(withDuration: 1, delay: 0, options: [.calculationModeCubic]) {
        UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.alpha = 1 }
    }
    expect(view.alpha == 1)
    let parent = UIView()
    let old = UIView()
    let new = UIView()
    parent.addSubview(old)
    UIView.transition(from: old, to: new, duration: 0.3, options: [.transitionCrossDissolve]) {
        finished = !$0
    }
    expect(parent.subviews == [new] && old.superview == nil && finished == false)
}

/// nil is the window: a root view sits in it at its frame, and a scrolled root view's content
/// moves in it (GravitySliderFlowLayout reads its cells' centres on screen through
/// `collectionView.convert(attributes.center, to: nil)`).
@Test func convertToNilIsTheWindowTheRootViewSitsIn() {
    let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
    scroll.contentOffset = CGPoint(x: 100, y: 0)
    expect(scroll.convert(CGPoint(x: 300, y: 10), to: nil) == CGPoint(x: 200, y: 10))
    expect(scroll.convert(CGPoint(x: 200, y: 10), from: nil) == CGPoint(x: 300, y: 10))
    let lone = UIView(frame: CGRect(x: 50, y: 40, width: 10, height: 10))
    expect(lone.convert(CGPoint.zero, to: nil) == CGPoint(x: 50, y: 40))
    expect(lone.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: nil) == lone.frame)
}

@Test func convertFollowsFramesAndTransforms() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
    let child = UIView(frame: CGRect(x: 100, y: 50, width: 100, height: 100))
    let grandchild = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
    root.addSubview(child)
    child.addSubview(grandchild)
    expect(grandchild.convert(CGPoint.zero, to: root) == CGPoint(x: 110, y: 60))
    expect(grandchild.convert(CGPoint.zero, to: nil) == CGPoint(x: 110, y: 60))
    expect(root.convert(CGRect(x: 110, y: 60, width: 20, height: 20), to: grandchild) == grandchild.bounds)
    // A scroll (bounds origin) moves what the view shows.
    child.bounds.origin = CGPoint(x: 0, y: 30)
    expect(grandchild.convert(CGPoint.zero, from: nil) == CGPoint(x: -110, y: -30))
    // Scaled about the child's centre, (150, 100) in the root and (50, 80) in its bounds:
    // the grandchild's origin, (10, 10) in the child, is (-40, -70) from it, twice that scaled.
    child.transform = CGAffineTransform(scaleX: 2, y: 2)
    expect(grandchild.convert(CGPoint.zero, to: root) == CGPoint(x: 70, y: -40))
}

@Test func tintColorIsInherited() {
    let parent = UIView()
    let child = UIView()
    parent.addSubview(child)
    expect(child.tintColor == .systemBlue)
    parent.tintColor = .red
    expect(child.tintColor == .red)
    child.tintColor = .green
    expect(child.tintColor == .green && parent.tintColor == .red)
}

@Test func imageViewsAndLabelsHaveUIKitDefaults() {
    let image = UIImage(bitmap: .init(width: 4, height: 2, pixels: .init(repeating: 0, count: 32)))
    let imageView = UIImageView(image: image)
    expect(imageView.frame == CGRect(x: 0, y: 0, width: 4, height: 2))
    expect(!imageView.isUserInteractionEnabled && imageView.contentMode == .scaleToFill)
    expect(imageView.layer.contents as? UIImage === image)
    imageView.image = nil
    expect(imageView.layer.contents == nil)
    let label = UILabel()
    expect(label.text == nil && label.font == .systemFont(ofSize: 17) && label.textColor == .label)
    expect(
        label.textAlignment == .natural && label.numberOfLines == 1
            && label.lineBreakMode == .byTruncatingTail)
    expect(!label.isUserInteractionEnabled)
    label.text = "Hello"
    expect(label.attributedText?.string == "Hello")
    label.font = nil
    expect(label.font.pointSize == 17)
    expect(NSTextAlignment.center.rawValue == 1 && NSTextAlignment.natural.rawValue == 4)
}

@Test func bezierPathsMakeTheShapesLayersAreGiven() {
    let r = CGRect(x: 0, y: 0, width: 100, height: 40)
    let rounded = UIBezierPath(roundedRect: r, cornerRadius: 8)
    expect(rounded.bounds == r)
    // A move, four corners of three cubics, the lines between them and the close.
    expect(rounded.cgPath.steps.count == 17)
    let top = UIBezierPath(
        roundedRect: r, byRoundingCorners: [.topLeft, .topRight], cornerRadii: CGSize(width: 8, height: 8))
    // Two rounded corners, two square ones.
    expect(top.cgPath.steps.count == 11 && top.bounds == r)
    expect(UIBezierPath(rect: r).cgPath == CGPath(rect: r, transform: nil))
    // UIKit's clockwise is clockwise on screen: from +x down to +y.
    let arc = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
    expect(close(arc.currentPoint, CGPoint(x: 0, y: 10)) && arc.cgPath.steps.count == 2)
    let layer = CALayer()
    layer.shadowPath = rounded.cgPath
    expect(layer.shadowPath == rounded.cgPath)
    rounded.apply(CGAffineTransform(scaleX: 2, y: 1))
    expect(rounded.bounds == CGRect(x: 0, y: 0, width: 200, height: 40))
}

/// The elements of `path`'s cubics: end, then the two controls.
private func cubics(_ path: UIBezierPath) -> [[CGPoint]] {
    path.cgPath.steps.compactMap {
        if case .curve(let p, let c1, let c2) = $0 { [p, c1, c2] } else { nil }
    }
}

private func holds(_ path: UIBezierPath, cubic expected: [CGPoint]) -> Bool {
    cubics(path).contains { got in zip(got, expected).allSatisfy { hypot($0.x - $1.x, $0.y - $1.y) < 1e-5 } }
}

/// UIKit's rounded rectangles, against the elements UIKit itself gives for them (printed on
/// iOS 14 to 17, docs/uikit.md "Paths"): iOS 7's corner, a capsule, and the shape between.
@Test func bezierPathRoundedRectsAreUIKits() {
    // A 60 x 30 rect with radius 8: the corner leaves the edge 1.528665 r before it.
    let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 60, height: 30), cornerRadius: 8)
    expect(path.cgPath.steps.first == .move(to: CGPoint(x: 47.77068, y: 0)))
    expect(
        holds(
            path,
            cubic: [
                CGPoint(x: 54.948049657352058, y: 0.59929110277612807),
                CGPoint(x: 51.292056339051769, y: 0), CGPoint(x: 53.052744447495982, y: 0),
            ]))
    expect(
        holds(
            path,
            cubic: [
                CGPoint(x: 59.400708897223872, y: 5.0519503426479417),
                CGPoint(x: 57.017409386994025, y: 1.3524764483549596),
                CGPoint(x: 58.647523551645044, y: 2.9825906130059776),
            ]))
    expect(
        holds(
            path,
            cubic: [
                CGPoint(x: 60, y: 12.229319877836661), CGPoint(x: 60, y: 6.9472555525040187),
                CGPoint(x: 60, y: 8.7079436609482332),
            ]))
    // Past a third of both sides: a capsule of half the shorter side, a quarter circle a cubic.
    let capsule = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 40)
    expect(capsule.bounds == CGRect(x: 0, y: 0, width: 100, height: 40))
    let kappa = 4.0 / 3.0 * (2.0.squareRoot() - 1)
    expect(
        holds(
            capsule,
            cubic: [
                CGPoint(x: 100, y: 20), CGPoint(x: 80 + 20 * kappa, y: 0),
                CGPoint(x: 100, y: 20 * (1 - kappa)),
            ]
        ))
    expect(capsule.contains(CGPoint(x: 99, y: 20)) && !capsule.contains(CGPoint(x: 99, y: 2)))
    // Past a third of the height only (208 x 50, radius 20): the top runs on to 1.528665 r from
    // the corner; the curve, in radii limited to half the height over 1.52866483, ends on the
    // side at 1.4522316 of them.
    let between = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 208, height: 50), cornerRadius: 20)
    let limited = 25 / 1.52866483
    expect(between.cgPath.steps.first == .move(to: CGPoint(x: 208 - 1.528665 * 20, y: 0)))
    expect(
        holds(
            between,
            cubic: [
                CGPoint(x: 208, y: 1.4522315885 * limited),
                CGPoint(x: 208 - 0.3743055124 * limited, y: 0.3192018530 * limited),
                CGPoint(x: 208, y: 0.8537655244 * limited),
            ]))
    expect(between.bounds == CGRect(x: 0, y: 0, width: 208, height: 50))
}

/// Rounding some corners only, UIKit gives each of them the corner it gives all four in that
/// rect, the others square: iOS 14's references of gabrieloc/roundrect (21 point images,
/// radius 10, three corners or the top two) have capsule corners there, where a continuous
/// corner at the radius that fits left its fill 137 levels out past the image's own stroke.
@Test func bezierPathRoundingSomeCornersGivesThemTheCornersOfAll() {
    let rect = CGRect(x: 0.5, y: 0.5, width: 20, height: 20)
    let all = UIBezierPath(roundedRect: rect, cornerRadius: 10)
    let some = UIBezierPath(
        roundedRect: rect, byRoundingCorners: [.topRight, .bottomLeft, .bottomRight],
        cornerRadii: CGSize(width: 10, height: 10))
    // The top left corner's cubics are the ones left of and above the centre.
    let kept = cubics(all).filter { c in !c.allSatisfy { $0.x <= 10.5 && $0.y <= 10.5 } }
    expect(!kept.isEmpty && kept.count < cubics(all).count)
    for c in kept { expect(holds(some, cubic: c), "\(c)") }
    expect(some.contains(CGPoint(x: 1, y: 1)) && !all.contains(CGPoint(x: 1, y: 1)))
    expect(some.contains(CGPoint(x: 19.9, y: 10.5)) && !some.contains(CGPoint(x: 19.9, y: 1.5)))
}
