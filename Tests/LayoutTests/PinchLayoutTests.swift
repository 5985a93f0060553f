import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenLayout

@Suite struct PinchLayoutTests {
    /// The flow grid of 320 x 480 (scale 2): item 3 at (202.5, 0), centre (227.5, 25).
    @Test func cellsGatherTowardThePinchCentre() {
        let l = prepared(
            PinchLayout(pinchScale: 0.5, pinchCenter: Point(x: 100, y: 200)),
            viewState(320, 480, scale: 2, sections: [7]))
        let a = l.layoutAttributesForItem(at: ip(0, 3))!
        expect(a.center == Point(x: 227.5, y: 25))
        expect(a.transform3D == Transform3D.makeTranslation(-63.75, 87.5, 0))
        expect(a.transformedPoint(Point(x: 25, y: 25)) == Point(x: 163.75, y: 112.5))
        expect(a.zIndex == -3)
        expect(l.layoutAttributesForItem(at: ip(0, 0))?.zIndex == 0)
        expect(l.layoutAttributesForItem(at: ip(0, 6))?.zIndex == -6)
    }

    /// The default centre is the visible rect's: (160, 340) at offset y 100.
    @Test func defaultCentreFollowsTheVisibleRect() {
        for (offset, centre) in [
            (Point(x: 0, y: 100), Point(x: 160, y: 340)), (Point.zero, Point(x: 160, y: 240)),
        ] {
            let l = prepared(
                PinchLayout(pinchScale: 0), viewState(320, 480, offset: offset, scale: 2, sections: [7]))
            for i in 0..<7 {
                let a = l.layoutAttributesForItem(at: ip(0, i))!
                expect(a.transformedPoint(Point(x: 25, y: 25)) == centre)
            }
            expect(l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 5, width: 320, height: 480)))
        }
    }

    @Test func scaleOneIsThePlainGrid() {
        let l = prepared(PinchLayout(), viewState(320, 480, scale: 2, sections: [7]))
        expect(allElements(l).allSatisfy { $0.transform3D == .identity })
        expect(l.layoutAttributesForItem(at: ip(0, 6))?.frame == Rect(x: 67.5, y: 60, width: 50, height: 50))
        expect(!l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 5, width: 320, height: 480)))
    }

    @Test func elementsInRectUseTheGridFrames() {
        let flow = FlowLayout(headerReferenceSize: Size(width: 0, height: 90))
        let l = prepared(
            PinchLayout(flow: flow, pinchScale: 0.25, pinchCenter: Point(x: 0, y: 0)),
            viewState(320, 480, scale: 2, sections: [7], titles: ["Pinch"]))
        let found = l.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 100))
        expect(found.count == 6)
        let header = found[0]
        expect(header.representedElementKind == "header" && header.text == "Pinch")
        // Header centre (160, 45) moves by -0.75 of itself.
        expect(header.transform3D == Transform3D.makeTranslation(-120, -33.75, 0))
        expect(
            found.filter { $0.representedElementCategory == .cell }.map(\.indexPath.item) == [0, 1, 2, 3, 4])
        expect(rectQueryIsExact(l, Rect(x: 0, y: 140, width: 320, height: 20)))
        expect(l.collectionViewContentSize == Size(width: 320, height: 200))
    }

    /// Pinching out (WWDC 2012 sample): the cell under the fingers grows by the scale about the
    /// pinch centre, on top; the rest of the grid stays. Item 3 spans x 202.5-252.5, y 0-50.
    @Test func pinchingOutGrowsThePinchedCell() {
        let l = prepared(
            PinchLayout(pinchScale: 2.5, pinchCenter: Point(x: 212.5, y: 10)),
            viewState(320, 480, scale: 2, sections: [7]))
        expect(l.pinchedItem == ip(0, 3))
        let a = l.layoutAttributesForItem(at: ip(0, 3))!
        expect(a.zIndex == 1)
        // The point under the fingers stays; the far corner moves 2.5x as far from it.
        expect(a.transformedPoint(Point(x: 10, y: 10)) == Point(x: 212.5, y: 10))
        expect(a.transformedPoint(Point(x: 50, y: 50)) == Point(x: 212.5 + 40 * 2.5, y: 10 + 40 * 2.5))
        expect(l.layoutAttributesForItem(at: ip(0, 2))?.transform3D == .identity)
        // Scale 3 is the most a pinch may reach.
        #expect(throws: LayoutParameterError.self) {
            try PinchLayout(parameters: ["pinchScale": .number(3.5)])
        }
        expect((try? PinchLayout(parameters: ["pinchScale": .number(3)]))?.pinchScale == 3)
    }

    @Test func edgeCases() {
        let none = prepared(PinchLayout(pinchScale: 0.3), viewState(320, 480, sections: [0]))
        expect(allElements(none).isEmpty)
        let one = prepared(
            PinchLayout(pinchScale: 0, pinchCenter: Point(x: 10, y: 10)), viewState(320, 480, sections: [1]))
        expect(
            one.layoutAttributesForItem(at: ip(0, 0))?.transformedPoint(Point(x: 25, y: 25))
                == Point(x: 10, y: 10))
    }

    @Test func registryParameters() throws {
        let d = try #require(LayoutRegistry.descriptor(for: "pinch"))
        let center = try #require(d.parameters.first { $0.name == "pinchCenter" })
        expect(center.defaultValue == nil)
        expect(d.parameters.first { $0.name == "pinchScale" }?.defaultValue == .number(1))
        var l = try d.make(["pinchScale": .number(0), "pinchCenter": .numbers([5, 6])])
        l.prepare(viewState(320, 480, sections: [2]))
        expect(
            l.layoutAttributesForItem(at: ip(0, 1))?.transformedPoint(Point(x: 25, y: 25))
                == Point(x: 5, y: 6))
        #expect(throws: LayoutParameterError.self) { try d.make(["pinchScale": .number(3.01)]) }
        #expect(throws: LayoutParameterError.self) { try d.make(["pinchCenter": .numbers([1, 2, 3])]) }
    }

    /// 375 x 667 at scale 3: 6 items per line at x = 0, 65, ... 325. Scale 0.5 toward (0, 0)
    /// moves item 0's centre (25, 25) to (12.5, 12.5) and item 5's (350, 25) to (175, 12.5).
    @Test func anotherViewSize() {
        for offset in [Point.zero, Point(x: 0, y: 200)] {
            let l = prepared(
                PinchLayout(pinchScale: 0.5, pinchCenter: .zero),
                viewState(375, 667, offset: offset, scale: 3, sections: [7]))
            expect(
                l.layoutAttributesForItem(at: ip(0, 0))?.transformedPoint(Point(x: 25, y: 25))
                    == Point(x: 12.5, y: 12.5))
            expect(
                l.layoutAttributesForItem(at: ip(0, 5))?.transformedPoint(Point(x: 25, y: 25))
                    == Point(x: 175, y: 12.5))
            // The top-left corner of item 6 (0, 60): centre (25, 85) -> (12.5, 42.5), corner 25 up-left.
            expect(
                l.layoutAttributesForItem(at: ip(0, 6))?.transformedPoint(.zero) == Point(x: -12.5, y: 17.5))
            expect(l.collectionViewContentSize == Size(width: 375, height: 110))
        }
    }
}
