import Foundation
import FrameGenCoreGraphics
import FrameGenGeometry
import FrameGenLayout
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUserCode

import struct Foundation.IndexPath  // over Layout's (FrameGenUIKit/Exports.swift)

/// A user's `UICollectionViewLayout` subclass as one of framegen's layouts: the timeline asks it
/// for attributes as it asks the built-in ones, and this value drives the user's objects in
/// UIKit's order (docs/uikit.md "The contract").
///
/// framegen evaluates any instant on any thread (docs/decisions.md "Timeline"), while a UIKit
/// layout is a mutable object. So this value keeps the history of what was done to its layout
/// (prepared at these states, updates, drags, taps) and a live collection view and layout that
/// have seen exactly that history. A copy that is changed gets objects that have seen a
/// beginning of its history (kept from an instant drawn before, or fresh from the factory) and
/// replays the rest: every instant is a pure function of the scene, and parallel frames equal
/// serial ones. A layout whose answers depend only on its
/// collection view's state, as UIKit asks of `prepare()`, sees the sequence it would see on iOS.
public struct UIKitLayout: CollectionViewLayout {
    /// Makes the layout for a new collection view; may also set the view's delegate.
    public typealias Factory = @Sendable (UICollectionView) -> UICollectionViewLayout

    /// Makes the collection view as a subclass of the program's (`GeminiCollectionView`),
    /// through its `init(frame:collectionViewLayout:)`, which UIKit does not declare
    /// `required`: a closure, where a metatype could not call it (docs/uikit.md "Your own
    /// collection view").
    public typealias CollectionViewFactory =
        @Sendable (CGRect, UICollectionViewLayout) -> UICollectionView

    /// The name scenes give it (`layout: {type: NAME}`).
    public let name: String
    private let factory: Factory
    /// The scene's flow keys, parsed once, set on a `UICollectionViewFlowLayout` after the
    /// factory made it (all objects).
    private let flowParameters: FlowParameters?
    /// The program's cells, and the one the scene draws the items with (`cell:`; nil: the
    /// scene's styles draw them).
    private let cells: Cells
    /// What makes the objects, and the objects kept from instants already drawn.
    private let replays: Replays
    /// The history: its last event.
    private var tip: HistoryNode
    /// The objects, brought to `tip` when asked (a copy that records events gets its own).
    private var live: Live

    enum Event: Equatable, Sendable {
        case prepare(CollectionViewState)
        case invalidate
        case updates([UpdateItem])
        case finalizeUpdates
        case willBeginDragging(CollectionViewState)
        /// The release: the layout's target and the delegate's `scrollViewWillEndDragging`.
        case willEndDragging(CollectionViewState, proposed: Point, velocity: Point)
        case didEndDragging(CollectionViewState, willDecelerate: Bool)
        case didEndDecelerating(CollectionViewState)
        case didEndScrollingAnimation(CollectionViewState)
        case tap(FrameGenLayout.IndexPath, CollectionViewState)
        /// A drag or pinch offered to the views under the fingers before the engine moves the view.
        case gesture(TouchGesture, CollectionViewState)
        /// The frame's display pass over the elements the renderer draws.
        case display([LayoutAttributes], items: [Int?])
        /// The scene's insert, delete or move, offered to the delegate before the data changes.
        case sceneUpdates([UpdateItem], CollectionViewState)
    }

    package struct Cells: Sendable {
        package var registered: [String: UICollectionViewCellFactory] = [:]
        package var scene: String?
        /// The views the scene names for UIKit's supplementary kinds (`header:`, `footer:`).
        package var supplementary: [String: String] = [:]

        var drawsViews: Bool { scene != nil || !supplementary.isEmpty }
    }

    /// - Parameter warnings: where problems go that UIKit would raise an exception for (an index
    ///   path out of range) or that lose data (an attributes subclass whose copies lose its
    ///   fields), each once; default: standard error.
    ///   - cells: the program's cell classes by name; `parameters`' `cell` names the one that
    ///     draws the items (docs/uikit.md "Cells").
    ///   - supplementaryKinds: the layout's own supplementary kinds whose views a scene may draw
    ///     with a class of the program's: `parameters`' key of the kind's name names it, as
    ///     `header` and `footer` do for UIKit's section headers and footers.
    ///   - collectionView: makes the collection view, a subclass of the program's, before
    ///     `factory` gets it; nil: a plain `UICollectionView`.
    public init(
        name: String, parameters: [String: CustomValue] = [:],
        cells: [String: UICollectionViewCellFactory] = [:], supplementaryKinds: [String] = [],
        collectionView: CollectionViewFactory? = nil,
        warnings: LayoutWarnings = LayoutWarnings(), factory: @escaping Factory
    ) {
        self.name = name
        self.factory = factory
        self.warnings = warnings
        var flow = parameters
        var sceneCell: String?
        if case .string(let cell)? = flow.removeValue(forKey: UIKitLayout.cellParameter) { sceneCell = cell }
        var supplementary: [String: String] = [:]
        for (key, kind) in UIKitLayout.viewKeys(supplementaryKinds) {
            if case .string(let view)? = flow.removeValue(forKey: key) { supplementary[kind] = view }
        }
        self.cells = Cells(registered: cells, scene: sceneCell, supplementary: supplementary)
        flowParameters = flow.isEmpty ? nil : try? FlowParameters(flow)
        replays = Replays(
            name: name, factory: factory, makeView: collectionView, parameters: flowParameters,
            cells: self.cells, warnings: warnings)
        tip = replays.root
        live = Live(replays, objects: replays.makeState())
    }

    /// The scene key naming the cell that draws the items.
    static let cellParameter = "cell"
    /// The scene keys naming the views of UIKit's supplementary kinds.
    static let viewParameters = [
        ("header", UICollectionView.elementKindSectionHeader),
        ("footer", UICollectionView.elementKindSectionFooter),
    ]

    /// The scene keys naming views, and their kinds: UIKit's headers and footers, then the
    /// layout's own kinds under their names (those that are not already a key).
    static func viewKeys(_ supplementaryKinds: [String]) -> [(key: String, kind: String)] {
        let taken = Set(viewParameters.map(\.0) + [cellParameter])
        return viewParameters.map { (key: $0.0, kind: $0.1) }
            + supplementaryKinds.filter { !taken.contains($0) }.map { (key: $0, kind: $0) }
    }

    private let warnings: LayoutWarnings

    // MARK: Events (recorded, then applied)

    /// The event joins the history. Objects of this value's own see it at once; the objects of
    /// a copy of a layout that follows every refresh come when first asked for, once its events
    /// are known (a frame's scroll steps, then its instant), and may be those of an earlier
    /// frame whose history begins alike.
    private mutating func record(_ event: Event) {
        if !isKnownUniquelyReferenced(&live) {
            // Only such a layout's objects are kept (`Replays.keep`): other layouts' copies
            // replay at once, on fresh objects, as they always have.
            live = live.followsEveryRefresh ? Live(replays) : Live(replays, objects: replays.makeState())
        }
        tip = tip.appending(event)
        live.applyIfMade(tip)
    }

    public mutating func prepare(_ collectionView: CollectionViewState) { record(.prepare(collectionView)) }

    public mutating func invalidateLayout() { record(.invalidate) }

    public mutating func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) {
        record(.updates(updateItems))
    }

    public mutating func finalizeCollectionViewUpdates() { record(.finalizeUpdates) }

    public mutating func collectionViewWillBeginDragging(_ collectionView: CollectionViewState) {
        record(.willBeginDragging(collectionView))
    }

    /// Part of the history, as every call UIKit makes: a layout or a delegate that keeps its
    /// page here (a banner's pager) has it at every later instant, on fresh objects too.
    public mutating func collectionViewWillEndDragging(
        _ collectionView: CollectionViewState, proposedContentOffset: Point, velocity: Point
    ) -> Point {
        record(.willEndDragging(collectionView, proposed: proposedContentOffset, velocity: velocity))
        return live.withLock(at: tip, \.releaseTarget)
    }

    public mutating func collectionViewDidEndDragging(
        _ collectionView: CollectionViewState, willDecelerate decelerate: Bool
    ) { record(.didEndDragging(collectionView, willDecelerate: decelerate)) }

    public mutating func collectionViewDidEndDecelerating(_ collectionView: CollectionViewState) {
        record(.didEndDecelerating(collectionView))
    }

    public mutating func collectionViewDidEndScrollingAnimation(_ collectionView: CollectionViewState) {
        record(.didEndScrollingAnimation(collectionView))
    }

    /// The scene's update, offered to a delegate that adopts `SceneUpdateDelegate` before the
    /// data changes: when it animates first, the update lasts until it calls `commit`, which
    /// framegen finds on fresh objects as it finds a display link's end; the data then changes
    /// without the engine's animation (docs/uikit.md "Animations").
    public mutating func collectionViewWillPerformBatchUpdates(
        _ updateItems: [UpdateItem], _ collectionView: CollectionViewState
    ) -> Double? {
        guard live.withLock(at: tip, { $0.host.delegate is SceneUpdateDelegate }) else { return nil }
        record(.sceneUpdates(updateItems, collectionView))
        switch live.withLock(at: tip, \.sceneUpdate) {
        case .committed: return 0
        case .declined: return nil
        case .animating:
            let start = collectionView.time
            guard let end = firstInstant(after: start, where: { $0.sceneUpdate == .committed }) else {
                warnings.warn(
                    "the layout \"\(name)\": its delegate animated the scene's update at t = \(start) s and did not call commit within \(UIKitLayout.displayLinkHorizon) s; the data changes then"
                )
                return UIKitLayout.displayLinkHorizon
            }
            // The engine changes the data at start + duration: no earlier than the commit.
            var duration = end - start
            while start + duration < end { duration = duration.nextUp }
            return duration
        }
    }

    /// UIKit tells the delegate (`collectionView(_:didSelectItemAt:)`) and scrolls nothing: with
    /// a delegate the tap is handled. Without one, framegen's own answer to a tap applies, as
    /// for the built-in layouts (docs/design/motion.md §6: the item scrolls to the centre).
    public mutating func collectionViewDidTapItem(
        at indexPath: FrameGenLayout.IndexPath, _ collectionView: CollectionViewState
    ) -> Bool {
        record(.tap(indexPath, collectionView))
        return live.withLock(at: tip) { $0.host.delegate != nil || $0.tapDelivery.handled }
    }

    /// The views under the fingers hear a drag or pinch first (docs/uikit.md "Gesture
    /// recognisers"): when a recogniser of the program's takes it, the scroll view does not
    /// scroll and the layout drives the frames until the gesture and the animations its last
    /// action started have ended. A collection view with no pan, swipe or pinch recogniser in
    /// its tree keeps its history as it was. A fling is no touch a recogniser sees: UIKit's
    /// scroll view decelerates it.
    public mutating func collectionViewDidReceive(
        _ gesture: TouchGesture, _ collectionView: CollectionViewState
    ) -> Double? {
        if case .fling = gesture.kind { return nil }
        guard live.withLock(at: tip, { $0.host.hasRecognisers(for: gesture) }) else { return nil }
        record(.gesture(gesture, collectionView))
        guard live.withLock(at: tip, \.gestureTaken) else { return nil }
        let start = collectionView.time
        let lift = start + gesture.duration
        let end = replayed().withLock(at: tip) { s -> Double? in
            _ = s.fireLinks(at: lift)
            return s.animator.endTime
        }
        return max(lift, end ?? lift) - start
    }

    /// Cells, supplementary views the scene names, or decoration views whose class the layout
    /// registered.
    public var drawsOwnViews: Bool { cells.drawsViews || live.withLock(at: tip, \.registersViews) }

    /// The collection view's `backgroundColor` and `backgroundView`, where the program set them,
    /// filling its visible bounds behind the cells as UIKit draws them.
    public var backgroundSnapshot: LayerSnapshot? {
        live.withLock(at: tip, \.backgroundSnapshot)
    }

    /// What the program set on its collection view that the timeline owns: a content inset or
    /// offset (a centring layout sets them in `invalidateLayout(with:)`), `decelerationRate`,
    /// `isPagingEnabled`. The timeline takes them from the next action on, as UIKit's scroll
    /// view would from the moment they are set (docs/uikit.md "The contract").
    public var publishedState: [String: CustomValue] {
        live.withLock(at: tip) { $0.requests }
    }

    /// The frame's cells, when the scene draws the items with one (docs/uikit.md "Cells"), or
    /// when code reached for the plain cells of a scene that names none (docs/uikit.md
    /// "Animations").
    public mutating func display(_ elements: [LayoutAttributes]) -> [LayerSnapshot?]? {
        display(elements, items: [])
    }

    public mutating func display(_ elements: [LayoutAttributes], items: [Int?]) -> [LayerSnapshot?]? {
        guard drawsOwnViews || live.withLock(at: tip, { $0.host.cells.drawsPlainCells }) else { return nil }
        record(.display(elements, items: items))
        return live.withLock(at: tip) { $0.snapshots }
    }

    /// Where the plain cells of the last display pass show their items: a view animation
    /// (`UIView.animate`) moves them.
    public func presented(_ elements: [LayoutAttributes]) -> [LayoutAttributes] {
        live.withLock(at: tip) { s in
            guard !s.presented.isEmpty, s.presented.count == elements.count else { return elements }
            return s.presented
        }
    }

    /// The end of the view animations and completions still to come, and the last instant at
    /// which code stops a display link it started (docs/uikit.md "Animations").
    public var animationEndTime: Double? {
        let (views, now, links) = live.withLock(at: tip) {
            ($0.animator.endTime, $0.animator.now, $0.animator.runningLinkCount)
        }
        guard links > 0, let stop = displayLinkStop(after: now, running: links) else { return views }
        return max(views ?? stop, stop)
    }

    /// When the program's code next runs on the scene's clock after the last event: a timer,
    /// work sent for later, a completion (`LayerAnimator.nextEventTime`).
    public var nextScheduledEvent: Double? {
        live.withLock(at: tip) { $0.animator.nextEventTime }
    }

    /// How far after the last event a display link's animation is looked for: a link still
    /// running then is one kept for the app's life, which does not lengthen the scene.
    static let displayLinkHorizon = LayerAnimator.horizon

    /// The last instant within `displayLinkHorizon` after `start` at which fewer display links
    /// run than at the one before (code invalidated or paused one), found on fresh objects that
    /// replay the history and fire their links at 60 Hz, then to the exact instant by bisection
    /// (an animation computes from `timestamp`, so firing it at any instant is the same).
    private func displayLinkStop(after start: Double, running: Int) -> Double? {
        let probe = replayed()
        var last: (before: Double, at: Double, count: Int)?
        var count = running
        var t = start
        for k in 1...Int(UIKitLayout.displayLinkHorizon * 60) {
            let next = start + Double(k) / 60
            let now = probe.withLock(at: tip) { $0.fireLinks(at: next) }
            if now < count { last = (t, next, count) }
            if now == 0 { break }
            (count, t) = (now, next)
        }
        guard var (lo, hi, before) = last else { return nil }
        // The smallest instant at which the link is stopped: fire a fresh replay at `lo` (the
        // links it ran with), then at the middle.
        while lo.nextUp < hi {
            let mid = lo + (hi - lo) / 2
            guard mid > lo, mid < hi else { break }
            let fresh = replayed()
            let counts = fresh.withLock(at: tip) { s in (s.fireLinks(at: lo), s.fireLinks(at: mid)) }
            before = counts.0
            if counts.1 < before { hi = mid } else { lo = mid }
        }
        return hi
    }

    /// The first instant within `displayLinkHorizon` after `start` at which `reached` holds of
    /// the objects, their display links fired at 60 Hz (as `displayLinkStop`), to the exact
    /// instant by bisection.
    private func firstInstant(after start: Double, where reached: @escaping (Live.State) -> Bool) -> Double? {
        let probe = replayed()
        var lo = start
        var hi: Double?
        for k in 1...Int(UIKitLayout.displayLinkHorizon * 60) {
            let next = start + Double(k) / 60
            if probe.withLock(
                at: tip,
                { s in
                    _ = s.fireLinks(at: next)
                    return reached(s)
                })
            {
                hi = next
                break
            }
            lo = next
        }
        guard var hi else { return nil }
        while lo.nextUp < hi {
            let mid = lo + (hi - lo) / 2
            guard mid > lo, mid < hi else { break }
            let fresh = replayed()
            let at = lo
            if fresh.withLock(
                at: tip,
                { s in
                    _ = s.fireLinks(at: at)
                    _ = s.fireLinks(at: mid)
                    return reached(s)
                })
            {
                hi = mid
            } else {
                lo = mid
            }
        }
        return hi
    }

    /// New objects that have seen the history, for probing.
    private func replayed() -> Live {
        let probe = Live(replays, probe: true, warnings: LayoutWarnings { _ in })
        probe.withLock(at: tip) { _ in }
        return probe
    }

    /// A layout that made a `UIDynamicAnimator` hears of every screen refresh of a drag or
    /// fling, as its springs do on iOS (docs/uikit.md "UIKit Dynamics"), and so does a
    /// collection view subclass of the program's (docs/uikit.md "Your own collection view").
    public var wantsEveryScrollStep: Bool {
        live.withLock(at: tip) { s in s.layout.usesDynamics || s.isProgramsView }
    }

    /// A layout on a `UIDynamicAnimator` moves its items itself after a batch update (an
    /// inserted item on its springs from where the layout put it), and the cells follow it at
    /// every refresh, as on iOS (docs/uikit.md "UIKit Dynamics").
    public var movesItsOwnUpdates: Bool {
        live.withLock(at: tip) { s in s.layout.usesDynamics }
    }

    // MARK: Queries

    /// Bounded (`Live.State.contentSize`, docs/uikit.md "Bad input").
    public var collectionViewContentSize: Size {
        live.withLock(at: tip) { $0.contentSize.geometry }
    }

    /// Checked as UIKit checks an answer (`Live.State.checkedElements(in:_:)`).
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        live.withLock(at: tip) { s in s.checkedElements(in: CGRect(rect), s.value) }
    }

    public func layoutAttributesForItem(at indexPath: FrameGenLayout.IndexPath) -> LayoutAttributes? {
        live.withLock(at: tip) { s in s.layout.layoutAttributesForItem(at: IndexPath(indexPath)).map(s.value)
        }
    }

    public func layoutAttributesForSupplementaryView(
        ofKind kind: String, at indexPath: FrameGenLayout.IndexPath
    )
        -> LayoutAttributes?
    {
        live.withLock(at: tip) { s in
            s.layout.layoutAttributesForSupplementaryView(
                ofKind: SupplementaryKind.uikit(kind), at: IndexPath(indexPath)
            )
            .map(s.value)
        }
    }

    public func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: FrameGenLayout.IndexPath)
        -> LayoutAttributes?
    {
        live.withLock(at: tip) { s in
            s.layout.layoutAttributesForDecorationView(ofKind: kind, at: IndexPath(indexPath)).map(s.value)
        }
    }

    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        live.withLock(at: tip) { $0.layout.shouldInvalidateLayout(forBoundsChange: CGRect(newBounds)) }
    }

    public func orthogonalScrollView(at point: Point) -> OrthogonalScrollView? {
        live.withLock(at: tip) {
            ($0.layout as? any OrthogonalScrolling)?.orthogonalScrollView(at: CGPoint(point))
        }
    }

    public func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
        live.withLock(at: tip) {
            $0.layout.targetContentOffset(forProposedContentOffset: CGPoint(proposedContentOffset)).geometry
        }
    }

    /// Asked outside a release: the answer `collectionViewWillEndDragging` gives, left out of
    /// the history.
    public func targetContentOffset(
        forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point
    ) -> Point {
        live.withLock(at: tip) {
            $0.target(forProposedContentOffset: proposedContentOffset, velocity: velocity)
        }
    }

    public func initialLayoutAttributesForAppearingItem(at itemIndexPath: FrameGenLayout.IndexPath)
        -> LayoutAttributes?
    {
        live.withLock(at: tip) { s in
            s.layout.initialLayoutAttributesForAppearingItem(at: IndexPath(itemIndexPath)).map(s.value)
        }
    }

    public func finalLayoutAttributesForDisappearingItem(
        at itemIndexPath: FrameGenLayout.IndexPath, current: LayoutAttributes
    ) -> LayoutAttributes? {
        live.withLock(at: tip) { s in
            let flow = s.layout as? UICollectionViewFlowLayout
            flow?.disappearing = current
            defer { flow?.disappearing = nil }
            return s.layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(itemIndexPath)).map(
                s.value)
        }
    }

    public func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind kind: String, at elementIndexPath: FrameGenLayout.IndexPath
    ) -> LayoutAttributes? {
        live.withLock(at: tip) { s in
            s.layout.initialLayoutAttributesForAppearingSupplementaryElement(
                ofKind: SupplementaryKind.uikit(kind), at: IndexPath(elementIndexPath)
            ).map(s.value)
        }
    }

    public func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind kind: String, at elementIndexPath: FrameGenLayout.IndexPath, current: LayoutAttributes
    ) -> LayoutAttributes? {
        live.withLock(at: tip) { s in
            s.layout.finalLayoutAttributesForDisappearingSupplementaryElement(
                ofKind: SupplementaryKind.uikit(kind), at: IndexPath(elementIndexPath)
            ).map(s.value)
        }
    }
}

/// The collection view and layout a `UIKitLayout` drives, behind a lock: copies of one value
/// share it, and frames are evaluated on several threads. The objects come when first asked for,
/// kept from an instant drawn before (`Replays`) or fresh, and replay what they have not seen.
final class Live: @unchecked Sendable {
    private let lock = NSLock()
    private let replays: Replays
    /// A probe fires display links outside the history: its objects are its own, fresh, and
    /// never kept.
    private let probe: Bool
    private var state: State?

    private let probeWarnings: LayoutWarnings?

    package init(
        _ replays: Replays, objects: State? = nil, probe: Bool = false, warnings: LayoutWarnings? = nil
    ) {
        self.replays = replays
        state = objects
        self.probe = probe
        probeWarnings = warnings
    }

    /// Whether the objects this box holds follow every refresh (a box that waits for its
    /// objects is one: only those wait).
    var followsEveryRefresh: Bool {
        lock.lock()
        defer { lock.unlock() }
        return state?.followsEveryRefresh ?? true
    }

    /// Brings objects this box already holds to `tip`; a box without objects waits until asked.
    func applyIfMade(_ tip: HistoryNode) {
        lock.lock()
        let made = state != nil
        lock.unlock()
        if made { withLock(at: tip) { _ in } }
    }

    deinit {
        if !probe, let state { replays.keep(state) }
    }

    /// `body` with the objects once they have seen the history up to `tip`.
    func withLock<R>(at tip: HistoryNode, _ body: (State) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        // All the host does for a frame passes here: the layout's phase, but for the cells,
        // Auto Layout and layer trees, which time themselves inside it (PhaseTimes).
        return PhaseClock.measure(.layout) {
            let (state, path) = objects(at: tip)
            return LayerAnimator.$current.withValue(state.animator) {
                UIScreen.withMain(state.screen) {
                    UIImage.withNamedImages(state.namedImage) {
                        for node in path { state.apply(node) }
                        return CrashReport.during(state.answering) { body(state) }
                    }
                }
            }
        }
    }

    private func objects(at tip: HistoryNode) -> (State, [HistoryNode]) {
        if let state {
            if let path = tip.path(after: state.seen) { return (state, path) }
            self.state = nil
            if !probe { replays.keep(state) }
        }
        let (made, path): (State, [HistoryNode]) =
            probe
            ? (replays.makeState(warnings: probeWarnings), tip.path(after: replays.root) ?? [])
            : replays.take(for: tip) ?? (replays.makeState(), tip.path(after: replays.root) ?? [])
        state = made
        return (made, path)
    }

    /// Not thread-safe on its own: reached only through `withLock`.
    package final class State {
        package let name: String
        private let factory: UIKitLayout.Factory
        private let makeView: UIKitLayout.CollectionViewFactory?
        private let parameters: FlowParameters?
        private let cells: UIKitLayout.Cells
        /// What the last display pass drew, one per element asked for.
        private(set) var snapshots: [LayerSnapshot?] = []
        /// The elements of the last display pass where their plain cells show them; empty
        /// when none does.
        private(set) var presented: [LayoutAttributes] = []
        /// Core Animation's clock and the running view animations (docs/uikit.md "Animations").
        package let animator = LayerAnimator()
        /// Inside framegen's own layout pass: code that reaches for cells then gets those shown.
        private var passDepth = 0
        /// What the views made of the last tap (docs/uikit.md "Gesture recognisers").
        private(set) var tapDelivery = TapDelivery()
        /// Whether a recogniser of the program's took the last drag or pinch from the engine.
        private(set) var gestureTaken = false
        /// Where the last release comes to rest, as the layout and the delegate said.
        private(set) var releaseTarget = Point.zero
        private var made: (host: UICollectionView, layout: UICollectionViewLayout)?
        /// The collection view's superview, as a view controller's view holds it (views hold
        /// their superview weakly).
        private var container: UIView?
        /// Whether the collection view is a subclass of the program's, whose `layoutSubviews()`
        /// framegen calls after each layout pass placed the cells (a plain one's does nothing
        /// framegen needs).
        private(set) var isProgramsView = false
        private var started = false
        /// `UIScreen.main` while the layout runs: the scene's canvas, as the instant gives it.
        private(set) var screen = UIScreen.main
        /// How a crash report names this layout.
        package let title: String
        private(set) var answering: String

        let warnings: LayoutWarnings
        /// What the answer being checked has had (`forEachElement(in:reserve:_:)`).
        var answered = SeenElements()
        /// The attributes classes whose copies were checked.
        private var checkedClasses: Set<ObjectIdentifier> = []
        /// `UIImage(named:)` while the layout and its cells run: the scene's photos.
        private let photoNaming: ScenePhotoNaming
        let namedImage: @Sendable (String) -> UIImage?

        /// The last event these objects have seen.
        private(set) var seen: HistoryNode
        /// The collection view's state at the last event that had one.
        private var lastState: CollectionViewState?
        /// The instant of the last event when it was a layout pass on the 60 Hz grid that
        /// followed the screen refreshes before it (`refreshes(before:)`): these objects are
        /// then those of a history of refreshes up to that instant, which a later instant of
        /// the same state continues (`continues(to:)`).
        private(set) var refreshedThrough: Double?

        package init(
            name: String, factory: @escaping UIKitLayout.Factory,
            makeView: UIKitLayout.CollectionViewFactory?, parameters: FlowParameters?,
            cells: UIKitLayout.Cells, warnings: LayoutWarnings, root: HistoryNode
        ) {
            seen = root
            self.name = name
            self.factory = factory
            self.makeView = makeView
            self.parameters = parameters
            self.cells = cells
            self.warnings = warnings
            title = "the layout \"\(name)\""
            answering = title + ", answering a query"
            let (sink, named) = (warnings, title)
            let naming = ScenePhotoNaming { sink.warn(named + " " + $0) }
            photoNaming = naming
            namedImage = { naming.image(named: $0) }
        }

        package var host: UICollectionView { objects.host }

        /// Whether the layout, once made, registered decoration view classes.
        var registersViews: Bool { made.map { $0.host.cells.isDrawing } ?? false }
        package var backgroundSnapshot: LayerSnapshot? { made?.host.backgroundSnapshot }
        package var layout: UICollectionViewLayout { objects.layout }

        /// The collection view and layout, made on first use: at the first instant framegen
        /// evaluates, with the view at that instant's size and `UIScreen.main` bound, as an app
        /// makes them in a view controller whose view has its size.
        private var objects: (host: UICollectionView, layout: UICollectionViewLayout) {
            if let made { return made }
            return UICollectionView.$dataBeingLoaded.withValue(pendingScrolling?.dataSource) { makeObjects() }
        }

        private func makeObjects() -> (host: UICollectionView, layout: UICollectionViewLayout) {
            let frame = CGRect(origin: .zero, size: pendingSize ?? .zero)
            let view =
                makeView.map { make in
                    UIScreen.withMain(screen) {
                        CrashReport.during(title + ", in its collection view's factory") {
                            make(frame, UICollectionViewLayout())
                        }
                    }
                } ?? UICollectionView(frame: frame, collectionViewLayout: UICollectionViewLayout())
            isProgramsView = type(of: view) != UICollectionView.self
            photoNaming.host = view
            // Before the factory, which may register the program's classes as a view
            // controller's viewDidLoad does.
            view.cells.configure(
                registered: cells.registered, sceneCell: cells.scene, sceneViews: cells.supplementary)
            // The scene's settings first, as a storyboard's: the factory's code may change them.
            if let scrolling = pendingScrolling {
                view.decelerationRate = UIScrollView.DecelerationRate(
                    rawValue: CGFloat(scrolling.decelerationRate.rawValue))
                view.isPagingEnabled = scrolling.isPagingEnabled
                view.alwaysBounceVertical = scrolling.alwaysBounceVertical
                view.alwaysBounceHorizontal = scrolling.alwaysBounceHorizontal
            }
            // On screen before the view controller's code runs, as a storyboard's view is by
            // viewDidLoad: a subclass that builds on its superview in didMoveToSuperview() finds
            // one, once.
            let superview = UIView(frame: frame)
            container = superview
            let layout = UIScreen.withMain(screen) {
                CrashReport.during(title + ", as its collection view moves to its superview") {
                    superview.addSubview(view)
                    superview.isOnScreen = true
                    view.willMove(toWindow: view.window)
                    view.didMoveToWindow()
                }
                return CrashReport.during(title + ", in its factory") { factory(view) }
            }
            view.collectionViewLayout = layout
            let (sink, named) = (warnings, title)
            view.report = { sink.warn(named + " " + $0) }
            view.raise = { sink.raise($0, during: UIKitException.currentCall) }
            if let flow = layout as? UICollectionViewFlowLayout { parameters?.apply(to: flow) }
            answering = "\(title) (\(type(of: layout))), answering a query"
            view.cells.layoutTitle = "\(title) (\(type(of: layout)))"
            made = (view, layout)
            animator.roots = [view.layer]
            animator.willAnimate = { [unowned self] in self.makeCells() }
            view.cellsNeeded = { [unowned self] in self.makeCells() }
            view.layoutPass = { [unowned self] in
                // Inside framegen's own pass (code in prepare() or scrollViewDidScroll(_:)) the
                // pass itself prepares and displays.
                guard self.passDepth == 0 else { return }
                if self.layout.needsPrepare {
                    self.layout.needsPrepare = false
                    self.prepareLayout()
                }
                if self.host.cells.isDrawing { self.displayVisible() }
            }
            return (view, layout)
        }

        /// The size of the first instant's view, for `objects`.
        private var pendingSize: CGSize?
        /// The scene's scroll settings at the first instant, for `objects`.
        private var pendingScrolling: CollectionViewState?
        /// The content inset the timeline last gave; the view's own may differ (the program
        /// set it) until the timeline takes the program's.
        private var sceneInset: UIEdgeInsets?
        /// The bounds the timeline last gave, likewise.
        private var sceneBounds: CGRect?
        /// Where the scene's last update offered to the delegate stands.
        private(set) var sceneUpdate = SceneUpdateProgress.declined
        /// The view's bounds before the current event's display links fired.
        private var shownBefore: CGRect?
        /// The offset code gave the view during the current event where the timeline's state
        /// put it elsewhere: still published (`requests`).
        private var overruled: CGPoint?

        deinit {
            // The delegate may hold the collection view: break the cycle with the view.
            guard let made else { return }
            made.host.delegate = nil
            made.host.dataSource = nil
            made.layout.installedView = nil
            // Code that kept the view must not reach this state through it.
            made.host.cellsNeeded = {}
            made.host.layoutPass = {}
        }

        /// Whether the objects, once made, hear of every screen refresh of a drag or fling and
        /// are kept to continue to a later instant: a layout's `UIDynamicAnimator` steps its
        /// springs at each, and a collection view subclass of the program's lays itself out at
        /// each, as UIKit's scroll view does (code that transforms the cells from where they are
        /// shown, as Gemini's does, converges over those steps).
        var followsEveryRefresh: Bool { made != nil && (layout.usesDynamics || isProgramsView) }

        /// Applies the node's event: the objects have then seen its history.
        package func apply(_ node: HistoryNode) {
            guard let event = node.event else { return }
            var refreshed = false
            if case .prepare(let s) = event, let refreshes = refreshes(before: s) {
                for r in refreshes { apply(.prepare(r)) }
                refreshed = true
            }
            apply(event)
            seen = node
            refreshedThrough = nil
            if refreshed, case .prepare(let s) = event, LayerAnimator.isScreenRefresh(s.time) {
                refreshedThrough = s.time
            }
        }

        /// The screen refreshes (60 a second) strictly between the last event and a layout
        /// pass at `s`, for a layout with a `UIDynamicAnimator` whose view has stood still
        /// since (the state differs only in time): on iOS the animator moves the items and
        /// invalidates the layout at each, and the collection view lays it out again
        /// (docs/uikit.md "UIKit Dynamics"). nil for other layouts and states.
        private func refreshes(before s: CollectionViewState) -> [CollectionViewState]? {
            guard let last = lastState, last.time < s.time, made != nil, layout.usesDynamics else {
                return nil
            }
            var same = last
            same.time = s.time
            guard same == s else { return nil }
            var out: [CollectionViewState] = []
            var k = LayerAnimator.firstRefresh(after: last.time)
            while k / LayerAnimator.screenRefreshRate < s.time {
                var r = s
                r.time = k / LayerAnimator.screenRefreshRate
                out.append(r)
                k += 1
            }
            return out
        }

        /// Whether objects that have seen a layout pass on the refresh grid after the
        /// refreshes before it (`refreshedThrough`) are those of a history whose last layout
        /// pass, after the same events, is at `s`, later: the refreshes up to the earlier
        /// instant are then the beginning of the later one's, the earlier pass one of them.
        func continues(to s: CollectionViewState) -> Bool {
            guard let t = refreshedThrough, case .prepare(let mine)? = seen.event, t < s.time else {
                return false
            }
            var same = mine
            same.time = s.time
            return same == s
        }

        /// Moves the clock to `time` with nothing else happening (the display links fire, due
        /// completions run); returns how many links still run.
        func fireLinks(at time: Double) -> Int {
            CrashReport.during("\(title) (\(type(of: layout))), firing its display links at t = \(time) s") {
                animator.advance(to: time)
                animator.settle()
            }
            return animator.runningLinkCount
        }

        package func apply(_ event: UIKitLayout.Event) {
            if let s = event.state { lastState = s }
            if let s = event.state {
                photoNaming.use(s.dataSource.photos)
                screen = UIScreen(
                    size: CGSize(s.screenSize), scale: CGFloat(s.scale),
                    userInterfaceStyle: s.appearance.style == .dark ? .dark : .light,
                    preferredContentSizeCategory: UIContentSizeCategory(s.appearance.contentSizeCategory))
                if made == nil {
                    pendingSize = CGSize(s.bounds.size)
                    pendingScrolling = s
                }
            }
            if let made, let s = event.state {
                // Requests for other views last for the instant they were made at
                // (`sceneView(named:)`): a later event drops them; a display link firing before
                // the event reads the other views at its instant.
                if s.time > animator.now { made.host.peerRequests = [:] }
                shownBefore = made.host.bounds
                overruled = nil
                made.host.instant.peers = s.peers
                made.host.instant.time = s.time
            }
            LayerAnimator.$current.withValue(animator) {
                UIScreen.withMain(screen) {
                    CrashReport.during("\(title) (\(type(of: layout))), \(event.summary)") {
                        if let s = event.state { animator.advance(to: s.time) }
                        perform(event)
                        animator.settle()
                    }
                }
            }
        }

        /// The plain cells of a scene that names none, made when code first reaches for a cell
        /// (or animates): outside framegen's layout pass, for the items shown now.
        private func makeCells() {
            guard !host.cells.isDrawing else { return }
            host.cells.makePlainCells()
            if passDepth == 0 { displayVisible() }
        }

        private func perform(_ event: UIKitLayout.Event) {
            switch event {
            case .prepare(let s):
                if let animation = s.boundsAnimation, started, host.cells.isDrawing,
                    CGSize(s.bounds.size) != host.bounds.size
                {
                    changeBoundsAnimated(to: s, animation)
                } else {
                    move(to: s)
                    if host.cells.isDrawing { displayVisible() }
                    layOutOwnView()
                }
            case .display(let elements, let items):
                // The instant's objects are new (docs/uikit.md "The contract"), so its first
                // display pass makes the cells; a second layout pass at the same bounds lets
                // code that reaches them (cellForItem(at:), visibleCells) in prepare() or
                // scrollViewDidScroll(_:) act on them, as on iOS from one frame to the next.
                display(elements, items: items)
                passDepth += 1
                host.delegate?.scrollViewDidScroll(host)
                if layout.shouldInvalidateLayout(forBoundsChange: host.bounds) {
                    layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: host.bounds))
                    layout.needsPrepare = false
                    prepareLayout()
                }
                passDepth -= 1
                snapshots = display(elements, items: items)
            case .invalidate:
                layout.invalidateLayout()
            case .updates(let items):
                // Through the collection view's own insertItems / deleteItems / moveItem, which
                // a subclass may override (docs/uikit.md "The contract").
                let items = host.sceneUpdate(items)
                layout.prepare(forCollectionViewUpdates: items.map(UICollectionViewUpdateItem.init))
            case .finalizeUpdates:
                layout.finalizeCollectionViewUpdates()
            case .willBeginDragging(let s):
                move(to: s)
                // A scroll closes an open row's swipe actions, as on iOS.
                _ = host.closeOpenSwipeActions()
                host.isDragging = true
                // The run loop tracks the scroll view until it stops: a timer of the default
                // mode waits (LayerAnimator.isTracking).
                animator.isTracking = true
                host.delegate?.scrollViewWillBeginDragging(host)
            case .willEndDragging(let s, let proposed, let velocity):
                move(to: s)
                releaseTarget = target(forProposedContentOffset: proposed, velocity: velocity)
            case .didEndDragging(let s, let decelerate):
                move(to: s)
                host.isDragging = false
                host.isDecelerating = decelerate
                if !decelerate { animator.isTracking = false }
                host.delegate?.scrollViewDidEndDragging(host, willDecelerate: decelerate)
                if decelerate { host.delegate?.scrollViewWillBeginDecelerating(host) }
            case .didEndDecelerating(let s):
                move(to: s)
                host.isDecelerating = false
                animator.isTracking = false
                host.delegate?.scrollViewDidEndDecelerating(host)
            case .didEndScrollingAnimation(let s):
                move(to: s)
                host.delegate?.scrollViewDidEndScrollingAnimation(host)
            case .sceneUpdates(let items, let s):
                move(to: s)
                sceneUpdate = .declined
                guard let delegate = host.delegate as? SceneUpdateDelegate else { return }
                sceneUpdate = .animating
                let accepted = delegate.collectionView(
                    host, willPerformSceneUpdates: items.map(UICollectionViewUpdateItem.init),
                    commit: { [weak self] in
                        if self?.sceneUpdate == .animating { self?.sceneUpdate = .committed }
                    })
                if !accepted { sceneUpdate = .declined }
            case .tap(let indexPath, let s):
                move(to: s)
                // The delegate may change the layout before it animates: the cells it animates
                // must show what was laid out before.
                let item = IndexPath(indexPath)
                if host.delegate != nil || host.gestureRecognizers != nil { makeCells() }
                // The views under the finger hear the tap first (docs/uikit.md "Gesture
                // recognisers"); the item is selected unless one of them took it.
                // A tap on an item lands at its cell's centre. Without cells (a scene drawn by
                // its styles, with no recogniser on the collection view) no view hears it, and
                // the layout is not asked anything more than before.
                let cell = host.shownCell(at: item)
                let point = s.touchLocation.map(CGPoint.init) ?? cell?.center
                // While a row's swipe actions show, a tap on a button performs its action and any
                // other tap closes them, and does nothing else, as on iOS.
                if point.map({ host.performSwipeAction(at: $0) }) == true || host.closeOpenSwipeActions() {
                    tapDelivery = TapDelivery(handled: true, cancelsTouches: true)
                    return
                }
                tapDelivery = TapDelivery()
                if let point {
                    tapDelivery = host.deliverTap(
                        at: point, on: cell, time: s.time, tapCount: s.touchTapCount, hold: s.touchHold)
                }
                if !tapDelivery.cancelsTouches { host.tap(item) }
            case .gesture(let gesture, let s):
                move(to: s)
                // The view's coordinates to the collection view's bounds.
                let point = CGPoint(
                    x: gesture.location.x + host.bounds.minX, y: gesture.location.y + host.bounds.minY)
                let cell = host.indexPathForItem(at: point).flatMap { host.shownCell(at: $0) }
                gestureTaken = host.deliver(
                    gesture, at: point, on: cell, time: s.time, scrollViewPans: scrollViewPans(gesture))
            }
        }

        /// Whether the scroll view's own pan begins on `gesture`: a drag mostly along an axis the
        /// view scrolls (its content is longer than the view, or it always bounces that way).
        private func scrollViewPans(_ gesture: TouchGesture) -> Bool {
            guard case .drag(let by) = gesture.kind, by != .zero else { return false }
            let inset = host.adjustedContentInset
            let size = host.collectionViewLayout.collectionViewContentSize
            let scrollsX =
                host.alwaysBounceHorizontal || size.width + inset.left + inset.right > host.bounds.width
            let scrollsY =
                host.alwaysBounceVertical || size.height + inset.top + inset.bottom > host.bounds.height
            return abs(by.x) > abs(by.y) ? scrollsX : scrollsY
        }

        /// The layout's target for a release, which the delegate's
        /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` may move, as on iOS.
        /// framegen's velocity is in points per second, UIKit's in points per millisecond.
        func target(forProposedContentOffset proposed: Point, velocity: Point) -> Point {
            let v = CGPoint(x: velocity.x / 1000, y: velocity.y / 1000)
            var target = layout.targetContentOffset(
                forProposedContentOffset: CGPoint(proposed), withScrollingVelocity: v)
            host.delegate?.scrollViewWillEndDragging(host, withVelocity: v, targetContentOffset: &target)
            return target.geometry
        }

        /// A rotation, as UIKit animates a collection view's new size: inside one animation block
        /// of the rotation's duration and curve, the bounds change (and the layout pass it brings,
        /// `move(to:)`) and the display pass at the new size, which applies each cell's final
        /// attributes once and lays it out (`layoutSubviews()`) once, at its final size. Core
        /// Animation then moves every layer that changed (a cell's and its subviews') from where
        /// it was shown to its new place, so a subview's frame halfway is halfway between its
        /// two layouts. Until the animation ends, the views it laid out keep those attributes
        /// (`CellDisplay.animatedBoundsChange`), and an instant's bounds in between are what
        /// Core Animation shows, not the view's own (`move(to:)`).
        private func changeBoundsAnimated(
            to s: CollectionViewState, _ animation: CollectionViewState.BoundsAnimation
        ) {
            let timing = LayerAnimator.Timing(duration: animation.duration, delay: 0, curve: animation.curve)
            // A controller's view is resized by a rotation on iOS inside UIKit's transition: the
            // controller hears of it first, and its coordinator's alongside animations run in the
            // rotation's animation block and its completions at the end.
            let coordinator = host.sizeTransitionController.map { controller in
                let size = CGSize(width: s.bounds.size.width, height: s.bounds.size.height)
                let turns = (size.width > size.height) != (host.bounds.width > host.bounds.height)
                let made = SizeTransitionCoordinator(
                    duration: animation.duration, curve: UIView.AnimationCurve(animation.curve),
                    // framegen's choice: a quarter turn (-90° into landscape, +90° back) where the
                    // shape turns; UIKit documents only "90 degree, -90 degree, or 180 degree".
                    targetTransform: turns
                        ? CGAffineTransform(rotationAngle: size.width > size.height ? -.pi / 2 : .pi / 2)
                        : .identity,
                    containerView: container ?? host, controller: controller)
                controller.beginSizeTransition(to: size, with: made)
                return (controller, made)
            }
            animator.run(
                timing,
                {
                    move(to: s)
                    displayVisible()
                    layOutOwnView()
                    coordinator?.1.runAlongside()
                },
                completion: coordinator.map { controller, made in
                    { [weak controller] _ in controller?.endSizeTransition(made) }
                })
            let end = animator.now + animation.duration
            boundsAnimationEnd = end
            host.cells.boundsAnimated(until: end)
        }

        /// When the running animated bounds change (a rotation) ends.
        private var boundsAnimationEnd: Double?
        /// Where the sections that scroll on their own were at the last event.
        private var orthogonalOffsets: [Int: Double] = [:]

        /// UIKit's sequence for a collection view whose data, insets or bounds change: the first
        /// pass prepares; a data change invalidates everything (reloadData); a bounds change asks
        /// `shouldInvalidateLayout(forBoundsChange:)` while the view still has its old bounds and,
        /// if so, invalidates with the context from `invalidationContext(forBoundsChange:)`; then
        /// the bounds change, and an invalidated layout prepares again.
        private func move(to s: CollectionViewState) {
            passDepth += 1
            defer { passDepth -= 1 }
            host.instant = s
            let bounds = CGRect(s.bounds)
            let inset = UIEdgeInsets(s.contentInset)
            guard started else {
                started = true
                host.data = s.dataSource
                host.contentInset = inset
                sceneInset = inset
                sceneBounds = bounds
                host.bounds = bounds
                // Installing a layout and loading the data invalidate it with a context, as
                // reloadData's does (UIKit's documentation of the invalidation context).
                layout.invalidateLayout(
                    with: layout.makeInvalidationContext(everything: true, dataSourceCounts: true))
                // Cleared first: a prepare() that changes the layout's own properties has
                // invalidated it again, and the next pass prepares once more, as on iOS.
                layout.needsPrepare = false
                prepareLayout()
                return
            }
            if host.data != s.dataSource {
                host.cells.dataChanged(from: host.data, to: s.dataSource)
                host.data = s.dataSource
                // The data change only in batch updates (the timeline's insert, delete, move):
                // new counts, not everything, as UIKit's context says for inserted and deleted
                // items (MagazineLayout applies the update items to its own model after it).
                layout.invalidateLayout(with: layout.makeInvalidationContext(dataSourceCounts: true))
            }
            if inset != sceneInset {
                sceneInset = inset
                if host.contentInset != inset {
                    host.contentInset = inset
                    layout.invalidateLayout()
                }
            }
            let old = host.bounds
            // Inside an animated bounds change (a rotation) the view has its new bounds already:
            // the instant's bounds in between are what Core Animation shows.
            let presenting = boundsAnimationEnd.map { s.time < $0 } ?? false
            if presenting { host.instant.bounds = host.bounds.geometry }
            // The timeline moves the view where its state moved; an offset the program set
            // stays until then (and is published for the timeline to take). A state at the
            // offset the view showed before this event is the program's, taken: code that moves
            // the view again (a display link firing before the event) keeps its new offset.
            // An animated set at this event (a timer firing before it) scrolls from here, as
            // UIKit's animated scroll starts where the view is: the timeline plays it from this
            // instant (docs/uikit.md "Time").
            let scrollsAnimated = host.offsetSetAnimated && host.bounds != shownBefore
            let target =
                presenting || (!scrollsAnimated && (bounds == sceneBounds || bounds == shownBefore))
                ? host.bounds : bounds
            // The state moved since the history's last event (it took an earlier request of the
            // program's, or the timeline moved the view): code that moved the view at this
            // event still asks for its offset, which the timeline takes unless it moves the view.
            if target != host.bounds, host.bounds != shownBefore { overruled = host.contentOffset }
            sceneBounds = bounds
            if target != host.bounds {
                if layout.shouldInvalidateLayout(forBoundsChange: target) {
                    let context = layout.invalidationContext(forBoundsChange: target)
                    layout.invalidateLayout(with: context)
                    layout.needsPrepare = true
                }
                let scrolled = target.origin != host.bounds.origin
                if target.size != host.bounds.size { host.bounds.size = target.size }
                if scrolled {
                    // Through the setter, as a pan sets it on iOS: a subclass's override runs.
                    host.scroll(to: target.origin)
                    host.delegate?.scrollViewDidScroll(host)
                }
            }
            // A section's own scroll view scrolled: as its scroll view tells the compositional
            // layout on iOS, a scroll step's invalidation, which lays nothing out again.
            if s.orthogonalOffsets != orthogonalOffsets {
                orthogonalOffsets = s.orthogonalOffsets
                layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: host.bounds))
                layout.needsPrepare = true
            }
            if layout.needsPrepare {
                layout.needsPrepare = false
                prepareLayout()
            }
            // A new size (a rotation) is an animated bounds change on iOS: the layout hears of
            // it around the animation framegen plays from the attributes before and after.
            if target.size != old.size {
                layout.prepare(forAnimatedBoundsChange: old)
                layout.finalizeAnimatedBoundsChange()
            }
        }

        /// The program's collection view subclass lays itself out after the cells are placed, as
        /// UIKit's `layoutSubviews()` runs after `super.layoutSubviews()` placed them, at every
        /// layout pass (a scroll step lays the scroll view out): Gemini transforms the visible
        /// cells there, InfiniteLayout moves the offset back to the middle. Inside framegen's
        /// pass, so that its `layoutIfNeeded()` does not start another.
        private func layOutOwnView() {
            guard isProgramsView else { return }
            passDepth += 1
            defer { passDepth -= 1 }
            // It places and transforms the cells (Gemini's), after the display pass.
            PhaseClock.measure(.cellConfiguration) {
                CrashReport.during("\(title) (\(type(of: layout))), in \(type(of: host)).layoutSubviews()") {
                    host.layoutSubviews()
                }
            }
        }

        /// A layout pass: `prepare()`, then the content size, which the collection view asks
        /// for before any attributes and keeps as its scroll view's `contentSize`, as UIKit's
        /// does (layouts that compute lazily count on that order).
        private func prepareLayout() {
            layout.prepare()
            host.contentSize = contentSize
            host.showListBackground()
        }

        /// What the program set on the view apart from the timeline's state (`publishedState`).
        var requests: [String: CustomValue] {
            guard let made, started else { return [:] }
            let (view, s) = (made.host, made.host.instant)
            var out: [String: CustomValue] = [:]
            let inset = view.contentInset
            if inset.geometry != s.contentInset {
                out[PublishedStateKey.requestedContentInset] = .numbers(
                    [inset.top, inset.left, inset.bottom, inset.right].map { Double($0) })
            }
            let offset = overruled ?? view.contentOffset
            if offset.geometry != s.contentOffset {
                out[PublishedStateKey.requestedContentOffset(s.name)] = .numbers(
                    [Double(offset.x), Double(offset.y)])
                if view.offsetSetAnimated {
                    out[PublishedStateKey.requestedContentOffsetAnimated(s.name)] = .bool(true)
                }
                if let t = view.offsetSetTime {
                    out[PublishedStateKey.requestedContentOffsetTime(s.name)] = .number(t)
                }
            }
            if Double(view.decelerationRate.rawValue) != s.decelerationRate.rawValue {
                out[PublishedStateKey.requestedDecelerationRate] = .number(
                    Double(view.decelerationRate.rawValue))
            }
            if view.isPagingEnabled != s.isPagingEnabled {
                out[PublishedStateKey.requestedPagingEnabled] = .bool(view.isPagingEnabled)
            }
            if view.alwaysBounceVertical != s.alwaysBounceVertical {
                out[PublishedStateKey.requestedAlwaysBounceVertical] = .bool(view.alwaysBounceVertical)
            }
            if view.alwaysBounceHorizontal != s.alwaysBounceHorizontal {
                out[PublishedStateKey.requestedAlwaysBounceHorizontal] = .bool(view.alwaysBounceHorizontal)
            }
            // Settings framegen keeps without following, where following them would change a
            // frame: said once each (docs/uikit.md "What is there").
            if !view.bounces {
                warnings.warn(
                    "\(title): bounces = false is kept, not followed: the timeline's drags and flings still rubber-band past the content's edges"
                )
            }
            if view.refreshControl?.isRefreshing == true {
                warnings.warn(
                    "\(title): refreshControl.beginRefreshing() is kept, not followed: framegen draws no refresh control and does not move the content down for it"
                )
            }
            for (name, request) in view.peerRequests where name != s.name {
                guard let peer = s.peers[name], CGSize(peer.bounds.size) == request.size else { continue }
                out[PublishedStateKey.requestedContentOffset(name)] = .numbers(
                    [Double(request.offset.x), Double(request.offset.y)])
            }
            return out
        }

        /// UIKit's display pass after a layout pass: cells for what the layout returns for the
        /// visible bounds (so that the cells of a replayed history are reused as on iOS).
        /// Self-sizing (docs/uikit.md "Self-sizing cells"): a pass whose views' preferred sizes
        /// invalidated the layout prepares it and runs again, at most this many times.
        static let selfSizingRounds = 8

        private func displayVisible() {
            // A history holds a scroll's start and the instant drawn, not the frames between,
            // at which iOS displayed (and measured) the items the scroll passed: a self-sizing
            // flow shows those first, then the visible ones.
            let bounds = host.bounds
            if layout.measuresPassedItems, let last = lastPassBounds, last.size == bounds.size, last != bounds
            {
                displayPasses(in: last.union(bounds))
            }
            lastPassBounds = bounds
            displayPasses(in: bounds)
        }

        /// The bounds of the last layout pass's display pass.
        private var lastPassBounds: CGRect?

        private func displayPasses(in rect: CGRect) {
            for _ in 0..<Self.selfSizingRounds {
                let objects = checkedElements(in: rect) { $0 }
                    .filter { !$0.isHidden && host.cells.drawsView(for: $0) }
                    .sorted { CellDisplay.Key($0) < CellDisplay.Key($1) }
                    .map { ($0.copy() as? UICollectionViewLayoutAttributes) ?? $0 }
                host.cells.resized = false
                host.cells.display(objects, selfSizing: true, in: host)
                guard host.cells.resized else { return }
                layout.needsPrepare = false
                prepareLayout()
            }
            if !warnedUnsettled {
                warnedUnsettled = true
                host.report(
                    "(\(type(of: layout))) did not settle: its cells' preferred sizes changed the layout in each of "
                        + "\(Self.selfSizingRounds) display passes; drawing the last")
            }
        }

        /// The warning above is given once.
        private var warnedUnsettled = false

        /// The frame's display pass over the elements the renderer draws: for each item, a copy
        /// of the layout's attributes object (its subclass and fields) with the geometry drawn
        /// at this instant (an animation interpolates it), applied to its cell; then each cell's
        /// layer tree.
        @discardableResult
        private func display(_ elements: [LayoutAttributes], items: [Int?]) -> [LayerSnapshot?] {
            /// UIKit's names for the elements (a flow header is `header` to the renderer).
            func key(_ e: LayoutAttributes) -> CellDisplay.Key {
                CellDisplay.Key(
                    category: UICollectionView.ElementCategory(e.representedElementCategory),
                    kind: e.representedElementKind.map(SupplementaryKind.uikit),
                    indexPath: IndexPath(e.indexPath))
            }
            var rect = host.bounds
            for e in elements { rect = rect.union(CGRect(e.frame)) }
            var objects: [CellDisplay.Key: UICollectionViewLayoutAttributes] = [:]
            forEachElement(in: rect) { o in objects[CellDisplay.Key(o)] = o }
            var picked: [UICollectionViewLayoutAttributes] = []
            var pickedItems: [Int?] = []
            var positions: [Int] = []
            for (i, e) in elements.enumerated() where !e.isHidden {
                let k = key(e)
                guard host.cells.drawsView(category: k.category, kind: k.kind) else { continue }
                let source: UICollectionViewLayoutAttributes?
                switch k.category {
                case .cell: source = objects[k] ?? layout.layoutAttributesForItem(at: k.indexPath)
                case .supplementaryView:
                    source =
                        objects[k]
                        ?? layout.layoutAttributesForSupplementaryView(ofKind: k.kind ?? "", at: k.indexPath)
                case .decorationView:
                    source =
                        objects[k]
                        ?? layout.layoutAttributesForDecorationView(ofKind: k.kind ?? "", at: k.indexPath)
                }
                let copy = (source?.copy() as? UICollectionViewLayoutAttributes) ?? layout.makeAttributes(e)
                copy.value.representedElementKind = k.kind
                copy.value.center = e.center
                copy.value.size = e.size
                copy.value.transform3D = e.transform3D
                copy.value.zIndex = e.zIndex
                copy.alpha = CGFloat(e.alpha)
                picked.append(copy)
                pickedItems.append(i < items.count ? items[i] : nil)
                positions.append(i)
            }
            let views = host.cells.display(picked, items: pickedItems, in: host)
            layOutOwnView()
            var out = [LayerSnapshot?](repeating: nil, count: elements.count)
            let plain = host.cells.drawsPlainCells
            presented = plain ? elements : []
            for (i, view) in zip(positions, views) {
                guard let view else { continue }
                if plain && elements[i].representedElementCategory == .cell {
                    presented[i] = host.cells.presented(elements[i], by: view, animator)
                } else {
                    // A view's draw(_:) runs here, the first time and after setNeedsDisplay().
                    out[i] = CrashReport.during(
                        host.cells.describe(view, "drawing its view tree (draw(_:))", at: host.instant)
                    ) { LayerSnapshotting.snapshot(view.layer) }
                }
            }
            return out
        }

        /// framegen's value for one of the layout's attributes objects: UIKit's element kinds
        /// become the scene's (`header`, `footer`); a flow header shows its section's title.
        package func value(_ object: UICollectionViewLayoutAttributes) -> LayoutAttributes {
            if checkedClasses.insert(ObjectIdentifier(type(of: object))).inserted,
                let lost = AttributesCopyCheck.lostFields(object)
            {
                warnings.warn(
                    "\(title): a copy of \(type(of: object)) loses \(lost.joined(separator: ", ")); override copy(with:) to copy them, as iOS needs too"
                )
            }
            var v = object.value
            boundedZIndex(&v)
            if let kind = v.representedElementKind, let engine = SupplementaryKind.engine(kind) {
                v.representedElementKind = engine
                if v.text == nil { v.text = host.data.title(forSection: v.indexPath.section) }
            }
            return v
        }
    }
}

/// The scene's flow keys (docs/scene.md "flow") on a `UICollectionViewFlowLayout`, parsed by the
/// built-in flow layout's own reader; only the keys the scene gives are set, so a subclass's
/// own settings stand otherwise.
struct FlowParameters: Sendable {
    private let flow: FlowLayout
    private let given: Set<String>

    /// Checks the keys as the built-in `flow` does (a wrong type is the scene's error).
    package init(_ parameters: [String: CustomValue]) throws(LayoutParameterError) {
        flow = try FlowLayout(parameters: parameters)
        given = Set(parameters.keys)
    }

    package func apply(to layout: UICollectionViewFlowLayout) {
        if given.contains("scrollDirection") {
            layout.scrollDirection = flow.scrollDirection == .vertical ? .vertical : .horizontal
        }
        if given.contains("itemSize") { layout.itemSize = CGSize(flow.itemSize) }
        if given.contains("minimumLineSpacing") {
            layout.minimumLineSpacing = CGFloat(flow.minimumLineSpacing)
        }
        if given.contains("minimumInteritemSpacing") {
            layout.minimumInteritemSpacing = CGFloat(flow.minimumInteritemSpacing)
        }
        if given.contains("sectionInset") { layout.sectionInset = UIEdgeInsets(flow.sectionInset) }
        if given.contains("headerReferenceSize") {
            layout.headerReferenceSize = CGSize(flow.headerReferenceSize)
        }
        if given.contains("footerReferenceSize") {
            layout.footerReferenceSize = CGSize(flow.footerReferenceSize)
        }
    }
}

extension UIKitLayout {
    /// A layout type scenes can name: `type` with the user's factory. A flow layout (or
    /// subclass) takes the scene's flow keys; other layouts take none.
    ///
    /// `cells`: the program's cell classes by name (`{ WheelCell(frame: $0) }`); a scene draws
    /// the items with one by naming it (`layout: {type: wheel, cell: wheel-cell}`).
    ///
    /// `supplementaryKinds`: the layout's own supplementary kinds (beside UIKit's headers and
    /// footers) that a scene may draw with a class of the program's, each by a key of its name
    /// (`layout: {type: album, cell: photo, title: album-title}`).
    ///
    /// `collectionView`: makes the collection view as the program's own subclass
    /// (`{ GeminiCollectionView(frame: $0, collectionViewLayout: $1) }`); nil: a plain one.
    public static func descriptor(
        type: String, cells: [String: UICollectionViewCellFactory] = [:], supplementaryKinds: [String] = [],
        collectionView: CollectionViewFactory? = nil,
        warnings: LayoutWarnings = LayoutWarnings(),
        factory: @escaping Factory
    ) -> LayoutDescriptor {
        let replays = Replays(
            name: type, factory: factory, makeView: collectionView, parameters: nil, cells: Cells(),
            warnings: warnings)
        let probe = Live(replays, probe: true)
        let (isFlow, className) = probe.withLock(at: replays.root) { s in
            (s.layout is UICollectionViewFlowLayout, String(describing: Swift.type(of: s.layout)))
        }
        let names = cells.keys.sorted()
        let registered = names.isEmpty ? "this program registers none" : names.joined(separator: ", ")
        let viewParameters =
            [
                LayoutParameter(
                    name: cellParameter, defaultValue: nil,
                    summary: "the cell that draws the items: " + registered)
            ]
            + UIKitLayout.viewKeys(supplementaryKinds).map { key, kind in
                LayoutParameter(
                    name: key, defaultValue: nil,
                    summary: (key == kind
                        ? "the view that draws the supplementary views of kind \(kind): "
                        : "the view that draws the section \(key)s: ") + registered)
            }
        let viewKeys = viewParameters.map(\.name)
        return LayoutDescriptor(
            type: type, summary: "\(className), a UIKit layout registered by this program",
            parameters: (isFlow ? FlowLayout.parameters : []) + viewParameters,
            // A flow layout's headers and footers look as the built-in flow's do.
            look: isFlow ? "flow" : nil
        ) { parameters throws(LayoutParameterError) in
            var given = parameters
            var kept: [String: CustomValue] = [:]
            for key in viewKeys {
                guard let view = given.removeValue(forKey: key) else { continue }
                guard case .string(let name) = view, cells[name] != nil else {
                    throw LayoutParameterError(
                        parameter: key, found: view.description,
                        expected: names.isEmpty
                            ? "no value: this program registers no cells (FrameGenCommandLine.main(layouts:cells:))"
                            : "one of the cells this program registers: " + names.joined(separator: ", "))
                }
                kept[key] = view
            }
            if isFlow {
                _ = try FlowParameters(given)
                kept.merge(given) { a, _ in a }
            }
            return UIKitLayout(
                name: type, parameters: kept, cells: cells, supplementaryKinds: supplementaryKinds,
                collectionView: collectionView, warnings: warnings, factory: factory)
        }
    }

    /// A program's registrations as layout types, in the order of their names: what
    /// `FrameGenCommandLine.main(layouts:cells:collectionViews:)` registers, for
    /// `FrameGenTesting` and the in-memory renderer. `collectionViews` are keyed by the name of
    /// the layout whose collection view each makes.
    public static func descriptors(
        layouts: [String: Factory], cells: [String: UICollectionViewCellFactory] = [:],
        collectionViews: [String: CollectionViewFactory] = [:],
        warnings: LayoutWarnings = LayoutWarnings()
    ) throws(RegistrationError) -> [LayoutDescriptor] {
        if let stray = collectionViews.keys.sorted().first(where: { layouts[$0] == nil }) {
            throw RegistrationError(
                message:
                    "this program registers a collection view for \"\(stray)\", which is not one of its layouts ("
                    + (layouts.isEmpty ? "it registers none" : layouts.keys.sorted().joined(separator: ", "))
                    + "); key collectionViews: by the layout's name")
        }
        return layouts.keys.sorted().map {
            descriptor(
                type: $0, cells: cells, collectionView: collectionViews[$0], warnings: warnings,
                factory: layouts[$0]!)
        }
    }

    /// `descriptors(layouts:cells:...)` for factories kept in a dictionary whose values make one
    /// class (`UICollectionViewCellFactories` says why).
    public static func descriptors<View: UICollectionReusableView>(
        layouts: [String: Factory], cells: [String: (CGRect) -> View],
        collectionViews: [String: CollectionViewFactory] = [:], warnings: LayoutWarnings = LayoutWarnings()
    ) throws(RegistrationError) -> [LayoutDescriptor] {
        try descriptors(
            layouts: layouts, cells: UICollectionViewCellFactories.wrapping(cells),
            collectionViews: collectionViews,
            warnings: warnings)
    }

    public static func descriptors<View: UICollectionReusableView>(
        layouts: [String: Factory], cells: [String: @Sendable (CGRect) -> View],
        collectionViews: [String: CollectionViewFactory] = [:], warnings: LayoutWarnings = LayoutWarnings()
    ) throws(RegistrationError) -> [LayoutDescriptor] {
        try descriptors(
            layouts: layouts, cells: UICollectionViewCellFactories.wrapping(cells),
            collectionViews: collectionViews,
            warnings: warnings)
    }

    /// A registration that names what the program does not register.
    public struct RegistrationError: Error, CustomStringConvertible, Sendable {
        public let message: String
        public var description: String { message }
    }
}

extension UIKitLayout.Event {
    /// The collection view's state the event happens in, when it has one.
    package var state: CollectionViewState? {
        switch self {
        case .prepare(let s), .willBeginDragging(let s), .willEndDragging(let s, _, _),
            .didEndDragging(let s, _),
            .didEndDecelerating(let s), .didEndScrollingAnimation(let s),
            .tap(_, let s), .gesture(_, let s), .sceneUpdates(_, let s):
            return s
        case .invalidate, .updates, .finalizeUpdates, .display: return nil
        }
    }

    /// For a crash report: what framegen was doing, and when in the scene.
    package var summary: String {
        func at(_ s: CollectionViewState) -> String {
            // + 0 writes -0.0 as 0.0.
            "at t = \(s.time) s, content offset (\(s.bounds.minX + 0), \(s.bounds.minY + 0))"
        }
        switch self {
        case .prepare(let s): return "preparing (prepare(), invalidation) \(at(s))"
        case .invalidate: return "in invalidateLayout()"
        case .updates: return "in prepare(forCollectionViewUpdates:)"
        case .finalizeUpdates: return "in finalizeCollectionViewUpdates()"
        case .willBeginDragging(let s): return "as a drag begins \(at(s))"
        case .willEndDragging(let s, _, _):
            return "in targetContentOffset(forProposedContentOffset:withScrollingVelocity:) \(at(s))"
        case .didEndDragging(let s, _): return "as a drag ends \(at(s))"
        case .didEndDecelerating(let s): return "as a deceleration ends \(at(s))"
        case .didEndScrollingAnimation(let s): return "as an animated scroll ends \(at(s))"
        case .tap(let p, let s): return "on a tap on item \(p) \(at(s))"
        case .gesture(let g, let s):
            switch g.kind {
            case .drag: return "on a drag from (\(g.location.x), \(g.location.y)) \(at(s))"
            case .pinch: return "on a pinch at (\(g.location.x), \(g.location.y)) \(at(s))"
            case .fling(let v): return "on a fling of (\(v.x), \(v.y)) pt/s \(at(s))"
            }
        case .sceneUpdates(_, let s): return "offered the scene's update \(at(s))"
        case .display: return "in its display pass (cells)"
        }
    }
}

/// Where the scene's update stands with a `SceneUpdateDelegate`.
enum SceneUpdateProgress: Sendable {
    /// No delegate took it (or none was offered): the engine animates it.
    case declined
    /// The delegate animates; the data changes when it calls `commit`.
    case animating
    case committed
}

/// UIKit copies attributes (and so does framegen): a subclass whose `copy(with:)` does not copy
/// its own fields draws with their defaults. Seen by comparing an object's fields with a copy's.
enum AttributesCopyCheck {
    /// The subclass fields (below UICollectionViewLayoutAttributes) whose value a copy does not
    /// keep; nil when it keeps them all.
    static func lostFields(_ object: UICollectionViewLayoutAttributes) -> [String]? {
        guard let copy = object.copy() as? UICollectionViewLayoutAttributes else { return ["its class"] }
        var lost: [String] = []
        var a: Mirror? = Mirror(reflecting: object)
        var b: Mirror? = Mirror(reflecting: copy)
        while let m = a, let n = b, m.subjectType != UICollectionViewLayoutAttributes.self {
            for (x, y) in zip(m.children, n.children)
            where String(describing: x.value) != String(describing: y.value) {
                lost.append(x.label ?? "a field")
            }
            a = m.superclassMirror
            b = n.superclassMirror
        }
        return lost.isEmpty ? nil : lost
    }
}
