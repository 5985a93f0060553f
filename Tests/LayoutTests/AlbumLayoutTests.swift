import Foundation
import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenLayout

@Suite struct AlbumLayoutTests {
    /// docs/design/layouts.md §4.3's worked example: 320 pt portrait, 12 albums. spacingX = 320 - 44 - 250
    /// = 26, columns at x 22 and 173, rows at y 22 + 163 row, content height 1001.
    func portrait(offset: Point = .zero, sections: [Int] = Array(repeating: 3, count: 12), seed: UInt64 = 7)
        -> AlbumLayout
    {
        prepared(AlbumLayout(), viewState(320, 568, offset: offset, scale: 2, sections: sections, seed: seed))
    }

    @Test func portraitGridMatchesTheWorkedExample() {
        for offset in [Point.zero, Point(x: 0, y: 400)] {
            let l = portrait(offset: offset)
            expect(l.collectionViewContentSize == Size(width: 320, height: 1001))
            expect(
                l.layoutAttributesForItem(at: ip(0, 0))?.frame == Rect(x: 22, y: 22, width: 125, height: 125))
            expect(l.layoutAttributesForItem(at: ip(3, 1))?.center == Point(x: 235.5, y: 247.5))
            expect(
                l.layoutAttributesForItem(at: ip(11, 2))?.frame
                    == Rect(x: 173, y: 837, width: 125, height: 125))
            // Every photo of a stack shares its frame.
            expect(
                l.layoutAttributesForItem(at: ip(3, 0))?.frame
                    == l.layoutAttributesForItem(at: ip(3, 2))?.frame)
        }
    }

    @Test func landscapeUsesThreeColumnsAndItsInsets() {
        // 568 x 320: spacingX = (568 - 50 - 375) / 2 = 71.5; x = 25, floor(221.5), 418; 4 rows.
        let l = prepared(
            AlbumLayout(), viewState(568, 320, sections: Array(repeating: 2, count: 12), seed: 7))
        expect(l.layoutAttributesForItem(at: ip(0, 0))?.frame.origin == Point(x: 25, y: 22))
        expect(l.layoutAttributesForItem(at: ip(4, 0))?.frame.origin == Point(x: 221, y: 185))
        expect(l.layoutAttributesForItem(at: ip(5, 1))?.frame.origin == Point(x: 418, y: 185))
        expect(l.collectionViewContentSize == Size(width: 568, height: 22 + 500 + 36 + 104 + 13))
        expect(l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 320, height: 568)))
        expect(!l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 90, width: 568, height: 320)))
    }

    @Test func zIndexPutsTheFirstPhotoOnTop() {
        let l = portrait(sections: [4, 2])
        expect((0..<4).map { l.layoutAttributesForItem(at: ip(0, $0))!.zIndex } == [104, 103, 102, 101])
        expect(l.layoutAttributesForItem(at: ip(1, 1))?.zIndex == 101)
    }

    @Test func tiltTableFollowsTheOriginalsRules() {
        let q = AlbumLayout.tiltFractions(count: 32, seed: 7)
        expect(q.count == 32)
        expect(abs(q[0]) >= 0.006 - 1e-12)
        for (i, v) in q.enumerated() {
            expect(v >= -0.0110 - 1e-12 && v <= 0.0109 + 1e-12)
            // Whole steps of 0.0001.
            expect(abs(v * 10000 - (v * 10000).rounded()) < 1e-6)
            if i > 0 { expect(abs(v - q[i - 1]) >= 0.006 - 1e-12) }
        }
        expect(AlbumLayout.tiltFractions(count: 32, seed: 7) == q)
        expect(AlbumLayout.tiltFractions(count: 32, seed: 8) != q)
    }

    /// Item (s, j) turns by 2 pi (1 + q[(3 s + j) mod 32]) about z, about its centre: the
    /// top-left corner (-62.5, -62.5 from the centre) goes to (x c - y s, x s + y c).
    @Test func photosAreTiltedBySeededRotationsAboutTheirCentre() {
        let l = portrait(seed: 7)
        let q = AlbumLayout.tiltFractions(count: 32, seed: 7)
        for (path, slot) in [(ip(3, 1), 10), (ip(11, 0), 1), (ip(10, 2), 0), (ip(0, 0), 0)] {
            let a = l.layoutAttributesForItem(at: path)!
            let angle = 2 * Double.pi * (1 + q[slot])
            let (c, s) = (cos(angle), sin(angle))
            let corner = a.transformedPoint(Point(x: 0, y: 0))
            let expected = Point(
                x: a.center.x + (-62.5 * c - -62.5 * s), y: a.center.y + (-62.5 * s + -62.5 * c))
            expect(close(corner, expected, 1e-9))
            expect(a.transform3D.m34 == 0 && close(a.transform3D.m33, 1))
        }
        // Same seed, same tilts; another seed changes them.
        expect(
            portrait(seed: 7).layoutAttributesForItem(at: ip(5, 1)) == l.layoutAttributesForItem(at: ip(5, 1))
        )
        expect(
            portrait(seed: 9).layoutAttributesForItem(at: ip(5, 1))?.transform3D
                != l.layoutAttributesForItem(at: ip(5, 1))?.transform3D)
    }

    @Test func titlesBelowStacksAndTheEmblemAboveTheContent() {
        let l = prepared(
            AlbumLayout(),
            viewState(320, 568, sections: [3, 2, 0, 1], titles: ["Beach", "Snow", "Empty", "Zoo"]))
        let t = l.layoutAttributesForSupplementaryView(ofKind: "title", at: ip(1, 0))!
        expect(t.frame == Rect(x: 173, y: 147, width: 125, height: 26))
        expect(t.text == "Snow" && t.zIndex == 0)
        expect(l.layoutAttributesForSupplementaryView(ofKind: "title", at: ip(1, 1)) == nil)
        // An empty album has neither photos nor a title, but keeps its grid slot.
        expect(l.layoutAttributesForItem(at: ip(2, 0)) == nil)
        expect(l.layoutAttributesForSupplementaryView(ofKind: "title", at: ip(2, 0)) == nil)
        expect(l.layoutAttributesForItem(at: ip(3, 0))?.frame.origin == Point(x: 173, y: 185))
        let e = l.layoutAttributesForDecorationView(ofKind: "emblem", at: ip(0, 0))!
        expect(e.frame == Rect(x: 110, y: -130, width: 100, height: 100))
        expect(e.representedElementCategory == .decorationView)
        expect(l.layoutAttributesForDecorationView(ofKind: "emblem", at: ip(1, 0)) == nil)
    }

    @Test func elementsInRect() {
        let l = portrait(sections: Array(repeating: 2, count: 12))
        let top = l.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 100))
        expect(Set(top.map(\.indexPath)) == [ip(0, 0), ip(0, 1), ip(1, 0), ip(1, 1)])
        expect(top.allSatisfy { $0.representedElementCategory == .cell })
        let pulled = l.layoutAttributesForElements(in: Rect(x: 0, y: -150, width: 320, height: 140))
        expect(pulled.count == 1 && pulled[0].representedElementKind == "emblem")
        let corner = l.layoutAttributesForElements(in: Rect(x: 0, y: 140, width: 100, height: 10))
        expect(corner.count == 3)
        expect(corner.filter { $0.representedElementKind == "title" }.map(\.indexPath) == [ip(0, 0)])
        for rect in [
            Rect(x: 0, y: 0, width: 320, height: 568), Rect(x: 150, y: 300, width: 20, height: 400),
            Rect(x: 0, y: -200, width: 320, height: 1300),
        ] {
            expect(rectQueryIsExact(l, rect))
        }
    }

    @Test func edgeCases() {
        // No sections: top - spacing + bottom = 22 - 12 + 13, the original's formula.
        let none = portrait(sections: [])
        expect(none.collectionViewContentSize == Size(width: 320, height: 23))
        expect(allElements(none).map(\.representedElementKind) == ["emblem"])
        // One album with one photo: one row.
        let one = portrait(sections: [1])
        expect(one.collectionViewContentSize == Size(width: 320, height: 22 + 125 + 26 + 13))
        expect(one.layoutAttributesForItem(at: ip(0, 0))?.zIndex == 101)
        expect(one.layoutAttributesForItem(at: ip(0, 1)) == nil)
        expect(
            one.targetContentOffset(
                forProposedContentOffset: Point(x: 0, y: 33), withScrollingVelocity: Point(x: 0, y: 500))
                == Point(x: 0, y: 33))
    }

    @Test func registryParameters() throws {
        let d = try #require(LayoutRegistry.descriptor(for: "album"))
        expect(
            d.parameters.map(\.name) == [
                "columns", "landscapeColumns", "itemInsets", "landscapeItemInsets", "itemSize",
                "interItemSpacingY",
                "titleHeight", "rotationCount", "rotationStride", "baseZIndex", "emblemSize", "emblemGap",
            ])
        var l = try d.make(["columns": .number(3), "itemSize": .numbers([100, 100])])
        l.prepare(viewState(320, 568, sections: [1, 1, 1, 1]))
        // spacingX = (320 - 44 - 300) / 2 = -12: the stacks overlap, as the original would.
        expect(l.layoutAttributesForItem(at: ip(1, 0))?.frame.origin == Point(x: 110, y: 22))
        expect(l.layoutAttributesForItem(at: ip(3, 0))?.frame.origin == Point(x: 22, y: 160))
        #expect(throws: LayoutParameterError.self) { try d.make(["columns": .number(0)]) }
        #expect(throws: LayoutParameterError.self) { try d.make(["columns": .number(2.5)]) }
        #expect(throws: LayoutParameterError.self) { try d.make(["itemInsets": .numbers([1, 2, 3])]) }
    }
}
