import Foundation
import FrameGenGeometry
import FrameGenLayout
import FrameGenMotion
import TestTiers
import Testing

@testable import FrameGenScene

/// UIScrollView moves only along an axis whose content is longer than the view, or one it
/// always bounces along (`alwaysBounceVertical`, `alwaysBounceHorizontal`; false by default),
/// and a finger taps what is on top.
@Suite struct ScrollAxesTests {
    func timeline(_ yaml: String, layouts: [LayoutDescriptor] = LayoutRegistry.builtIn) throws -> Timeline {
        try Timeline(Scene(document: parseDocument(yaml, file: "test.yaml"), folder: ".", layouts: layouts))
    }

    /// Three rows of a grid in a 844 pt view: nothing to scroll.
    let short = """
        canvas: {width: 390, height: 844, scale: 1}
        content: {items: 9}
        layout: {type: flow, itemSize: [100, 100]}
        """

    @Test func aDragOnContentThatFitsMovesNothing() throws {
        let t = try timeline(short + "\ntimeline:\n  - drag: {by: [0, -200], duration: 0.4}")
        expect(Swift.abs(t.duration - 0.4) < 1e-9)
        for time in [0.1, 0.2, 0.4] { expect(t.frame(at: time).views[0].bounds.origin == .zero) }
        expect(t.warnings.contains { $0.contains("the content fits the view, so nothing moves") })
        // A fling has nothing to carry either.
        let fling = try timeline(short + "\ntimeline:\n  - fling: {velocity: [0, 2000]}")
        expect(fling.duration == 0)
    }

    @Test func alwaysBounceVerticalLetsItRubberBand() throws {
        let yaml =
            short.replacingOccurrences(of: "content:", with: "view: {alwaysBounceVertical: true}\ncontent:")
            + "\ntimeline:\n  - drag: {by: [0, -200], duration: 0.4}"
        let t = try timeline(yaml)
        // Pulled past the end, less than the finger moved, then back.
        let pulled = t.frame(at: 0.4).views[0].bounds.minY
        expect(pulled > 0 && pulled < 200)
        expect(t.duration > 0.4)
        expect(t.frame(at: t.duration).views[0].bounds.origin == .zero)
        // A horizontal drag on it still moves nothing.
        let across = try timeline(
            short.replacingOccurrences(of: "content:", with: "view: {alwaysBounceVertical: true}\ncontent:")
                + "\ntimeline:\n  - drag: {by: [-200, 0], duration: 0.4}")
        expect(across.frame(at: 0.4).views[0].bounds.origin.x == 0)
    }

    /// Two cards, the later drawn over the earlier's centre: a tap on the earlier lands on the
    /// part of it that shows; a card covered everywhere is not tapped.
    @Test func aTapOnAnItemLandsWhereItShows() throws {
        var under = LayoutAttributes.cell(
            FrameGenLayout.IndexPath(item: 0, section: 0),
            frame: Rect(x: 100, y: 100, width: 200, height: 200))
        var over = LayoutAttributes.cell(
            FrameGenLayout.IndexPath(item: 1, section: 0),
            frame: Rect(x: 150, y: 100, width: 200, height: 200))
        under.zIndex = 0
        over.zIndex = 1
        let partly = try touches([under, over], tapping: 0)
        let touch = try #require(partly.first ?? nil)
        // Left of the covering card, on the first.
        expect(touch.x >= 100 && touch.x < 150 && touch.y > 100 && touch.y < 300)
        // Uncovered: the centre, as the scene names the item (no point given).
        try expect(touches([under, over], tapping: 1) == [nil])
        // Covered everywhere: no tap, and a warning says so.
        over.frame = Rect(x: 90, y: 90, width: 220, height: 220)
        let covered = try tapTimeline([under, over], tapping: 0)
        try expect(#require(covered.final[0].layout as? TouchRecordingLayout).touches.isEmpty)
        expect(covered.warnings.contains { $0.contains("covered by other cells everywhere") })
    }

    func tapTimeline(_ cells: [LayoutAttributes], tapping item: Int) throws -> Timeline {
        let layout = TouchRecordingLayout(cells: cells)
        let descriptor = LayoutDescriptor(type: "touches", summary: "cells as given", parameters: []) { _ in
            layout
        }
        return try timeline(
            """
            canvas: {width: 390, height: 844, scale: 1}
            content: {items: \(cells.count)}
            layout: {type: touches}
            timeline:
              - tap: {item: [0, \(item)]}
            """, layouts: LayoutRegistry.builtIn + [descriptor])
    }

    func touches(_ cells: [LayoutAttributes], tapping item: Int) throws -> [Point?] {
        try #require(tapTimeline(cells, tapping: item).final[0].layout as? TouchRecordingLayout).touches
    }
}

/// Cells as given, recording where each tap landed (nil: at the item, as the scene named it).
private struct TouchRecordingLayout: CollectionViewLayout {
    var cells: [LayoutAttributes]
    var touches: [Point?] = []

    mutating func prepare(_ collectionView: CollectionViewState) {}
    var collectionViewContentSize: Size { Size(width: 390, height: 844) }
    func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        cells.filter { $0.frame.intersects(rect) }
    }
    func layoutAttributesForItem(at indexPath: FrameGenLayout.IndexPath) -> LayoutAttributes? {
        cells.first { $0.indexPath == indexPath }
    }
    mutating func collectionViewDidTapItem(
        at indexPath: FrameGenLayout.IndexPath, _ collectionView: CollectionViewState
    )
        -> Bool
    {
        touches.append(collectionView.touchLocation)
        return true
    }
}
