import FrameGenGeometry

/// How the renderer orders a view's elements.
public enum DrawingOrder: String, Hashable, Sendable {
    /// UIKit: ascending zIndex; equal zIndex falls back to cells, then supplementary, then
    /// decoration views, each in ascending index path order.
    case zIndex
    /// iCarousel: ascending z of the point (1, 1, 1) after each element's transform, so nearer
    /// elements draw later; the layout's zIndex breaks ties.
    case depth

    /// Where `a` draws among its view's elements in this order: they draw by ascending key,
    /// so the topmost, which a tap hits, has the largest. `position` is the element's place in
    /// the list drawn, the last tie-break.
    public func key(_ a: LayoutAttributes, position: Int) -> Key {
        Key(a, position: position, order: self)
    }

    /// docs/decisions.md "Drawing order": ascending zIndex (or, in depth order, ascending depth
    /// first); ties: cells, then supplementary views, then decoration views, each by index
    /// path, then by their place in the list.
    public struct Key: Comparable, Sendable {
        /// Depth order: the z of (1, 1, 1) after the element's transform (iCarousel); 0 otherwise.
        var depth: Double
        var zIndex: Int
        var category: Int
        var section: Int
        var item: Int
        var position: Int

        init(_ a: LayoutAttributes, position: Int, order: DrawingOrder) {
            let t = a.transform3D
            depth = order == .depth ? t.m13 + t.m23 + t.m33 + t.m43 : 0
            zIndex = a.zIndex
            switch a.representedElementCategory {
            case .cell: category = 0
            case .supplementaryView: category = 1
            case .decorationView: category = 2
            }
            section = a.indexPath.section
            item = a.indexPath.item
            self.position = position
        }

        public static func < (a: Key, b: Key) -> Bool {
            if a.depth != b.depth { return a.depth < b.depth }
            return (a.zIndex, a.category, a.section, a.item, a.position) < (
                b.zIndex, b.category, b.section, b.item, b.position
            )
        }
    }
}

/// The UICollectionViewLayout contract, as a value a timeline can copy, invalidate and animate.
///
/// A layout is prepared with the state of its collection view (`prepare(_:)`), then answered
/// queries in content coordinates. The engine calls `prepare(_:)` again whenever the state or
/// the data changed (a new frame may also build a fresh instance: layouts are cheap to create and
/// prepare, deterministic, and hold no shared mutable state, so frames can be computed on several
/// threads). Everything a layout reads comes from the `CollectionViewState` it was prepared with.
///
/// A custom layout only has to implement `prepare(_:)`, `collectionViewContentSize`,
/// `layoutAttributesForElements(in:)` and `layoutAttributesForItem(at:)`; every other member
/// has UIKit's default behaviour.
///
/// Layouts that run their own animations (driven by taps, drags or batch updates) keep the
/// event times in their own stored properties and evaluate the animation at
/// `CollectionViewState.time` in `prepare(_:)`; the event hooks below are `mutating` for that.
public protocol CollectionViewLayout: Sendable {
    /// UICollectionViewLayout.prepare(): compute everything the queries need from `collectionView`.
    mutating func prepare(_ collectionView: CollectionViewState)

    /// The size of the scrollable content, in points.
    var collectionViewContentSize: Size { get }

    /// Every element whose (untransformed) frame intersects `rect`, unless the layout's original
    /// documents otherwise (some return every element).
    func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes]

    func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes?

    func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
        -> LayoutAttributes?

    func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
        -> LayoutAttributes?

    /// Whether the attributes change when the bounds become `newBounds` (UIKit's base: no).
    func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool

    /// UICollectionViewLayout.invalidateLayout(): drop what `prepare(_:)` computed.
    mutating func invalidateLayout()

    /// The content offset to use after a layout change (rotation, `set`). Default: unchanged.
    func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point

    /// Where a deceleration should come to rest (snapping); `velocity` is in points per second,
    /// positive toward the content's end. Default: unchanged.
    func targetContentOffset(
        forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point
    ) -> Point

    /// Called on the layout prepared with the data after the update, before the animation.
    mutating func prepare(forCollectionViewUpdates updateItems: [UpdateItem])

    /// Called when the update animation has been set up; clear per-update state here.
    mutating func finalizeCollectionViewUpdates()

    /// Offered before a batch update, on the layout prepared with the data *before* it. Return
    /// nil (the default) for the engine's standard animation (prepare with the new data, then
    /// `prepare(forCollectionViewUpdates:)` and the initial/final attributes). Return a duration
    /// to animate the update yourself, from `collectionView.time` over that many seconds, still
    /// showing the old data; the engine then applies the data change at its end without
    /// animation (the Photos thumbnails' two-phase delete).
    mutating func collectionViewWillPerformBatchUpdates(
        _ updateItems: [UpdateItem], _ collectionView: CollectionViewState
    ) -> Double?

    /// Where an inserted item starts its animation; nil means the engine's default (its final
    /// attributes with alpha 0), as UIKit's base class does.
    func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes?

    /// Where a deleted item ends its animation. `current` is the item's attributes just before
    /// the update (what UIKit's superclass implementation hands back); nil means the engine's
    /// default (`current` with alpha 0).
    func finalLayoutAttributesForDisappearingItem(
        at itemIndexPath: IndexPath, current: LayoutAttributes
    ) -> LayoutAttributes?

    func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind kind: String, at elementIndexPath: IndexPath
    ) -> LayoutAttributes?

    func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind kind: String, at elementIndexPath: IndexPath, current: LayoutAttributes
    ) -> LayoutAttributes?

    /// UIScrollViewDelegate.scrollViewWillBeginDragging, with the state at that instant.
    mutating func collectionViewWillBeginDragging(_ collectionView: CollectionViewState)

    /// A drag or fling's release, asked once of the layout that goes on, before
    /// `collectionViewDidEndDragging(_:willDecelerate:)` as UIKit asks it: where the deceleration
    /// should come to rest, `velocity` in points per second. A layout may keep state here (a
    /// pager its page). Default: `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`
    /// of a copy prepared at `collectionView`.
    mutating func collectionViewWillEndDragging(
        _ collectionView: CollectionViewState, proposedContentOffset: Point, velocity: Point
    ) -> Point

    /// UIScrollViewDelegate.scrollViewDidEndDragging(_:willDecelerate:).
    mutating func collectionViewDidEndDragging(
        _ collectionView: CollectionViewState, willDecelerate decelerate: Bool)

    /// UIScrollViewDelegate.scrollViewDidEndDecelerating.
    mutating func collectionViewDidEndDecelerating(_ collectionView: CollectionViewState)

    /// UIScrollViewDelegate.scrollViewDidEndScrollingAnimation: an animated scroll the program
    /// or the scene asked for (`setContentOffset(_:animated: true)`, `scrollToItem(at:at:animated:
    /// true)`, the scene's `scroll`) has ended, with the view at its end. Not after a drag or
    /// fling, nor a scroll that another motion cut short, as on iOS.
    mutating func collectionViewDidEndScrollingAnimation(_ collectionView: CollectionViewState)

    /// A tap on an item. Return true when the layout handles it (zoom, focus...); false lets the
    /// engine scroll the item to the centre (docs/design/motion.md §6). Default: false.
    mutating func collectionViewDidTapItem(at indexPath: IndexPath, _ collectionView: CollectionViewState)
        -> Bool

    /// A drag, pinch or fling, offered before the engine scrolls or zooms the view: views of the
    /// layout's own (gesture recognisers of a UIKit program's) may take it. Returns how many
    /// seconds from the gesture's start the layout then drives what is drawn (the gesture and
    /// the animations it set off); nil leaves the gesture to the engine: a drag scrolls, a pinch
    /// zooms, a fling decelerates. Default: nil.
    mutating func collectionViewDidReceive(_ gesture: TouchGesture, _ collectionView: CollectionViewState)
        -> Double?

    /// Called on a layout made from new parameters (the scene's `set`, a pinch) with the layout
    /// it replaces: take what the user did to the old one (events, a scroll position the layout
    /// keeps itself), as a UIKit layout object keeps its state when a property changes.
    /// Default: nothing.
    mutating func adoptState(of previous: any CollectionViewLayout)

    /// The scene time until which the layout's own animations change its attributes even
    /// without scrolling (so the engine knows frames differ); nil when none runs.
    var animationEndTime: Double? { get }

    /// The next instant after the last event at which the layout's own code runs with nothing
    /// else happening (a timer, work sent for later, a completion, a display link's next
    /// firing), where it may ask for a new content offset (`publishedState`): the timeline looks
    /// there while it does not move the view. nil: none. Default: nil.
    var nextScheduledEvent: Double? { get }

    /// Whether the layout must hear of every screen refresh of a drag or fling (60 a second,
    /// as UIKit's scroll view moves), not only of the instants drawn: a layout whose state
    /// integrates over time, as UIKit Dynamics springs do (docs/uikit.md "UIKit Dynamics").
    /// Default: false.
    var wantsEveryScrollStep: Bool { get }

    /// How the renderer orders this layout's elements. Default: `.zIndex`.
    var drawingOrder: DrawingOrder { get }

    /// A sublayerTransform for the collection view's layer (one vanishing point at the view's
    /// centre, iCarousel style); nil for none. Default: nil.
    var sublayerTransform: Transform3D? { get }

    /// Values other views of the scene may read through `PeerViewState.published` (e.g. the
    /// index of the focused photo). Default: empty.
    var publishedState: [String: CustomValue] { get }

    /// The views that draw `elements` (this frame's, as the renderer will draw them), one per
    /// element, nil where the renderer draws the element with the scene's styles. Called after
    /// the frame's `prepare(_:)` and queries, as UIKit's display pass follows its layout pass.
    /// Default: nil (every element drawn with the scene's styles).
    mutating func display(_ elements: [LayoutAttributes]) -> [LayerSnapshot?]?

    /// `display(_:)` with the scene's identity of each element's item (nil for other elements
    /// and where unknown), which follows an item through inserts, deletes and moves: during an
    /// update animation an item that leaves and the one that takes its index path are both
    /// shown, and each keeps its own view. Default: `display(elements)`.
    mutating func display(_ elements: [LayoutAttributes], items: [Int?]) -> [LayerSnapshot?]?

    /// Whether `display(_:)` draws views of the layout's own (then an animated change prepares
    /// the layout at each instant so that it can). Default: false.
    var drawsOwnViews: Bool { get }

    /// What the view draws behind its elements after `display(_:)`, filling its visible bounds
    /// (a UIKit collection view's `backgroundColor` and `backgroundView`); nil for nothing.
    /// Default: nil.
    var backgroundSnapshot: LayerSnapshot? { get }

    /// `elements` (those just given to `display(_:)`) where their views show them at this
    /// instant: a view animation on a cell drawn with the scene's styles moves it (a UIKit
    /// layout's `UIView.animate`). Default: `elements`.
    func presented(_ elements: [LayoutAttributes]) -> [LayoutAttributes]

    /// The section that scrolls on its own under `point` (content coordinates) in the prepared
    /// layout, which a drag there moves instead of the view; nil: none (the default).
    func orthogonalScrollView(at point: Point) -> OrthogonalScrollView?

    /// True: after a batch update the layout moves its elements itself (a physics engine's
    /// springs), so an update shows the layout as it is at each instant rather than an
    /// interpolation from the attributes before to those after. False by default.
    var movesItsOwnUpdates: Bool { get }
}

extension CollectionViewLayout {
    public mutating func display(_ elements: [LayoutAttributes]) -> [LayerSnapshot?]? { nil }

    public mutating func display(_ elements: [LayoutAttributes], items: [Int?]) -> [LayerSnapshot?]? {
        display(elements)
    }

    public var drawsOwnViews: Bool { false }

    public var backgroundSnapshot: LayerSnapshot? { nil }

    public func presented(_ elements: [LayoutAttributes]) -> [LayoutAttributes] { elements }

    public func orthogonalScrollView(at point: Point) -> OrthogonalScrollView? { nil }

    public var movesItsOwnUpdates: Bool { false }

    public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    { nil }

    public func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    { nil }

    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

    public mutating func invalidateLayout() {}

    public func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
        proposedContentOffset
    }

    public func targetContentOffset(
        forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point
    ) -> Point {
        proposedContentOffset
    }

    public mutating func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) {}

    public mutating func finalizeCollectionViewUpdates() {}

    public mutating func collectionViewWillPerformBatchUpdates(
        _ updateItems: [UpdateItem], _ collectionView: CollectionViewState
    ) -> Double? { nil }

    public func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> LayoutAttributes?
    { nil }

    public func finalLayoutAttributesForDisappearingItem(
        at itemIndexPath: IndexPath, current: LayoutAttributes
    ) -> LayoutAttributes? { nil }

    public func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind kind: String, at elementIndexPath: IndexPath
    ) -> LayoutAttributes? { nil }

    public func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind kind: String, at elementIndexPath: IndexPath, current: LayoutAttributes
    ) -> LayoutAttributes? { nil }

    public mutating func collectionViewWillBeginDragging(_ collectionView: CollectionViewState) {}

    public mutating func collectionViewWillEndDragging(
        _ collectionView: CollectionViewState, proposedContentOffset: Point, velocity: Point
    ) -> Point {
        // Asked of a copy prepared at the release, which leaves the layout as it was.
        var prepared = self
        prepared.prepare(collectionView)
        return prepared.targetContentOffset(
            forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity)
    }

    public mutating func collectionViewDidEndDragging(
        _ collectionView: CollectionViewState, willDecelerate decelerate: Bool
    ) {}

    public mutating func collectionViewDidEndDecelerating(_ collectionView: CollectionViewState) {}

    public mutating func collectionViewDidEndScrollingAnimation(_ collectionView: CollectionViewState) {}

    public mutating func collectionViewDidTapItem(
        at indexPath: IndexPath, _ collectionView: CollectionViewState
    ) -> Bool { false }

    public mutating func collectionViewDidReceive(
        _ gesture: TouchGesture, _ collectionView: CollectionViewState
    ) -> Double? { nil }

    public mutating func adoptState(of previous: any CollectionViewLayout) {}

    public var animationEndTime: Double? { nil }

    public var nextScheduledEvent: Double? { nil }

    public var wantsEveryScrollStep: Bool { false }

    public var drawingOrder: DrawingOrder { .zIndex }

    public var sublayerTransform: Transform3D? { nil }

    public var publishedState: [String: CustomValue] { [:] }
}
