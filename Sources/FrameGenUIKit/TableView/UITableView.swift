import Foundation
import FrameGenUserCode

import struct Foundation.IndexPath  // over Layout's (Exports.swift)

/// A table view that lays out and shows its rows itself, as UIKit's does: `layoutSubviews()`
/// asks the data source for the cells, headers and footers that meet the bounds and places them
/// as subviews (reusing the cells that left), so `layer.render(in:)` draws them. A scene that
/// shows it (`isSceneHosted`) scrolls it and shows those views in its own (docs/uikit.md
/// "Tables").
open class UITableView: UIScrollView {
    public enum Style: Int, Sendable {
        case plain
        case grouped
        case insetGrouped
    }

    public enum ScrollPosition: Int, Sendable {
        case none
        case top
        case middle
        case bottom
    }

    /// Accepted and not played: changes are applied at once (a scene animates its own updates).
    public enum RowAnimation: Int, Sendable {
        case fade
        case right
        case left
        case top
        case bottom
        case none
        case middle
        case automatic = 100
    }

    /// UIKit's value: a height the table works out (the cell's, the header's).
    public static let automaticDimension: CGFloat = -1

    /// The index of the search glass in a section index (none is drawn).
    public static let indexSearch = "{search}"

    public let style: Style

    /// Weak, as on iOS.
    open weak var dataSource: UITableViewDataSource? {
        didSet { reloadData() }
    }

    /// Weak, as on iOS.
    open weak var delegate: UITableViewDelegate? {
        didSet { reloadData() }
    }

    /// `automaticDimension` by default: a row takes its cell's height (`systemLayoutSizeFitting`
    /// for a content view laid out by constraints, else its labels, at least 44).
    open var rowHeight: CGFloat = UITableView.automaticDimension {
        didSet { invalidateGeometry() }
    }

    /// The height of a row not yet sized: `automaticDimension` (44) by default.
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension {
        didSet { invalidateGeometry() }
    }

    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension {
        didSet { invalidateGeometry() }
    }

    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension {
        didSet { invalidateGeometry() }
    }

    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension

    /// Kept: iOS 15's padding above plain headers is not added (docs/uikit.md "Tables").
    open var sectionHeaderTopPadding: CGFloat = UITableView.automaticDimension

    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine {
        didSet { setNeedsLayout() }
    }

    /// `.separator` by default; nil draws that too.
    open var separatorColor: UIColor? = .separator {
        didSet { setNeedsLayout() }
    }

    /// The cells' separator inset where a cell keeps its own default. Until the program sets
    /// it, the separators start at the cells' side margin (`cellSideMargin`).
    open var separatorInset = UITableViewCell.defaultSeparatorInset {
        didSet {
            separatorInsetSet = true
            setNeedsLayout()
        }
    }
    private var separatorInsetSet = false

    /// The side margin of the cells' content, accessories and separators: 20 points in a table
    /// at least 414 points wide (a Plus or Max iPhone in portrait), 16 in a narrower one, as
    /// `systemMinimumLayoutMargins` (iOS 13's references of nopparitP/SnapshotTest on a 414
    /// point phone: separators from x = 20).
    var cellSideMargin: CGFloat { UIViewController.systemSideMargin(forWidth: bounds.width) }

    /// `separatorInset`, or the side margin while the program has not set it.
    private var drawnSeparatorInset: UIEdgeInsets {
        separatorInsetSet ? separatorInset : UIEdgeInsets(top: 0, left: cellSideMargin, bottom: 0, right: 0)
    }

    /// Kept, not drawn.
    open var separatorEffect: AnyObject?

    open var cellLayoutMarginsFollowReadableWidth = false
    open var insetsContentViewsToSafeArea = true
    open var sectionIndexColor: UIColor?
    open var sectionIndexBackgroundColor: UIColor?
    open var sectionIndexMinimumDisplayRowCount = 0
    open var isEditing = false
    open var allowsSelectionDuringEditing = false
    open var allowsMultipleSelectionDuringEditing = false
    open var remembersLastFocusedIndexPath = false
    open var dragInteractionEnabled = false
    open var isPrefetchingEnabled = true
    open var fillerRowHeight: CGFloat = UITableView.automaticDimension

    open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }

    /// Drawn behind the rows, filling the visible bounds (it does not scroll), as on iOS.
    open var backgroundView: UIView? {
        didSet {
            guard oldValue !== backgroundView else { return }
            oldValue?.removeFromSuperview()
            setNeedsLayout()
        }
    }

    /// Above the first section, as wide as the table, as tall as its frame.
    open var tableHeaderView: UIView? {
        didSet {
            guard oldValue !== tableHeaderView else { return }
            oldValue?.removeFromSuperview()
            if let tableHeaderView { addSubview(tableHeaderView) }
            invalidateGeometry()
        }
    }

    /// Below the last section, as wide as the table, as tall as its frame.
    open var tableFooterView: UIView? {
        didSet {
            guard oldValue !== tableFooterView else { return }
            oldValue?.removeFromSuperview()
            if let tableFooterView { addSubview(tableFooterView) }
            invalidateGeometry()
        }
    }

    open var allowsSelection = true
    open var allowsMultipleSelection = false

    /// Where UIKit's exceptions go (a dequeue of an identifier nothing registered): the
    /// process ends with UIKit's message, as an uncaught exception ends an app; a test may
    /// collect them instead.
    package var raise: (String) -> Void = { reason in
        UIKitException.terminate(UIKitException.line(reason, during: CrashReport.lineOnThisThread))
    }

    /// Where what framegen cannot do is said (a nib, a class it cannot make): once each, on
    /// standard error, unless a test collects them.
    package var report: (String) -> Void = { UITableView.warnings.warn($0) }

    private static let warnings = LayoutWarnings()

    /// Set by a scene that shows the table (framegen's table scenes, docs/uikit.md "Tables"):
    /// its collection view's cells and supplementary views show the rows' cells, headers and
    /// footers (`sceneCell(at:)`, `sceneHeaderFooter(inSection:footer:)`), so the table lays
    /// out and sizes rows but adds none of them as its subviews.
    package var isSceneHosted = false

    /// Told of `reloadData()` (nil) and `reloadRows(at:with:)` while a scene shows the table:
    /// its collection view asks for those views again.
    package var sceneReload: (([IndexPath]?) -> Void)?

    /// The cells of the rows the last update deleted, by their index paths before it, while a
    /// scene shows the table: its animation shows them leaving.
    private var leavingCells: [IndexPath: UITableViewCell] = [:]

    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        setUpTableView()
    }

    private func setUpTableView() {
        clipsToBounds = true
        // UIKit's table view bounces vertically however few its rows; other scroll views only
        // when their content is taller than they are.
        alwaysBounceVertical = true
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
    }

    public override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        style = InterfaceBuilder.tableStyle(coder, view: false)
        super.init(coder: coder)
        setUpTableView()
        InterfaceBuilder.decode(self, coder: coder, at: UITableView.self)
    }

    /// The outlets a storyboard or nib connects to it (docs/uikit.md, "Storyboards and nibs").
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "dataSource": dataSource = value as? UITableViewDataSource
        case "delegate": delegate = value as? UITableViewDelegate
        default: super.setValue(value, forKey: key)
        }
    }

    // MARK: Registration

    private var cells = TableReusePool<UITableViewCell>()
    private var headerFooters = TableReusePool<UITableViewHeaderFooterView>()

    /// Registers the cell class for `identifier`: `UITableViewCell` itself, or a class that
    /// conforms to `ReusableTableViewCellByClass`, made with `init(style: .default,
    /// reuseIdentifier:)`; another class is reported when dequeued and drawn as a plain cell
    /// (Swift on Linux cannot make it by its class: register a factory instead).
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else { return cells.register(nil, for: identifier) }
        if let byClass = cellClass as? any ReusableTableViewCellByClass.Type {
            cells.register({ byClass.init(style: .default, reuseIdentifier: $0) }, for: identifier)
        } else if cellClass == UITableViewCell.self {
            cells.register({ UITableViewCell(style: .default, reuseIdentifier: $0) }, for: identifier)
        } else if let cell = cellClass as? UITableViewCell.Type,
            let first = cell.makeByClass(style: .default, reuseIdentifier: identifier),
            type(of: first) == cellClass
        {
            // The port's override, shown to be the class's own by the one it made.
            cells.register(
                {
                    cell.makeByClass(style: .default, reuseIdentifier: $0)
                        ?? UITableViewCell(style: .default, reuseIdentifier: $0)
                },
                for: identifier)
        } else {
            cells.register(
                nil,
                unmakeable:
                    "\(cellClass), a class framegen cannot make by its class; conform it to ReusableTableViewCellByClass or register a factory: register({ \(cellClass)(style: .default, reuseIdentifier: $0) }, forCellReuseIdentifier: \"\(identifier)\")",
                for: identifier)
        }
    }

    /// A nib: each cell is the nib's first top-level cell, made anew.
    open func register(_ nib: UINib?, forCellReuseIdentifier identifier: String) {
        var maker: ((String) -> UITableViewCell)?
        if let nib { maker = { nib.tableCell(reuseIdentifier: $0) } }
        cells.register(maker, for: identifier)
    }

    /// framegen's, beside UIKit's: a factory for `identifier`, given the identifier.
    open func register(
        _ factory: @escaping (_ reuseIdentifier: String) -> UITableViewCell,
        forCellReuseIdentifier identifier: String
    ) {
        cells.register(factory, for: identifier)
    }

    /// `UITableViewHeaderFooterView` itself, or a class that conforms to
    /// `ReusableTableViewHeaderFooterViewByClass`; another is reported and drawn plain.
    open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        guard let aClass else { return headerFooters.register(nil, for: identifier) }
        if let byClass = aClass as? any ReusableTableViewHeaderFooterViewByClass.Type {
            headerFooters.register({ byClass.init(reuseIdentifier: $0) }, for: identifier)
        } else if aClass == UITableViewHeaderFooterView.self {
            headerFooters.register({ UITableViewHeaderFooterView(reuseIdentifier: $0) }, for: identifier)
        } else if let view = aClass as? UITableViewHeaderFooterView.Type,
            let first = view.makeByClass(reuseIdentifier: identifier), type(of: first) == aClass
        {
            headerFooters.register(
                { view.makeByClass(reuseIdentifier: $0) ?? UITableViewHeaderFooterView(reuseIdentifier: $0) },
                for: identifier)
        } else {
            headerFooters.register(
                nil,
                unmakeable:
                    "\(aClass), a class framegen cannot make by its class; conform it to ReusableTableViewHeaderFooterViewByClass or register a factory",
                for: identifier)
        }
    }

    /// A nib: each view is the nib's first top-level header or footer view, made anew.
    open func register(_ nib: UINib?, forHeaderFooterViewReuseIdentifier identifier: String) {
        var maker: ((String) -> UITableViewHeaderFooterView)?
        if let nib { maker = { nib.headerFooterView(reuseIdentifier: $0) } }
        headerFooters.register(maker, for: identifier)
    }

    /// framegen's, beside UIKit's: a factory for header and footer views.
    open func register(
        _ factory: @escaping (_ reuseIdentifier: String) -> UITableViewHeaderFooterView,
        forHeaderFooterViewReuseIdentifier identifier: String
    ) {
        headerFooters.register(factory, for: identifier)
    }

    // MARK: Dequeuing

    /// A cell waiting under `identifier` (after its `prepareForReuse()`), a new one of the class
    /// or factory registered, or nil when neither: the classic `?? UITableViewCell(style:...)`.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        switch cells.dequeue(identifier) {
        case .view(let cell): return cell
        case .unmakeable(let why):
            report(
                "dequeued the cell \"\(identifier)\", registered as \(why); drawn as a plain UITableViewCell")
            return UITableViewCell(style: .default, reuseIdentifier: identifier)
        case .unregistered: return nil
        }
    }

    /// As `dequeueReusableCell(withIdentifier:)`; an identifier nothing registered is UIKit's
    /// exception (`raise`), and a plain cell where the exception is collected. The cell is
    /// sized to the row.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath)
        -> UITableViewCell
    {
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            raise(
                "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
            )
            return UITableViewCell(style: .default, reuseIdentifier: identifier)
        }
        let rect =
            geometry.rows.indices.contains(indexPath.section)
                && geometry.rows[indexPath.section].indices.contains(indexPath.row)
            ? rectForRow(at: indexPath) : CGRect(x: 0, y: 0, width: bounds.width, height: 44)
        cell.frame = CGRect(x: cell.frame.minX, y: cell.frame.minY, width: rect.width, height: rect.height)
        return cell
    }

    /// A header or footer waiting under `identifier`, a new one, or nil when nothing registered
    /// the identifier.
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String)
        -> UITableViewHeaderFooterView?
    {
        switch headerFooters.dequeue(identifier) {
        case .view(let view): return view
        case .unmakeable(let why):
            report(
                "dequeued the header or footer \"\(identifier)\", registered as \(why); drawn as a plain UITableViewHeaderFooterView"
            )
            return UITableViewHeaderFooterView(reuseIdentifier: identifier)
        case .unregistered: return nil
        }
    }

    private func enqueue(_ cell: UITableViewCell) {
        cell.removeFromSuperview()
        cell.isHighlighted = false
        cells.enqueue(cell)
    }

    private func enqueue(_ view: UIView) {
        view.removeFromSuperview()
        guard let view = view as? UITableViewHeaderFooterView else { return }
        headerFooters.enqueue(view)
    }

    // MARK: Geometry

    /// Heights and positions of everything, in content coordinates.
    struct Geometry {
        var tableHeaderHeight: CGFloat = 0
        /// Each section's top (its header's), header height, rows' heights, footer height.
        var sectionTops: [CGFloat] = []
        var headers: [CGFloat] = []
        var rows: [[CGFloat]] = []
        var rowTops: [[CGFloat]] = []
        var footers: [CGFloat] = []
        var sectionsEnd: CGFloat = 0
        var contentHeight: CGFloat = 0
    }

    private var geometry = Geometry()
    private var geometryValid = false
    /// The counts the data source gave at the last reload.
    private var counts: [Int] = []
    private var countsValid = false
    /// Heights measured from cells (automatic rows), kept until the data reloads.
    private var measured: [IndexPath: CGFloat] = [:]
    /// Header and footer views asked of the delegate, and titles, per section, kept until the
    /// data reloads.
    private var headerViews: [Int: UIView] = [:]
    private var footerViews: [Int: UIView] = [:]
    private var askedHeaderViews: Set<Int> = []
    private var askedFooterViews: Set<Int> = []

    private func invalidateGeometry() {
        geometryValid = false
        setNeedsLayout()
    }

    private func ensureCounts() {
        guard !countsValid else { return }
        countsValid = true
        guard let dataSource else { return counts = [] }
        let sections = dataSource.numberOfSections(in: self)
        if sections < 0 { report("numberOfSections(in:) returned \(sections); taken as 0") }
        counts = (0..<Swift.max(0, sections)).map { section in
            let rows = dataSource.tableView(self, numberOfRowsInSection: section)
            if rows < 0 {
                report(
                    "tableView(_:numberOfRowsInSection:) returned \(rows) for section \(section); taken as 0")
            }
            return Swift.max(0, rows)
        }
    }

    private var separatorHeight: CGFloat {
        separatorStyle == .none ? 0 : 1 / Swift.max(1, traitCollection.displayScale)
    }

    /// The horizontal extent of rows, headers and footers: the width, or 20 points in from
    /// each side in an inset grouped table.
    var sectionInset: CGFloat { style == .insetGrouped ? 20 : 0 }

    private func ensureGeometry() {
        ensureCounts()
        guard !geometryValid else { return }
        geometryValid = true
        var g = Geometry()
        g.tableHeaderHeight = tableHeaderView?.frame.height ?? 0
        var y = g.tableHeaderHeight
        for (section, count) in counts.enumerated() {
            g.sectionTops.append(y)
            let header = headerHeight(section)
            g.headers.append(header)
            y += header
            var heights: [CGFloat] = []
            var tops: [CGFloat] = []
            for row in 0..<count {
                let h = rowHeight(IndexPath(row: row, section: section))
                tops.append(y)
                heights.append(h)
                y += h
            }
            g.rows.append(heights)
            g.rowTops.append(tops)
            let footer = footerHeight(section)
            g.footers.append(footer)
            y += footer
        }
        g.sectionsEnd = y
        g.contentHeight = y + (tableFooterView?.frame.height ?? 0)
        geometry = g
        contentSize = CGSize(width: bounds.width, height: g.contentHeight)
    }

    /// The delegate's height, else `rowHeight`; automatic: measured from the cell once it has
    /// been made, the estimate (44 unless set) before.
    private func rowHeight(_ indexPath: IndexPath) -> CGFloat {
        let h = delegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
        if let fixed = fixedHeight(h, "tableView(_:heightForRowAt:) or rowHeight") { return fixed }
        if let m = measured[indexPath] { return m }
        let estimate = delegate?.tableView(self, estimatedHeightForRowAt: indexPath) ?? estimatedRowHeight
        return estimate > 0 ? estimate : 44
    }

    private func rowIsAutomatic(_ indexPath: IndexPath) -> Bool {
        let h = delegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
        return !Self.isFixed(h)
    }

    /// A height 0 or more sizes its element; a negative one (`automaticDimension`) leaves it
    /// automatic.
    private static func isFixed(_ h: CGFloat) -> Bool { h >= 0 && h.isFinite }

    /// `h` when it is fixed; nil for an automatic one. A height that is NaN or infinite has no
    /// place on screen (UIKit's layer would refuse the frame): said once, and the element sized
    /// as an automatic one.
    private func fixedHeight(_ h: CGFloat, _ source: String) -> CGFloat? {
        if Self.isFixed(h) { return h }
        if !h.isFinite {
            report("\(source) answered \(h), which is not a height; sized as UITableView.automaticDimension")
        }
        return nil
    }

    private func headerView(_ section: Int) -> UIView? {
        if !askedHeaderViews.contains(section) {
            askedHeaderViews.insert(section)
            if let view = delegate?.tableView(self, viewForHeaderInSection: section) {
                headerViews[section] = view
            } else if let title = dataSource?.tableView(self, titleForHeaderInSection: section) {
                headerViews[section] = titleView(title, footer: false)
            }
        }
        return headerViews[section]
    }

    private func footerView(_ section: Int) -> UIView? {
        if !askedFooterViews.contains(section) {
            askedFooterViews.insert(section)
            if let view = delegate?.tableView(self, viewForFooterInSection: section) {
                footerViews[section] = view
            } else if let title = dataSource?.tableView(self, titleForFooterInSection: section) {
                footerViews[section] = titleView(title, footer: true)
            }
        }
        return footerViews[section]
    }

    /// A header or footer view showing a section title, as iOS makes one.
    private func titleView(_ title: String, footer: Bool) -> UITableViewHeaderFooterView {
        let view = TitleHeaderFooterView(reuseIdentifier: nil)
        view.textLabel?.text = style != .plain && !footer ? title.uppercased() : title
        view.title = title
        return view
    }

    private func headerHeight(_ section: Int) -> CGFloat {
        let h = delegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight
        if emptyPlainSectionEdge(h, setting: sectionHeaderHeight, view: headerView(section)) { return 0 }
        if let fixed = fixedHeight(h, "tableView(_:heightForHeaderInSection:) or sectionHeaderHeight") {
            return fixed
        }
        return automaticHeight(of: headerView(section), section: section, footer: false)
    }

    private func footerHeight(_ section: Int) -> CGFloat {
        let h = delegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight
        if emptyPlainSectionEdge(h, setting: sectionFooterHeight, view: footerView(section)) { return 0 }
        if let fixed = fixedHeight(h, "tableView(_:heightForFooterInSection:) or sectionFooterHeight") {
            return fixed
        }
        return automaticHeight(of: footerView(section), section: section, footer: true)
    }

    /// Whether a plain table's header or footer has nothing to show and only the table's own
    /// height for it (`sectionHeaderHeight`, not a delegate's answer of another): it takes no
    /// room, as on iOS, where a storyboard's plain table has `sectionHeaderHeight` 28 and its
    /// sections without titles start at the top (an iOS reference of such a table).
    private func emptyPlainSectionEdge(_ height: CGFloat, setting: CGFloat, view: UIView?) -> Bool {
        style == .plain && view == nil && height == setting
    }

    /// A title's height (`UITableViewHeaderFooterView.titleHeight`), a view's constraints' or
    /// its frame's; with nothing to show, none in a plain table and a gap in a grouped one: 35
    /// points above the first section, 18 for other headers and for footers (*chosen*, near
    /// iOS's 35-point gap between grouped sections).
    private func automaticHeight(of view: UIView?, section: Int, footer: Bool) -> CGFloat {
        if let title = view as? TitleHeaderFooterView {
            return UITableViewHeaderFooterView.titleHeight(title.title, style: style, footer: footer)
        }
        if let view {
            let host = (view as? UITableViewHeaderFooterView)?.contentView ?? view
            if host.laysOutByConstraints {
                return host.systemLayoutSizeFitting(
                    CGSize(width: bounds.width - 2 * sectionInset, height: 0),
                    withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel
                ).height
            }
            if view.frame.height > 0 { return view.frame.height }
            if let label = (view as? UITableViewHeaderFooterView)?.textLabel, let text = label.text {
                return UITableViewHeaderFooterView.titleHeight(text, style: style, footer: footer)
            }
        }
        if style == .plain { return 0 }
        return section == 0 && !footer ? 35 : 18
    }

    // MARK: Answers

    open var numberOfSections: Int {
        ensureCounts()
        return counts.count
    }

    open func numberOfRows(inSection section: Int) -> Int {
        ensureCounts()
        return counts.indices.contains(section) ? counts[section] : 0
    }

    /// Set by `ensureGeometry()`; reading it lays nothing out.
    open override var contentSize: CGSize {
        get {
            if !geometryValid, !isLayingOut { ensureGeometry() }
            return super.contentSize
        }
        set { super.contentSize = newValue }
    }

    /// The section's header, rows and footer, in content coordinates.
    open func rect(forSection section: Int) -> CGRect {
        ensureGeometry()
        guard geometry.sectionTops.indices.contains(section) else { return .zero }
        let top = geometry.sectionTops[section]
        let height =
            geometry.headers[section] + geometry.rows[section].reduce(0, +) + geometry.footers[section]
        return CGRect(x: 0, y: top, width: bounds.width, height: height)
    }

    open func rectForHeader(inSection section: Int) -> CGRect {
        ensureGeometry()
        guard geometry.headers.indices.contains(section) else { return .zero }
        return CGRect(
            x: 0, y: geometry.sectionTops[section], width: bounds.width, height: geometry.headers[section])
    }

    open func rectForFooter(inSection section: Int) -> CGRect {
        ensureGeometry()
        guard geometry.footers.indices.contains(section) else { return .zero }
        let r = rect(forSection: section)
        return CGRect(
            x: 0, y: r.maxY - geometry.footers[section], width: bounds.width,
            height: geometry.footers[section])
    }

    /// The row's rectangle, in content coordinates, as wide as the table (an inset grouped
    /// row's cell is 20 points in from each side within it).
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        ensureGeometry()
        guard geometry.rows.indices.contains(indexPath.section),
            geometry.rows[indexPath.section].indices.contains(indexPath.row)
        else { return .zero }
        return CGRect(
            x: 0, y: geometry.rowTops[indexPath.section][indexPath.row], width: bounds.width,
            height: geometry.rows[indexPath.section][indexPath.row])
    }

    /// The row whose rectangle contains `point` (content coordinates), or nil.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        ensureGeometry()
        guard point.x >= 0, point.x < bounds.width else { return nil }
        for (section, tops) in geometry.rowTops.enumerated() {
            for (row, top) in tops.enumerated()
            where point.y >= top && point.y < top + geometry.rows[section][row] {
                return IndexPath(row: row, section: section)
            }
        }
        return nil
    }

    /// The rows whose rectangles meet `rect`, in order.
    open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        ensureGeometry()
        return rows(meeting: rect)
    }

    private func rows(meeting rect: CGRect) -> [IndexPath] {
        var out: [IndexPath] = []
        for (section, tops) in geometry.rowTops.enumerated() {
            for (row, top) in tops.enumerated() {
                let h = geometry.rows[section][row]
                if top < rect.maxY && top + h > rect.minY && h > 0 {
                    out.append(IndexPath(row: row, section: section))
                }
            }
        }
        return out
    }

    /// The cell shown for the row; nil when the row is off screen.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        layoutIfNeeded()
        return displayed[indexPath]
    }

    /// The row `cell` shows, or nil.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        displayed.first { $0.value === cell }?.key
    }

    /// The cells shown, in row order.
    open var visibleCells: [UITableViewCell] {
        layoutIfNeeded()
        return displayed.sorted { $0.key < $1.key }.map(\.value)
    }

    open var indexPathsForVisibleRows: [IndexPath]? {
        layoutIfNeeded()
        return displayed.keys.sorted()
    }

    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        layoutIfNeeded()
        return shownHeaders[section] as? UITableViewHeaderFooterView
    }

    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        layoutIfNeeded()
        return shownFooters[section] as? UITableViewHeaderFooterView
    }

    // MARK: Data changes (applied at once: no animation)

    /// Forgets every count, height, cell and header and asks the data source again at the next
    /// layout pass.
    open func reloadData() {
        rowChanges += 1
        sceneReload?(nil)
        countsValid = false
        measured = [:]
        for cell in displayed.values { endDisplaying(cell) }
        displayed = [:]
        for (_, view) in shownHeaders { enqueue(view) }
        for (_, view) in shownFooters { enqueue(view) }
        shownHeaders = [:]
        shownFooters = [:]
        headerViews = [:]
        footerViews = [:]
        askedHeaderViews = []
        askedFooterViews = []
        invalidateGeometry()
    }

    /// Asks the data source for the rows' cells again at the next layout pass.
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        sceneReload?(indexPaths)
        for indexPath in indexPaths {
            measured[indexPath] = nil
            if let cell = displayed.removeValue(forKey: indexPath) { endDisplaying(cell, at: indexPath) }
        }
        invalidateGeometry()
    }

    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) { reloadData() }

    open func reloadSectionIndexTitles() {}

    /// The rows are there at once (the data source's counts are asked again); the cells shown
    /// move with their rows.
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        rowChanges += 1
        for indexPath in indexPaths.sorted() { shift(from: indexPath, by: 1) }
        changed()
    }

    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        rowChanges += 1
        for indexPath in indexPaths.sorted().reversed() {
            // A scene shows a deleted row's cell until its animation ends (`endSceneCell`).
            if let cell = displayed.removeValue(forKey: indexPath) {
                if isSceneHosted {
                    leavingCells[indexPath] = cell
                } else {
                    endDisplaying(cell, at: indexPath)
                }
            }
            measured[indexPath] = nil
            shift(from: IndexPath(row: indexPath.row + 1, section: indexPath.section), by: -1)
        }
        changed()
    }

    /// The row's cell, height and selection go with it.
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        rowChanges += 1
        let cell = displayed.removeValue(forKey: indexPath)
        let height = measured.removeValue(forKey: indexPath)
        let wasSelected = selected.contains(indexPath)
        selected.removeAll { $0 == indexPath }
        shift(from: IndexPath(row: indexPath.row + 1, section: indexPath.section), by: -1)
        shift(from: newIndexPath, by: 1)
        displayed[newIndexPath] = cell
        measured[newIndexPath] = height
        if wasSelected { selected.append(newIndexPath) }
        changed()
    }

    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) { reloadData() }
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { reloadData() }
    open func moveSection(_ section: Int, toSection newSection: Int) { reloadData() }

    /// Rows of the section from `indexPath` on move by `delta`, with their cells and heights.
    private func shift(from indexPath: IndexPath, by delta: Int) {
        func moved(_ p: IndexPath) -> IndexPath {
            p.section == indexPath.section && p.row >= indexPath.row
                ? IndexPath(row: p.row + delta, section: p.section) : p
        }
        displayed = Dictionary(uniqueKeysWithValues: displayed.map { (moved($0.key), $0.value) })
        measured = Dictionary(uniqueKeysWithValues: measured.map { (moved($0.key), $0.value) })
        selected = selected.map(moved)
    }

    private func changed() {
        if updateDepth == 0 {
            countsValid = false
            invalidateGeometry()
        }
    }

    private var updateDepth = 0

    /// Counts the program's row changes (`insertRows`, `deleteRows`, `moveRow`, `reloadData`),
    /// so that a scene sees whether a data source's `commit` told the table of its change.
    package private(set) var rowChanges = 0

    open func beginUpdates() { updateDepth += 1 }

    /// Applies the changes at once (no animation).
    open func endUpdates() {
        updateDepth = Swift.max(0, updateDepth - 1)
        changed()
    }

    /// Runs `updates` and applies them at once; `completion` runs with true before this returns.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        endUpdates()
        layoutIfNeeded()
        completion?(true)
    }

    /// UIKit's `updates` block is NS_NOESCAPE (UICollectionView's overload says why this one
    /// exists): a closure literal that uses `self` implicitly compiles, and an app's override of
    /// the optional form is still the one called.
    public func performBatchUpdates(_ updates: () -> Void, completion: ((Bool) -> Void)? = nil) {
        withoutActuallyEscaping(updates) { performBatchUpdates(Optional($0), completion: completion) }
    }

    // MARK: Selection

    private var selected: [IndexPath] = []

    open var indexPathForSelectedRow: IndexPath? { selected.first }

    open var indexPathsForSelectedRows: [IndexPath]? { selected.isEmpty ? nil : selected }

    /// Selects the row without telling the delegate, as UIKit does; its cell, if shown, becomes
    /// selected; nil deselects every row.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for p in selected { deselectRow(at: p, animated: animated) }
            return
        }
        guard allowsSelection else { return }
        if !allowsMultipleSelection {
            for p in selected where p != indexPath { deselectRow(at: p, animated: animated) }
        }
        if !selected.contains(indexPath) { selected.append(indexPath) }
        displayed[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selected.removeAll { $0 == indexPath }
        displayed[indexPath]?.setSelected(false, animated: animated)
    }

    /// Moves the content at once so the row is at the position (`.none`: just enough to show
    /// it), within the content's range.
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        let r = rectForRow(at: indexPath)
        let visible = bounds.height - adjustedContentInset.top - adjustedContentInset.bottom
        var y = contentOffset.y
        switch scrollPosition {
        case .top: y = r.minY - adjustedContentInset.top
        case .middle: y = r.midY - adjustedContentInset.top - visible / 2
        case .bottom: y = r.maxY - adjustedContentInset.top - visible
        case .none:
            if r.minY < y + adjustedContentInset.top {
                y = r.minY - adjustedContentInset.top
            } else if r.maxY > y + adjustedContentInset.top + visible {
                y = r.maxY - adjustedContentInset.top - visible
            }
        }
        let maxY = Swift.max(
            -adjustedContentInset.top, contentSize.height + adjustedContentInset.bottom - bounds.height)
        y = Swift.min(Swift.max(y, -adjustedContentInset.top), maxY)
        contentOffset = CGPoint(x: contentOffset.x, y: y)
    }

    open func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        if let p = selected.min() { scrollToRow(at: p, at: scrollPosition, animated: animated) }
    }

    // MARK: Layout

    /// The cells shown, by row.
    private var displayed: [IndexPath: UITableViewCell] = [:]
    private var shownHeaders: [Int: UIView] = [:]
    private var shownFooters: [Int: UIView] = [:]
    /// Cells the data source made to size an automatic row before it was shown.
    private var isLayingOut = false

    /// A scroll lays the rows out again, as UIKit's scroll view does.
    open override var bounds: CGRect {
        didSet { if bounds.origin != oldValue.origin || bounds.size != oldValue.size { setNeedsLayout() } }
    }

    /// A new width sizes the automatic rows again.
    open override var frame: CGRect {
        didSet {
            if frame.width != oldValue.width { measured = [:] }
            if frame.size != oldValue.size { invalidateGeometry() }
        }
    }

    private func endDisplaying(_ cell: UITableViewCell, at indexPath: IndexPath? = nil) {
        enqueue(cell)
        if let indexPath { delegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath) }
    }

    /// Lays out the table header, the rows, headers and footers that meet the bounds (asking
    /// the data source for cells of rows newly shown, sizing automatic rows from them) and the
    /// table footer; a plain table's headers pin to the top while their section is on screen,
    /// its footers to the bottom.
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard !isLayingOut else { return }
        isLayingOut = true
        defer { isLayingOut = false }
        ensureGeometry()
        // A table view controller's table starts below the status bar, as a collection view's
        // content does (docs/uikit.md "Safe area and content insets").
        if followAdjustedInset() { delegate?.scrollViewDidChangeAdjustedContentInset(self) }
        // Cells of rows that left go to the reuse queues first, so the rows coming on screen
        // take them, as on iOS.
        func dropRowsOffScreen() {
            let visible = Set(rows(meeting: bounds))
            for (indexPath, cell) in displayed where !visible.contains(indexPath) && !isShownByScene(cell) {
                displayed[indexPath] = nil
                endDisplaying(cell, at: indexPath)
            }
        }
        dropRowsOffScreen()
        var made: [IndexPath: UITableViewCell] = [:]
        // Automatic rows coming on screen take their cells' heights; the rows below move, so
        // ask again until every row shown is sized.
        var rounds = 0
        while rounds < 1000 {
            rounds += 1
            var changed = false
            for indexPath in rows(meeting: bounds) where displayed[indexPath] == nil && made[indexPath] == nil
            {
                let cell = makeCell(at: indexPath)
                made[indexPath] = cell
                if measure(cell, at: indexPath) { changed = true }
            }
            if !changed { break }
            geometryValid = false
            ensureGeometry()
        }
        dropRowsOffScreen()
        let visible = Set(rows(meeting: bounds))
        for (indexPath, cell) in made.sorted(by: { $0.key < $1.key }) {
            guard visible.contains(indexPath) else {
                enqueue(cell)
                continue
            }
            displayed[indexPath] = cell
            cell.setSelected(selected.contains(indexPath), animated: false)
            place(cell, at: indexPath)
            if !isSceneHosted { addSubview(cell) }
            delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
        }
        for (indexPath, cell) in displayed { place(cell, at: indexPath) }
        if !isSceneHosted { layoutHeadersAndFooters() }
        if let tableHeaderView {
            tableHeaderView.frame = CGRect(
                x: 0, y: 0, width: bounds.width, height: geometry.tableHeaderHeight)
        }
        if let tableFooterView {
            tableFooterView.frame = CGRect(
                x: 0, y: geometry.sectionsEnd, width: bounds.width, height: tableFooterView.frame.height)
        }
        if let backgroundView {
            backgroundView.frame = bounds
            insertSubview(backgroundView, at: 0)
        }
        layOutFillerSeparators()
        for view in Array(shownHeaders.values) + Array(shownFooters.values) { bringSubviewToFront(view) }
    }

    /// The separators a plain table draws below its last row, down to its bottom edge, as if
    /// empty rows went on: each as tall as `fillerRowHeight`, else as the last row (an iOS
    /// reference: rows of 116.33 points, then separators every 116.33 points to the bottom),
    /// else as `rowHeight`, else 44 points. None with a table footer view, as on iOS, where an
    /// empty footer view is how an app hides them.
    private func layOutFillerSeparators() {
        var lines: [CGRect] = []
        if style == .plain, separatorStyle != .none, tableFooterView == nil, !isSceneHosted {
            let last = geometry.rows.last(where: { !$0.isEmpty })?.last
            let step =
                fillerRowHeight > 0 ? fillerRowHeight : last ?? (rowHeight > 0 ? rowHeight : 44)
            let hairline = separatorHeight
            var y = geometry.sectionsEnd + step
            while step >= 1, y - hairline < bounds.maxY, lines.count < 1000 {
                if y > bounds.minY {
                    lines.append(
                        CGRect(
                            x: drawnSeparatorInset.left, y: y - hairline,
                            width: max(
                                0, bounds.width - drawnSeparatorInset.left - drawnSeparatorInset.right),
                            height: hairline))
                }
                y += step
            }
        }
        while fillerSeparators.count > lines.count { fillerSeparators.removeLast().removeFromSuperview() }
        while fillerSeparators.count < lines.count {
            let line = UIView(frame: .zero)
            line.isUserInteractionEnabled = false
            fillerSeparators.append(line)
            addSubview(line)
        }
        for (line, frame) in zip(fillerSeparators, lines) {
            line.frame = frame
            line.backgroundColor = separatorColor ?? .separator
        }
    }

    private var fillerSeparators: [UIView] = []

    /// Sizes an automatic row not yet sized from its cell; true when its height changed.
    private func measure(_ cell: UITableViewCell, at indexPath: IndexPath) -> Bool {
        guard rowIsAutomatic(indexPath) && measured[indexPath] == nil else { return false }
        let width = bounds.width - 2 * sectionInset
        cell.separator = separatorStyle == .none ? nil : .init(color: .separator, insets: .zero)
        let h = cell.fittingHeight(width: width, separatorHeight: separatorHeight)
        measured[indexPath] = h
        return h != geometry.rows[indexPath.section][indexPath.row]
    }

    private func makeCell(at indexPath: IndexPath) -> UITableViewCell {
        guard let dataSource else { return UITableViewCell(style: .default, reuseIdentifier: nil) }
        return dataSource.tableView(self, cellForRowAt: indexPath)
    }

    /// The cell's frame, background, corners and separator for its row.
    private func place(_ cell: UITableViewCell, at indexPath: IndexPath) {
        let r = rectForRow(at: indexPath)
        // A scene's cell sits in a collection view cell at the row's place (`cellFrame(at:)`).
        cell.frame = CGRect(
            x: isSceneHosted ? 0 : sectionInset, y: isSceneHosted ? 0 : r.minY,
            width: r.width - 2 * sectionInset,
            height: r.height)
        cell.applyTableBackground(style == .plain ? .systemBackground : .secondarySystemGroupedBackground)
        cell.sideMargin = cellSideMargin
        let count = geometry.rows[indexPath.section].count
        let last = indexPath.row == count - 1
        if style == .insetGrouped {
            cell.roundInsetGroupedCorners(.insetGroupedRow(first: indexPath.row == 0, last: last))
        }
        if separatorStyle == .none || (style == .insetGrouped && last) {
            cell.separator = nil
        } else {
            var insets = cell.separatorInsetSet ? cell.separatorInset : drawnSeparatorInset
            if style == .grouped && last { insets = .zero }
            cell.separator = .init(color: separatorColor ?? .separator, insets: insets)
        }
        cell.layoutIfNeeded()
    }

    /// Where the section's header and footer are shown at the present bounds: with their section
    /// in the grouped styles; in a plain table the header pinned to the top while its section is
    /// on screen (pushed up by the next), the footer to the bottom.
    package func shownHeaderFooterRects(inSection section: Int) -> (header: CGRect, footer: CGRect) {
        ensureGeometry()
        guard geometry.sectionTops.indices.contains(section) else { return (.zero, .zero) }
        let top = bounds.minY + adjustedContentInset.top
        let bottom = bounds.maxY - adjustedContentInset.bottom
        let sectionRect = rect(forSection: section)
        let headerH = geometry.headers[section]
        let footerH = geometry.footers[section]
        var headerRect = CGRect(x: 0, y: sectionRect.minY, width: bounds.width, height: headerH)
        var footerRect = CGRect(x: 0, y: sectionRect.maxY - footerH, width: bounds.width, height: footerH)
        if style == .plain {
            headerRect.origin.y = Swift.min(Swift.max(sectionRect.minY, top), sectionRect.maxY - headerH)
            footerRect.origin.y = Swift.max(
                Swift.min(sectionRect.maxY - footerH, bottom - footerH), sectionRect.minY)
        }
        return (headerRect, footerRect)
    }

    private func layoutHeadersAndFooters() {
        for section in geometry.sectionTops.indices {
            let (headerRect, footerRect) = shownHeaderFooterRects(inSection: section)
            let headerH = geometry.headers[section]
            let footerH = geometry.footers[section]
            show(
                headerH > 0 && headerRect.intersects(bounds) ? headerView(section) : nil, in: headerRect,
                section: section, footer: false)
            show(
                footerH > 0 && footerRect.intersects(bounds) ? footerView(section) : nil, in: footerRect,
                section: section, footer: true)
        }
    }

    private func show(_ view: UIView?, in rect: CGRect, section: Int, footer: Bool) {
        let shown = footer ? shownFooters[section] : shownHeaders[section]
        guard let view else {
            shown?.removeFromSuperview()
            if footer { shownFooters[section] = nil } else { shownHeaders[section] = nil }
            return
        }
        view.frame = rect
        guard shown !== view else { return view.layoutIfNeeded() }
        if let headerFooter = view as? UITableViewHeaderFooterView {
            headerFooter.styleForTable(style, footer: footer, inset: 16 + sectionInset)
            if style == .plain && !footer && headerFooter.backgroundView == nil
                && headerFooter.backgroundColor == nil
            {
                headerFooter.contentView.backgroundColor = .systemGroupedBackground
            }
        }
        if !isSceneHosted { addSubview(view) }
        if footer {
            shownFooters[section] = view
            delegate?.tableView(self, willDisplayFooterView: view, forSection: section)
        } else {
            shownHeaders[section] = view
            delegate?.tableView(self, willDisplayHeaderView: view, forSection: section)
        }
        view.setNeedsLayout()
        view.layoutIfNeeded()
    }
}

// MARK: Scene hosting

extension UITableView {
    /// Whether a cell is in a scene's collection view cell now.
    private func isShownByScene(_ cell: UIView) -> Bool { isSceneHosted && cell.superview != nil }

    /// The row's cell for a scene's collection view cell (`isSceneHosted`): the one shown, or
    /// one the data source makes now, as the table makes a row's cell when the row comes on
    /// screen (an automatic row is sized from it, `willDisplay` follows); nil for a row the
    /// data source does not have. Its frame is the row's size at the origin.
    package func sceneCell(at indexPath: IndexPath) -> UITableViewCell? {
        ensureGeometry()
        guard geometry.rows.indices.contains(indexPath.section),
            geometry.rows[indexPath.section].indices.contains(indexPath.row)
        else { return nil }
        if let cell = displayed[indexPath] {
            place(cell, at: indexPath)
            return cell
        }
        let cell = makeCell(at: indexPath)
        if measure(cell, at: indexPath) { invalidateGeometry() }
        displayed[indexPath] = cell
        cell.setSelected(selected.contains(indexPath), animated: false)
        place(cell, at: indexPath)
        delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
        return cell
    }

    /// The cell of a row the last update deleted, at its index path before the update, for
    /// the scene's animation of its leaving; nil where the row had none.
    package func sceneLeavingCell(at indexPath: IndexPath) -> UITableViewCell? { leavingCells[indexPath] }

    /// A new update begins: the cells of rows the last one deleted that no scene cell shows go
    /// to their reuse queues.
    package func forgetLeavingCells() {
        for (_, cell) in leavingCells where !isShownByScene(cell) { enqueue(cell) }
        leavingCells = leavingCells.filter { isShownByScene($0.value) }
    }

    /// The scene's collection view cell let `cell` go: it goes to its reuse queue, with
    /// `didEndDisplaying` for a row it still shows (a deleted row's cell has left its row).
    package func endSceneCell(_ cell: UITableViewCell) {
        guard let indexPath = displayed.first(where: { $0.value === cell })?.key else {
            if let leaving = leavingCells.first(where: { $0.value === cell })?.key {
                leavingCells[leaving] = nil
            }
            return enqueue(cell)
        }
        displayed[indexPath] = nil
        endDisplaying(cell, at: indexPath)
    }

    /// The section's header or footer view for a scene's supplementary view, styled and laid
    /// out as the table shows it (`willDisplayHeaderView` the first time), at the origin; nil
    /// where the section has none.
    package func sceneHeaderFooter(inSection section: Int, footer: Bool) -> UIView? {
        ensureGeometry()
        guard geometry.headers.indices.contains(section) else { return nil }
        let height = footer ? geometry.footers[section] : geometry.headers[section]
        guard height > 0, let view = footer ? footerView(section) : headerView(section) else { return nil }
        show(
            view, in: CGRect(x: 0, y: 0, width: bounds.width, height: height), section: section,
            footer: footer)
        return view
    }

    /// The scene's supplementary view let the section's header or footer go.
    package func endSceneHeaderFooter(_ view: UIView, inSection section: Int, footer: Bool) {
        view.removeFromSuperview()
        if footer {
            if shownFooters[section] === view { shownFooters[section] = nil }
        } else if shownHeaders[section] === view {
            shownHeaders[section] = nil
        }
    }

    /// Whether the section has a header (or footer) view or title to show.
    package func hasHeaderFooter(inSection section: Int, footer: Bool) -> Bool {
        ensureGeometry()
        guard geometry.headers.indices.contains(section) else { return false }
        return (footer ? geometry.footers[section] : geometry.headers[section]) > 0
            && (footer ? footerView(section) : headerView(section)) != nil
    }

    /// Where the row's cell sits in content coordinates: the row, 20 points in from each side
    /// in an inset grouped table.
    package func cellFrame(at indexPath: IndexPath) -> CGRect {
        rectForRow(at: indexPath).insetBy(dx: sectionInset, dy: 0)
    }

    /// A tap on the row, as UIKit's table handles one: nothing where selection is off or the
    /// delegate's `shouldHighlightRowAt` says no; else `willSelectRowAt` (which may pick
    /// another row, or none), the other rows deselected in single selection
    /// (`willDeselectRowAt`, `didDeselectRowAt`), and the row selected (`didSelectRowAt`); in
    /// multiple selection a tap on a selected row deselects it.
    package func tapRow(at indexPath: IndexPath) {
        guard allowsSelection, delegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true else {
            return
        }
        if allowsMultipleSelection, selected.contains(indexPath) {
            guard let p = delegate.map({ $0.tableView(self, willDeselectRowAt: indexPath) }) ?? indexPath
            else { return }
            deselectRow(at: p, animated: false)
            delegate?.tableView(self, didDeselectRowAt: p)
            return
        }
        guard let target = delegate.map({ $0.tableView(self, willSelectRowAt: indexPath) }) ?? indexPath
        else {
            return
        }
        if !allowsMultipleSelection {
            for p in selected where p != target {
                guard let q = delegate.map({ $0.tableView(self, willDeselectRowAt: p) }) ?? p else {
                    continue
                }
                deselectRow(at: q, animated: false)
                delegate?.tableView(self, didDeselectRowAt: q)
            }
        }
        selectRow(at: target, animated: false, scrollPosition: .none)
        delegate?.tableView(self, didSelectRowAt: target)
    }
}

/// The header or footer a table makes for a section title.
final class TitleHeaderFooterView: UITableViewHeaderFooterView {
    var title = ""
}

extension CACornerMask {
    static var all: CACornerMask {
        [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    }
}
