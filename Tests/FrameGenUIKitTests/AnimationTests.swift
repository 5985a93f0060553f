import Foundation
import FrameGenGeometry
import FrameGenKit
import TestTiers
import Testing

import struct FrameGenLayout.LayoutDescriptor
import enum FrameGenLayout.LayoutRegistry

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

// Core Animation's model of view animations (docs/uikit.md "Animations"): the model changes at
// once, the presentation moves from what was shown to the model over the duration and curve,
// from the instant of the event, and completions run at the instant their animations end.

/// The ease-in-ease-out family's progress at `x`, solved here by bisection on the Bézier's x(t)
/// (independent of Motion's solver).
func bezierProgress(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func b(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }
    var (lo, hi) = (0.0, 1.0)
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if b(mid, x1, x2) < x { lo = mid } else { hi = mid }
    }
    return b((lo + hi) / 2, y1, y2)
}

/// Runs `body` with an animator whose clock starts at `start`, over `view`'s tree.
private func withClock(_ view: UIView, at start: Double, _ body: (LayerAnimator) -> Void) {
    let animator = LayerAnimator()
    animator.roots = [view.layer]
    animator.advance(to: start)
    LayerAnimator.$current.withValue(animator) { body(animator) }
}

@Test func aViewAnimationMovesThePresentationNotTheModel() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    withClock(view, at: 2) { clock in
        UIView.animate(withDuration: 0.5, delay: 0.1, options: .curveEaseIn) {
            view.center = CGPoint(x: 250, y: 50)
            view.alpha = 0.5
        }
        expect(view.center == CGPoint(x: 250, y: 50))
        expect(CACurrentMediaTime() == 2)
        // The delay shows the old value (UIKit's animations fill backwards).
        clock.advance(to: 2.05)
        expect(clock.presentation(of: view.layer).position == CGPoint(x: 50, y: 50))
        clock.advance(to: 2.35)
        let p = bezierProgress(0.42, 0, 1, 1, at: 0.5)
        let shown = clock.presentation(of: view.layer)
        expect(abs(shown.position.x - (50 + 200 * p)) < 1e-9)
        expect(abs(shown.number(.opacity) - (1 - 0.5 * p)) < 1e-6)
        clock.advance(to: 2.6)
        expect(clock.presentation(of: view.layer).position == CGPoint(x: 250, y: 50))
        expect(clock.endTime == nil)
    }
}

@Test func aLaterAnimationOfAPropertyReplacesTheRunningOneFromWhereItIsShown() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    var log: [String] = []
    withClock(view, at: 0) { clock in
        UIView.animate(
            withDuration: 1, delay: 0, options: .curveLinear,
            animations: { view.center = CGPoint(x: 150, y: 50) },
            completion: { log.append("first \($0) at \(CACurrentMediaTime())") })
        UIView.animate(
            withDuration: 0.5, animations: { view.alpha = 0 },
            completion: { log.append("fade \($0) at \(CACurrentMediaTime())") })
        clock.advance(to: 0.25)
        expect(clock.presentation(of: view.layer).position.x == 75)
        UIView.animate(
            withDuration: 1, delay: 0, options: .curveLinear,
            animations: { view.center = CGPoint(x: 0, y: 50) },
            completion: { log.append("second \($0) at \(CACurrentMediaTime())") })
        clock.settle()
        expect(log == ["first false at 0.25"])
        clock.advance(to: 0.75)
        // From 75, where the first showed it, to 0: half way.
        expect(clock.presentation(of: view.layer).position.x == 37.5)
        clock.advance(to: 3)
    }
    expect(log == ["first false at 0.25", "fade true at 0.5", "second true at 1.25"])
}

@Test func nestedBlocksInheritTheDurationAndWithoutAnimationIsAtOnce() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let other = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    view.addSubview(other)
    withClock(view, at: 0) { clock in
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            UIView.animate(withDuration: 0.2) { view.center = CGPoint(x: 150, y: 50) }
            UIView.performWithoutAnimation { other.alpha = 0 }
        }
        clock.advance(to: 0.5)
        expect(clock.presentation(of: view.layer).position.x == 100)
        expect(clock.presentation(of: other.layer).number(.opacity) == 0)
    }
}

/// `setAnimationsEnabled(false)` is one switch for the process, as UIKit's, so the test turns it
/// in a process of its own: off, a block's changes show at once under a clock, its completion
/// follows with `true` when the event ends, and on again blocks animate.
@Test func animationsTurnedOffApplyAtOnceAndCompleteForTheWholeProcess() async {
    await #expect(processExitsWith: .success) {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var ok = UIView.areAnimationsEnabled
        UIView.setAnimationsEnabled(false)
        ok = ok && !UIView.areAnimationsEnabled
        withClock(view, at: 0) { clock in
            var finished: Bool?
            UIView.animate(
                withDuration: 1, animations: { view.center = CGPoint(x: 150, y: 50) },
                completion: { finished = $0 })
            clock.advance(to: 0.5)
            ok = ok && clock.presentation(of: view.layer).position.x == 150 && finished == true
            UIView.setAnimationsEnabled(true)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { view.center.x = 50 }
            clock.advance(to: 1)
            ok = ok && UIView.areAnimationsEnabled && clock.presentation(of: view.layer).position.x == 100
        }
        exit(ok ? 0 : 1)
    }
}

@Test func withoutAFramegenClockTheChangesApplyAtOnce() {
    let view = UIView(frame: .zero)
    var finished: Bool?
    UIView.animate(withDuration: 1, animations: { view.alpha = 0.25 }, completion: { finished = $0 })
    expect(view.alpha == 0.25)
    expect(finished == true)
}

// MARK: Animated layout changes

/// Items in a column, `spacing` apart; a tap animates the spacing to 40 as an app does.
private final class ColumnLayout: UICollectionViewLayout {
    var spacing: CGFloat = 10

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView!.bounds.width, height: 1000)
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let a = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        a.size = CGSize(width: 60, height: 40)
        a.center = CGPoint(x: 50, y: 20 + CGFloat(indexPath.item) * (40 + spacing))
        return a
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<collectionView!.numberOfItems(inSection: 0)).compactMap {
            layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
        }
    }
}

/// How the tap changes the spacing.
private enum SpacingChange: Sendable {
    /// `UIView.animate(0.4, .curveEaseIn) { invalidateLayout(); layoutIfNeeded() }`
    case animateAndLayOut
    /// `performBatchUpdates` alone: UIKit's default update animation.
    case batchUpdates
    /// `performBatchUpdates` inside `UIView.animate(0.4, .curveLinear)`.
    case batchUpdatesInABlock
}

private final class SpacingDelegate: NSObject, UICollectionViewDelegate {
    let change: SpacingChange
    init(_ change: SpacingChange) { self.change = change }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        let layout = collectionView.collectionViewLayout as! ColumnLayout
        switch change {
        case .animateAndLayOut:
            UIView.animate(withDuration: 0.4, delay: 0, options: .curveEaseIn) {
                layout.spacing = 40
                layout.invalidateLayout()
                collectionView.layoutIfNeeded()
            }
        case .batchUpdates:
            collectionView.performBatchUpdates { layout.spacing = 40 }
        case .batchUpdatesInABlock:
            layout.spacing = 40
            UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear) {
                collectionView.performBatchUpdates(nil)
            }
        }
    }
}

/// The timeline of a scene whose layout, `type`, the factory makes, with a delegate as a view
/// controller sets one; item 0 is tapped at `tap` seconds, and the scene waits `then` after it.
private func timeline(
    type: String, fps: Int, tap: Double, then: Double = 0,
    delegate: @escaping @Sendable () -> UICollectionViewDelegate,
    _ factory: @escaping @Sendable () -> UICollectionViewLayout
) throws -> Timeline {
    let text = """
        canvas: {width: 200, height: 300, scale: 1}
        fps: \(fps)
        content: {items: 4}
        layout: {type: \(type)}
        timeline:
          - wait: \(tap)
          - tap: {item: [0, 0]}
        """ + (then > 0 ? "\n  - wait: \(then)\n" : "\n")
    let layouts = [
        UIKitLayout.descriptor(type: type) { view in
            view.delegate = delegate()
            return factory()
        }
    ]
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + layouts)
    return try Timeline(scene)
}

/// The column scene with a tap at 0.1 s that changes the spacing.
private func columnTimeline(_ change: SpacingChange) throws -> Timeline {
    try timeline(type: "column", fps: 20, tap: 0.1, delegate: { SpacingDelegate(change) }) { ColumnLayout() }
}

/// Item 2's centre y in the scene's frames at `times`.
private func centres(_ change: SpacingChange, at times: [Double]) throws -> (duration: Double, y: [Double]) {
    let timeline = try columnTimeline(change)
    let y = times.map { t -> Double in
        let elements = timeline.frame(at: t).views[0].elements.map(\.attributes)
        return elements.first { $0.indexPath.item == 2 }!.center.y
    }
    return (timeline.duration, y)
}

@Test func aLayoutChangeInsideAnAnimationBlockMovesTheCellsOverItsCurve() throws {
    // Item 2 goes from y = 20 + 2 * 50 = 120 to 20 + 2 * 80 = 180 over 0.4 s, easing in.
    let (duration, y) = try centres(.animateAndLayOut, at: [0.05, 0.1, 0.3, 0.5, 0.6])
    expect(abs(duration - 0.5) < 1e-9)
    expect(y[0] == 120 && y[1] == 120)
    expect(abs(y[2] - (120 + 60 * bezierProgress(0.42, 0, 1, 1, at: 0.5))) < 1e-9)
    expect(y[3] == 180 && y[4] == 180)
}

@Test func batchUpdatesAnimateWithTheDefaultOrTheEnclosingBlocksTiming() throws {
    // Alone: 0.3 s, ease in and out, so half way at 0.15 s.
    let alone = try centres(.batchUpdates, at: [0.25, 0.4])
    expect(abs(alone.duration - 0.4) < 1e-9)
    expect(abs(alone.y[0] - 150) < 1e-9)
    expect(alone.y[1] == 180)
    // Inside a linear 0.4 s block: a quarter of the way at 0.1 s.
    let inBlock = try centres(.batchUpdatesInABlock, at: [0.2, 0.5])
    expect(abs(inBlock.y[0] - 135) < 1e-9)
    expect(inBlock.y[1] == 180)
}

@Test func animatedFramesFromSeveralThreadsEqualSerialOnes() throws {
    let timeline = try columnTimeline(.animateAndLayOut)
    let count = timeline.frameCount
    let serial = (0..<count).map { "\(timeline.frame($0))" }
    expect(count == 11)
    expect(framesDrawnInReverseOnSeveralThreads(timeline) == serial)
    expect(Set(serial).count > 5)
}

// MARK: Display links

/// Items in a column that slide 100 points right over a second from a tap, driven by a display
/// link as an app drives a layout animation of its own.
private final class SlidingLayout: UICollectionViewLayout {
    private var offset: CGFloat = 0
    private var start: CFTimeInterval = 0
    /// The mode the link is taken out of right after it is added, if any.
    var removedFrom: RunLoop.Mode?

    func slide() {
        start = CACurrentMediaTime()
        let link = CADisplayLink { [unowned self] link in
            self.offset = 100 * min(1, (link.timestamp - self.start) / 1)
            self.invalidateLayout()
            if self.offset >= 100 { link.invalidate() }
        }
        link.add(to: .main, forMode: .common)
        if let removedFrom { link.remove(from: .main, forMode: removedFrom) }
    }

    override var collectionViewContentSize: CGSize { collectionView!.bounds.size }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<collectionView!.numberOfItems(inSection: 0)).map { item in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(x: offset, y: CGFloat(item) * 50, width: 40, height: 40)
            return a
        }
    }
}

@Test func aDisplayLinkFiresAtEachInstantOnTheScenesClock() throws {
    let timeline = try timeline(type: "sliding", fps: 10, tap: 0.2, then: 1.3, delegate: { SlideOnTap() }) {
        SlidingLayout()
    }
    func x(_ frame: Int) -> Double { timeline.frame(frame).views[0].elements[0].attributes.frame.minX }
    expect(x(2) == 0)
    expect(abs(x(5) - 30) < 1e-9)
    expect(abs(x(9) - 70) < 1e-9)
    expect(x(14) == 100)
    // Out of order, as parallel workers ask: the same.
    expect(abs(x(9) - 70) < 1e-9 && abs(x(5) - 30) < 1e-9)
}

/// A link taken out of the mode it was added for fires no more, as on iOS when no mode is left;
/// taken out of another mode, it goes on.
@Test func aDisplayLinkRemovedFromItsModeStops() throws {
    func positions(removedFrom mode: RunLoop.Mode) throws -> [Double] {
        let timeline = try timeline(
            type: "sliding-removed-\(mode.rawValue)", fps: 10, tap: 0.2, then: 1.3, delegate: { SlideOnTap() }
        ) {
            let layout = SlidingLayout()
            layout.removedFrom = mode
            return layout
        }
        return [5, 9, 14].map { timeline.frame($0).views[0].elements[0].attributes.frame.minX }
    }
    try expect(positions(removedFrom: .common) == [0, 0, 0])
    let goesOn = try positions(removedFrom: .default)
    expect(abs(goesOn[0] - 30) < 1e-9 && abs(goesOn[1] - 70) < 1e-9 && goesOn[2] == 100)
}

/// A tap lasts until the display link it started stops, to the instant: the link stops at
/// the first firing 1 s after the tap, which framegen finds by firing it between frames
/// (docs/uikit.md "Animations").
@Test func aDisplayLinksAnimationLengthensTheTapAndTheScene() throws {
    let timeline = try timeline(type: "sliding", fps: 10, tap: 0.2, delegate: { SlideOnTap() }) {
        SlidingLayout()
    }
    expect(timeline.duration == 0.2 + 1.0)
    expect(timeline.frameCount == 13)
    expect(timeline.frame(12).views[0].elements[0].attributes.frame.minX == 100)
}

private final class SlideOnTap: NSObject, UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        (collectionView.collectionViewLayout as! SlidingLayout).slide()
    }
}

@Test func completionsThatAnimateForeverDoNotHang() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    var runs = 0
    func again(_ finished: Bool) {
        runs += 1
        UIView.animate(withDuration: 0, animations: { view.alpha = 1 - view.alpha }, completion: again)
    }
    withClock(view, at: 0) { clock in
        UIView.animate(withDuration: 0.1, animations: { view.alpha = 0 }, completion: again)
        clock.advance(to: 1)
        expect(runs == LayerAnimator.completionLimit)
        clock.advance(to: 2)
        expect(runs == 2 * LayerAnimator.completionLimit)
    }
}

/// A property animator plays its blocks as `UIView.animate` does, on the scene's clock, over
/// its duration with its curve, and completes at the end with `.end`; one stopped without
/// finishing never completes; a paused one keeps its fraction and its views' state; the
/// running form starts at once with its delay.
@Test func aPropertyAnimatorPlaysItsBlocksOnTheScenesClock() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    withClock(view, at: 1) { clock in
        var ends: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
        animator.addCompletion { ends.append($0) }
        expect(animator.state == .inactive && !animator.isRunning)
        expect(view.alpha == 1)
        animator.startAnimation()
        expect(animator.state == .active && animator.isRunning)
        expect(view.alpha == 0)
        clock.advance(to: 1.25)
        expect(abs(clock.presentation(of: view.layer).number(.opacity) - 0.75) < 1e-6)
        expect(ends.isEmpty)
        clock.advance(to: 2.01)
        expect(ends == [.end])
        expect(animator.state == .inactive && animator.fractionComplete == 1)

        let stopped = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.8) { view.alpha = 1 }
        stopped.addCompletion { ends.append($0) }
        stopped.startAnimation()
        stopped.stopAnimation(true)
        expect(stopped.state == .inactive)
        clock.advance(to: 3.5)
        expect(ends == [.end])

        let paused = UIViewPropertyAnimator(duration: 1, curve: .easeIn) {
            view.center = CGPoint(x: 200, y: 50)
        }
        paused.pauseAnimation()
        paused.fractionComplete = 0.4
        expect(paused.state == .active && !paused.isRunning && paused.fractionComplete == 0.4)
        expect(view.center == CGPoint(x: 50, y: 50))
        paused.stopAnimation(false)
        expect(paused.state == .stopped)
        paused.finishAnimation(at: .current)
        expect(paused.state == .inactive)

        let running = UIViewPropertyAnimator.runningPropertyAnimator(
            withDuration: 0.5, delay: 0.5, options: .curveLinear, animations: { view.alpha = 0.5 }
        ) { ends.append($0) }
        expect(running.isRunning && running.delay == 0.5)
        clock.advance(to: 3.75)  // in the delay: the old value
        expect(abs(clock.presentation(of: view.layer).number(.opacity) - 1) < 1e-6)
        clock.advance(to: 4.25)
        expect(abs(clock.presentation(of: view.layer).number(.opacity) - 0.75) < 1e-6)
        expect(ends == [.end])
        clock.advance(to: 4.51)
        expect(ends == [.end, .end])
    }
}

/// Work the clock runs after an animation's completion in the same advance (a gesture's next
/// event, a timer) may animate the property that animation moved: the finished animation is
/// still among the running ones until the advance ends, and replacing it must not reach its
/// group, which the completion took out of the clock's hands (this trapped: the animation
/// held its group unowned).
@Test func workAfterACompletionInOneAdvanceAnimatesThePropertyAgain() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    withClock(view, at: 1) { clock in
        UIView.animate(withDuration: 0.2, animations: { view.alpha = 0.5 }, completion: { _ in })
        clock.schedule(at: 1.3) {
            UIView.animate(withDuration: 0.4) { view.alpha = 1 }
        }
        clock.advance(to: 1.5)
        // Halfway through the second animation, from 0.5 to 1 along ease-in-ease-out's middle.
        expect(abs(clock.presentation(of: view.layer).number(.opacity) - 0.75) < 1e-6)
        clock.advance(to: 1.7)
        expect(clock.presentation(of: view.layer).number(.opacity) == 1)
    }
}

/// Three items of the data at a time, from `first`, 50 points apart.
private final class WindowLayout: UICollectionViewLayout {
    var first = 0

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView!.bounds.width, height: 300)
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let a = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        a.size = CGSize(width: 60, height: 40)
        a.center = CGPoint(x: 50, y: 20 + CGFloat(indexPath.item - first) * 50)
        return a
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (first..<min(first + 3, collectionView!.numberOfItems(inSection: 0))).compactMap {
            layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
        }
    }
}

private final class AdvanceWindow: NSObject, UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        let layout = collectionView.collectionViewLayout as! WindowLayout
        UIView.animate(withDuration: 0.4) {
            layout.first = 1
            layout.invalidateLayout()
            collectionView.layoutIfNeeded()
        }
    }
}

/// Inside an animation block, a cell that joins the views shown (here the cell item 0 left,
/// reused for item 3) is placed where its item is at once, as UIKit places a cell it dequeues;
/// the cells that stay move over the animation.
@Test func aCellReusedInsideAnAnimationBlockDoesNotFlyInFromItsLastItem() throws {
    let timeline = try timeline(type: "window", fps: 20, tap: 0.1, then: 0.5, delegate: { AdvanceWindow() }) {
        WindowLayout()
    }
    let elements = timeline.frame(at: 0.3).views[0].elements.map(\.attributes)
    func y(_ item: Int) -> Double? { elements.first { $0.indexPath.item == item }?.center.y }
    expect(y(3) == 120)
    // Item 1 goes from 70 to 20 over 0.4 s, half way at 0.3 s.
    expect(abs(y(1)! - 45) < 1e-9)
}

/// A spring of mass, stiffness and damping moves in real time and ends when it settles,
/// whatever duration the animator was given (as iOS runs it); its damping ratio is
/// damping / (2 sqrt(stiffness * mass)). Mass 1, stiffness 100, damping 20 is critically
/// damped: x(t) = 1 - (1 + 10t) e^(-10t) of the way at t.
@Test func aSpringOfCoefficientsSetsTheAnimatorsLength() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    withClock(view, at: 1) { clock in
        var ended: Double?
        let spring = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: .zero)
        expect(spring.dampingRatio == 1)
        let animator = UIViewPropertyAnimator(duration: 0, timingParameters: spring)
        animator.addAnimations { view.center = CGPoint(x: 150, y: 50) }
        animator.addCompletion { _ in ended = CACurrentMediaTime() }
        animator.startAnimation()
        expect(animator.duration == 0)
        clock.advance(to: 1.2)
        let x = 1 - (1 + 10 * 0.2) * exp(-10 * 0.2)
        // Within the thousandth the spring has left at its end, which framegen's curve takes
        // away smoothly so that it ends at the target.
        expect(abs(clock.presentation(of: view.layer).position.x - (50 + 100 * x)) < 0.1)
        clock.advance(to: 3)
        // Settled once the rest is under a thousandth of the way: (1 + 10t) e^(-10t) = 0.001.
        expect(ended.map { $0 > 1.9 && $0 < 2.0 } == true)
    }
}
