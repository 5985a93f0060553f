import FrameGenCompositionalLayout
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitDynamics
import FrameGenUIKitHost
import TestTiers
import Testing

// What Apple documents for Core Graphics' transform and geometry functions.

/// Equal within `tolerance` in every coordinate (trigonometry leaves ~1e-16).
func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
    close(a.origin, b.origin, tolerance)
        && close(CGPoint(x: a.width, y: a.height), CGPoint(x: b.width, y: b.height), tolerance)
}

@Test func affineInitialisersMakeTheDocumentedMatrices() {
    expect(CGAffineTransform() == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
    expect(CGAffineTransform.identity.isIdentity)
    expect(!CGAffineTransform().isIdentity)
    expect(
        CGAffineTransform(translationX: 3, y: 4)
            == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 4))
    expect(CGAffineTransform(scaleX: 2, y: 3) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 0, ty: 0))
    let r = CGAffineTransform(rotationAngle: .pi / 6)
    expect(abs(r.a - cos(.pi / 6)) < 1e-15 && abs(r.b - sin(.pi / 6)) < 1e-15)
    expect(abs(r.c + sin(.pi / 6)) < 1e-15 && abs(r.d - cos(.pi / 6)) < 1e-15)
}

@Test func rotationByAQuarterTurnTakesXToY() {
    // y points down on iOS, so a positive angle turns clockwise on screen.
    expect(
        close(CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2)), CGPoint(x: 0, y: 1)))
    expect(
        close(
            CGPoint(x: 1, y: 0).applying(CGAffineTransform.identity.rotated(by: .pi / 2)), CGPoint(x: 0, y: 1)
        ))
}

@Test func theAddedOperationAppliesFirst() {
    // CGAffineTransformTranslate(t, ...) = translation · t: translate, then scale.
    let scale = CGAffineTransform(scaleX: 2, y: 2)
    expect(CGPoint.zero.applying(scale.translatedBy(x: 10, y: 0)) == CGPoint(x: 20, y: 0))
    // Scale, then translate.
    let move = CGAffineTransform(translationX: 10, y: 0)
    expect(CGPoint(x: 1, y: 1).applying(move.scaledBy(x: 3, y: 3)) == CGPoint(x: 13, y: 3))
    // Rotate, then translate: (1, 0) turns to (0, 1), then moves.
    expect(close(CGPoint(x: 1, y: 0).applying(move.rotated(by: .pi / 2)), CGPoint(x: 10, y: 1)))
}

@Test func concatenatingAppliesTheReceiverFirst() {
    let scale = CGAffineTransform(scaleX: 2, y: 2)
    let move = CGAffineTransform(translationX: 10, y: 0)
    expect(CGPoint(x: 1, y: 0).applying(scale.concatenating(move)) == CGPoint(x: 12, y: 0))
    expect(CGPoint(x: 1, y: 0).applying(move.concatenating(scale)) == CGPoint(x: 22, y: 0))
    expect(scale.translatedBy(x: 10, y: 0) == move.concatenating(scale))
}

@Test func invertedUndoesOrReturnsTheTransformUnchanged() {
    let t = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 0.5).translatedBy(x: 3, y: -4)
    let p = CGPoint(x: 5, y: 7)
    expect(close(p.applying(t).applying(t.inverted()), p))
    expect(close(CGPoint.zero.applying(t.concatenating(t.inverted())), .zero))
    // CGAffineTransformInvert: a transform with no inverse comes back unchanged.
    let flat = CGAffineTransform(scaleX: 0, y: 1).translatedBy(x: 1, y: 2)
    expect(flat.inverted() == flat)
    expect(CGAffineTransform().inverted() == CGAffineTransform())
}

@Test func sizesTakeTheLinearPartOnly() {
    let t = CGAffineTransform(translationX: 100, y: 100).scaledBy(x: 2, y: 3)
    expect(CGSize(width: 10, height: 10).applying(t) == CGSize(width: 20, height: 30))
    // A quarter turn takes (w, h) to (-h, w): sizes are vectors and may turn negative.
    let turned = CGSize(width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2))
    expect(close(CGPoint(x: turned.width, y: turned.height), CGPoint(x: -20, y: 10)))
}

@Test func rectsBecomeTheBoundingBoxOfTheirCorners() {
    let r = CGRect(x: 0, y: 0, width: 10, height: 10)
    // Scale and translation only: the transformed rectangle itself.
    let st = CGAffineTransform(translationX: 5, y: 6).scaledBy(x: 2, y: -1)
    expect(r.applying(st) == CGRect(x: 5, y: -4, width: 20, height: 10))
    // An eighth of a turn about the origin: a diamond, boxed.
    let d = 10 * cos(CGFloat.pi / 4)
    expect(
        close(
            r.applying(CGAffineTransform(rotationAngle: .pi / 4)),
            CGRect(x: -d, y: 0, width: 2 * d, height: 2 * d)))
    // A negative size is standardised first.
    expect(CGRect(x: 10, y: 10, width: -10, height: -10).applying(.identity) == r)
    expect(CGRect.null.applying(st).isNull)
    expect(CGRect.infinite.applying(st).isInfinite)
}

@Test func vectorsAndComparisons() {
    expect(CGVector.zero == CGVector(dx: 0, dy: 0))
    expect(CGVector() == .zero)
    let v = CGVector(dx: 1, dy: 2.5)
    expect(v.dx == 1 && v.dy == 2.5)
    expect(CGVector(dx: 3, dy: 4) == CGVector(dx: CGFloat(3), dy: CGFloat(4)))
    expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
    expect(!CGSize(width: 1, height: 2).equalTo(.zero))
    expect(CGRect.zero.equalTo(CGRect(x: 0, y: 0, width: 0, height: 0)))
}

@Test func vectorsEncodeAsCoreGraphicsDoes() throws {
    let data = try JSONEncoder().encode(CGVector(dx: 1.5, dy: -2))
    expect(String(decoding: data, as: UTF8.self) == "[1.5,-2]")
    try expect(JSONDecoder().decode(CGVector.self, from: data) == CGVector(dx: 1.5, dy: -2))
}

@Test func colorsKeepTheirSpaceAndComponents() {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
    expect(red.components == [1, 0, 0, 0.5])
    expect(red.numberOfComponents == 4)
    expect(red.alpha == 0.5)
    expect(CGColor.black.components == [0, 1])
    expect(CGColor.clear.alpha == 0)
    expect(CGColor(gray: 0.5, alpha: 1) == CGColor(gray: 0.5, alpha: 1))
    // Another colour space is another colour, as CFEqual has it.
    expect(CGColor(gray: 0, alpha: 1) != CGColor(red: 0, green: 0, blue: 0, alpha: 1))
    expect(red.copy(alpha: 1) == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
}

@Test func pathsOfRectanglesEllipsesAndArcs() {
    let r = CGRect(x: 10, y: 20, width: 40, height: 30)
    let rect = CGPath(rect: r, transform: nil)
    expect(rect.boundingBox == r && !rect.isEmpty && rect.currentPoint == r.origin)
    expect(CGMutablePath().boundingBox.isNull && CGMutablePath().currentPoint == .zero)
    var move = CGAffineTransform(translationX: 5, y: 0)
    expect(CGPath(rect: r, transform: &move).boundingBox == r.offsetBy(dx: 5, dy: 0))
    // Four quarter arcs, no lines: control points stay inside the ellipse's box.
    let ellipse = CGPath(ellipseIn: r, transform: nil)
    expect(ellipse.boundingBox == r)
    expect(ellipse.steps.filter { if case .curve = $0 { true } else { false } }.count == 4)
    expect(ellipse.steps.filter { if case .line = $0 { true } else { false } }.isEmpty)
    // Core Graphics' counter-clockwise is increasing angles: +x toward +y.
    let arc = CGMutablePath()
    arc.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    expect(close(arc.currentPoint, CGPoint(x: 0, y: 10)))
    guard case .curve(let end, let c1, let c2) = arc.steps.last else {
        Issue.record("no curve")
        return
    }
    // The cubic's midpoint is within 3e-3 of the circle (a quarter circle's cubic error 2.7e-4 r).
    let mid = CGPoint(x: (10 + 3 * c1.x + 3 * c2.x + end.x) / 8, y: (0 + 3 * c1.y + 3 * c2.y + end.y) / 8)
    expect(abs((mid.x * mid.x + mid.y * mid.y).squareRoot() - 10) < 3e-3)
    let back = CGMutablePath()
    back.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
    expect(close(back.currentPoint, CGPoint(x: 0, y: 10)))
    // Clockwise the long way: three quarters, through -y.
    expect(back.steps.count == 4 && back.boundingBox.minY < -9.9)
}

/// Core Graphics' arc to a point (PostScript's `arct`): the corner (10, 0) of the lines from
/// (0, 0) and to (10, 10), rounded with radius 4, is a line to (6, 0) and a quarter circle about
/// (6, 4) to (10, 4); points in one line give only the line to the first.
@Test func arcToAPointRoundsTheCornerBetweenTwoLines() {
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 4)
    expect(close(path.currentPoint, CGPoint(x: 10, y: 4), 1e-9))
    guard case .line(let start) = path.steps[1] else {
        Issue.record("no line to the arc: \(path.steps)")
        return
    }
    expect(close(start, CGPoint(x: 6, y: 0)))
    // Every piece of the arc ends on the circle about (6, 4), in the corner's quarter.
    let ends = path.steps.dropFirst(2).compactMap { step -> CGPoint? in
        if case .curve(let end, _, _) = step { end } else { nil }
    }
    expect(!ends.isEmpty && ends.count == path.steps.count - 2)
    for end in ends {
        expect(abs(((end.x - 6) * (end.x - 6) + (end.y - 4) * (end.y - 4)).squareRoot() - 4) < 1e-9)
        expect(end.x >= 6 - 1e-9 && end.y <= 4 + 1e-9)
    }

    let straight = CGMutablePath()
    straight.move(to: .zero)
    straight.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 10, y: 0), radius: 4)
    expect(straight.steps == [.move(to: .zero), .line(to: CGPoint(x: 5, y: 0))])

    // Under a transform the arc is made where the points are, then moved.
    let moved = CGMutablePath()
    moved.move(to: CGPoint(x: 100, y: 100))
    moved.addArc(
        tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 4,
        transform: CGAffineTransform(translationX: 100, y: 100))
    expect(close(moved.currentPoint, CGPoint(x: 110, y: 104), 1e-9))
}
