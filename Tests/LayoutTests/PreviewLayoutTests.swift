import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenLayout

@Suite struct PreviewLayoutTests {
    /// Pages of 375 x 600; photos 4:3, 1:2 and unknown, cycled.
    func preview(_ offset: Double, items: Int = 5, width: Double = 375, height: Double = 600) -> PreviewLayout
    {
        let sizes: [Size?] = [Size(width: 4000, height: 3000), Size(width: 1000, height: 2000), nil]
        let data = CollectionViewDataSource(sections: [
            .init(items: (0..<items).map { CollectionViewDataSource.Item(imageSize: sizes[$0 % 3]) })
        ])
        return prepared(
            PreviewLayout(),
            CollectionViewState(
                bounds: Rect(x: offset, y: 0, width: width, height: height), scale: 2, dataSource: data))
    }

    func custom(_ a: LayoutAttributes, _ key: String) -> CustomValue? { a.custom[key] }

    @Test func pagesFillTheView() {
        let l = preview(0)
        expect(l.layoutAttributesForItem(at: ip(0, 0))?.frame == Rect(x: 0, y: 0, width: 375, height: 600))
        expect(
            l.layoutAttributesForItem(at: ip(0, 3))?.frame == Rect(x: 1125, y: 0, width: 375, height: 600))
        expect(l.collectionViewContentSize == Size(width: 1875, height: 600))
        expect(l.shouldInvalidateLayout(forBoundsChange: Rect(x: 1, y: 0, width: 375, height: 600)))
    }

    /// r = 0: no shift; r = ±0.5 (offset 187.5): pages shift ∓22 and ±22, images +56.25 and
    /// -56.25 (-0.3 x 375 x r), so the two pages show a 44 pt gap; |r| >= 1: no parallax.
    @Test func parallaxAtZeroAndHalfPages() {
        let centred = preview(0).layoutAttributesForItem(at: ip(0, 0))!
        expect(custom(centred, "parallax") == .number(0))
        expect(centred.transform3D == .identity)
        expect(centred.imageOffset == Point(x: 0, y: 0))

        let l = preview(187.5)
        let left = l.layoutAttributesForItem(at: ip(0, 0))!
        let right = l.layoutAttributesForItem(at: ip(0, 1))!
        expect(custom(left, "parallax") == .number(-0.5))
        expect(left.transform3D == .makeTranslation(-22, 0, 0))
        expect(left.imageOffset == Point(x: 56.25, y: 0))
        expect(custom(right, "parallax") == .number(0.5))
        expect(right.transform3D == .makeTranslation(22, 0, 0))
        expect(right.imageOffset == Point(x: -56.25, y: 0))
        let gap =
            right.transformedPoint(Point(x: 0, y: 300)).x - left.transformedPoint(Point(x: 375, y: 300)).x
        expect(gap == 44)

        let far = l.layoutAttributesForItem(at: ip(0, 2))!
        expect(far.custom["parallax"] == nil && far.transform3D == .identity)
        expect(far.imageOffset == Point(x: 0, y: 0))
        // Exactly one page away counts as away.
        expect(preview(0).layoutAttributesForItem(at: ip(0, 1))?.custom["parallax"] == nil)
    }

    /// The mask is the aspect-fit rect in the page: 4:3 in 375 x 600 is 375 x 281.25 at y 159.375;
    /// 1:2 is 300 x 600 at x 37.5; an unknown size masks nothing.
    @Test func masksAreTheAspectFitRects() {
        let l = preview(0)
        expect(
            l.layoutAttributesForItem(at: ip(0, 0))!.maskRect
                == Rect(x: 0, y: 159.375, width: 375, height: 281.25))
        expect(
            l.layoutAttributesForItem(at: ip(0, 1))!.maskRect == Rect(x: 37.5, y: 0, width: 300, height: 600))
        expect(
            l.layoutAttributesForItem(at: ip(0, 2))!.maskRect == Rect(x: 0, y: 0, width: 375, height: 600))
    }

    /// 320 x 480 at offset 80: page 0 r = -0.25 (shift -11, image +24), page 1 r = 0.75 (33, -72).
    @Test func anotherViewSize() {
        let l = preview(80, width: 320, height: 480)
        let p0 = l.layoutAttributesForItem(at: ip(0, 0))!
        let p1 = l.layoutAttributesForItem(at: ip(0, 1))!
        expect(custom(p0, "parallax") == .number(-0.25) && p0.transform3D == .makeTranslation(-11, 0, 0))
        expect(p0.imageOffset == Point(x: 24, y: 0))
        expect(custom(p1, "parallax") == .number(0.75) && p1.transform3D == .makeTranslation(33, 0, 0))
        expect(p1.imageOffset == Point(x: -72, y: 0))
        expect(
            l.layoutAttributesForElements(in: Rect(x: 80, y: 0, width: 320, height: 480)).map(
                \.indexPath.item) == [0, 1])
        expect(l.publishedState["page"] == .number(0.25))
        expect(l.publishedState["activeIndex"] == .number(0))
    }

    /// Rotation: at 375 wide on page 2 (offset 750), then 600 wide: the target offset keeps page 2.
    @Test func rotationKeepsTheActivePage() {
        var l = preview(750)
        expect(l.targetContentOffset(forProposedContentOffset: Point(x: 750, y: 0)) == Point(x: 750, y: 0))
        var rotated = l.collectionView!
        rotated.bounds.size = Size(width: 600, height: 375)
        l.prepare(rotated)
        expect(l.targetContentOffset(forProposedContentOffset: Point(x: 750, y: 0)) == Point(x: 1200, y: 0))
        expect(
            l.layoutAttributesForItem(at: ip(0, 2))?.frame == Rect(x: 1200, y: 0, width: 600, height: 375))
        rotated.bounds.origin.x = 1200
        l.prepare(rotated)
        expect(l.targetContentOffset(forProposedContentOffset: Point(x: 1190, y: 0)) == Point(x: 1190, y: 0))
    }

    @Test func edgeCases() {
        let none = preview(0, items: 0)
        expect(allElements(none).isEmpty && none.collectionViewContentSize.width == 0)
        expect(none.publishedState["activeIndex"] == .number(0))
        let one = preview(0, items: 1)
        expect(allElements(one).count == 1)
        expect(one.collectionViewContentSize.width == 375)
        // Two pages, the last one centred: r = 0 for it, -1 for the first.
        let two = preview(375, items: 2)
        expect(two.layoutAttributesForItem(at: ip(0, 1))?.custom["parallax"] == .number(0))
        expect(two.layoutAttributesForItem(at: ip(0, 0))?.custom["parallax"] == nil)
        expect(two.publishedState["activeIndex"] == .number(1))
    }

    @Test func registryParameters() throws {
        let d = try #require(LayoutRegistry.descriptor(for: "preview"))
        let defaults = Dictionary(uniqueKeysWithValues: d.parameters.map { ($0.name, $0.defaultValue) })
        expect(defaults["offsetBetweenCells"] == .number(44))
        expect(defaults["parallaxRatio"] == .number(0.3))
        var l = try d.make(["offsetBetweenCells": .number(10), "parallaxRatio": .number(0.5)])
        l.prepare(viewState(200, 100, offset: Point(x: 100, y: 0), sections: [3]))
        let a = l.layoutAttributesForItem(at: ip(0, 1))!
        expect(a.transform3D == .makeTranslation(5, 0, 0))
        expect(a.imageOffset == Point(x: -50, y: 0))
        #expect(throws: LayoutParameterError.self) { try d.make(["parallaxRatio": .string("x")]) }
    }
}
