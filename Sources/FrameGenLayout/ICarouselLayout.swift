import FrameGenGeometry
import FrameGenMotion

/// Nick Lockwood's iCarousel (docs/design/layouts.md §8) as a layout: its eleven built-in types,
/// their options, and its own scrolling, driven by the scene's drags, flings and taps.
///
/// iCarousel is not a scroll view: every item view sits in a container centred on the carousel,
/// and the container's layer transform (perspective included) places it; the carousel scrolls
/// by a scroll offset counted in items, on a timer of its own. Here every item is a cell of
/// `itemSize` centred in the view (plus the carousel's `contentOffset`), with that transform,
/// its alpha, and hidden where iCarousel hides a back face; the content is the view's size, so
/// the collection view itself never scrolls. Cells are drawn nearest last (`DrawingOrder.depth`),
/// iCarousel's depth sort; equal depths put the item nearer the current one on top.
///
/// One layout type with a `style` rather than eleven types, because iCarousel is one view whose
/// `type` a designer switches, with options shared by all types, and a scene's `set` can switch it.
public struct ICarouselLayout: CollectionViewLayout {
    public var style: ICarouselType
    public var options: ICarouselOptions
    public var isVertical: Bool
    public var perspective: Double
    public var viewpointOffset: Size
    /// The shift of every item's centre from the view's (iCarousel's `contentOffset`).
    public var centerOffset: Size
    public var itemSize: Size
    /// nil: the item's width (height when vertical), as iCarousel measures its first view.
    public var itemWidth: Double?
    public var physics: ICarouselPhysics
    /// The item at the centre before any event (iCarousel's `currentItemIndex` as the app sets it).
    public var initialItemIndex: Int
    /// A custom carousel's placement: the item's transform at an offset (in items from the
    /// centre) from the base transform (perspective and viewpoint), as iCarousel's delegate
    /// answers `carousel(_:itemTransformForOffset:baseTransform:)`. Used by `style: .custom` only.
    public var itemTransform: (@Sendable (_ offset: Double, _ baseTransform: Transform3D) -> Transform3D)?
    /// The user's drags, flings and taps so far.
    public private(set) var events: [ICarouselEvent] = []

    private var viewBounds: Rect = .zero
    private var numberOfItems = 0
    private var time = 0.0
    private var prepared: [LayoutAttributes] = []

    public init(
        style: ICarouselType = .linear, options: ICarouselOptions = .init(), isVertical: Bool = false,
        perspective: Double = -1.0 / 500.0, viewpointOffset: Size = .zero, centerOffset: Size = .zero,
        itemSize: Size = Size(width: 200, height: 200), itemWidth: Double? = nil,
        physics: ICarouselPhysics = .init(), initialItemIndex: Int = 0,
        itemTransform: (@Sendable (_ offset: Double, _ baseTransform: Transform3D) -> Transform3D)? = nil
    ) {
        self.itemTransform = itemTransform
        self.style = style
        self.options = options
        self.isVertical = isVertical
        self.perspective = perspective
        self.viewpointOffset = viewpointOffset
        self.centerOffset = centerOffset
        self.itemSize = itemSize
        self.itemWidth = itemWidth
        self.physics = physics
        self.initialItemIndex = initialItemIndex
    }

    /// The arithmetic at the prepared view size and item count.
    public var geometry: ICarouselGeometry {
        ICarouselGeometry(
            type: style, options: options, isVertical: isVertical, perspective: perspective,
            viewpointOffset: viewpointOffset, contentOffset: centerOffset,
            itemWidth: itemWidth ?? (isVertical ? itemSize.height : itemSize.width),
            numberOfItems: numberOfItems, viewSize: viewBounds.size)
    }

    /// The scrolling, replayed from the events.
    public var scroller: ICarouselScroller {
        var s = ICarouselScroller(
            geometry: geometry, physics: physics, initialOffset: Double(initialItemIndex))
        for e in events { s.append(e) }
        return s
    }

    /// The state at the prepared time.
    public var motion: ICarouselMotion { scroller.state(at: time) }

    // MARK: Layout

    public mutating func prepare(_ collectionView: CollectionViewState) {
        viewBounds = collectionView.bounds
        numberOfItems = collectionView.numberOfSections > 0 ? collectionView.numberOfItems(inSection: 0) : 0
        time = collectionView.time
        prepared = []
        let g = geometry
        guard numberOfItems > 0, g.itemWidth > 0 else { return }
        let m = motion
        prepared = g.visibleIndices(scrollOffset: m.scrollOffset).map { attributes($0, g, m) }
        // Equal depths: the item nearer the current one on top, as iCarousel's depth sort.
        let current = g.currentItemIndex(scrollOffset: m.scrollOffset)
        let reference = prepared.first { $0.indexPath.item == current }.map(alongScroll) ?? 0
        let order = prepared.indices.sorted {
            let a = Swift.abs(alongScroll(prepared[$0]) - reference)
            let b = Swift.abs(alongScroll(prepared[$1]) - reference)
            return a != b ? a > b : prepared[$0].indexPath.item > prepared[$1].indexPath.item
        }
        for (rank, i) in order.enumerated() { prepared[i].zIndex = rank }
    }

    /// The position of the point (1, 1, 1) after the transform along the scroll, before the
    /// divide: what iCarousel compares items of equal depth by.
    private func alongScroll(_ a: LayoutAttributes) -> Double {
        let t = a.transform3D
        return isVertical ? t.m12 + t.m22 + t.m32 + t.m42 : t.m11 + t.m21 + t.m31 + t.m41
    }

    private func attributes(_ index: Int, _ g: ICarouselGeometry, _ m: ICarouselMotion) -> LayoutAttributes {
        let centre = Point(
            x: viewBounds.minX + viewBounds.width / 2 + centerOffset.width,
            y: viewBounds.minY + viewBounds.height / 2 + centerOffset.height)
        var a = LayoutAttributes.cell(
            IndexPath(section: 0, item: index), frame: Rect(center: centre, size: itemSize))
        let offset = g.offset(forItemAt: index, scrollOffset: m.scrollOffset)
        let toggle = m.togglesPerItem ? ICarouselGeometry.toggle(forItemOffset: offset) : m.toggle
        if style == .custom, let itemTransform {
            a.transform3D = itemTransform(offset, g.baseTransform)
        } else {
            a.transform3D = g.transform(forOffset: offset, toggle: toggle)
        }
        a.alpha = g.alpha(forOffset: offset)
        a.isHidden = g.isHidden(a.transform3D)
        return a
    }

    public var collectionViewContentSize: Size { viewBounds.size }

    /// The items iCarousel has views for, whatever the rect: they all sit at the centre.
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { prepared }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < numberOfItems else { return nil }
        if let a = prepared.first(where: { $0.indexPath == indexPath }) { return a }
        // An item iCarousel has no view for: where it would be, hidden.
        let g = geometry
        var a = attributes(indexPath.item, g, motion)
        a.isHidden = true
        return a
    }

    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

    public var drawingOrder: DrawingOrder { .depth }

    // MARK: Events

    /// A drag anywhere on the carousel is its pan; it drives the frames until the carousel rests.
    public mutating func collectionViewDidReceive(
        _ gesture: TouchGesture, _ collectionView: CollectionViewState
    )
        -> Double?
    {
        prepare(collectionView)
        let t = collectionView.time
        switch gesture.kind {
        case .drag(let by):
            events.append(.drag(time: t, by: by, duration: gesture.duration, curve: gesture.curve))
        case .fling(let velocity):
            events.append(.fling(time: t, velocity: velocity))
        case .pinch:
            return nil
        }
        return Swift.max(gesture.duration, (scroller.restTime ?? t) - t)
    }

    /// A tap selects the item: iCarousel scrolls it to the centre in 0.4 s.
    public mutating func collectionViewDidTapItem(
        at indexPath: IndexPath, _ collectionView: CollectionViewState
    )
        -> Bool
    {
        guard indexPath.section == 0 else { return false }
        prepare(collectionView)
        events.append(.tap(time: collectionView.time, index: indexPath.item))
        return true
    }

    public var animationEndTime: Double? { scroller.restTime }

    /// A new style or option (the scene's `set`) keeps where the user scrolled it, as setting
    /// an iCarousel's `type` keeps its scroll offset.
    public mutating func adoptState(of previous: any CollectionViewLayout) {
        if let old = previous as? ICarouselLayout { events = old.events }
    }
}

extension ICarouselLayout {
    public static let parameters: [LayoutParameter] = [
        LayoutParameter(
            name: "style", defaultValue: .string("linear"),
            summary: "iCarousel's type: " + ICarouselType.builtIn.map(\.rawValue).joined(separator: ", ")),
        LayoutParameter(
            name: "itemSize", defaultValue: .numbers([200, 200]),
            summary: "[width, height] of every item view"),
        LayoutParameter(
            name: "itemWidth", defaultValue: nil,
            summary:
                "the distance between items (carouselItemWidth); unset: the item's width, its height when vertical"
        ),
        LayoutParameter(name: "vertical", defaultValue: .bool(false), summary: "scroll up and down"),
        LayoutParameter(
            name: "perspective", defaultValue: .number(-0.002),
            summary: "m34 of every item's transform (-1/500)"),
        LayoutParameter(
            name: "viewpointOffset", defaultValue: .numbers([0, 0]),
            summary: "[width, height]: the eye's shift from the centre, inside the perspective"),
        LayoutParameter(
            name: "contentOffset", defaultValue: .numbers([0, 0]),
            summary: "[width, height]: every item's shift from the view's centre"),
        LayoutParameter(
            name: "currentItemIndex", defaultValue: .number(0), summary: "the item at the centre at the start"
        ),
        LayoutParameter(
            name: "wrap", defaultValue: nil,
            summary:
                "the last item is followed by the first; unset: true for the rotary, cylinder and wheel types"
        ),
        LayoutParameter(
            name: "showBackfaces", defaultValue: nil,
            summary: "items facing away show; unset: true but for invertedCylinder"),
        LayoutParameter(
            name: "offsetMultiplier", defaultValue: nil,
            summary: "items a drag of one item width moves; unset: 2 for the cover flows, else 1"),
        LayoutParameter(
            name: "visibleItems", defaultValue: nil,
            summary: "how many items have views around the current one; unset: the type's (at most 30)"),
        LayoutParameter(
            name: "count", defaultValue: nil,
            summary:
                "slots on the circle of the circular types; unset: the view's width in items times pi, 12 to 30, at most the items"
        ),
        LayoutParameter(
            name: "arc", defaultValue: nil, summary: "radians of circle the circular types use; unset: 2 pi"),
        LayoutParameter(
            name: "angle", defaultValue: nil,
            summary:
                "radians: wheel, between items (default arc / count); rotary and cylinder, every item's (default offset / count x arc)"
        ),
        LayoutParameter(
            name: "radius", defaultValue: nil,
            summary: "points: the circle's radius; unset: the type's, from the item width and count"),
        LayoutParameter(
            name: "tilt", defaultValue: nil,
            summary: "cover flows: the side items' turn (0.9); time machines: the rise per item (0.3)"),
        LayoutParameter(
            name: "spacing", defaultValue: nil,
            summary: "the distance between items in item widths; unset: 0.25 for the cover flows, else 1"),
        LayoutParameter(
            name: "fadeMin", defaultValue: nil,
            summary: "items before this offset fade; unset: none (invertedTimeMachine: 0)"),
        LayoutParameter(
            name: "fadeMax", defaultValue: nil,
            summary: "items after this offset fade; unset: none (timeMachine: 0)"),
        LayoutParameter(
            name: "fadeRange", defaultValue: .number(1), summary: "items over which a fade reaches its end"),
        LayoutParameter(name: "fadeMinAlpha", defaultValue: .number(0), summary: "the alpha a fade ends at"),
        LayoutParameter(
            name: "decelerationRate", defaultValue: .number(0.95),
            summary: "share of velocity a release keeps per 1/30 s of deceleration"),
        LayoutParameter(
            name: "bounces", defaultValue: .bool(true), summary: "a drag or release may go past either end"),
        LayoutParameter(
            name: "bounceDistance", defaultValue: .number(1), summary: "how far past either end, in items"),
        LayoutParameter(
            name: "scrollSpeed", defaultValue: .number(1), summary: "multiplies a release's velocity"),
        LayoutParameter(
            name: "stopAtItemBoundary", defaultValue: .bool(true),
            summary: "a deceleration ends on a whole item"),
        LayoutParameter(
            name: "scrollToItemBoundary", defaultValue: .bool(true),
            summary: "a motion that ends between items goes on to the nearest"),
        LayoutParameter(
            name: "pagingEnabled", defaultValue: .bool(false),
            summary: "a release moves to the next item at most"),
        LayoutParameter(
            name: "centerItemWhenSelected", defaultValue: .bool(true),
            summary: "a tap on an item scrolls it to the centre"),
        LayoutParameter(name: "scrollEnabled", defaultValue: .bool(true), summary: "drags and flings scroll"),
        LayoutParameter(
            name: "ignorePerpendicularSwipes", defaultValue: .bool(true),
            summary: "a drag mostly across the scroll does not scroll"),
        LayoutParameter(
            name: "autoscroll", defaultValue: .number(0),
            summary:
                "items a second the carousel moves by itself; positive brings earlier items in, as iCarousel's"
        ),
    ]

    public init(parameters values: [String: CustomValue]) throws(LayoutParameterError) {
        let r = LayoutParameterReader(values)
        let name = try r.choice("style", default: "linear", from: ICarouselType.builtIn.map(\.rawValue))
        var o = ICarouselOptions()
        func optional(_ key: String, minimum: Double? = nil, maximum: Double? = nil)
            throws(LayoutParameterError)
            -> Double?
        {
            values[key] == nil ? nil : try r.number(key, default: 0, minimum: minimum, maximum: maximum)
        }
        // Limits keep every division finite; iCarousel itself takes any value.
        let limit = 1e6
        o.wrap = values["wrap"] == nil ? nil : try r.bool("wrap", default: false)
        o.showBackfaces = values["showBackfaces"] == nil ? nil : try r.bool("showBackfaces", default: true)
        o.offsetMultiplier = try optional("offsetMultiplier", minimum: -limit, maximum: limit)
        o.visibleItems =
            values["visibleItems"] == nil
            ? nil : Double(try r.integer("visibleItems", default: 0, minimum: 0))
        o.count =
            values["count"] == nil
            ? nil : Double(try r.integer("count", default: 1, minimum: 1, maximum: 10_000))
        o.arc = try optional("arc", minimum: 0.001, maximum: 1000)
        o.angle = try optional("angle", minimum: -1000, maximum: 1000)
        o.radius = try optional("radius", minimum: -limit, maximum: limit)
        o.tilt = try optional("tilt", minimum: -limit, maximum: limit)
        o.spacing = try optional("spacing", minimum: 0.001, maximum: limit)
        o.fadeMin = try optional("fadeMin", minimum: -limit, maximum: limit)
        o.fadeMax = try optional("fadeMax", minimum: -limit, maximum: limit)
        o.fadeRange = try optional("fadeRange", minimum: 0.001, maximum: limit)
        o.fadeMinAlpha = try optional("fadeMinAlpha", minimum: 0, maximum: 1)
        var p = ICarouselPhysics()
        p.decelerationRate = try r.number("decelerationRate", default: 0.95, minimum: 0, maximum: 0.999)
        p.bounces = try r.bool("bounces", default: true)
        p.bounceDistance = try r.number("bounceDistance", default: 1, minimum: 0.001, maximum: limit)
        p.scrollSpeed = try r.number("scrollSpeed", default: 1, minimum: 0, maximum: limit)
        p.stopAtItemBoundary = try r.bool("stopAtItemBoundary", default: true)
        p.scrollToItemBoundary = try r.bool("scrollToItemBoundary", default: true)
        p.isPagingEnabled = try r.bool("pagingEnabled", default: false)
        p.centerItemWhenSelected = try r.bool("centerItemWhenSelected", default: true)
        p.isScrollEnabled = try r.bool("scrollEnabled", default: true)
        p.ignorePerpendicularSwipes = try r.bool("ignorePerpendicularSwipes", default: true)
        p.autoscroll = try r.number("autoscroll", default: 0, minimum: -1000, maximum: 1000)
        let viewpoint = try r.signedSize("viewpointOffset", limit: limit) ?? .zero
        let shift = try r.signedSize("contentOffset", limit: limit) ?? .zero
        let itemWidth = try optional("itemWidth", minimum: 0.001, maximum: limit)
        self.init(
            style: ICarouselType(rawValue: name) ?? .linear, options: o,
            isVertical: try r.bool("vertical", default: false),
            perspective: try r.number("perspective", default: -1.0 / 500.0, minimum: -1, maximum: 1),
            viewpointOffset: viewpoint, centerOffset: shift,
            itemSize: try r.size("itemSize", default: Size(width: 200, height: 200)), itemWidth: itemWidth,
            physics: p, initialItemIndex: try r.integer("currentItemIndex", default: 0, minimum: 0))
    }

    public static let descriptor = LayoutDescriptor(
        type: "icarousel",
        summary:
            "iCarousel's eleven types (linear, rotary, cylinder, wheel, cover flows, time machines, and their inverses) with its options and its own scrolling",
        parameters: parameters,
        make: { values throws(LayoutParameterError) in try ICarouselLayout(parameters: values) })
}
