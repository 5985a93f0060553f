import FrameGenCompositionalLayout
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitDynamics
import FrameGenUIKitHost
import TestTiers
import Testing

// What Apple documents for Core Animation's transform functions, CALayer and
// CAMediaTimingFunction.

/// `[x y z 1] · t`, divided by w.
func apply(_ t: CATransform3D, _ p: CGPoint) -> CGPoint {
    let w = p.x * t.m14 + p.y * t.m24 + t.m44
    return CGPoint(x: (p.x * t.m11 + p.y * t.m21 + t.m41) / w, y: (p.x * t.m12 + p.y * t.m22 + t.m42) / w)
}

@Test func makeFunctionsFillTheDocumentedFields() {
    let t = CATransform3DMakeTranslation(1, 2, 3)
    expect(t.m41 == 1 && t.m42 == 2 && t.m43 == 3 && t.m11 == 1 && t.m44 == 1)
    let s = CATransform3DMakeScale(2, 3, 4)
    expect(s.m11 == 2 && s.m22 == 3 && s.m33 == 4 && s.m44 == 1)
    expect(CATransform3DIsIdentity(CATransform3DIdentity))
    expect(!CATransform3DIsIdentity(CATransform3D()))
    expect(CATransform3DEqualToTransform(CATransform3DMakeScale(1, 1, 1), CATransform3DIdentity))
    expect(CATransform3DMakeRotation(0, 0, 0, 1) == CATransform3DIdentity)
    // About z, as CGAffineTransform(rotationAngle:): (1, 0) turns to (0, 1).
    expect(
        close(apply(CATransform3DMakeRotation(.pi / 2, 0, 0, 1), CGPoint(x: 1, y: 0)), CGPoint(x: 0, y: 1)))
}

@Test func translateScaleAndRotateApplyTheNewOperationFirst() {
    let move = CATransform3DMakeTranslation(100, 0, 0)
    let turned = CATransform3DRotate(move, .pi / 2, 0, 0, 1)
    // Rotate (1, 0) to (0, 1), then move by 100.
    expect(close(apply(turned, CGPoint(x: 1, y: 0)), CGPoint(x: 100, y: 1)))
    expect(turned == CATransform3DConcat(CATransform3DMakeRotation(.pi / 2, 0, 0, 1), move))
    let scaled = CATransform3DScale(move, 2, 2, 1)
    expect(apply(scaled, CGPoint(x: 1, y: 1)) == CGPoint(x: 102, y: 2))
    let moved = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0)
    expect(apply(moved, .zero) == CGPoint(x: 20, y: 0))
}

@Test func concatAppliesItsFirstArgumentFirst() {
    let scale = CATransform3DMakeScale(2, 2, 1)
    let move = CATransform3DMakeTranslation(10, 0, 0)
    expect(apply(CATransform3DConcat(scale, move), CGPoint(x: 1, y: 0)) == CGPoint(x: 12, y: 0))
    expect(apply(CATransform3DConcat(move, scale), CGPoint(x: 1, y: 0)) == CGPoint(x: 22, y: 0))
}

@Test func invertReturnsItsArgumentWhenThereIsNoInverse() {
    var t = CATransform3DRotate(CATransform3DMakeTranslation(3, 4, 5), 0.6, 1, 1, 0)
    t.m34 = -1 / 500
    let product = CATransform3DConcat(t, CATransform3DInvert(t))
    for (a, b) in zip(fields(product), fields(CATransform3DIdentity)) { expect(abs(a - b) < 1e-12) }
    let flat = CATransform3DMakeScale(1, 0, 1)
    expect(CATransform3DInvert(flat) == flat)
}

func fields(_ t: CATransform3D) -> [CGFloat] {
    [
        t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
        t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
    ]
}

@Test func affineConversionsUseTheDocumentedFields() {
    let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    let t = CATransform3DMakeAffineTransform(a)
    expect(t.m11 == 1 && t.m12 == 2 && t.m21 == 3 && t.m22 == 4 && t.m41 == 5 && t.m42 == 6)
    expect(t.m33 == 1 && t.m44 == 1 && t.m34 == 0)
    expect(CATransform3DIsAffine(t))
    expect(CATransform3DGetAffineTransform(t) == a)
    var perspective = CATransform3DIdentity
    perspective.m34 = -1 / 500
    expect(!CATransform3DIsAffine(perspective))
    expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 0, 1, 0)))
    expect(CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 0, 0, 1)))
}

@Test func layersStartWithAppleDefaults() {
    let layer = CALayer()
    expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
    expect(layer.position == .zero && layer.bounds == .zero && layer.zPosition == 0)
    expect(CATransform3DIsIdentity(layer.transform) && CATransform3DIsIdentity(layer.sublayerTransform))
    expect(layer.opacity == 1 && !layer.isHidden && layer.isDoubleSided && !layer.masksToBounds)
    expect(layer.shadowOffset == CGSize(width: 0, height: -3))
    expect(layer.shadowRadius == 3 && layer.shadowOpacity == 0)
    expect(layer.shadowColor == CGColor.black && layer.borderColor == CGColor.black)
    expect(layer.borderWidth == 0 && layer.cornerRadius == 0 && layer.backgroundColor == nil)
    expect(
        layer.maskedCorners == [
            .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
        ])
    expect(layer.contents == nil && layer.sublayers == nil && layer.superlayer == nil)
}

@Test func frameComesFromPositionAnchorPointBoundsAndTransform() {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
    layer.position = CGPoint(x: 200, y: 100)
    expect(layer.frame == CGRect(x: 150, y: 75, width: 100, height: 50))
    layer.anchorPoint = .zero
    expect(layer.frame == CGRect(x: 200, y: 100, width: 100, height: 50))
    // The bounds origin moves the content, not the frame.
    layer.bounds.origin = CGPoint(x: 30, y: 30)
    expect(layer.frame == CGRect(x: 200, y: 100, width: 100, height: 50))
    // A quarter turn about the centre: the frame is the turned box.
    layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
    layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
    expect(close(layer.frame, CGRect(x: 175, y: 50, width: 50, height: 100)))
    // An eighth of a turn: the bounding box of the turned corners.
    layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
    let half = 75 * cos(CGFloat.pi / 4)
    expect(close(layer.frame, CGRect(x: 200 - half, y: 100 - half, width: 2 * half, height: 2 * half)))
}

@Test func settingTheFrameSetsPositionAndBounds() {
    let layer = CALayer()
    layer.anchorPoint = CGPoint(x: 0, y: 1)
    layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
    expect(layer.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
    expect(layer.position == CGPoint(x: 10, y: 60))
    // framegen's rule under a scale (Apple documents none): the frame round-trips.
    layer.transform = CATransform3DMakeScale(2, 2, 1)
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    expect(layer.bounds.size == CGSize(width: 50, height: 50))
    expect(close(layer.frame, CGRect(x: 0, y: 0, width: 100, height: 100)))
}

@Test func perspectiveShrinksTheFarSide() {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    layer.position = CGPoint(x: 50, y: 50)
    var t = CATransform3DIdentity
    t.m34 = -1 / 500
    layer.transform = CATransform3DRotate(t, .pi / 4, 0, 1, 0)
    let frame = layer.frame
    // Turned about y, the layer is narrower; its near edge is taller than 100.
    expect(frame.width < 100 && frame.height > 100)
    expect(abs(frame.midY - 50) < 1e-9)
}

@Test func sublayersFormATree() {
    let root = CALayer()
    let a = CALayer()
    let b = CALayer()
    let c = CALayer()
    root.addSublayer(a)
    root.addSublayer(b)
    root.insertSublayer(c, at: 0)
    expect(root.sublayers?.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
    expect(a.superlayer === root)
    root.insertSublayer(c, above: b)
    expect(root.sublayers?.last === c)
    root.insertSublayer(b, below: a)
    expect(root.sublayers?.first === b)
    // Adding to another layer takes a layer out of its old one.
    a.addSublayer(c)
    expect(root.sublayers?.count == 2 && c.superlayer === a)
    let d = CALayer()
    root.replaceSublayer(b, with: d)
    expect(root.sublayers?.first === d && b.superlayer == nil)
    a.removeFromSuperlayer()
    d.removeFromSuperlayer()
    expect(root.sublayers == nil && a.superlayer == nil)
    root.sublayers = [a, b]
    expect(root.sublayers?.count == 2 && b.superlayer === root)
}

final class CountingLayer: CALayer {
    var layouts = 0
    override func layoutSublayers() { layouts += 1 }
}

@Test func layoutIfNeededLaysOutWhatNeedsIt() {
    let parent = CountingLayer()
    let child = CountingLayer()
    parent.addSublayer(child)
    parent.layoutIfNeeded()
    expect(parent.layouts == 1 && child.layouts == 1)
    parent.layoutIfNeeded()
    expect(parent.layouts == 1)
    child.bounds.size = CGSize(width: 10, height: 10)
    expect(child.needsLayout() && !parent.needsLayout())
    parent.layoutIfNeeded()
    expect(parent.layouts == 1 && child.layouts == 2)
    // A new size needs layout; a new position does not.
    child.position = CGPoint(x: 5, y: 5)
    expect(!child.needsLayout())
}

@Test func convertGoesThroughPositionsTransformsAndSublayerTransforms() {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
    let child = CALayer()
    child.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    child.position = CGPoint(x: 60, y: 40)
    root.addSublayer(child)
    expect(child.convert(CGPoint.zero, to: root) == CGPoint(x: 50, y: 30))
    expect(root.convert(CGPoint(x: 50, y: 30), to: child) == .zero)
    expect(child.convert(CGPoint(x: 50, y: 30), from: root) == .zero)
    // nil is the space the root sits in: the root's own position and bounds count.
    expect(
        child.convert(CGRect(x: 0, y: 0, width: 20, height: 20), to: nil).origin == CGPoint(x: -50, y: -70))
    root.position = CGPoint(x: 100, y: 100)
    expect(child.convert(CGRect(x: 0, y: 0, width: 20, height: 20), to: nil) == child.frame)
    // A scroll: the bounds origin shifts what the sublayers show.
    root.bounds.origin = CGPoint(x: 0, y: 10)
    expect(child.convert(CGPoint.zero, to: root) == CGPoint(x: 50, y: 30))
    let grandchild = CALayer()
    child.addSublayer(grandchild)
    child.transform = CATransform3DMakeScale(2, 2, 1)
    // (0, 0) of the child lies 10 pt from its centre (60, 40), twice as far once scaled.
    expect(child.convert(CGPoint.zero, to: root) == CGPoint(x: 40, y: 20))
    expect(close(root.convert(CGPoint(x: 40, y: 20), to: child), .zero))
    // The root's sublayerTransform turns its sublayers about its anchor point (100, 110):
    // the child's centre (60, 40) lands at (140, 180).
    root.sublayerTransform = CATransform3DMakeRotation(.pi, 0, 0, 1)
    expect(close(child.convert(CGPoint(x: 10, y: 10), to: root), CGPoint(x: 140, y: 180)))
    expect(close(root.convert(CGPoint(x: 140, y: 180), to: child), CGPoint(x: 10, y: 10)))
    // Edge-on, the child has no image of a root point.
    child.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
    expect(root.convert(CGPoint(x: 40, y: 20), to: child).x.isNaN)
}

@Test func timingFunctionsHaveTheDocumentedControlPoints() {
    func points(_ f: CAMediaTimingFunction) -> [Float] {
        var out: [Float] = []
        for i in 0...3 {
            var v: [Float] = [0, 0]
            f.getControlPoint(at: i, values: &v)
            out += v
        }
        return out
    }
    expect(points(CAMediaTimingFunction(name: .linear)) == [0, 0, 0, 0, 1, 1, 1, 1])
    expect(points(CAMediaTimingFunction(name: .easeIn)) == [0, 0, 0.42, 0, 1, 1, 1, 1])
    expect(points(CAMediaTimingFunction(name: .easeOut)) == [0, 0, 0, 0, 0.58, 1, 1, 1])
    expect(points(CAMediaTimingFunction(name: .easeInEaseOut)) == [0, 0, 0.42, 0, 0.58, 1, 1, 1])
    expect(points(CAMediaTimingFunction(name: .default)) == [0, 0, 0.25, 0.1, 0.25, 1, 1, 1])
    let custom = CAMediaTimingFunction(controlPoints: 0.2, 0.8, 0.4, 1)
    expect(points(custom) == [0, 0, 0.2, 0.8, 0.4, 1, 1, 1])
    expect(custom == CAMediaTimingFunction(controlPoints: 0.2, 0.8, 0.4, 1))
    expect(CAMediaTimingFunction(name: .linear) != CAMediaTimingFunction(name: .easeIn))
}

/// A view made with `CGRect.null` (an origin at infinity, no size), as code that sizes its
/// views later by constraints writes: its frame is the null rectangle, its width and height 0
/// (a collection view's page width read before layout is 0, not NaN), until a frame is set.
@MainActor @Test func aViewMadeWithTheNullRectHasNoSize() {
    let view = UIView(frame: .null)
    expect(view.frame.width == 0 && view.frame.height == 0)
    expect(view.frame.isNull)
    expect(view.bounds.size == .zero)
    view.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
    expect(view.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
    let layer = CALayer()
    layer.frame = .null
    expect(layer.frame.size == .zero)
}
