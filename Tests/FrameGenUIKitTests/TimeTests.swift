import Dispatch
import Foundation
import FrameGenKit
import TestTiers
import Testing

import enum FrameGenLayout.LayoutRegistry

@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitHost

// Timers and work sent to the main queue run on the scene's clock (docs/uikit.md "Time"): at
// the instants they would on a phone, in the order sent, the same every time.

/// Runs `body` on a clock that starts at `start`.
private func onClock(at start: Double, _ body: (LayerAnimator) -> Void) {
    let clock = LayerAnimator()
    clock.advance(to: start)
    LayerAnimator.$current.withValue(clock) { body(clock) }
}

/// Collects what fired, with the clock's time.
private final class Log {
    var entries: [String] = []
    func add(_ s: String) { entries.append("\(s) @\(CACurrentMediaTime())") }
}

@Test func aRepeatingTimerFiresEveryIntervalCountedFromWhenItWasDue() {
    let log = Log()
    onClock(at: 0.25) { clock in
        let timer = Timer.sceneScheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in log.add("tick") }
        expect(timer.isValid)
        expect(timer.timeInterval == 0.5)
        clock.advance(to: 0.7)
        expect(log.entries.isEmpty)
        clock.advance(to: 1.8)
        expect(log.entries == ["tick @0.75", "tick @1.25", "tick @1.75"])
        // A repeating timer lives as long as the app: it does not lengthen the scene.
        expect(clock.endTime == nil)
        timer.invalidate()
        clock.advance(to: 5)
        expect(log.entries.count == 3)
        expect(!timer.isValid)
    }
}

/// A timer on the scene's clock is released once it will not fire again and the clock is gone,
/// with its block and what the block holds (Foundation on Linux would keep it for good).
@Test func aTimerIsReleasedWithTheClock() {
    weak var released: Timer?
    weak var held: Log?
    do {
        let log = Log()
        held = log
        onClock(at: 0) { clock in
            let timer = Timer.sceneScheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in log.add("tick")
            }
            released = timer
            clock.advance(to: 1)
            expect(log.entries.count == 2)
        }
    }
    expect(released == nil)
    expect(held == nil)
}

@Test func aOneShotTimerFiresOnceAndIsThenInvalid() {
    let log = Log()
    onClock(at: 1) { clock in
        let timer = Timer.sceneScheduledTimer(withTimeInterval: 2, repeats: false) { _ in log.add("once") }
        // A one-shot timer's interval reads 0, as Foundation documents.
        expect(timer.timeInterval == 0)
        expect(clock.endTime == 3)
        clock.advance(to: 10)
        expect(log.entries == ["once @3.0"])
        expect(!timer.isValid)
        // A timer made with no interval fires 0.1 ms later, as Foundation documents.
        _ = Timer.sceneScheduledTimer(withTimeInterval: 0, repeats: false) { _ in log.add("soon") }
        clock.advance(to: 10.0002)
        expect(log.entries.last == "soon @10.0001")
    }
}

/// `Timer(timeInterval:target:selector:userInfo:repeats:)` and `RunLoop.main.add`: it fires
/// `interval` after it was added (not when made, not at once), sends the selector with itself
/// as the sender, and keeps its user info.
private final class Ticker: NSObject {
    var ticks: [String] = []
    @discardableResult func tick(_ timer: Timer) -> Int {
        ticks.append("\(timer.userInfo as? String ?? "-") @\(CACurrentMediaTime())")
        if ticks.count == 2 { timer.invalidate() }
        return ticks.count
    }
}

@Test func aTimerAddedToTheMainRunLoopSendsItsSelector() {
    let ticker = Ticker()
    onClock(at: 0) { clock in
        let timer = Timer.sceneTimer(
            timeInterval: 1, target: ticker, selector: Selector("tick:", Ticker.tick(_:)), userInfo: "banner",
            repeats: true)
        clock.advance(to: 2)
        expect(ticker.ticks.isEmpty)
        RunLoop.main.sceneAdd(timer, forMode: .common)
        RunLoop.main.sceneAdd(timer, forMode: .default)
        clock.advance(to: 10)
        // Added once, invalidated by its own second firing.
        expect(ticker.ticks == ["banner @3.0", "banner @4.0"])
    }
}

@Test func workSentToTheMainQueueRunsAfterTheCodeThatSentItInOrder() {
    let log = Log()
    onClock(at: 0.5) { clock in
        DispatchQueue.sceneMain.async { log.add("first") }
        DispatchQueue.sceneGlobal(qos: .userInitiated).async {
            log.add("background")
            DispatchQueue.sceneMain.async { log.add("back on main") }
        }
        DispatchQueue.sceneMain.asyncAfter(deadline: .now() + 0.25) { log.add("later") }
        DispatchQueue.sceneMain.asyncAfter(deadline: .now() + .milliseconds(100)) { log.add("sooner") }
        DispatchQueue.sceneMain.asyncAfter(wallDeadline: .now() + 1) { log.add("wall") }
        DispatchQueue.sceneMain.asyncAfter(deadline: .distantFuture) { log.add("never") }
        log.add("sender")
        expect(clock.endTime == 1.5)
        clock.settle()
        expect(log.entries == ["sender @0.5", "first @0.5", "background @0.5", "back on main @0.5"])
        clock.advance(to: 3)
        expect(Array(log.entries.dropFirst(4)) == ["sooner @0.6", "later @0.75", "wall @1.5"])
        // Work due after the scene's horizon (10 s) does not lengthen the scene.
        DispatchQueue.sceneMain.asyncAfter(deadline: .now() + 60) { log.add("an hour") }
        expect(clock.endTime == nil)
    }
}

@Test func aCancelledWorkItemDoesNotRunAndAGroupIsLeftWhenItsWorkRan() {
    let log = Log()
    onClock(at: 0) { clock in
        let cancelled = DispatchWorkItem { log.add("cancelled") }
        let kept = DispatchWorkItem { log.add("kept") }
        DispatchQueue.sceneMain.asyncAfter(deadline: .now() + 0.2, execute: cancelled)
        DispatchQueue.sceneMain.async(execute: kept)
        cancelled.cancel()
        let group = DispatchGroup()
        DispatchQueue.sceneMain.async(group: group) { log.add("grouped") }
        expect(group.wait(timeout: .now()) == .timedOut)
        clock.advance(to: 1)
        expect(log.entries == ["kept @0.0", "grouped @0.0"])
        expect(group.wait(timeout: .now()) == .success)
    }
}

/// Outside a scene (a unit test building a view) the work goes to the real queue.
@Test func outsideASceneWorkGoesToTheRealQueue() {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.sceneGlobal().asyncAfter(deadline: .now() + 0.01) { done.signal() }
    expect(done.wait(timeout: .now() + 10) == .success)
}

// MARK: In a scene

/// A strip whose cells move 10 pt to the right at each firing of a repeating timer the layout
/// starts when it is made, as an auto-playing banner turns its pages.
private final class TickingStrip: UICollectionViewLayout {
    var shift: CGFloat = 0
    var timer: Timer?

    override init() {
        super.init()
        timer = Timer.sceneScheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] _ in
            self?.shift += 10
            self?.invalidateLayout()
        }
    }

    required init?(coder: NSCoder) { nil }

    override var collectionViewContentSize: CGSize { collectionView!.bounds.size }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        a.frame = CGRect(x: shift, y: 0, width: 40, height: 40)
        return [a]
    }
}

@Test func aLayoutsRepeatingTimerMovesItsCellsAtTheScenesInstants() throws {
    let text = """
        canvas: {width: 200, height: 100, scale: 1}
        fps: 10
        content: {items: 1}
        layout: {type: ticking}
        timeline:
          - wait: 2.2
        """
    let layouts = [UIKitLayout.descriptor(type: "ticking") { _ in TickingStrip() }]
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + layouts)
    let timeline = try Timeline(scene)
    // The timer does not lengthen the scene.
    expect(abs(timeline.duration - 2.2) < 1e-12)
    func x(at t: Double) -> Double { timeline.frame(at: t).views[0].elements[0].attributes.frame.minX }
    // Fired at 0.5, 1.0, 1.5, 2.0: 10 pt each, at the instant due; frames asked in any order.
    for (t, expected) in [(2.1, 40.0), (0.4, 0), (0.5, 10), (1.2, 20), (1.9, 30), (0.9, 10)] {
        expect(x(at: t) == expected, "at \(t) s")
    }
}
