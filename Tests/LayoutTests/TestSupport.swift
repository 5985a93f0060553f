import FrameGenGeometry

@testable import FrameGenLayout

/// A collection view of `width` x `height` points scrolled to `offset`.
func viewState(
    _ width: Double, _ height: Double, offset: Point = .zero, scale: Double = 1,
    inset: EdgeInsets = .zero, sections: [Int], titles: [String] = [], seed: UInt64 = 0
) -> CollectionViewState {
    CollectionViewState(
        bounds: Rect(origin: offset, size: Size(width: width, height: height)), contentInset: inset,
        scale: scale, dataSource: CollectionViewDataSource(itemCounts: sections, titles: titles), seed: seed)
}

func prepared<L: CollectionViewLayout>(_ layout: L, _ state: CollectionViewState) -> L {
    var l = layout
    l.prepare(state)
    return l
}

func ip(_ section: Int, _ item: Int) -> IndexPath { IndexPath(section: section, item: item) }

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { Swift.abs(a - b) <= tolerance }

func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

/// Every element the layout knows, from a rect far larger than any content in these tests.
func allElements(_ layout: some CollectionViewLayout) -> [LayoutAttributes] {
    layout.layoutAttributesForElements(in: Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6))
}

/// The rect query must return exactly the elements whose frames intersect the rect.
func rectQueryIsExact(_ layout: some CollectionViewLayout, _ rect: Rect) -> Bool {
    let expected = Set(allElements(layout).filter { $0.frame.intersects(rect) })
    let found = layout.layoutAttributesForElements(in: rect)
    return Set(found) == expected && found.count == expected.count
}
