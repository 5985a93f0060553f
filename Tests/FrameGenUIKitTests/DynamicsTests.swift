import Foundation
import FrameGenKit
import TestTiers
import Testing

import enum FrameGenLayout.LayoutRegistry

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

// UIKit Dynamics (docs/uikit.md "UIKit Dynamics"): an attachment with `frequency` and `damping`
// is a damped harmonic oscillator, x'' = −ω²(x − L) − 2ζω x', which has a closed form; the
// simulation steps on the clock's grid, so its state depends only on when things changed.

/// x(t) of x'' = −ω² x − 2ζω x' from x(0) = x0 at rest.
private func oscillator(x0: Double, frequency: Double, damping zeta: Double, at t: Double) -> Double {
    let w = 2 * Double.pi * frequency
    if zeta < 1 {
        let wd = w * (1 - zeta * zeta).squareRoot()
        return exp(-zeta * w * t) * (x0 * cos(wd * t) + zeta * w * x0 / wd * sin(wd * t))
    }
    if zeta == 1 { return (x0 + w * x0 * t) * exp(-w * t) }
    let r = w * (zeta * zeta - 1).squareRoot()
    let (r1, r2) = (-zeta * w + r, -zeta * w - r)
    return (-r2 * x0 * exp(r1 * t) + r1 * x0 * exp(r2 * t)) / (r1 - r2)
}

private func item(at center: CGPoint, size: CGFloat = 10) -> UICollectionViewLayoutAttributes {
    let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    a.size = CGSize(width: size, height: size)
    a.center = center
    return a
}

/// A thousandth of a point: far below a pixel at any scale a scene allows (at most 4x) and
/// below the precision of an attribute file's coordinates.
private let tolerance = 1e-3

@Test(arguments: [(1.5, 0.3), (1.0, 0.8), (2.0, 1.0), (1.0, 2.0), (4.0, 0.1)])
func anAttachmentToAnAnchorFollowsTheDampedOscillatorsClosedForm(frequency: Double, damping: Double) {
    let a = item(at: CGPoint(x: 100, y: -40))
    let spring = UIAttachmentBehavior(item: a, attachedToAnchor: .zero)
    spring.length = 0
    spring.frequency = CGFloat(frequency)
    spring.damping = CGFloat(damping)
    let animator = UIDynamicAnimator()
    animator.addBehavior(spring)
    animator.advance(to: 0)
    var worst = 0.0
    // Off the step grid on purpose (1/60 s frames would land on it).
    for t in stride(from: 0.013, through: 3, by: 0.0371) {
        animator.advance(to: t)
        guard animator.isRunning else { break }
        worst = max(
            worst,
            abs(Double(a.center.x) - oscillator(x0: 100, frequency: frequency, damping: damping, at: t)))
        worst = max(
            worst,
            abs(Double(a.center.y) - oscillator(x0: -40, frequency: frequency, damping: damping, at: t)))
    }
    expect(worst < tolerance, "\(worst) points from the closed form")
}

@Test func anAttachmentOfSomeLengthPullsAlongTheLineToThatLength() {
    // On the x axis the stretch x − L is the oscillator's coordinate.
    let a = item(at: CGPoint(x: 150, y: 0))
    let spring = UIAttachmentBehavior(item: a, attachedToAnchor: .zero)
    expect(spring.length == 150)
    spring.length = 60
    spring.frequency = 2
    spring.damping = 0.5
    let animator = UIDynamicAnimator()
    animator.addBehavior(spring)
    animator.advance(to: 0)
    for t in [0.1, 0.25, 0.6, 1.3] {
        animator.advance(to: t)
        expect(
            abs(Double(a.center.x) - 60 - oscillator(x0: 90, frequency: 2, damping: 0.5, at: t)) < tolerance)
        expect(a.center.y == 0)
    }
}

@Test func twoItemsOfEqualMassOscillateAboutTheirMiddle() {
    // Equal masses on a spring: each end moves as half the stretch, on the reduced mass, so
    // the stretch follows the oscillator and the middle stays.
    let a = item(at: CGPoint(x: -50, y: 0))
    let b = item(at: CGPoint(x: 50, y: 0))
    let spring = UIAttachmentBehavior(item: a, attachedTo: b)
    spring.length = 0
    spring.frequency = 1
    spring.damping = 0.2
    let animator = UIDynamicAnimator()
    animator.addBehavior(spring)
    animator.advance(to: 0)
    for t in [0.2, 0.45, 0.9] {
        animator.advance(to: t)
        expect(
            abs(Double(b.center.x - a.center.x) - oscillator(x0: 100, frequency: 1, damping: 0.2, at: t))
                < tolerance)
        expect(abs(a.center.x + b.center.x) < 1e-9)
    }
}

/// An animator with one spring, asked for its item's centre at `looks` before `t` (and changed
/// at `change`, if given, as code moving the item does).
private func centre(at t: Double, looks: [Double], change: Double? = nil) -> CGPoint {
    let a = item(at: CGPoint(x: 80, y: 30))
    let spring = UIAttachmentBehavior(item: a, attachedToAnchor: .zero)
    spring.length = 0
    spring.frequency = 1.2
    spring.damping = 0.4
    let animator = UIDynamicAnimator()
    animator.addBehavior(spring)
    animator.advance(to: 0)
    for look in (looks + [change].compactMap { $0 }).sorted() {
        animator.advance(to: look, commit: look == change)
        if look == change {
            a.center.y += 25
            animator.updateItem(usingCurrentState: a)
        }
    }
    animator.advance(to: t)
    return a.center
}

@Test func theStateDependsOnWhenThingsChangedNeverOnWhenItWasLookedAt() {
    let direct = centre(at: 1.1, looks: [])
    expect(centre(at: 1.1, looks: [0.0123, 0.5, 0.777]) == direct)
    expect(centre(at: 1.1, looks: (1..<66).map { Double($0) / 60 }) == direct)
    let changed = centre(at: 1.1, looks: [], change: 0.3333)
    expect(changed != direct)
    expect(centre(at: 1.1, looks: [0.01, 0.2, 0.5, 0.9], change: 0.3333) == changed)
}

@Test func theAnimatorPausesAtRestAndSaysWhenItWillBe() {
    final class Watcher: UIDynamicAnimatorDelegate {
        var events: [String] = []
        func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { events.append("resume") }
        func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { events.append("pause") }
    }
    let watcher = Watcher()
    let a = item(at: CGPoint(x: 50, y: 0))
    let spring = UIAttachmentBehavior(item: a, attachedToAnchor: .zero)
    spring.length = 0
    spring.frequency = 2
    spring.damping = 1
    let animator = UIDynamicAnimator()
    animator.delegate = watcher
    animator.addBehavior(spring)
    expect(animator.isRunning)
    animator.advance(to: 0)
    let rest = try! #require(animator.restTime())
    // Critically damped from 50 points: |x| < 0.1 and the pull under 4 pt/s² near 1.1 s.
    expect(rest > 0.8 && rest < 2)
    animator.advance(to: rest - DynamicsWorld.step)
    expect(animator.isRunning)
    animator.advance(to: rest)
    expect(!animator.isRunning)
    expect(abs(animator.elapsedTime - rest) < 1e-9)
    expect(abs(a.center.x) < 0.1)
    expect(watcher.events == ["resume", "pause"])
    expect(animator.restTime() == nil)
}

// MARK: In a scene

/// A springy column in the style of Apple's WWDC 2013 sample: an attachment per item to its
/// place, and a scroll moves each item by the delta scaled by its distance from the view's
/// centre, then lets the springs pull it home.
final class SpringyColumn: UICollectionViewFlowLayout {
    lazy var animator = UIDynamicAnimator(collectionViewLayout: self)

    override func prepare() {
        super.prepare()
        guard animator.behaviors.isEmpty, let view = collectionView else { return }
        let all = super.layoutAttributesForElements(in: CGRect(origin: .zero, size: view.contentSize)) ?? []
        for attributes in all {
            let spring = UIAttachmentBehavior(item: attributes, attachedToAnchor: attributes.center)
            spring.length = 0
            spring.damping = 0.5
            spring.frequency = 1.5
            animator.addBehavior(spring)
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        animator.items(in: rect) as? [UICollectionViewLayoutAttributes]
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        animator.layoutAttributesForCell(at: indexPath)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let view = collectionView else { return false }
        let delta = newBounds.minY - view.bounds.minY
        let touch = view.bounds.midY
        for case let spring as UIAttachmentBehavior in animator.behaviors {
            let item = spring.items[0]
            item.center.y += delta * min(1, abs(touch - spring.anchorPoint.y) / 500)
            animator.updateItem(usingCurrentState: item)
        }
        return false
    }
}

private func springyTimeline() throws -> Timeline {
    let text = """
        canvas: {width: 200, height: 400, scale: 1}
        fps: 30
        content: {items: 20}
        layout: {type: springy, itemSize: [180, 60]}
        timeline:
          - drag: {by: [0, -240], duration: 0.5}
        """
    let layouts = [UIKitLayout.descriptor(type: "springy") { _ in SpringyColumn() }]
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + layouts)
    return try Timeline(scene)
}

@Test func aSpringyLayoutsFramesFromSeveralThreadsInReverseEqualSerialOnes() throws {
    let timeline = try springyTimeline()
    let count = timeline.frameCount
    let serial = (0..<count).map { "\(timeline.frame($0))" }
    expect(framesDrawnInReverseOnSeveralThreads(timeline) == serial)
    // The springs run on after the drag ends: the scene lasts until they rest.
    let dragEnd = 0.5
    expect(timeline.duration > dragEnd + 0.3)
    expect(Set(serial).count == count)
}

/// A column that counts the bounds changes it hears in its items' zIndex; with `dynamics` it
/// makes a UIDynamicAnimator, as springy layouts do.
private final class CountingColumn: UICollectionViewFlowLayout {
    let dynamics: Bool
    var heard = 0
    lazy var animator = UIDynamicAnimator(collectionViewLayout: self)

    init(dynamics: Bool) {
        self.dynamics = dynamics
        super.init()
        itemSize = CGSize(width: 180, height: 60)
    }

    required init?(coder: NSCoder) { nil }

    override func prepare() {
        super.prepare()
        if dynamics { _ = animator }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        heard += 1
        return true
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)?.map {
            let a = $0.copy() as! UICollectionViewLayoutAttributes
            a.zIndex = heard
            return a
        }
    }
}

@Test(arguments: [true, false])
func aLayoutWithAnAnimatorHearsEveryScreenRefreshOfADrag(dynamics: Bool) throws {
    let text = """
        canvas: {width: 200, height: 400, scale: 1}
        fps: 10
        content: {items: 40}
        layout: {type: counting, itemSize: [180, 60]}
        timeline:
          - drag: {by: [0, -600], duration: 1, curve: linear}
        """
    let layouts = [UIKitLayout.descriptor(type: "counting") { _ in CountingColumn(dynamics: dynamics) }]
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + layouts)
    let timeline = try Timeline(scene)
    // At 0.5 s: the refreshes at 1/60 ... 29/60 s, and the frame's own, each a new offset.
    let heard = timeline.frame(5).views[0].elements[0].attributes.zIndex
    expect(heard == (dynamics ? 30 : 1))
}
