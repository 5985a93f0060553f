import Geometry

/// The Photos-app clone's thumbnail strip, the accordion (layouts.md B.2.2, B.2.3).
///
/// Geometry (itemHeight H = 66 by default): items are itemW = H x defaultAspectRatio (33) wide and
/// H tall, pitch = itemW + distanceBetween (37); cell i's base centre is (i·pitch + itemW/2,
/// H/2); the content is N·pitch x H. The layout wants farInset = (W - itemW - distanceBetween)/2
/// as the view's left and right content inset (published as `requestedContentInset`), so that
/// offsetX = contentOffset.x + farInset is the offset without insets.
///
/// Each cell has a state (expanding e, collapsing c, deleting d, deletingDirection):
/// - e from the scroll: with δ = |i·pitch - offsetX|, e = (1 - δ/pitch) x expandingRate when
///   δ < pitch, else 0; then the running animation's overrides replace fields;
/// - additional width a = (H x aspect - itemW) x e, aspect = the photo's width / height
///   (defaultAspectRatio when unknown); size = (ceil((itemW + a)(1 - c)), H(1 - c)) about the
///   base centre; alpha = 1 - c;
/// - sym = (a + distanceBetweenFocused x e)/2 x (1 - d); shift(left) = sym, shift(right) =
///   sym - itemW x d; a cell's leftShift is shift(opposite of its direction), its rightShift
///   shift(its direction); cell j is translated by the sum over the other cells k of
///   -leftShift(k) when j < k and +rightShift(k) when j > k (an affine translation).
/// A fully expanded cell so keeps a gap of distanceBetween + distanceBetweenFocused/2 (14 pt) to
/// its neighbours whatever its aspect ratio (the ceil of the width can take up to 1 pt of it).
/// Every item is returned whatever the rect, as the original does.
///
/// Animations, driven by the strip's scroll-view hooks, taps and batch updates and evaluated at
/// `CollectionViewState.time` (each records its event time; events must arrive in time order):
/// - will-begin-dragging: expandingRate eases (quadratic easeInOut) to 0 over
///   0.15 x |rate - 0| s; did-end-dragging without deceleration or did-end-decelerating: to 1
///   over 0.15 x |rate - 1| s;
/// - a tap on an item other than the active (nearest) one: the focus animation, 0.3 s quadratic
///   easeInOut progress p: rate 0 meanwhile, the tapped cell e = p, the previously active one
///   e = 1 - p, and the strip's requested content offset goes from its offset at the tap to
///   index·pitch - farInset; the preview is asked to jump to the tapped page at once;
/// - a batch update deleting one item of more than two (the original refuses the others; the
///   engine then animates them its default way): two linear 0.15 s phases: the cell collapses
///   (c = p), then it is deleted (c = 1, d = p, direction right, left for the last item) while
///   its neighbour on that side expands (e = p). The engine applies the data change at the end,
///   without animation.
///
/// Synchronisation with the preview (`syncWith` names the preview view; through `peers`):
/// - while the strip is not being dragged or decelerating and no focus runs, it asks to follow
///   the preview: `requestedContentOffset.<own name>` = (preview offset.x / preview width) x
///   pitch - farInset;
/// - while it is dragged or decelerates, it asks the preview to show its nearest item:
///   `requestedContentOffset.<preview>` = (nearestIndex x preview width, preview offset.y);
/// - while a focus runs it requests both (its own animated offset, the preview at the tapped
///   page); afterwards the preview stays where it was put and the strip follows it again.
/// A programmatic `scroll` of the strip sends no drag hooks, so the preview does not follow it.
/// nearestIndex = clamp(floor(offsetX/pitch + 0.5), 0, N - 1), published as `activeIndex`.
///
/// Quirks of the original on by default: `snapQuirk` (the snap's right candidate is clamped to N,
/// one past the last item, and the left one not at all), `deleteShiftQuirk` (the delete moves
/// the cells by itemW, not the pitch, so they jump 4 pt when the data changes) and
/// `aspectRatioClampQuirk` (no clamping of the aspect ratio; false clamps it to 0.2...5, the
/// original's unused bounds).
public struct ThumbnailsLayout: CollectionViewLayout {
    public var syncWith: String?
    public var itemHeight: Double
    public var defaultAspectRatio: Double
    public var distanceBetween: Double
    public var distanceBetweenFocused: Double
    public var snapQuirk: Bool
    public var deleteShiftQuirk: Bool
    public var aspectRatioClampQuirk: Bool

    /// Durations of the original's animations, in seconds.
    public static let rateAnimationDuration = 0.15
    public static let focusDuration = 0.3
    public static let deletePhaseDuration = 0.15

    public enum Direction: String, Hashable, Sendable {
        case left
        case right

        public var inversed: Direction { self == .left ? .right : .left }
    }

    /// One cell's animation state (the original's Cell.State).
    public struct CellState: Hashable, Sendable {
        public var expanding: Double
        public var collapsing: Double
        public var deleting: Double
        public var deletingDirection: Direction

        public init(
            expanding: Double = 0, collapsing: Double = 0, deleting: Double = 0,
            deletingDirection: Direction = .left
        ) {
            self.expanding = expanding
            self.collapsing = collapsing
            self.deleting = deleting
            self.deletingDirection = deletingDirection
        }
    }

    /// A cell's geometry from its state (the original's Cell with its Dimensions).
    public struct Cell: Hashable, Sendable {
        public var item: Int
        public var itemSize: Size
        public var aspectRatio: Double
        public var distanceBetween: Double
        public var distanceBetweenFocused: Double
        /// What a full delete moves the cells by: itemW in the original, the pitch without the quirk.
        public var deleteShift: Double
        public var state: CellState

        public var additionalWidth: Double {
            (itemSize.height * aspectRatio - itemSize.width) * state.expanding
        }

        public func shift(from direction: Direction) -> Double {
            let symmetric =
                (additionalWidth + distanceBetweenFocused * state.expanding) / 2 * (1 - state.deleting)
            switch direction {
            case .left: return symmetric
            case .right: return symmetric - deleteShift * state.deleting
            }
        }

        public var leftShift: Double { shift(from: state.deletingDirection.inversed) }
        public var rightShift: Double { shift(from: state.deletingDirection) }

        public var size: Size {
            Size(
                width: ((itemSize.width + additionalWidth) * (1 - state.collapsing)).rounded(.up),
                height: itemSize.height * (1 - state.collapsing))
        }

        public var center: Point {
            Point(
                x: Double(item) * (itemSize.width + distanceBetween) + itemSize.width / 2,
                y: itemSize.height / 2)
        }
    }

    /// A hook call or tap, recorded with its scene time.
    public enum Event: Hashable, Sendable {
        case willBeginDragging(time: Double)
        case didEndDragging(time: Double, willDecelerate: Bool)
        case didEndDecelerating(time: Double)
        case focus(time: Double, item: Int, fromItem: Int, fromOffset: Double)
        case delete(time: Double, item: Int, count: Int)

        public var time: Double {
            switch self {
            case .willBeginDragging(let t), .didEndDragging(let t, _), .didEndDecelerating(let t),
                .focus(let t, _, _, _), .delete(let t, _, _):
                return t
            }
        }
    }

    public private(set) var events: [Event] = []
    public private(set) var collectionView: CollectionViewState?
    /// The item to keep across a size change; nil when the last prepare kept the size.
    public private(set) var targetIndex: Int?

    public init(
        syncWith: String? = nil, itemHeight: Double = 66, defaultAspectRatio: Double = 0.5,
        distanceBetween: Double = 4, distanceBetweenFocused: Double = 20, snapQuirk: Bool = true,
        deleteShiftQuirk: Bool = true, aspectRatioClampQuirk: Bool = true
    ) {
        self.syncWith = syncWith
        self.itemHeight = itemHeight
        self.defaultAspectRatio = defaultAspectRatio
        self.distanceBetween = distanceBetween
        self.distanceBetweenFocused = distanceBetweenFocused
        self.snapQuirk = snapQuirk
        self.deleteShiftQuirk = deleteShiftQuirk
        self.aspectRatioClampQuirk = aspectRatioClampQuirk
    }

    // MARK: Geometry

    public var itemSize: Size { Size(width: itemHeight * defaultAspectRatio, height: itemHeight) }
    public var pitch: Double { itemSize.width + distanceBetween }

    public func farInset(_ cv: CollectionViewState) -> Double {
        (cv.size.width - itemSize.width - distanceBetween) / 2
    }

    private func count(_ cv: CollectionViewState) -> Int { cv.numberOfItems(inSection: 0) }

    public func nearestIndex(_ cv: CollectionViewState) -> Int {
        let n = count(cv)
        guard pitch > 0 else { return 0 }
        let f = ((cv.contentOffset.x + farInset(cv)) / pitch + 0.5).rounded(.down)
        let clamped = Swift.min(Swift.max(f.isFinite ? f : 0, 0), Double(Swift.max(0, n - 1)))
        return Swift.max(0, Swift.min(Int(clamped), n - 1))
    }

    private func aspectRatio(_ item: Int, _ cv: CollectionViewState) -> Double {
        let a = cv.dataSource.item(at: IndexPath(section: 0, item: item))?.aspectRatio ?? defaultAspectRatio
        return aspectRatioClampQuirk ? a : Swift.min(Swift.max(a, 0.2), 5)
    }

    // MARK: Animation state at a time

    /// expandingRate at `time`: folds the rate-changing events up to it.
    public func expandingRate(at time: Double) -> Double {
        // The running segment: from `from` at `start` to `to` over `duration` (eased), or a focus
        // hold (0 until start + duration, then 1).
        var from = 1.0
        var to = 1.0
        var start = -Double.infinity
        var duration = 0.0
        var hold = false
        func value(_ t: Double) -> Double {
            if hold { return t < start + duration ? 0 : 1 }
            guard duration > 0 else { return to }
            return from + (to - from) * Easing.quadraticEaseInOut((t - start) / duration)
        }
        for e in events where e.time <= time {
            let target: Double
            switch e {
            case .willBeginDragging: target = 0
            case .didEndDragging(_, let decelerate):
                if decelerate { continue }
                target = 1
            case .didEndDecelerating: target = 1
            case .focus(let t, _, _, _):
                hold = true
                start = t
                duration = ThumbnailsLayout.focusDuration
                continue
            case .delete: continue
            }
            let r0 = value(e.time)
            hold = false
            from = r0
            to = target
            start = e.time
            duration = ThumbnailsLayout.rateAnimationDuration * Swift.abs(target - r0)
        }
        return value(time)
    }

    /// Whether the strip is being dragged or decelerating at `time`.
    public func isTracking(at time: Double) -> Bool {
        var tracking = false
        for e in events where e.time <= time {
            switch e {
            case .willBeginDragging: tracking = true
            case .didEndDragging(_, let decelerate): tracking = decelerate
            case .didEndDecelerating: tracking = false
            case .focus, .delete: break
            }
        }
        return tracking
    }

    /// The focus running at `time` with its eased progress; nil when none (a later drag ends one).
    public func focus(at time: Double) -> (
        item: Int, fromItem: Int, fromOffset: Double, start: Double, progress: Double
    )? {
        var found: (Int, Int, Double, Double)?
        for e in events where e.time <= time {
            switch e {
            case .focus(let t, let item, let fromItem, let fromOffset):
                found = (item, fromItem, fromOffset, t)
            case .willBeginDragging: found = nil
            default: break
            }
        }
        guard let (item, fromItem, fromOffset, start) = found else { return nil }
        let x = (time - start) / ThumbnailsLayout.focusDuration
        return (item, fromItem, fromOffset, start, Easing.quadraticEaseInOut(x))
    }

    /// The delete running at `time`: its item, the item count before it, and its linear time
    /// fraction over both phases (0...1); nil when none.
    public func delete(at time: Double) -> (item: Int, count: Int, fraction: Double)? {
        let total = 2 * ThumbnailsLayout.deletePhaseDuration
        for e in events.reversed() where e.time <= time {
            if case .delete(let t, let item, let count) = e {
                guard time < t + total else { return nil }
                return (item, count, (time - t) / total)
            }
        }
        return nil
    }

    /// Every cell's state at the prepared state's time: the scroll-driven expansion, then the
    /// running animation's overrides.
    public func cellStates(_ cv: CollectionViewState) -> [CellState] {
        let n = count(cv)
        let rate = expandingRate(at: cv.time)
        let offsetX = cv.contentOffset.x + farInset(cv)
        var states = (0..<n).map { i -> CellState in
            let delta = Swift.abs(Double(i) * pitch - offsetX)
            return CellState(expanding: delta < pitch ? (1 - delta / pitch) * rate : 0)
        }
        if let f = focus(at: cv.time), cv.time < f.start + ThumbnailsLayout.focusDuration {
            if states.indices.contains(f.item) { states[f.item].expanding = f.progress }
            if states.indices.contains(f.fromItem) { states[f.fromItem].expanding = 1 - f.progress }
        }
        if let d = delete(at: cv.time), d.count == n, states.indices.contains(d.item) {
            let direction: Direction = d.item + 1 >= n ? .left : .right
            let neighbour = direction == .left ? d.item - 1 : d.item + 1
            if d.fraction < 0.5 {
                states[d.item].collapsing = d.fraction * 2
            } else {
                let p = d.fraction * 2 - 1
                states[d.item].collapsing = 1
                states[d.item].deleting = p
                states[d.item].deletingDirection = direction
                if states.indices.contains(neighbour) { states[neighbour].expanding = p }
            }
        }
        return states
    }

    /// The cells' attributes for the given states (translations summed over the other cells).
    public func attributes(for states: [CellState], _ cv: CollectionViewState) -> [LayoutAttributes] {
        let cells = states.enumerated().map { i, s in
            Cell(
                item: i, itemSize: itemSize, aspectRatio: aspectRatio(i, cv),
                distanceBetween: distanceBetween,
                distanceBetweenFocused: distanceBetweenFocused,
                deleteShift: deleteShiftQuirk ? itemSize.width : pitch, state: s)
        }
        // tx_j = sum over k > j of -leftShift(k) + sum over k < j of rightShift(k), by running sums.
        var suffixLeft = Array(repeating: 0.0, count: cells.count + 1)
        for k in stride(from: cells.count - 1, through: 0, by: -1) {
            suffixLeft[k] = suffixLeft[k + 1] + cells[k].leftShift
        }
        var prefixRight = 0.0
        var result: [LayoutAttributes] = []
        result.reserveCapacity(cells.count)
        for (j, cell) in cells.enumerated() {
            var a = LayoutAttributes.cell(
                IndexPath(section: 0, item: j), frame: Rect(center: cell.center, size: cell.size))
            a.alpha = 1 - cell.state.collapsing
            a.transform3D = .makeTranslation(prefixRight - suffixLeft[j + 1], 0, 0)
            result.append(a)
            prefixRight += cell.rightShift
        }
        return result
    }

    // MARK: Layout

    private var cached: [LayoutAttributes] = []

    public mutating func prepare(_ collectionView: CollectionViewState) {
        if let old = self.collectionView {
            targetIndex = old.size != collectionView.size ? nearestIndex(old) : nil
        }
        self.collectionView = collectionView
        cached = attributes(for: cellStates(collectionView), collectionView)
    }

    public var collectionViewContentSize: Size {
        guard let cv = collectionView else { return .zero }
        return Size(width: Double(count(cv)) * pitch, height: itemSize.height)
    }

    /// Every item, whatever the rect (the original's behaviour).
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { cached }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, cached.indices.contains(indexPath.item) else { return nil }
        return cached[indexPath.item]
    }

    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

    public mutating func invalidateLayout() { cached = [] }

    /// The nearer of the two cells around the proposed offset; the left one only on strictly less.
    public func targetContentOffset(
        forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point
    ) -> Point {
        guard let cv = collectionView, pitch > 0, proposedContentOffset.x.isFinite else {
            return proposedContentOffset
        }
        let inset = farInset(cv)
        let n = Double(count(cv))
        let relative = (proposedContentOffset.x + inset) / pitch
        var left = Swift.max(0, relative.rounded(.down))
        var right = Swift.min(relative.rounded(.up), n)
        if !snapQuirk {
            left = Swift.min(left, Swift.max(0, n - 1))
            right = Swift.min(Swift.max(right, 0), Swift.max(0, n - 1))
        }
        let leftOffset = left * pitch - inset
        let rightOffset = right * pitch - inset
        let x =
            Swift.abs(leftOffset - proposedContentOffset.x) < Swift.abs(rightOffset - proposedContentOffset.x)
            ? leftOffset : rightOffset
        return Point(x: x, y: proposedContentOffset.y)
    }

    /// After a size change (rotation): the item that was nearest the centre, centred again.
    public func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
        guard let cv = collectionView, let index = targetIndex else { return proposedContentOffset }
        return Point(x: Double(index) * pitch - farInset(cv), y: proposedContentOffset.y)
    }

    // MARK: Events

    public mutating func collectionViewWillBeginDragging(_ collectionView: CollectionViewState) {
        events.append(.willBeginDragging(time: collectionView.time))
    }

    public mutating func collectionViewDidEndDragging(
        _ collectionView: CollectionViewState, willDecelerate decelerate: Bool
    ) {
        events.append(.didEndDragging(time: collectionView.time, willDecelerate: decelerate))
    }

    public mutating func collectionViewDidEndDecelerating(_ collectionView: CollectionViewState) {
        events.append(.didEndDecelerating(time: collectionView.time))
    }

    /// Focuses a tapped item other than the active one; a tap on the active one does nothing.
    public mutating func collectionViewDidTapItem(
        at indexPath: IndexPath, _ collectionView: CollectionViewState
    )
        -> Bool
    {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < count(collectionView) else {
            return false
        }
        let from = nearestIndex(collectionView)
        if indexPath.item != from {
            events.append(
                .focus(
                    time: collectionView.time, item: indexPath.item, fromItem: from,
                    fromOffset: collectionView.contentOffset.x))
        }
        return true
    }

    /// The two-phase delete for one deleted item out of more than two; nil (the engine's
    /// animation) otherwise.
    public mutating func collectionViewWillPerformBatchUpdates(
        _ updateItems: [UpdateItem], _ collectionView: CollectionViewState
    ) -> Double? {
        let n = count(collectionView)
        guard updateItems.count == 1, let u = updateItems.first, u.updateAction == .delete,
            let p = u.indexPathBeforeUpdate, p.section == 0, p.item >= 0, p.item < n, n > 2
        else { return nil }
        events.append(.delete(time: collectionView.time, item: p.item, count: n))
        return 2 * ThumbnailsLayout.deletePhaseDuration
    }

    public var animationEndTime: Double? {
        var end: Double?
        for e in events {
            let t: Double
            switch e {
            case .willBeginDragging(let s), .didEndDecelerating(let s), .didEndDragging(let s, _):
                t = s + ThumbnailsLayout.rateAnimationDuration
            case .focus(let s, _, _, _): t = s + ThumbnailsLayout.focusDuration
            case .delete(let s, _, _): t = s + 2 * ThumbnailsLayout.deletePhaseDuration
            }
            end = Swift.max(end ?? t, t)
        }
        return end
    }

    // MARK: Synchronisation

    /// The strip's own offset the layout asks for at the prepared time, if any.
    public func requestedOwnOffset(_ cv: CollectionViewState) -> Point? {
        if let f = focus(at: cv.time), cv.time < f.start + ThumbnailsLayout.focusDuration {
            let to = Double(f.item) * pitch - farInset(cv)
            return Point(x: f.fromOffset + (to - f.fromOffset) * f.progress, y: cv.contentOffset.y)
        }
        guard !isTracking(at: cv.time), let name = syncWith, let peer = cv.peers[name], peer.bounds.width > 0
        else { return nil }
        return Point(x: peer.bounds.minX / peer.bounds.width * pitch - farInset(cv), y: cv.contentOffset.y)
    }

    /// The preview's offset the layout asks for at the prepared time, if any.
    public func requestedPeerOffset(_ cv: CollectionViewState) -> Point? {
        guard let name = syncWith, let peer = cv.peers[name] else { return nil }
        if let f = focus(at: cv.time), cv.time < f.start + ThumbnailsLayout.focusDuration {
            return Point(x: Double(f.item) * peer.bounds.width, y: peer.bounds.minY)
        }
        guard isTracking(at: cv.time) else { return nil }
        return Point(x: Double(nearestIndex(cv)) * peer.bounds.width, y: peer.bounds.minY)
    }

    public var publishedState: [String: CustomValue] {
        guard let cv = collectionView else { return [:] }
        let inset = farInset(cv)
        var s: [String: CustomValue] = [
            PublishedStateKey.activeIndex: .number(Double(nearestIndex(cv))),
            PublishedStateKey.requestedContentInset: .numbers([0, inset, 0, inset]),
        ]
        if let p = requestedOwnOffset(cv) {
            s[PublishedStateKey.requestedContentOffset(cv.name)] = .numbers([p.x, p.y])
        }
        if let name = syncWith, let p = requestedPeerOffset(cv) {
            s[PublishedStateKey.requestedContentOffset(name)] = .numbers([p.x, p.y])
        }
        return s
    }
}

extension ThumbnailsLayout {
    public static let parameters: [LayoutParameter] = [
        LayoutParameter(
            name: "syncWith", defaultValue: nil,
            summary: "name of the preview view to keep in sync with (both ways); default none"),
        LayoutParameter(
            name: "itemHeight", defaultValue: .number(66), summary: "height of the strip's items"),
        LayoutParameter(
            name: "defaultAspectRatio", defaultValue: .number(0.5),
            summary: "collapsed item width / height, and the aspect ratio of photos of unknown size"),
        LayoutParameter(
            name: "distanceBetween", defaultValue: .number(4), summary: "gap between collapsed items"),
        LayoutParameter(
            name: "distanceBetweenFocused", defaultValue: .number(20),
            summary: "extra room around an expanded item (half on each side)"),
        LayoutParameter(
            name: "snapQuirk", defaultValue: .bool(true),
            summary:
                "snap candidates clamped as the original does (right one to N, one past the last item); false clamps both to the items"
        ),
        LayoutParameter(
            name: "deleteShiftQuirk", defaultValue: .bool(true),
            summary:
                "the delete animation moves cells by the item width, not the pitch, so they jump 4 pt at its end; false moves by the pitch"
        ),
        LayoutParameter(
            name: "aspectRatioClampQuirk", defaultValue: .bool(true),
            summary: "aspect ratios unclamped as in the original; false clamps them to 0.2...5"),
    ]

    public init(parameters values: [String: LayoutParameterValue]) throws(LayoutParameterError) {
        let r = LayoutParameterReader(values)
        var sync: String?
        if let v = values["syncWith"] {
            guard case .string(let s) = v, !s.isEmpty else {
                throw LayoutParameterError(
                    parameter: "syncWith", found: v.description, expected: "a view name")
            }
            sync = s
        }
        self.init(
            syncWith: sync,
            itemHeight: try r.number("itemHeight", default: 66, minimum: 0),
            defaultAspectRatio: try r.number("defaultAspectRatio", default: 0.5, minimum: 0),
            distanceBetween: try r.number("distanceBetween", default: 4, minimum: 0),
            distanceBetweenFocused: try r.number("distanceBetweenFocused", default: 20, minimum: 0),
            snapQuirk: try r.bool("snapQuirk", default: true),
            deleteShiftQuirk: try r.bool("deleteShiftQuirk", default: true),
            aspectRatioClampQuirk: try r.bool("aspectRatioClampQuirk", default: true))
    }

    public static let descriptor = LayoutDescriptor(
        type: "thumbnails",
        summary:
            "Photos-app thumbnail strip: the centre cell widens to its photo's aspect ratio, neighbours move aside",
        parameters: parameters,
        make: { values throws(LayoutParameterError) in try ThumbnailsLayout(parameters: values) })
}
