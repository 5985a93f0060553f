import Foundation
import TestTiers
import Testing

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

// Collisions and pushes (docs/uikit.md "UIKit Dynamics"): what the physics implies of an
// item dropped on a floor, pushed, or meeting another head-on.

private func box(_ center: CGPoint, _ width: CGFloat, _ height: CGFloat) -> UICollectionViewLayoutAttributes {
    let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    a.size = CGSize(width: width, height: height)
    a.center = center
    return a
}

/// Steps the animator to `end` at 240 Hz, returning the smallest y of the item's centre seen
/// after `after` seconds.
@discardableResult
private func run(
    _ animator: UIDynamicAnimator, _ item: UIDynamicItem, to end: Double, highestAfter after: Double = 0
)
    -> CGFloat
{
    var highest = CGFloat.infinity
    for k in 1...Int(end * 240) {
        let t = Double(k) / 240
        animator.advance(to: t)
        if t > after { highest = min(highest, item.center.y) }
    }
    return highest
}

/// A 20-point box dropped from y = 100 (its bottom at 110) onto a floor at y = 400.
private func drop(elasticity: CGFloat) -> (UIDynamicAnimator, UICollectionViewLayoutAttributes) {
    let a = box(CGPoint(x: 200, y: 100), 20, 20)
    let animator = UIDynamicAnimator()
    let collision = UICollisionBehavior(items: [a])
    collision.addBoundary(
        withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 400), to: CGPoint(x: 400, y: 400))
    let properties = UIDynamicItemBehavior(items: [a])
    properties.elasticity = elasticity
    animator.addBehavior(UIGravityBehavior(items: [a]))
    animator.addBehavior(collision)
    animator.addBehavior(properties)
    animator.advance(to: 0)
    return (animator, a)
}

@Test func anItemDroppedOnABoundaryComesToRestOnIt() {
    let a = box(CGPoint(x: 200, y: 100), 20, 20)
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
    let animator = UIDynamicAnimator(referenceView: view)
    let collision = UICollisionBehavior(items: [a])
    collision.translatesReferenceBoundsIntoBoundary = true
    animator.addBehavior(UIGravityBehavior(items: [a]))
    animator.addBehavior(collision)
    animator.advance(to: 0)
    run(animator, a, to: 2)
    expect(abs(a.center.y - 390) < 1e-9)
    expect(a.center.x == 200)
    // Held by the floor, not falling: the animator pauses.
    expect(!animator.isRunning)
}

@Test func elasticityDecidesHowHighAnItemBounces() {
    // Falling 290 points onto the floor, an item bounces back e² of the height.
    let fall = 290.0
    // The first impact: after sqrt(2 × 290 / 1000) = 0.76 s; the top of the bounce 0.76 e s
    // later, the next impact as long again.
    for e in [1.0, 0.5] {
        let (animator, a) = drop(elasticity: CGFloat(e))
        let top = run(animator, a, to: 0.76 * (1 + 2 * e), highestAfter: 0.8)
        let rebound = 390 - Double(top)
        expect(abs(rebound - e * e * fall) < 0.01 * fall, "elasticity \(e): \(rebound) points")
    }
    let (animator, a) = drop(elasticity: 0)
    let top = run(animator, a, to: 1.4, highestAfter: 0.8)
    expect(390 - top < 0.01)
}

@Test func aContinuousPushOfMagnitudeOneAcceleratesAHundredPointSquareByAHundredPointsPerSecondSquared() {
    let square = box(.zero, 100, 100)
    let wide = box(CGPoint(x: 0, y: 500), 200, 100)
    let push = UIPushBehavior(items: [square, wide], mode: .continuous)
    push.magnitude = 1
    let properties = UIDynamicItemBehavior(items: [square, wide])
    let animator = UIDynamicAnimator()
    animator.addBehavior(push)
    animator.addBehavior(properties)
    animator.advance(to: 0)
    animator.advance(to: 1)
    expect(abs(properties.linearVelocity(for: square).x - 100) < 1e-9)
    expect(abs(square.center.x - 50) < 1e-6)
    // Twice the mass, half the acceleration.
    expect(abs(properties.linearVelocity(for: wide).x - 50) < 1e-9)
    expect(abs(properties.linearVelocity(for: square).y) < 1e-9)
    // Turned a quarter (y down): the push goes down.
    push.angle = .pi / 2
    animator.advance(to: 2)
    expect(abs(properties.linearVelocity(for: square).y - 100) < 1e-6)
    push.active = false
    animator.advance(to: 3)
    expect(abs(properties.linearVelocity(for: square).y - 100) < 1e-6)
}

@Test func anInstantaneousPushChangesTheVelocityOnce() {
    let square = box(.zero, 100, 100)
    let push = UIPushBehavior(items: [square], mode: .instantaneous)
    push.pushDirection = CGVector(dx: 0, dy: -2)
    expect(abs(push.magnitude - 2) < 1e-12)
    expect(abs(push.angle + .pi / 2) < 1e-12)
    let properties = UIDynamicItemBehavior(items: [square])
    let animator = UIDynamicAnimator()
    animator.addBehavior(properties)
    animator.advance(to: 0)
    animator.addBehavior(push)
    expect(!push.active)
    animator.advance(to: 1)
    expect(abs(properties.linearVelocity(for: square).y + 200) < 1e-9)
    expect(abs(square.center.y + 200) < 1e-6)
    // Active again: once more.
    push.active = true
    animator.advance(to: 2)
    expect(abs(properties.linearVelocity(for: square).y + 400) < 1e-9)
}

/// UIKit has one `UIOffset`: a push's offset from an item's centre is the type a bar appearance
/// shifts its title by, so a file importing UIKit (all of its modules, as this one does) names it
/// unqualified. Apple: the offset is zero until set.
@Test func aPushsOffsetFromTheCentreIsUIKitsOneUIOffset() {
    let square = box(.zero, 100, 100)
    let push = UIPushBehavior(items: [square], mode: .continuous)
    expect(push.targetOffsetFromCenter(for: square) == UIOffset.zero)
    let offset = UIOffset(horizontal: 10, vertical: -5)
    push.setTargetOffsetFromCenter(offset, for: square)
    let appearance = UINavigationBarAppearance()
    appearance.titlePositionAdjustment = push.targetOffsetFromCenter(for: square)
    expect(appearance.titlePositionAdjustment == offset)
    let attachment = UIAttachmentBehavior(item: square, offsetFromCenter: offset, attachedToAnchor: .zero)
    expect(attachment.attachedBehaviorType == .anchor)
}

/// Two items meeting head-on at `speeds`, of widths `widths` (masses in proportion).
private func headOn(elasticity: CGFloat, widths: (CGFloat, CGFloat), speeds: (CGFloat, CGFloat))
    -> (CGFloat, CGFloat)
{
    let a = box(CGPoint(x: 100, y: 0), widths.0, 50)
    let b = box(CGPoint(x: 300, y: 0), widths.1, 50)
    let properties = UIDynamicItemBehavior(items: [a, b])
    properties.elasticity = elasticity
    let animator = UIDynamicAnimator()
    animator.addBehavior(UICollisionBehavior(items: [a, b]))
    animator.addBehavior(properties)
    animator.advance(to: 0)
    properties.addLinearVelocity(CGPoint(x: speeds.0, y: 0), for: a)
    properties.addLinearVelocity(CGPoint(x: speeds.1, y: 0), for: b)
    animator.advance(to: 3)
    expect(a.center.x + widths.0 / 2 <= b.center.x - widths.1 / 2 + 1e-9)
    return (properties.linearVelocity(for: a).x, properties.linearVelocity(for: b).x)
}

@Test func twoEqualItemsMeetingHeadOnKeepTheirMomentum() {
    let elastic = headOn(elasticity: 1, widths: (50, 50), speeds: (100, -100))
    expect(abs(elastic.0 + 100) < 1e-9 && abs(elastic.1 - 100) < 1e-9)
    let plastic = headOn(elasticity: 0, widths: (50, 50), speeds: (100, -60))
    expect(abs(plastic.0 - 20) < 1e-9 && abs(plastic.1 - 20) < 1e-9)
    // Masses 1 and 2, half elastic: momentum kept, relative speed halved and reversed.
    let (va, vb) = headOn(elasticity: 0.5, widths: (50, 100), speeds: (120, -30))
    expect(abs(1 * va + 2 * vb - (120 - 60)) < 1e-9)
    expect(abs((vb - va) - 0.5 * 150) < 1e-9)
}

@Test func aStackOfItemsComesToRestOnTheFloor() {
    let a = box(CGPoint(x: 100, y: 300), 50, 50)
    let b = box(CGPoint(x: 110, y: 200), 50, 50)
    let c = box(CGPoint(x: 95, y: 100), 50, 50)
    let animator = UIDynamicAnimator()
    let collision = UICollisionBehavior(items: [a, b, c])
    collision.addBoundary(
        withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 400), to: CGPoint(x: 400, y: 400))
    let properties = UIDynamicItemBehavior(items: [a, b, c])
    properties.elasticity = 0.3
    animator.addBehavior(UIGravityBehavior(items: [a, b, c]))
    animator.addBehavior(collision)
    animator.addBehavior(properties)
    animator.advance(to: 0)
    animator.advance(to: 3)
    // Each on the one below, as far as a step's fall (1000 / 240² points) from touching.
    for (item, y) in [(a, 375.0), (b, 325), (c, 275)] { expect(abs(Double(item.center.y) - y) < 0.02) }
    expect(!animator.isRunning)
}
