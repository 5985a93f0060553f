import Foundation
import TestTiers
import Testing

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

@Test func aSnapshotKeepsSectionsAndItemsInOrder() {
    var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["top", "bottom"])
    snapshot.appendItems([1, 2, 3], toSection: "top")
    snapshot.appendItems([10, 11])  // to the last section
    snapshot.insertItems([0], beforeItem: 1)
    snapshot.insertItems([12], afterItem: 11)
    snapshot.moveItem(3, beforeItem: 10)
    snapshot.deleteItems([2])
    snapshot.insertSections(["middle"], afterSection: "top")
    snapshot.appendItems([5], toSection: "middle")
    expect(snapshot.sectionIdentifiers == ["top", "middle", "bottom"])
    expect(snapshot.itemIdentifiers(inSection: "top") == [0, 1])
    expect(snapshot.itemIdentifiers(inSection: "bottom") == [3, 10, 11, 12])
    expect(snapshot.itemIdentifiers == [0, 1, 5, 3, 10, 11, 12])
    expect(snapshot.numberOfItems == 7 && snapshot.numberOfSections == 3)
    expect(snapshot.sectionIdentifier(containingItem: 3) == "bottom")
    expect(snapshot.indexOfItem(10) == 4)
    expect(snapshot.indexOfSection("bottom") == 2)
    snapshot.moveSection("bottom", beforeSection: "top")
    expect(snapshot.sectionIdentifiers == ["bottom", "top", "middle"])
    snapshot.deleteSections(["bottom"])
    expect(snapshot.itemIdentifiers == [0, 1, 5])
    expect(snapshot.sectionIdentifier(containingItem: 10) == nil)
    snapshot.reloadItems([1])
    expect(snapshot.reloadedItemIdentifiers == [1])
}

private final class ItemTitleCell: UICollectionViewCell {
    var title = ""
}

private final class SectionTitleView: UICollectionReusableView {
    var title = ""
}

/// One item per 40 points down a column, with a header of kind "title" in each section.
private final class ColumnLayout: UICollectionViewLayout {
    override var collectionViewContentSize: CGSize { CGSize(width: 50, height: 400) }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let cv = collectionView!
        var out: [UICollectionViewLayoutAttributes] = []
        var y: CGFloat = 0
        for s in 0..<cv.numberOfSections {
            let header = UICollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: "title", with: IndexPath(item: 0, section: s))
            header.frame = CGRect(x: 0, y: y, width: 50, height: 10)
            out.append(header)
            y += 10
            for i in 0..<cv.numberOfItems(inSection: s) {
                let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: s))
                a.frame = CGRect(x: 0, y: y, width: 50, height: 40)
                out.append(a)
                y += 40
            }
        }
        return out
    }
}

/// An app's diffable data source with iOS 14's registrations, as a view controller writes it.
private func diffableHost(sceneItems: [Int]) -> (UICollectionView, [String]) {
    let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 50, height: 400), collectionViewLayout: ColumnLayout())
    view.data = .init(itemCounts: sceneItems)
    view.cells.configure(
        registered: ["title": { ItemTitleCell(frame: $0) }, "header": { SectionTitleView(frame: $0) }],
        sceneCell: nil)
    nonisolated(unsafe) var reports = [String]()
    view.report = { reports.append($0) }
    let cell = UICollectionView.CellRegistration<ItemTitleCell, String> { cell, indexPath, item in
        cell.title = "\(item) at \(indexPath.item)"
    }
    let header = UICollectionView.SupplementaryRegistration<SectionTitleView>(elementKind: "title") {
        view, _, indexPath in
        view.title = "section \(indexPath.section)"
    }
    let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: view) {
        collectionView, indexPath, item in
        collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: item)
    }
    dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
        collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
    }
    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(["a", "b", "c"])
    dataSource.apply(snapshot, animatingDifferences: false)
    expect(view.dataSource === dataSource)
    let elements = view.collectionViewLayout.layoutAttributesForElements(in: view.bounds) ?? []
    let shown = view.cells.display(elements, in: view)
    let titles = shown.map {
        ($0 as? ItemTitleCell)?.title ?? ($0 as? SectionTitleView)?.title ?? $0.map { "\(type(of: $0))" }
            ?? "none"
    }
    return (view, titles + reports)
}

@Test func aDiffableDataSourceConfiguresRegisteredCellsWithTheSnapshotsItems() {
    let (_, shown) = diffableHost(sceneItems: [3])
    expect(shown == ["section 0", "a at 0", "b at 1", "c at 2"])
}

@Test func itemsPastTheSnapshotGetPlainCellsAndOneReport() {
    let (_, shown) = diffableHost(sceneItems: [4])
    expect(shown.prefix(4) == ["section 0", "a at 0", "b at 1", "c at 2"])
    expect(shown[4] == "UICollectionViewCell")
    expect(shown.count == 6)
    expect(shown[5].contains("snapshot of [3] items per section where the scene has [4]"))
}
