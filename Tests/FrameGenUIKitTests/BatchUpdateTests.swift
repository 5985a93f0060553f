import Foundation
import FrameGenKit
import TestTiers
import Testing

import struct FrameGenLayout.LayoutDescriptor

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

/// Draws one frame of a scene, written to a folder of its own, with the layouts given.
private func render(_ scene: String, frame: Int, layouts: [LayoutDescriptor]) throws {
    let folder = NSTemporaryDirectory() + "framegen-updates-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try scene.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    _ = try SceneRenderer(file: folder + "/s.yaml", layouts: layouts).render(frame: frame)
}

/// A batch update invalidates with new counts and not everything (as UIKit's context for
/// inserted and deleted items), then prepare() sees the new data, then the update items come.
@Test func aBatchUpdateInvalidatesTheCountsNotEverything() throws {
    let scene = """
        canvas: {width: 50, height: 200, scale: 1}
        content: {items: 4}
        layout: {type: telling}
        timeline: [{delete: {items: [[0, 1]], duration: 0.1}}]
        """
    let heard = LinesBox()
    let layouts = [UIKitLayout.descriptor(type: "telling") { _ in TellingLayout(heard) }]
    try render(scene, frame: 3, layouts: layouts)
    let lines = heard.all
    // The first pass loads the data: everything.
    expect(lines.first == "invalidate everything true counts true")
    let update = try #require(lines.firstIndex(of: "updates 1"))
    expect(Array(lines[..<update].suffix(2)) == ["invalidate everything false counts true", "prepare 3"])
}

/// A collection view that tells which of its data-change methods run, and passes them on to
/// `super` or keeps them, as a card stack's view overrides them to animate its own way.
private final class TellingCollectionView: UICollectionView {
    let heard: LinesBox
    let passes: Bool
    init(frame: CGRect, layout: UICollectionViewLayout, heard: LinesBox, passes: Bool) {
        self.heard = heard
        self.passes = passes
        super.init(frame: frame, collectionViewLayout: layout)
    }
    required init?(coder: NSCoder) { nil }
    private func paths(_ indexPaths: [IndexPath]) -> String {
        indexPaths.map { "\($0.section).\($0.item)" }.joined(separator: " ")
    }
    override func deleteItems(at indexPaths: [IndexPath]) {
        heard.append("deleteItems \(paths(indexPaths))")
        if passes { super.deleteItems(at: indexPaths) }
    }
    override func insertItems(at indexPaths: [IndexPath]) {
        heard.append("insertItems \(paths(indexPaths))")
        if passes { super.insertItems(at: indexPaths) }
    }
}

/// The scene's delete reaches the layout through the collection view's own `deleteItems(at:)`,
/// once for the batch, before the layout prepares for the update; an override that keeps the
/// call from `super` is told of (UIKit would raise at the next update) and the update still
/// comes, so the frames are those of the scene.
@Test(arguments: [true, false]) func theScenesUpdateGoesThroughTheCollectionViewsOwnMethods(passes: Bool)
    throws
{
    let scene = """
        canvas: {width: 50, height: 200, scale: 1}
        content: {items: 4}
        layout: {type: telling}
        timeline: [{delete: {items: [[0, 1], [0, 2]], duration: 0.1}}, {insert: {items: [[0, 0]], duration: 0.1}}]
        """
    let heard = LinesBox()
    let warned = LinesBox()
    let layouts = [
        UIKitLayout.descriptor(
            type: "telling",
            collectionView: { frame, layout in
                TellingCollectionView(frame: frame, layout: layout, heard: heard, passes: passes)
            }, warnings: LayoutWarnings { warned.append($0) }
        ) { _ in TellingLayout(heard) }
    ]
    try render(scene, frame: 6, layouts: layouts)
    let lines = heard.all
    let delete = try #require(lines.firstIndex(of: "deleteItems 0.1 0.2"))
    expect(lines[delete + 1] == "updates 2")
    let insert = try #require(lines.firstIndex(of: "insertItems 0.0"))
    expect(lines[insert + 1] == "updates 1")
    expect(delete < insert)
    let inconsistent = warned.all.filter { $0.contains("NSInternalInconsistencyException") }
    expect(inconsistent.count == (passes ? 0 : 1))
    expect(warned.all.allSatisfy { !$0.contains("changes nothing") })
}
