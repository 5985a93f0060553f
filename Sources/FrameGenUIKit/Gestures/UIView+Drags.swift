import Foundation
import FrameGenQuartzCore

import struct FrameGenLayout.TouchGesture

/// A drag or pinch being delivered to recognisers (docs/uikit.md "Gesture recognisers"): the
/// fingers' path, and how far along it they are at the event being sent.
struct Movement {
    let gesture: TouchGesture
    /// The scene's time the fingers landed.
    let start: Double
    /// Where they landed, in `root`'s bounds coordinates.
    let origin: CGPoint
    weak var root: UIView?
    /// Seconds since they landed, at the event being sent.
    var elapsed = 0.0

    var fingers: Int {
        if case .pinch = gesture.kind { return 2 }
        return 1
    }

    /// The instants the recognisers hear, in seconds after the fingers landed: each screen
    /// refresh (60 a second, on the scene's clock) while they move, and the lift.
    var instants: [Double] {
        var out: [Double] = []
        let rate = LayerAnimator.screenRefreshRate
        var k = LayerAnimator.firstRefresh(after: start)
        while k / rate < start + gesture.duration {
            out.append(k / rate - start)
            k += 1
        }
        out.append(gesture.duration)
        return out
    }

    /// The first of `instants`: where a pan or pinch begins, once the fingers have moved.
    var firstRefresh: Double {
        let refresh = LayerAnimator.firstRefresh(after: start) / LayerAnimator.screenRefreshRate
        return refresh < start + gesture.duration ? refresh - start : gesture.duration
    }

    private var by: CGPoint {
        if case .drag(let by) = gesture.kind { return CGPoint(by) }
        return .zero
    }

    /// The finger's movement since it landed, in `view`'s coordinates (nil: the window's).
    func translation(in view: UIView?) -> CGPoint {
        let p = CGFloat(gesture.progress(at: elapsed))
        return vector(CGPoint(x: by.x * p, y: by.y * p), in: view)
    }

    func velocity(in view: UIView?) -> CGPoint {
        let rate = CGFloat(gesture.progressRate(at: elapsed))
        return vector(CGPoint(x: by.x * rate, y: by.y * rate), in: view)
    }

    /// Where the finger is (a pinch's: the point between the two, which does not move), in
    /// `root`'s bounds coordinates.
    var location: CGPoint {
        let p = CGFloat(gesture.progress(at: elapsed))
        return CGPoint(x: origin.x + by.x * p, y: origin.y + by.y * p)
    }

    /// A pinch's distance between the fingers against where they landed, and its rate per
    /// second.
    var scale: CGFloat {
        guard case .pinch(let s) = gesture.kind else { return 1 }
        return CGFloat(1 + (s - 1) * gesture.progress(at: elapsed))
    }

    var scaleVelocity: CGFloat {
        guard case .pinch(let s) = gesture.kind else { return 0 }
        return CGFloat((s - 1) * gesture.progressRate(at: elapsed))
    }

    /// `v`, a vector of the screen (the root's coordinates, which framegen's window does not
    /// transform), in `view`'s coordinates.
    private func vector(_ v: CGPoint, in view: UIView?) -> CGPoint {
        guard let root, let view else { return v }
        let a = root.convert(origin, to: view)
        let b = root.convert(CGPoint(x: origin.x + v.x, y: origin.y + v.y), to: view)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }
}

extension UIGestureRecognizer {
    /// Sends the actions with `state` at `elapsed` seconds into the movement.
    fileprivate func send(_ state: State, _ movement: Movement, at elapsed: Double, touch: UITouch) {
        var now = movement
        now.elapsed = elapsed
        self.movement = now
        touch.point = now.location
        send(state, for: touch)
        self.movement = nil
    }
}

extension UIView {
    /// Delivers a scene's drag or pinch whose fingers land at `point` (this view's bounds
    /// coordinates: the collection view's) over `target` (the cell under them; nil: hit-tested
    /// here), at `time` on the scene's clock, as UIKit delivers them (docs/uikit.md "Gesture
    /// recognisers"). Returns true when a recogniser of the program's took the drag from the
    /// scroll view, which then does not scroll.
    ///
    /// 1. The recognisers of the views under the fingers, innermost first, that are enabled,
    ///    whose delegate lets them receive the touch, and that recognise this kind of movement
    ///    (a pan or a swipe a drag, a pinch a pinch), take part.
    /// 2. `scrollViewPans` says whether the scroll view's own pan begins: a drag mostly along an
    ///    axis it scrolls. It takes part after the pans of the views inside it, whose pan
    ///    begins first on iOS (a pan on a cell keeps a table from scrolling unless its
    ///    `gestureRecognizerShouldBegin` says no).
    /// 3. In the order they begin (a pan or pinch at the first refresh, a swipe once it has
    ///    moved far enough), each recognises unless it waits for another, one already
    ///    recognised excludes it, or its view or delegate says no (`recognising(_:)`), asked
    ///    with the translation and velocity of its first instant.
    /// 4. Those that recognise hear the movement on the scene's clock: a pan or pinch `.began`
    ///    at its first instant, `.changed` at each screen refresh after, `.ended` when the
    ///    fingers lift; a swipe `.ended` at its instant.
    package func deliver(
        _ gesture: TouchGesture, at point: CGPoint, on target: UIView?, time: Double, scrollViewPans: Bool
    ) -> Bool {
        guard let (hit, chain) = viewsUnderFinger(at: point, on: target) else { return false }
        let movement = Movement(gesture: gesture, start: time, origin: point, root: self)
        let touch = UITouch(view: hit, at: point, in: self, timestamp: time)
        var candidates: [(g: UIGestureRecognizer, begins: Double, order: Int)] = []
        for view in chain {
            for g in view.attachedGestureRecognizers where g.isEnabled {
                guard let begins = g.recognizes(movement),
                    g.delegate?.gestureRecognizer(g, shouldReceive: touch) ?? true
                else { continue }
                candidates.append((g, begins, candidates.count))
            }
        }
        if let swipe = (self as? UICollectionView)?.swipeActionsRecognizer(for: gesture, on: target),
            let begins = swipe.recognizes(movement)
        {
            candidates.append((swipe, begins, candidates.count))
        }
        guard !candidates.isEmpty else { return false }
        let scrollPan = (self as? UIScrollView).map { ScrollViewPanGestureRecognizer(scrollView: $0) }
        if scrollViewPans, let scrollPan {
            // After the pans of the views inside it, which begin at the same refresh.
            candidates.append((scrollPan, movement.firstRefresh, candidates.count))
        }
        touch.gestureRecognizers = candidates.map(\.g)
        let ordered = candidates.sorted { ($0.begins, $0.order) < ($1.begins, $1.order) }
        // Each is asked as of the instant it would begin; the finger is where it is at the first.
        for c in ordered {
            c.g.movement = movement
            c.g.movement?.elapsed = c.begins
            c.g.touch = touch
        }
        var first = movement
        first.elapsed = movement.firstRefresh
        touch.point = first.location
        let recognised = Self.recognising(ordered.map(\.g))
        for c in ordered {
            c.g.movement = nil
            c.g.touch = nil
        }
        touch.point = point
        for (g, first, _) in ordered where g !== scrollPan && recognised.contains(where: { $0 === g }) {
            g.beginMovement()
            if g is UISwipeGestureRecognizer {
                Self.atSceneTime(time + first) { g.send(.ended, movement, at: first, touch: touch) }
                continue
            }
            for instant in movement.instants where instant >= first {
                let state: UIGestureRecognizer.State =
                    instant == first ? .began : instant >= gesture.duration ? .ended : .changed
                Self.atSceneTime(time + instant) { g.send(state, movement, at: instant, touch: touch) }
            }
            if first >= gesture.duration {
                Self.atSceneTime(time + first) { g.send(.ended, movement, at: first, touch: touch) }
            }
        }
        return recognised.contains { $0 !== scrollPan } && !recognised.contains { $0 === scrollPan }
    }
}

extension UIView {
    /// Whether this view or one inside it has an enabled recogniser of `gesture`'s kind (a pan
    /// or swipe for a drag, a pinch for a pinch; none for a fling, which the scroll view alone
    /// decelerates).
    package func hasRecognisers(for gesture: TouchGesture) -> Bool {
        let pinch: Bool
        switch gesture.kind {
        case .drag:
            let list = (self as? UICollectionView)?.collectionViewLayout as? ListSectionLayout
            if list?.hasSwipeActions == true { return true }
            pinch = false
        case .pinch: pinch = true
        case .fling: return false
        }
        for g in attachedGestureRecognizers where g.isEnabled {
            if pinch
                ? g is UIPinchGestureRecognizer
                : (g is UIPanGestureRecognizer || g is UISwipeGestureRecognizer)
            {
                return true
            }
        }
        return subviews.contains { $0.hasRecognisers(for: gesture) }
    }
}
