import FrameGenGeometry
import FrameGenMotion

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// lizelu's CustomTransformCollecionLayout, the spinning carousel (docs/design/layouts.md §5), with its demo
/// controller's tap-to-zoom as layout behaviour.
///
/// Section 0 only. With the screen size W_s x H_s, item w x h and pitch D = w + margin: cell i is
/// centred at (i·D + w/2, H_s/2); the content is N·D x H_s. With p = contentOffset.x + W_s/2, the
/// current index is k = trunc(p / D) (slot based: cell i owns [i·D, (i+1)·D)), and every cell
/// turns by the same angle θ = 2π·c/D about z, c = (p - w/2) mod D, one full turn per pitch. The
/// current cell has zIndex 1000, every other cell zIndex k. Every element is returned whatever
/// the rect, as the original does; every scroll invalidates.
///
/// Quirks of the original's arithmetic (docs/design/layouts.md §5.3), each with a switch. The
/// first two are off by default, because on a device the app does not show them: a drag off
/// offset 0 does not turn every cell half a turn in one frame, and a fling to the end rests with
/// the cells upright.
/// - `zeroOffsetQuirk`: at offset <= 0 with k = 0 the angle is forced to 0, so the angle jumps
///   at offset 0 (150 degrees on a 375 pt screen); false (default) keeps c = (p - w/2) mod D
///   everywhere.
/// - `edgeQuirk`: no leading or trailing room, so cell 0 can only be centred at a negative
///   offset (the snap target w/2 - W_s/2, unclamped) and the last cell not at all, and a fling
///   to either end rests turned; false (default) adds a leading (W_s - w)/2 and enough trailing
///   room and clamps the snap to the items, so every rest centres a cell at angle 0.
/// - `screenSizeQuirk` (on by default): the geometry reads the screen size
///   (`CollectionViewState.screenSize`), not the view's; false uses the view's size.
///
/// Tap to zoom (the demo's button, shared static flag): a tap while not zoomed animates the
/// tapped cell from what it shows to a uniform scale W_s / (its frame's width), frame being the
/// bounding box of the turned cell; the next tap (on any cell) animates the tapped cell back to
/// the identity; each over `zoomDuration` with UIView's ease-in-out curve. The animated transform
/// replaces the layout's rotation on that cell until the next layout pass: here, for as long as
/// the view's bounds stay those of the tap. Interpolation follows Core Animation's: the angle
/// takes the short way to 0 and the scale goes linearly.
public struct CarouselLayout: CollectionViewLayout {
    public var itemSize: Size
    public var margin: Double
    public var zeroOffsetQuirk: Bool
    public var edgeQuirk: Bool
    public var screenSizeQuirk: Bool
    public var zoomDuration: Double

    /// One tap's zoom animation of one cell, recorded when the tap arrives.
    public struct ZoomAnimation: Hashable, Sendable {
        public var indexPath: IndexPath
        public var startTime: Double
        public var duration: Double
        /// The view's bounds at the tap: the animation shows while they stay the same.
        public var bounds: Rect
        public var fromAngle: Double
        public var fromScale: Double
        public var toScale: Double

        /// (angle, scale) at `time`; the angle ends at 0.
        public func value(at time: Double) -> (angle: Double, scale: Double) {
            let x = duration > 0 ? (time - startTime) / duration : 1
            let e = TimingCurve.easeInEaseOut.progress(x)
            return (fromAngle * (1 - e), fromScale + (toScale - fromScale) * e)
        }
    }

    /// The taps so far, in time order; an even count means not zoomed (the demo's static flag).
    public private(set) var zoomAnimations: [ZoomAnimation] = []
    public private(set) var collectionView: CollectionViewState?

    public init(
        itemSize: Size = Size(width: 200, height: 200), margin: Double = 10, zeroOffsetQuirk: Bool = false,
        edgeQuirk: Bool = false, screenSizeQuirk: Bool = true, zoomDuration: Double = 0.5
    ) {
        self.itemSize = itemSize
        self.margin = margin
        self.zeroOffsetQuirk = zeroOffsetQuirk
        self.edgeQuirk = edgeQuirk
        self.screenSizeQuirk = screenSizeQuirk
        self.zoomDuration = zoomDuration
    }

    // MARK: Geometry

    public var pitch: Double { itemSize.width + margin }

    private func screen(_ cv: CollectionViewState) -> Size { screenSizeQuirk ? cv.screenSize : cv.size }

    /// Room before cell 0: none in the original's arithmetic.
    private func lead(_ cv: CollectionViewState) -> Double {
        edgeQuirk ? 0 : Swift.max(0, (screen(cv).width - itemSize.width) / 2)
    }

    private func count(_ cv: CollectionViewState) -> Int { cv.numberOfItems(inSection: 0) }

    /// trunc(x / D) as the original's NSInteger conversion, saturated for absurd offsets.
    private func slot(_ x: Double) -> Int {
        guard pitch > 0, x.isFinite else { return 0 }
        let q = (x / pitch).rounded(.towardZero)
        return Int(Swift.min(Swift.max(q, -1e15), 1e15))
    }

    /// The current index k at the state's offset.
    public func currentIndex(_ cv: CollectionViewState) -> Int {
        slot(cv.contentOffset.x + screen(cv).width / 2 - lead(cv))
    }

    /// The common rotation angle θ in radians, in [0, 2π) (or the original's value for offsets
    /// far below zero).
    public func rotationAngle(_ cv: CollectionViewState) -> Double {
        guard pitch > 0 else { return 0 }
        let o = cv.contentOffset.x
        let p = o + screen(cv).width / 2 - lead(cv)
        let w = itemSize.width
        var c: Double
        if zeroOffsetQuirk {
            let k = Double(slot(p))
            c = p - k * pitch - w / 2
            if c < 0 { c = p - (k - 1) * pitch - w / 2 }
            if k == 0 && o <= 0 { c = 0 }
        } else {
            c = (p - w / 2).truncatingRemainder(dividingBy: pitch)
            if c < 0 { c += pitch }
        }
        return 2 * Double.pi * c / pitch
    }

    // MARK: Layout

    public mutating func prepare(_ collectionView: CollectionViewState) {
        self.collectionView = collectionView
    }

    public var collectionViewContentSize: Size {
        guard let cv = collectionView else { return .zero }
        let s = screen(cv)
        let n = Double(count(cv))
        var width = n * pitch
        if !edgeQuirk && n > 0 {
            let l = lead(cv)
            width = Swift.max(l + n * pitch, l + (n - 1) * pitch + itemSize.width / 2 + s.width / 2)
        }
        return Size(width: width, height: s.height)
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let cv = collectionView, indexPath.section == 0, indexPath.item >= 0,
            indexPath.item < count(cv)
        else { return nil }
        let s = screen(cv)
        let center = Point(
            x: lead(cv) + Double(indexPath.item) * pitch + itemSize.width / 2, y: s.height / 2)
        var a = LayoutAttributes.cell(indexPath, frame: Rect(center: center, size: itemSize))
        let (angle, scale) = displayed(indexPath, cv)
        a.transform3D = Transform3D.makeRotation(angle, 0, 0, 1).scaled(scale, scale, 1)
        let k = currentIndex(cv)
        a.zIndex = indexPath.item == k ? 1000 : k
        return a
    }

    /// What the cell shows at the state's time: the layout's rotation, or a zoom animation that
    /// is still in the same layout pass.
    private func displayed(_ indexPath: IndexPath, _ cv: CollectionViewState) -> (
        angle: Double, scale: Double
    ) {
        if let z = zoomAnimations.last(where: {
            $0.indexPath == indexPath && $0.startTime <= cv.time && $0.bounds == cv.bounds
        }) {
            return z.value(at: cv.time)
        }
        return (rotationAngle(cv), 1)
    }

    /// Every cell, whatever the rect (the original's behaviour).
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        guard let cv = collectionView else { return [] }
        return (0..<count(cv)).compactMap { layoutAttributesForItem(at: IndexPath(section: 0, item: $0)) }
    }

    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

    /// Slot-based snap: centres cell trunc((proposed.x + W_s/2) / D), velocity ignored.
    public func targetContentOffset(
        forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point
    ) -> Point {
        guard let cv = collectionView else { return proposedContentOffset }
        let s = screen(cv)
        let l = lead(cv)
        var k = slot(proposedContentOffset.x + s.width / 2 - l)
        if !edgeQuirk { k = Swift.min(Swift.max(k, 0), Swift.max(0, count(cv) - 1)) }
        return Point(
            x: l + Double(k) * pitch + itemSize.width / 2 - s.width / 2, y: proposedContentOffset.y)
    }

    // MARK: Tap to zoom

    /// Zooms the tapped cell in, or (every second tap) back; always handled.
    public mutating func collectionViewDidTapItem(
        at indexPath: IndexPath, _ collectionView: CollectionViewState
    )
        -> Bool
    {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < count(collectionView) else {
            return false
        }
        let (angle, scale) = displayed(indexPath, collectionView)
        // The short way round, as a quaternion slerp turns.
        var from = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
        if from > Double.pi { from -= 2 * Double.pi }
        if from <= -Double.pi { from += 2 * Double.pi }
        let zoomingIn = zoomAnimations.count % 2 == 0
        var target = 1.0
        if zoomingIn {
            let frameWidth =
                scale * (itemSize.width * Swift.abs(cos(angle)) + itemSize.height * Swift.abs(sin(angle)))
            target = frameWidth > 0 ? screen(collectionView).width / frameWidth : 1
        }
        zoomAnimations.append(
            ZoomAnimation(
                indexPath: indexPath, startTime: collectionView.time, duration: zoomDuration,
                bounds: collectionView.bounds, fromAngle: from, fromScale: scale, toScale: target))
        return true
    }

    public var animationEndTime: Double? {
        zoomAnimations.map { $0.startTime + $0.duration }.max()
    }

    /// The taps so far: a zoomed cell stays zoomed, and the next tap zooms it back, as the demo's
    /// static flag outlives a change of the layout's properties.
    public mutating func adoptState(of previous: any CollectionViewLayout) {
        if let previous = previous as? CarouselLayout { zoomAnimations = previous.zoomAnimations }
    }
}

extension CarouselLayout {
    public static let parameters: [LayoutParameter] = [
        LayoutParameter(
            name: "itemSize", defaultValue: .numbers([200, 200]), summary: "[width, height] of every cell"),
        LayoutParameter(
            name: "margin", defaultValue: .number(10), summary: "gap between cells; pitch = width + margin"),
        LayoutParameter(
            name: "zeroOffsetQuirk", defaultValue: .bool(false),
            summary:
                "true: the original's code forces the angle to 0 at offsets <= 0, so every cell flips when a drag leaves offset 0"
        ),
        LayoutParameter(
            name: "edgeQuirk", defaultValue: .bool(false),
            summary:
                "true: the original's code leaves no room before the first or after the last cell, so neither can be centred and a fling to an end rests turned"
        ),
        LayoutParameter(
            name: "screenSizeQuirk", defaultValue: .bool(true),
            summary: "geometry from the screen size as the original reads it; false uses the view's size"),
        LayoutParameter(
            name: "zoomDuration", defaultValue: .number(0.5),
            summary: "seconds of the tap zoom (in to the screen width, and back)"),
    ]

    public init(parameters values: [String: CustomValue]) throws(LayoutParameterError) {
        let r = LayoutParameterReader(values)
        self.init(
            itemSize: try r.size("itemSize", default: Size(width: 200, height: 200)),
            margin: try r.number("margin", default: 10, minimum: 0),
            zeroOffsetQuirk: try r.bool("zeroOffsetQuirk", default: false),
            edgeQuirk: try r.bool("edgeQuirk", default: false),
            screenSizeQuirk: try r.bool("screenSizeQuirk", default: true),
            zoomDuration: try r.number("zoomDuration", default: 0.5, minimum: 0))
    }

    public static let descriptor = LayoutDescriptor(
        type: "carousel",
        summary:
            "Spinning carousel: every cell turns a full circle per pitch of scroll, the current one on top; tap zooms",
        parameters: parameters,
        make: { values throws(LayoutParameterError) in try CarouselLayout(parameters: values) })
}
