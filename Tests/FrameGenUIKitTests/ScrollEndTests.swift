import Foundation
import FrameGenKit
import Synchronization
import TestTiers
import Testing

import enum FrameGenLayout.LayoutRegistry

@testable import FrameGenUIKit
@testable import FrameGenUIKitHost

// What UIKit tells a program as scrolls end, and when its timers run around them
// (docs/uikit.md "The contract" step 5 and "Time"): an animated scroll's end reaches the delegate,
// an offset the delegate sets as a motion ends is taken there, and a timer of the default run
// loop mode waits while the user drags.

/// What the program saw, by the scene's instant.
private final class Journal: Sendable {
    let entries = Mutex<[(time: Double, what: String, x: Double)]>([])
    func add(_ what: String, _ view: UIScrollView?) {
        let t = LayerAnimator.current?.now ?? -1
        entries.withLock { $0.append((t, what, Double(view?.bounds.minX ?? -1))) }
    }
}

/// Pages 100 pt wide, one item each, in a view 100 pt wide.
private final class Pages: UICollectionViewLayout, @unchecked Sendable {
    let journal: Journal
    private var delegate: Delegate?
    private var timer: Timer?
    private var link: CADisplayLink?

    /// `wrapAt`: as a deceleration or an animated scroll ends past it, the delegate moves the
    /// view back by `wrapAt` (an endless banner's return to its middle copy). `timer`: fires every
    /// 0.5 s in that run loop mode, and logs. `link`: a display link in that mode, which logs.
    init(
        _ journal: Journal, wrapAt: Double? = nil, timer mode: RunLoop.Mode? = nil,
        link linkMode: RunLoop.Mode? = nil
    ) {
        self.journal = journal
        super.init()
        delegate = Delegate(journal, wrapAt: wrapAt)
        if let mode {
            let timer = Timer.sceneTimer(timeInterval: 0.5, repeats: true) { [weak self] _ in
                self?.journal.add("timer", self?.collectionView)
            }
            RunLoop.main.sceneAdd(timer, forMode: mode)
            self.timer = timer
        }
        if let linkMode {
            let link = CADisplayLink { [weak self] _ in self?.journal.add("link", self?.collectionView) }
            link.add(to: .main, forMode: linkMode)
            self.link = link
        }
    }

    required init?(coder: NSCoder) { nil }

    func install(on view: UICollectionView) { view.delegate = delegate }

    final class Delegate: NSObject, UICollectionViewDelegate {
        let journal: Journal
        let wrapAt: Double?
        init(_ journal: Journal, wrapAt: Double?) {
            self.journal = journal
            self.wrapAt = wrapAt
        }
        private func wrap(_ view: UIScrollView) {
            guard let wrapAt, Double(view.contentOffset.x) >= wrapAt else { return }
            view.setContentOffset(CGPoint(x: view.contentOffset.x - CGFloat(wrapAt), y: 0), animated: false)
        }
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
            journal.add("willBeginDragging", scrollView)
        }
        func scrollViewWillEndDragging(
            _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
            targetContentOffset: UnsafeMutablePointer<CGPoint>
        ) {
            journal.add("willEndDragging", scrollView)
        }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
            journal.add("didEndDecelerating", scrollView)
            wrap(scrollView)
        }
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
            journal.add("didEndScrollingAnimation", scrollView)
            wrap(scrollView)
        }
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: CGFloat(collectionView!.numberOfItems(inSection: 0)) * 100, height: 100)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<collectionView!.numberOfItems(inSection: 0)).map { item in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(x: CGFloat(item) * 100, y: 0, width: 100, height: 100)
            return a
        }
    }

    override func targetContentOffset(
        forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        CGPoint(x: (proposed.x / 100).rounded() * 100, y: 0)
    }
}

private func timeline(_ actions: [String], _ make: @escaping @Sendable () -> Pages) throws -> Timeline {
    let text = """
        canvas: {width: 100, height: 100, scale: 1}
        fps: 20
        content: {items: 20}
        layout: {type: pages}
        timeline:
        \(actions.map { "  - " + $0 }.joined(separator: "\n"))
        """
    let factory: UIKitLayout.Factory = { view in
        let pages = make()
        pages.install(on: view)
        return pages
    }
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".",
        layouts: LayoutRegistry.builtIn + [UIKitLayout.descriptor(type: "pages", factory: factory)])
    return try Timeline(scene)
}

/// The entries the objects that drew the scene's last frame received (fresh objects replay the
/// whole history there).
private func lastFrame(_ timeline: Timeline, _ journal: Journal) -> [(time: Double, what: String, x: Double)]
{
    journal.entries.withLock { $0 = [] }
    _ = timeline.frame(timeline.frameCount - 1)
    return journal.entries.withLock { $0 }
}

@Test func theDelegateHearsAnAnimatedScrollEndWithTheViewAtItsEnd() throws {
    let journal = Journal()
    let t = try timeline(["wait: 0.2", "scroll: {to: [300, 0], duration: 0.4}", "wait: 0.3"]) {
        Pages(journal)
    }
    let ends = lastFrame(t, journal).filter { $0.what == "didEndScrollingAnimation" }
    expect(ends.count == 1)
    expect(ends.first.map { abs($0.time - 0.6) < 1e-9 && $0.x == 300 } == true)
}

@Test func aDragOrFlingEndsWithoutAnimatedScrollEnd() throws {
    let journal = Journal()
    let t = try timeline(["drag: {by: [-150, 0], duration: 0.3}", "fling: {velocity: [800, 0]}"]) {
        Pages(journal)
    }
    let entries = lastFrame(t, journal)
    expect(entries.filter { $0.what == "didEndDecelerating" }.count == 2)
    expect(!entries.contains { $0.what == "didEndScrollingAnimation" })
}

@Test func aFlingMovesTheContentBeforeTheFingerLifts() throws {
    // On iOS a deceleration follows only a pan that moved the content, so the program hears the
    // drag begin at one offset and end at another: the scene's fling is a flick of one refresh
    // (1/60 s) at its velocity, 600 pt/s x 1/60 s = 10 pt (docs/scene.md, `fling`).
    let journal = Journal()
    let t = try timeline(["wait: 0.1", "fling: {velocity: [600, 0]}"]) { Pages(journal) }
    let entries = lastFrame(t, journal)
    let begin = try #require(entries.first { $0.what == "willBeginDragging" })
    let end = try #require(entries.first { $0.what == "willEndDragging" })
    expect(begin.x == 0 && abs(begin.time - 0.1) < 1e-9)
    expect(end.x == 10 && abs(end.time - (0.1 + 1.0 / 60)) < 1e-9)
}

@Test func anOffsetTheDelegateSetsAsADecelerationEndsIsTakenThere() throws {
    // An endless banner: resting at 1000 or beyond, it moves back by 1000 at once. The fling
    // lifts at 904 and would rest at 1024, the page 1000.
    let journal = Journal()
    let t = try timeline([
        "scroll: {to: [900, 0], duration: 0.2}", "fling: {velocity: [240, 0]}", "wait: 0.5",
    ]) {
        Pages(journal, wrapAt: 1000)
    }
    let rest = lastFrame(t, journal).last { $0.what == "didEndDecelerating" }
    expect(rest?.x == 1000)
    // From the rest on, the view is where the delegate put it, in the frames and in the objects.
    let end = t.frame(t.frameCount - 1).views[0].bounds.minX
    expect(end == 0)
    let restFrame = Int((rest!.time * 20).rounded(.up))
    expect(t.frame(restFrame).views[0].bounds.minX == 0)
}

@Test func aDefaultModeTimerWaitsWhileTheViewIsDraggedAndFiresOnceItStops() throws {
    let journal = Journal()
    // Due at 0.5, 1.0, 1.5...: the drag holds the view from 0.4 until it rests.
    let t = try timeline(["wait: 0.4", "drag: {by: [-150, 0], duration: 0.5}", "wait: 1.2"]) {
        Pages(journal, timer: .default)
    }
    let entries = lastFrame(t, journal)
    let rest = try #require(entries.first { $0.what == "didEndDecelerating" }).time
    expect(rest > 1.0)
    let firings = entries.filter { $0.what == "timer" }.map(\.time)
    // None while tracking; one as the view stops, however many it missed; then on its own grid.
    expect(!firings.contains { $0 > 0.4 && $0 < rest })
    expect(firings.filter { abs($0 - rest) < 1e-9 }.count == 1)
    let next = try #require(firings.first { $0 > rest })
    expect(abs(next - ((rest / 0.5).rounded(.down) + 1) * 0.5) < 1e-9)
}

@Test func aTrackingModeTimerFiresOnlyWhileTheViewIsDragged() throws {
    let journal = Journal()
    // Due at 0.5, 1.0...: the run loop tracks from 0.4 (the drag's start) until the view rests.
    let t = try timeline(["wait: 0.4", "drag: {by: [-150, 0], duration: 0.5}", "wait: 1.2"]) {
        Pages(journal, timer: .tracking)
    }
    let entries = lastFrame(t, journal)
    let rest = try #require(entries.first { $0.what == "didEndDecelerating" }).time
    let firings = entries.filter { $0.what == "timer" }.map(\.time)
    // On its grid while tracking; none before the drag nor after the view rests.
    expect(firings.contains { abs($0 - 0.5) < 1e-9 })
    expect(firings.allSatisfy { $0 >= 0.4 && $0 <= rest })
}

@Test func aCommonModeTimerFiresWhileTheViewIsDragged() throws {
    let journal = Journal()
    let t = try timeline(["wait: 0.4", "drag: {by: [-150, 0], duration: 0.5}", "wait: 0.5"]) {
        Pages(journal, timer: .common)
    }
    let firings = lastFrame(t, journal).filter { $0.what == "timer" }.map(\.time)
    expect(firings.contains { abs($0 - 0.5) < 1e-9 })
}

@Test(arguments: [RunLoop.Mode.default, .common, .tracking])
func aDisplayLinkFiresInTheRunLoopModesItWasAddedFor(mode: RunLoop.Mode) throws {
    let journal = Journal()
    let t = try timeline(["wait: 0.4", "drag: {by: [-150, 0], duration: 0.5}", "wait: 1.2"]) {
        Pages(journal, link: mode)
    }
    let entries = lastFrame(t, journal)
    let rest = try #require(entries.first { $0.what == "didEndDecelerating" }).time
    let firings = entries.filter { $0.what == "link" }.map(\.time)
    let idle = firings.filter { $0 < 0.4 || $0 > rest }
    let tracking = firings.filter { $0 > 0.4 && $0 < rest }
    switch mode {
    case .default: expect(!idle.isEmpty && tracking.isEmpty)
    case .tracking: expect(idle.isEmpty && !tracking.isEmpty)
    default: expect(!idle.isEmpty && !tracking.isEmpty)
    }
}
