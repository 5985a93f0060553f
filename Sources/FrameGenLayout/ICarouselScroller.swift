import FrameGenGeometry
import FrameGenMotion

/// iCarousel's scrolling settings: its properties of these names, with its defaults.
public struct ICarouselPhysics: Hashable, Sendable {
    /// The share of velocity kept per 1/30 s of deceleration (0.95).
    public var decelerationRate = 0.95
    public var bounces = true
    /// How far past either end the carousel may go, in items.
    public var bounceDistance = 1.0
    /// Multiplies a release's velocity (not the drag itself).
    public var scrollSpeed = 1.0
    /// A deceleration ends on a whole item.
    public var stopAtItemBoundary = true
    /// A scroll that ends between items is carried on to the nearest one.
    public var scrollToItemBoundary = true
    /// A release moves at most to the next item.
    public var isPagingEnabled = false
    /// A tap on an item that is not the current one scrolls it to the centre.
    public var centerItemWhenSelected = true
    public var isScrollEnabled = true
    /// A drag mostly across the scroll does not scroll.
    public var ignorePerpendicularSwipes = true
    /// Items a second the carousel moves by itself, backwards as iCarousel counts (a positive
    /// value brings earlier items to the centre); 0: none.
    public var autoscroll = 0.0

    public init() {}
}

/// What the user did to an iCarousel, in scene time.
public enum ICarouselEvent: Hashable, Sendable {
    /// A finger moving by `by` (points on screen) over `duration` along `curve`, from `time`.
    case drag(time: Double, by: Point, duration: Double, curve: TimingCurve)
    /// A release with this content-offset velocity (points a second, positive toward later
    /// items), with no finger travel.
    case fling(time: Double, velocity: Point)
    /// A tap on an item.
    case tap(time: Double, index: Int)

    var time: Double {
        switch self {
        case .drag(let t, _, _, _), .fling(let t, _), .tap(let t, _): t
        }
    }
}

/// iCarousel's scrolling (docs/design/layouts.md §8.3) replayed from the events: its state at
/// any scene time, a pure function of the events before it.
///
/// iCarousel moves on a 60 Hz timer (`step`) and on the pan gesture's touch events; each tick
/// evaluates the motion running at that instant (an animated scroll with its cubic ease, a
/// deceleration at constant rate, autoscroll, CoverFlow2's toggle), and a motion's end starts
/// the next one on the same tick. Ticks here fall on whole 60ths of a second of scene time,
/// touch events every 60th from the finger's landing; a frame shows the state after the last
/// tick or touch at or before its time, as the screen shows what the timer last set.
public struct ICarouselScroller: Hashable, Sendable {
    public var geometry: ICarouselGeometry
    public var physics: ICarouselPhysics
    /// The scroll offset before any event: iCarousel's `currentItemIndex` as the app set it.
    public var initialOffset: Double
    public private(set) var events: [ICarouselEvent] = []

    public init(geometry: ICarouselGeometry, physics: ICarouselPhysics, initialOffset: Double = 0) {
        self.geometry = geometry
        self.physics = physics
        self.initialOffset = initialOffset
    }

    /// The timer's rate and the touches'.
    static let tickRate = 60.0
    /// iCarousel's SCROLL_DURATION, the length of an animated scroll to an item.
    public static let scrollDuration = 0.4

    public mutating func append(_ event: ICarouselEvent) { events.append(event) }

    /// The carousel at `time`.
    public func state(at time: Double) -> ICarouselMotion {
        var m = ICarouselMotion(geometry: geometry, physics: physics, offset: initialOffset)
        for event in events where event.time <= time + ICarouselMotion.epsilon {
            m.run(until: event.time)
            switch event {
            case .drag(let t, let by, let d, let curve):
                m.drag(start: t, by: by, duration: d, curve: curve, until: time)
            case .fling(let t, let velocity):
                m.fling(at: t, velocity: velocity)
            case .tap(let t, let index):
                m.tap(at: t, index: index)
            }
        }
        m.run(until: time)
        return m
    }

    /// When the carousel comes to rest after its last event (nil with autoscroll, which never
    /// rests; the events' last time when nothing moves after it).
    public var restTime: Double? {
        guard physics.autoscroll == 0 || geometry.numberOfItems == 0 else { return nil }
        guard let last = events.last else { return nil }
        var end = last.time
        if case .drag(let t, _, let d, _) = last { end = t + d }
        var m = state(at: end)
        // Each motion is a few ticks to a few seconds; a bound keeps an odd case finite. The
        // toggle moves on after the carousel rests, but only CoverFlow2 shows it.
        var ticks = 0
        let toggleShows = geometry.type == .coverFlow2
        while m.isMoving && (toggleShows || m.isScrolling || m.isDecelerating) && ticks < 60 * 600 {
            m.run(until: m.time + 1 / ICarouselScroller.tickRate)
            ticks += 1
        }
        return m.time
    }
}

/// iCarousel's scrolling state, moved by its timer's ticks and its gestures' handlers, each
/// written after the method of iCarousel that it follows.
public struct ICarouselMotion: Hashable, Sendable {
    let geometry: ICarouselGeometry
    let physics: ICarouselPhysics
    /// The scene time of the last tick or touch applied.
    public private(set) var time: Double = 0
    public private(set) var scrollOffset: Double
    /// CoverFlow2's toggle (-1...1).
    public private(set) var toggle = 0.0
    public private(set) var isDragging = false
    public private(set) var isScrolling = false
    public private(set) var isDecelerating = false
    var didDrag = false
    var startOffset: Double
    var endOffset: Double
    var startTime = 0.0
    var duration = 0.0
    var startVelocity = 0.0
    var toggleTime = 0.0
    var lastTime = 0.0
    var previousIndex: Int
    var previousTranslation = 0.0

    static let epsilon = 1e-9
    static let floatErrorMargin = 0.000001

    init(geometry: ICarouselGeometry, physics: ICarouselPhysics, offset: Double) {
        self.geometry = geometry
        self.physics = physics
        scrollOffset = geometry.numberOfItems > 0 ? geometry.clampedOffset(offset) : offset
        startOffset = scrollOffset
        endOffset = scrollOffset
        previousIndex = geometry.currentItemIndex(scrollOffset: scrollOffset)
    }

    /// Whether the timer still changes something other than autoscroll: a scroll, a
    /// deceleration or the toggle (which autoscroll, coming first in `step`, keeps still).
    var isMoving: Bool {
        if (isScrolling && !isDragging) || isDecelerating { return true }
        if physics.autoscroll != 0 && !isDragging { return false }
        return Swift.abs(toggle) > ICarouselMotion.floatErrorMargin
    }

    /// Whether an item lays out with its own CoverFlow2 toggle (iCarousel's transformItemView):
    /// while the carousel moves by itself or lies past either end.
    public var togglesPerItem: Bool {
        let n = Double(geometry.numberOfItems)
        return isDecelerating || (isScrolling && !isDragging && !didDrag)
            || (physics.autoscroll != 0 && !isDragging)
            || (!geometry.isWrapEnabled && (scrollOffset < 0 || scrollOffset >= n - 1))
    }

    /// The timer's ticks from the last one applied up to `until`.
    mutating func run(until: Double) {
        let rate = ICarouselScroller.tickRate
        var k = (time * rate + 1e-6).rounded(.down) + 1
        while true {
            let tick = k / rate
            if tick > until + ICarouselMotion.epsilon { break }
            if !isMoving && !isDragging {
                // Nothing changes between ticks but autoscroll, which moves linearly: go to
                // the last tick at once.
                let last = (until * rate + 1e-6).rounded(.down) / rate
                if physics.autoscroll != 0 && geometry.numberOfItems > 0 {
                    scrollOffset = geometry.clampedOffset(
                        scrollOffset - (last - lastTime) * physics.autoscroll)
                    didScroll(at: last)
                }
                lastTime = last
                time = Swift.max(time, last)
                return
            }
            step(at: tick)
            k += 1
        }
    }

    /// iCarousel's `step`, one tick of its timer.
    mutating func step(at now: Double) {
        let delta = now - lastTime
        lastTime = now
        time = Swift.max(time, now)
        if isScrolling && !isDragging {
            let t = Swift.min(1, duration > 0 ? (now - startTime) / duration : 1)
            let e = LayoutEasing.cubicEaseInOut(t)
            scrollOffset = startOffset + (endOffset - startOffset) * e
            didScroll(at: now)
            if t >= 1 { isScrolling = false }
        } else if isDecelerating {
            let t = Swift.min(duration, now - startTime)
            let acceleration = -startVelocity / duration
            scrollOffset = startOffset + startVelocity * t + 0.5 * acceleration * t * t
            didScroll(at: now)
            if Swift.abs(t - duration) < ICarouselMotion.floatErrorMargin {
                isDecelerating = false
                settle(at: now)
            }
        } else if physics.autoscroll != 0 && !isDragging {
            scrollOffset = geometry.clampedOffset(scrollOffset - delta * physics.autoscroll)
            didScroll(at: now)
        } else if Swift.abs(toggle) > ICarouselMotion.floatErrorMargin {
            var toggleDuration =
                startVelocity != 0 ? Swift.min(1, Swift.max(0, 1 / Swift.abs(startVelocity))) : 1
            toggleDuration = 0.2 + (0.4 - 0.2) * toggleDuration
            let t = Swift.min(1, (now - toggleTime) / toggleDuration)
            let e = LayoutEasing.cubicEaseInOut(t)
            toggle = toggle < 0 ? e - 1 : 1 - e
            didScroll(at: now)
        }
    }

    /// The end of a deceleration: on to the nearest item, or CoverFlow2's toggle from where it stopped.
    mutating func settle(at now: Double) {
        let outOfRange =
            Swift.abs(scrollOffset - geometry.clampedOffset(scrollOffset)) > ICarouselMotion.floatErrorMargin
        if (physics.scrollToItemBoundary || outOfRange) && physics.autoscroll == 0 {
            let current = geometry.currentItemIndex(scrollOffset: scrollOffset)
            if Swift.abs(scrollOffset - Double(current)) < ICarouselMotion.floatErrorMargin {
                scroll(toItem: current, duration: 0.01, at: now)
            } else {
                scroll(toItem: current, duration: ICarouselScroller.scrollDuration, at: now)
            }
        } else {
            var difference = scrollOffset.rounded(.toNearestOrAwayFromZero) - scrollOffset
            if difference > 0.5 {
                difference -= 1
            } else if difference < -0.5 {
                difference += 1
            }
            toggleTime = now - 0.4 * Swift.abs(difference)
            toggle = Swift.max(-1, Swift.min(1, -difference))
        }
    }

    /// iCarousel's `didScroll`: the offset kept in range, the toggle flipped when the current
    /// item changes, and the per-item toggle of a layout pass.
    mutating func didScroll(at now: Double) {
        let n = geometry.numberOfItems
        if geometry.isWrapEnabled || !physics.bounces {
            scrollOffset = geometry.clampedOffset(scrollOffset)
        } else {
            let low = -physics.bounceDistance
            let high = Double(Swift.max(n - 1, 0)) + physics.bounceDistance
            if scrollOffset < low {
                scrollOffset = low
                startVelocity = 0
            } else if scrollOffset > high {
                scrollOffset = high
                startVelocity = 0
            }
        }
        let current = geometry.currentItemIndex(scrollOffset: scrollOffset)
        let difference = geometry.minScrollDistance(fromIndex: current, toIndex: previousIndex)
        if difference != 0 {
            toggleTime = now
            toggle = Double(Swift.max(-1, Swift.min(1, difference)))
        }
        if togglesPerItem {
            // The pass sets the toggle item by item; what is left is the last item's. Taken
            // here as the current item's, the one nearest the centre (docs/design/layouts.md §8.3).
            toggle = ICarouselGeometry.toggle(
                forItemOffset: geometry.offset(forItemAt: current, scrollOffset: scrollOffset))
        }
        previousIndex = current
    }

    // MARK: Scrolling to an item

    /// `scrollByOffset:duration:`.
    mutating func scroll(by offset: Double, duration d: Double, at now: Double) {
        if d > 0 {
            isDecelerating = false
            isScrolling = true
            startTime = now
            startOffset = scrollOffset
            duration = d
            endOffset = startOffset + offset
            if !geometry.isWrapEnabled { endOffset = geometry.clampedOffset(endOffset) }
        } else {
            // `scrollOffset +=`, which stops any motion.
            isScrolling = false
            isDecelerating = false
            startOffset = scrollOffset + offset
            endOffset = startOffset
            if offset != 0 {
                scrollOffset += offset
                didScroll(at: now)
            }
        }
    }

    /// `scrollToItemAtIndex:duration:`: the short way round when wrapping.
    mutating func scroll(toItem index: Int, duration d: Double, at now: Double) {
        scroll(
            by: geometry.minScrollDistance(fromOffset: scrollOffset, toOffset: Double(index)), duration: d,
            at: now)
    }

    // MARK: Gestures

    /// A finger lands: iCarousel's `gestureRecognizer:shouldReceiveTouch:` stops whatever moves.
    mutating func touchDown(at now: Double) {
        time = Swift.max(time, now)
        if physics.isScrollEnabled {
            isDragging = false
            isScrolling = false
            isDecelerating = false
        }
    }

    /// A drag: the pan begins as the finger lands (unless it goes mostly across the scroll),
    /// moves with touches every 60th of a second and at the lift, and ends there.
    mutating func drag(start: Double, by: Point, duration d: Double, curve: TimingCurve, until: Double) {
        touchDown(at: start)
        guard physics.isScrollEnabled, geometry.numberOfItems > 0, geometry.itemWidth > 0 else { return }
        let along = geometry.isVertical ? by.y : by.x
        let across = geometry.isVertical ? by.x : by.y
        if physics.ignorePerpendicularSwipes && Swift.abs(along) < Swift.abs(across) { return }
        let gesture = TouchGesture(kind: .drag(by: by), location: .zero, duration: d, curve: curve)
        // Began.
        isDragging = true
        isScrolling = false
        isDecelerating = false
        previousTranslation = 0
        var k = 1.0
        while true {
            let elapsed = Swift.min(k / ICarouselScroller.tickRate, d)
            let at = start + elapsed
            if at > until + ICarouselMotion.epsilon { return }
            run(until: at)
            panChanged(
                translation: along * gesture.progress(at: elapsed),
                velocity: along * gesture.progressRate(at: elapsed), at: at)
            if elapsed >= d { break }
            k += 1
        }
        panEnded(at: start + d)
    }

    /// A fling: a pan that begins, reports its velocity and ends at one instant.
    mutating func fling(at now: Double, velocity: Point) {
        touchDown(at: now)
        guard physics.isScrollEnabled, geometry.numberOfItems > 0, geometry.itemWidth > 0 else { return }
        isDragging = true
        previousTranslation = 0
        // The finger moves against the content.
        let v = -(geometry.isVertical ? velocity.y : velocity.x)
        panChanged(translation: 0, velocity: v, at: now)
        panEnded(at: now)
    }

    /// `didPan:` in the changed state: the offset follows the finger (resisting past either
    /// end), and the finger's velocity becomes the release's.
    mutating func panChanged(translation: Double, velocity: Double, at now: Double) {
        time = Swift.max(time, now)
        var factor = 1.0
        if !geometry.isWrapEnabled && physics.bounces {
            factor =
                1 - Swift.min(
                    Swift.abs(scrollOffset - geometry.clampedOffset(scrollOffset)), physics.bounceDistance)
                / physics.bounceDistance
        }
        let w = geometry.itemWidth
        startVelocity = -velocity * factor * physics.scrollSpeed / w
        scrollOffset -= (translation - previousTranslation) * factor * geometry.offsetMultiplier / w
        previousTranslation = translation
        didScroll(at: now)
    }

    /// `didPan:` in the ended state: decelerate, or go to the next item or back to this one.
    mutating func panEnded(at now: Double) {
        isDragging = false
        didDrag = true
        if shouldDecelerate {
            didDrag = false
            startDecelerating(at: now)
        }
        guard !isDecelerating else { return }
        let outOfRange =
            Swift.abs(scrollOffset - geometry.clampedOffset(scrollOffset)) > ICarouselMotion.floatErrorMargin
        guard (physics.scrollToItemBoundary || outOfRange) && physics.autoscroll == 0 else { return }
        let current = geometry.currentItemIndex(scrollOffset: scrollOffset)
        if Swift.abs(scrollOffset - Double(current)) < ICarouselMotion.floatErrorMargin {
            scroll(toItem: current, duration: 0.01, at: now)
        } else if shouldScroll {
            let direction = startVelocity > 0 ? 1 : -1
            scroll(toItem: current + direction, duration: ICarouselScroller.scrollDuration, at: now)
        } else {
            scroll(toItem: current, duration: ICarouselScroller.scrollDuration, at: now)
        }
    }

    /// `didTap:` on an item: to the centre if it is not there (or back onto it if it is).
    mutating func tap(at now: Double, index: Int) {
        touchDown(at: now)
        let current = geometry.currentItemIndex(scrollOffset: scrollOffset)
        if (index != current && physics.centerItemWhenSelected)
            || (index == current && physics.scrollToItemBoundary)
        {
            scroll(toItem: index, duration: ICarouselScroller.scrollDuration, at: now)
        }
    }

    // MARK: Deceleration

    /// The distance a release at `startVelocity` coasts, in items: v² / (2 · 30 · (1 - rate) · v).
    var decelerationDistance: Double {
        let acceleration = -startVelocity * 30 * (1 - physics.decelerationRate)
        return -(startVelocity * startVelocity) / (2 * acceleration)
    }

    /// Faster than 2 items a second and coasting more than a tenth of an item.
    var shouldDecelerate: Bool {
        Swift.abs(startVelocity) > 2 && Swift.abs(decelerationDistance) > 0.1
    }

    /// Faster than 2 items a second and more than a tenth of an item from the current one.
    var shouldScroll: Bool {
        Swift.abs(startVelocity) > 2
            && Swift.abs(scrollOffset - Double(geometry.currentItemIndex(scrollOffset: scrollOffset))) > 0.1
    }

    /// `startDecelerating`: the rest point rounded to an item (or the next one when paging) and
    /// kept within the bounce, reached at constant deceleration from the release's velocity.
    mutating func startDecelerating(at now: Double) {
        var distance = decelerationDistance
        startOffset = scrollOffset
        endOffset = startOffset + distance
        if physics.isPagingEnabled {
            endOffset = distance > 0 ? startOffset.rounded(.up) : startOffset.rounded(.down)
        } else if physics.stopAtItemBoundary {
            endOffset = distance > 0 ? endOffset.rounded(.up) : endOffset.rounded(.down)
        }
        if !geometry.isWrapEnabled {
            if physics.bounces {
                endOffset = Swift.max(
                    -physics.bounceDistance,
                    Swift.min(Double(geometry.numberOfItems) - 1 + physics.bounceDistance, endOffset))
            } else {
                endOffset = geometry.clampedOffset(endOffset)
            }
        }
        distance = endOffset - startOffset
        startTime = now
        duration = Swift.abs(distance) / Swift.abs(0.5 * startVelocity)
        if distance != 0 { isDecelerating = true }
    }
}
