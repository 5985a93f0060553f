import FrameGenGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// iCarousel's `iCarouselType` (docs/design/layouts.md §8), by the names its Swift users write:
/// `carousel.type = .timeMachine`. `custom` places each item by the app's own function
/// (`ICarouselLayout.itemTransform`, the delegate's `carousel(_:itemTransformForOffset:baseTransform:)`),
/// so a scene cannot name it.
public enum ICarouselType: String, CaseIterable, Hashable, Sendable {
    case linear, rotary, invertedRotary, cylinder, invertedCylinder, wheel, invertedWheel
    case coverFlow, coverFlow2, timeMachine, invertedTimeMachine, custom

    /// The types a scene can name: all but `custom`.
    public static let builtIn = allCases.filter { $0 != .custom }

    /// The types laid out on a circle: they wrap by default and count their items around it.
    var isCircular: Bool {
        switch self {
        case .rotary, .invertedRotary, .cylinder, .invertedCylinder, .wheel, .invertedWheel: true
        default: false
        }
    }
}

/// The values an iCarousel delegate's `carousel(_:valueFor:withDefault:)` may replace; nil keeps
/// iCarousel's default for the type (docs/design/layouts.md §8.2 lists them).
public struct ICarouselOptions: Hashable, Sendable {
    public var wrap: Bool?
    public var showBackfaces: Bool?
    public var offsetMultiplier: Double?
    public var visibleItems: Double?
    public var count: Double?
    public var arc: Double?
    public var angle: Double?
    public var radius: Double?
    public var tilt: Double?
    public var spacing: Double?
    public var fadeMin: Double?
    public var fadeMax: Double?
    public var fadeRange: Double?
    public var fadeMinAlpha: Double?

    public init() {}
}

/// Where iCarousel puts its items, as pure arithmetic (docs/design/layouts.md §8.1): each item's
/// offset from the current position in items, its 3D transform, alpha and whether it shows, the
/// items loaded around the current one, and the index and offset clamping its scrolling uses.
///
/// The carousel's own `contentOffset` (a shift of every item's centre) and `viewpointOffset`
/// (a shift of the eye, inside the perspective) are iCarousel's properties of those names.
public struct ICarouselGeometry: Hashable, Sendable {
    public var type: ICarouselType
    public var options: ICarouselOptions
    public var isVertical: Bool
    /// The m34 of every item's transform: -1/500 by default.
    public var perspective: Double
    public var viewpointOffset: Size
    public var contentOffset: Size
    /// The distance between items along the scroll, iCarousel's `itemWidth`: the first item
    /// view's width (height when vertical) unless the delegate's `carouselItemWidth` says.
    public var itemWidth: Double
    public var numberOfItems: Int
    /// The carousel view's bounds size.
    public var viewSize: Size

    public init(
        type: ICarouselType, options: ICarouselOptions = .init(), isVertical: Bool = false,
        perspective: Double = -1.0 / 500.0, viewpointOffset: Size = .zero, contentOffset: Size = .zero,
        itemWidth: Double, numberOfItems: Int, viewSize: Size
    ) {
        self.type = type
        self.options = options
        self.isVertical = isVertical
        self.perspective = perspective
        self.viewpointOffset = viewpointOffset
        self.contentOffset = contentOffset
        self.itemWidth = itemWidth
        self.numberOfItems = numberOfItems
        self.viewSize = viewSize
    }

    /// iCarousel's MAX_VISIBLE_ITEMS on iOS.
    public static let maximumVisibleItems = 30

    // MARK: Options and their defaults

    /// Circular types wrap; the others do not, unless the `wrap` option says.
    public var isWrapEnabled: Bool { options.wrap ?? type.isCircular }

    /// How far a drag moves the carousel, in items per item width of finger travel: 2 for the
    /// cover flows, else 1.
    public var offsetMultiplier: Double {
        options.offsetMultiplier ?? ((type == .coverFlow || type == .coverFlow2) ? 2 : 1)
    }

    var spacing: Double { options.spacing ?? ((type == .coverFlow || type == .coverFlow2) ? 0.25 : 1) }
    var arc: Double { options.arc ?? 2 * Double.pi }
    var tilt: Double { options.tilt ?? ((type == .coverFlow || type == .coverFlow2) ? 0.9 : 0.3) }

    /// The along-scroll extent of the view.
    var width: Double { isVertical ? viewSize.height : viewSize.width }

    /// How many slots the circle of a circular type has: the screen's width in items times π,
    /// between 12 and 30, and no more than there are items (the `count` option replaces it).
    /// Other types: the number of items.
    public var circularItemCount: Int {
        guard type.isCircular else { return numberOfItems }
        // CGFloat arithmetic, then NSInteger's truncation, as iCarousel assigns it.
        let slots = (width / (spacing * itemWidth)).rounded(.up) * Double.pi
        var count = ICarouselGeometry.truncated(
            Swift.min(Double(ICarouselGeometry.maximumVisibleItems), Swift.max(12, slots)))
        count = Swift.min(numberOfItems, count)
        return options.count.map(ICarouselGeometry.truncated) ?? count
    }

    /// How many items are loaded around the current one (iCarousel's numberOfVisibleItems).
    public var numberOfVisibleItems: Int {
        var visible: Int
        switch type {
        case .linear, .coverFlow, .coverFlow2:
            visible = ICarouselGeometry.truncated((width / (itemWidth * spacing)).rounded(.up)) + 2
        case .rotary, .cylinder:
            visible = circularItemCount
        case .invertedRotary, .invertedCylinder:
            visible = ICarouselGeometry.truncated((Double(circularItemCount) / 2).rounded(.up))
        case .wheel, .invertedWheel:
            let count = Double(circularItemCount)
            let radius = options.radius ?? itemWidth * spacing * count / arc
            if radius - itemWidth / 2 < Swift.min(viewSize.width, viewSize.height) / 2 {
                visible = circularItemCount
            } else {
                visible = ICarouselGeometry.truncated((count / 2).rounded(.up)) + 1
            }
        case .timeMachine, .invertedTimeMachine, .custom:
            visible = ICarouselGeometry.maximumVisibleItems
        }
        visible = Swift.min(ICarouselGeometry.maximumVisibleItems, visible)
        if let v = options.visibleItems { visible = ICarouselGeometry.truncated(v) }
        return Swift.max(0, Swift.min(visible, numberOfItems))
    }

    /// A CGFloat stored in an NSInteger: toward zero, saturating where Swift would trap.
    static func truncated(_ x: Double) -> Int {
        guard x.isFinite else { return x > 0 ? Int.max / 2 : (x < 0 ? Int.min / 2 : 0) }
        return Int(Swift.min(Swift.max(x.rounded(.towardZero), -1e15), 1e15))
    }

    // MARK: Indices and offsets

    /// An index brought into range: modulo the count when wrapping, else clamped; -1 without
    /// items.
    public func clampedIndex(_ index: Int) -> Int {
        let n = numberOfItems
        if n == 0 { return -1 }
        if isWrapEnabled { return ((index % n) + n) % n }
        return Swift.min(Swift.max(0, index), Swift.max(0, n - 1))
    }

    /// A scroll offset brought into range: modulo the count when wrapping, else clamped to the
    /// first and last item; -1 without items.
    public func clampedOffset(_ offset: Double) -> Double {
        let n = Double(numberOfItems)
        if numberOfItems == 0 { return -1 }
        if isWrapEnabled { return offset - (offset / n).rounded(.down) * n }
        return Swift.min(Swift.max(0, offset), Swift.max(0, n - 1))
    }

    /// The item nearest the scroll offset.
    public func currentItemIndex(scrollOffset: Double) -> Int {
        clampedIndex(ICarouselGeometry.truncated(scrollOffset.rounded(.toNearestOrAwayFromZero)))
    }

    /// The signed number of items from one index to another, the short way round when wrapping.
    public func minScrollDistance(fromIndex from: Int, toIndex to: Int) -> Int {
        let direct = to - from
        guard isWrapEnabled else { return direct }
        var wrapped = Swift.min(to, from) + numberOfItems - Swift.max(to, from)
        if from < to { wrapped = -wrapped }
        return Swift.abs(direct) <= Swift.abs(wrapped) ? direct : wrapped
    }

    /// The same for offsets.
    public func minScrollDistance(fromOffset from: Double, toOffset to: Double) -> Double {
        let direct = to - from
        guard isWrapEnabled else { return direct }
        var wrapped = Swift.min(to, from) + Double(numberOfItems) - Swift.max(to, from)
        if from < to { wrapped = -wrapped }
        return Swift.abs(direct) <= Swift.abs(wrapped) ? direct : wrapped
    }

    /// Item `index`'s position relative to the scroll offset, in items: negative before the
    /// current one; when wrapping, within half the count either way.
    public func offset(forItemAt index: Int, scrollOffset: Double) -> Double {
        var offset = Double(index) - scrollOffset
        if isWrapEnabled {
            let half = Double(numberOfItems) / 2
            if offset > half {
                offset -= Double(numberOfItems)
            } else if offset < -half {
                offset += Double(numberOfItems)
            }
        }
        return offset
    }

    /// The items iCarousel has views for at `scrollOffset`, in ascending order: a window of
    /// `numberOfVisibleItems` around the current item (kept within the items unless wrapping),
    /// without those whose alpha would be 0.
    public func visibleIndices(scrollOffset: Double) -> [Int] {
        let visible = numberOfVisibleItems
        guard visible > 0 else { return [] }
        var start = currentItemIndex(scrollOffset: scrollOffset) - visible / 2
        if !isWrapEnabled { start = Swift.max(0, Swift.min(numberOfItems - 1 - visible + 1, start)) }
        var seen = Set<Int>()
        for i in 0..<visible {
            let index = isWrapEnabled ? clampedIndex(start + i) : start + i
            if alpha(forOffset: offset(forItemAt: index, scrollOffset: scrollOffset)) != 0 {
                seen.insert(index)
            }
        }
        return seen.sorted()
    }

    // MARK: What each item shows

    /// An item's opacity: 1 between `fadeMin` and `fadeMax` (the time machines fade the items
    /// in front, the inverted one those behind), falling linearly over `fadeRange` items to
    /// `fadeMinAlpha`.
    public func alpha(forOffset offset: Double) -> Double {
        var fadeMin = -Double.infinity
        var fadeMax = Double.infinity
        if type == .timeMachine { fadeMax = 0 }
        if type == .invertedTimeMachine { fadeMin = 0 }
        fadeMin = options.fadeMin ?? fadeMin
        fadeMax = options.fadeMax ?? fadeMax
        let fadeRange = options.fadeRange ?? 1
        let fadeMinAlpha = options.fadeMinAlpha ?? 0
        var factor = 0.0
        if offset > fadeMax {
            factor = offset - fadeMax
        } else if offset < fadeMin {
            factor = fadeMin - offset
        }
        return 1 - Swift.min(factor, fadeRange) / fadeRange * (1 - fadeMinAlpha)
    }

    /// Whether an item may show its back: every type but the inverted cylinder (a layer is
    /// double-sided by default), unless `showBackfaces` says.
    public var showsBackfaces: Bool { options.showBackfaces ?? (type != .invertedCylinder) }

    /// iCarousel hides an item facing away (its transform's m33 not positive) unless backfaces show.
    public func isHidden(_ transform: Transform3D) -> Bool {
        !(showsBackfaces || transform.m33 > 0)
    }

    /// The toggle that CoverFlow2 gives an item it lays out while the carousel moves by itself
    /// (decelerating, an animated scroll, autoscroll, past either end): with it the item sits
    /// exactly where CoverFlow puts it.
    public static func toggle(forItemOffset offset: Double) -> Double {
        let clamped = Swift.max(-1, Swift.min(1, offset))
        if offset > 0 { return offset <= 0.5 ? -clamped : 1 - clamped }
        return offset > -0.5 ? -clamped : -1 - clamped
    }

    /// The perspective and the viewpoint every type starts from (the base transform a custom
    /// carousel's function is given).
    public var baseTransform: Transform3D {
        var base = Transform3D.identity
        base.m34 = perspective
        return base.translated(-viewpointOffset.width, -viewpointOffset.height, 0)
    }

    /// The item's layer transform at `offset` items from the current position: the perspective
    /// and viewpoint, then the type's placement (docs/design/layouts.md §8.1). `toggle` is
    /// CoverFlow2's -1...1 flip of the items either side of the centre. A custom carousel's is
    /// the app's function of the offset and this base (`ICarouselLayout.itemTransform`); here
    /// the base alone.
    public func transform(forOffset offset: Double, toggle: Double = 0) -> Transform3D {
        let base = baseTransform
        let w = itemWidth
        switch type {
        case .custom:
            return base
        case .linear:
            let d = offset * w * spacing
            return isVertical ? base.translated(0, d, 0) : base.translated(d, 0, 0)
        case .rotary, .invertedRotary:
            let count = Double(circularItemCount)
            var radius =
                options.radius ?? Swift.max(w * spacing / 2, w * spacing / 2 / tan(arc / 2 / count))
            var angle = options.angle ?? offset / count * arc
            if type == .invertedRotary {
                radius = -radius
                angle = -angle
            }
            let along = radius * sin(angle)
            let depth = radius * cos(angle) - radius
            return isVertical ? base.translated(0, along, depth) : base.translated(along, 0, depth)
        case .cylinder, .invertedCylinder:
            let count = Double(circularItemCount)
            var radius = options.radius ?? Swift.max(0.01, w * spacing / 2 / tan(arc / 2 / count))
            var angle = options.angle ?? offset / count * arc
            if type == .invertedCylinder {
                radius = -radius
                angle = -angle
            }
            var t = base.translated(0, 0, -radius)
            t = isVertical ? t.rotated(angle, -1, 0, 0) : t.rotated(angle, 0, 1, 0)
            return t.translated(0, 0, radius + 0.01)
        case .wheel, .invertedWheel:
            let count = Double(circularItemCount)
            var radius = options.radius ?? w * spacing * count / arc
            var angle = options.angle ?? arc / count
            if type == .invertedWheel {
                radius = -radius
                angle = -angle
            }
            if isVertical {
                return base.translated(-radius, 0, 0).rotated(angle * offset, 0, 0, 1)
                    .translated(radius, 0, offset * 0.01)
            }
            return base.translated(0, radius, 0).rotated(angle * offset, 0, 0, 1)
                .translated(0, -radius, offset * 0.01)
        case .coverFlow, .coverFlow2:
            let clamped = coverFlowClampedOffset(offset, toggle: toggle)
            let x = (clamped * 0.5 * tilt + offset * spacing) * w
            let z = Swift.abs(clamped) * -w * 0.5
            let angle = -clamped * Double.pi / 2 * tilt
            if isVertical { return base.translated(0, x, z).rotated(angle, -1, 0, 0) }
            return base.translated(x, 0, z).rotated(angle, 0, 1, 0)
        case .timeMachine, .invertedTimeMachine:
            var tilt = self.tilt
            var offset = offset
            if type == .invertedTimeMachine {
                tilt = -tilt
                offset = -offset
            }
            let up = offset * w * tilt
            let depth = offset * w * spacing
            return isVertical ? base.translated(0, up, depth) : base.translated(up, 0, depth)
        }
    }

    /// The offset, clamped to -1...1, that turns and pushes back a cover; CoverFlow2 moves the
    /// items either side of the centre by its toggle instead.
    func coverFlowClampedOffset(_ offset: Double, toggle: Double) -> Double {
        var clamped = Swift.max(-1, Swift.min(1, offset))
        guard type == .coverFlow2 else { return clamped }
        if toggle > 0 {
            if offset <= -0.5 {
                clamped = -1
            } else if offset <= 0.5 {
                clamped = -toggle
            } else if offset <= 1.5 {
                clamped = 1 - toggle
            }
        } else {
            if offset > 0.5 {
                clamped = 1
            } else if offset > -0.5 {
                clamped = -toggle
            } else if offset > -1.5 {
                clamped = -1 - toggle
            }
        }
        return clamped
    }
}
