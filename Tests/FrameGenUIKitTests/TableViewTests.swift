import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

/// Counts the cells it makes and the ones handed out again.
private final class CountingCell: UITableViewCell, ReusableTableViewCellByClass {
    nonisolated(unsafe) static var made = 0
    var reused = 0

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        CountingCell.made += 1
    }

    required init?(coder: NSCoder) { nil }

    override func prepareForReuse() {
        super.prepareForReuse()
        reused += 1
    }
}

/// A cell whose content view holds a 100-point-tall view pinned by constraints.
private final class TallCell: UITableViewCell, ReusableTableViewCellByClass {
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        let box = UIView()
        box.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(box)
        NSLayoutConstraint.activate([
            box.topAnchor.constraint(equalTo: contentView.topAnchor),
            box.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
            box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            box.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            box.heightAnchor.constraint(equalToConstant: 100),
        ])
    }

    required init?(coder: NSCoder) { nil }
}

private final class Source: NSObject, UITableViewDataSource, UITableViewDelegate {
    var sections: [Int]
    var identifier = "cell"
    var headerTitles: [Int: String] = [:]
    var heights: [IndexPath: CGFloat] = [:]
    var configure: (UITableViewCell, IndexPath) -> Void = { _, _ in }

    init(_ sections: [Int]) { self.sections = sections }

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section] }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        configure(cell, indexPath)
        return cell
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        headerTitles[section]
    }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heights[indexPath] ?? tableView.rowHeight
    }
}

@Suite(.serialized) struct TableViewTests {
    private static func table(
        _ sections: [Int], style: UITableView.Style = .plain, height: CGFloat = 300,
        cell: AnyClass = UITableViewCell.self
    ) -> (UITableView, Source) {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: height), style: style)
        table.register(cell, forCellReuseIdentifier: "cell")
        let source = Source(sections)
        table.dataSource = source
        table.delegate = source
        return (table, source)
    }

    /// UIKit's defaults: a table view always bounces vertically, a collection view (and any
    /// other scroll view) only when its content is taller than it.
    @Test func onlyATableAlwaysBouncesVertically() {
        expect(UITableView(frame: .zero, style: .plain).alwaysBounceVertical)
        expect(!UITableView(frame: .zero, style: .plain).alwaysBounceHorizontal)
        expect(
            !UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
                .alwaysBounceVertical)
        expect(!UIScrollView(frame: .zero).alwaysBounceVertical)
    }

    @Test func plainRowsAre44PointsTallOneBelowTheOther() {
        let (table, source) = Self.table([3])
        table.layoutIfNeeded()
        expect(table.visibleCells.map(\.frame.minY) == [0, 44, 88])
        expect(table.visibleCells.allSatisfy { $0.frame.height == 44 && $0.frame.width == 320 })
        expect(
            table.rectForRow(at: IndexPath(row: 2, section: 0)) == CGRect(x: 0, y: 88, width: 320, height: 44)
        )
        expect(table.contentSize == CGSize(width: 320, height: 132))
        expect(table.numberOfSections == 1 && table.numberOfRows(inSection: 0) == 3)
        expect(table.indexPathForRow(at: CGPoint(x: 10, y: 50)) == IndexPath(row: 1, section: 0))
        expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.text == "Row 1")
        withExtendedLifetime(source) {}
    }

    @Test func theDelegatesHeightIsTheRowsHeight() {
        let (table, source) = Self.table([3])
        source.heights[IndexPath(row: 1, section: 0)] = 80
        table.layoutIfNeeded()
        expect(table.visibleCells.map(\.frame.minY) == [0, 44, 124])
        expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 80)
        table.rowHeight = 50
        table.layoutIfNeeded()
        expect(table.visibleCells.map(\.frame.minY) == [0, 50, 130])
        withExtendedLifetime(source) {}
    }

    @Test func aCellLaidOutByConstraintsSizesItsRow() {
        let (table, source) = UIScreen.withMain(UIScreen(size: CGSize(width: 390, height: 844), scale: 2)) {
            let (table, source) = Self.table([2], cell: TallCell.self)
            table.layoutIfNeeded()
            return (table, source)
        }
        // 100 points of content and the half-point separator, at scale 2.
        expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 100.5)
        expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).minY == 100.5)
        withExtendedLifetime(source) {}
    }

    @Test func twentyRowsIn300PointsShowSeven() {
        let (table, source) = Self.table([20])
        expect(table.visibleCells.count == 7)
        expect(table.indexPathsForVisibleRows == (0..<7).map { IndexPath(row: $0, section: 0) })
        expect(table.contentSize.height == 880)
        withExtendedLifetime(source) {}
    }

    @Test func aCellScrolledOffIsDequeuedAgain() {
        CountingCell.made = 0
        let (table, source) = Self.table([20], cell: CountingCell.self)
        table.layoutIfNeeded()
        expect(CountingCell.made == 7)
        let first = table.cellForRow(at: IndexPath(row: 0, section: 0)) as? CountingCell
        // Rows 1...7 (44...352) meet 50..<350: row 0 leaves and its cell shows row 7.
        table.contentOffset = CGPoint(x: 0, y: 50)
        table.layoutIfNeeded()
        expect(CountingCell.made == 7)
        expect(table.cellForRow(at: IndexPath(row: 7, section: 0)) === first)
        expect(first?.reused == 1)
        expect(first?.textLabel?.text == "Row 7")
        expect(first?.frame.minY == 308)
        expect(table.indexPathsForVisibleRows?.first == IndexPath(row: 1, section: 0))
        withExtendedLifetime(source) {}
    }

    @Test func plainHeadersPinToTheTopWhileTheirSectionIsOnScreen() {
        let (table, source) = Self.table([5, 5])
        source.headerTitles = [0: "First", 1: "Second"]
        table.layoutIfNeeded()
        // 28-point title headers: section 0 is 0..<248, section 1 from 248.
        expect(table.rectForHeader(inSection: 0) == CGRect(x: 0, y: 0, width: 320, height: 28))
        expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 28)
        expect(table.rect(forSection: 1).minY == 248)
        expect(table.headerView(forSection: 0)?.textLabel?.text == "First")
        table.contentOffset = CGPoint(x: 0, y: 100)
        table.layoutIfNeeded()
        expect(table.headerView(forSection: 0)?.frame.minY == 100)
        // Pushed up by the next section: its bottom at the section's end (248).
        table.contentOffset = CGPoint(x: 0, y: 230)
        table.layoutIfNeeded()
        expect(table.headerView(forSection: 0)?.frame.minY == 220)
        expect(table.headerView(forSection: 1)?.frame.minY == 248)
        // The header is drawn over the rows.
        expect(table.subviews.last is UITableViewHeaderFooterView)
        withExtendedLifetime(source) {}
    }

    @Test func groupedHeadersScrollWithTheirSectionAndTitlesAreUpperCase() {
        let (table, source) = Self.table([2, 2], style: .grouped)
        source.headerTitles = [0: "First"]
        table.layoutIfNeeded()
        expect(table.rectForHeader(inSection: 0).height == 38)
        expect(table.headerView(forSection: 0)?.textLabel?.text == "FIRST")
        expect(table.headerView(forSection: 0)?.textLabel?.font.pointSize == 13)
        table.contentOffset = CGPoint(x: 0, y: 20)
        table.layoutIfNeeded()
        expect(table.headerView(forSection: 0)?.frame.minY == 0)
        expect(table.backgroundColor == .systemGroupedBackground)
        withExtendedLifetime(source) {}
    }

    @Test func insetGroupedCellsAreInsetAndRounded() {
        let (table, source) = Self.table([3], style: .insetGrouped)
        table.layoutIfNeeded()
        let cells = table.visibleCells
        expect(cells.map(\.frame.minX) == [20, 20, 20])
        expect(cells.map(\.frame.width) == [280, 280, 280])
        expect(cells.map(\.layer.cornerRadius) == [10, 0, 10])
        expect(cells[0].backgroundColor == .secondarySystemGroupedBackground)
        withExtendedLifetime(source) {}
    }

    @Test func value1DetailEndsAtTheContentViewsTrailingMargin() {
        let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
        cell.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        cell.textLabel?.text = "Wi-Fi"
        cell.detailTextLabel?.text = "Home"
        cell.layoutIfNeeded()
        let content = cell.contentView
        let detail = try! #require(cell.detailTextLabel)
        expect(Self.near(detail.frame.maxX, content.bounds.width - content.layoutMargins.right))
        expect(Self.near(detail.frame.maxX, 304))
        expect(detail.textColor == .secondaryLabel)
        expect(Self.near(cell.textLabel?.frame.minX, 16))
        expect(UITableViewCell(style: .default, reuseIdentifier: nil).detailTextLabel == nil)
        let subtitle = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        subtitle.textLabel?.text = "Title"
        subtitle.detailTextLabel?.text = "Subtitle"
        subtitle.layoutIfNeeded()
        expect(Self.near(subtitle.detailTextLabel?.frame.minY, subtitle.textLabel!.frame.maxY))
        expect(subtitle.detailTextLabel?.font.pointSize == 15)
        // With a disclosure indicator, the chevron (8 x 13) ends 16 points from the edge.
        cell.accessoryType = .disclosureIndicator
        cell.layoutIfNeeded()
        expect(content.frame.maxX == 296)  // 320 - 16 - 8
        expect(Self.near(detail.frame.maxX, content.bounds.width - content.layoutMargins.right))
    }

    @Test func selectionSelectsTheCell() {
        let (table, source) = Self.table([3])
        table.layoutIfNeeded()
        let path = IndexPath(row: 1, section: 0)
        table.selectRow(at: path, animated: false, scrollPosition: .none)
        expect(table.indexPathForSelectedRow == path)
        expect(table.cellForRow(at: path)?.isSelected == true)
        table.deselectRow(at: path, animated: false)
        expect(table.indexPathForSelectedRow == nil)
        expect(table.cellForRow(at: path)?.isSelected == false)
        withExtendedLifetime(source) {}
    }

    @Test func insertsAndDeletesApplyAtOnce() {
        let (table, source) = Self.table([3])
        table.layoutIfNeeded()
        let last = table.cellForRow(at: IndexPath(row: 2, section: 0))
        source.sections = [4]
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        table.layoutIfNeeded()
        expect(table.numberOfRows(inSection: 0) == 4)
        expect(table.cellForRow(at: IndexPath(row: 3, section: 0)) === last)
        expect(last?.frame.minY == 132)
        source.sections = [2]
        table.performBatchUpdates {
            table.deleteRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .fade)
        }
        expect(table.visibleCells.count == 2)
        expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === last)
        withExtendedLifetime(source) {}
    }

    @Test func scrollToRowMovesTheContent() {
        let (table, source) = Self.table([20])
        table.scrollToRow(at: IndexPath(row: 10, section: 0), at: .top, animated: false)
        expect(table.contentOffset.y == 440)
        table.scrollToRow(at: IndexPath(row: 19, section: 0), at: .top, animated: false)
        expect(table.contentOffset.y == 580)
        withExtendedLifetime(source) {}
    }

    /// Below a plain table's last row, separators go on to its bottom edge as if empty rows of
    /// the last row's height followed (an iOS reference: rows of 116.33 points, then separators
    /// every 116.33 points); an empty footer view hides them.
    @Test func aPlainTableDrawsFillerSeparators() {
        UIScreen.withMain(UIScreen(size: CGSize(width: 390, height: 844), scale: 2)) {
            func image(_ table: UITableView) -> UIImage {
                table.layoutIfNeeded()
                return UIGraphicsImageRenderer(
                    bounds: table.bounds,
                    format: UIGraphicsImageRendererFormat(for: UITraitCollection(displayScale: 2))
                ).image { table.layer.render(in: $0.cgContext) }
            }
            let white: [UInt8] = [255, 255, 255, 255]
            let separator = Self.over(UIColor.separator, white)
            let (table, source) = Self.table([2])
            source.heights[IndexPath(row: 1, section: 0)] = 60
            // Rows 0..<44 and 44..<104, then fillers every 60 points: 163.5, 223.5, 283.5.
            var drawn = image(table)
            for y in [327, 447, 567] {
                expect(Self.close(ImageRendererTests.pixel(drawn, 40, y), separator))
                expect(ImageRendererTests.pixel(drawn, 30, y) == white)  // inset 16 points
                expect(ImageRendererTests.pixel(drawn, 40, y - 1) == white)
            }
            expect(ImageRendererTests.pixel(drawn, 40, 400) == white)
            table.tableFooterView = UIView()
            table.setNeedsLayout()
            drawn = image(table)
            expect(ImageRendererTests.pixel(drawn, 40, 327) == white)
            withExtendedLifetime(source) {}
        }
    }

    @Test func aTableDrawsItsSeparatorsAndCells() {
        UIScreen.withMain(UIScreen(size: CGSize(width: 390, height: 844), scale: 2)) {
            let (table, source) = Self.table([3])
            source.configure = { cell, indexPath in
                cell.contentView.backgroundColor = indexPath.row == 1 ? .red : nil
            }
            table.layoutIfNeeded()
            let image = Self.drawnAt2x(table)
            withExtendedLifetime(source) {}
            // The separator under row 0: y 43.5..<44, pixel row 87, from x 16 (pixel 32).
            let white: [UInt8] = [255, 255, 255, 255]
            let separator = Self.over(UIColor.separator, white)
            expect(Self.close(ImageRendererTests.pixel(image, 40, 87), separator))
            expect(Self.close(ImageRendererTests.pixel(image, 600, 87), separator))
            expect(ImageRendererTests.pixel(image, 30, 87) == white)
            expect(ImageRendererTests.pixel(image, 40, 86) == white)
            expect(ImageRendererTests.pixel(image, 40, 88) != white)  // row 1's red
            // Row 1 (44..<88) red but its separator.
            expect(ImageRendererTests.pixel(image, 2, 90) == [255, 0, 0, 255])
            expect(ImageRendererTests.pixel(image, 630, 174) == [255, 0, 0, 255])
            // Its separator lies on the cell's white below the content view, as on iOS.
            expect(Self.close(ImageRendererTests.pixel(image, 40, 175), separator))
            // Below the rows: the table's background.
            expect(ImageRendererTests.pixel(image, 40, 400) == white)
        }
    }

    /// A table at least 414 points wide (a Plus or Max iPhone) gives its cells and separators
    /// margins of 20 points, a narrower one 16, as `systemMinimumLayoutMargins` does (iOS 13's
    /// references of nopparitP/SnapshotTest on a 414 point phone: separators from x = 20).
    @Test func aTable414PointsWideInsetsItsRowsBy20() {
        UIScreen.withMain(UIScreen(size: CGSize(width: 414, height: 896), scale: 2)) {
            let (table, source) = Self.table([2])
            table.frame.size.width = 414
            table.layoutIfNeeded()
            let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))
            expect(cell?.contentView.layoutMargins.left == 20)
            expect(cell?.contentView.layoutMargins.right == 20)
            let image = Self.drawnAt2x(table)
            withExtendedLifetime(source) {}
            let white: [UInt8] = [255, 255, 255, 255]
            let separator = Self.over(UIColor.separator, white)
            // The separator under row 0, pixel row 87: from x 20 (pixel 40), white at 19.
            expect(ImageRendererTests.pixel(image, 38, 87) == white)
            expect(Self.close(ImageRendererTests.pixel(image, 41, 87), separator))
            // A program's inset wins.
            table.separatorInset = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 0)
            table.layoutIfNeeded()
            let inset = Self.drawnAt2x(table)
            expect(Self.close(ImageRendererTests.pixel(inset, 21, 87), separator))
        }
    }

    @Test func aDisclosureIndicatorIsDrawnInTertiaryGrey() {
        UIScreen.withMain(UIScreen(size: CGSize(width: 390, height: 844), scale: 2)) {
            let (table, source) = Self.table([1])
            source.configure = { cell, _ in cell.accessoryType = .disclosureIndicator }
            table.layoutIfNeeded()
            let image = Self.drawnAt2x(table)
            withExtendedLifetime(source) {}
            // The chevron is 8 x 13 at x 296..<304, y 15.5..<28.5 (scale 2: 592..<608, 31..<57):
            // its tip at the middle right.
            let tip = ImageRendererTests.pixel(image, 604, 43)
            expect(tip != [255, 255, 255, 255])
            expect(tip[0] == tip[1] && tip[0] > 100)  // grey
            expect(ImageRendererTests.pixel(image, 590, 20) == [255, 255, 255, 255])
        }
    }

    @Test func unregisteredIdentifiersAndNibs() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 300), style: .plain)
        expect(table.dequeueReusableCell(withIdentifier: "none") == nil)
        let reports = Lines()
        table.report = { reports.append($0) }
        // A nib nobody can find gives a plain cell (and a warning naming it).
        table.register(UINib(nibName: "Cell", bundle: nil), forCellReuseIdentifier: "nib")
        let cell = table.dequeueReusableCell(withIdentifier: "nib")
        expect(cell != nil && type(of: cell!) == UITableViewCell.self)
        expect(reports.all.isEmpty)
        table.register(
            { UITableViewCell(style: .subtitle, reuseIdentifier: $0) }, forCellReuseIdentifier: "made")
        expect(table.dequeueReusableCell(withIdentifier: "made")?.detailTextLabel != nil)
        let raised = Lines()
        table.raise = { raised.append($0) }
        _ = table.dequeueReusableCell(withIdentifier: "missing", for: IndexPath(row: 0, section: 0))
        expect(raised.all.first?.hasPrefix("unable to dequeue a cell with identifier missing") == true)
    }

    @Test func aTableViewControllersViewIsItsTable() {
        final class Controller: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 4 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
                -> UITableViewCell
            {
                let cell =
                    tableView.dequeueReusableCell(withIdentifier: "c")
                    ?? UITableViewCell(style: .value1, reuseIdentifier: "c")
                cell.textLabel?.text = "\(indexPath.row)"
                return cell
            }
            override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
            {
                60
            }
        }
        let controller = Controller(style: .insetGrouped)
        controller.tableView.frame = CGRect(x: 0, y: 0, width: 390, height: 400)
        controller.tableView.layoutIfNeeded()
        expect(controller.tableView.style == .insetGrouped)
        expect(controller.tableView.visibleCells.count == 4)
        expect(controller.tableView.rectForRow(at: IndexPath(row: 1, section: 0)).minY == 95)  // 35 + 60
        expect(controller.clearsSelectionOnViewWillAppear)
    }

    @Test func aListContentConfigurationSetsTheLabels() {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        content.text = "Title"
        content.secondaryText = "Detail"
        cell.contentConfiguration = content
        cell.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        cell.layoutIfNeeded()
        expect(cell.textLabel?.text == "Title")
        expect(Self.near(cell.textLabel?.frame.minX, 16))
        var value = UIListContentConfiguration.valueCell()
        value.text = "Name"
        value.secondaryText = "Value"
        cell.contentConfiguration = value
        cell.layoutIfNeeded()
        expect(cell.detailTextLabel?.text == "Value")
        expect(Self.near(cell.detailTextLabel?.frame.maxX, 304))
    }

    /// `color` over an opaque `base`, as 8-bit RGBA.
    private static func over(_ color: UIColor, _ base: [UInt8]) -> [UInt8] {
        var r: CGFloat = 0
        var g: CGFloat = 0
        var b: CGFloat = 0
        var a: CGFloat = 0
        _ = color.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light))
            .getRed(&r, green: &g, blue: &b, alpha: &a)
        func mix(_ c: CGFloat, _ under: UInt8) -> UInt8 {
            UInt8((c * 255 * a + CGFloat(under) * (1 - a)).rounded())
        }
        return [mix(r, base[0]), mix(g, base[1]), mix(b, base[2]), 255]
    }

    private static func near(_ a: CGFloat?, _ b: CGFloat) -> Bool {
        guard let a else { return false }
        return abs(a - b) < 0.001
    }

    /// The table drawn by `render(in:)` at scale 2.
    private static func drawnAt2x(_ table: UITableView) -> UIImage {
        UIGraphicsImageRenderer(
            bounds: table.bounds,
            format: UIGraphicsImageRendererFormat(for: UITraitCollection(displayScale: 2))
        ).image { table.layer.render(in: $0.cgContext) }
    }

    private static func close(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 3 }
    }
}
