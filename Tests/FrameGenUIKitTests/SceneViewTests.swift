import Foundation
import FrameGenGeometry
import FrameGenKit
import TestTiers
import Testing

import struct FrameGenLayout.CollectionViewDataSource
import struct FrameGenLayout.CollectionViewState
import struct FrameGenLayout.LayoutDescriptor
import enum FrameGenLayout.LayoutRegistry
import struct FrameGenLayout.PeerViewState
import enum FrameGenLayout.PublishedStateKey

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

/// A column whose delegate, on a tap, scrolls the scene's other view (`main`) to 120 pt and
/// remembers what it saw of it, as a controller between two collection views does.
private final class JumpOnTap: NSObject, UICollectionViewDelegate {
    nonisolated(unsafe) static var seen: [CGRect] = []

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        let main = collectionView.sceneView(named: "main")
        JumpOnTap.seen.append(main.bounds)
        main.setContentOffset(CGPoint(x: 120, y: main.contentOffset.y), animated: false)
    }
}

private final class ColumnLayout: UICollectionViewLayout {
    override var collectionViewContentSize: CGSize { collectionView!.bounds.size }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<collectionView!.numberOfItems(inSection: 0)).map { item in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(x: 0, y: CGFloat(item) * 50, width: 40, height: 40)
            return a
        }
    }
}

private func twoViews(_ timeline: String) throws -> Timeline {
    let text = """
        canvas: {width: 400, height: 400, scale: 1}
        fps: 10
        content: {items: 20}
        views:
          - name: main
            frame: [0, 0, 300, 100]
            layout: {type: flow, scrollDirection: horizontal, itemSize: [100, 100]}
          - name: side
            frame: [0, 120, 100, 200]
            layout: {type: column}
        timeline:
        """ + timeline
    let layouts = [
        UIKitLayout.descriptor(type: "column") { view in
            view.delegate = JumpOnTap()
            return ColumnLayout()
        }
    ]
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + layouts)
    return try Timeline(scene)
}

/// `sceneView(named:)` reads the other view at the instant and scrolls it once: the request
/// lasts for the instant it was made at, so a later drag of that view moves it from there
/// instead of being pinned back (docs/uikit.md "Other views of the scene").
@Test func aControllerScrollsTheScenesOtherViewOnce() throws {
    JumpOnTap.seen = []
    let timeline = try twoViews(
        """

          - wait: 0.1
          - tap: {item: [0, 1], view: side}
          - wait: 0.2
          - drag: {by: [-50, 0], duration: 0.2, view: main}
          - wait: 1
        """)
    func mainX(_ frame: Int) -> Double { timeline.frame(frame).views[0].bounds.minX }
    expect(JumpOnTap.seen.first == CGRect(x: 0, y: 0, width: 300, height: 100))
    expect(mainX(0) == 0)
    expect(mainX(2) == 120)
    expect(mainX(3) == 120)
    // After the drag, the main view rests from where the drag took it (past 120), not at 120.
    expect(mainX(timeline.frameCount - 1) > 150)
}

/// UIKit tells the delegate when the content inset changes, and only then.
@Test func theDelegateHearsOfAnInsetChange() {
    final class Counter: NSObject, UICollectionViewDelegate {
        var count = 0
        func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) { count += 1 }
    }
    let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
    let counter = Counter()
    view.delegate = counter
    view.contentInset = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
    view.contentInset = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
    expect(counter.count == 1)
    view.contentInset = .zero
    expect(counter.count == 2)
}

/// A column whose delegate fades a deleted item out over 0.25 s on a display link before the
/// data changes, committing the delete at the end, as an app calls `deleteItems(at:)` in its
/// animation's completion.
private final class FadingColumn: UICollectionViewLayout {
    var fading: (item: Int, alpha: CGFloat)?

    override var collectionViewContentSize: CGSize { collectionView!.bounds.size }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<collectionView!.numberOfItems(inSection: 0)).map { item in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(x: 0, y: CGFloat(item) * 50, width: 40, height: 40)
            if let fading, fading.item == item { a.alpha = fading.alpha }
            return a
        }
    }
}

private final class FadeThenDelete: NSObject, SceneUpdateDelegate {
    func collectionView(
        _ collectionView: UICollectionView, willPerformSceneUpdates updates: [UICollectionViewUpdateItem],
        commit: @escaping () -> Void
    ) -> Bool {
        guard updates.count == 1, let deleted = updates[0].indexPathBeforeUpdate else { return false }
        let layout = collectionView.collectionViewLayout as! FadingColumn
        let start = CACurrentMediaTime()
        let link = CADisplayLink { link in
            let f = min(1, (link.timestamp - start) / 0.25)
            layout.fading = (deleted.item, 1 - f)
            layout.invalidateLayout()
            if f >= 1 {
                link.invalidate()
                layout.fading = nil
                commit()
            }
        }
        link.add(to: .main, forMode: .common)
        return true
    }
}

/// The scene's delete plays the delegate's animation with the old data, and the data changes
/// when it commits, to the instant (docs/uikit.md "Animations").
@Test func aDelegateAnimatesTheScenesDeleteBeforeTheDataChanges() throws {
    let text = """
        canvas: {width: 200, height: 300, scale: 1}
        fps: 20
        content: {items: 4}
        layout: {type: fading}
        timeline:
          - wait: 0.1
          - delete: {items: [[0, 1]]}
        """
    let layouts = [
        UIKitLayout.descriptor(type: "fading") { view in
            view.delegate = FadeThenDelete()
            return FadingColumn()
        }
    ]
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + layouts)
    let timeline = try Timeline(scene)
    expect(abs(timeline.duration - 0.35) < 1e-12)
    // Half way (0.225 s): the old data, item 1 half faded.
    let mid = timeline.frame(at: 0.225).views[0].elements
    expect(mid.count == 4)
    expect(abs(mid[1].attributes.alpha - 0.5) < 1e-9)
    let end = timeline.frame(at: timeline.duration).views[0].elements
    expect(end.count == 3)
    expect(end.allSatisfy { $0.attributes.alpha == 1 })
}

/// A request is for the other view as the code saw it: once that view has another size (a
/// rotation at the same instant), the request lapses and that view's own layout places its
/// content (docs/uikit.md "Other views of the scene").
@Test func aRequestLapsesWhenTheOtherViewChangesSize() {
    var layout = UIKitLayout(name: "column") { view in
        view.delegate = JumpOnTap()
        return ColumnLayout()
    }
    func state(mainSize: Size) -> CollectionViewState {
        CollectionViewState(
            bounds: Rect(x: 0, y: 0, width: 100, height: 200),
            dataSource: CollectionViewDataSource(itemCounts: [4]), time: 1, name: "side",
            peers: ["main": PeerViewState(name: "main", bounds: Rect(origin: .zero, size: mainSize))])
    }
    let key = PublishedStateKey.requestedContentOffset("main")
    layout.prepare(state(mainSize: Size(width: 300, height: 100)))
    _ = layout.collectionViewDidTapItem(
        at: .init(section: 0, item: 1), state(mainSize: Size(width: 300, height: 100)))
    expect(layout.publishedState[key] == .numbers([120, 0]))
    var same = layout
    same.prepare(state(mainSize: Size(width: 300, height: 100)))
    expect(same.publishedState[key] == .numbers([120, 0]))
    var turned = layout
    turned.prepare(state(mainSize: Size(width: 100, height: 300)))
    expect(turned.publishedState[key] == nil)
}
