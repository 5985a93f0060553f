import Foundation
import FrameGenCoreGraphics
import FrameGenGeometry
import FrameGenLayout
import FrameGenQuartzCore
import FrameGenUserCode

import struct Foundation.IndexPath  // over Layout's (Exports.swift)

/// Makes a cell (or a supplementary view) of one of a program's classes, with its frame: what
/// `register(_:forCellWithReuseIdentifier:)` does with a class on iOS through the Objective-C
/// runtime. Swift makes an instance of a class chosen at run time only through a `required`
/// initialiser, and UIKit subclasses write `override init(frame:)`, so a program hands
/// framegen a factory per class instead: `{ WheelCell(frame: $0) }` (docs/uikit.md "Cells").
public typealias UICollectionViewCellFactory = @Sendable (CGRect) -> UICollectionReusableView

/// Factories kept in a dictionary of their own whose values make one class
/// (`[String: (CGRect) -> UICollectionViewCell]`, as app code writes them), as the registering
/// APIs take them. Swift converts such a dictionary to `[String: UICollectionViewCellFactory]`
/// implicitly, and the conversion casts each function at run time, which fails (the program
/// stops with "Could not cast value of type ..."); so each API that takes factories has
/// overloads for these dictionaries, which wrap each function here instead.
public enum UICollectionViewCellFactories {
    public static func wrapping<View: UICollectionReusableView>(_ factories: [String: (CGRect) -> View])
        -> [String: UICollectionViewCellFactory]
    {
        factories.mapValues { make in
            let box = UncheckedFactory(make: make)
            return { box.make($0) }
        }
    }

    public static func wrapping<View: UICollectionReusableView>(
        _ factories: [String: @Sendable (CGRect) -> View]
    ) -> [String: UICollectionViewCellFactory] {
        factories.mapValues { make in { make($0) } }
    }

    /// A factory from Swift 5 code, not marked `@Sendable`: framegen calls factories on the
    /// thread that renders a frame, one at a time, as it calls the layout.
    private struct UncheckedFactory<View>: @unchecked Sendable {
        let make: (CGRect) -> View
    }
}

/// A collection view's cells, in UIKit's order (docs/uikit.md "Cells"): each display pass
/// takes the elements to show, puts the cells of elements no longer shown in a reuse queue
/// per identifier, makes or dequeues (with `prepareForReuse()`) a cell for each new element,
/// sets its geometry from the attributes and calls `apply(_:)` with a copy of the layout's
/// attributes object, then lays it out (`layoutSubviews()` where its bounds changed).
/// Everything runs in a fixed order (elements by index path), so a replay of the same history
/// makes the same cells in the same states.
package final class CellDisplay {
    package struct Key: Hashable, Comparable {
        package var category: UICollectionView.ElementCategory
        package var kind: String?
        package var indexPath: IndexPath
        /// The scene's identity of a cell's item (its photo's index), which follows the item
        /// through updates: during an update animation an item that leaves and the one that
        /// takes its index path are both shown, each with its own cell. Nil where unknown.
        package var item: Int?
        /// Where the item is unknown, the second element at one index path is occurrence 1.
        var occurrence = 0

        package init(category: UICollectionView.ElementCategory, kind: String?, indexPath: IndexPath) {
            (self.category, self.kind, self.indexPath) = (category, kind, indexPath)
        }

        package init(_ a: UICollectionViewLayoutAttributes) {
            self.init(
                category: a.representedElementCategory, kind: a.representedElementKind, indexPath: a.indexPath
            )
        }

        package static func < (a: Key, b: Key) -> Bool {
            (a.category.rawValue, a.kind ?? "", a.indexPath, a.item ?? -1, a.occurrence)
                < (b.category.rawValue, b.kind ?? "", b.indexPath, b.item ?? -1, b.occurrence)
        }
    }

    /// The program's cells by name (`cells:`).
    package var registered: [String: UICollectionViewCellFactory] = [:]
    /// The cell the scene names (`cell:`): cells are drawn when it is set.
    package var sceneCell: String?
    /// The views the scene names per supplementary kind (`header:`, `footer:`).
    package var sceneViews: [String: String] = [:]
    /// Supplementary views' identifiers (registered per kind), as `identifiers` is for cells.
    var viewIdentifiers: [String: [String: UICollectionViewCellFactory]] = [:]
    /// Reuse identifiers and what makes their cells: the scene's cell under its own name, then
    /// the view's registrations.
    var identifiers: [String: UICollectionViewCellFactory] = [:]
    var displayed: [Key: UICollectionReusableView] = [:]
    private var queues: [String: [UICollectionReusableView]] = [:]
    /// The classes the program's factories make, learnt by making one of each when a class is
    /// registered.
    private var factoryClasses: [ObjectIdentifier: UICollectionViewCellFactory]?
    /// Why framegen cannot make the cells of an identifier the program registered, by identifier.
    private var unmakeable: [String: String] = [:]
    /// How crash reports name the layout.
    package var layoutTitle = "the layout"
    /// Plain `UICollectionViewCell`s for the items of a scene that names no cell, made once code
    /// reaches for a cell (docs/uikit.md "Animations"); drawn with the scene's styles.
    private(set) var plainCells = false
    /// Whether the program set a data source of its own: its cells and supplementary views are
    /// drawn, as on iOS, whether or not the scene names views (docs/uikit.md "Cells").
    var programDataSource = false
    /// The attributes last applied to each view shown: UIKit applies attributes again only when
    /// they changed, so what code did to a cell since stays until then.
    private var applied: [ObjectIdentifier: UICollectionViewLayoutAttributes] = [:]
    static let plainIdentifier = "framegen.plain-cell"
    /// The views an animated bounds change (a rotation) gave their final attributes, and when
    /// its animation ends: until then each keeps them, and Core Animation shows it moving from
    /// where it was to there (docs/uikit.md "Animations"), whatever the instant's attributes in
    /// between say. A view that leaves the views shown leaves this set.
    private var animatedBoundsChange: (views: Set<ObjectIdentifier>, end: Double)?

    /// The views shown now were laid out inside an animated bounds change that ends at `end`.
    package func boundsAnimated(until end: Double) {
        animatedBoundsChange = (Set(displayed.values.map(ObjectIdentifier.init)), end)
    }
    /// The attributes of the element whose view a display pass is asking the data source for.
    /// UIKit dequeues a view for an element of its pass with the attributes it already has
    /// from `layoutAttributesForElements(in:)`, asking `layoutAttributesForItem(at:)` only
    /// otherwise; layouts that answer only for what the rect query returned rely on it.
    private(set) var showing: UICollectionViewLayoutAttributes?

    /// The frame a view dequeued for `indexPath` (of `category`, `kind`) starts with: the pass's
    /// attributes where the view is for the element being shown, else what `ask` gives.
    func startingFrame(
        _ category: UICollectionView.ElementCategory, kind: String?, at indexPath: IndexPath,
        ask: () -> UICollectionViewLayoutAttributes?
    ) -> CGRect {
        if let showing, showing.representedElementCategory == category,
            showing.representedElementKind == kind, showing.indexPath == indexPath
        {
            return showing.frame
        }
        return ask()?.frame ?? .zero
    }

    /// UIKit applies the attributes of the element being shown to the view it dequeues for it
    /// before the data source gets the view, so that code configuring it there (Gemini's
    /// `animateCell(_:)`, which moves the layer's anchor point) sees its place; the display
    /// pass then finds them applied. A view dequeued for another element starts from its frame.
    func applyDequeued(
        _ view: UICollectionReusableView, _ category: UICollectionView.ElementCategory, kind: String?,
        at indexPath: IndexPath, in host: UICollectionView
    ) {
        guard let showing, showing.representedElementCategory == category,
            showing.representedElementKind == kind, showing.indexPath == indexPath
        else { return }
        if apply(showing, to: view, in: host) { appliedInDequeue = ObjectIdentifier(view) }
    }

    /// The view whose attributes its dequeue applied: new to it in the display pass too, which
    /// asks it for its preferred attributes.
    private var appliedInDequeue: ObjectIdentifier?

    /// The collection view's layout, whose registered decoration classes draw its decoration
    /// views.
    package weak var layout: UICollectionViewLayout?

    package var isDrawing: Bool {
        sceneCell != nil || !sceneViews.isEmpty || plainCells || programDataSource
            || !(layout?.decorationViewClasses.isEmpty ?? true)
    }

    /// Whether the items' cells are plain ones, drawn with the scene's styles.
    package var drawsPlainCells: Bool { plainCells && sceneCell == nil }

    package func makePlainCells() {
        guard sceneCell == nil, !plainCells else { return }
        plainCells = true
        identifiers[CellDisplay.plainIdentifier] = { UICollectionViewCell(frame: $0) }
    }

    /// Whether an element of this category and kind is drawn with a view of the program's.
    package func drawsView(category: UICollectionView.ElementCategory, kind: String?) -> Bool {
        switch category {
        case .cell: sceneCell != nil || plainCells || programDataSource
        case .supplementaryView: programDataSource || (kind.map { sceneViews[$0] != nil } ?? false)
        case .decorationView: kind.flatMap { layout?.decorationViewClasses[$0] } != nil
        }
    }

    /// A decoration view of `kind`: one waiting for reuse (after `prepareForReuse()`), or a new
    /// one of the class the layout registered, made as UIKit makes it (no data source).
    private func decorationView(_ kind: String, frame: CGRect, in host: UICollectionView)
        -> UICollectionReusableView
    {
        if let view = dequeue(CellDisplay.queue(kind, kind: kind)) {
            CrashReport.during(describe(view, "in prepareForReuse()", at: host.instant)) {
                view.prepareForReuse()
            }
            return view
        }
        let viewClass: AnyClass = layout?.decorationViewClasses[kind] ?? UICollectionReusableView.self
        let made: UICollectionReusableView
        if viewClass == UICollectionReusableView.self {
            made = UICollectionReusableView(frame: frame)
        } else if let factory = maker(for: viewClass) {
            made = CrashReport.during(
                "\(layoutTitle), making the decoration view \"\(kind)\" at t = \(host.instant.time) s"
            ) {
                factory(frame)
            }
        } else {
            host.report(
                "registered \(viewClass) for decoration views of kind \(kind), a class this program has no factory for (cells: [\"name\": { \(viewClass)(frame: $0) }]); drawn as a plain UICollectionReusableView"
            )
            made = UICollectionReusableView(frame: frame)
        }
        made.reuseIdentifier = kind
        return made
    }

    package func drawsView(for a: UICollectionViewLayoutAttributes) -> Bool {
        drawsView(category: a.representedElementCategory, kind: a.representedElementKind)
    }

    var visibleItems: [IndexPath] {
        displayed.keys.filter { $0.category == .cell }.map(\.indexPath).sorted()
    }

    package func configure(
        registered: [String: UICollectionViewCellFactory], sceneCell: String?,
        sceneViews: [String: String] = [:]
    ) {
        self.registered = registered
        self.sceneCell = sceneCell
        self.sceneViews = sceneViews
        if let sceneCell, let factory = registered[sceneCell] { identifiers[sceneCell] = factory }
        for (kind, name) in sceneViews { viewIdentifiers[kind, default: [:]][name] = registered[name] }
    }

    /// The factory of a registered class (`cells:`), learnt by making one of each.
    package func factory(for viewClass: AnyClass) -> UICollectionViewCellFactory? {
        if factoryClasses == nil {
            var classes: [ObjectIdentifier: UICollectionViewCellFactory] = [:]
            for name in registered.keys.sorted() {
                let factory = registered[name]!
                let made = CrashReport.during("\(layoutTitle), making the cell \"\(name)\"") {
                    factory(.zero)
                }
                classes[ObjectIdentifier(type(of: made))] =
                    classes[ObjectIdentifier(type(of: made))] ?? factory
            }
            factoryClasses = classes
        }
        return factoryClasses?[ObjectIdentifier(viewClass)]
    }

    /// How a view of `viewClass` is made: with the program's factory for that class, or by the
    /// class itself where it is `ReusableViewByClass`; nil when neither can make it.
    package func maker(for viewClass: AnyClass) -> UICollectionViewCellFactory? {
        if let factory = factory(for: viewClass) { return factory }
        if let byClass = viewClass as? any ReusableViewByClass.Type {
            let made = MadeByClass(type: byClass)
            return { made.type.init(frame: $0) }
        }
        // The port's override, once one made has shown that it is the class's own and not a
        // superclass's, inherited by a class the port could not give one.
        guard let reusable = viewClass as? UICollectionReusableView.Type,
            let first = CrashReport.during(
                "\(layoutTitle), making a \(viewClass)", { reusable.makeByClass(frame: .zero) }),
            type(of: first) == viewClass
        else { return nil }
        let made = MadeByClass(type: reusable)
        return { made.type.makeByClass(frame: $0) ?? UICollectionReusableView(frame: $0) }
    }

    /// The queue of views waiting under `identifier` for elements of `kind` (nil: cells).
    static func queue(_ identifier: String, kind: String?) -> String {
        kind.map { $0 + "/" + identifier } ?? identifier
    }

    func register(_ cellClass: AnyClass?, as identifier: String) {
        guard let cellClass else {
            identifiers[identifier] = nil
            return
        }
        // UIKit's own cell classes framegen makes itself.
        if cellClass == UICollectionViewCell.self {
            identifiers[identifier] = { UICollectionViewCell(frame: $0) }
            return
        }
        if cellClass == UICollectionViewListCell.self {
            identifiers[identifier] = { UICollectionViewListCell(frame: $0) }
            return
        }
        if let factory = maker(for: cellClass) {
            identifiers[identifier] = factory
        } else {
            identifiers[identifier] = nil
            unmakeable[identifier] =
                "\(cellClass), a class this program has no factory for; framegen makes cells through factories: register one, e.g. cells: [\"\(identifier)\": { \(cellClass)(frame: $0) }]"
        }
    }

    /// A nib registered for cells: each cell is the nib's first top-level view, made anew.
    func register(_ nib: UINib, as identifier: String) {
        unmakeable[identifier] = nil
        identifiers[identifier] = { nib.reusableView(frame: $0, cell: true) }
    }

    /// framegen's own problem with an identifier the program registered a class or nib for,
    /// which it cannot make; nil when nothing registered the identifier (UIKit's exception).
    func unregisteredProblem(_ identifier: String) -> String? {
        guard let why = unmakeable[identifier] else { return nil }
        return "dequeued \"\(identifier)\", registered as \(why); drawn as a plain UICollectionViewCell"
    }

    /// Supplementary views' queues (`queue(_:kind:)`) registered with a class the program has
    /// no factory for.
    var viewClassesWithoutFactory: Set<String> = []

    func dequeue(_ identifier: String) -> UICollectionReusableView? {
        guard var queue = queues[identifier], !queue.isEmpty else { return nil }
        let view = queue.removeFirst()
        queues[identifier] = queue
        if let item = gone.first(where: { $0.value === view })?.key { gone[item] = nil }
        return view
    }

    package func describe(_ view: UICollectionReusableView, _ call: String, at instant: CollectionViewState)
        -> String
    {
        "\(layoutTitle), the cell \"\(view.reuseIdentifier ?? "")\" (\(type(of: view))) \(call) at t = \(instant.time) s"
    }

    /// The data changed (a batch update): as UIKit does, each shown cell moves with its item to
    /// the item's new index path; the cell of an item that is gone stays where it was, for the
    /// animation that takes it away, until a display pass no longer shows it.
    package func dataChanged(from old: CollectionViewDataSource, to new: CollectionViewDataSource) {
        previous = old
        guard displayed.keys.contains(where: { $0.category == .cell && $0.item != nil }) else { return }
        var paths: [Int: IndexPath] = [:]
        for (s, section) in new.sections.enumerated() {
            for (i, item) in section.items.enumerated() {
                if let photo = item.photo { paths[photo.index] = IndexPath(item: i, section: s) }
            }
        }
        gone = [:]
        for key in displayed.keys.sorted() where key.category == .cell {
            guard let item = key.item else { continue }
            guard let path = paths[item] else {
                gone[item] = displayed[key]
                continue
            }
            guard path != key.indexPath else { continue }
            var moved = key
            moved.indexPath = path
            displayed[moved] = displayed.removeValue(forKey: key)
        }
    }

    /// `reloadItems(at:)`: the views shown at `indexPaths` (cells, or every view of the sections
    /// in `sections`) leave the views shown, as UIKit replaces them, so that the next display
    /// pass asks the data source for them again.
    func reload(_ indexPaths: Set<IndexPath>, sections: IndexSet = [], in host: UICollectionView) {
        for key in displayed.keys.sorted()
        where (key.category == .cell && indexPaths.contains(key.indexPath))
            || (key.category != .decorationView && sections.contains(key.indexPath.section))
        {
            retire(key, in: host)
        }
    }

    /// The view shown for `key` leaves the views shown for its reuse queue.
    private func retire(_ key: Key, in host: UICollectionView) {
        let view = displayed.removeValue(forKey: key)!
        view.removeFromSuperview()
        applied[ObjectIdentifier(view)] = nil
        animatedBoundsChange?.views.remove(ObjectIdentifier(view))
        queues[CellDisplay.queue(view.reuseIdentifier ?? "", kind: key.kind), default: []].append(view)
        tellDelegate(view, key, appearing: false, in: host)
    }

    /// The cells of the items the last data change removed, by item: the animation that takes
    /// an item away shows its own cell, even after a layout pass has put it in a reuse queue.
    private var gone: [Int: UICollectionReusableView] = [:]

    /// The cell that showed `item` before the data change that removed it, taken off its reuse
    /// queue.
    private func goneCell(_ item: Int?) -> UICollectionReusableView? {
        guard let item, let view = gone.removeValue(forKey: item) else { return nil }
        let queue = CellDisplay.queue(view.reuseIdentifier ?? "", kind: nil)
        if let i = queues[queue]?.firstIndex(where: { $0 === view }) {
            queues[queue]?.remove(at: i)
        } else if displayed.values.contains(where: { $0 === view }) {
            return nil
        }
        return view
    }

    /// The data before the last change, for the items it removed.
    private var previous: CollectionViewDataSource?

    /// A cell for an item the last data change removed that no cell of this history showed (an
    /// instant's objects replay only part of what was on screen): the data source's, asked with
    /// the data it had, at the item's index path then, as the cell on screen was made on iOS.
    private func leavingCell(_ item: Int?, in host: UICollectionView) -> UICollectionReusableView? {
        guard let item, let dataSource = host.dataSource, let old = previous else { return nil }
        for (s, section) in old.sections.enumerated() {
            guard let i = section.items.firstIndex(where: { $0.photo?.index == item }) else { continue }
            let now = host.data
            host.data = old
            defer { host.data = now }
            return dataSource.collectionView(host, cellForItemAt: IndexPath(item: i, section: s))
        }
        return nil
    }

    /// The scene's identity of the item at `indexPath` in `data`.
    package static func item(at indexPath: IndexPath, in data: CollectionViewDataSource) -> Int? {
        guard indexPath.count == 2 else { return nil }
        return data.item(at: FrameGenLayout.IndexPath(indexPath))?.photo?.index
    }

    /// The cell shown for the item now at `indexPath` (not one leaving from there).
    package func cell(at indexPath: IndexPath, in data: CollectionViewDataSource) -> UICollectionReusableView?
    {
        var key = Key(category: .cell, kind: nil, indexPath: indexPath)
        key.item = CellDisplay.item(at: indexPath, in: data)
        return displayed[key]
    }

    /// One display pass (the type's comment): `elements` are the layout's attributes objects
    /// (copies) of the elements to show, cells only. Returns the view showing each.
    @discardableResult
    /// `items`: the scene's identity of each element's item, where the caller knows it (an
    /// update animation's leaving items); otherwise the data's at the element's index path.
    /// `selfSizing`: the layout pass's display, which asks each view given new attributes for
    /// its preferred ones and invalidates the layout where it says so (`resized`).
    package func display(
        _ elements: [UICollectionViewLayoutAttributes], items: [Int?] = [], selfSizing: Bool = false,
        in host: UICollectionView
    ) -> [UICollectionReusableView?] {
        // Every display pass is cell configuration, whoever starts it (a layout pass, the
        // frame's display, code that reaches for cells).
        PhaseClock.measure(.cellConfiguration) {
            displayPass(elements, items: items, selfSizing: selfSizing, in: host)
        }
    }

    private func displayPass(
        _ elements: [UICollectionViewLayoutAttributes], items: [Int?], selfSizing: Bool,
        in host: UICollectionView
    ) -> [UICollectionReusableView?] {
        var seen: [Key: Int] = [:]
        let keys = elements.enumerated().map { i, a -> Key in
            var key = Key(
                category: a.representedElementCategory, kind: a.representedElementKind, indexPath: a.indexPath
            )
            if key.category == .cell {
                key.item =
                    (i < items.count ? items[i] : nil) ?? CellDisplay.item(at: a.indexPath, in: host.data)
            }
            key.occurrence = seen[key, default: 0]
            seen[key] = key.occurrence + 1
            return key
        }
        let shown = Set(keys)
        for key in displayed.keys.sorted() where !shown.contains(key) {
            retire(key, in: host)
        }
        var views: [UICollectionReusableView?] = []
        defer { showing = nil }
        for (key, attributes) in zip(keys, elements) {
            showing = attributes
            if key.category == .decorationView, let kind = key.kind, let nib = layout?.decorationNibs[kind] {
                host.report(
                    "registered \(nib.framegenDescription) for decoration views of kind \(kind): framegen makes decoration views of registered classes only; drawn with the scene's style for the kind"
                )
            }
            guard drawsView(category: key.category, kind: key.kind) else {
                views.append(nil)
                continue
            }
            // A view that joins the views shown is made, configured and placed without
            // animation, as UIKit makes it inside an animation block (a cell reused from
            // another item does not fly in from where that item was).
            let appearing = displayed[key] == nil
            guard
                let (view, fresh) = displayed[key].map({ ($0, false) })
                    ?? newView(for: key, attributes, in: host)
            else {
                views.append(nil)
                continue
            }
            let dequeued = appliedInDequeue == ObjectIdentifier(view)
            appliedInDequeue = nil
            let applied = apply(attributes, to: view, in: host) || dequeued
            if fresh { LayerAnimator.current?.showWithoutAnimation(view.layer) }
            if applied, selfSizing, key.category != .decorationView {
                askPreferredAttributes(of: view, for: attributes, in: host)
            }
            if appearing { tellDelegate(view, key, appearing: true, in: host) }
            views.append(view)
        }
        return views
    }

    /// The view for an element that joins the views shown: a decoration view of the layout's
    /// class, the data source's supplementary view or cell, or the scene's (`fresh`: made or
    /// dequeued for it), or the cell that showed a leaving item before (not fresh: it moves on
    /// from where it was); nil where the scene's styles draw it.
    private func newView(
        for key: Key, _ attributes: UICollectionViewLayoutAttributes, in host: UICollectionView
    ) -> (view: UICollectionReusableView, fresh: Bool)? {
        let view: UICollectionReusableView
        var fresh = true
        if key.category == .decorationView, let kind = key.kind {
            view = decorationView(kind, frame: attributes.frame, in: host)
            displayed[key] = view
            if view.superview !== host { host.addSubview(view) }
        } else if key.category == .supplementaryView, let kind = key.kind {
            view =
                host.dataSource.map {
                    $0.collectionView(host, viewForSupplementaryElementOfKind: kind, at: key.indexPath)
                }
                ?? host.dequeueReusableSupplementaryView(
                    ofKind: kind, withReuseIdentifier: sceneViews[kind] ?? "", for: key.indexPath)
            // A program's data source without views of this kind: the scene's styles draw it.
            guard !(view is UnansweredSupplementaryView) else { return nil }
            displayed[key] = view
            if view.superview !== host { host.addSubview(view) }
        } else {
            // An item that is leaving (an index path the data no longer has, or the second of
            // two at one index path) is not asked of the data source, which knows only the
            // data after the change: it gets the scene's cell.
            let inData =
                key.indexPath.count == 2 && key.indexPath.section < host.data.numberOfSections
                && key.indexPath.item < host.data.numberOfItems(inSection: key.indexPath.section)
            // Plain cells (a scene that names none) come from the data source only when the
            // program set one.
            let asksDataSource = sceneCell != nil || programDataSource
            let current =
                asksDataSource && key.occurrence == 0 && inData
                && (key.item == nil || key.item == CellDisplay.item(at: key.indexPath, in: host.data))
            let gone = current ? nil : goneCell(key.item)
            fresh = gone == nil
            view =
                (current
                    ? host.dataSource.map { $0.collectionView(host, cellForItemAt: key.indexPath) }
                    : gone ?? (asksDataSource ? leavingCell(key.item, in: host) : nil))
                ?? host.dequeueReusableCell(
                    withReuseIdentifier: sceneCell ?? CellDisplay.plainIdentifier, for: key.indexPath)
            displayed[key] = view
            if view.superview !== host { host.addSubview(view) }
        }
        return (view, fresh)
    }

    /// The delegate hears of a view when it joins the views shown and when it leaves them, as
    /// UIKit tells it, each time in this object's life (an instant's fresh objects meet the views
    /// shown then for the first time: docs/uikit.md "Cells").
    private func tellDelegate(
        _ view: UICollectionReusableView, _ key: Key, appearing: Bool, in host: UICollectionView
    ) {
        guard let delegate = host.delegate, key.category != .decorationView else { return }
        let call = appearing ? "in the delegate's willDisplay" : "in the delegate's didEndDisplaying"
        CrashReport.during(describe(view, call, at: host.instant)) {
            if let cell = view as? UICollectionViewCell, key.category == .cell {
                if appearing {
                    delegate.collectionView(host, willDisplay: cell, forItemAt: key.indexPath)
                } else {
                    delegate.collectionView(host, didEndDisplaying: cell, forItemAt: key.indexPath)
                }
            } else if key.category == .supplementaryView, let kind = key.kind {
                if appearing {
                    delegate.collectionView(
                        host, willDisplaySupplementaryView: view, forElementKind: kind, at: key.indexPath)
                } else {
                    delegate.collectionView(
                        host, didEndDisplayingSupplementaryView: view, forElementOfKind: kind,
                        at: key.indexPath)
                }
            }
        }
    }

    /// Whether a self-sizing answer invalidated the layout in this pass.
    package var resized = false

    /// UIKit's self-sizing step: the view's preferred attributes for a copy of those applied;
    /// where the layout takes them, it is invalidated with its context for them.
    private func askPreferredAttributes(
        of view: UICollectionReusableView, for attributes: UICollectionViewLayoutAttributes,
        in host: UICollectionView
    ) {
        let layout = host.collectionViewLayout
        guard layout.asksPreferredAttributes,
            let original = attributes.copy() as? UICollectionViewLayoutAttributes
        else { return }
        CrashReport.during(describe(view, "in preferredLayoutAttributesFitting(_:)", at: host.instant)) {
            let preferred = view.preferredLayoutAttributesFitting(original)
            guard
                layout.shouldInvalidateLayout(
                    forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
            else { return }
            layout.invalidateLayout(
                with: layout.invalidationContext(
                    forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes))
            resized = true
        }
    }

    /// UIKit's order: a cell's selection; then, when the attributes differ from those last
    /// applied to the view (`isEqual(_:)`), its geometry from them (centre, bounds size,
    /// transform, alpha, hidden, zIndex) and `apply(_:)`; then layout. Inside an animation block the
    /// geometry animates (docs/uikit.md "Animations").
    /// Returns whether the attributes were new to the view (and applied).
    @discardableResult
    private func apply(
        _ attributes: UICollectionViewLayoutAttributes, to view: UICollectionReusableView,
        in host: UICollectionView
    ) -> Bool {
        let instant = host.instant
        if let cell = view as? UICollectionViewCell, attributes.representedElementCategory == .cell {
            let selected = host.indexPathsForSelectedItems?.contains(attributes.indexPath) ?? false
            if cell.isSelected != selected { cell.isSelected = selected }
            if let list = host.collectionViewLayout as? ListSectionLayout {
                cell.listItemStyle = list.listItemStyle(at: attributes.indexPath)
            }
            CrashReport.during(describe(view, "in updateConfiguration(using:)", at: instant)) {
                cell.updateConfigurationIfNeeded()
            }
        }
        let animating = animatedBoundsChange.map {
            instant.time < $0.end && $0.views.contains(ObjectIdentifier(view))
        }
        if animating != true, applied[ObjectIdentifier(view)]?.isEqual(attributes) != true {
            applied[ObjectIdentifier(view)] = attributes
            view.center = attributes.center
            view.bounds = CGRect(origin: view.bounds.origin, size: attributes.size)
            view.layer.transform = attributes.transform3D
            view.alpha = attributes.alpha
            view.isHidden = attributes.isHidden
            // UIKit stacks a collection view's subviews by their attributes' zIndex through the
            // layer's zPosition (iOS 11 on): a background decoration at -1 lies under the cells.
            view.layer.zPosition = CGFloat(attributes.zIndex)
            CrashReport.during(describe(view, "in apply(_:)", at: instant)) { view.apply(attributes) }
            CrashReport.during(describe(view, "in layoutSubviews()", at: instant)) { view.layoutIfNeeded() }
            return true
        }
        CrashReport.during(describe(view, "in layoutSubviews()", at: instant)) { view.layoutIfNeeded() }
        return false
    }

    /// `element` where the plain cell `view` shows it now: a property its layer shows
    /// otherwise than the attributes put it (an animation running, or code that changed it since
    /// they were applied) is the layer's.
    package func presented(_ element: LayoutAttributes, by view: UIView, _ animator: LayerAnimator)
        -> LayoutAttributes
    {
        let shown = animator.presentation(of: view.layer)
        var e = element
        if shown.position != CGPoint(e.center) { e.center = shown.position.geometry }
        if shown.bounds.size != CGSize(e.size) { e.size = shown.bounds.size.geometry }
        let transform = shown.transform(.transform)
        if transform != CATransform3D(e.transform3D) { e.transform3D = transform.geometry }
        let opacity = shown.number(.opacity)
        if Float(opacity) != Float(e.alpha) { e.alpha = opacity }
        if view.layer.isHidden != e.isHidden { e.isHidden = view.layer.isHidden }
        return e
    }
}

/// A view's layer tree as the renderer's values (Layout's `LayerSnapshot`).
package enum LayerSnapshotting {
    /// The layer as drawn now: its presentation values while animations run
    /// (docs/uikit.md "Animations").
    package static func snapshot(_ layer: CALayer) -> LayerSnapshot {
        // Timed once per tree, not per layer: the recursion below reads the clock not at all.
        PhaseClock.measure(.flattening) { tree(layer) }
    }

    private static func tree(_ layer: CALayer) -> LayerSnapshot {
        let view = layer.delegate as? UIView
        // A view whose traits changed hears of it before it is drawn, and resolves its dynamic
        // colours with the new ones (docs/uikit.md "Dark mode and traits").
        let traits = view.flatMap { $0.layer === layer ? $0.traitCollection(updated: true) : nil }
        let v = LayerAnimator.current?.presentation(of: layer) ?? LayerValues(layer)
        var s = LayerSnapshot(bounds: v.bounds.geometry, position: v.position.geometry)
        s.anchorPoint = v.anchorPoint.geometry
        s.anchorPointZ = Double(layer.anchorPointZ)
        s.zPosition = v.number(.zPosition)
        s.transform = v.transform(.transform).geometry
        s.sublayerTransform = v.transform(.sublayerTransform).geometry
        s.opacity = v.number(.opacity)
        s.isHidden = layer.isHidden
        s.masksToBounds = layer.masksToBounds
        s.backgroundColor = v.color(.backgroundColor).map(color)
        s.cornerRadius = v.number(.cornerRadius)
        s.maskedCorners = UInt8(truncatingIfNeeded: layer.maskedCorners.rawValue & 0b1111)
        s.continuousCorners = layer.cornerCurve == .continuous
        s.cornerCurveIsSet = layer.explicitCornerCurve != nil
        s.isDoubleSided = layer.isDoubleSided
        s.allowsEdgeAntialiasing = layer.allowsEdgeAntialiasing
        s.mask = layer.mask.map(tree)
        if let g = layer as? CAGradientLayer {
            s.gradient = g.snapshotGradient
        }
        if let shape = layer as? CAShapeLayer, let path = shape.path {
            s.shape = LayerSnapshot.Shape(
                path: path.steps.map(\.snapshotElement), fillColor: shape.fillColor.map(color),
                evenOdd: shape.fillRule == .evenOdd)
            shape.snapshotStroke(into: &s.shape!)
        }
        s.borderWidth = v.number(.borderWidth)
        s.borderColor = v.color(.borderColor).map(color)
        if v.number(.shadowOpacity) > 0, let c = v.color(.shadowColor) {
            s.shadow = LayerSnapshot.Shadow(
                color: color(c), opacity: v.number(.shadowOpacity), radius: v.number(.shadowRadius),
                offset: Point(x: Double(v.shadowOffset.width), y: Double(v.shadowOffset.height)))
            s.shadow?.path = layer.shadowPath.map { $0.steps.map(\.snapshotElement) }
        }
        if let view, view.layer === layer {
            s.drawing = view.recordedDrawing()
        } else {
            // A layer of its own draws by `display()` once marked, as Core Animation's
            // transaction displays it before the frame (a subclass's `draw(in:)`).
            layer.displayIfNeeded()
            s.drawing = layer.recordedDrawing
        }
        var pieces: [LayerSnapshot] = []
        if let cgImage = layer.contents as? CGImage {
            // A layer's own picture, as apps set it (`layer.contents = image.cgImage`): placed by
            // the layer's contents gravity at its contents scale.
            let image = UIImage(cgImage: cgImage, scale: layer.contentsScale, orientation: .up)
            let (mode, alignment) = Self.placement(gravity: layer.contentsGravity)
            s.contents = image.snapshotContents(mode: mode, bitmap: image.bitmap)
            s.contents?.scale = Double(layer.contentsScale)
            s.contents?.alignment = alignment
        } else if let image = layer.contents as? UIImage {
            // A scene photo is drawn from the renderer's own texture of it, as the scene's styles
            // draw it. An image view draws a template image (a symbol's, by default) in its tint
            // colour.
            var bitmap = image.bitmap
            if let b = bitmap, image.scenePhoto == nil, image.renderingMode == .alwaysTemplate,
                let imageView = view as? UIImageView, imageView.layer === layer
            {
                let tint = imageView.tintColor.resolvedColor(with: traits ?? imageView.traitCollection)
                bitmap = UIImage.tinted(b, tint.cgColor)
            }
            // A resizable image fills an image view's bounds in its pieces (UIImage+Drawing.swift).
            if let b = bitmap, image.scenePhoto == nil, image.capInsets != .zero, view is UIImageView,
                view?.layer === layer, placement(view?.contentMode).mode == .scaleToFill
            {
                pieces = image.pieces(of: b, in: layer.bounds).map { piece in
                    var part = LayerSnapshot(
                        bounds: Rect(origin: .zero, size: piece.rect.size.geometry),
                        position: Point(x: Double(piece.rect.midX), y: Double(piece.rect.midY)))
                    part.contents = piece.contents
                    return part
                }
            } else {
                // An image at its size is drawn at its own scale (a 3x file's pixels over 3), as
                // UIKit draws it whatever the screen's.
                let (mode, alignment) = placement(view?.contentMode)
                s.contents = image.snapshotContents(mode: mode, bitmap: bitmap)
                s.contents?.scale = Double(image.scale)
                s.contents?.alignment = alignment
            }
        }
        if let textLayer = layer as? CATextLayer, let text = textLayer.snapshotText(bounds: v.bounds) {
            pieces.append(text)
        }
        if let label = view as? UILabel, label.layer === layer {
            s.text = label.snapshotText(traits: traits ?? label.traitCollection)
        }
        let children = (layer.sublayers ?? []).map(tree)
        if let replicator = layer as? CAReplicatorLayer {
            s.sublayers = pieces + instances(of: children, in: replicator, bounds: s.bounds)
        } else {
            s.sublayers = pieces + children
        }
        if let replica = view as? SnapshotReplicaView, replica.layer === layer {
            s.sublayers.insert(replica.tree, at: 0)
        }
        return s
    }

    private static func color(_ c: CGColor) -> LayerSnapshot.Color { c.snapshot }

    /// A replicator's copies of its sublayers: copy i inside a layer of the replicator's bounds
    /// transformed by the instance transform i times about their centre, at its alpha.
    private static func instances(
        of children: [LayerSnapshot], in replicator: CAReplicatorLayer, bounds: Rect
    )
        -> [LayerSnapshot]
    {
        let step = replicator.instanceTransform.geometry
        var transform = Transform3D.identity
        var copies: [LayerSnapshot] = []
        for index in 0..<replicator.drawnInstanceCount {
            var copy = LayerSnapshot(bounds: bounds, position: Point(x: bounds.midX, y: bounds.midY))
            copy.transform = transform
            copy.opacity = replicator.alpha(ofInstance: index)
            copy.sublayers = children
            copies.append(copy)
            transform = step.concatenating(transform)
        }
        return copies
    }

    /// An image view's placement of its image by its content mode: the renderer's mode, and
    /// where an image at its size keeps (0 the min edge, 1 the max, per axis). `.redraw` stretches,
    /// as `.scaleToFill` does.
    private static func placement(_ mode: UIView.ContentMode?) -> (
        mode: LayerSnapshot.Contents.Mode, alignment: SIMD2<Double>
    ) {
        switch mode {
        case .scaleAspectFit: (.aspectFit, [0.5, 0.5])
        case .scaleAspectFill: (.aspectFill, [0.5, 0.5])
        case .center: (.center, [0.5, 0.5])
        case .top: (.center, [0.5, 0])
        case .bottom: (.center, [0.5, 1])
        case .left: (.center, [0, 0.5])
        case .right: (.center, [1, 0.5])
        case .topLeft: (.center, [0, 0])
        case .topRight: (.center, [1, 0])
        case .bottomLeft: (.center, [0, 1])
        case .bottomRight: (.center, [1, 1])
        default: (.scaleToFill, [0.5, 0.5])
        }
    }

    /// A layer's placement of its contents by its gravity. The gravities name the edges of Core
    /// Animation's unflipped space, whose top is a layer's bottom on screen (Apple's
    /// `contentsGravity` documentation warns of it): `.top` keeps the image at the bottom edge.
    private static func placement(gravity: CALayerContentsGravity) -> (
        mode: LayerSnapshot.Contents.Mode, alignment: SIMD2<Double>
    ) {
        switch gravity {
        case .resizeAspect: (.aspectFit, [0.5, 0.5])
        case .resizeAspectFill: (.aspectFill, [0.5, 0.5])
        case .resize: (.scaleToFill, [0.5, 0.5])
        case .top: (.center, [0.5, 1])
        case .bottom: (.center, [0.5, 0])
        case .left: (.center, [0, 0.5])
        case .right: (.center, [1, 0.5])
        case .topLeft: (.center, [0, 1])
        case .topRight: (.center, [1, 1])
        case .bottomLeft: (.center, [0, 0])
        case .bottomRight: (.center, [1, 0])
        default: (.center, [0.5, 0.5])
        }
    }

}

extension UICollectionView.ElementCategory {
    package init(_ category: FrameGenLayout.ElementCategory) {
        switch category {
        case .cell: self = .cell
        case .supplementaryView: self = .supplementaryView
        case .decorationView: self = .decorationView
        }
    }
}

/// What the data source's default `collectionView(_:viewForSupplementaryElementOfKind:at:)`
/// answers for a kind the scene names no view for: the display pass draws that element with
/// the scene's styles, as if no data source had been asked.
final class UnansweredSupplementaryView: UICollectionReusableView {}

/// framegen's: a cell or reusable view class that a collection view can make by its class, as
/// UIKit does for `register(_:forCellWithReuseIdentifier:)`, for supplementary views and for the
/// decoration views a layout registers. Swift makes a class chosen at run
/// time only through a required initialiser, which UIKit's views do not have; a final class
/// gets one by conforming, with no code: `extension ProgressCell: ReusableViewByClass {}` (in a
/// Linux-only file, so the iOS sources stay as they are). Without it, or a factory the program
/// registers (`cells:`), framegen draws a plain cell and says so.
public protocol ReusableViewByClass: UICollectionReusableView {
    init(frame: CGRect)
}

/// A view class a factory makes: metatypes are immutable, so sharing one across threads is safe.
private struct MadeByClass<Metatype>: @unchecked Sendable {
    let type: Metatype
}
