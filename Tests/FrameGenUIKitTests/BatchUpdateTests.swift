import Foundation
import FrameGenKit
import Testing

import struct Layout.LayoutDescriptor

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

/// A column of items that tells what it is asked, as a layout that keeps its own model
/// (MagazineLayout) reads it: counts only, or everything.
private final class TellingLayout: UICollectionViewLayout {
    let heard: LinesBox
    private var cache: [UICollectionViewLayoutAttributes] = []
    init(_ heard: LinesBox) {
        self.heard = heard
        super.init()
    }
    required init?(coder: NSCoder) { nil }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        heard.append(
            "invalidate everything \(context.invalidateEverything) counts \(context.invalidateDataSourceCounts)"
        )
        super.invalidateLayout(with: context)
    }
    override func prepare() {
        let n = collectionView!.numberOfItems(inSection: 0)
        heard.append("prepare \(n)")
        cache = (0..<n).map {
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: $0, section: 0))
            a.frame = CGRect(x: 0, y: 30 * CGFloat($0), width: 50, height: 25)
            return a
        }
    }
    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        heard.append("updates \(updateItems.count)")
    }
    override var collectionViewContentSize: CGSize { CGSize(width: 50, height: 30 * CGFloat(cache.count)) }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.indices.contains(indexPath.item) ? cache[indexPath.item] : nil
    }
}

/// A batch update invalidates with new counts and not everything (as UIKit's context for
/// inserted and deleted items), then prepare() sees the new data, then the update items come.
@Test func aBatchUpdateInvalidatesTheCountsNotEverything() throws {
    let folder = NSTemporaryDirectory() + "framegen-updates-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let scene = """
        canvas: {width: 50, height: 200, scale: 1}
        content: {items: 4}
        layout: {type: telling}
        timeline: [{delete: {items: [[0, 1]], duration: 0.1}}]
        """
    try scene.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let heard = LinesBox()
    let layouts = [UIKitLayout.descriptor(type: "telling") { _ in TellingLayout(heard) }]
    let renderer = try SceneRenderer(file: folder + "/s.yaml", layouts: layouts)
    _ = try renderer.render(frame: 3)
    let lines = heard.all
    // The first pass loads the data: everything.
    #expect(lines.first == "invalidate everything true counts true")
    let update = try #require(lines.firstIndex(of: "updates 1"))
    #expect(Array(lines[..<update].suffix(2)) == ["invalidate everything false counts true", "prepare 3"])
}
