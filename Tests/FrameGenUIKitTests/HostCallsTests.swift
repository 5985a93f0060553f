import Foundation
import TestTiers
import Testing

import struct FrameGenGeometry.Point
import struct FrameGenGeometry.Size
import struct FrameGenLayout.CollectionViewDataSource
import struct FrameGenLayout.CollectionViewState

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

/// A wheel-like layout as tutorials write it: it lays out only the items near the visible
/// bounds, and `layoutAttributesForItem(at:)` indexes that short list by item number, which
/// traps for an item outside it, as on iOS where UIKit never asks for the items of its own
/// pass.
private final class WindowLayout: UICollectionViewLayout {
    private(set) var window: [UICollectionViewLayoutAttributes] = []
    private(set) var itemQueries = 0

    override func prepare() {
        super.prepare()
        let cv = collectionView!
        let first = max(0, Int(cv.contentOffset.y / 50))
        let last = min(cv.numberOfItems(inSection: 0) - 1, first + 1)
        window = (first...last).map { item in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(x: 10, y: 50 * CGFloat(item), width: 30, height: 40)
            return a
        }
    }

    override var collectionViewContentSize: CGSize { CGSize(width: 50, height: 500) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        window
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        itemQueries += 1
        return window[indexPath.item]
    }
}

/// A cell that remembers the frame it was made with.
private final class FrameCell: UICollectionViewCell {
    let madeWith: CGRect
    override init(frame: CGRect) {
        madeWith = frame
        super.init(frame: frame)
    }
    required init?(coder: NSCoder) { nil }
}

/// An app's data source and delegate: dequeues the cell and records what the view tells it.
private final class HostRecorder: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
    var events: [String] = []

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        collectionView.numberOfItems(inSection: section)
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        collectionView.dequeueReusableCell(withReuseIdentifier: "frame", for: indexPath)
    }

    func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
        forItemAt indexPath: IndexPath
    ) {
        events.append("will \(indexPath.item) \(collectionView.indexPath(for: cell)?.item ?? -1)")
    }

    func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
        forItemAt indexPath: IndexPath
    ) {
        events.append("end \(indexPath.item)")
    }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { events.append("begin dragging") }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        events.append("end dragging \(decelerate)")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { events.append("begin decelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { events.append("end decelerating") }
}

private func host(_ recorder: HostRecorder) -> (UICollectionView, WindowLayout) {
    let layout = WindowLayout()
    let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 50, height: 100), collectionViewLayout: layout)
    view.data = .init(itemCounts: [10])
    view.cells.configure(registered: ["frame": { FrameCell(frame: $0) }], sceneCell: "frame")
    view.dataSource = recorder
    view.delegate = recorder
    layout.prepare()
    return (view, layout)
}

@discardableResult private func pass(_ view: UICollectionView) -> [UICollectionReusableView?] {
    let elements = view.collectionViewLayout.layoutAttributesForElements(in: view.bounds) ?? []
    return view.cells.display(elements, in: view)
}

@Test func aViewDequeuedInADisplayPassStartsFromThePassAttributes() throws {
    let recorder = HostRecorder()
    let (view, layout) = host(recorder)
    view.contentOffset = CGPoint(x: 0, y: 100)
    layout.prepare()
    let shown = pass(view)
    // Items 2 and 3: the layout's list starts at item 2, so asking it for item 2 would trap.
    expect(layout.itemQueries == 0)
    let cell = try #require(shown.first as? FrameCell)
    expect(cell.madeWith == CGRect(x: 10, y: 100, width: 30, height: 40))
}

@Test func theDelegateHearsCellsComeAndGo() {
    let recorder = HostRecorder()
    let (view, layout) = host(recorder)
    pass(view)
    // willDisplay comes once the cell holds its item (indexPath(for:) answers it).
    expect(recorder.events == ["will 0 0", "will 1 1"])
    pass(view)
    expect(recorder.events.count == 2)
    view.contentOffset = CGPoint(x: 0, y: 50)
    layout.prepare()
    pass(view)
    expect(recorder.events.suffix(2) == ["end 0", "will 2 2"])
    expect(view.indexPath(for: view.cellForItem(at: IndexPath(item: 1, section: 0))!)?.item == 1)
}

@Test func withoutAProgramsDataSourceTheScenesAnswers() {
    let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 50, height: 100), collectionViewLayout: WindowLayout())
    view.data = .init(itemCounts: [3, 5])
    let scene = view.dataSource
    expect(scene?.numberOfSections(in: view) == 2)
    expect(scene?.collectionView(view, numberOfItemsInSection: 1) == 5)
    let own = HostRecorder()
    view.dataSource = own
    expect(view.dataSource === own)
    view.dataSource = nil
    expect(view.dataSource === scene)
}

@Test func aDecelerationIsAnnouncedAfterTheDragEnds() {
    let recorder = HostRecorder()
    let box = UncheckedBox<HostRecorder>(recorder)
    var layout = UIKitLayout(name: "window") { view in
        view.delegate = box.value
        return WindowLayout()
    }
    func at(_ y: Double) -> CollectionViewState {
        CollectionViewState(
            size: Size(width: 50, height: 100), contentOffset: Point(x: 0, y: y),
            dataSource: CollectionViewDataSource(itemCounts: [10]))
    }
    layout.prepare(at(0))
    layout.collectionViewWillBeginDragging(at(0))
    layout.collectionViewDidEndDragging(at(20), willDecelerate: true)
    layout.collectionViewDidEndDecelerating(at(60))
    layout.prepare(at(60))
    expect(
        recorder.events == ["begin dragging", "end dragging true", "begin decelerating", "end decelerating"])
}

@Test func imageAndColourLiteralsMakeUIKitsTypes() {
    let photo = UIImage(size: CGSize(width: 4, height: 3), name: "photo-1")
    UIImage.withNamedImages({ $0 == "photo-1" ? photo : nil }) {
        let found = #imageLiteral(resourceName: "photo-1")
        expect(found.size == CGSize(width: 4, height: 3))
        // A name framegen cannot resolve is an empty image (iOS traps).
        let missing = #imageLiteral(resourceName: "awt.png")
        expect(missing.size == .zero)
        expect(missing.name == "awt.png")
    }
    let orange = #colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 1)
    var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
    orange.getRed(&r, green: &g, blue: &b, alpha: &a)
    expect((r, g, b, a) == (1, 0.5, 0, 1))
}

@Test func reloadedItemsAreAskedOfTheDataSourceAgain() {
    let recorder = HostRecorder()
    let (view, layout) = host(recorder)
    let first = pass(view)
    view.reloadItems(at: [IndexPath(item: 1, section: 0)])
    expect(recorder.events.suffix(1) == ["end 1"])
    expect(view.cellForItem(at: IndexPath(item: 1, section: 0)) == nil)
    layout.prepare()
    let second = pass(view)
    expect(recorder.events.suffix(1) == ["will 1 1"])
    // Item 0's cell stays; item 1's is asked again (and reuses the cell it left).
    expect(second[0] === first[0])
    expect((second[1] as? FrameCell) != nil)
}

@Test func dataChangesFromCodeWarnThatTheSceneOwnsTheData() {
    let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 50, height: 100), collectionViewLayout: WindowLayout())
    view.data = .init(itemCounts: [3])
    var warnings: [String] = []
    view.report = { warnings.append($0) }
    view.deleteItems(at: [IndexPath(item: 0, section: 0)])
    view.insertSections([1])
    expect(view.numberOfItems(inSection: 0) == 3)
    expect(warnings.count == 2)
    expect(warnings[0].contains("deleteItems(at:), which changes nothing"))
}

/// A context as Blueprints writes one: its invalidated headers named by getters of its own.
private final class HeadersContext: UICollectionViewFlowLayoutInvalidationContext {
    var headers: [IndexPath] = []
    override var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]? {
        headers.isEmpty ? nil : [UICollectionView.elementKindSectionHeader: headers]
    }
    override var invalidateEverything: Bool { false }
}

@Test func aFlowLayoutsContextIsTheFlowsAndItsGettersCanBeOverridden() throws {
    let flow = UICollectionViewFlowLayout()
    let context = try #require(
        flow.invalidationContext(forBoundsChange: .zero) as? UICollectionViewFlowLayoutInvalidationContext)
    expect(context.invalidateFlowLayoutDelegateMetrics && context.invalidateFlowLayoutAttributes)
    context.invalidateItems(at: [IndexPath(item: 1, section: 0)])
    context.invalidateSupplementaryElements(ofKind: "badge", at: [IndexPath(item: 0, section: 0)])
    context.invalidateSupplementaryElements(ofKind: "badge", at: [IndexPath(item: 2, section: 0)])
    expect(context.invalidatedItemIndexPaths == [IndexPath(item: 1, section: 0)])
    expect(context.invalidatedSupplementaryIndexPaths?["badge"]?.map(\.item) == [0, 2])
    let own = HeadersContext()
    own.headers = [IndexPath(item: 0, section: 3)]
    expect(
        own.invalidatedSupplementaryIndexPaths?[UICollectionView.elementKindSectionHeader]?.first?.section
            == 3)
    expect(!own.invalidateEverything)
}

/// One cell and one supplementary view of the layout's own kind "badge".
private final class OwnKindLayout: UICollectionViewLayout {
    override var collectionViewContentSize: CGSize { CGSize(width: 50, height: 100) }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let cell = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        cell.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let badge = UICollectionViewLayoutAttributes(
            forSupplementaryViewOfKind: "badge", with: IndexPath(item: 0, section: 0))
        badge.frame = CGRect(x: 30, y: 0, width: 10, height: 10)
        return [cell, badge]
    }
}

private final class OwnKindView: UICollectionReusableView {}

/// An app's data source that also makes the badges.
private final class BadgeDataSource: NSObject, UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        collectionView.dequeueReusableCell(withReuseIdentifier: "frame", for: indexPath)
    }
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: "badge", for: indexPath)
    }
}

/// A view controller sets a data source and registers classes, and the scene names no cell:
/// the data source's cells and views are drawn, as on iOS (MagazineLayout's example app).
@Test(arguments: [false, true])
func aProgramsDataSourceDrawsWhatItAnswersWithoutTheSceneNamingViews(answersBadges: Bool) {
    let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 50, height: 100), collectionViewLayout: OwnKindLayout())
    view.data = .init(itemCounts: [1])
    view.cells.configure(
        registered: ["frame": { FrameCell(frame: $0) }, "badge": { OwnKindView(frame: $0) }], sceneCell: nil)
    expect(!view.cells.isDrawing)
    view.register(FrameCell.self, forCellWithReuseIdentifier: "frame")
    view.register(OwnKindView.self, forSupplementaryViewOfKind: "badge", withReuseIdentifier: "badge")
    let source: UICollectionViewDataSource = answersBadges ? BadgeDataSource() : HostRecorder()
    view.dataSource = source
    expect(view.cells.isDrawing)
    let shown = pass(view)
    expect(shown.first.map { $0 is FrameCell } == true)
    // A data source without views of the kind leaves the badge to the scene's styles.
    expect((shown.last.flatMap { $0 } is OwnKindView) == answersBadges)
    expect((shown.last.flatMap { $0 } == nil) == !answersBadges)
}
