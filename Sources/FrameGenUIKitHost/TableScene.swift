import Foundation
import FrameGenCoreGraphics
import FrameGenGeometry
import FrameGenLayout
import FrameGenQuartzCore
import FrameGenUIKit

import struct Foundation.IndexPath  // over Layout's (FrameGenUIKit/Exports.swift)

/// A program's `UITableView` as a scene's view (docs/uikit.md "Tables"). The scene drives a
/// collection view, as it drives every UIKit layout (`UIKitLayout`: the history, replays,
/// scrolling, taps, updates, rotation); its layout places one element per row, header and
/// footer where the table's own geometry puts them, and its cells and supplementary views show
/// the table's cells and header and footer views. So a table scene gets everything a
/// collection view scene has, and each row looks as `layer.render(in:)` draws the table.
extension UIKitLayout {
    /// Sets up the table a scene shows (data source, delegate, registered cells, heights) and
    /// returns what must live as long as the table: its data source and delegate, which the
    /// table holds weakly, as on iOS, where the view controller owns them (nil: nothing).
    public typealias TableFactory = @Sendable (UITableView) -> AnyObject?

    /// A table type scenes can name (`layout: {type: contacts}`): a `UITableView` of `style`,
    /// set up by `configure`, which runs wherever framegen makes the table (at registration, to
    /// count the rows, and at every replay, as a layout's factory does). A scene whose
    /// `content:` gives no counts has the data source's sections and rows.
    public static func tableDescriptor(
        type: String, style: UITableView.Style = .plain, warnings: LayoutWarnings = LayoutWarnings(),
        configure: @escaping TableFactory
    ) -> LayoutDescriptor {
        tableDescriptor(
            type: type, summary: "a UITableView (\(style)) registered by this program", warnings: warnings
        ) {
            frame in
            let table = UITableView(frame: frame, style: style)
            return (table, configure(table))
        }
    }

    /// A table type shown by a `UITableViewController` of the program's: its table (of the
    /// controller's `init(style:)`), loaded as UIKit loads it (`loadView()`, `viewDidLoad()`),
    /// then `viewWillAppear(_:)` and `viewDidAppear(_:)`; the controller lives with the table.
    public static func tableDescriptor(
        type: String, warnings: LayoutWarnings = LayoutWarnings(),
        controller: @escaping @Sendable () -> UITableViewController
    ) -> LayoutDescriptor {
        tableDescriptor(
            type: type, summary: "a UITableViewController registered by this program", warnings: warnings
        ) { frame in
            let made = controller()
            made.view.frame = frame
            made.viewWillAppear(false)
            made.viewDidAppear(false)
            return (made.tableView, made)
        }
    }

    private static func tableDescriptor(
        type: String, summary: String, warnings: LayoutWarnings,
        make: @escaping @Sendable (CGRect) -> (UITableView, AnyObject?)
    ) -> LayoutDescriptor {
        let counts = TableScene.counts(make, warnings: warnings, type: type)
        return LayoutDescriptor(type: type, summary: summary, parameters: [], itemCounts: counts) { _ in
            UIKitLayout(
                name: type,
                cells: [
                    TableScene.rowIdentifier: { TableRowCell(frame: $0) },
                    TableScene.sectionIdentifier: { TableSectionView(frame: $0) },
                ], warnings: warnings
            ) { collectionView in
                let (table, owner) = make(collectionView.bounds)
                let scene = TableScene(table: table, owner: owner, type: type, warnings: warnings)
                scene.install(on: collectionView)
                return TableRowsLayout(scene)
            }
        }
    }
}

/// The table a scene shows and what keeps its data source alive; the collection view's data
/// source and delegate, which hand the table's views to its cells and its taps to the table.
final class TableScene: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
    static let rowIdentifier = "framegen.table-row"
    static let sectionIdentifier = "framegen.table-section"
    /// The most rows per section a scene has (`content.sections`' own limit).
    static let rowLimit = 100_000

    let table: UITableView
    private let owner: AnyObject?
    private let type: String
    private let warnings: LayoutWarnings

    init(table: UITableView, owner: AnyObject?, type: String, warnings: LayoutWarnings) {
        self.table = table
        self.owner = owner
        self.type = type
        self.warnings = warnings
        super.init()
        let name = "the table \"\(type)\":"
        table.report = { warnings.warn("\(name) \($0)") }
        table.raise = { warnings.raise($0, during: UIKitException.currentCall) }
        table.isSceneHosted = true
    }

    /// The data source's counts, from a table made for the purpose, as every scene naming the
    /// type starts with them.
    static func counts(
        _ make: @Sendable (CGRect) -> (UITableView, AnyObject?), warnings: LayoutWarnings, type: String
    ) -> [Int] {
        let (table, owner) = make(UIScreen.main.bounds)
        return withExtendedLifetime(owner) {
            table.report = { warnings.warn("the table \"\(type)\": \($0)") }
            let counts = (0..<table.numberOfSections).map { table.numberOfRows(inSection: $0) }
            if let big = counts.firstIndex(where: { $0 > rowLimit }) {
                warnings.warn(
                    "the table \"\(type)\": its data source has \(counts[big]) rows in section \(big); a scene shows \(rowLimit) at most"
                )
            }
            return counts.map { Swift.min($0, rowLimit) }
        }
    }

    func install(on collectionView: UICollectionView) {
        collectionView.register(TableRowCell.self, forCellWithReuseIdentifier: Self.rowIdentifier)
        for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
            collectionView.register(
                TableSectionView.self, forSupplementaryViewOfKind: kind,
                withReuseIdentifier: Self.sectionIdentifier)
        }
        collectionView.backgroundColor = table.backgroundColor
        collectionView.dataSource = self
        collectionView.delegate = self
        collectionView.sizeTransitionController = owner as? UIViewController
        table.sceneReload = { [weak collectionView] rows in
            guard let collectionView else { return }
            // The table let every cell go: the rows shown are asked for again.
            collectionView.reloadItems(at: rows ?? collectionView.indexPathsForVisibleItems)
        }
        follow(collectionView)
    }

    /// The table takes the collection view's size, scroll position and insets, and lays out
    /// there: it sizes the automatic rows coming on screen, as it does on iOS.
    func follow(_ collectionView: UICollectionView) {
        let size = collectionView.bounds.size
        if table.frame.size != size { table.frame = CGRect(origin: table.frame.origin, size: size) }
        if table.contentInset != collectionView.contentInset {
            table.contentInset = collectionView.contentInset
        }
        if table.bounds.origin != collectionView.bounds.origin {
            table.bounds.origin = collectionView.bounds.origin
        }
        // The table's bounce settings are the scroll view's the timeline moves.
        collectionView.alwaysBounceVertical = table.alwaysBounceVertical
        collectionView.alwaysBounceHorizontal = table.alwaysBounceHorizontal
        table.layoutIfNeeded()
    }

    /// The scene's update as a program makes it: the data source is told as UIKit tells it of
    /// a row deleted or inserted in editing (`tableView(_:commit:forRowAt:)`, where an app
    /// changes its model and calls `deleteRows`/`insertRows`) and of a row moved
    /// (`tableView(_:moveRowAt:to:)`, where the table moves the row itself). A `commit` that
    /// did not tell the table has it told here. Counts that then differ from the scene's are
    /// said once.
    func apply(_ items: [UICollectionViewUpdateItem], in collectionView: UICollectionView) {
        let dataSource = table.dataSource
        table.forgetLeavingCells()
        table.beginUpdates()
        let deleted = items.filter { $0.updateAction == .delete }.compactMap(\.indexPathBeforeUpdate)
        for indexPath in deleted.sorted().reversed() {
            let before = table.rowChanges
            dataSource?.tableView(table, commit: .delete, forRowAt: indexPath)
            if table.rowChanges == before { table.deleteRows(at: [indexPath], with: .automatic) }
        }
        let inserted = items.filter { $0.updateAction == .insert }.compactMap(\.indexPathAfterUpdate)
        for indexPath in inserted.sorted() {
            let before = table.rowChanges
            dataSource?.tableView(table, commit: .insert, forRowAt: indexPath)
            if table.rowChanges == before { table.insertRows(at: [indexPath], with: .automatic) }
        }
        for item in items where item.updateAction == .move {
            guard let from = item.indexPathBeforeUpdate, let to = item.indexPathAfterUpdate else { continue }
            dataSource?.tableView(table, moveRowAt: from, to: to)
            table.moveRow(at: from, to: to)
        }
        table.endUpdates()
        checkCounts(against: collectionView, after: "the scene's update")
    }

    /// One warning where the data source's counts are not the scene's.
    func checkCounts(against collectionView: UICollectionView, after event: String) {
        let rows = (0..<table.numberOfSections).map { table.numberOfRows(inSection: $0) }
        let scene = (0..<collectionView.numberOfSections).map { collectionView.numberOfItems(inSection: $0) }
        guard rows != scene else { return }
        warnings.warn(
            "the table \"\(type)\": after \(event) its data source has \(rows) rows per section and the scene \(scene); the rows both have are shown (a data source changes its model in tableView(_:commit:forRowAt:) and tableView(_:moveRowAt:to:), as for an edit on iOS)"
        )
    }

    private func hasTablesCounts(_ collectionView: UICollectionView) -> Bool {
        collectionView.numberOfSections == table.numberOfSections
            && (0..<table.numberOfSections).allSatisfy {
                collectionView.numberOfItems(inSection: $0) == table.numberOfRows(inSection: $0)
            }
    }

    // MARK: UICollectionViewDataSource

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        table.numberOfRows(inSection: section)
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { table.numberOfSections }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.rowIdentifier, for: indexPath)
        // A deleted row's cell is asked for with the data before the update (its counts are not
        // the table's now): the table kept it.
        let row =
            hasTablesCounts(collectionView)
            ? table.sceneCell(at: indexPath) : table.sceneLeavingCell(at: indexPath)
        (cell as? TableRowCell)?.show(row)
        return cell
    }

    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> UICollectionReusableView {
        let view = collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: Self.sectionIdentifier, for: indexPath)
        let footer = kind == UICollectionView.elementKindSectionFooter
        (view as? TableSectionView)?.show(
            table.sceneHeaderFooter(inSection: indexPath.section, footer: footer), section: indexPath.section,
            footer: footer)
        return view
    }

    // MARK: UICollectionViewDelegate

    func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
        forItemAt indexPath: IndexPath
    ) {
        guard let cell = cell as? TableRowCell, let row = cell.row else { return }
        // A row that moved (an update) may be shown by the cell of its new index path already.
        let stillShown = row.superview === cell.contentView
        cell.show(nil)
        if stillShown { table.endSceneCell(row) }
    }

    func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
        forElementOfKind elementKind: String, at indexPath: IndexPath
    ) {
        guard let view = view as? TableSectionView, let shown = view.shown else { return }
        let stillShown = shown.superview === view
        view.show(nil, section: view.section, footer: view.isFooter)
        if stillShown { table.endSceneHeaderFooter(shown, inSection: view.section, footer: view.isFooter) }
    }

    /// The table selects the row as UIKit's does on a tap (`tapRow(at:)`); the collection
    /// view selects nothing of its own.
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        table.tapRow(at: indexPath)
        return false
    }

    // The scroll view's calls reach the table's delegate with the table, where it has scrolled.

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard let collectionView = scrollView as? UICollectionView else { return }
        follow(collectionView)
        table.delegate?.scrollViewDidScroll(table)
    }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        table.isDragging = true
        table.delegate?.scrollViewWillBeginDragging(table)
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        table.isDragging = false
        table.isDecelerating = decelerate
        table.delegate?.scrollViewDidEndDragging(table, willDecelerate: decelerate)
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        table.isDecelerating = false
        table.delegate?.scrollViewDidEndDecelerating(table)
    }
}

/// The collection view layout of a table scene: an element per row, header and footer, where
/// the table puts them (its heights, the inset grouped margins, a plain table's pinned
/// headers), answered from the table itself. Headers and footers are drawn over the rows, as
/// the table draws them. A list to the collection view only for its rows' swipe actions, which
/// the table's delegate gives.
final class TableRowsLayout: UICollectionViewLayout, ListSectionLayout {
    private let scene: TableScene
    private var elements: [UICollectionViewLayoutAttributes] = []
    private var items: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private var sectionViews: [String: [Int: UICollectionViewLayoutAttributes]] = [:]
    private var checkedCounts = false

    init(_ scene: TableScene) {
        self.scene = scene
        super.init()
    }

    required init?(coder: NSCoder) { nil }

    override func prepare() {
        guard let collectionView else { return }
        scene.follow(collectionView)
        if !checkedCounts {
            checkedCounts = true
            scene.checkCounts(against: collectionView, after: "the first layout pass")
        }
        build(collectionView)
    }

    /// The rows both the table and the scene have; the headers and footers of their sections.
    private func build(_ collectionView: UICollectionView) {
        let table = scene.table
        elements = []
        items = [:]
        sectionViews = [:]
        let sections = Swift.min(table.numberOfSections, collectionView.numberOfSections)
        for section in 0..<sections {
            let rows = Swift.min(
                table.numberOfRows(inSection: section), collectionView.numberOfItems(inSection: section))
            for row in 0..<rows {
                let indexPath = IndexPath(item: row, section: section)
                let a = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                a.frame = table.cellFrame(at: IndexPath(row: row, section: section))
                elements.append(a)
                items[indexPath] = a
            }
            let (header, footer) = table.shownHeaderFooterRects(inSection: section)
            for (kind, rect, isFooter) in [
                (UICollectionView.elementKindSectionHeader, header, false),
                (UICollectionView.elementKindSectionFooter, footer, true),
            ] where table.hasHeaderFooter(inSection: section, footer: isFooter) {
                let a = UICollectionViewLayoutAttributes(
                    forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: section))
                a.frame = rect
                a.zIndex = 1
                elements.append(a)
                sectionViews[kind, default: [:]][section] = a
            }
        }
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: scene.table.contentSize.height)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        elements.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        items[indexPath]
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        sectionViews[elementKind]?[indexPath.section]
    }

    // MARK: ListSectionLayout

    /// The table draws its rows' look itself.
    func listItemStyle(at indexPath: IndexPath) -> ListItemStyle? { nil }
    var listBackgroundColor: UIColor? { nil }

    func swipeActions(at indexPath: IndexPath, leading: Bool) -> UISwipeActionsConfiguration? {
        let table = scene.table
        guard let delegate = table.delegate else { return nil }
        return leading
            ? delegate.tableView(table, leadingSwipeActionsConfigurationForRowAt: indexPath)
            : delegate.tableView(table, trailingSwipeActionsConfigurationForRowAt: indexPath)
    }

    var hasSwipeActions: Bool { scene.table.delegate != nil }

    /// A scroll moves a plain table's pinned headers; a new width sizes the rows again.
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        guard let collectionView else { return }
        scene.apply(updateItems, in: collectionView)
        scene.follow(collectionView)
        build(collectionView)
    }
}

/// A collection view cell showing a row's `UITableViewCell` as its content.
final class TableRowCell: UICollectionViewCell {
    private(set) var row: UITableViewCell?

    func show(_ cell: UITableViewCell?) {
        guard cell !== row else { return }
        if row?.superview === contentView { row?.removeFromSuperview() }
        row = cell
        if let cell { contentView.addSubview(cell) }
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let row else { return }
        row.frame = contentView.bounds
        row.layoutIfNeeded()
    }
}

/// A supplementary view showing a section's header or footer view.
final class TableSectionView: UICollectionReusableView {
    private(set) var shown: UIView?
    private(set) var section = 0
    private(set) var isFooter = false

    func show(_ view: UIView?, section: Int, footer: Bool) {
        (self.section, isFooter) = (section, footer)
        guard view !== shown else { return }
        if shown?.superview === self { shown?.removeFromSuperview() }
        shown = view
        if let view { addSubview(view) }
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let shown else { return }
        shown.frame = bounds
        shown.layoutIfNeeded()
    }
}
