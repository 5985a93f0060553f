import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenLayout

@Suite struct FlowLayoutTests {
    func frame(_ l: FlowLayout, _ s: Int, _ i: Int) -> Rect? {
        l.layoutAttributesForItem(at: ip(s, i))?.frame
    }

    /// 320 wide: 5 items of 50 fit (50 + 4 * 60 = 290); the 70 pt left over makes 4 gaps of 17.5.
    /// The last line's 2 items stand in the first two columns.
    @Test func verticalLinesAreJustifiedAndTheLastLineFollowsTheColumns() {
        let l = prepared(FlowLayout(), viewState(320, 480, scale: 2, sections: [7]))
        let xs = [0, 67.5, 135, 202.5, 270]
        for i in 0..<5 { expect(frame(l, 0, i) == Rect(x: xs[i], y: 0, width: 50, height: 50)) }
        expect(frame(l, 0, 5) == Rect(x: 0, y: 60, width: 50, height: 50))
        expect(frame(l, 0, 6) == Rect(x: 67.5, y: 60, width: 50, height: 50))
        expect(l.layoutAttributesForItem(at: ip(0, 3))?.center == Point(x: 227.5, y: 25))
        expect(l.collectionViewContentSize == Size(width: 320, height: 110))
        expect(frame(l, 0, 7) == nil)
        let a = l.layoutAttributesForItem(at: ip(0, 4))!
        expect(a.transform3D == .identity && a.alpha == 1 && a.zIndex == 0 && !a.isHidden)
    }

    /// At scale 1 the half points round to whole pixels (a tie goes up, as UIKit's).
    @Test func framesAreRoundedToWholePixels() {
        let l = prepared(FlowLayout(), viewState(320, 480, scale: 1, sections: [7]))
        expect(frame(l, 0, 1) == Rect(x: 68, y: 0, width: 50, height: 50))
        expect(frame(l, 0, 3) == Rect(x: 203, y: 0, width: 50, height: 50))
        expect(frame(l, 0, 6) == Rect(x: 68, y: 60, width: 50, height: 50))
    }

    /// 375 wide: 6 items fit (50 + 5 * 60 = 350), gaps (375 - 300) / 5 = 15; the attributes do not
    /// depend on the content offset.
    @Test func anotherWidthAndOffsets() {
        for offset in [Point(x: 0, y: 0), Point(x: 0, y: 37.5), Point(x: 0, y: -64)] {
            let l = prepared(FlowLayout(), viewState(375, 667, offset: offset, scale: 3, sections: [7]))
            let xs = [0.0, 65, 130, 195, 260, 325]
            for i in 0..<6 { expect(frame(l, 0, i) == Rect(x: xs[i], y: 0, width: 50, height: 50)) }
            expect(frame(l, 0, 6) == Rect(x: 0, y: 60, width: 50, height: 50))
            expect(l.collectionViewContentSize == Size(width: 375, height: 110))
        }
    }

    /// An item that leaves no room for a second one is centred, on every line.
    @Test func aLineThatHoldsOneItemCentresIt() {
        let flow = FlowLayout(itemSize: Size(width: 200, height: 100))
        let l = prepared(flow, viewState(320, 480, sections: [3]))
        for i in 0..<3 {
            expect(frame(l, 0, i) == Rect(x: 60, y: Double(i) * 110, width: 200, height: 100))
        }
        expect(l.collectionViewContentSize == Size(width: 320, height: 320))
        // One small item alone in its section stands in the first column of a justified line.
        let one = prepared(FlowLayout(), viewState(320, 480, sections: [1]))
        expect(frame(one, 0, 0) == Rect(x: 0, y: 0, width: 50, height: 50))
        expect(one.collectionViewContentSize == Size(width: 320, height: 50))
    }

    /// Sizes 100x40, 80x60, 100x20 share a line of 320: gaps (320 - 280) / 2 = 20, the line is 60
    /// tall and each item is centred across it.
    @Test func itemsOfDifferentSizesAreCentredAcrossTheirLine() {
        let sizes = [Size(width: 100, height: 40), Size(width: 80, height: 60), Size(width: 100, height: 20)]
        let flow = FlowLayout(sizeForItem: { p, _ in sizes[p.item] })
        let l = prepared(flow, viewState(320, 480, sections: [3]))
        expect(frame(l, 0, 0) == Rect(x: 0, y: 10, width: 100, height: 40))
        expect(frame(l, 0, 1) == Rect(x: 120, y: 0, width: 80, height: 60))
        expect(frame(l, 0, 2) == Rect(x: 220, y: 20, width: 100, height: 20))
        expect(l.collectionViewContentSize == Size(width: 320, height: 60))
    }

    /// Header 30, inset [5, 10, 15, 10], footer 20; the second section is empty. The 300 pt of
    /// line hold 5 items; 50 left over gives gaps of 12.5 (72.5 rounds to 73 at scale 1).
    func headerLayout(offset: Point = .zero) -> FlowLayout {
        let flow = FlowLayout(
            sectionInset: EdgeInsets(top: 5, left: 10, bottom: 15, right: 10),
            headerReferenceSize: Size(width: 0, height: 30), footerReferenceSize: Size(width: 0, height: 20))
        return prepared(
            flow, viewState(320, 480, offset: offset, sections: [3, 0], titles: ["Beach", "Snow"]))
    }

    @Test func headersFootersAndInsets() {
        let l = headerLayout()
        let h0 = l.layoutAttributesForSupplementaryView(ofKind: "header", at: ip(0, 0))!
        expect(h0.frame == Rect(x: 0, y: 0, width: 320, height: 30))
        expect(h0.text == "Beach")
        expect(h0.representedElementCategory == .supplementaryView)
        expect(frame(l, 0, 0) == Rect(x: 10, y: 35, width: 50, height: 50))
        expect(frame(l, 0, 1) == Rect(x: 73, y: 35, width: 50, height: 50))
        expect(frame(l, 0, 2) == Rect(x: 135, y: 35, width: 50, height: 50))
        let f0 = l.layoutAttributesForSupplementaryView(ofKind: "footer", at: ip(0, 0))!
        expect(f0.frame == Rect(x: 0, y: 100, width: 320, height: 20))
        // The empty section keeps its header, insets and footer.
        let h1 = l.layoutAttributesForSupplementaryView(ofKind: "header", at: ip(1, 0))!
        expect(h1.frame == Rect(x: 0, y: 120, width: 320, height: 30))
        expect(h1.text == "Snow")
        expect(
            l.layoutAttributesForSupplementaryView(ofKind: "footer", at: ip(1, 0))?.frame
                == Rect(x: 0, y: 170, width: 320, height: 20))
        expect(l.collectionViewContentSize == Size(width: 320, height: 190))
        expect(l.layoutAttributesForSupplementaryView(ofKind: "header", at: ip(2, 0)) == nil)
        expect(l.layoutAttributesForSupplementaryView(ofKind: "title", at: ip(0, 0)) == nil)
    }

    @Test func zeroReferenceSizesMeanNoViews() {
        let l = prepared(FlowLayout(), viewState(320, 480, sections: [2]))
        expect(l.layoutAttributesForSupplementaryView(ofKind: "header", at: ip(0, 0)) == nil)
        expect(allElements(l).allSatisfy { $0.representedElementCategory == .cell })
    }

    @Test func elementsInRect() {
        let l = headerLayout()
        let top = l.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 40))
        expect(top.map(\.indexPath) == [ip(0, 0), ip(0, 0), ip(0, 1), ip(0, 2)])
        expect(top.first?.representedElementKind == "header")
        let mid = l.layoutAttributesForElements(in: Rect(x: 0, y: 86, width: 320, height: 30))
        expect(mid.count == 1 && mid[0].representedElementKind == "footer")
        // x 65...130 at y 40 only meets item 1 (73...123).
        let narrow = l.layoutAttributesForElements(in: Rect(x: 65, y: 40, width: 65, height: 1))
        expect(narrow.map(\.indexPath) == [ip(0, 1)])
        expect(l.layoutAttributesForElements(in: Rect(x: 0, y: 500, width: 320, height: 100)).isEmpty)
        for rect in [
            Rect(x: 0, y: 0, width: 320, height: 480), Rect(x: 100, y: 30, width: 5, height: 100),
            Rect(x: -10, y: 119, width: 20, height: 60), Rect(x: 0, y: 189.5, width: 320, height: 10),
        ] {
            expect(rectQueryIsExact(l, rect))
        }
    }

    /// The content inset narrows the lines: 300 pt hold 5 items with gaps of 12.5.
    @Test func contentInsetNarrowsTheLines() {
        let state = viewState(
            320, 480, scale: 2, inset: EdgeInsets(top: 0, left: 10, bottom: 0, right: 10), sections: [5])
        let l = prepared(FlowLayout(), state)
        expect(frame(l, 0, 4) == Rect(x: 250, y: 0, width: 50, height: 50))
        expect(frame(l, 0, 1) == Rect(x: 62.5, y: 0, width: 50, height: 50))
        expect(l.collectionViewContentSize == Size(width: 300, height: 50))
    }

    /// Horizontal: lines are columns. 200 pt of height hold 3 items (50 + 2 * 60 = 170), gaps 25.
    @Test func horizontalScrolling() {
        let flow = FlowLayout(scrollDirection: .horizontal, headerReferenceSize: Size(width: 40, height: 0))
        for offset in [Point.zero, Point(x: 90, y: 0)] {
            let l = prepared(flow, viewState(320, 200, offset: offset, sections: [7], titles: ["T"]))
            expect(
                l.layoutAttributesForSupplementaryView(ofKind: "header", at: ip(0, 0))?.frame
                    == Rect(x: 0, y: 0, width: 40, height: 200))
            expect(frame(l, 0, 0) == Rect(x: 40, y: 0, width: 50, height: 50))
            expect(frame(l, 0, 2) == Rect(x: 40, y: 150, width: 50, height: 50))
            expect(frame(l, 0, 4) == Rect(x: 100, y: 75, width: 50, height: 50))
            expect(frame(l, 0, 6) == Rect(x: 160, y: 0, width: 50, height: 50))
            expect(l.collectionViewContentSize == Size(width: 210, height: 200))
            expect(rectQueryIsExact(l, Rect(x: 95, y: 0, width: 10, height: 200)))
        }
    }

    @Test func emptyData() {
        let none = prepared(FlowLayout(), viewState(320, 480, sections: []))
        expect(none.collectionViewContentSize == Size(width: 320, height: 0))
        expect(allElements(none).isEmpty)
        expect(none.layoutAttributesForItem(at: ip(0, 0)) == nil)
        let empty = prepared(
            FlowLayout(sectionInset: EdgeInsets(top: 4, left: 0, bottom: 6, right: 0)),
            viewState(320, 480, sections: [0, 0]))
        expect(empty.collectionViewContentSize == Size(width: 320, height: 20))
        expect(allElements(empty).isEmpty)
    }

    @Test func firstAndLastItemsOfSeveralSections() {
        let l = prepared(FlowLayout(minimumLineSpacing: 20), viewState(320, 480, sections: [6, 1]))
        expect(frame(l, 0, 0) == Rect(x: 0, y: 0, width: 50, height: 50))
        expect(frame(l, 0, 5) == Rect(x: 0, y: 70, width: 50, height: 50))
        // Sections follow each other directly (no line spacing between sections).
        expect(frame(l, 1, 0) == Rect(x: 0, y: 120, width: 50, height: 50))
        expect(l.collectionViewContentSize == Size(width: 320, height: 170))
    }

    @Test func invalidatesOnResizeNotOnScroll() {
        let l = prepared(FlowLayout(), viewState(320, 480, sections: [7]))
        expect(!l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 300, width: 320, height: 480)))
        expect(l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 480, height: 320)))
    }

    @Test func noSnapping() {
        let l = prepared(FlowLayout(), viewState(320, 480, sections: [40]))
        let p = Point(x: 0, y: 123.4)
        expect(
            l.targetContentOffset(forProposedContentOffset: p, withScrollingVelocity: Point(x: 0, y: 2000))
                == p)
        expect(l.targetContentOffset(forProposedContentOffset: p) == p)
    }

    @Test func lineFillingRule() {
        let lines = FlowLayout.lineOffsets(
            crossSizes: [50, 50, 50, 50, 50, 50, 50], available: 320, spacing: 10)
        expect(lines.map(\.indices) == [0..<5, 5..<7])
        expect(lines[1].offsets == [0, 67.5])
        // Wider than the line: alone, centred (overhanging both sides).
        expect(FlowLayout.lineOffsets(crossSizes: [400], available: 320, spacing: 10)[0].offsets == [-40])
    }

    /// Per-section insets from the delegate: section 1 is indented by 100 on both sides, so 120 pt
    /// hold 2 items with a 20 pt gap.
    @Test func insetForSectionOverridesTheSectionInset() {
        let flow = FlowLayout(insetForSection: { s, _ in
            s == 1 ? EdgeInsets(top: 0, left: 100, bottom: 0, right: 100) : .zero
        })
        let l = prepared(flow, viewState(320, 480, sections: [1, 3]))
        expect(frame(l, 1, 0) == Rect(x: 100, y: 50, width: 50, height: 50))
        expect(frame(l, 1, 1) == Rect(x: 170, y: 50, width: 50, height: 50))
        expect(frame(l, 1, 2) == Rect(x: 100, y: 110, width: 50, height: 50))
    }

    /// An item wider than the view overhangs both sides and is still found at its edges.
    @Test func overhangingItemsAreFoundByTheRectQuery() {
        let l = prepared(
            FlowLayout(itemSize: Size(width: 400, height: 50)), viewState(320, 480, sections: [2]))
        expect(frame(l, 0, 0) == Rect(x: -40, y: 0, width: 400, height: 50))
        let left = l.layoutAttributesForElements(in: Rect(x: -30, y: 0, width: 10, height: 200))
        expect(left.map(\.indexPath) == [ip(0, 0), ip(0, 1)])
    }

    /// Zero-size items with a tiny spacing: one line, finished quickly.
    @Test func degenerateSizesFinish() {
        let flow = FlowLayout(itemSize: .zero, minimumLineSpacing: 0, minimumInteritemSpacing: 1e-12)
        let l = prepared(flow, viewState(320, 480, sections: [3]))
        expect(l.collectionViewContentSize == Size(width: 320, height: 0))
        expect(l.layoutAttributesForItem(at: ip(0, 2))?.size == .zero)
    }
}
