import Foundation
import FrameGenCoreGraphics
import FrameGenGeometry
import FrameGenLayout
import FrameGenQuartzCore
import FrameGenUserCode

import struct Foundation.IndexPath  // over Layout's (Exports.swift)

/// The scroll view framegen drives: its bounds, content offset and insets follow the scene's
/// timeline, and it answers a layout's questions about the data as UIKit's does.
open class UIScrollView: UIView {
    /// UIScrollView.DecelerationRate: the fraction of velocity kept per millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// The size of the visible area, the bounds' (UIFocusItemScrollableContainer, iOS 12).
    open var visibleSize: CGSize { bounds.size }

    /// Rounded to the screen's pixels when set, as on iOS: 3.8 reads back 4.0 on a 1x screen
    /// (docs/layouts-and-motion.md "Pixel alignment"). Setting `bounds` keeps the value as given.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            // Views pinned to the frame guide move with the visible area: UIKit lays a scroll view
            // out again as it scrolls.
            let old = bounds.origin
            defer { if autoLayout.scrollFrameGuide != nil, bounds.origin != old { setNeedsLayout() } }
            if scrolledByTimeline { return bounds.origin = newValue }
            offsetSetAnimated = false
            offsetSetTime = LayerAnimator.current?.now
            let grid = PixelGrid(scale: Double(UIScreen.main.scale))
            bounds.origin = CGPoint(x: grid.round(Double(newValue.x)), y: grid.round(Double(newValue.y)))
        }
    }

    /// A scroll view clips what it holds to its bounds, as UIKit's does: a cell half scrolled
    /// out is cut at the edge.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpScrollView()
    }

    private func setUpScrollView() {
        clipsToBounds = true
    }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpScrollView()
        InterfaceBuilder.decode(self, coder: coder, at: UIScrollView.self)
    }

    open var contentSize: CGSize = .zero {
        didSet { geometryDidChange() }
    }

    /// The content area (iOS 11): its origin is the content's, and constraints that size it set
    /// `contentSize` when Auto Layout lays the scroll view's subviews out.
    public var contentLayoutGuide: UILayoutGuide {
        let made = autoLayout.scrollContentGuide == nil
        let content = guide(\.scrollContentGuide) { UILayoutGuide(role: .scrollContent, owningView: self) }
        // A new guide is a new part of the engine's region.
        if made { autoLayoutChanged(structure: true) }
        return content
    }

    /// The scroll view's frame, which does not scroll: its bounds in its own coordinates.
    public var frameLayoutGuide: UILayoutGuide {
        guide(\.scrollFrameGuide) { UILayoutGuide(role: .scrollFrame, owningView: self) }
    }

    open var contentInset: UIEdgeInsets = .zero {
        didSet { geometryDidChange() }
    }

    /// The content inset plus the part of the safe area `contentInsetAdjustmentBehavior` adds
    /// (docs/uikit.md "Safe area and content insets"). A view has a safe area only in a window
    /// hosting a controller for a device (a snapshot test's `.image(on:)`), so in a scene this
    /// is the content inset.
    open var adjustedContentInset: UIEdgeInsets {
        let safe = safeAreaInsets
        guard safe != .zero else { return contentInset }
        let (vertical, horizontal): (Bool, Bool)
        switch contentInsetAdjustmentBehavior {
        case .never: return contentInset
        case .always: (vertical, horizontal) = (true, true)
        case .scrollableAxes, .automatic:
            vertical =
                alwaysBounceVertical || contentSize.height > bounds.height
                || (contentInsetAdjustmentBehavior == .automatic && isControllersView)
            horizontal = alwaysBounceHorizontal || contentSize.width > bounds.width
        }
        var inset = contentInset
        if vertical {
            inset.top += safe.top
            inset.bottom += safe.bottom
        }
        if horizontal {
            inset.left += safe.left
            inset.right += safe.right
        }
        return inset
    }

    /// The adjusted content inset this view last laid out for (`followAdjustedInset()`).
    package var adjustedInsetSeen: UIEdgeInsets?

    /// What UIKit does when the adjusted inset changes (the safe area, or content that now
    /// scrolls): a view resting at its top or leading edge stays there. True when it changed;
    /// the caller tells its delegate and lays out again.
    package func followAdjustedInset() -> Bool {
        let old = adjustedInsetSeen ?? contentInset
        let new = adjustedContentInset
        adjustedInsetSeen = new
        guard new != old else { return false }
        var offset = contentOffset
        if offset.y == -old.top { offset.y = -new.top }
        if offset.x == -old.left { offset.x = -new.left }
        if offset != contentOffset { contentOffset = offset }
        return true
    }

    /// Whether this view is a view controller's own view, whose top and bottom `.automatic`
    /// adjusts whether or not the content scrolls, as iOS's references show.
    private var isControllersView: Bool {
        owningController.map { $0.viewIfLoaded === self } ?? false
    }

    open var decelerationRate: DecelerationRate = .normal

    open var isPagingEnabled = false

    open var isScrollEnabled = true

    open var alwaysBounceVertical = false

    open var alwaysBounceHorizontal = false

    open var showsVerticalScrollIndicator = true

    open var showsHorizontalScrollIndicator = true

    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic

    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic
        case scrollableAxes
        case never
        case always
    }

    /// Kept, not followed: the timeline's drags and flings rubber-band past the content's edges
    /// whatever it says, and framegen warns once where it is false (docs/uikit.md "What is
    /// there").
    open var bounces = true

    open var bouncesZoom = true

    /// Kept: there is no status bar to tap.
    open var scrollsToTop = true

    // Zooming (UIScrollView+Zoom.swift): the view the delegate's `viewForZooming(in:)` answers
    // is scaled, as on iOS; no timeline action pinches a scroll view, so only code zooms one.

    /// 1 until code zooms; setting the minimum or maximum leaves it as it is.
    open var zoomScale: CGFloat {
        get { zoomScaleApplied }
        set { applyZoom(newValue, centredOn: nil) }
    }

    open var minimumZoomScale: CGFloat = 1

    open var maximumZoomScale: CGFloat = 1

    /// Set at once, animated or not.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) { applyZoom(scale, centredOn: nil) }

    /// Set at once, animated or not.
    open func zoom(to rect: CGRect, animated: Bool) { applyZoom(toShow: rect) }

    /// false: no pinch zooms the view.
    open var isZooming: Bool { false }

    open var isZoomBouncing: Bool { false }

    package var zoomScaleApplied: CGFloat = 1

    /// framegen draws no scroll indicators, in any style.
    open var indicatorStyle: IndicatorStyle = .default

    public enum IndicatorStyle: Int, Sendable {
        case `default`
        case black
        case white
    }

    /// There is no keyboard to dismiss.
    open var keyboardDismissMode: KeyboardDismissMode = .none

    public enum KeyboardDismissMode: Int, Sendable {
        case none
        case onDrag
        case interactive
        case onDragWithAccessory
        case interactiveWithAccessory
    }

    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero

    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero

    /// Reads the vertical indicator's insets and sets both, as UIKit does.
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set {
            verticalScrollIndicatorInsets = newValue
            horizontalScrollIndicatorInsets = newValue
        }
    }

    /// framegen draws no scroll indicators.
    open func flashScrollIndicators() {}

    /// Kept; not a subview and not drawn: iOS shows it only while the content is pulled down
    /// past its top, which no timeline action does, or while `beginRefreshing()` holds it open,
    /// which framegen warns of once (docs/uikit.md "What is there").
    open var refreshControl: UIRefreshControl?

    /// True while framegen plays a drag of this view.
    open package(set) var isDragging = false

    /// True while framegen plays a deceleration of this view.
    open package(set) var isDecelerating = false

    open var isTracking: Bool { isDragging }

    /// Set at once; the timeline then moves the view there from this instant, over UIKit's
    /// animated scroll when `animated` (docs/uikit.md "Time").
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        self.contentOffset = contentOffset
        offsetSetAnimated = animated
    }

    /// Whether the program set the offset last with an animated `setContentOffset` or
    /// `scrollToItem`: the timeline's scroll there is UIKit's animated one.
    package final var offsetSetAnimated: Bool {
        get { offsetFlags.contains(.animated) }
        set { if newValue { offsetFlags.insert(.animated) } else { offsetFlags.remove(.animated) } }
    }

    /// Set while the timeline scrolls the view, whose offset is on its own grid already.
    private final var scrolledByTimeline: Bool {
        get { offsetFlags.contains(.byTimeline) }
        set { if newValue { offsetFlags.insert(.byTimeline) } else { offsetFlags.remove(.byTimeline) } }
    }

    /// The scene's instant at which the program last set the offset (nil: never, or outside a
    /// scene): the timeline takes an offset set as a motion of the view ends (a banner's
    /// `scrollViewDidEndDecelerating` that moves back to its middle copy, a timer that waited
    /// for the drag), and not one the motion overruled.
    package final var offsetSetTime: Double?

    /// Both flags in one byte, where one Bool was: the scroll view's layout stays as it was.
    private var offsetFlags = OffsetFlags()

    private struct OffsetFlags: OptionSet {
        let rawValue: UInt8
        static let byTimeline = OffsetFlags(rawValue: 1 << 0)
        static let animated = OffsetFlags(rawValue: 1 << 1)
    }

    /// The timeline scrolls the view through the `contentOffset` setter, as a pan does on iOS,
    /// so that a subclass's override runs; the offset is kept as given.
    package func scroll(to offset: CGPoint) {
        scrolledByTimeline = true
        defer { scrolledByTimeline = false }
        contentOffset = offset
    }

    // In the class body so that a subclass can override it (Gestures/UIPanGestureRecognizer.swift).
    /// The recogniser of the scroll view's drags (a new object each time: framegen keeps none).
    open var panGestureRecognizer: UIPanGestureRecognizer {
        ScrollViewPanGestureRecognizer(scrollView: self)
    }
}

/// The collection view a layout is installed in. framegen creates one per view of a scene and
/// sets its frame, content offset, insets and data from the scene at every instant.
open class UICollectionView: UIScrollView {
    /// What kind of view an attributes object describes.
    public enum ElementCategory: UInt, Sendable {
        case cell
        case supplementaryView
        case decorationView
    }

    public enum ScrollDirection: Int, Sendable {
        case vertical
        case horizontal
    }

    /// UIKit's supplementary kinds (UICollectionView.elementKindSectionHeader); framegen's scene
    /// styles call them `header` and `footer`.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.installedView = nil
            collectionViewLayout.installedView = self
        }
    }

    /// Installs `layout` at once, as setting `collectionViewLayout` does; framegen animates no
    /// transition between two layouts, so `animated` changes nothing and `completion` runs
    /// with true before this returns. framegen draws the layout your layout's factory returned.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        collectionViewLayout = layout
    }

    open func setCollectionViewLayout(
        _ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil
    ) {
        collectionViewLayout = layout
        completion?(true)
    }

    public typealias LayoutInteractiveTransitionCompletion = (_ completed: Bool, _ finished: Bool) -> Void

    /// The interactive transition under way: its layout and completion.
    private var interactiveTransition:
        (layout: UICollectionViewTransitionLayout, completion: LayoutInteractiveTransitionCompletion?)?

    /// Installs the delegate's transition layout from the current layout to `layout` (a plain
    /// `UICollectionViewTransitionLayout` by default), whose `transitionProgress` the app then
    /// moves, as UIKit does; `finishInteractiveTransition()` or `cancelInteractiveTransition()`
    /// ends it. As with `setCollectionViewLayout`, a scene draws its factory's layout.
    @discardableResult
    open func startInteractiveTransition(
        to layout: UICollectionViewLayout, completion: LayoutInteractiveTransitionCompletion? = nil
    ) -> UICollectionViewTransitionLayout {
        let from = collectionViewLayout
        let transition =
            delegate?.collectionView(self, transitionLayoutForOldLayout: from, newLayout: layout)
            ?? UICollectionViewTransitionLayout(currentLayout: from, nextLayout: layout)
        interactiveTransition = (transition, completion)
        from.prepareForTransition(to: layout)
        layout.prepareForTransition(from: from)
        collectionViewLayout = transition
        return transition
    }

    /// Installs the transition's next layout and calls the completion with `completed` true.
    open func finishInteractiveTransition() { endInteractiveTransition(completed: true) }

    /// Puts the transition's current layout back and calls the completion with `completed`
    /// false.
    open func cancelInteractiveTransition() { endInteractiveTransition(completed: false) }

    private func endInteractiveTransition(completed: Bool) {
        guard let (transition, completion) = interactiveTransition else { return }
        interactiveTransition = nil
        transition.transitionProgress = completed ? 1 : 0
        let final = completed ? transition.nextLayout : transition.currentLayout
        collectionViewLayout = final
        final.invalidateLayout()
        transition.currentLayout.finalizeLayoutTransition()
        transition.nextLayout.finalizeLayoutTransition()
        completion?(completed, true)
    }

    /// Held strongly, unlike iOS (where the view controller owns it), so that a registration can
    /// write `collectionView.delegate = MyDelegate()`; framegen clears it when it drops the view.
    open var delegate: UICollectionViewDelegate?

    /// Held strongly, as `delegate` is. Until your code sets one, a data source of framegen's
    /// answers the scene's counts and cells (`SceneDataSource`), so a layout that asks
    /// `collectionView.dataSource` for counts works without a program's; setting nil gives that
    /// one back (on iOS, nil stays nil).
    open var dataSource: UICollectionViewDataSource? {
        get { programDataSource ?? sceneDataSource }
        set {
            programDataSource = newValue
            cells.programDataSource = newValue != nil
        }
    }
    private(set) var programDataSource: UICollectionViewDataSource?
    private let sceneDataSource = SceneDataSource()

    /// Drawn behind the cells, filling the visible bounds (it does not scroll), as on iOS.
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview() }
    }

    /// What framegen draws behind the cells: the background colour and view, in the visible
    /// bounds; nil when the program set neither.
    package var backgroundSnapshot: LayerSnapshot? {
        guard backgroundColor != nil || backgroundView != nil else { return nil }
        var s = LayerSnapshotting.snapshot(layer)
        s.bounds = CGRect(origin: .zero, size: bounds.size).geometry
        s.position = CGPoint(x: bounds.midX, y: bounds.midY).geometry
        s.transform = .identity
        s.sublayers = []
        if let backgroundView {
            backgroundView.frame = CGRect(origin: .zero, size: bounds.size)
            CrashReport.during("\(cells.layoutTitle), laying out the collection view's backgroundView") {
                backgroundView.layoutIfNeeded()
            }
            s.sublayers = [LayerSnapshotting.snapshot(backgroundView.layer)]
        }
        return s
    }

    /// The bounds' size the layout last prepared for in `displayOnItsOwn()`: a new size (the
    /// view on another device) invalidates it, as UIKit's bounds change does.
    package var sizeAtLastPrepare: CGSize?

    /// The scene's data at the instant being drawn.
    package var data = UICollectionView.dataBeingLoaded ?? CollectionViewDataSource()

    /// The scene's data while framegen makes a collection view and runs the program's code that
    /// sets it up (its factory, a view controller's `viewDidLoad()`): a view made then has it at
    /// once, so that code counting sections and items gets the scene's counts, as an app's code
    /// gets its data source's before the first layout.
    @TaskLocal package static var dataBeingLoaded: CollectionViewDataSource?

    /// The instant being drawn (time, seed, scale, the scene's other views), set by `UIKitLayout`.
    package var instant = CollectionViewState(bounds: .zero)

    /// The stand-ins `sceneView(named:)` made, by name.
    package var sceneViews: [String: UIScrollView] = [:]
    /// The offsets code asked for the scene's other views during the current event or frame
    /// (`sceneView(named:)`); `UIKitLayout` publishes them and clears them at the next.
    package var peerRequests: [String: SceneViewRequest] = [:]

    /// UIKit tells the delegate when the inset changes (a layout that sets it in `prepare()`).
    open override var contentInset: UIEdgeInsets {
        didSet {
            if contentInset != oldValue { delegate?.scrollViewDidChangeAdjustedContentInset(self) }
        }
    }

    /// What the built-in layouts read: the instant with this view's own bounds, insets and data.
    var layoutState: CollectionViewState {
        var s = instant
        s.bounds = bounds.geometry
        s.contentInset = adjustedContentInset.geometry
        s.dataSource = data
        return s
    }

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.installedView = self
        programBackgroundColor = false
    }

    /// From a storyboard or nib, with the layout its element names (a flow layout by default).
    public required init?(coder: NSCoder) {
        collectionViewLayout = InterfaceBuilder.collectionViewLayout(coder) ?? UICollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout.installedView = self
        programBackgroundColor = false
        InterfaceBuilder.decode(self, coder: coder, at: UICollectionView.self)
    }

    /// Whether the program set the background colour (a list's background then stays off).
    private var programBackgroundColor = false

    open override var backgroundColor: UIColor? {
        didSet { programBackgroundColor = true }
    }

    /// The colour a list layout puts behind its rows (`.systemGroupedBackground` behind a
    /// grouped list), where the program set none, as UIKit shows it.
    package var listBackgroundColor: UIColor? {
        programBackgroundColor ? nil : (collectionViewLayout as? ListSectionLayout)?.listBackgroundColor
    }

    /// Shows the list layout's background on the view's layer: after each layout pass, where
    /// the layout's sections are known (the scene's host and `displayOnItsOwn()`).
    package func showListBackground() {
        guard let color = listBackgroundColor else { return }
        super.backgroundColor = color
    }

    /// The outlets a storyboard or nib connects to it (docs/uikit.md, "Storyboards and nibs").
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "dataSource": dataSource = value as? UICollectionViewDataSource
        case "delegate": delegate = value as? UICollectionViewDelegate
        case "prefetchDataSource": prefetchDataSource = value as? UICollectionViewDataSourcePrefetching
        default: super.setValue(value, forKey: key)
        }
    }

    open var numberOfSections: Int { data.numberOfSections }

    /// The number of items in `section`. A section that does not exist is UIKit's exception
    /// (`raise`); where the exception is collected (a test), the answer is 0.
    open func numberOfItems(inSection section: Int) -> Int {
        guard data.sections.indices.contains(section) else {
            raise(
                "request for number of items in section \(section) when there are only \(data.numberOfSections) sections in the collection view"
            )
            return 0
        }
        return data.numberOfItems(inSection: section)
    }

    /// Where what the layout asked that UIKit would have refused is reported (`UIKitLayout`
    /// warns once per problem).
    package var report: (String) -> Void = { _ in }

    /// Where UIKit's exceptions go, with UIKit's message (`UIKitLayout` names the layout and the
    /// call and ends the render; docs/uikit.md "Bad input"). A view no layout host drives ends
    /// the process as an uncaught exception ends an app.
    package var raise: (String) -> Void = { reason in
        UIKitException.terminate(UIKitException.line(reason, during: CrashReport.lineOnThisThread))
    }

    /// The layout's answer. UIKit asks it through its data, which requires an answer for an
    /// item that exists: nil there is UIKit's exception (`raise`).
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let a = collectionViewLayout.layoutAttributesForItem(at: indexPath)
        if a == nil, indexPath.count == 2, data.sections.indices.contains(indexPath.section),
            (0..<data.numberOfItems(inSection: indexPath.section)).contains(indexPath.item)
        {
            raise(UIKitException.noAttributes(forItemAt: indexPath))
        }
        return a
    }

    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The items whose frames intersect the visible bounds, in index path order; with cells
    /// drawn (docs/uikit.md "Cells"), the items whose cells are shown.
    open var indexPathsForVisibleItems: [IndexPath] {
        if cells.isDrawing { return cells.visibleItems }
        return (collectionViewLayout.layoutAttributesForElements(in: bounds) ?? [])
            .filter { $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.intersects(bounds) }
            .map(\.indexPath).sorted()
    }

    /// The topmost item whose frame contains `point` (content coordinates), as UIKit hit-tests
    /// cells by their frames.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        let rect = CGRect(origin: point, size: .zero).insetBy(dx: -0.5, dy: -0.5)
        return (collectionViewLayout.layoutAttributesForElements(in: rect) ?? [])
            .filter { $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point) }
            .max { $0.zIndex < $1.zIndex }?.indexPath
    }

    open func reloadData() { collectionViewLayout.invalidateLayout() }

    // MARK: Cells (the display pass: CellDisplay)

    /// The cells this view shows and keeps for reuse.
    package let cells = CellDisplay()

    /// The cell on screen for `indexPath`; nil when none is (off screen). A scene that names no
    /// cell gets plain ones from the first call (docs/uikit.md "Animations").
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        cellsNeeded()
        return shownCell(at: indexPath)
    }

    /// The cell of the item now at `indexPath` (cells follow their items through updates).
    package func shownCell(at indexPath: IndexPath) -> UICollectionViewCell? {
        cells.cell(at: indexPath, in: data) as? UICollectionViewCell
    }

    /// The cells on screen, in index path order.
    open var visibleCells: [UICollectionViewCell] {
        cellsNeeded()
        return cells.displayed.sorted { $0.key < $1.key }.compactMap { $0.value as? UICollectionViewCell }
    }

    /// Set by `UIKitLayout`: gives the items plain cells when the scene names none.
    package var cellsNeeded: () -> Void = {}
    /// Set by `UIKitLayout`: a layout pass (prepare an invalidated layout, apply the new
    /// attributes to the cells shown).
    package var layoutPass: () -> Void = {}
    /// The program's view controller whose view this scene's view stands for (a table scene's
    /// `UITableViewController`): told of a rotation by `viewWillTransition(to:with:)`.
    package weak var sizeTransitionController: UIViewController?

    /// Lays the view out, and with it the collection view's layout: an invalidated layout
    /// prepares again and the cells take its new attributes, animated inside an animation block
    /// (docs/uikit.md "Animations").
    open override func layoutIfNeeded() {
        super.layoutIfNeeded()
        layoutPass()
    }

    /// Runs `updates`, then lays the layout out again, animating the cells to their new
    /// attributes with the enclosing animation block's duration and curve, or UIKit's default
    /// update animation (0.3 s, ease-in-ease-out, docs/design/motion.md §4.1); `completion` runs
    /// when it ends. The data comes from the scene: inserts and deletes your code makes do not
    /// reach the timeline.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        // The block runs inside this call (the internal form does not let it escape), as the
        // non-escaping overload below needs.
        UIView.animate(
            0.3,
            {
                updates?()
                collectionViewLayout.invalidateLayout()
                layoutIfNeeded()
            }, completion)
    }

    /// UIKit's `updates` block is NS_NOESCAPE, so iOS code passes a closure that uses `self`
    /// implicitly; Swift cannot say that of an optional closure, so this overload takes the
    /// closure literal and hands it, unescaped, to the overridable optional form above (whose
    /// override in an app's subclass is the one called). A closure literal prefers it; `nil`
    /// and a stored optional closure take the open one.
    public func performBatchUpdates(_ updates: () -> Void, completion: ((Bool) -> Void)? = nil) {
        withoutActuallyEscaping(updates) { performBatchUpdates(Optional($0), completion: completion) }
    }

    // MARK: Data changes from code

    /// framegen's data is the scene's (`content:`, and the timeline's `insert`, `delete` and
    /// `move`), which a program cannot change. The scene's own update reaches the layout
    /// through these methods, as an app's data source change does on iOS, so a subclass that
    /// overrides them sees it (`sceneUpdate(_:)`); called by the program, each compiles and
    /// warns once that it changes nothing (on iOS the data source's counts would then change).
    open func insertItems(at indexPaths: [IndexPath]) {
        take("insertItems(at:)", indexPaths.map { .insert(FrameGenLayout.IndexPath($0)) })
    }
    open func deleteItems(at indexPaths: [IndexPath]) {
        take("deleteItems(at:)", indexPaths.map { .delete(FrameGenLayout.IndexPath($0)) })
    }
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        take(
            "moveItem(at:to:)",
            [.move(from: FrameGenLayout.IndexPath(indexPath), to: FrameGenLayout.IndexPath(newIndexPath))]
        )
    }
    open func insertSections(_ sections: IndexSet) { dataIsTheScenes("insertSections(_:)") }
    open func deleteSections(_ sections: IndexSet) { dataIsTheScenes("deleteSections(_:)") }
    open func moveSection(_ section: Int, toSection newSection: Int) {
        dataIsTheScenes("moveSection(_:toSection:)")
    }

    private func dataIsTheScenes(_ call: String) {
        report(
            "called \(call), which changes nothing: framegen's data comes from the scene (content:, and the timeline's insert, delete and move)"
        )
    }

    /// The scene's update being handed over, while `sceneUpdate(_:)` runs.
    private var sceneBatch: [UpdateItem]?

    private func take(_ call: String, _ items: [UpdateItem]) {
        guard sceneBatch != nil else { return dataIsTheScenes(call) }
        sceneBatch?.append(contentsOf: items)
    }

    /// The scene's insert, delete or move, made as an app makes it once its data source has
    /// changed: one `deleteItems(at:)`, `insertItems(at:)` or `moveItem(at:to:)` call per run of
    /// the same action, in the scene's order. Returns the items the layout prepares for: the
    /// scene's own, whatever an override passed on; an override that did not pass them all to
    /// `super` at once is reported (one that defers `super` to an animation's completion wants
    /// `SceneUpdateDelegate`; one that never calls it makes UIKit raise at its next update).
    package func sceneUpdate(_ items: [UpdateItem]) -> [UpdateItem] {
        sceneBatch = []
        var start = items.startIndex
        while start < items.endIndex {
            let action = items[start].updateAction
            let end = items[start...].firstIndex { $0.updateAction != action } ?? items.endIndex
            let run = items[start..<end]
            switch action {
            case .insert: insertItems(at: run.compactMap { $0.indexPathAfterUpdate.map(IndexPath.init) })
            case .delete: deleteItems(at: run.compactMap { $0.indexPathBeforeUpdate.map(IndexPath.init) })
            case .move:
                for item in run {
                    guard let from = item.indexPathBeforeUpdate, let to = item.indexPathAfterUpdate else {
                        continue
                    }
                    moveItem(at: IndexPath(from), to: IndexPath(to))
                }
            case .reload: sceneBatch?.append(contentsOf: run)
            }
            start = end
        }
        let passed = sceneBatch ?? []
        sceneBatch = nil
        if Set(passed) != Set(items) {
            report(
                "\(type(of: self)) overrides insertItems(at:), deleteItems(at:) or moveItem(at:to:) and did not pass the scene's update on to super at once: framegen applies the scene's update now (on iOS the collection view learns of it only from super, and raises NSInternalInconsistencyException at its next update if it never does; to animate before the data changes, adopt SceneUpdateDelegate)"
            )
        }
        return items
    }

    /// The items' cells are asked of the data source again at the next layout pass, as UIKit
    /// replaces them (without its cross-fade); the layout is invalidated.
    open func reloadItems(at indexPaths: [IndexPath]) {
        cells.reload(Set(indexPaths), in: self)
        collectionViewLayout.invalidateLayout()
    }

    /// As `reloadItems(at:)`, for every item and supplementary view of the sections.
    open func reloadSections(_ sections: IndexSet) {
        cells.reload([], sections: sections, in: self)
        collectionViewLayout.invalidateLayout()
    }

    /// The index path of the item `cell` shows; nil when it shows none now (reused or off screen).
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        cells.displayed.first { $0.key.category == .cell && $0.value === cell }?.key.indexPath
    }

    /// The supplementary views of `elementKind` on screen, in index path order.
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        cells.displayed.filter { $0.key.category == .supplementaryView && $0.key.kind == elementKind }
            .sorted { $0.key < $1.key }.map(\.value)
    }

    /// The index paths of the supplementary views of `elementKind` on screen, in order.
    open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        cells.displayed.keys.filter { $0.category == .supplementaryView && $0.kind == elementKind }
            .map(\.indexPath).sorted()
    }

    /// The supplementary view on screen for the element; nil when none is.
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionReusableView?
    {
        cells.displayed[
            CellDisplay.Key(category: .supplementaryView, kind: elementKind, indexPath: indexPath)]
    }

    /// Registers the cell class for `identifier`. framegen makes it with the factory the program
    /// registered for that class (`cells:`, docs/uikit.md "Cells"); `UICollectionViewCell` itself
    /// needs none. A class with no factory is reported when a cell is dequeued.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        cells.register(cellClass, as: identifier)
    }

    /// A nib for `identifier`: each cell is the nib's first top-level view, made anew.
    open func register(_ nib: UINib?, forCellWithReuseIdentifier identifier: String) {
        guard let nib else { return cells.register(nil as AnyClass?, as: identifier) }
        cells.register(nib, as: identifier)
    }

    /// A nib for views of `elementKind`: each view is the nib's first top-level view.
    open func register(
        _ nib: UINib?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String
    ) {
        let queue = CellDisplay.queue(identifier, kind: elementKind)
        cells.viewClassesWithoutFactory.remove(queue)
        var factory: UICollectionViewCellFactory?
        if let nib { factory = { nib.reusableView(frame: $0, cell: false) } }
        cells.viewIdentifiers[elementKind, default: [:]][identifier] = factory
    }

    /// framegen's, beside UIKit's: registers a factory for `identifier` directly.
    open func register(
        _ factory: @escaping UICollectionViewCellFactory, forCellWithReuseIdentifier identifier: String
    ) {
        cells.identifiers[identifier] = factory
    }

    /// Registers the view class for `identifier` among views of `elementKind`, through the
    /// factory the program registered for that class, as cells are.
    open func register(
        _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String,
        withReuseIdentifier identifier: String
    ) {
        var factory: UICollectionViewCellFactory?
        if viewClass == UICollectionReusableView.self {
            factory = { @Sendable in UICollectionReusableView(frame: $0) }
        } else if let viewClass {
            factory = cells.maker(for: viewClass)
            // Registered on iOS, so dequeuing it is no exception: only framegen lacks a factory.
            if factory == nil {
                cells.viewClassesWithoutFactory.insert(CellDisplay.queue(identifier, kind: elementKind))
            }
        }
        cells.viewIdentifiers[elementKind, default: [:]][identifier] = factory
    }

    /// A view waiting for reuse under `identifier` among views of `elementKind` (after
    /// `prepareForReuse()`), or a new one. An identifier nothing registered is UIKit's exception
    /// (`raise`); a class registered without a factory of the program's is reported once and
    /// gets a plain `UICollectionReusableView`.
    open func dequeueReusableSupplementaryView(
        ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> UICollectionReusableView {
        if let view = cells.dequeue(CellDisplay.queue(identifier, kind: elementKind)) {
            CrashReport.during(cells.describe(view, "in prepareForReuse()", at: instant)) {
                view.prepareForReuse()
            }
            cells.applyDequeued(view, .supplementaryView, kind: elementKind, at: indexPath, in: self)
            return view
        }
        let frame = cells.startingFrame(.supplementaryView, kind: elementKind, at: indexPath) {
            collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)
        }
        let made: UICollectionReusableView
        if let factory = cells.viewIdentifiers[elementKind]?[identifier] {
            made = CrashReport.during(
                "\(cells.layoutTitle), making the view \"\(identifier)\" at t = \(instant.time) s"
            ) { factory(frame) }
        } else {
            if cells.viewClassesWithoutFactory.contains(CellDisplay.queue(identifier, kind: elementKind)) {
                report(
                    "dequeued the supplementary view \"\(identifier)\" of kind \(elementKind), registered with a class this program has no factory for or a nib framegen cannot load; drawn as a plain UICollectionReusableView"
                )
            } else {
                raise(UIKitException.couldNotDequeue(kind: elementKind, identifier: identifier))
            }
            made = UICollectionReusableView(frame: frame)
        }
        made.reuseIdentifier = identifier
        cells.applyDequeued(made, .supplementaryView, kind: elementKind, at: indexPath, in: self)
        return made
    }

    /// A cell waiting for reuse under `identifier` (after `prepareForReuse()`), or a new one. An
    /// identifier nothing registered is UIKit's exception (`raise`); a class registered without
    /// a factory of the program's is reported once and gets a plain `UICollectionViewCell`.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
        -> UICollectionViewCell
    {
        if let cell = cells.dequeue(identifier) as? UICollectionViewCell {
            CrashReport.during(cells.describe(cell, "in prepareForReuse()", at: instant)) {
                cell.prepareForReuse()
            }
            cell.closeSwipeActions()
            cells.applyDequeued(cell, .cell, kind: nil, at: indexPath, in: self)
            return cell
        }
        let factory: UICollectionViewCellFactory
        if let f = cells.identifiers[identifier] {
            factory = f
        } else {
            if let problem = cells.unregisteredProblem(identifier) {
                report(problem)
            } else {
                raise(
                    UIKitException.couldNotDequeue(
                        kind: "UICollectionElementKindCell", identifier: identifier))
            }
            factory = { UICollectionViewCell(frame: $0) }
        }
        let frame = cells.startingFrame(.cell, kind: nil, at: indexPath) {
            collectionViewLayout.layoutAttributesForItem(at: indexPath)
        }
        let made = CrashReport.during(
            "\(cells.layoutTitle), making the cell \"\(identifier)\" at t = \(instant.time) s"
        ) {
            factory(frame)
        }
        guard let cell = made as? UICollectionViewCell else {
            report(
                "the cell factory for \"\(identifier)\" made a \(type(of: made)), not a UICollectionViewCell; drawn as a plain cell"
            )
            let plain = UICollectionViewCell(frame: frame)
            plain.reuseIdentifier = identifier
            cells.applyDequeued(plain, .cell, kind: nil, at: indexPath, in: self)
            return plain
        }
        cell.reuseIdentifier = identifier
        cells.applyDequeued(cell, .cell, kind: nil, at: indexPath, in: self)
        return cell
    }

    // MARK: Selection

    open var allowsSelection = true
    /// Kept: framegen prefetches nothing, so `prefetchDataSource` is never asked ahead of the
    /// cells (its items come from the scene's data).
    open var isPrefetchingEnabled = true
    open var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)?

    open var allowsMultipleSelection = false

    // MARK: Drag and drop (kept: no drag or drop happens unless a scene asks, and none can yet)

    /// Strong, as framegen's `delegate` is (docs/uikit.md "Porting a file: `@objc`").
    open var dragDelegate: UICollectionViewDragDelegate?

    open var dropDelegate: UICollectionViewDropDelegate?

    /// false, as on an iPhone (iOS sets it on iPad).
    open var dragInteractionEnabled = false

    open var reorderingCadence: ReorderingCadence = .immediate

    /// How soon items move aside while a drag reorders them.
    public enum ReorderingCadence: Int, Sendable {
        case immediate
        case fast
        case slow
    }

    /// No drag is ever under way.
    open var hasActiveDrag: Bool { false }

    open var hasActiveDrop: Bool { false }

    open var hasUncommittedUpdates: Bool { false }

    /// Kept in the order of selection.
    private var selected: [IndexPath] = []

    /// nil when none is selected, as UIKit answers.
    open var indexPathsForSelectedItems: [IndexPath]? { selected.isEmpty ? nil : selected }

    /// Selects the item (and, without multiple selection, deselects the others), without
    /// telling the delegate, as UIKit does; its cell, if shown, becomes selected.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for p in selected { deselectItem(at: p, animated: animated) }
            return
        }
        if !allowsMultipleSelection {
            for p in selected where p != indexPath { deselectItem(at: p, animated: animated) }
        }
        if !selected.contains(indexPath) { selected.append(indexPath) }
        shownCell(at: indexPath)?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selected.removeAll { $0 == indexPath }
        shownCell(at: indexPath)?.isSelected = false
    }

    /// A tap on an item, as UIKit handles one: `shouldSelectItemAt`, then the selection
    /// (`didDeselectItemAt` for an item it replaces), then `didSelectItemAt`.
    package func tap(_ indexPath: IndexPath) {
        guard allowsSelection, delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else {
            return
        }
        if !allowsMultipleSelection {
            for p in selected where p != indexPath {
                deselectItem(at: p, animated: false)
                delegate?.collectionView(self, didDeselectItemAt: p)
            }
        }
        selectItem(at: indexPath, animated: false, scrollPosition: [])
        delegate?.collectionView(self, didSelectItemAt: indexPath)
    }

    /// Set at once; the timeline then scrolls there, animated or not (`setContentOffset`).
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard let a = layoutAttributesForItem(at: indexPath) else { return }
        var offset = contentOffset
        if scrollPosition.contains(.centeredHorizontally) { offset.x = a.center.x - bounds.width / 2 }
        if scrollPosition.contains(.centeredVertically) { offset.y = a.center.y - bounds.height / 2 }
        if scrollPosition.contains(.left) { offset.x = a.frame.minX }
        if scrollPosition.contains(.right) { offset.x = a.frame.maxX - bounds.width }
        if scrollPosition.contains(.top) { offset.y = a.frame.minY }
        if scrollPosition.contains(.bottom) { offset.y = a.frame.maxY - bounds.height }
        contentOffset = offset
        offsetSetAnimated = animated
    }

    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }
}

/// UIScrollViewDelegate: framegen calls these as the timeline drags and decelerates the view.
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// When an animated scroll the program or the scene asked for reaches its end; not after
    /// one a drag or another action stopped (docs/uikit.md "Time").
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
    /// Asked when code zooms the view (`setZoomScale(_:animated:)`, UIScrollView+Zoom.swift).
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// After code zooms the view.
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    /// Not called: no pinch zooms a scroll view (docs/uikit.md "What is there").
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// Not called: no pinch zooms a scroll view.
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    /// Not called: there is no status bar to tap.
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    /// Not called: there is no status bar to tap.
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
    /// nil: the view does not zoom, as UIKit's default.
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    public func scrollViewDidEndZooming(
        _ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat
    ) {}
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
}

/// UICollectionViewDelegate; the members iOS marks optional have empty defaults here.
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
        forItemAt indexPath: IndexPath)
    func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
        forItemAt indexPath: IndexPath)
    func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
        forElementKind elementKind: String, at indexPath: IndexPath)
    func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
        forElementOfKind elementKind: String, at indexPath: IndexPath)

    // Not called by framegen, whose tap selects without highlighting (docs/uikit.md "What is
    // there").
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath)
        -> Bool
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool

    // Context menus (iOS 13, and iOS 16's for several items): not asked, framegen shows none.
    func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
        point: CGPoint
    ) -> UIContextMenuConfiguration?
    func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
        point: CGPoint
    ) -> UIContextMenuConfiguration?
    func collectionView(
        _ collectionView: UICollectionView,
        previewForHighlightingContextMenuWithConfiguration configuration: UIContextMenuConfiguration
    ) -> UITargetedPreview?
    func collectionView(
        _ collectionView: UICollectionView,
        previewForDismissingContextMenuWithConfiguration configuration: UIContextMenuConfiguration
    ) -> UITargetedPreview?
    func collectionView(
        _ collectionView: UICollectionView,
        contextMenuConfiguration configuration: UIContextMenuConfiguration,
        highlightPreviewForItemAt indexPath: IndexPath
    ) -> UITargetedPreview?
    func collectionView(
        _ collectionView: UICollectionView,
        contextMenuConfiguration configuration: UIContextMenuConfiguration,
        dismissalPreviewForItemAt indexPath: IndexPath
    ) -> UITargetedPreview?
    func collectionView(
        _ collectionView: UICollectionView,
        willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
        animator: UIContextMenuInteractionCommitAnimating)
    func collectionView(
        _ collectionView: UICollectionView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
        animator: UIContextMenuInteractionAnimating?)
    func collectionView(
        _ collectionView: UICollectionView,
        willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
        animator: UIContextMenuInteractionAnimating?)

    // Focus: not asked, framegen has no focus engine.
    func collectionView(_ collectionView: UICollectionView, canFocusItemAt indexPath: IndexPath) -> Bool
    func collectionView(
        _ collectionView: UICollectionView, shouldUpdateFocusIn context: UICollectionViewFocusUpdateContext
    ) -> Bool
    func collectionView(
        _ collectionView: UICollectionView, didUpdateFocusIn context: UICollectionViewFocusUpdateContext,
        with coordinator: UIFocusAnimationCoordinator)
    func indexPathForPreferredFocusedView(in collectionView: UICollectionView) -> IndexPath?

    // Interactive movement: not asked, no timeline action moves an item.
    func collectionView(
        _ collectionView: UICollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath
    func collectionView(
        _ collectionView: UICollectionView,
        targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath
    func collectionView(
        _ collectionView: UICollectionView, transitionLayoutForOldLayout fromLayout: UICollectionViewLayout,
        newLayout toLayout: UICollectionViewLayout
    ) -> UICollectionViewTransitionLayout
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath)
        -> Bool
    {
        true
    }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
        forItemAt indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
        forItemAt indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
        forElementKind elementKind: String, at indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
        forElementOfKind elementKind: String, at indexPath: IndexPath
    ) {}

    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath)
        -> Bool
    {
        true
    }
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    {}
    public func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath)
        -> Bool
    {
        true
    }

    /// nil: no menu, as UIKit's default.
    public func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
        point: CGPoint
    ) -> UIContextMenuConfiguration? { nil }

    /// UIKit asks the iOS 13 member for a single item where this is not implemented
    /// (`ContextMenuForwarding`).
    public func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
        point: CGPoint
    ) -> UIContextMenuConfiguration? {
        ContextMenuForwarding.configuration(forItemsAt: indexPaths) {
            self.collectionView(collectionView, contextMenuConfigurationForItemAt: $0, point: point)
        }
    }

    /// nil: UIKit's own preview of the cell.
    public func collectionView(
        _ collectionView: UICollectionView,
        previewForHighlightingContextMenuWithConfiguration configuration: UIContextMenuConfiguration
    ) -> UITargetedPreview? { nil }

    public func collectionView(
        _ collectionView: UICollectionView,
        previewForDismissingContextMenuWithConfiguration configuration: UIContextMenuConfiguration
    ) -> UITargetedPreview? { nil }

    /// The iOS 13 member's answer, which UIKit asks where this is not implemented.
    public func collectionView(
        _ collectionView: UICollectionView,
        contextMenuConfiguration configuration: UIContextMenuConfiguration,
        highlightPreviewForItemAt indexPath: IndexPath
    ) -> UITargetedPreview? {
        self.collectionView(collectionView, previewForHighlightingContextMenuWithConfiguration: configuration)
    }

    /// The iOS 13 member's answer, which UIKit asks where this is not implemented.
    public func collectionView(
        _ collectionView: UICollectionView,
        contextMenuConfiguration configuration: UIContextMenuConfiguration,
        dismissalPreviewForItemAt indexPath: IndexPath
    ) -> UITargetedPreview? {
        self.collectionView(collectionView, previewForDismissingContextMenuWithConfiguration: configuration)
    }

    public func collectionView(
        _ collectionView: UICollectionView,
        willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
        animator: UIContextMenuInteractionCommitAnimating
    ) {}

    public func collectionView(
        _ collectionView: UICollectionView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
        animator: UIContextMenuInteractionAnimating?
    ) {}

    public func collectionView(
        _ collectionView: UICollectionView,
        willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
        animator: UIContextMenuInteractionAnimating?
    ) {}

    /// false: on a touch iPhone no item takes focus.
    public func collectionView(_ collectionView: UICollectionView, canFocusItemAt indexPath: IndexPath)
        -> Bool
    {
        false
    }

    public func collectionView(
        _ collectionView: UICollectionView, shouldUpdateFocusIn context: UICollectionViewFocusUpdateContext
    ) -> Bool { true }

    public func collectionView(
        _ collectionView: UICollectionView, didUpdateFocusIn context: UICollectionViewFocusUpdateContext,
        with coordinator: UIFocusAnimationCoordinator
    ) {}

    public func indexPathForPreferredFocusedView(in collectionView: UICollectionView) -> IndexPath? { nil }

    /// The proposed index path, as UIKit's default.
    public func collectionView(
        _ collectionView: UICollectionView, targetIndexPathForMoveFromItemAt currentIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath { proposedIndexPath }

    /// The iOS 9 member's answer, which UIKit asks where this (iOS 15) is not implemented.
    public func collectionView(
        _ collectionView: UICollectionView,
        targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        self.collectionView(
            collectionView, targetIndexPathForMoveFromItemAt: currentIndexPath,
            toProposedIndexPath: proposedIndexPath)
    }

    /// A plain transition layout between the two, as UIKit makes without a delegate's.
    public func collectionView(
        _ collectionView: UICollectionView, transitionLayoutForOldLayout fromLayout: UICollectionViewLayout,
        newLayout toLayout: UICollectionViewLayout
    ) -> UICollectionViewTransitionLayout {
        UICollectionViewTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout)
    }
}

/// The data source a collection view has until a program sets its own: the scene's sections,
/// item counts (`content:`) and cells (`cell:`), as framegen uses them anyway.
final class SceneDataSource: UICollectionViewDataSource {
    package func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
        -> Int
    {
        collectionView.numberOfItems(inSection: section)
    }

    package func numberOfSections(in collectionView: UICollectionView) -> Int {
        collectionView.numberOfSections
    }
}

/// UICollectionViewDataSource. framegen's data comes from the scene (`content:`), so the item
/// counts a data source returns are not asked for. A program's data source, or the scene's cell
/// (`cell:`), makes each item's cell with `collectionView(_:cellForItemAt:)` (docs/uikit.md
/// "Cells").
public protocol UICollectionViewDataSource: AnyObject {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> UICollectionReusableView
    /// Not asked: no timeline action moves an item.
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath)
    /// Not asked: no index is drawn.
    func indexTitles(for collectionView: UICollectionView) -> [String]?
    func collectionView(
        _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

    /// false, as UIKit answers where neither this nor `moveItemAt` is implemented (where only
    /// `moveItemAt` is, UIKit decides by finding it, which a Swift default cannot).
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    {
        false
    }

    public func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath
    ) {}

    /// nil: no index.
    public func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }

    /// The first item of the section of the index's position, framegen's answer where UIKit
    /// has none (it asks only a data source with index titles).
    public func collectionView(
        _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath { IndexPath(item: 0, section: index) }

    /// framegen's, where iOS makes a layout that asks for supplementary views require one: the
    /// view the scene names for the kind (`header:`, `footer:`), dequeued; none where the scene
    /// names none, and the scene's styles draw the element.
    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> UICollectionReusableView {
        collectionView.sceneSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// framegen's, where iOS requires one: the cell the scene names (`cell:`), dequeued; a plain
    /// cell, drawn with the scene's styles, where the scene names none.
    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        collectionView.sceneCell(at: indexPath)
    }
}

extension UICollectionView {
    /// The cell the scene names (`cell:`), dequeued; a plain cell, drawn with the scene's
    /// styles, where it names none.
    package func sceneCell(at indexPath: IndexPath) -> UICollectionViewCell {
        guard let name = cells.sceneCell else {
            cells.makePlainCells()
            return dequeueReusableCell(withReuseIdentifier: CellDisplay.plainIdentifier, for: indexPath)
        }
        return dequeueReusableCell(withReuseIdentifier: name, for: indexPath)
    }

    /// The view the scene names for the kind (`header:`, `footer:`), dequeued; where it names
    /// none, a stand-in that leaves the element to the scene's styles.
    func sceneSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        guard let name = cells.sceneViews[kind] else { return UnansweredSupplementaryView(frame: .zero) }
        return dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: name, for: indexPath)
    }
}

/// How UIKit answers the iOS 16 context-menu members of a delegate that implements only the
/// iOS 13 ones: one place for the protocol's defaults and UICollectionViewController's members.
enum ContextMenuForwarding {
    /// The single-item member's configuration for one item; nil (no menu) for none or several.
    static func configuration(
        forItemsAt indexPaths: [IndexPath], _ single: (IndexPath) -> UIContextMenuConfiguration?
    ) -> UIContextMenuConfiguration? {
        indexPaths.count == 1 ? single(indexPaths[0]) : nil
    }
}
