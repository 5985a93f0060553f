import Foundation
import FrameGenGeometry
import FrameGenLayout
import TestTiers
import Testing

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenScene
@testable import FrameGenUIKit
@testable import FrameGenUIKitHost

/// Section 0: a row of 150 x 100 groups, 10 apart, inset 20 leading and trailing, scrolling on
/// its own with `behaviour`; section 1: a plain column of 100-point rows below it. Six items in
/// each, in a 400 x 600 view.
private func rowAndColumn(
    _ behaviour: UICollectionLayoutSectionOrthogonalScrollingBehavior,
    widthFraction: Double? = nil,
    handler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler? = nil
) -> UICollectionViewCompositionalLayout {
    UICollectionViewCompositionalLayout { section, _ in
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        if section == 0 {
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: widthFraction.map { .fractionalWidth($0) } ?? .absolute(150),
                    heightDimension: .absolute(100)),
                subitems: [item])
            let row = NSCollectionLayoutSection(group: group)
            row.interGroupSpacing = 10
            row.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
            row.orthogonalScrollingBehavior = behaviour
            row.visibleItemsInvalidationHandler = handler
            return row
        }
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
            subitems: [item])
        return NSCollectionLayoutSection(group: group)
    }
}

private func timeline(
    _ behaviour: UICollectionLayoutSectionOrthogonalScrollingBehavior, drags: String,
    widthFraction: Double? = nil, dimsOffCentre: Bool = false
) throws -> Timeline {
    let text = """
        canvas: {width: 400, height: 600, scale: 2}
        fps: 30
        content: {sections: [6, 6]}
        layout: {type: rows}
        timeline:
        \(drags)
        """
    let layouts = [
        UIKitLayout.descriptor(type: "rows") { _ in
            // The handler sees the row's own offset, and frames in the row's own content.
            rowAndColumn(
                behaviour, widthFraction: widthFraction,
                handler: dimsOffCentre
                    ? { items, offset, environment in
                        let middle = environment.container.contentSize.width / 2
                        for item in items where abs(item.frame.midX - offset.x - middle) > 1 {
                            item.alpha = 0.5
                        }
                    } : nil)
        }
    ]
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + layouts)
    return try Timeline(scene)
}

private func frame(_ timeline: Timeline, _ section: Int, _ item: Int, at t: Double) -> Rect? {
    timeline.frame(at: t).views[0].elements.first {
        $0.attributes.representedElementCategory == .cell
            && $0.attributes.indexPath == IndexPath(item: item, section: section)
    }?.attributes.frame
}

/// How far the row has scrolled at `t`: where a cell of section 0 on screen is, against where it
/// lies at rest (x 20 + 160 per item, or `first` for the first).
private func rowOffset(_ timeline: Timeline, at t: Double, first: Double = 20) -> Double? {
    guard
        let a = timeline.frame(at: t).views[0].elements.first(where: {
            $0.attributes.representedElementCategory == .cell && $0.attributes.indexPath.section == 0
        })?.attributes
    else { return nil }
    return first + 160 * Double(a.indexPath.item) - a.frame.minX
}

@Suite struct OrthogonalScrollingTests {
    /// A drag over the row moves the row with the finger, not the view, and the release glides
    /// on within the row's range; a drag elsewhere scrolls the view as before.
    @Test func aDragOverAnOrthogonalSectionScrollsThatSectionOnly() throws {
        let t = try timeline(
            .continuous,
            drags: """
                  - drag: {by: [-200, 0], duration: 0.5, at: [200, 50]}
                  - wait: 0.2
                  - drag: {by: [0, -50], duration: 0.5, curve: easeInEaseOut, at: [200, 300]}
                """)
        // At rest: x 20, 180, 340...
        expect(frame(t, 0, 0, at: 0)?.minX == 20)
        expect(frame(t, 0, 2, at: 0)?.minX == 340)
        // The finger moved 100 of its 200 points by 0.25 s (linear): so did the row.
        expect(frame(t, 0, 2, at: 0.25)?.minX == 240)
        expect(frame(t, 0, 2, at: 0.5)?.minX == 140)
        // The column and the view stay.
        expect(frame(t, 1, 0, at: 0.5)?.minY == 100)
        expect(t.frame(at: 0.5).views[0].bounds.origin == Point(x: 0, y: 0))
        // Released at 400 pt/s, it glides on and rests within its range: 6 groups make
        // 20 + 6 x 150 + 5 x 10 + 20 = 990 points, 590 past the view's width. A vertical drag
        // over the column then scrolls the view by 50, and the row keeps its offset.
        let end = t.duration
        let rest = try #require(rowOffset(t, at: end))
        expect(rest > 200 && rest <= 590)
        expect(t.frame(at: end).views[0].bounds.origin.y == 50)
        // Before that drag (0.5 s, released still), at rest already.
        expect(rowOffset(t, at: end - 0.6) == rest)
        expect(t.frame(at: end - 0.6).views[0].bounds.origin.y == 0)
    }

    /// Group paging rests with a group at the row's leading inset; centred paging with a group
    /// in the middle of the view; paging on pages as wide as the view; the leading-boundary
    /// behaviour on a group's leading edge.
    @Test func eachBehaviourRestsWhereUIKitsDoes() throws {
        let swipe = "  - drag: {by: [-60, 0], duration: 0.1, at: [200, 50]}"
        // One group on (160 points), whatever the swipe's length.
        let grouped = try timeline(.groupPaging, drags: swipe)
        expect(rowOffset(grouped, at: grouped.duration) == 160)
        let centred = try timeline(.groupPagingCentered, drags: swipe)
        // At rest the first group is centred (x 125); after the swipe, the second.
        expect(frame(centred, 0, 0, at: 0)?.minX == 125)
        expect(rowOffset(centred, at: centred.duration, first: 125) == 160)
        let paged = try timeline(.paging, drags: swipe)
        expect(rowOffset(paged, at: paged.duration) == 400)
        let boundary = try timeline(
            .continuousGroupLeadingBoundary,
            drags: "  - drag: {by: [-250, 0], duration: 0.5, at: [200, 50]}")
        let offset = try #require(rowOffset(boundary, at: boundary.duration))
        expect(offset > 250 && offset.truncatingRemainder(dividingBy: 160) == 0)
    }

    /// A fraction of the width in an orthogonal section is of the whole width its scroll view
    /// spans, not of the width less the section's insets (iOS: 375 points in a 375-point view
    /// inset 16).
    @Test func anOrthogonalGroupsFractionsAreOfTheWholeWidth() throws {
        let t = try timeline(.continuous, drags: "  - wait: 0.1", widthFraction: 0.5)
        expect(frame(t, 0, 0, at: 0) == Rect(x: 20, y: 0, width: 200, height: 100))
        expect(frame(t, 0, 1, at: 0)?.minX == 230)
    }

    /// The visible-items handler hears the row's own offset with the row's elements where they
    /// lie in its content, so `item.frame.midX - offset.x` is where an item is on screen.
    @Test func theVisibleItemsHandlerSeesTheSectionsOwnOffset() throws {
        let t = try timeline(
            .groupPagingCentered, drags: "  - drag: {by: [-60, 0], duration: 0.1, at: [200, 50]}",
            dimsOffCentre: true)
        func alpha(_ item: Int, at time: Double) -> Double? {
            t.frame(at: time).views[0].elements.first {
                $0.attributes.representedElementCategory == .cell
                    && $0.attributes.indexPath == IndexPath(item: item, section: 0)
            }?.attributes.alpha
        }
        expect(alpha(0, at: 0) == 1)
        expect(alpha(1, at: 0) == 0.5)
        expect(alpha(0, at: t.duration) == 0.5)
        expect(alpha(1, at: t.duration) == 1)
        expect(frame(t, 0, 1, at: t.duration)?.minX == 125)
    }
}
