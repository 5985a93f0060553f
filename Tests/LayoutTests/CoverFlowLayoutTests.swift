import Foundation
import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenLayout

/// The original's arithmetic (`CoverFlowLayout.tutorial`, the iOS 6 by Tutorials numbers).
@Suite struct CoverFlowLayoutTests {
    /// 320 x 480: insets (320 - 100) / 2 = 110 each side, covers 110 apart: centre x 160 + 110 i,
    /// centre y (480 - 100) / 2 + 50 = 240; maxD = 0.3 x 320 = 96.
    @Test func rowWithCentringInsets() {
        let l = prepared(CoverFlowLayout.tutorial, viewState(320, 480, scale: 2, sections: [5]))
        for i in 0..<5 {
            expect(
                l.layoutAttributesForItem(at: ip(0, i))?.center == Point(x: 160 + 110 * Double(i), y: 240))
            expect(l.layoutAttributesForItem(at: ip(0, i))?.size == Size(width: 100, height: 100))
        }
        expect(l.collectionViewContentSize == Size(width: 110 + 500 + 40 + 110, height: 480))
        // The last cover (centre 600) reaches the centre at the last valid offset 760 - 320 = 440.
        let end = prepared(
            CoverFlowLayout.tutorial, viewState(320, 480, offset: Point(x: 440, y: 0), sections: [5]))
        expect(end.layoutAttributesForItem(at: ip(0, 4))?.transform3D.m11 == 1.3)
    }

    /// The projected x of a cover's edges (local x = ±50 about its centre, y = 0), by hand:
    /// zoom z = 1 + (1 - |n|) 0.3, angle a = 50 n degrees; x' = 50 z cos a,
    /// depth -50 z sin a, w = 1 + 50 z sin a / 1000 for the right edge (and the mirror for the left).
    @Test func projectedEdgesByDistanceFromTheCentre() {
        // (offset, item, centre, right edge, left edge, top-right corner y)
        let cases: [(Double, Int, Double, Double, Double, Double)] = [
            // d = 0: z = 1.3, no rotation: ±65.
            (0, 0, 160, 65, -65, -65),
            // d = 48 = 0.5 maxD (midX 318, item 1 at 270): z = 1.15, a = 25 degrees.
            (158, 1, 270, 50.87637388465618, -53.41060483049644, -56.1358675412096),
            // d = 96 = maxD: z = 1, a = 50 degrees.
            (206, 1, 270, 30.953781855144452, -33.41941847508219, -48.155535963487715),
            // d = 150, beyond maxD: clamped to the maxD values.
            (150, 0, 160, 30.953781855144452, -33.41941847508219, -48.155535963487715),
            // d = -220 (item 2 right of the centre): a = -50 degrees, the mirror image.
            (0, 2, 380, 33.41941847508219, -30.953781855144452, -51.991385601504426),
        ]
        for (offset, item, centre, right, left, cornerY) in cases {
            let l = prepared(
                CoverFlowLayout.tutorial,
                viewState(320, 480, offset: Point(x: offset, y: 0), scale: 2, sections: [5]))
            let a = l.layoutAttributesForItem(at: ip(0, item))!
            expect(a.center.x == centre)
            expect(close(a.transformedPoint(Point(x: 100, y: 50)).x, centre + right, 1e-9))
            expect(close(a.transformedPoint(Point(x: 0, y: 50)).x, centre + left, 1e-9))
            expect(close(a.transformedPoint(Point(x: 100, y: 0)).y, 240 + cornerY, 1e-9))
        }
    }

    /// transform3D = Scale(z, z, 0) · RotateY(a) · Perspective(m34): the zero z scale clears row 3
    /// (where Perspective's m34 sits), so at the centre the matrix is diag(1.3, 1.3, 0, 1) and the
    /// perspective reaches the result only through m14 = -sin a x m34 once the cover turns. At
    /// a = -50 degrees: m11 = cos 50, m13 = sin 50, m14 = sin 50 x -0.001.
    @Test func matrices() {
        let l = prepared(CoverFlowLayout.tutorial, viewState(320, 480, sections: [3]))
        let t = l.layoutAttributesForItem(at: ip(0, 0))!.transform3D
        expect(close(t.m11, 1.3) && close(t.m22, 1.3) && t.m33 == 0 && t.m34 == 0 && t.m14 == 0)
        expect(t.m44 == 1 && t.m13 == 0 && t.m31 == 0)
        let far = l.layoutAttributesForItem(at: ip(0, 2))!.transform3D
        expect(close(far.m11, 0.6427876096865394) && close(far.m13, 0.766044443118978))
        expect(close(far.m14, -0.000766044443118978) && close(far.m22, 1))
        expect(far.m31 == 0 && far.m32 == 0 && far.m33 == 0 && far.m34 == 0)
    }

    @Test func snappingPicksTheNearestCover() {
        let l = prepared(CoverFlowLayout.tutorial, viewState(320, 480, scale: 2, sections: [5]))
        // Proposed 100: visible centre 260; item 1 (270) is nearest: offset 110.
        for v in [Point.zero, Point(x: 3000, y: 0), Point(x: -3000, y: 0)] {
            expect(
                l.targetContentOffset(forProposedContentOffset: Point(x: 100, y: 0), withScrollingVelocity: v)
                    == Point(x: 110, y: 0))
        }
        // Proposed 215: centre 375; item 2 (380) wins over item 1 (270).
        expect(
            l.targetContentOffset(forProposedContentOffset: Point(x: 215, y: 7), withScrollingVelocity: .zero)
                == Point(x: 220, y: 7))
        // The last cover: proposed 430 -> item 4 (600) -> 440.
        expect(
            l.targetContentOffset(forProposedContentOffset: Point(x: 430, y: 0), withScrollingVelocity: .zero)
                == Point(x: 440, y: 0))
        // Nothing in the proposed rect: unchanged (the original would add CGFLOAT_MAX).
        expect(
            l.targetContentOffset(
                forProposedContentOffset: Point(x: 5000, y: 0), withScrollingVelocity: .zero)
                == Point(x: 5000, y: 0))
        expect(l.shouldInvalidateLayout(forBoundsChange: Rect(x: 1, y: 0, width: 320, height: 480)))
    }

    /// 375 x 667 at scale 2 (at scale 3 the flow's pixel rounding would move 137.5 to 137.667):
    /// insets 137.5, centres 187.5 + 110 i; maxD 112.5. At offset 53.75 item 1 (297.5) is
    /// 56.25 = 0.5 maxD right of the centre (241.25): n = -0.5, a = -25 degrees.
    @Test func anotherViewSize() {
        let l = prepared(
            CoverFlowLayout.tutorial,
            viewState(375, 667, offset: Point(x: 53.75, y: 0), scale: 2, sections: [4]))
        let a = l.layoutAttributesForItem(at: ip(0, 1))!
        expect(a.center == Point(x: 297.5, y: 333.5))
        expect(close(a.transformedPoint(Point(x: 100, y: 50)).x, 297.5 + 53.41060483049644))
        expect(close(a.transformedPoint(Point(x: 0, y: 50)).x, 297.5 - 50.87637388465618))
        expect(l.collectionViewContentSize == Size(width: 137.5 * 2 + 400 + 30, height: 667))
    }

    @Test func edgeCases() {
        let none = prepared(CoverFlowLayout.tutorial, viewState(320, 480, sections: [0]))
        expect(allElements(none).isEmpty)
        expect(none.collectionViewContentSize.width == 0)
        expect(
            none.targetContentOffset(
                forProposedContentOffset: Point(x: 12, y: 0), withScrollingVelocity: .zero)
                == Point(x: 12, y: 0))
        // One cover: centred at offset 0, full zoom; content exactly one view wide.
        let one = prepared(CoverFlowLayout.tutorial, viewState(320, 480, sections: [1]))
        let a = one.layoutAttributesForItem(at: ip(0, 0))!
        expect(a.center.x == 160 && close(a.transform3D.m11, 1.3))
        expect(one.collectionViewContentSize.width == 320)
        // Two covers: first at 160, last at 270, content 430; the last centres at 110.
        let two = prepared(CoverFlowLayout.tutorial, viewState(320, 480, sections: [2]))
        expect(two.layoutAttributesForItem(at: ip(0, 1))?.center.x == 270)
        expect(two.collectionViewContentSize.width == 430)
        expect(
            two.targetContentOffset(
                forProposedContentOffset: Point(x: 90, y: 0), withScrollingVelocity: .zero)
                == Point(x: 110, y: 0))
        // A tall view still shows one row.
        let tall = prepared(CoverFlowLayout.tutorial, viewState(320, 2000, sections: [6]))
        expect(Set(allElements(tall).map(\.center.y)) == [1000])
    }

    @Test func registryParameters() throws {
        let d = try #require(LayoutRegistry.descriptor(for: "coverflow"))
        let defaults = Dictionary(uniqueKeysWithValues: d.parameters.map { ($0.name, $0.defaultValue) })
        expect(defaults["maxDistancePercentage"] == .some(nil))
        expect(defaults["minimumLineSpacing"] == .some(nil))
        expect(defaults["maxRotation"] == .number(60))
        expect(defaults["maxZoom"] == .number(0))
        expect(defaults["m34"] == .number(-0.002))
        expect(defaults["sideShift"] == .number(0.55))
        expect(defaults["zIndexByDistance"] == .bool(true))
        expect(defaults["itemSize"] == .numbers([160, 160]))
        expect(defaults["scrollDirection"] == .string("horizontal"))
        var l = try d.make(["sectionInset": .numbers([0, 20, 0, 20]), "maxZoom": .number(0)])
        l.prepare(viewState(320, 480, sections: [3]))
        expect(l.layoutAttributesForItem(at: ip(0, 0))?.center.x == 100)
        #expect(throws: LayoutParameterError.self) { try d.make(["scrollDirection": .string("vertical")]) }
        #expect(throws: LayoutParameterError.self) { try d.make(["maxDistancePercentage": .number(-1)]) }
        // Covers may overlap, but not run backwards.
        #expect(throws: LayoutParameterError.self) { try d.make(["minimumLineSpacing": .number(-161)]) }
        _ = try d.make(["minimumLineSpacing": .number(-160)])
    }

    /// The original's numbers given as scene parameters are the original's layout, element for
    /// element, wherever the view has scrolled.
    @Test func theOriginalsParametersGiveTheOriginalsAttributes() throws {
        let d = try #require(LayoutRegistry.descriptor(for: "coverflow"))
        let original = try d.make([
            "itemSize": .numbers([100, 100]), "minimumLineSpacing": .number(10),
            "maxDistancePercentage": .number(0.3), "maxRotation": .number(50), "maxZoom": .number(0.3),
            "m34": .number(-0.001), "sideShift": .number(0), "zIndexByDistance": .bool(false),
        ])
        for offset in [0.0, 37.5, 158, 440] {
            let state = viewState(320, 480, offset: Point(x: offset, y: 0), scale: 2, sections: [5])
            var a = original
            a.prepare(state)
            expect(allElements(a) == allElements(prepared(CoverFlowLayout.tutorial, state)))
        }
    }
}

/// The default look, the Music app's: big covers stacked closer than their width, pushed aside
/// so that the centred one is free, turned toward the centre and drawn by distance.
@Suite struct CoverFlowDefaultLookTests {
    /// 390 x 300, 160 pt covers: insets (390 - 160) / 2 = 115, spacing -0.75 x 160 = -120, so
    /// centres 40 apart (195 + 40 i) and maxD = 40; a full push is 0.55 x 160 = 88.
    func layout(offset: Double) -> CoverFlowLayout {
        prepared(
            CoverFlowLayout(), viewState(390, 300, offset: Point(x: offset, y: 0), scale: 2, sections: [9]))
    }

    @Test func coversOverlapAndStackByDistance() {
        let l = layout(offset: 80)  // item 2 centred (visible centre 275)
        let items = (0..<9).map { l.layoutAttributesForItem(at: ip(0, $0))! }
        for (i, a) in items.enumerated() {
            expect(a.center == Point(x: 195 + 40 * Double(i), y: 150))
            expect(a.size == Size(width: 160, height: 160))
            // zIndex -|distance|: nearer the centre is drawn later; equal distances tie.
            expect(a.zIndex == -40 * abs(i - 2))
        }
        // Closer than their width: each frame runs 120 pt under the next.
        expect(items[0].frame.maxX - items[1].frame.minX == 120)
        let content: Double = 115 * 2 + 9 * 160 - 8 * 120
        expect(l.collectionViewContentSize.width == content)
        // Every element the view asks for carries its zIndex too.
        expect(allElements(l).allSatisfy { $0.zIndex == -40 * abs($0.indexPath.item - 2) })
    }

    /// The centred cover is flat and unscaled; a neighbour at maxD (n = -1 on the right) turns
    /// -60 degrees, so its outer edge comes toward the viewer: local x = ±80 goes to x' = ±40,
    /// z = ±80 sin 60, w = 1 - 0.002 z; then it moves 88 pt outward.
    @Test func theNeighboursAreTurnedAndPushedClearOfTheCentre() {
        let l = layout(offset: 0)
        let centre = l.layoutAttributesForItem(at: ip(0, 0))!
        expect(centre.transformedPoint(Point(x: 160, y: 80)) == Point(x: 275, y: 150))
        expect(centre.transformedPoint(Point(x: 0, y: 0)) == Point(x: 115, y: 70))
        let right = l.layoutAttributesForItem(at: ip(0, 1))!
        let z = 80 * sin(60 * Double.pi / 180)
        let inner = right.transformedPoint(Point(x: 0, y: 80)).x
        let outer = right.transformedPoint(Point(x: 160, y: 80)).x
        expect(close(inner, 235 + 88 - 40 / (1 + 0.002 * z), 1e-9))
        expect(close(outer, 235 + 88 + 40 / (1 - 0.002 * z), 1e-9))
        // Clear of the centred cover's right edge (275), with the next cover under it.
        expect(inner > 275)
        let next = l.layoutAttributesForItem(at: ip(0, 2))!
        expect(next.transformedPoint(Point(x: 0, y: 80)).x < outer)
        expect(next.zIndex < right.zIndex)
        // The outer edge is the taller one: the cover faces the centre.
        let outerHeight =
            right.transformedPoint(Point(x: 160, y: 160)).y - right.transformedPoint(Point(x: 160, y: 0)).y
        let innerHeight =
            right.transformedPoint(Point(x: 0, y: 160)).y - right.transformedPoint(Point(x: 0, y: 0)).y
        expect(outerHeight > 160 && innerHeight < 160)
    }

    /// Half-way to maxD the cover is half turned and half pushed: continuous as it scrolls.
    @Test func halfWayIsHalfTurnedAndHalfPushed() {
        let l = layout(offset: 20)  // visible centre 215: item 1 (235) is 20 = maxD / 2 right
        let a = l.layoutAttributesForItem(at: ip(0, 1))!
        let mid = a.transformedPoint(Point(x: 80, y: 80))
        expect(close(mid.x, 235 + 44, 1e-9) && close(mid.y, 150, 1e-9))
        expect(a.zIndex == -20)
    }
}
