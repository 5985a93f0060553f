import FrameGenGeometry
import FrameGenKit
import FrameGenLayout
import FrameGenTesting
import Testing
import XCTest

/// A layout of the app's own: a vertical stack of cards, each turned a little, alternately left
/// and right, as on a desk. Written against CollectionViewLayout as one writes a
/// UICollectionViewLayout subclass: prepare, content size, the elements in a rect. (XCTest brings
/// Foundation, whose IndexPath is another type: say FrameGenLayout.IndexPath.)
struct DeskLayout: CollectionViewLayout {
    var cardSize = Size(width: 140, height: 100)
    var spacing = 16.0
    var tilt = 0.06  // radians
    private var cards: [LayoutAttributes] = []
    private var width = 0.0

    mutating func prepare(_ collectionView: CollectionViewState) {
        width = collectionView.bounds.size.width
        cards = []
        var y = spacing
        for item in 0..<collectionView.dataSource.numberOfItems(inSection: 0) {
            var card = LayoutAttributes.cell(
                FrameGenLayout.IndexPath(item: item, section: 0),
                frame: Rect(
                    x: (width - cardSize.width) / 2, y: y, width: cardSize.width, height: cardSize.height))
            card.transform3D = .makeRotation(item % 2 == 0 ? -tilt : tilt, 0, 0, 1)
            card.zIndex = item
            cards.append(card)
            y += cardSize.height * 0.7 + spacing
        }
    }

    var collectionViewContentSize: Size {
        Size(width: width, height: (cards.last?.frame.maxY ?? 0) + spacing)
    }

    func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        cards.filter { $0.frame.intersects(rect) }
    }

    func layoutAttributesForItem(at indexPath: FrameGenLayout.IndexPath) -> LayoutAttributes? {
        cards.indices.contains(indexPath.item) ? cards[indexPath.item] : nil
    }
}

extension DeskLayout {
    /// What makes the layout nameable in scenes (`layout: {type: desk, tilt: 0.1}`) read with it.
    static let descriptor = LayoutDescriptor(
        type: "desk", summary: "cards stacked down the view, each turned a little",
        parameters: [LayoutParameter(name: "tilt", defaultValue: .number(0.06), summary: "radians")]
    ) { parameters throws(LayoutParameterError) in
        var layout = DeskLayout()
        switch parameters["tilt"] {
        case nil: break
        case .number(let tilt)?: layout.tilt = tilt
        case let other?:
            throw LayoutParameterError(parameter: "tilt", found: other.description, expected: "a number")
        }
        return layout
    }
}

/// Swift Testing: one line per golden check.
@Test func albumPullsAndSpringsBack() {
    // Frames 0, 4 and 10 (the scene's `golden:` key) against __Golden__/GalleryTests/.
    assertGolden(scene: "scenes/album.yaml")
}

@Test func deskLayoutScrolledDown() throws {
    let view = CollectionViewState(
        size: Size(width: 200, height: 240), contentOffset: Point(x: 0, y: 60),
        dataSource: CollectionViewDataSource(itemCounts: [6]))
    var cell = ElementStyle()
    cell.contentMode = .aspectFill
    cell.clipsToBounds = true
    cell.border = ElementStyle.Border(width: 3, color: .white)
    let canvas = Canvas(width: 200, height: 240, scale: 1, background: .color(Color(r: 40, g: 40, b: 44)))
    let image = try render(layout: DeskLayout(), in: view, canvas: canvas, cell: cell, seed: 5)
    assertGolden(of: image)
}

/// The layout in a scene, with a timeline: scrolled by a drag, decelerating.
@Test func deskLayoutFlings() {
    assertGolden(scene: "scenes/desk.yaml", layouts: [DeskLayout.descriptor])
}

/// XCTest works the same way.
final class GalleryXCTests: XCTestCase {
    func testAlbumFirstFrame() {
        assertGolden(scene: "scenes/album.yaml", frames: [0])
    }
}
