import Foundation

extension UIView {
    /// The recognisers attached, in the order added; nil when there are none, as UIKit answers.
    /// Setting it replaces them.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            for g in attachedGestureRecognizers { removeGestureRecognizer(g) }
            for g in newValue ?? [] { addGestureRecognizer(g) }
        }
    }

    /// Attaches `gestureRecognizer`, taking it from the view it was on.
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if let old = gestureRecognizer.view { old.removeGestureRecognizer(gestureRecognizer) }
        gestureRecognizer.view = self
        attachedGestureRecognizers.append(gestureRecognizer)
    }

    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard attachedGestureRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        attachedGestureRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.view = nil
    }
}

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
    /// 3. The recognised send their actions at once, in that order.
    /// 4. Unless a recogniser that recognised cancels touches, the innermost enabled control
    ///    hit takes the tap as it would a finger's (`UIControl.takeTap(at:)`).
    package func deliverTap(at point: CGPoint, on target: UIView?, time: Double) -> TapDelivery {
        let local = target.map { convert(point, to: $0) } ?? point
        let hit = target?.hitTest(local, with: nil) ?? hitTest(point, with: nil)
        guard let hit else { return TapDelivery() }
        var chain: [UIView] = []
        var next: UIView? = hit
        while let view = next {
            chain.append(view)
            if view === self { break }
            next = view.superview
        }
        let control = chain.firstIndex { ($0 as? UIControl)?.isEnabled == true }
        let touch = UITouch(view: hit, at: point, in: self, timestamp: time)
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

        let able = candidates.filter { $0.recognizes(touch) }
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
        for g in recognised { g.sendActions() }

        var delivery = TapDelivery(
            handled: !recognised.isEmpty, cancelsTouches: recognised.contains { $0.cancelsTouchesInView })
        if !delivery.cancelsTouches, let control, let c = chain[control] as? UIControl {
            c.takeTap(at: touch.location(in: c))
            delivery.handled = true
            delivery.cancelsTouches = true
        }
        return delivery
    }
}
