import Dispatch
import Foundation
import FrameGenKit
import TestTiers
import Testing

import enum FrameGenLayout.LayoutRegistry

@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitHost

// The content offset your code sets while the timeline does not move the view (a banner's
// timer, work sent for later, a display link, a completion) moves the view from that instant,
// as UIKit's scroll view does: over UIKit's animated `setContentOffset` for an animated set, at
// once for another (docs/uikit.md "Time").

/// Pages 200 pt wide, one item each; an item fades with its distance from the visible centre,
/// so the attributes drawn tell the bounds the layout was asked at.
private final class BannerLayout: UICollectionViewLayout {
    enum Paging { case animatedTimer, jumpingTimer, asyncAfter, setUp }
    let paging: Paging
    var timer: Timer?
    private var setUp = false

    init(_ paging: Paging) {
        self.paging = paging
        super.init()
        switch paging {
        case .animatedTimer, .jumpingTimer:
            timer = Timer.sceneScheduledTimer(withTimeInterval: 2, repeats: true) { [weak self] _ in
                guard let self, let view = self.collectionView else { return }
                view.setContentOffset(
                    CGPoint(x: view.contentOffset.x + 200, y: 0), animated: self.paging == .animatedTimer)
            }
        case .asyncAfter:
            DispatchQueue.sceneMain.asyncAfter(deadline: .now() + 2) { [weak self] in
                guard let view = self?.collectionView else { return }
                view.scrollToItem(at: IndexPath(item: 1, section: 0), at: .left, animated: true)
            }
        case .setUp: break
        }
    }

    required init?(coder: NSCoder) { nil }

    override func prepare() {
        // An endless carousel starts in the middle of its content.
        if paging == .setUp, !setUp, let view = collectionView {
            setUp = true
            view.contentOffset = CGPoint(x: 400, y: 0)
        }
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: CGFloat(collectionView!.numberOfItems(inSection: 0)) * 200, height: 100)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let view = collectionView!
        return (0..<view.numberOfItems(inSection: 0)).map { item in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(x: CGFloat(item) * 200, y: 0, width: 200, height: 100)
            a.alpha = max(0, 1 - abs(a.center.x - view.bounds.midX) / 400)
            return a
        }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        layoutAttributesForElements(in: .zero)?[indexPath.item]
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
}

private func banner(_ paging: BannerLayout.Paging, wait: Double = 4) throws -> Timeline {
    let text = """
        canvas: {width: 200, height: 100, scale: 1}
        fps: 20
        content: {items: 6}
        layout: {type: banner}
        timeline:
          - wait: \(wait)
        """
    let layouts = [UIKitLayout.descriptor(type: "banner") { _ in BannerLayout(paging) }]
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + layouts)
    return try Timeline(scene)
}

/// The bounds' x at `t`, and whether every item drawn has the alpha the layout answers there.
private func shown(_ timeline: Timeline, at t: Double) -> (x: Double, answered: Bool) {
    let view = timeline.frame(at: t).views[0]
    let x = view.bounds.minX
    let answered =
        !view.elements.isEmpty
        && view.elements.allSatisfy { e in
            let a = e.attributes
            return abs(a.alpha - max(0, 1 - abs(a.center.x - (x + 100)) / 400)) < 1e-9
        }
    return (x, answered)
}

@Test func aTimersAnimatedSetContentOffsetScrollsFromItsFiringDuringAWait() throws {
    let timeline = try banner(.animatedTimer)
    expect(abs(timeline.duration - 4) < 1e-12)
    let before = shown(timeline, at: 1.9)
    expect(before.x == 0 && before.answered)
    // At the firing itself the scroll starts where the view is.
    let firing = shown(timeline, at: 2)
    expect(firing.x == 0 && firing.answered)
    let during = shown(timeline, at: 2.15)
    expect(during.x > 0 && during.x < 200, "at 2.15 s: \(during.x)")
    // UIKit's animated scroll: 0.3 s, ease in and out, so half way at 0.15 s.
    expect(abs(during.x - 100) <= 1)
    expect(during.answered)
    let after = shown(timeline, at: 2.5)
    expect(after.x == 200 && after.answered)
    expect(shown(timeline, at: 3.9).x == 200)
    // In any order, as parallel workers ask.
    expect(shown(timeline, at: 2.15).x == during.x)
}

@Test func aTimersPlainSetContentOffsetJumpsAtItsFiring() throws {
    let timeline = try banner(.jumpingTimer)
    expect(shown(timeline, at: 1.95).x == 0)
    let after = shown(timeline, at: 2.05)
    expect(after.x == 200 && after.answered)
}

@Test func workSentForLaterScrollsAnimatedAtItsDeadline() throws {
    let timeline = try banner(.asyncAfter)
    expect(shown(timeline, at: 1.9).x == 0)
    let during = shown(timeline, at: 2.15)
    expect(during.x > 0 && during.x < 200 && during.answered)
    expect(shown(timeline, at: 2.5).x == 200)
}

@Test func anOffsetSetDuringSetUpShowsFromTheFirstFrame() throws {
    let timeline = try banner(.setUp, wait: 1)
    for t in [0, 0.5, 1] {
        let s = shown(timeline, at: t)
        expect(s.x == 400 && s.answered, "at \(t) s")
    }
}
