import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenLayout

@Suite struct ModelTests {
    @Test func indexPathsSortSectionFirst() {
        expect(ip(0, 5) < ip(1, 0))
        expect(ip(1, 2) < ip(1, 3))
        expect(!(ip(1, 3) < ip(1, 3)))
        expect([ip(2, 0), ip(0, 9), ip(0, 1)].sorted() == [ip(0, 1), ip(0, 9), ip(2, 0)])
    }

    @Test func frameIsDerivedFromCenterAndSize() {
        var a = LayoutAttributes.cell(ip(0, 0), frame: Rect(x: 10, y: 20, width: 30, height: 40))
        expect(a.center == Point(x: 25, y: 40))
        expect(a.bounds == Rect(x: 0, y: 0, width: 30, height: 40))
        a.center = Point(x: 0, y: 0)
        expect(a.frame == Rect(x: -15, y: -20, width: 30, height: 40))
        // The transform does not change the frame, as in UICollectionViewLayoutAttributes.
        a.transform3D = .makeScale(2, 2, 1)
        expect(a.frame == Rect(x: -15, y: -20, width: 30, height: 40))
    }

    @Test func alphaIsClampedOnEveryWrite() {
        var a = LayoutAttributes.cell(ip(0, 0))
        expect(a.alpha == 1)
        a.alpha = 1.4
        expect(a.alpha == 1)
        a.alpha = -0.2
        expect(a.alpha == 0)
        a.alpha = 0.25
        expect(a.alpha == 0.25)
        a.alpha = .nan
        expect(a.alpha == 0)
    }

    @Test func transformAndTransform3DAreOneMatrix() {
        var a = LayoutAttributes.cell(ip(0, 0), frame: Rect(x: 0, y: 0, width: 100, height: 50))
        a.transform3D = Transform3D.makeRotation(0.5, 0, 1, 0)
        a.transform = AffineTransform(translationX: 7, y: -3)
        expect(a.transform3D == Transform3D.makeTranslation(7, -3, 0))
        a.transform3D = .makeScale(2, 3, 1)
        expect(a.transform == AffineTransform(scaleX: 2, y: 3))
        // The transform applies about the centre (50, 25): the top-left corner moves to
        // (50 - 2 * 50, 25 - 3 * 25).
        expect(a.transformedPoint(Point(x: 0, y: 0)) == Point(x: -50, y: -50))
    }

    @Test func supplementaryAndDecorationKinds() {
        let h = LayoutAttributes.supplementaryView(ofKind: ElementKind.sectionHeader, ip(1, 0))
        expect(h.representedElementCategory == .supplementaryView)
        expect(h.representedElementKind == "header")
        let d = LayoutAttributes.decorationView(ofKind: ElementKind.emblem, ip(0, 0))
        expect(d.representedElementCategory == .decorationView)
        expect(LayoutAttributes.cell(ip(0, 0)).representedElementKind == nil)
    }

    @Test func dataSourceAccessorsAreSafeOutOfRange() {
        let d = CollectionViewDataSource(itemCounts: [3, 0], titles: ["A"])
        expect(d.numberOfSections == 2)
        expect(d.numberOfItems(inSection: 0) == 3)
        expect(d.numberOfItems(inSection: 5) == 0)
        expect(d.title(forSection: 0) == "A")
        expect(d.title(forSection: 1) == nil)
        expect(d.item(at: ip(0, 3)) == nil)
        expect(CollectionViewDataSource.Item(imageSize: Size(width: 300, height: 200)).aspectRatio == 1.5)
        expect(CollectionViewDataSource.Item(imageSize: Size(width: 300, height: 0)).aspectRatio == nil)
    }

    @Test func pixelRoundingAtTheViewsScale() {
        let s = viewState(320, 480, scale: 3, sections: [])
        expect(s.roundToPixel(10.2) == 31.0 / 3)
        expect(s.floorToPixel(10.5) == 31.0 / 3)
        expect(viewState(320, 480, scale: 2, sections: []).roundToPixel(0.25) == 0.5)
    }

    /// A custom layout needs only the four required members; the rest are UIKit's defaults.
    struct OneCell: CollectionViewLayout {
        var size = Size.zero
        mutating func prepare(_ collectionView: CollectionViewState) { size = collectionView.size }
        var collectionViewContentSize: Size { size }
        func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
            [layoutAttributesForItem(at: ip(0, 0))!]
        }
        func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
            .cell(indexPath, frame: Rect(origin: .zero, size: size))
        }
    }

    @Test func protocolDefaultsAreUIKits() {
        var l: any CollectionViewLayout = OneCell()
        l.prepare(viewState(100, 200, sections: [1]))
        expect(l.collectionViewContentSize == Size(width: 100, height: 200))
        expect(!l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 50, width: 100, height: 200)))
        let p = Point(x: 3, y: 77)
        expect(l.targetContentOffset(forProposedContentOffset: p) == p)
        expect(
            l.targetContentOffset(forProposedContentOffset: p, withScrollingVelocity: Point(x: 0, y: 900))
                == p)
        expect(l.initialLayoutAttributesForAppearingItem(at: ip(0, 0)) == nil)
        expect(l.finalLayoutAttributesForDisappearingItem(at: ip(0, 0), current: .cell(ip(0, 0))) == nil)
        expect(l.layoutAttributesForSupplementaryView(ofKind: "header", at: ip(0, 0)) == nil)
        expect(l.drawingOrder == .zIndex)
        expect(l.sublayerTransform == nil)
        expect(l.animationEndTime == nil)
        let handled = l.collectionViewDidTapItem(at: ip(0, 0), viewState(100, 200, sections: [1]))
        expect(!handled)
    }

    @Test func updateItemsUseUIKitsIndexSpaces() {
        expect(UpdateItem.insert(ip(0, 2)).indexPathBeforeUpdate == nil)
        expect(UpdateItem.insert(ip(0, 2)).indexPathAfterUpdate == ip(0, 2))
        expect(UpdateItem.delete(ip(0, 2)).indexPathBeforeUpdate == ip(0, 2))
        let m = UpdateItem.move(from: ip(0, 1), to: ip(0, 4))
        expect(
            m.updateAction == .move && m.indexPathBeforeUpdate == ip(0, 1)
                && m.indexPathAfterUpdate == ip(0, 4))
    }
}
