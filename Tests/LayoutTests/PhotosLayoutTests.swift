import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenLayout

@Suite struct PhotosLayoutTests {
    @Test func gridIsTheFlowLayouts() {
        let l = prepared(PhotosLayout(), viewState(320, 480, scale: 2, sections: [7]))
        expect(l.layoutAttributesForItem(at: ip(0, 3))?.frame == Rect(x: 202.5, y: 0, width: 50, height: 50))
        expect(l.collectionViewContentSize == Size(width: 320, height: 110))
        expect(rectQueryIsExact(l, Rect(x: 0, y: 55, width: 100, height: 10)))
    }

    /// Scrolled to y 100 in a 320 x 480 view, the visible centre is (160, 340).
    @Test func insertedItemsGrowFromTheVisibleCentre() {
        for (size, offset, centre) in [
            (Size(width: 320, height: 480), Point(x: 0, y: 100), Point(x: 160, y: 340)),
            (Size(width: 375, height: 667), Point(x: 0, y: 0), Point(x: 187.5, y: 333.5)),
        ] {
            var l = prepared(
                PhotosLayout(), viewState(size.width, size.height, offset: offset, sections: [8]))
            l.prepare(forCollectionViewUpdates: [.insert(ip(0, 2)), .delete(ip(0, 5))])
            let a = l.initialLayoutAttributesForAppearingItem(at: ip(0, 2))!
            expect(a.center == centre)
            expect(a.alpha == 0)
            expect(a.transform3D == Transform3D.makeScale(0.6, 0.6, 1))
            // The original's fresh attributes have no size.
            expect(a.size == .zero)
            expect(a.indexPath == ip(0, 2) && a.representedElementCategory == .cell)
            expect(l.initialLayoutAttributesForAppearingItem(at: ip(0, 3)) == nil)

            let current = l.layoutAttributesForItem(at: ip(0, 5))!
            let f = l.finalLayoutAttributesForDisappearingItem(at: ip(0, 5), current: current)!
            expect(f.center == centre && f.alpha == 0 && f.size == .zero)
            expect(f.transform3D == Transform3D.makeScale(1.3, 1.3, 1))
            expect(l.finalLayoutAttributesForDisappearingItem(at: ip(0, 2), current: current) == nil)

            l.finalizeCollectionViewUpdates()
            expect(l.initialLayoutAttributesForAppearingItem(at: ip(0, 2)) == nil)
            expect(l.finalLayoutAttributesForDisappearingItem(at: ip(0, 5), current: current) == nil)
        }
    }

    /// Without the quirk the items keep their 50 x 50 size: the scaled corners sit 0.6 * 25 and
    /// 1.3 * 25 from the centre.
    @Test func withoutTheZeroSizeQuirk() throws {
        let d = try #require(LayoutRegistry.descriptor(for: "photos"))
        var l = try d.make(["zeroSizeQuirk": .bool(false), "appearScale": .number(0.5)])
        l.prepare(viewState(320, 480, offset: Point(x: 0, y: 100), sections: [8]))
        l.prepare(forCollectionViewUpdates: [.insert(ip(0, 0)), .delete(ip(0, 1))])
        let a = l.initialLayoutAttributesForAppearingItem(at: ip(0, 0))!
        expect(a.size == Size(width: 50, height: 50))
        expect(a.transformedPoint(.zero) == Point(x: 160 - 12.5, y: 340 - 12.5))
        let current = l.layoutAttributesForItem(at: ip(0, 1))!
        let f = l.finalLayoutAttributesForDisappearingItem(at: ip(0, 1), current: current)!
        expect(close(f.transformedPoint(Point(x: 50, y: 50)), Point(x: 160 + 32.5, y: 340 + 32.5)))
    }

    @Test func registryParameters() throws {
        let d = try #require(LayoutRegistry.descriptor(for: "photos"))
        let names = d.parameters.map(\.name)
        expect(Array(names.prefix(7)) == FlowLayout.parameters.map(\.name))
        expect(names.contains("appearScale") && names.contains("disappearScale"))
        #expect(throws: LayoutParameterError.self) { try d.make(["appearScale": .number(-1)]) }
        #expect(throws: LayoutParameterError.self) { try d.make(["itemSize": .numbers([-5, 5])]) }
    }
}
