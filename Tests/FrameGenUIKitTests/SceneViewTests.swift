import Foundation
import FrameGenKit
import Geometry
import Testing

import struct Layout.LayoutDescriptor
import enum Layout.LayoutRegistry

@testable import FrameGenUIKit

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
@Test(.serialized) func aControllerScrollsTheScenesOtherViewOnce() throws {
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
    #expect(JumpOnTap.seen.first == CGRect(x: 0, y: 0, width: 300, height: 100))
    #expect(mainX(0) == 0)
    #expect(mainX(2) == 120)
    #expect(mainX(3) == 120)
    // After the drag, the main view rests from where the drag took it (past 120), not at 120.
    #expect(mainX(timeline.frameCount - 1) > 150)
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
    #expect(counter.count == 1)
    view.contentInset = .zero
    #expect(counter.count == 2)
}
