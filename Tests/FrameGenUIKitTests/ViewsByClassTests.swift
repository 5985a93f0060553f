import Foundation
import FrameGenCompositionalLayout
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

private final class RedCell: UICollectionViewCell, ReusableViewByClass {
    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .red
    }
    required init?(coder: NSCoder) { nil }
}

private final class BlueBadge: UICollectionReusableView, ReusableViewByClass {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .blue
    }
    required init?(coder: NSCoder) { nil }
}

private final class GreenBackground: UICollectionReusableView, ReusableViewByClass {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .green
    }
    required init?(coder: NSCoder) { nil }
}

private final class BadgedSource: NSObject, UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 4 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: kind, for: indexPath)
    }
}

/// A collection view as a snapshot test builds it, with no scene and no factories: views are
/// made by the classes registered (`ReusableViewByClass`) for cells, supplementary views and the
/// layout's decoration views alike, and stacked as UIKit stacks them, by zIndex.
@Suite struct ViewsByClassTests {
    /// Two 50 %-wide items a row, inset 10, in groups 100 tall with a 20-point badge at the
    /// group's top trailing corner; section insets 20; a background decoration behind it all.
    fileprivate static func badgedGrid(nibs: Bool = false, report: (@Sendable (String) -> Void)? = nil) -> (
        UICollectionView, BadgedSource
    ) {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let badge = NSCollectionLayoutSupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20)),
            elementKind: "badge", containerAnchor: NSCollectionLayoutAnchor(edges: [.top, .trailing]))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
            subitems: [item])
        group.supplementaryItems = [badge]
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20)
        section.decorationItems = [NSCollectionLayoutDecorationItem.background(elementKind: "background")]
        let layout = UICollectionViewCompositionalLayout(section: section)
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: layout)
        if let report { collectionView.report = report }
        if nibs {
            layout.register(UINib(nibName: "Background", bundle: nil), forDecorationViewOfKind: "background")
            collectionView.register(UINib(nibName: "Cell", bundle: nil), forCellWithReuseIdentifier: "cell")
            collectionView.register(
                UINib(nibName: "Badge", bundle: .main), forSupplementaryViewOfKind: "badge",
                withReuseIdentifier: "badge")
        } else {
            layout.register(GreenBackground.self, forDecorationViewOfKind: "background")
            collectionView.register(RedCell.self, forCellWithReuseIdentifier: "cell")
            collectionView.register(
                BlueBadge.self, forSupplementaryViewOfKind: "badge", withReuseIdentifier: "badge")
        }
        let source = BadgedSource()
        collectionView.dataSource = source
        collectionView.backgroundColor = .white
        return (collectionView, source)
    }

    static func image(_ view: UIView) -> UIImage {
        view.layoutIfNeeded()
        return UIGraphicsImageRenderer(
            bounds: view.bounds,
            format: UIGraphicsImageRendererFormat(for: UITraitCollection(displayScale: 1))
        ).image { view.layer.render(in: $0.cgContext) }
    }

    @Test func supplementaryAndDecorationViewsAreMadeByTheirRegisteredClasses() {
        let (collectionView, source) = Self.badgedGrid()
        let image = Self.image(collectionView)
        withExtendedLifetime(source) {}
        let green: [UInt8] = [0, 255, 0, 255]
        // The background (zIndex -1) covers the section (y 0..<240) under everything else.
        expect(ImageRendererTests.pixel(image, 5, 5) == green)
        expect(ImageRendererTests.pixel(image, 100, 130) == green)
        expect(ImageRendererTests.pixel(image, 10, 245) == [255, 255, 255, 255])
        // Cells (30...90, 110...170 across; 30...110 and 130...210 down) over it.
        expect(ImageRendererTests.pixel(image, 40, 40) == [255, 0, 0, 255])
        expect(ImageRendererTests.pixel(image, 120, 200) == [255, 0, 0, 255])
        // Each group's badge at its top trailing corner (160...180, 20...40 and 120...140), at the
        // index path of the group's first item.
        expect(ImageRendererTests.pixel(image, 178, 22) == [0, 0, 255, 255])
        expect(ImageRendererTests.pixel(image, 165, 125) == [0, 0, 255, 255])
        let badges =
            (collectionView.collectionViewLayout.layoutAttributesForElements(in: collectionView.bounds) ?? [])
            .filter { $0.representedElementKind == "badge" }.map(\.indexPath)
        expect(badges == [IndexPath(item: 0, section: 0), IndexPath(item: 2, section: 0)])
        let classes = collectionView.subviews.map { "\(type(of: $0))" }
        expect(classes.filter { $0 == "RedCell" }.count == 4)
        expect(classes.filter { $0 == "BlueBadge" }.count == 2)
        expect(classes.filter { $0 == "GreenBackground" }.count == 1)
    }

    /// Nibs the app's resources lack: the cells and supplementary views are plain (each nib is
    /// warned about, naming it), and a decoration view's nib is reported where it is drawn.
    @Test func missingNibsGivePlainViews() {
        let reports = Lines()
        let (collectionView, source) = Self.badgedGrid(nibs: true) { reports.append($0) }
        let image = Self.image(collectionView)
        _ = Self.image(collectionView)
        withExtendedLifetime(source) {}
        // Plain views: nothing drawn over the white background.
        expect(ImageRendererTests.pixel(image, 40, 40) == [255, 255, 255, 255])
        expect(ImageRendererTests.pixel(image, 178, 22) == [255, 255, 255, 255])
        let all = Set(reports.all)
        expect(all.contains { $0.contains("the nib \"Background\"") && $0.contains("decoration") })
        expect(UINib(nibName: "Cell", bundle: nil).instantiate(withOwner: nil).isEmpty)
    }
}

/// Cells as an app declares them, not final, with the override the port writes into each
/// (`makeByClass`); `PlainSubcell` is one the port gave none (its own designated initialiser
/// takes `init(frame:)` away), so it inherits its superclass's.
private class PortedCell: UICollectionViewCell {
    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .red
    }
    required init?(coder: NSCoder) { nil }
    override class func makeByClass(frame: CGRect) -> UICollectionReusableView? { PortedCell(frame: frame) }
}

private class PortedSubcell: PortedCell {
    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .blue
    }
    required init?(coder: NSCoder) { nil }
    override class func makeByClass(frame: CGRect) -> UICollectionReusableView? {
        PortedSubcell(frame: frame)
    }
}

private class PlainSubcell: PortedCell {
    init(colour: UIColor) {
        super.init(frame: .zero)
        contentView.backgroundColor = colour
    }
    required init?(coder: NSCoder) { nil }
}

private class PortedRow: UITableViewCell {
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        contentView.backgroundColor = .green
    }
    required init?(coder: NSCoder) { nil }
    override class func makeByClass(style: UITableViewCell.CellStyle, reuseIdentifier: String?)
        -> UITableViewCell?
    {
        PortedRow(style: style, reuseIdentifier: reuseIdentifier)
    }
}

private final class Rows: NSObject, UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    }
}

@Suite struct ClassesThePortMakesTests {
    @Test func nonFinalCellsAreMadeByTheirOwnClass() {
        let reports = Lines()
        let (collectionView, source) = ViewsByClassTests.badgedGrid { reports.append($0) }
        collectionView.register(PortedSubcell.self, forCellWithReuseIdentifier: "cell")
        let image = ViewsByClassTests.image(collectionView)
        withExtendedLifetime(source) {}
        expect(collectionView.subviews.filter { type(of: $0) == PortedSubcell.self }.count == 4)
        expect(ImageRendererTests.pixel(image, 40, 40) == [0, 0, 255, 255])
        expect(reports.all.isEmpty)
    }

    @Test func aSubclassThePortCouldNotMakeIsReportedNotMadeAsItsSuperclass() {
        let reports = Lines()
        let (collectionView, source) = ViewsByClassTests.badgedGrid { reports.append($0) }
        collectionView.register(PlainSubcell.self, forCellWithReuseIdentifier: "cell")
        let image = ViewsByClassTests.image(collectionView)
        withExtendedLifetime(source) {}
        expect(!collectionView.subviews.contains { $0 is PortedCell })
        // A plain cell: the green background decoration shows through it.
        expect(ImageRendererTests.pixel(image, 40, 40) == [0, 255, 0, 255])
        expect(reports.all.contains { $0.contains("PlainSubcell") })
    }

    @Test func nonFinalTableCellsAreMadeByTheirOwnClass() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 100, height: 120))
        let rows = Rows()
        table.dataSource = rows
        table.register(PortedRow.self, forCellReuseIdentifier: "row")
        table.layoutIfNeeded()
        expect(table.visibleCells.count == 2)
        expect(
            table.visibleCells.allSatisfy { type(of: $0) == PortedRow.self && $0.reuseIdentifier == "row" })
    }
}
