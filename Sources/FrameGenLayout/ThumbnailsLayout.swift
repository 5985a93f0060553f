import FrameGenGeometry

/// The Photos-app clone's thumbnail strip, the accordion (docs/design/layouts.md §3.2, §3.3).
///
/// Geometry (itemHeight H = 66 by default): items are itemW = H x defaultAspectRatio (33) wide and
/// H tall, pitch = itemW + distanceBetween (37); cell i's base centre is (i·pitch + itemW/2,
/// H/2); the content is N·pitch x H. The layout wants farInset = (W - itemW)/2 (the article's; with `centringQuirk` the
/// later repository's (W - itemW - distanceBetween)/2)
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
/// A fully expanded cell so keeps a gap of distanceBetween + distanceBetweenFocused/2 (4 pt by
/// default as in the article, 14 pt with the later repository's 20) to its neighbours whatever its aspect ratio (the ceil of the width can take up to 1 pt of it).
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
///   the preview: `requestedContentOffset.<own name>` = min(preview offset.x / preview width,
///   N - 1) x pitch - farInset (the preview still shows a deleted last page for a moment);
/// - while it is dragged or decelerates, it asks the preview to show its nearest item:
///   `requestedContentOffset.<preview>` = (nearestIndex x preview width, preview offset.y);
/// - while a focus runs it requests both (its own animated offset, the preview at the tapped
///   page); afterwards the preview stays where it was put and the strip follows it again.
/// A programmatic `scroll` of the strip sends no drag hooks, so the preview does not follow it.
/// nearestIndex = clamp(floor(offsetX/pitch + 0.5), 0, N - 1), published as `activeIndex`.
///
/// Quirks of the original: `snapQuirk` (off by default: the snap's right candidate is clamped to
/// N, one past the last item, and the left one not at all, so a drag past the end springs back to
/// the edge and then jumps onto the last item when the strip follows the preview; without it the
/// release goes straight to the last item, as on a device). On by default: `deleteShiftQuirk` (the delete moves
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
    /// The later repository's inset, (W - itemW - distanceBetween)/2, which leaves a focused
    /// thumbnail distanceBetween/2 left of the centre; false (default) centres it, as the
    /// article's (W - itemW)/2 does.
    public var centringQuirk: Bool

    /// Durations of the original's animations, in seconds.
    public static let rateAnimationDuration = 0.15
    public static let focusDuration = 0.3
    public static let deletePhaseDuration = 0.15

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

    public internal(set) var events: [Event] = []
    public private(set) var collectionView: CollectionViewState?
    /// The item to keep across a size change; nil when the last prepare kept the size.
    public private(set) var targetIndex: Int?

    public init(
        syncWith: String? = nil, itemHeight: Double = 66, defaultAspectRatio: Double = 0.5,
        distanceBetween: Double = 4, distanceBetweenFocused: Double = 0, snapQuirk: Bool = false,
        deleteShiftQuirk: Bool = true, aspectRatioClampQuirk: Bool = true, centringQuirk: Bool = false
    ) {
        self.centringQuirk = centringQuirk
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
        (cv.size.width - itemSize.width - (centringQuirk ? distanceBetween : 0)) / 2
    }

    func count(_ cv: CollectionViewState) -> Int { cv.numberOfItems(inSection: 0) }

    public func nearestIndex(_ cv: CollectionViewState) -> Int {
        let n = count(cv)
        guard pitch > 0 else { return 0 }
        let f = ((cv.contentOffset.x + farInset(cv)) / pitch + 0.5).rounded(.down)
        return Int(Swift.min(Swift.max(f.isFinite ? f : 0, 0), Double(Swift.max(0, n - 1))))
    }

    func aspectRatio(_ item: Int, _ cv: CollectionViewState) -> Double {
        let a = cv.dataSource.item(at: IndexPath(section: 0, item: item))?.aspectRatio ?? defaultAspectRatio
        return aspectRatioClampQuirk ? a : Swift.min(Swift.max(a, 0.2), 5)
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
            name: "distanceBetweenFocused", defaultValue: .number(0),
            summary:
                "extra room around an expanded item (half on each side); 0 as in the article (4 pt gaps), the later repository has 20 (14 pt gaps)"
        ),
        LayoutParameter(
            name: "snapQuirk", defaultValue: .bool(false),
            summary:
                "true: snap candidates clamped as the original's code does (right one to N, one past the last item), so a drag past the end rests at the edge, then jumps onto the last item"
        ),
        LayoutParameter(
            name: "deleteShiftQuirk", defaultValue: .bool(true),
            summary:
                "the delete animation moves cells by the item width, not the pitch, so they jump 4 pt at its end; false moves by the pitch"
        ),
        LayoutParameter(
            name: "aspectRatioClampQuirk", defaultValue: .bool(true),
            summary: "aspect ratios unclamped as in the original; false clamps them to 0.2...5"),
        LayoutParameter(
            name: "centringQuirk", defaultValue: .bool(false),
            summary:
                "true: the later repository's content inset, which leaves the focused item distanceBetween/2 left of centre; false centres it as the article does"
        ),
    ]

    public init(parameters values: [String: CustomValue]) throws(LayoutParameterError) {
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
            distanceBetweenFocused: try r.number("distanceBetweenFocused", default: 0, minimum: 0),
            snapQuirk: try r.bool("snapQuirk", default: false),
            deleteShiftQuirk: try r.bool("deleteShiftQuirk", default: true),
            aspectRatioClampQuirk: try r.bool("aspectRatioClampQuirk", default: true),
            centringQuirk: try r.bool("centringQuirk", default: false))
    }

    public static let descriptor = LayoutDescriptor(
        type: "thumbnails",
        summary:
            "Photos-app thumbnail strip: the centre cell widens to its photo's aspect ratio, neighbours move aside",
        parameters: parameters,
        make: { values throws(LayoutParameterError) in try ThumbnailsLayout(parameters: values) })
}
