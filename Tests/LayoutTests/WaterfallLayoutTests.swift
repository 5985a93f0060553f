import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenLayout

@Suite struct WaterfallLayoutTests {
    /// Image sizes with aspect ratios 2, 1, 0.5, 2, 1 and one unknown (laid out square).
    static let images: [Size?] = [
        Size(width: 400, height: 200), Size(width: 300, height: 300), Size(width: 100, height: 200),
        Size(width: 640, height: 320), Size(width: 50, height: 50), nil,
    ]

    func state(_ width: Double, offset: Point = .zero, counts: [Int]) -> CollectionViewState {
        let sections = counts.enumerated().map { s, n in
            CollectionViewDataSource.Section(
                items: (0..<n).map {
                    CollectionViewDataSource.Item(imageSize: WaterfallLayoutTests.images[$0 % 6])
                },
                title: "S\(s)")
        }
        return CollectionViewState(
            bounds: Rect(origin: offset, size: Size(width: width, height: 480)),
            dataSource: CollectionViewDataSource(sections: sections))
    }

    /// 320 wide, 3 columns: column width floor(106.67) = 106; insets [6, 4, 6, 2] leave items
    /// 100 wide. Section 0 starts below its 40 pt header at y 40. Column heights (relative):
    /// item 0 (h 50) col 0 -> 56; item 1 (h 100) col 1 -> 106; item 2 (h 200) col 2 -> 206;
    /// item 3 (h 50) col 0 (56 shortest) at y 40 + 56 + 6 = 102 -> 112; item 4 (h 100) col 1 at
    /// 152 -> 212; item 5 (square) col 0 at 158. The section ends at item 5's bottom + 6.
    func layout(_ counts: [Int], width: Double = 320, offset: Point = .zero) -> WaterfallLayout {
        prepared(
            WaterfallLayout(
                columns: 3, itemInsets: EdgeInsets(top: 6, left: 4, bottom: 6, right: 2), headerHeight: 40),
            state(width, offset: offset, counts: counts))
    }

    @Test func shortestColumnPlacement() {
        for offset in [Point.zero, Point(x: 0, y: 120)] {
            let l = layout([6, 0], offset: offset)
            let frames = (0..<6).map { l.layoutAttributesForItem(at: ip(0, $0))!.frame }
            expect(frames[0] == Rect(x: 4, y: 46, width: 100, height: 50))
            expect(frames[1] == Rect(x: 110, y: 46, width: 100, height: 100))
            expect(frames[2] == Rect(x: 216, y: 46, width: 100, height: 200))
            expect(frames[3] == Rect(x: 4, y: 102, width: 100, height: 50))
            expect(frames[4] == Rect(x: 110, y: 152, width: 100, height: 100))
            expect(frames[5] == Rect(x: 4, y: 158, width: 100, height: 100))
            // Items of one column are inset.bottom apart.
            expect(frames[3].minY - frames[0].maxY == 6)
            // Section 0: 40 + (258 - 40 + 6) = 264; the empty section 1 keeps its header.
            let h1 = l.layoutAttributesForSupplementaryView(ofKind: "header", at: ip(1, 0))!
            expect(h1.frame == Rect(x: 0, y: 264, width: 320, height: 40))
            expect(h1.text == "S1")
            expect(
                l.layoutAttributesForSupplementaryView(ofKind: "header", at: ip(0, 0))?.frame
                    == Rect(x: 0, y: 0, width: 320, height: 40))
            expect(l.collectionViewContentSize == Size(width: 320, height: 304))
        }
    }

    /// With five items, item 4's bottom (252) is exactly the section's bottom (40 + 212), so the
    /// original does not grow the section by inset.bottom again: height 212, content 252.
    @Test func sectionGrowsOnlyWhenAnItemPokesOut() {
        let l = layout([5])
        expect(l.collectionViewContentSize == Size(width: 320, height: 252))
        // Without the quirk the section ends 6 below item 4: 40 + 252 - 40 + 6.
        var fixed = WaterfallLayout(
            columns: 3, itemInsets: EdgeInsets(top: 6, left: 4, bottom: 6, right: 2), headerHeight: 40,
            sectionGrowthQuirk: false)
        fixed.prepare(state(320, counts: [5]))
        expect(fixed.collectionViewContentSize == Size(width: 320, height: 258))
        expect(fixed.layoutAttributesForItem(at: ip(0, 4)) == l.layoutAttributesForItem(at: ip(0, 4)))
    }

    /// Ties go to the left-most column: equal items fill columns 0, 1, 2, then 0 again (the
    /// book's zero insets).
    @Test func tiesGoLeft() {
        let data = CollectionViewDataSource(sections: [.init(count: 4)])
        let l = prepared(
            WaterfallLayout(itemInsets: .zero),
            CollectionViewState(bounds: Rect(x: 0, y: 0, width: 300, height: 400), dataSource: data))
        expect(
            (0..<4).map { l.layoutAttributesForItem(at: ip(0, $0))!.frame.origin } == [
                Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 200, y: 0), Point(x: 0, y: 100),
            ])
        expect(l.collectionViewContentSize == Size(width: 300, height: 200))
        expect(l.layoutAttributesForSupplementaryView(ofKind: "header", at: ip(0, 0)) == nil)
    }

    /// 600 wide: column width 200, items 194 wide; aspect 2 gives 97.
    /// The default has gutters, as a Pinterest board does: tiles 8 pt apart, 4 pt from the top
    /// and sides.
    @Test func theDefaultHasGutters() {
        let data = CollectionViewDataSource(sections: [.init(count: 4)])
        let l = prepared(
            WaterfallLayout(),
            CollectionViewState(bounds: Rect(x: 0, y: 0, width: 300, height: 400), dataSource: data))
        expect(l.layoutAttributesForItem(at: ip(0, 0))?.frame == Rect(x: 4, y: 4, width: 92, height: 92))
        expect(l.layoutAttributesForItem(at: ip(0, 1))?.frame == Rect(x: 104, y: 4, width: 92, height: 92))
        expect(l.layoutAttributesForItem(at: ip(0, 3))?.frame == Rect(x: 4, y: 104, width: 92, height: 92))
        let d = WaterfallLayout.descriptor
        expect(d.parameters.first { $0.name == "itemInsets" }?.defaultValue == .numbers([4, 4, 8, 4]))
    }

    @Test func anotherWidth() {
        let l = layout([3], width: 600)
        expect(l.layoutAttributesForItem(at: ip(0, 0))?.frame == Rect(x: 4, y: 46, width: 194, height: 97))
        expect(
            l.layoutAttributesForItem(at: ip(0, 2))?.frame == Rect(x: 404, y: 46, width: 194, height: 388))
        expect(l.collectionViewContentSize == Size(width: 600, height: 40 + 388 + 6 + 6))
        expect(l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 480, height: 600)))
        expect(!l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 200, width: 600, height: 100)))
    }

    @Test func elementsInRect() {
        let l = layout([6, 0])
        let head = l.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 45))
        expect(head.count == 1 && head[0].representedElementKind == "header")
        let spot = l.layoutAttributesForElements(in: Rect(x: 100, y: 150, width: 10, height: 5))
        expect(spot.map(\.indexPath) == [ip(0, 3)])
        for rect in [
            Rect(x: 0, y: 0, width: 320, height: 480), Rect(x: 0, y: 250, width: 320, height: 60),
            Rect(x: 200, y: 100, width: 30, height: 30),
        ] {
            expect(rectQueryIsExact(l, rect))
        }
    }

    @Test func edgeCases() {
        let none = layout([])
        expect(none.collectionViewContentSize == Size(width: 320, height: 0))
        expect(allElements(none).isEmpty)
        let one = layout([1])
        expect(one.layoutAttributesForItem(at: ip(0, 0))?.frame == Rect(x: 4, y: 46, width: 100, height: 50))
        expect(one.collectionViewContentSize == Size(width: 320, height: 40 + 62))
        expect(one.layoutAttributesForItem(at: ip(0, 1)) == nil)
        expect(
            one.targetContentOffset(
                forProposedContentOffset: Point(x: 0, y: 7), withScrollingVelocity: Point(x: 0, y: -300))
                == Point(x: 0, y: 7))
    }

    @Test func registryParameters() throws {
        let d = try #require(LayoutRegistry.descriptor(for: "waterfall"))
        expect(d.parameters.map(\.name) == ["columns", "itemInsets", "headerHeight", "sectionGrowthQuirk"])
        expect(
            d.parameters.map(\.defaultValue) == [
                .number(3), .numbers([4, 4, 8, 4]), .number(0), .bool(true),
            ])
        #expect(throws: LayoutParameterError.self) { try d.make(["headerHeight": .number(-1)]) }
        #expect(throws: LayoutParameterError.self) { try d.make(["columns": .string("3")]) }
        #expect(throws: LayoutParameterError.self) { try d.make(["itemInsets": .number(4)]) }
    }
}
