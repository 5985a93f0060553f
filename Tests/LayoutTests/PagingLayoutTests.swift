import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenLayout

@Suite struct PagingLayoutTests {
    /// 320 x 200, 5 per page: slots 64 wide, 60 pt cells 2 pt into their slot, y = 70.
    func pager(_ offset: Double, items: Int = 12, width: Double = 320, height: Double = 200) -> PagingLayout {
        prepared(
            PagingLayout(),
            viewState(width, height, offset: Point(x: offset, y: 0), scale: 2, sections: [items]))
    }

    func indicators(_ l: PagingLayout) -> (left: Bool, right: Bool) {
        let kinds = Set(allElements(l).compactMap(\.representedElementKind))
        return (
            kinds.contains(PagingLayout.leftIndicatorKind), kinds.contains(PagingLayout.rightIndicatorKind)
        )
    }

    @Test func pagesOfFiveCells() {
        let l = pager(0)
        expect(l.layoutAttributesForItem(at: ip(0, 0))?.frame == Rect(x: 2, y: 70, width: 60, height: 60))
        expect(l.layoutAttributesForItem(at: ip(0, 4))?.frame == Rect(x: 258, y: 70, width: 60, height: 60))
        expect(l.layoutAttributesForItem(at: ip(0, 5))?.frame == Rect(x: 322, y: 70, width: 60, height: 60))
        // Item 11: page 2, slot 1.
        expect(l.layoutAttributesForItem(at: ip(0, 11))?.frame == Rect(x: 706, y: 70, width: 60, height: 60))
        expect(l.collectionViewContentSize == Size(width: 960, height: 200))
        expect(l.layoutAttributesForItem(at: ip(0, 12)) == nil)
    }

    /// First page: only the right indicator; a middle page: both; the last page: only the left.
    @Test func indicatorVisibility() {
        expect(indicators(pager(0)) == (false, true))
        expect(indicators(pager(320)) == (true, true))
        expect(indicators(pager(640)) == (true, false))
        let l = pager(320)
        let left = l.layoutAttributesForDecorationView(ofKind: "leftIndicator", at: ip(0, 0))!
        let right = l.layoutAttributesForDecorationView(ofKind: "rightIndicator", at: ip(0, 0))!
        expect(left.frame == Rect(x: 320, y: 80, width: 20, height: 40) && !left.isHidden)
        expect(right.frame == Rect(x: 620, y: 80, width: 20, height: 40) && !right.isHidden)
        expect(left.zIndex == 1 && left.representedElementCategory == .decorationView)
        expect(
            pager(0).layoutAttributesForDecorationView(ofKind: "leftIndicator", at: ip(0, 0))?.isHidden
                == true)
        expect(pager(0).layoutAttributesForDecorationView(ofKind: "other", at: ip(0, 0)) == nil)
        expect(l.shouldInvalidateLayout(forBoundsChange: Rect(x: 321, y: 0, width: 320, height: 200)))
    }

    /// Every offset of a fast fling: the indicators match the cells beyond each edge, computed
    /// here by brute force from the cell frames. Item 0 starts at x 2, so the left indicator
    /// appears once the offset passes 2; item 11 ends at 766, so the right one goes at 446.
    @Test func indicatorsAtEveryFrameOfAFling() {
        expect(indicators(pager(2)) == (false, true))
        expect(indicators(pager(2.5)) == (true, true))
        expect(indicators(pager(445.5)) == (true, true))
        expect(indicators(pager(446)) == (true, false))
        var x = -80.0
        while x < 1000 {
            let l = pager(x)
            let cells = allElements(l).filter { $0.representedElementCategory == .cell }
            expect(cells.count == 12)
            let beyondLeft = cells.contains { $0.frame.minX < x }
            let beyondRight = cells.contains { $0.frame.maxX > x + 320 }
            expect(indicators(l) == (beyondLeft, beyondRight), "offset \(x)")
            x += 37.25
        }
    }

    @Test func snappingToPages() {
        let l = pager(0)
        func snap(_ x: Double) -> Point {
            l.targetContentOffset(forProposedContentOffset: Point(x: x, y: 3), withScrollingVelocity: .zero)
        }
        expect(snap(100) == Point(x: 0, y: 3))
        expect(snap(500) == Point(x: 640, y: 3))
        expect(snap(170) == Point(x: 320, y: 3))
        expect(snap(5000) == Point(x: 640, y: 3))
        expect(snap(-400) == Point(x: 0, y: 3))
    }

    /// 375 x 100 at scale 2 with 3 per page: slots 125, cells at 32.5 + 125 j, y 20.
    @Test func anotherViewSize() throws {
        var l = try #require(LayoutRegistry.descriptor(for: "paging")).make(["itemsPerPage": .number(3)])
        l.prepare(viewState(375, 100, offset: Point(x: 375, y: 0), scale: 2, sections: [4, 3]))
        expect(
            l.layoutAttributesForItem(at: ip(0, 2))?.frame == Rect(x: 282.5, y: 20, width: 60, height: 60))
        // Sections follow each other: [1, 0] is the fifth item, page 1 slot 1.
        expect(
            l.layoutAttributesForItem(at: ip(1, 0))?.frame
                == Rect(x: 375 + 157.5, y: 20, width: 60, height: 60))
        expect(l.collectionViewContentSize == Size(width: 1125, height: 100))
        let kinds = Set(allElements(l).compactMap(\.representedElementKind))
        expect(kinds == ["leftIndicator", "rightIndicator"])
    }

    @Test func edgeCases() {
        let none = pager(0, items: 0)
        expect(allElements(none).isEmpty)
        expect(none.collectionViewContentSize == Size(width: 0, height: 200))
        expect(
            none.targetContentOffset(
                forProposedContentOffset: Point(x: 50, y: 0), withScrollingVelocity: .zero)
                == .zero)
        expect(indicators(pager(0, items: 1)) == (false, false))
        expect(indicators(pager(0, items: 2)) == (false, false))
        expect(indicators(pager(0, items: 5)) == (false, false))
        expect(indicators(pager(0, items: 6)) == (false, true))
        // Pulled past the start, the first cell is still inside: no left indicator.
        expect(indicators(pager(-30, items: 6)) == (false, true))
    }

    @Test func registryParameters() throws {
        let d = try #require(LayoutRegistry.descriptor(for: "paging"))
        let defaults = Dictionary(uniqueKeysWithValues: d.parameters.map { ($0.name, $0.defaultValue) })
        expect(defaults["itemsPerPage"] == .number(5))
        expect(defaults["itemSize"] == .numbers([60, 60]))
        expect(defaults["indicatorSize"] == .numbers([20, 40]))
        #expect(throws: LayoutParameterError.self) { try d.make(["itemsPerPage": .number(0)]) }
        #expect(throws: LayoutParameterError.self) { try d.make(["indicatorSize": .numbers([1])]) }
    }
}
