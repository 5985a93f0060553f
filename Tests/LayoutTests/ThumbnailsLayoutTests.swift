import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenLayout

@Suite struct ThumbnailsLayoutTests {
    /// A 375 x 66 strip: items 33 x 66, pitch 37, farInset (375 - 33 - 4) / 2 = 169, so cell i is
    /// centred (fully focused) at contentOffset 37 i - 169. Photos of aspect ratio `aspect`.
    func state(
        _ offset: Double, items: Int = 5, aspect: Double? = 1, width: Double = 375, time: Double = 0,
        preview: Rect? = nil
    ) -> CollectionViewState {
        let size = aspect.map { Size(width: 1000 * $0, height: 1000) }
        let data = CollectionViewDataSource(sections: [
            .init(items: Array(repeating: CollectionViewDataSource.Item(imageSize: size), count: items))
        ])
        var peers: [String: PeerViewState] = [:]
        if let p = preview { peers["preview"] = PeerViewState(name: "preview", bounds: p) }
        return CollectionViewState(
            bounds: Rect(x: offset, y: 0, width: width, height: 66), scale: 2, dataSource: data, time: time,
            name: "thumbnails", peers: peers)
    }

    /// These tests check the later repository's numbers (distanceBetweenFocused 20, the inset
    /// that leaves the focus 2 pt left of centre); `articleDefaults` checks the defaults.
    static func repository(
        syncWith: String? = "preview", snapQuirk: Bool = true, aspectRatioClampQuirk: Bool = true
    ) -> ThumbnailsLayout {
        ThumbnailsLayout(
            syncWith: syncWith, distanceBetweenFocused: 20, snapQuirk: snapQuirk,
            aspectRatioClampQuirk: aspectRatioClampQuirk, centringQuirk: true)
    }

    func strip(_ s: CollectionViewState, _ layout: ThumbnailsLayout = repository())
        -> ThumbnailsLayout
    {
        prepared(layout, s)
    }

    func tx(_ l: ThumbnailsLayout, _ item: Int) -> Double {
        l.layoutAttributesForItem(at: ip(0, item))!.transform3D.m41
    }

    func closeNumbers(_ v: CustomValue?, _ xs: [Double]) -> Bool {
        guard let ys = v?.numbers, ys.count == xs.count else { return false }
        return zip(xs, ys).allSatisfy { close($0, $1, 1e-9) }
    }

    /// The cell's visible frame: its frame moved by its translation.
    func shown(_ l: ThumbnailsLayout, _ item: Int) -> Rect {
        let a = l.layoutAttributesForItem(at: ip(0, item))!
        return a.frame.offsetBy(dx: a.transform3D.m41, dy: a.transform3D.m42)
    }

    /// Seed 004's article: the focused thumbnail sits in the middle of the strip and its
    /// neighbours 4 pt away (the later repository: 2 pt left of centre, 14 pt).
    @Test func articleDefaults() {
        // farInset (375 - 33) / 2 = 171: cell 2 is focused at offset 74 - 171 = -97.
        let l = prepared(ThumbnailsLayout(), state(-97))
        expect(l.farInset(l.collectionView!) == 171)
        let centre = shown(l, 2)
        expect(centre.width == 66)
        expect(centre.midX - (-97) == 187.5)
        expect(shown(l, 3).minX - centre.maxX == 4)
        expect(centre.minX - shown(l, 1).maxX == 4)
        let d = ThumbnailsLayout.descriptor.parameters
        expect(d.first { $0.name == "distanceBetweenFocused" }?.defaultValue == .number(0))
        expect(d.first { $0.name == "centringQuirk" }?.defaultValue == .bool(false))
    }

    @Test func geometry() {
        let l = strip(state(-169, aspect: nil))
        expect(l.itemSize == Size(width: 33, height: 66) && l.pitch == 37)
        expect(l.farInset(l.collectionView!) == 169)
        expect(l.collectionViewContentSize == Size(width: 185, height: 66))
        expect(l.layoutAttributesForItem(at: ip(0, 3))?.center == Point(x: 127.5, y: 33))
        // Unknown sizes use the default 0.5: the focused cell does not widen.
        expect(shown(l, 0) == Rect(x: 0, y: 0, width: 33, height: 66))
        expect(shown(l, 1) == Rect(x: 37 + 10, y: 0, width: 33, height: 66))
        expect(l.layoutAttributesForElements(in: .zero).count == 5)
        expect(l.publishedState["requestedContentInset"] == .numbers([0, 169, 0, 169]))
    }

    /// Cell 2 focused (offset -95). a = (66 x aspect - 33); neighbours move by (a + 20) / 2.
    /// 0.75: a = 16.5, width ceil(49.5) = 50, shift 18.25: gaps 13.75 (14 before the ceil).
    /// 1: a = 33, width 66, shift 26.5: gaps 14. 4/3: a = 55, width 88, shift 37.5: gaps 14.
    @Test func focusedWidthsAndTheConstantGap() {
        for (aspect, width, shift, gap) in [
            (0.75, 50.0, 18.25, 13.75), (1, 66, 26.5, 14), (4.0 / 3.0, 88, 37.5, 14),
        ] {
            let l = strip(state(-95, aspect: aspect))
            let centre = shown(l, 2)
            expect(centre.width == width && centre.height == 66, "aspect \(aspect)")
            expect(centre.midX == 90.5)
            expect(shown(l, 3).midX == 127.5 + shift && shown(l, 4).midX == 164.5 + shift)
            expect(shown(l, 1).midX == 53.5 - shift && shown(l, 0).midX == 16.5 - shift)
            expect(shown(l, 3).minX - centre.maxX == gap, "aspect \(aspect)")
            expect(centre.minX - shown(l, 1).maxX == gap, "aspect \(aspect)")
            expect(shown(l, 3).width == 33 && shown(l, 1).width == 33)
            expect(l.publishedState["activeIndex"] == .number(2))
        }
        // A 5:1 photo widens the focused cell to 330 pt (no clamping); 10:1 to 660, or 330
        // when clamped to the original's unused 0.2...5.
        expect(shown(strip(state(-95, aspect: 5)), 2).width == 330)
        expect(shown(strip(state(-95, aspect: 10)), 2).width == 660)
        expect(
            shown(strip(state(-95, aspect: 10), Self.repository(aspectRatioClampQuirk: false)), 2).width
                == 330)
    }

    /// Half way between cells 2 and 3 (offset -76.5): each e = 0.5, a = 16.5, width 50, each
    /// moves its other neighbours by (16.5 + 10) / 2 = 13.25.
    @Test func halfWayBetweenTwoCells() {
        let l = strip(state(-76.5))
        expect(shown(l, 2).width == 50 && shown(l, 3).width == 50)
        expect(close(tx(l, 2), -13.25))
        expect(close(tx(l, 3), 13.25))
        expect(close(tx(l, 4), 26.5))
        expect(close(tx(l, 1), -26.5))
    }

    @Test func snapping() {
        let l = strip(state(-95))
        func snap(_ x: Double, _ layout: ThumbnailsLayout? = nil) -> Double {
            (layout ?? l).targetContentOffset(
                forProposedContentOffset: Point(x: x, y: 0), withScrollingVelocity: Point(x: 900, y: 0)
            ).x
        }
        // rel = (x + 169) / 37; the nearer of floor and ceil, the right one on a tie.
        expect(snap(-85) == -95)
        expect(snap(-76.5) == -58)
        expect(snap(-70) == -58)
        // The right candidate is clamped to N = 5, one past the last item (offset 16).
        expect(snap(21) == 16)
        let clamped = strip(state(-95), Self.repository(snapQuirk: false))
        expect(snap(21, clamped) == -21)
        expect(snap(-300, clamped) == -169)
    }

    /// Dragging eases the rate to 0 in 0.15 s (quadratic easeInOut), the end of the scroll back
    /// to 1. Cell 2 focused with aspect 1: width ceil(33 + 33 x rate).
    @Test func collapseWhileDraggingAndExpandAfter() {
        var l = strip(state(-95, time: 1))
        l.collectionViewWillBeginDragging(state(-95, time: 1))
        expect(close(l.expandingRate(at: 0.5), 1, 1e-12))
        expect(close(l.expandingRate(at: 1), 1, 1e-12))
        expect(close(l.expandingRate(at: 1.0375), 0.875, 1e-12))
        expect(close(l.expandingRate(at: 1.075), 0.5, 1e-12))
        expect(l.expandingRate(at: 1.15) == 0 && l.expandingRate(at: 1.5) == 0)
        expect(shown(prepared(l, state(-95, time: 1.0375)), 2).width == 62)
        expect(shown(prepared(l, state(-95, time: 1.075)), 2).width == 50)
        expect(shown(prepared(l, state(-95, time: 1.2)), 2).width == 33)
        expect(l.isTracking(at: 1.2))
        l.collectionViewDidEndDragging(state(-95, time: 2), willDecelerate: true)
        expect(l.expandingRate(at: 2.1) == 0 && l.isTracking(at: 2.1))
        l.collectionViewDidEndDecelerating(state(-95, time: 3))
        expect(!l.isTracking(at: 3))
        expect(close(l.expandingRate(at: 3.075), 0.5, 1e-12))
        expect(close(l.expandingRate(at: 3.15), 1, 1e-12))
        expect(l.animationEndTime == 3.15)

        // Released half way (rate 0.5) without deceleration: back to 1 in 0.15 x 0.5 s.
        var m = strip(state(-95))
        m.collectionViewWillBeginDragging(state(-95, time: 1))
        m.collectionViewDidEndDragging(state(-95, time: 1.075), willDecelerate: false)
        expect(close(m.expandingRate(at: 1.09375), 0.5625, 1e-12))
        expect(close(m.expandingRate(at: 1.1125), 0.75, 1e-12))
        expect(close(m.expandingRate(at: 1.15), 1, 1e-12))
    }

    /// Tap on item 3 with cell 0 focused (offset -169) at t = 5: 0.3 s, quadratic easeInOut.
    /// At 50 %: offset -169 + 111 x 0.5 = -113.5, cells 0 and 3 half expanded (width 50), the rest
    /// 33 (rate 0); at 25 % of the time (p = 0.125): offset -155.125.
    @Test func focusOnTap() {
        let preview = Rect(x: 0, y: 0, width: 375, height: 600)
        var l = strip(state(-169, time: 5, preview: preview))
        let handled = l.collectionViewDidTapItem(at: ip(0, 3), state(-169, time: 5, preview: preview))
        expect(handled)
        expect(l.animationEndTime == 5.3)
        let quarter = prepared(l, state(-169, time: 5.075, preview: preview))
        expect(closeNumbers(quarter.publishedState["requestedContentOffset.thumbnails"], [-155.125, 0]))
        let half = prepared(l, state(-113.5, time: 5.15, preview: preview))
        expect(closeNumbers(half.publishedState["requestedContentOffset.thumbnails"], [-113.5, 0]))
        expect(half.publishedState["requestedContentOffset.preview"] == .numbers([1125, 0]))
        expect(shown(half, 3).width == 50 && shown(half, 0).width == 50)
        expect(shown(half, 1).width == 33 && shown(half, 2).width == 33)
        // Done: rate 1 again, no overrides; the strip follows the preview (now on page 3).
        let done = prepared(l, state(-58, time: 5.3, preview: Rect(x: 1125, y: 0, width: 375, height: 600)))
        expect(shown(done, 3).width == 66 && shown(done, 0).width == 33)
        expect(done.publishedState["requestedContentOffset.thumbnails"] == .numbers([-58, 0]))
        expect(done.publishedState["requestedContentOffset.preview"] == nil)
        // A tap on the active item does nothing (but is handled).
        var same = strip(state(-169, preview: preview))
        let sameHandled = same.collectionViewDidTapItem(at: ip(0, 0), state(-169, time: 1, preview: preview))
        expect(sameHandled && same.events.isEmpty)
    }

    /// Delete cell 2 (focused, aspect 1) of 5 at t = 0: two linear 0.15 s phases.
    @Test func twoPhaseDelete() {
        var l = strip(state(-95, time: 0))
        let duration = l.collectionViewWillPerformBatchUpdates([.delete(ip(0, 2))], state(-95, time: 0))
        expect(duration == 0.3)
        // Collapse at 50 %: 33 x 33, alpha 0.5; the neighbours keep their 26.5 shifts.
        let collapse = prepared(l, state(-95, time: 0.075))
        let c = collapse.layoutAttributesForItem(at: ip(0, 2))!
        expect(c.size == Size(width: 33, height: 33) && c.alpha == 0.5 && c.center == Point(x: 90.5, y: 33))
        expect(close(tx(collapse, 3), 26.5))
        expect(close(tx(collapse, 1), -26.5))
        // Delete at 50 %: cell 2 gone (size 0, alpha 0) with d = 0.5 to the right: sym 13.25,
        // rightShift 13.25 - 33 x 0.5 = -3.25; cell 3 half expanded (width 50, sym 13.25).
        let delete = prepared(l, state(-95, time: 0.225))
        let d = delete.layoutAttributesForItem(at: ip(0, 2))!
        expect(d.size == .zero && d.alpha == 0)
        expect(close(tx(delete, 3), -3.25))
        expect(shown(delete, 3).width == 50)
        expect(close(tx(delete, 4), 10))
        expect(close(tx(delete, 1), -26.5))
        expect(close(tx(delete, 0), -26.5))
        // After the animation the engine has removed the item: plain layout of 4.
        let after = prepared(l, state(-95, items: 4, time: 0.3))
        expect(shown(after, 2).width == 66 && after.layoutAttributesForItem(at: ip(0, 2))?.alpha == 1)
    }

    /// Deleting the last item (4 of 5, focused at -21) goes left and expands cell 3. At 50 % of the
    /// second phase: leftShift(4) = 13.25 - 16.5 = -3.25, so cell 3 moves by +3.25 and cell 2 by
    /// -13.25 + 3.25 = -10.
    @Test func deletingTheLastItemGoesLeft() {
        var l = strip(state(-21, time: 0))
        _ = l.collectionViewWillPerformBatchUpdates([.delete(ip(0, 4))], state(-21, time: 0))
        let mid = prepared(l, state(-21, time: 0.225))
        expect(close(tx(mid, 3), 3.25))
        expect(close(tx(mid, 2), -10))
        expect(shown(mid, 3).width == 50)
    }

    /// A full delete (d = 1) moves the following cells by itemW (33, quirk: 4 pt short of the
    /// pitch) or by the pitch without the quirk.
    @Test func deleteShiftQuirk() {
        var cell = ThumbnailsLayout.Cell(
            item: 2, itemSize: Size(width: 33, height: 66), aspectRatio: 1, distanceBetween: 4,
            distanceBetweenFocused: 20, deleteShift: 33,
            state: .init(expanding: 1, collapsing: 1, deleting: 1, deletingDirection: .right))
        expect(cell.rightShift == -33 && cell.leftShift == 0)
        cell.deleteShift = 37
        expect(cell.rightShift == -37)
        cell.state.deletingDirection = .left
        expect(cell.leftShift == -37 && cell.rightShift == 0)
    }

    @Test func refusedUpdatesUseTheEngineAnimation() {
        var l = strip(state(-95, items: 2))
        expect(l.collectionViewWillPerformBatchUpdates([.delete(ip(0, 1))], state(-95, items: 2)) == nil)
        var m = strip(state(-95))
        expect(
            m.collectionViewWillPerformBatchUpdates([.delete(ip(0, 1)), .delete(ip(0, 2))], state(-95)) == nil
        )
        expect(m.collectionViewWillPerformBatchUpdates([.insert(ip(0, 1))], state(-95)) == nil)
        expect(m.events.isEmpty)
    }

    /// Following the preview: page 1.5 of 375 -> 1.5 x 37 - 169 = -113.5. Dragging the strip at
    /// -60 (offsetX 109, nearest floor(109/37 + 0.5) = 3) puts the preview on page 3.
    @Test func synchronisationBothWays() {
        let follow = strip(state(-95, preview: Rect(x: 562.5, y: 0, width: 375, height: 600)))
        expect(follow.publishedState["requestedContentOffset.thumbnails"] == .numbers([-113.5, 0]))
        expect(follow.publishedState["requestedContentOffset.preview"] == nil)
        var dragged = strip(state(-60, time: 1, preview: Rect(x: 0, y: 0, width: 375, height: 600)))
        dragged.collectionViewWillBeginDragging(state(-60, time: 1))
        let during = prepared(
            dragged, state(-60, time: 1.5, preview: Rect(x: 0, y: 0, width: 375, height: 600)))
        expect(during.publishedState["requestedContentOffset.preview"] == .numbers([1125, 0]))
        expect(during.publishedState["requestedContentOffset.thumbnails"] == nil)
        expect(during.publishedState["activeIndex"] == .number(3))
        // Without syncWith nothing is requested.
        let alone = strip(
            state(-95, preview: Rect(x: 375, y: 0, width: 375, height: 600)), Self.repository(syncWith: nil))
        expect(alone.publishedState.keys.sorted() == ["activeIndex", "requestedContentInset"])
    }

    /// Rotation: focused on 2 at 375 wide, then 667 wide: farInset 315, target 74 - 315 = -241.
    @Test func rotationKeepsTheActivePhoto() {
        var l = strip(state(-95))
        var wide = state(-95, width: 667)
        l.prepare(wide)
        expect(l.targetContentOffset(forProposedContentOffset: Point(x: -95, y: 0)) == Point(x: -241, y: 0))
        wide.bounds.origin.x = -241
        l.prepare(wide)
        expect(l.targetContentOffset(forProposedContentOffset: Point(x: -240, y: 0)) == Point(x: -240, y: 0))
        expect(l.publishedState["activeIndex"] == .number(2))
    }

    @Test func edgeCases() {
        let none = strip(state(-169, items: 0))
        expect(allElements(none).isEmpty && none.collectionViewContentSize == Size(width: 0, height: 66))
        expect(none.nearestIndex(none.collectionView!) == 0)
        _ = none.targetContentOffset(
            forProposedContentOffset: Point(x: -100, y: 0), withScrollingVelocity: .zero)
        let one = strip(state(-169, items: 1))
        expect(shown(one, 0) == Rect(x: -16.5, y: 0, width: 66, height: 66))
        let two = strip(state(-150.5, items: 2))
        // offsetX 18.5: both half expanded.
        expect(shown(two, 0).width == 50 && shown(two, 1).width == 50)
        // Past the last item the nearest index stays the last.
        let past = strip(state(500, items: 5))
        expect(past.nearestIndex(past.collectionView!) == 4)
    }

    @Test func registryParameters() throws {
        let d = try #require(LayoutRegistry.descriptor(for: "thumbnails"))
        let defaults = Dictionary(uniqueKeysWithValues: d.parameters.map { ($0.name, $0.defaultValue) })
        expect(defaults["itemHeight"] == .number(66))
        expect(defaults["defaultAspectRatio"] == .number(0.5))
        expect(defaults["distanceBetween"] == .number(4))
        expect(defaults["distanceBetweenFocused"] == .number(0))
        expect(defaults.keys.contains("syncWith") && defaults["syncWith"]! == nil)
        let l = try d.make(["syncWith": .string("preview"), "itemHeight": .number(100)])
        expect((l as? ThumbnailsLayout)?.syncWith == "preview")
        expect((l as? ThumbnailsLayout)?.itemSize == Size(width: 50, height: 100))
        #expect(throws: LayoutParameterError.self) { try d.make(["syncWith": .number(3)]) }
        #expect(throws: LayoutParameterError.self) { try d.make(["distanceBetween": .number(-1)]) }
    }
}
