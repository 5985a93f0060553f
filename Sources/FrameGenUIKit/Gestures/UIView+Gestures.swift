import Foundation
import FrameGenQuartzCore

/// What a tap delivered to a view tree did.
package struct TapDelivery: Equatable, Sendable {
    /// A recogniser recognised it or a control took it: the tap is handled.
    package var handled = false
    /// The views under it lost their touches (a recogniser with `cancelsTouchesInView`, or a
    /// control): the collection view does not select the item.
    package var cancelsTouches = false

    package init(handled: Bool = false, cancelsTouches: Bool = false) {
        self.handled = handled
        self.cancelsTouches = cancelsTouches
    }
}

extension UIView {
    /// Delivers a tap at `point` (in this view's bounds coordinates) that lands on `target` (a
    /// subview of this one, hit-tested at the point; this view when nil or when it takes no
    /// touches), as UIKit delivers a short tap (docs/uikit.md "Gesture recognisers"):
    ///
    /// 1. The recognisers of the view hit and its superviews up to this one, innermost first,
    ///    that are enabled and whose delegate lets them receive the touch, take part. A control
    ///    in that chain (a button) keeps its own tap: the single-tap recognisers of the views
    ///    above it do not take part, as UIKit lets a control's default action win.
    /// 2. Of those, the tap recognisers of one tap and one finger recognise, innermost first,
    ///    unless one they must wait for (`require(toFail:)`, the delegates' failure questions)
    ///    recognises too, one already recognised excludes them (neither delegate allows
    ///    simultaneous recognition), or their view or delegate says no to beginning. The others
    ///    (long press, pan, swipe, pinch, double tap) fail.
    /// 3. The recognised send their actions in that order: a tap's when the finger lifts (at
    ///    once for a short tap, after `hold` seconds for a held one), a long press's `.began`
    ///    when it has lasted its `minimumPressDuration` and `.ended` when the finger lifts, on
    ///    the scene's clock.
    /// 4. Unless a recogniser that recognised cancels touches, the innermost enabled control
    ///    hit takes the tap as it would a finger's (`UIControl.takeTap(at:)`) when the finger
    ///    lifts.
    /// 5. The view hit gets `touchesBegan(_:with:)` when the finger lands and
    ///    `touchesEnded(_:with:)` when it lifts, or `touchesCancelled(_:with:)` then when a
    ///    recogniser that recognised cancels touches in its view; what it does not handle
    ///    goes up the responder chain. A control keeps its touches (its tracking is step 4).
    package func deliverTap(
        at point: CGPoint, on target: UIView?, time: Double, tapCount: Int = 1, hold: Double = 0
    ) -> TapDelivery {
        guard let (hit, chain) = viewsUnderFinger(at: point, on: target) else { return TapDelivery() }
        let control = chain.firstIndex { ($0 as? UIControl)?.isEnabled == true }
        let touch = UITouch(view: hit, at: point, in: self, timestamp: time, tapCount: tapCount, hold: hold)
        var candidates: [UIGestureRecognizer] = []
        for (depth, view) in chain.enumerated() {
            for g in view.attachedGestureRecognizers where g.isEnabled {
                if let control, depth > control, g is UITapGestureRecognizer { continue }
                candidates.append(g)
            }
        }
        candidates = candidates.filter { $0.delegate?.gestureRecognizer($0, shouldReceive: touch) ?? true }
        touch.gestureRecognizers = candidates
        for g in candidates { g.touch = touch }
        defer { for g in candidates { g.touch = nil } }

        // In the order they recognise: a long press when it has lasted its minimum, the others
        // when the finger lifts (the first to recognise excludes the later ones).
        let able = candidates.filter { $0.recognizes(touch) }.enumerated().sorted { a, b in
            let (ta, tb) = (
                Self.recognitionDelay(a.element, hold: hold), Self.recognitionDelay(b.element, hold: hold)
            )
            return ta != tb ? ta < tb : a.offset < b.offset
        }.map(\.element)
        let recognised = Self.recognising(able)
        let release = time + max(0, hold)
        for g in recognised {
            if let press = g as? UILongPressGestureRecognizer {
                Self.atSceneTime(time + press.minimumPressDuration) { g.send(.began, for: touch) }
            }
            Self.atSceneTime(release) { g.send(.ended, for: touch) }
        }

        let event = UIEvent()
        event.touchSet = [touch]
        touch.phase = .began
        hit.touchesBegan([touch], with: event)
        let cancelling = recognised.contains { $0.cancelsTouchesInView }
        Self.atSceneTime(release) {
            touch.phase = cancelling ? .cancelled : .ended
            if cancelling {
                hit.touchesCancelled([touch], with: event)
            } else {
                hit.touchesEnded([touch], with: event)
            }
        }

        var delivery = TapDelivery(handled: !recognised.isEmpty, cancelsTouches: cancelling)
        if !delivery.cancelsTouches, let control, let c = chain[control] as? UIControl {
            Self.atSceneTime(release) { c.takeTap(at: touch.location(in: c), touch: touch) }
            delivery.handled = true
            delivery.cancelsTouches = true
        }
        return delivery
    }

    /// The view a finger at `point` (this view's bounds coordinates) lands on, hit-tested in
    /// `target` when given, and the views from it up to this one, innermost first; nil when it
    /// lands on nothing.
    func viewsUnderFinger(at point: CGPoint, on target: UIView?) -> (hit: UIView, chain: [UIView])? {
        let local = target.map { convert(point, to: $0) } ?? point
        guard let hit = target?.hitTest(local, with: nil) ?? hitTest(point, with: nil) else { return nil }
        var chain: [UIView] = []
        var next: UIView? = hit
        while let view = next {
            chain.append(view)
            if view === self { break }
            next = view.superview
        }
        return (hit, chain)
    }

    /// Of `able`, the recognisers that can recognise the touch in the order they would, those
    /// that do: each unless one it must wait for can too (`require(toFail:)`, the delegates'
    /// failure questions), one already recognised excludes it (neither delegate allows
    /// simultaneous recognition), or its view or delegate says no to beginning.
    static func recognising(_ able: [UIGestureRecognizer]) -> [UIGestureRecognizer] {
        var recognised: [UIGestureRecognizer] = []
        for g in able {
            let waits = able.contains { other in
                other !== g
                    && (g.failureRequirements.contains { $0.object === other }
                        || g.delegate?.gestureRecognizer(g, shouldRequireFailureOf: other) == true
                        || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: g) == true)
            }
            guard !waits else { continue }
            let excluded = recognised.contains { r in
                g.delegate?.gestureRecognizer(g, shouldRecognizeSimultaneouslyWith: r) != true
                    && r.delegate?.gestureRecognizer(r, shouldRecognizeSimultaneouslyWith: g) != true
            }
            guard !excluded, g.view?.gestureRecognizerShouldBegin(g) ?? true,
                g.delegate?.gestureRecognizerShouldBegin(g) ?? true
            else { continue }
            recognised.append(g)
        }
        return recognised
    }

    /// Seconds after the touch began that `g` recognises it.
    private static func recognitionDelay(_ g: UIGestureRecognizer, hold: Double) -> Double {
        (g as? UILongPressGestureRecognizer)?.minimumPressDuration ?? max(0, hold)
    }

    /// Runs `work` at `time` on the scene's clock; at once where no scene's clock runs, or
    /// where `time` is now.
    static func atSceneTime(_ time: Double, _ work: @escaping () -> Void) {
        guard let clock = LayerAnimator.current, time > clock.now else { return work() }
        clock.schedule(at: time, work)
    }
}

extension UIGestureRecognizer {
    /// Sends the actions with `state`, the touch in hand for `location(in:)`.
    func send(_ state: State, for touch: UITouch) {
        let held = self.touch
        self.touch = touch
        sendActions(state: state)
        self.touch = held
    }
}
