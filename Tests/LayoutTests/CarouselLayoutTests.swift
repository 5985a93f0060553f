import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenLayout

@Suite struct CarouselLayoutTests {
    /// The seed's arithmetic, quirks and all (the defaults turn two of them off).
    static let seedCode = CarouselLayout(zeroOffsetQuirk: true, edgeQuirk: true)

    /// A 375 x 667 screen: pitch D = 210, cell i centred at (210 i + 100, 333.5); p = o + 187.5.
    func carousel(
        _ offset: Double, items: Int = 50, width: Double = 375, height: Double = 667, time: Double = 0,
        _ layout: CarouselLayout = CarouselLayoutTests.seedCode
    ) -> CarouselLayout {
        var s = viewState(width, height, offset: Point(x: offset, y: 0), scale: 2, sections: [items])
        s.time = time
        return prepared(layout, s)
    }

    func degrees(_ l: CarouselLayout) -> Double {
        l.rotationAngle(l.collectionView!) * 180 / .pi
    }

    @Test func geometry() {
        let l = carousel(0)
        expect(
            l.layoutAttributesForItem(at: ip(0, 0))?.frame == Rect(x: 0, y: 233.5, width: 200, height: 200))
        expect(l.layoutAttributesForItem(at: ip(0, 3))?.center == Point(x: 730, y: 333.5))
        expect(l.collectionViewContentSize == Size(width: 10_500, height: 667))
        // Every cell whatever the rect.
        expect(l.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 1, height: 1)).count == 50)
        expect(l.shouldInvalidateLayout(forBoundsChange: Rect(x: 1, y: 0, width: 375, height: 667)))
        expect(l.layoutAttributesForItem(at: ip(0, 50)) == nil)
        expect(l.layoutAttributesForItem(at: ip(1, 0)) == nil)
    }

    /// θ = 360 c / 210 degrees with c = (p - 100) mod 210, forced to 0 at offsets <= 0 (k = 0).
    @Test func angleAndZIndexAtSeveralOffsets() {
        // (offset, degrees, current index k)
        let cases: [(Double, Double, Int)] = [
            (0, 0, 0),  // the quirk: forced upright
            (0.5, 150.857_142_857_142_86, 0),  // c = 88
            (22.5, 188.571_428_571_428_58, 1),  // p = 210: k = 1, c = -100 + 210 = 110
            (122.5, 0, 1),  // cell 1 centred
            (227.5, 180, 1),  // p = 415: c = 105, half a turn
            (232.5, 188.571_428_571_428_58, 2),  // p = 420: k = 2
            (-50, 0, 0),  // pulled past the start: still forced upright
        ]
        for (offset, deg, k) in cases {
            let l = carousel(offset)
            expect(close(degrees(l), deg, 1e-9), "offset \(offset)")
            let all = allElements(l)
            expect(all.count == 50)
            for a in all {
                expect(
                    a.zIndex == (a.indexPath.item == k ? 1000 : k),
                    "offset \(offset) item \(a.indexPath.item)")
                let r = Transform3D.makeRotation(deg * .pi / 180, 0, 0, 1)
                expect(zip(a.transform3D.fields, r.fields).allSatisfy { close($0, $1, 1e-9) })
            }
        }
    }

    /// The discontinuity at 0: 0 degrees at offset 0, 150 just after on 375 pt, 102.9 on 320.
    @Test func discontinuityAtZero() {
        expect(degrees(carousel(0)) == 0)
        expect(close(degrees(carousel(1e-9)), 150, 1e-6))
        expect(close(degrees(carousel(1e-9, width: 320, height: 568)), 102.857_142_857_142_86, 1e-6))
        // Without the quirk the angle is continuous: 150 degrees at 0, 150 - 360 x 50 / 210 at -50.
        let smooth = CarouselLayout(zeroOffsetQuirk: false, edgeQuirk: true)
        expect(close(degrees(carousel(0, smooth)), 150, 1e-9))
        expect(close(degrees(carousel(-50, smooth)), 360 * 37.5 / 210, 1e-9))
    }

    @Test func slotBasedSnapping() {
        let l = carousel(0)
        func snap(_ x: Double, _ v: Double = 0) -> Point {
            l.targetContentOffset(
                forProposedContentOffset: Point(x: x, y: 4), withScrollingVelocity: Point(x: v, y: 0))
        }
        // k* = trunc((x + 187.5) / 210); target 210 k* + 100 - 187.5.
        expect(snap(100) == Point(x: 122.5, y: 4))
        expect(snap(100, 5000) == Point(x: 122.5, y: 4))
        expect(snap(300, -5000) == Point(x: 332.5, y: 4))
        // Slot based, not nearest: 232 is nearer cell 2's 332.5, but p = 419.5 is in slot 1.
        expect(snap(232) == Point(x: 122.5, y: 4))
        // Cell 0 only centres at a negative offset, unclamped.
        expect(snap(0) == Point(x: -87.5, y: 4))
        let narrow = carousel(0, width: 320, height: 568)
        expect(
            narrow.targetContentOffset(forProposedContentOffset: .zero, withScrollingVelocity: .zero)
                == Point(x: -60, y: 0))
    }

    /// Without the edge quirk: a lead of 87.5 centres cell 0 at offset 0, the content grows to
    /// 87.5 + 4 x 210 + 100 + 187.5 = 1215 (last cell centred at 840), and snapping is clamped.
    @Test func withoutTheEdgeQuirk() {
        let layout = CarouselLayout(edgeQuirk: false)
        let l = carousel(0, items: 5, layout)
        expect(l.layoutAttributesForItem(at: ip(0, 0))?.center.x == 187.5)
        expect(degrees(l) == 0)
        expect(l.layoutAttributesForItem(at: ip(0, 0))?.zIndex == 1000)
        expect(l.collectionViewContentSize.width == 1215)
        expect(
            l.targetContentOffset(forProposedContentOffset: Point(x: -50, y: 0), withScrollingVelocity: .zero)
                == .zero)
        expect(
            l.targetContentOffset(forProposedContentOffset: Point(x: 1e6, y: 0), withScrollingVelocity: .zero)
                == Point(x: 840, y: 0))
        expect(degrees(carousel(840, items: 5, layout)) == 0)
    }

    /// The screen size, not the view's, places the cells (quirk), unless turned off.
    @Test func screenSizeQuirk() {
        var s = viewState(300, 300, sections: [3])
        s.screenSize = Size(width: 375, height: 667)
        let quirky = prepared(CarouselLayoutTests.seedCode, s)
        expect(quirky.layoutAttributesForItem(at: ip(0, 0))?.center == Point(x: 100, y: 333.5))
        expect(quirky.collectionViewContentSize == Size(width: 630, height: 667))
        let plain = prepared(
            CarouselLayout(zeroOffsetQuirk: true, edgeQuirk: true, screenSizeQuirk: false), s)
        expect(plain.layoutAttributesForItem(at: ip(0, 0))?.center == Point(x: 100, y: 150))
        // At offset 1, p = 151: c = 51.
        var moved = s
        moved.bounds.origin.x = 1
        expect(close(plain.rotationAngle(moved), 2 * .pi * 51 / 210))
    }

    /// Tap at t = 1 on the centred cell 1 (offset 122.5, upright): scale to 375 / 200 = 1.875 over
    /// 0.5 s with ease-in-out (0.42, 0, 0.58, 1): 0.0816598562658975 at 20 %, 0.5 at 50 %.
    @Test func tapZoomAtFixedTimes() {
        var l = carousel(122.5, items: 5)
        var tapState = l.collectionView!
        tapState.time = 1
        let handled = l.collectionViewDidTapItem(at: ip(0, 1), tapState)
        expect(handled)
        expect(l.animationEndTime == 1.5)
        func scale(_ t: Double, offset: Double = 122.5, item: Int = 1) -> Transform3D {
            var s = tapState
            s.time = t
            s.bounds.origin.x = offset
            var m = l
            m.prepare(s)
            return m.layoutAttributesForItem(at: ip(0, item))!.transform3D
        }
        expect(scale(0.9) == .identity)
        expect(close(scale(1).m11, 1))
        expect(close(scale(1.1).m11, 1 + 0.875 * 0.0816598562658975, 1e-6))
        expect(close(scale(1.25).m11, 1.4375, 1e-6) && close(scale(1.25).m22, 1.4375, 1e-6))
        expect(scale(1.25).m33 == 1 && close(scale(1.25).m12, 0))
        expect(close(scale(1.5).m11, 1.875) && close(scale(3).m11, 1.875))
        // Other cells keep the layout's (upright) rotation.
        expect(scale(1.25, item: 2) == .identity)
        // A scroll re-applies the layout's attributes: the zoom is gone.
        let scrolled = scale(1.25, offset: 130)
        expect(close(scrolled.m11, Transform3D.makeRotation(2 * .pi * 7.5 / 210, 0, 0, 1).m11))

        // The second tap (any cell) zooms back to the identity in 0.5 s.
        var back = tapState
        back.time = 3
        let handledBack = l.collectionViewDidTapItem(at: ip(0, 1), back)
        expect(handledBack)
        expect(l.animationEndTime == 3.5)
        expect(close(scale(3.25).m11, 1.4375, 1e-6))
        expect(close(scale(3.5).m11, 1) && close(scale(4).m11, 1))
    }

    /// A tap mid-spin at 45 degrees (offset 148.75: p = 336.25, c = 26.25): the frame is the
    /// turned square's bounding box, 200 √2 wide, so s = 375 / 282.84 = 1.32583; the angle
    /// unwinds to 0 as the scale grows: at 50 %, angle π/8 and scale 1.16291.
    @Test func tapMidSpinUsesTheBoundingBox() {
        var l = carousel(148.75, items: 5)
        var s = l.collectionView!
        s.time = 2
        expect(close(l.rotationAngle(s), .pi / 4))
        let handled = l.collectionViewDidTapItem(at: ip(0, 1), s)
        expect(handled)
        s.time = 2.25
        l.prepare(s)
        let expected = Transform3D.makeRotation(0.39269908169872414, 0, 0, 1).scaled(
            1.1629126073623883, 1.1629126073623883, 1)
        let t = l.layoutAttributesForItem(at: ip(0, 1))!.transform3D
        expect(zip(t.fields, expected.fields).allSatisfy { close($0, $1, 1e-6) })
        s.time = 2.5
        l.prepare(s)
        expect(close(l.layoutAttributesForItem(at: ip(0, 1))!.transform3D.m11, 1.3258252147247767))
    }

    @Test func edgeCases() {
        let none = carousel(0, items: 0)
        expect(allElements(none).isEmpty)
        expect(none.collectionViewContentSize == Size(width: 0, height: 667))
        expect(
            none.targetContentOffset(forProposedContentOffset: .zero, withScrollingVelocity: .zero)
                == Point(x: -87.5, y: 0))
        var tapNone = none
        let handled = tapNone.collectionViewDidTapItem(at: ip(0, 0), none.collectionView!)
        expect(!handled)
        let one = carousel(0, items: 1)
        expect(one.layoutAttributesForItem(at: ip(0, 0))?.zIndex == 1000)
        expect(one.collectionViewContentSize.width == 210)
        // Two items at offset 22.5: cell 1 is current, cell 0 gets zIndex 1.
        let two = carousel(22.5, items: 2)
        expect(two.layoutAttributesForItem(at: ip(0, 0))?.zIndex == 1)
        expect(two.layoutAttributesForItem(at: ip(0, 1))?.zIndex == 1000)
        // The last cell cannot be centred: at the last valid offset 10125, p = 10312.5 lies in
        // cell 49's slot short of its centre 10390; c = 10312.5 - 48 x 210 - 100 = 132.5.
        let last = carousel(10_500 - 375, items: 50)
        expect(last.currentIndex(last.collectionView!) == 49)
        expect(close(last.rotationAngle(last.collectionView!), 2 * .pi * 132.5 / 210))
    }

    /// Issue 23 item 6: by default the carousel looks as the app does on a device. Leaving
    /// offset 0 turns the cells by what the finger moved (not 150 degrees at once), and every
    /// rest the snap can reach, the last cell included, is upright.
    @Test func defaultsNeitherFlipNorRestTurned() {
        let d = CarouselLayout()
        expect(degrees(carousel(0, d)) == 0)
        // 1 pt of drag: 360 / 210 degrees, continuous on both sides of 0.
        expect(close(degrees(carousel(1, d)), 360.0 / 210, 1e-9))
        expect(close(degrees(carousel(-1, d)), 360 - 360.0 / 210, 1e-9))
        // A fling's proposal far past the end snaps to the last cell, and it rests upright.
        let end = carousel(0, items: 12, d)
        let target = end.targetContentOffset(
            forProposedContentOffset: Point(x: 1e6, y: 0), withScrollingVelocity: Point(x: 3000, y: 0))
        expect(target.x == end.collectionViewContentSize.width - 375)
        let rest = carousel(target.x, items: 12, d)
        expect(degrees(rest) == 0 && rest.currentIndex(rest.collectionView!) == 11)
        for x in [0.0, 500, 1234] {
            let snapped = end.targetContentOffset(
                forProposedContentOffset: Point(x: x, y: 0), withScrollingVelocity: .zero)
            expect(close(degrees(carousel(snapped.x, items: 12, d)), 0, 1e-9), "\(x)")
        }
    }

    @Test func registryParameters() throws {
        let d = try #require(LayoutRegistry.descriptor(for: "carousel"))
        let defaults = Dictionary(uniqueKeysWithValues: d.parameters.map { ($0.name, $0.defaultValue) })
        expect(defaults["itemSize"] == .numbers([200, 200]))
        expect(defaults["margin"] == .number(10))
        expect(defaults["zeroOffsetQuirk"] == .bool(false))
        expect(defaults["edgeQuirk"] == .bool(false))
        var l = try d.make([
            "itemSize": .numbers([100, 50]), "margin": .number(20), "edgeQuirk": .bool(true),
        ])
        l.prepare(viewState(375, 667, sections: [3]))
        expect(l.layoutAttributesForItem(at: ip(0, 2))?.center == Point(x: 290, y: 333.5))
        #expect(throws: LayoutParameterError.self) { try d.make(["margin": .number(-1)]) }
        #expect(throws: LayoutParameterError.self) { try d.make(["edgeQuirk": .number(1)]) }
    }
}
