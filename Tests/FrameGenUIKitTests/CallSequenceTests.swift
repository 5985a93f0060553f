import Foundation
import FrameGenKit
import Synchronization
import TestTiers
import Testing

import struct FrameGenGeometry.Rect
import struct FrameGenLayout.LayoutAttributes
import enum FrameGenLayout.LayoutRegistry

@testable import FrameGenUIKit
@testable import FrameGenUIKitHost

// UIKit's call sequence, property-tested: random timelines (waits, drags, flings, scrolls, taps,
// inserts, deletes, an auto-play timer) drive a banner layout and its delegate that record every
// call they receive. At every frame, the calls the objects that drew it had received must follow
// UIKit's documented order (docs/uikit.md "The contract"), be a prefix of what a later frame's
// objects received (a frame's history is the beginning of every later one's), and be the same
// for objects that lived through the frames before it in order (a collection view subclass of
// the program's keeps its objects, as one UIKit object lives through a scene) as for fresh ones
// that replayed the history.

/// Every call a layout receives, with the collection view's bounds x when it came.
private enum Call: Equatable, CustomStringConvertible {
    case invalidate(everything: Bool, counts: Bool)
    case prepare(x: Double, items: Int)
    case contentSize
    case elements
    case item(Int)
    case shouldInvalidate(oldX: Double, newX: Double)
    case target(x: Double, proposed: Double, velocity: Double)
    case updates([String])
    case initial(Int)
    case final(Int)
    case finalize
    /// A `UIScrollViewDelegate` call, by its name, with the bounds x.
    case delegate(String, x: Double)

    var description: String {
        switch self {
        case .invalidate(let e, let c): "invalidate(everything: \(e), counts: \(c))"
        case .prepare(let x, let n): "prepare(x: \(x), items: \(n))"
        case .contentSize: "contentSize"
        case .elements: "elements"
        case .item(let i): "item(\(i))"
        case .shouldInvalidate(let o, let n): "shouldInvalidate(\(o) -> \(n))"
        case .target(let x, let p, let v): "target(x: \(x), proposed: \(p), velocity: \(v))"
        case .updates(let u): "updates(\(u))"
        case .initial(let i): "initial(\(i))"
        case .final(let i): "final(\(i))"
        case .finalize: "finalize"
        case .delegate(let name, let x): "\(name)(x: \(x))"
        }
    }
}

/// Which of the objects one scene's factory made last answered `layoutAttributesForElements(in:)`.
private final class CallRecorder: Sendable {
    let answered = Mutex<RecordingBanner?>(nil)
}

/// A banner as apps write them: pages 200 pt wide, an endless start (it moves the view five pages
/// in at its first `prepare()`), and its page kept in `targetContentOffset` (one page a release
/// whatever the distance, two for a fast one), which the item on that page shows at full alpha.
private final class RecordingBanner: UICollectionViewLayout, @unchecked Sendable {
    let recorder: CallRecorder
    private(set) var calls: [Call] = []
    var page = 0
    /// The page the delegate last saw the view rest on.
    var restingPage = -1
    private var started = false

    /// The collection view's delegate, which the view holds weakly.
    private var delegate: Delegate?
    /// Auto-play: every `interval` seconds, the next page, animated.
    private var timer: Timer?

    /// Whether a bounds change invalidates the layout.
    let invalidatesOnScroll: Bool

    init(_ recorder: CallRecorder, autoPlay interval: Double?, invalidatesOnScroll: Bool) {
        self.recorder = recorder
        self.invalidatesOnScroll = invalidatesOnScroll
        super.init()
        delegate = Delegate(self)
        if let interval {
            timer = Timer.sceneScheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in
                guard let self, let view = self.collectionView else { return }
                view.setContentOffset(CGPoint(x: view.contentOffset.x + 200, y: 0), animated: true)
            }
        }
    }

    func install(on view: UICollectionView) { view.delegate = delegate }

    final class Delegate: NSObject, UICollectionViewDelegate {
        unowned let banner: RecordingBanner
        init(_ banner: RecordingBanner) { self.banner = banner }
        private func log(_ name: String, _ view: UIScrollView) {
            banner.log(.delegate(name, x: Double(view.bounds.minX)))
        }
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { log("willBeginDragging", scrollView) }
        func scrollViewWillEndDragging(
            _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
            targetContentOffset: UnsafeMutablePointer<CGPoint>
        ) { log("willEndDragging", scrollView) }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            log("didEndDragging(\(decelerate))", scrollView)
        }
        func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {
            log("willBeginDecelerating", scrollView)
        }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
            log("didEndDecelerating", scrollView)
            banner.restingPage = Int((scrollView.contentOffset.x / 200).rounded())
        }
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
            log("didEndScrollingAnimation", scrollView)
            banner.restingPage = Int((scrollView.contentOffset.x / 200).rounded())
        }
        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            log("didSelect(\(indexPath.item))", collectionView)
            collectionView.scrollToItem(at: indexPath, at: .left, animated: true)
        }
    }

    required init?(coder: NSCoder) { nil }

    fileprivate func log(_ call: Call) {
        calls.append(call)
    }

    private var x: Double { Double(collectionView!.bounds.minX) }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        log(.invalidate(everything: context.invalidateEverything, counts: context.invalidateDataSourceCounts))
        super.invalidateLayout(with: context)
    }

    override func prepare() {
        log(.prepare(x: x, items: collectionView!.numberOfItems(inSection: 0)))
        if !started {
            started = true
            page = 5
            collectionView!.contentOffset = CGPoint(x: 1000, y: 0)
        }
    }

    override var collectionViewContentSize: CGSize {
        log(.contentSize)
        return CGSize(width: CGFloat(collectionView!.numberOfItems(inSection: 0)) * 200, height: 100)
    }

    private func attributes(_ item: Int) -> UICollectionViewLayoutAttributes {
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
        a.frame = CGRect(x: CGFloat(item) * 200, y: 0, width: 200, height: 100)
        a.alpha = item == page ? 1 : 0.5
        a.zIndex = item == restingPage ? 1 : 0
        return a
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        log(.elements)
        recorder.answered.withLock { $0 = self }
        return (0..<collectionView!.numberOfItems(inSection: 0)).map(attributes)
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        log(.item(indexPath.item))
        return attributes(indexPath.item)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        log(.shouldInvalidate(oldX: x, newX: Double(newBounds.minX)))
        return invalidatesOnScroll
    }

    override func targetContentOffset(
        forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        log(.target(x: x, proposed: Double(proposed.x), velocity: Double(velocity.x)))
        let step = abs(velocity.x) >= 3 ? 2 : 1
        if proposed.x > x { page += step } else if proposed.x < x { page -= step }
        page = max(0, min(page, collectionView!.numberOfItems(inSection: 0) - 1))
        return CGPoint(x: CGFloat(page) * 200, y: 0)
    }

    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        log(.updates(updateItems.map { "\($0.updateAction)" }))
        super.prepare(forCollectionViewUpdates: updateItems)
    }

    override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        log(.initial(itemIndexPath.item))
        return nil
    }

    override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        log(.final(itemIndexPath.item))
        return nil
    }

    override func finalizeCollectionViewUpdates() { log(.finalize) }
}

/// A collection view subclass of the program's: framegen keeps its objects from frame to frame
/// when drawn in order (docs/uikit.md "Your own collection view"), as UIKit keeps one.
private final class KeptView: UICollectionView {}

/// SplitMix64: the same timelines on every machine.
private struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A random timeline of the banner's, and its layout's settings.
private struct Case: CustomStringConvertible {
    var actions: [String]
    var autoPlay: Double?
    var invalidatesOnScroll: Bool

    init(seed: UInt64) {
        var g = Seeded(state: seed)
        autoPlay = Bool.random(using: &g) ? Double(Int.random(in: 6...20, using: &g)) / 10 : nil
        invalidatesOnScroll = Bool.random(using: &g)
        var items = 12
        actions = (0..<Int.random(in: 3...7, using: &g)).map { _ in
            let sign = Bool.random(using: &g) ? 1 : -1
            switch Int.random(in: 0..<7, using: &g) {
            case 0: return "wait: \(Double(Int.random(in: 1...15, using: &g)) / 10)"
            case 1:
                let curve = ["linear", "easeOut", "easeInEaseOut"].randomElement(using: &g)!
                return
                    "drag: {by: [\(sign * Int.random(in: 40...300, using: &g)), 0], duration: \(Double(Int.random(in: 2...5, using: &g)) / 10), curve: \(curve)}"
            case 2: return "fling: {velocity: [\(sign * Int.random(in: 300...4000, using: &g)), 0]}"
            case 3: return "scroll: {to: [\(Int.random(in: 0...10, using: &g) * 200), 0]}"
            case 4: return "tap: {item: [0, \(Int.random(in: 0..<items, using: &g))]}"
            case 5:
                items += 1
                return "insert: {items: [[0, \(Int.random(in: 0..<items, using: &g))]]}"
            default:
                items -= 1
                return "delete: {items: [[0, \(Int.random(in: 0...items, using: &g))]]}"
            }
        }
    }

    var description: String {
        "autoPlay \(autoPlay.map { "\($0) s" } ?? "off"), invalidates on scroll: \(invalidatesOnScroll), timeline: \(actions)"
    }

    func timeline(_ recorder: CallRecorder, kept: Bool) throws -> Timeline {
        let text = """
            canvas: {width: 200, height: 100, scale: 1}
            fps: 20
            content: {items: 12}
            layout: {type: banner}
            timeline:
            \(actions.map { "  - " + $0 }.joined(separator: "\n"))
            """
        let (autoPlay, invalidates) = (self.autoPlay, invalidatesOnScroll)
        let keptView: UIKitLayout.CollectionViewFactory = { frame, layout in
            KeptView(frame: frame, collectionViewLayout: layout)
        }
        let factory: UIKitLayout.Factory = { view in
            let banner = RecordingBanner(recorder, autoPlay: autoPlay, invalidatesOnScroll: invalidates)
            banner.install(on: view)
            return banner
        }
        let layouts = [
            UIKitLayout.descriptor(type: "banner", collectionView: kept ? keptView : nil, factory: factory)
        ]
        let scene = try Scene(
            document: parseDocument(text, file: "s.yaml"), folder: ".",
            layouts: LayoutRegistry.builtIn + layouts)
        return try Timeline(scene)
    }
}

/// What the objects that drew one frame had received, and what they drew. Frames of a batch
/// update's animation are drawn from attributes asked for when the timeline was planned: no
/// object answers for them, and `object` and `calls` are nil.
private struct Drawn {
    var object: ObjectIdentifier?
    var calls: [Call]?
    var bounds: Rect
    var attributes: [LayoutAttributes]

    /// The calls that are events of the history (not the frame's own layout pass and queries).
    var events: [Call] {
        (calls ?? []).filter {
            switch $0 {
            case .target, .updates, .finalize, .delegate: true
            default: false
            }
        }
    }
}

private func draw(_ timeline: Timeline, _ recorder: CallRecorder, at index: Int) -> Drawn {
    recorder.answered.withLock { $0 = nil }
    let view = timeline.frame(index).views[0]
    let banner = recorder.answered.withLock { $0 }
    return Drawn(
        object: banner.map(ObjectIdentifier.init), calls: banner?.calls, bounds: view.bounds,
        attributes: view.elements.map(\.attributes))
}

/// UIKit's documented order (docs/uikit.md "The contract"), for one object's calls: nil when
/// they follow it, else what breaks it.
private func orderViolation(_ calls: [Call]) -> String? {
    guard calls.count >= 2, calls[0] == .invalidate(everything: true, counts: true),
        case .prepare = calls[1]
    else { return "the first calls are not an invalidation of everything, then prepare()" }
    enum Scroll { case idle, dragging, released, ended(decelerates: Bool), decelerating }
    var scroll = Scroll.idle
    var invalidated = false
    var inUpdates = false
    for (i, call) in calls.enumerated() {
        let previous = i > 0 ? calls[i - 1] : nil
        switch call {
        case .invalidate: invalidated = true
        case .prepare:
            invalidated = false
            if i + 1 >= calls.count || calls[i + 1] != .contentSize {
                return "call \(i): prepare() not followed by collectionViewContentSize"
            }
        case .elements, .item:
            if invalidated { return "call \(i): \(call) of an invalidated layout before prepare()" }
        case .shouldInvalidate: break
        case .target(_, _, let v):
            // Points per millisecond: a fling of a few thousand points a second is a few.
            if abs(v) > 100 { return "call \(i): a velocity of \(v), not in points per millisecond" }
            guard case .dragging = scroll else { return "call \(i): a target outside a drag's release" }
            scroll = .released
        case .updates:
            if inUpdates { return "call \(i): prepare(forCollectionViewUpdates:) inside another update" }
            inUpdates = true
        case .finalize:
            if !inUpdates { return "call \(i): finalizeCollectionViewUpdates() without an update" }
            inUpdates = false
        case .initial, .final:
            if !inUpdates { return "call \(i): \(call) outside an update" }
        case .contentSize: break
        case .delegate(let name, _):
            switch (name, scroll) {
            case ("willBeginDragging", .idle): scroll = .dragging
            case ("willEndDragging", .released):
                if case .target = previous {
                } else {
                    return "call \(i): scrollViewWillEndDragging not right after the layout's target"
                }
            case ("didEndDragging(true)", .released): scroll = .ended(decelerates: true)
            case ("didEndDragging(false)", .released): scroll = .idle
            case ("willBeginDecelerating", .ended(true)): scroll = .decelerating
            case ("didEndDecelerating", .decelerating): scroll = .idle
            case ("didEndScrollingAnimation", .idle): break
            case (let n, .idle) where n.hasPrefix("didSelect"): break
            default: return "call \(i): \(name) while the scroll view is \(scroll)"
            }
        }
    }
    return nil
}

private func checkCallSequence(seed: UInt64) throws {
    let c = Case(seed: seed)
    // Fresh objects replaying the history, frames drawn in a shuffled order.
    let replayRecorder = CallRecorder()
    let replayed = try c.timeline(replayRecorder, kept: false)
    let count = replayed.frameCount
    var order = Array(0..<count)
    var g = Seeded(state: seed ^ 0x5EED)
    order.shuffle(using: &g)
    var fresh = [Drawn?](repeating: nil, count: count)
    for i in order { fresh[i] = draw(replayed, replayRecorder, at: i) }
    // Objects kept from frame to frame, drawn in order: the straight run.
    let keptRecorder = CallRecorder()
    let straight = try c.timeline(keptRecorder, kept: true)
    expect(straight.frameCount == count, "\(c)")
    let kept = (0..<count).map { draw(straight, keptRecorder, at: $0) }
    // The straight run is one: its objects lived through several frames.
    var previous: Drawn?
    for i in 0..<count {
        let f = fresh[i]!
        guard let calls = f.calls, let keptCalls = kept[i].calls else {
            expect(f.calls == nil && kept[i].calls == nil, "frame \(i): \(c)")
            continue
        }
        if let why = orderViolation(calls) {
            Issue.record("frame \(i), replayed: \(why)\n\(c)\n\(calls)")
            return
        }
        if let why = orderViolation(keptCalls) {
            Issue.record("frame \(i), kept: \(why)\n\(c)\n\(keptCalls)")
            return
        }
        if let p = previous, !f.events.starts(with: p.events) {
            Issue.record(
                "frame \(i)'s history does not begin with the frame's before it\n\(c)\n\(p.events)\n\(f.events)"
            )
            return
        }
        previous = f
        guard f.events == kept[i].events, f.bounds == kept[i].bounds, f.attributes == kept[i].attributes
        else {
            Issue.record(
                "frame \(i): replayed and straight differ\n\(c)\nreplayed \(f.bounds) \(f.events)\nstraight \(kept[i].bounds) \(kept[i].events)"
            )
            return
        }
    }
}

/// 200 timelines in the heavy tier, every 50th in the fast one.
@Test(arguments: TestTier.cases(UInt64(1)...UInt64(200), fastTierEvery: 50))
func randomTimelinesFollowUIKitsCallSequence(seed: UInt64) throws {
    try checkCallSequence(seed: seed)
}

/// The straight run is one: drawn in order, the objects of a collection view subclass live
/// through several frames, as one UIKit object lives through a scene.
@Test func theStraightRunKeepsItsObjectsFromFrameToFrame() throws {
    var c = Case(seed: 1)
    c.actions = ["wait: 0.3", "drag: {by: [-150, 0], duration: 0.3}", "fling: {velocity: [2000, 0]}"]
    let recorder = CallRecorder()
    let straight = try c.timeline(recorder, kept: true)
    let answered = (0..<straight.frameCount).compactMap { draw(straight, recorder, at: $0).object }
    expect(answered.count == straight.frameCount)
    expect(Set(answered).count < answered.count / 2)
}
