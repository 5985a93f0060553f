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

/// A carousel that centres its first and last items by setting its collection view's content
/// inset and offset when the view's size changes, as centring flow layouts in the wild do.
final class CentringFlowLayout: UICollectionViewFlowLayout {
    private var lastSize = CGSize.zero

    override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = CGSize(width: 200, height: 100)
        minimumLineSpacing = 20
    }

    required init?(coder: NSCoder) { nil }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
        guard let collectionView, collectionView.bounds.size != lastSize else { return }
        lastSize = collectionView.bounds.size
        let inset = (lastSize.width - itemSize.width) / 2
        collectionView.contentInset = UIEdgeInsets(top: 0, left: inset, bottom: 0, right: inset)
        collectionView.contentOffset = CGPoint(x: -inset, y: 0)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != collectionView?.bounds.size
    }

    override func targetContentOffset(
        forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        let page = itemSize.width + minimumLineSpacing
        let inset = collectionView?.contentInset.left ?? 0
        return CGPoint(x: ((proposed.x + inset) / page).rounded() * page - inset, y: proposed.y)
    }
}

/// The offsets of every frame of `scene` with the layouts `layouts`.
private func offsets(_ scene: String, layouts: [LayoutDescriptor]) throws -> [CGPoint] {
    let folder = NSTemporaryDirectory() + "framegen-scroll-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try scene.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let source = try FrameSource.load(folder + "/s.yaml", fps: nil, layouts: layouts)
    return (0..<source.frameCount).map { i in
        let b = source.frame(i).views[0].bounds
        return CGPoint(x: b.origin.x, y: b.origin.y)
    }
}

@Suite struct ScrollSettingsTests {
    @Test func aContentInsetAndOffsetTheLayoutSetsReachTheTimeline() throws {
        let scene = """
            canvas: {width: 300, height: 100, scale: 2, background: "#000000"}
            content: {items: 10}
            layout: {type: centring}
            timeline:
              - drag: {by: [-150, 0], duration: 0.4, curve: easeInEaseOut}
            """
        let layouts = [UIKitLayout.descriptor(type: "centring") { _ in CentringFlowLayout() }]
        let x = try offsets(scene, layouts: layouts).map(\.x)
        // The first item is centred from the first frame: an inset of (300 - 200) / 2.
        expect(x.first == -50)
        // A drag of 150 pt released at rest ends on the nearest centred item, one page of
        // 220 pt on.
        let last: Double = try #require(x.last)
        let page: Double = -50 + 220
        expect(abs(last - page) < 1e-9)
        // The inset is the timeline's too: the view scrolls back to -50, not only to 0.
        let back = scene + "\n  - drag: {by: [400, 0], duration: 0.4, curve: easeInEaseOut}\n"
        try expect(abs(try #require(try offsets(back, layouts: layouts).last?.x) + 50) < 1e-9)
    }

    @Test func decelerationRateAndPagingTheProgramSetsAreUsed() throws {
        let scene = """
            canvas: {width: 200, height: 300, scale: 1, background: "#000000"}
            content: {items: 400}
            layout: {type: LAYOUT}
            timeline:
              - fling: {velocity: [0, 1000]}
            """
        func flow(_ configure: @escaping @Sendable (UICollectionView) -> Void) -> UIKitLayout.Factory {
            { view in
                configure(view)
                let layout = UICollectionViewFlowLayout()
                layout.itemSize = CGSize(width: 40, height: 40)
                return layout
            }
        }
        let layouts = [
            UIKitLayout.descriptor(type: "plain", factory: flow { _ in }),
            UIKitLayout.descriptor(type: "fast", factory: flow { $0.decelerationRate = .fast }),
            UIKitLayout.descriptor(type: "paged", factory: flow { $0.isPagingEnabled = true }),
        ]
        func rest(_ type: String, _ extra: String = "") throws -> CGFloat {
            let text = scene.replacingOccurrences(of: "LAYOUT", with: type) + extra
            return try #require(try offsets(text, layouts: layouts).last?.y)
        }
        // UIKit's deceleration rests v·r / (1000 (1 - r)) on from where the flick lifts (1000 pt/s
        // for 1/60 s, 16.7 pt, docs/scene.md): 499 pt further at 0.998, 99 pt at 0.99.
        try expect(abs(try rest("plain") - 516) <= 1)
        try expect(abs(try rest("fast") - 116) <= 1)
        // Paging: the fling rests on a page (the view's height) boundary.
        try expect(rest("paged").truncatingRemainder(dividingBy: 300) == 0)
        // The scene's setting reaches the view first, and a program that leaves it keeps it.
        try expect(abs(try rest("plain", "\nview: {decelerationRate: fast}\n") - 116) <= 1)
    }
}

/// A row of pages 300 x 100 pt, one item each, for the pagers below.
class HorizontalPagesLayout: UICollectionViewFlowLayout {
    override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = CGSize(width: 300, height: 100)
        minimumLineSpacing = 0
    }

    required init?(coder: NSCoder) { nil }
}

/// A pager that keeps its page in `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`
/// and turns one page per release in the fling's direction, whatever the proposed offset, as
/// banner layouts in the wild keep theirs.
final class PageKeepingLayout: HorizontalPagesLayout {
    private var page: CGFloat = 0

    override func targetContentOffset(
        forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        if velocity.x > 0 { page += 1 } else if velocity.x < 0 { page -= 1 }
        return CGPoint(x: page * itemSize.width, y: proposed.y)
    }
}

/// UIKit asks the layout once per release, and the layout's objects keep what it saw: the
/// second fling turns to the second page, because the objects that answer it (fresh ones,
/// replaying the history) have seen the first release too.
@Test func aLayoutThatKeepsItsPageAtTheReleaseTurnsOnePagePerFling() throws {
    let scene = """
        canvas: {width: 300, height: 100, scale: 1, background: "#000000"}
        content: {items: 10}
        layout: {type: pager}
        timeline:
          - fling: {velocity: [300, 0]}
          - fling: {velocity: [300, 0]}
        """
    let layouts = [UIKitLayout.descriptor(type: "pager") { _ in PageKeepingLayout() }]
    let x = try offsets(scene, layouts: layouts).map(\.x)
    expect(x.contains { abs($0 - 300) < 1e-9 })
    try expect(abs(try #require(x.last) - 600) < 1e-9)
}

/// A pager that rounds where the content is at the release up in the fling's direction, then
/// adds the pages the velocity flicks (half a page per pt/ms here), as many snapping layouts in
/// the wild do.
final class CeilingPagerLayout: HorizontalPagesLayout {
    override func targetContentOffset(
        forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        let at = collectionView!.contentOffset.x / itemSize.width
        let page = velocity.x > 0 ? at.rounded(.up) : velocity.x < 0 ? at.rounded(.down) : at.rounded()
        let flicked = (velocity.x * 0.5).rounded(.towardZero)
        return CGPoint(x: (page + flicked) * itemSize.width, y: proposed.y)
    }
}

/// A fling from rest reaches the layout with the content already moved by the finger (iOS
/// decelerates only after a pan that moved it), so a pager that rounds the content's offset up in
/// the fling's direction turns a page even for a slow flick, and one more for each page the
/// velocity flicks: 0.6 pt/ms turns one page, 2.4 pt/ms two.
@Test func aFlingFromRestTurnsThePageTheMovedContentRoundsTo() throws {
    func rest(_ velocity: Int) throws -> CGFloat {
        let scene = """
            canvas: {width: 300, height: 100, scale: 1, background: "#000000"}
            content: {items: 10}
            layout: {type: pager}
            timeline:
              - fling: {velocity: [\(velocity), 0]}
            """
        let layouts = [UIKitLayout.descriptor(type: "pager") { _ in CeilingPagerLayout() }]
        return try #require(try offsets(scene, layouts: layouts).last?.x)
    }
    try expect(rest(600) == 300)
    try expect(rest(2400) == 600)
    try expect(rest(-600) == 0)
}
