import FrameGenGeometry
import FrameGenMotion
import TestTiers
import Testing

@testable import FrameGenLayout

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// iCarousel's types and scrolling against numbers worked by hand from its formulas
/// (docs/design/layouts.md §8): 200 pt items in a 375 x 667 view unless a test says otherwise.
@Suite struct ICarouselLayoutTests {
    func geometry(
        _ type: ICarouselType, items: Int = 20, options: ICarouselOptions = .init(), vertical: Bool = false
    ) -> ICarouselGeometry {
        ICarouselGeometry(
            type: type, options: options, isVertical: vertical, itemWidth: 200, numberOfItems: items,
            viewSize: Size(width: 375, height: 667))
    }

    /// Where the item's centre goes, before the perspective divide: (x, y, z, w).
    func centre(_ t: Transform3D) -> SIMD4<Double> { t.apply(x: 0, y: 0, z: 0) }

    func near(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ tolerance: Double = 1e-3) -> Bool {
        (0..<4).allSatisfy { Swift.abs(a[$0] - b[$0]) <= tolerance }
    }

    // MARK: Types

    /// Linear: x = offset · width · spacing, with m34 = -1/500 behind it.
    @Test func linear() {
        let g = geometry(.linear)
        let t = g.transform(forOffset: 1.5)
        expect(t.m34 == -0.002)
        expect(near(centre(t), SIMD4(300, 0, 0, 1)))
        var spaced = ICarouselOptions()
        spaced.spacing = 1.2
        expect(
            near(centre(geometry(.linear, options: spaced).transform(forOffset: -1)), SIMD4(-240, 0, 0, 1)))
        expect(near(centre(geometry(.linear, vertical: true).transform(forOffset: 1)), SIMD4(0, 200, 0, 1)))
        // ceil(375 / 200) + 2 items have views; not wrapping.
        expect(g.numberOfVisibleItems == 4)
        expect(!g.isWrapEnabled)
        expect(g.offsetMultiplier == 1)
    }

    /// Rotary: 12 slots (the width in items, 2, times π is below 12), radius 100 / tan(π/12) =
    /// 373.205; item 1 at π/6: x = r sin(π/6) = 186.603, z = r cos(π/6) - r = -50.
    @Test func rotary() {
        let g = geometry(.rotary)
        expect(g.circularItemCount == 12)
        expect(g.isWrapEnabled)
        expect(g.numberOfVisibleItems == 12)
        let w = 1 + 50 * 0.002
        expect(near(centre(g.transform(forOffset: 1)), SIMD4(186.603, 0, -50, w)))
        // Inverted: radius and angle negated, so the circle bulges toward the viewer.
        let inverted = geometry(.invertedRotary)
        expect(near(centre(inverted.transform(forOffset: 1)), SIMD4(186.603, 0, 50, 1 - 50 * 0.002)))
        expect(inverted.numberOfVisibleItems == 6)
        // Fewer items than slots: the circle has as many slots as items.
        expect(geometry(.rotary, items: 5).circularItemCount == 5)
    }

    /// Cylinder: each item turned about y by its angle on a circle of radius 373.205 (+0.01).
    @Test func cylinder() {
        let g = geometry(.cylinder)
        let r = 100 / tan(Double.pi / 12)
        let t = g.transform(forOffset: 1)
        let x = (r + 0.01) * sin(Double.pi / 6)
        let z = (r + 0.01) * cos(Double.pi / 6) - r
        expect(near(centre(t), SIMD4(x, 0, z, 1 - z * 0.002)))
        expect(Swift.abs(t.m33 - cos(Double.pi / 6)) < 1e-12)
        // An item a third of the way round faces away: the inverted cylinder hides it, the
        // cylinder shows its back.
        let inverted = geometry(.invertedCylinder, items: 12)
        expect(inverted.isHidden(inverted.transform(forOffset: 4)))
        expect(!inverted.isHidden(inverted.transform(forOffset: 1)))
        expect(!g.isHidden(g.transform(forOffset: 4)))
        var noBacks = ICarouselOptions()
        noBacks.showBackfaces = false
        let culled = geometry(.cylinder, items: 12, options: noBacks)
        expect(culled.isHidden(culled.transform(forOffset: 4)))
    }

    /// Wheel: radius 200 · 12 / 2π = 381.97 below the centre, π/6 a step, and 0.01 of depth per
    /// item; the wheel is larger than the view, so ceil(12 / 2) + 1 items have views.
    @Test func wheel() {
        let g = geometry(.wheel)
        let r = 200 * 12 / (2 * Double.pi)
        let x = r * sin(Double.pi / 6)
        let y = r - r * cos(Double.pi / 6)
        expect(near(centre(g.transform(forOffset: 1)), SIMD4(x, y, 0.01, 1 - 0.01 * 0.002)))
        expect(g.numberOfVisibleItems == 7)
        // Inverted: hung above the centre instead.
        expect(
            near(
                centre(geometry(.invertedWheel).transform(forOffset: 1)), SIMD4(x, -y, 0.01, 1 - 0.01 * 0.002)
            ))
        // Vertical: the circle's centre to the left, the items turning down it.
        let v = geometry(.wheel, vertical: true).transform(forOffset: 1)
        expect(
            near(
                centre(v),
                SIMD4(-(r - r * cos(Double.pi / 6)), r * sin(Double.pi / 6), 0.01, 1 - 0.01 * 0.002)))
    }

    /// Cover flow: x = (c · 0.5 · tilt + offset · spacing) · width, z = -|c| · width / 2, turned
    /// by -c · π/2 · tilt about y, with c the offset clamped to -1...1; tilt 0.9, spacing 0.25.
    @Test func coverFlow() {
        let g = geometry(.coverFlow)
        let half = g.transform(forOffset: 0.5)
        expect(near(centre(half), SIMD4(70, 0, -50, 1 + 50 * 0.002)))
        let angle = -0.5 * Double.pi / 2 * 0.9
        expect(Swift.abs(half.m11 - cos(angle)) < 1e-12)
        expect(Swift.abs(half.m13 - -sin(angle)) < 1e-12)
        expect(near(centre(g.transform(forOffset: 2)), SIMD4(190, 0, -100, 1.2)))
        expect(near(centre(g.transform(forOffset: -3)), SIMD4(-240, 0, -100, 1.2)))
        expect(g.offsetMultiplier == 2)
        // ceil(375 / 50) + 2.
        expect(g.numberOfVisibleItems == 10)
    }

    /// CoverFlow2: while the toggle is 1 (the current item just moved on), the items at offsets
    /// up to 0.5 lie turned as at -1, and from 0.5 to 1.5 face the viewer.
    @Test func coverFlow2Toggle() {
        let g = geometry(.coverFlow2)
        expect(near(centre(g.transform(forOffset: 0.2, toggle: 1)), SIMD4(-80, 0, -100, 1.2)))
        expect(near(centre(g.transform(forOffset: 1, toggle: 1)), SIMD4(50, 0, 0, 1)))
        // Toggle 0: the item within half an item of the centre faces the viewer, the others
        // are turned all the way.
        expect(near(centre(g.transform(forOffset: 0.3, toggle: 0)), SIMD4(15, 0, 0, 1)))
        expect(near(centre(g.transform(forOffset: 0.8, toggle: 0)), SIMD4(130, 0, -100, 1.2)))
        expect(near(centre(g.transform(forOffset: -0.7, toggle: 0)), SIMD4(-125, 0, -100, 1.2)))
        let flow = geometry(.coverFlow)
        // The per-item toggle CoverFlow2 sets while moving by itself puts every item where
        // CoverFlow does.
        for o in [-1.3, -0.8, -0.5, -0.2, 0, 0.2, 0.5, 0.7, 1, 1.4] {
            let t = g.transform(forOffset: o, toggle: ICarouselGeometry.toggle(forItemOffset: o))
            expect(near(centre(t), centre(flow.transform(forOffset: o)), 1e-9))
        }
    }

    /// Time machine: each item back by width · spacing and up by width · tilt (0.3) per item;
    /// the items in front fade out over one item.
    @Test func timeMachine() {
        let g = geometry(.timeMachine)
        expect(near(centre(g.transform(forOffset: -2)), SIMD4(-120, 0, -400, 1.8)))
        expect(g.alpha(forOffset: -2) == 1)
        expect(g.alpha(forOffset: 0.5) == 0.5)
        expect(g.alpha(forOffset: 1.2) == 0)
        expect(g.numberOfVisibleItems == 20)
        let inverted = geometry(.invertedTimeMachine)
        expect(near(centre(inverted.transform(forOffset: 2)), SIMD4(120, 0, -400, 1.8)))
        expect(inverted.alpha(forOffset: 2) == 1)
        expect(inverted.alpha(forOffset: -0.25) == 0.75)
        var o = ICarouselOptions()
        o.fadeMinAlpha = 0.4
        o.fadeRange = 2
        expect(Swift.abs(geometry(.timeMachine, options: o).alpha(forOffset: 1) - 0.7) < 1e-12)
    }

    /// The items with views: a window of the visible count around the current item, kept in
    /// range, less those with alpha 0; wrapping counts round.
    @Test func visibleItems() {
        let linear = geometry(.linear)
        expect(linear.visibleIndices(scrollOffset: 0) == [0, 1, 2, 3])
        expect(linear.visibleIndices(scrollOffset: 10) == [8, 9, 10, 11])
        expect(linear.visibleIndices(scrollOffset: 19) == [16, 17, 18, 19])
        // Time machine: the items more than one in front are transparent and have no view.
        expect(geometry(.timeMachine).visibleIndices(scrollOffset: 10) == Array(0...10))
        let rotary = geometry(.rotary)
        expect(rotary.visibleIndices(scrollOffset: 0) == [0, 1, 2, 3, 4, 5, 14, 15, 16, 17, 18, 19])
        expect(rotary.offset(forItemAt: 19, scrollOffset: 0) == -1)
        expect(rotary.offset(forItemAt: 10, scrollOffset: 0) == 10)
        expect(rotary.offset(forItemAt: 11, scrollOffset: 0) == -9)
    }

    // MARK: The layout

    func state(_ time: Double = 0, items: Int = 20) -> CollectionViewState {
        var s = viewState(375, 667, sections: [items])
        s.time = time
        return s
    }

    /// Every cell is centred in the view at the item size, with its type's transform and alpha;
    /// the cells are drawn by depth, and equal depths nearer the current item on top.
    @Test func attributes() {
        let l = prepared(ICarouselLayout(style: .linear), state())
        expect(l.drawingOrder == .depth)
        expect(l.collectionViewContentSize == Size(width: 375, height: 667))
        let cells = l.layoutAttributesForElements(in: .zero)
        expect(cells.map(\.indexPath.item) == [0, 1, 2, 3])
        expect(cells.allSatisfy { $0.frame == Rect(x: 87.5, y: 233.5, width: 200, height: 200) })
        expect(cells.map(\.zIndex) == [3, 2, 1, 0])
        expect(near(centre(cells[2].transform3D), SIMD4(400, 0, 0, 1)))
        let tm = prepared(ICarouselLayout(style: .timeMachine, initialItemIndex: 3), state())
        let back = tm.layoutAttributesForElements(in: .zero)
        // Item 4, one in front, is transparent and has no view.
        expect(back.map(\.indexPath.item) == [0, 1, 2, 3])
        expect(back.allSatisfy { $0.alpha == 1 })
        expect(back.map(\.zIndex) == [0, 1, 2, 3])
        // Not loaded: where it would be, hidden.
        expect(tm.layoutAttributesForItem(at: ip(0, 12))?.isHidden == true)
        expect(tm.layoutAttributesForItem(at: ip(0, 20)) == nil)
        // iCarousel's contentOffset moves every centre.
        let moved = prepared(ICarouselLayout(centerOffset: Size(width: 10, height: -20)), state())
        expect(moved.layoutAttributesForElements(in: .zero)[0].center == Point(x: 197.5, y: 313.5))
    }

    @Test func parameters() throws {
        let l = try ICarouselLayout(parameters: [
            "style": .string("coverFlow2"), "tilt": .number(0.5), "wrap": .bool(true),
            "vertical": .bool(true),
            "itemSize": .numbers([120, 160]), "autoscroll": .number(-0.5),
        ])
        expect(l.style == .coverFlow2)
        expect(l.options.tilt == 0.5)
        expect(l.options.wrap == true)
        expect(l.isVertical)
        expect(l.physics.autoscroll == -0.5)
        expect(prepared(l, state()).geometry.itemWidth == 160)
        #expect(throws: LayoutParameterError.self) {
            try ICarouselLayout(parameters: ["style": .string("helix")])
        }
        #expect(throws: LayoutParameterError.self) {
            try ICarouselLayout(parameters: ["spacing": .number(0)])
        }
        #expect(throws: LayoutParameterError.self) {
            try ICarouselLayout(parameters: ["fadeRange": .number(-1)])
        }
        expect(LayoutRegistry.descriptor(for: "icarousel") != nil)
    }

    // MARK: Scrolling

    func scroller(
        _ type: ICarouselType = .linear, items: Int = 20, physics: ICarouselPhysics = .init(),
        events: [ICarouselEvent]
    ) -> ICarouselScroller {
        var s = ICarouselScroller(geometry: geometry(type, items: items), physics: physics)
        for e in events { s.append(e) }
        return s
    }

    /// A fling of 1000 pt/s: 5 items a second; it would coast v / 3 = 1.67 items, rounded up to
    /// 2, reached at constant deceleration in 2 / (v / 2) = 0.8 s: 1.5 items at 0.4 s.
    @Test func flingDecelerates() {
        let s = scroller(events: [.fling(time: 0, velocity: Point(x: 1000, y: 0))])
        expect(Swift.abs(s.state(at: 0.4).scrollOffset - 1.5) < 1e-9)
        expect(s.state(at: 0.4).isDecelerating)
        // Moving by itself, CoverFlow2 lays each item out with its own toggle.
        expect(s.state(at: 0.4).togglesPerItem)
        expect(s.state(at: 1).scrollOffset == 2)
        expect(!s.state(at: 1).isDecelerating)
        // The deceleration ends on the tick at 0.8 s on a whole item; a 0.01 s scroll follows.
        expect(Swift.abs(s.restTime! - 49.0 / 60) < 1e-9)
    }

    /// A drag of 300 pt in 0.5 s moves 1.5 items; its 600 pt/s release (3 items a second)
    /// coasts 1 item, rounded up to 3: 1.5 items more in 1.5 / 1.5 = 1 s.
    @Test func dragThenDecelerate() {
        let s = scroller(events: [.drag(time: 0, by: Point(x: -300, y: 0), duration: 0.5, curve: .linear)])
        expect(Swift.abs(s.state(at: 0.25).scrollOffset - 0.75) < 1e-9)
        expect(s.state(at: 0.25).isDragging)
        expect(Swift.abs(s.state(at: 0.5).scrollOffset - 1.5) < 1e-9)
        expect(Swift.abs(s.state(at: 1).scrollOffset - 2.625) < 1e-9)
        expect(Swift.abs(s.state(at: 1.5).scrollOffset - 3) < 1e-9)
        expect(Swift.abs(s.state(at: 3).scrollOffset - 3) < 1e-9)
    }

    /// A slow drag (0.65 items a second) ends without coasting: an animated scroll to the
    /// nearest item, 0.4 s of the cubic ease in-out.
    @Test func slowDragScrollsToTheNearestItem() {
        let s = scroller(events: [.drag(time: 0, by: Point(x: -130, y: 0), duration: 1, curve: .linear)])
        expect(Swift.abs(s.state(at: 1).scrollOffset - 0.65) < 1e-9)
        expect(Swift.abs(s.state(at: 1.2).scrollOffset - 0.825) < 1e-9)
        expect(
            Swift.abs(s.state(at: 1.1).scrollOffset - (0.65 + 0.35 * LayoutEasing.cubicEaseInOut(0.25)))
                < 1e-9)
        expect(Swift.abs(s.state(at: 1.4).scrollOffset - 1) < 1e-9)
        // A drag mostly across the carousel does not move it.
        let across = scroller(events: [
            .drag(time: 0, by: Point(x: -100, y: 150), duration: 0.5, curve: .linear)
        ])
        expect(across.state(at: 1).scrollOffset == 0)
    }

    /// Past the first item a drag meets resistance 1 - |overshoot| / bounceDistance, so it stays
    /// within one item of the end, and the release goes back to the first item.
    @Test func bounce() {
        let s = scroller(
            items: 5, events: [.drag(time: 0, by: Point(x: 300, y: 0), duration: 0.5, curve: .linear)])
        let released = s.state(at: 0.5).scrollOffset
        expect(released < -0.5 && released > -1)
        expect(Swift.abs(s.state(at: 2).scrollOffset) < 1e-9)
        // No bounces: the offset never leaves the items.
        var stiff = ICarouselPhysics()
        stiff.bounces = false
        expect(
            scroller(
                items: 5, physics: stiff,
                events: [.drag(time: 0, by: Point(x: 300, y: 0), duration: 0.5, curve: .linear)]
            ).state(at: 0.3).scrollOffset == 0)
    }

    /// A rotary carousel wraps: a fling back from item 0 comes to rest on item 18 of 20.
    @Test func wrapping() {
        let s = scroller(.rotary, events: [.fling(time: 0, velocity: Point(x: -1000, y: 0))])
        expect(s.state(at: 2).scrollOffset == 18)
        // A tap on item 19 from item 0 goes the short way, back one item.
        let tap = scroller(.rotary, events: [.tap(time: 0, index: 19)])
        expect(Swift.abs(tap.state(at: 0.2).scrollOffset - 19.5) < 1e-9)
        expect(tap.state(at: 1).scrollOffset == 19)
    }

    /// A tap on an item scrolls it to the centre in 0.4 s; a touch stops a motion where it is.
    @Test func tapAndTouch() {
        let s = scroller(events: [.tap(time: 0, index: 3)])
        expect(Swift.abs(s.state(at: 0.2).scrollOffset - 1.5) < 1e-9)
        expect(Swift.abs(s.state(at: 0.4).scrollOffset - 3) < 1e-9)
        expect(Swift.abs(s.restTime! - 0.4) < 1e-9)
        // A second tap at 0.2 s on item 0 starts a new scroll from 1.5 back to 0.
        let back = scroller(events: [.tap(time: 0, index: 3), .tap(time: 0.2, index: 0)])
        expect(Swift.abs(back.state(at: 0.4).scrollOffset - 0.75) < 1e-9)
        expect(Swift.abs(back.state(at: 0.6).scrollOffset) < 1e-9)
    }

    /// Paging: the release goes to the next item whatever its speed (0.3 items dragged, then
    /// 0.7 more in 0.7 / 1.5 s).
    @Test func paging() {
        var p = ICarouselPhysics()
        p.isPagingEnabled = true
        let s = scroller(
            physics: p, events: [.drag(time: 0, by: Point(x: -60, y: 0), duration: 0.1, curve: .linear)])
        expect(Swift.abs(s.state(at: 0.1).scrollOffset - 0.3) < 1e-9)
        expect(Swift.abs(s.state(at: 0.1 + 0.7 / 1.5).scrollOffset - 1) < 1e-6)
        expect(s.state(at: 2).scrollOffset == 1)
    }

    /// Autoscroll moves by itself, backwards as iCarousel counts: -1 brings an item a second.
    @Test func autoscroll() {
        var p = ICarouselPhysics()
        p.autoscroll = -1
        let s = scroller(physics: p, events: [])
        expect(Swift.abs(s.state(at: 2.5).scrollOffset - 2.5) < 1e-9)
        expect(s.state(at: 30).scrollOffset == 19)
        expect(s.restTime == nil)
        p.autoscroll = 1
        expect(scroller(physics: p, events: []).state(at: 1).scrollOffset == 0)
        expect(
            Swift.abs(scroller(.rotary, physics: p, events: []).state(at: 1.5).scrollOffset - 18.5) < 1e-9)
    }

    /// CoverFlow2's toggle: when the current item changes during a drag it flips to -1 and
    /// eases back to 0 in 0.4 s at under an item a second. A 130 pt drag over 1 s moves
    /// 0.0217 items a touch (two items per item width): the touch at 24/60 s passes 0.5.
    @Test func coverFlow2ToggleDuringADrag() {
        let s = scroller(
            .coverFlow2, events: [.drag(time: 0, by: Point(x: -130, y: 0), duration: 1, curve: .linear)])
        expect(s.state(at: 23.0 / 60).toggle == 0)
        expect(s.state(at: 24.0 / 60).toggle == -1)
        expect(Swift.abs(s.state(at: 36.0 / 60).toggle - -0.5) < 1e-9)
        expect(!s.state(at: 36.0 / 60).togglesPerItem)
        // After a drag without a fling, the scroll back onto the item keeps the shared toggle.
        expect(s.state(at: 1.5).toggle == 0)
        expect(!s.state(at: 1.2).togglesPerItem)
    }

    /// Items of no width (an empty itemSize) give no distance to scroll by: a drag or fling
    /// leaves the carousel where it is, rather than dividing by zero.
    @Test func itemsOfNoWidthDoNotScroll() {
        var s = ICarouselScroller(
            geometry: ICarouselGeometry(
                type: .coverFlow, itemWidth: 0, numberOfItems: 5, viewSize: Size(width: 375, height: 667)),
            physics: .init())
        s.append(.drag(time: 0, by: Point(x: -100, y: 0), duration: 0.3, curve: .linear))
        s.append(.fling(time: 0.5, velocity: Point(x: 900, y: 0)))
        expect(s.state(at: 2).scrollOffset == 0)
        expect(s.restTime == 0.5)
    }

    /// Custom: the app's function places each item, given its offset and the base transform
    /// (the perspective and viewpoint); up to 30 items have views, nothing wraps or fades.
    @Test func customPlacesItemsByTheAppsFunction() throws {
        let layout = ICarouselLayout(
            style: .custom, viewpointOffset: Size(width: 10, height: 0), initialItemIndex: 2,
            itemTransform: { offset, base in base.translated(offset * 150, 0, -Swift.abs(offset) * 100) })
        let cells = prepared(layout, state()).layoutAttributesForElements(in: .zero)
        expect(cells.count == 20)
        let item3 = try #require(cells.first { $0.indexPath.item == 3 })
        // Its own placement inside the base: 150 right, 100 back, then the eye 10 to the left.
        expect(near(centre(item3.transform3D), SIMD4(140, 0, -100, 1.2)))
        expect(cells.allSatisfy { $0.alpha == 1 && !$0.isHidden })
        // The nearest on top: item 2, at the centre.
        expect(cells.max { $0.transform3D.m43 < $1.transform3D.m43 }?.indexPath.item == 2)
        // A scene cannot name it: it needs the app's code.
        #expect(throws: LayoutParameterError.self) {
            try ICarouselLayout(parameters: ["style": .string("custom")])
        }
    }
}
