import Foundation
import FrameGenKit
import TestTiers
import Testing

import enum FrameGenLayout.LayoutRegistry

@testable import FrameGenCoreGraphics
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

/// An action sheet's layout, as XLActionController's: an inserted item starts 400 points below
/// its place and a spring of its dynamic animator pulls it there; the others are the flow's.
private final class RisingColumn: UICollectionViewFlowLayout {
    private lazy var animator = UIDynamicAnimator(collectionViewLayout: self)

    override init() {
        super.init()
        itemSize = CGSize(width: 200, height: 50)
        minimumLineSpacing = 0
        _ = animator
    }

    required init?(coder: NSCoder) { nil }

    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        for update in updateItems where update.updateAction == .insert {
            guard let path = update.indexPathAfterUpdate, let placed = super.layoutAttributesForItem(at: path)
            else { continue }
            let rising = UICollectionViewLayoutAttributes(forCellWith: path)
            rising.frame = placed.frame.offsetBy(dx: 0, dy: 400)
            let spring = UIAttachmentBehavior(item: rising, attachedToAnchor: placed.center)
            spring.length = 0
            spring.damping = 1
            spring.frequency = 2
            animator.addBehavior(spring)
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let moving = animator.items(in: rect).compactMap { $0 as? UICollectionViewLayoutAttributes }
        let still = (super.layoutAttributesForElements(in: rect) ?? []).filter { a in
            !moving.contains { $0.indexPath == a.indexPath }
        }
        return still + moving
    }
}

/// A layout on a dynamic animator moves its inserted items itself: the frames of the insert
/// show the item on its spring, rising from 400 points below to its place, not an
/// interpolation from the attributes before the update to those after.
@Test func anInsertedItemRisesOnItsSpringWhileTheInsertPlays() throws {
    let text = """
        canvas: {width: 200, height: 600, scale: 1}
        fps: 60
        content: {items: 2}
        layout: {type: rising}
        timeline:
          - wait: 0.1
          - insert: {items: [[0, 2]], duration: 0.4}
          - wait: 1
        """
    let layouts = [UIKitLayout.descriptor(type: "rising") { _ in RisingColumn() }]
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + layouts)
    let timeline = try Timeline(scene)
    func y(_ t: Double) -> Double? {
        timeline.frame(at: t).views[0].elements.first { $0.attributes.indexPath.item == 2 }?.attributes.frame
            .minY
    }
    // Its place is y 100; it starts at 500 and rises, 2 Hz critically damped, so after 0.1 s it is
    // still far below and after a second within a point.
    let early = try #require(y(0.2))
    let later = try #require(y(0.35))
    expect(early > 200 && early < 500)
    expect(later < early && later > 100)
    let end = try #require(y(1.4))
    expect(abs(end - 100) < 1)
    // The items that were there stay where they were.
    expect(
        timeline.frame(at: 0.2).views[0].elements.first { $0.attributes.indexPath.item == 1 }?.attributes
            .frame.minY == 50)
}
