import Foundation

import class FrameGenLayout.PhaseClock

extension UIView: NSLayoutAnchorsOfFrame {
    // MARK: Anchors (the frame's: NSLayoutAnchorsOfFrame)

    // MARK: Layout guides

    /// The view's guide kept at `key`, made when first asked for, as UIKit makes them.
    func guide<Guide: UILayoutGuide>(_ key: WritableKeyPath<AutoLayoutState, Guide?>, _ make: () -> Guide)
        -> Guide
    {
        if let guide = autoLayout[keyPath: key] { return guide }
        let guide = make()
        autoLayout[keyPath: key] = guide
        return guide
    }

    /// Where the margins guide and the margin attributes lie, from the bounds' edges: the
    /// layout margins (a controller's root view's sides raised to its system minimum while it
    /// respects it), measured from the safe area's edges while `insetsLayoutMarginsFromSafeArea`,
    /// as UIKit measures them (docs/uikit.md "Auto Layout").
    var marginInsets: UIEdgeInsets {
        var m = layoutMargins
        if let controller = owningController, controller.viewRespectsSystemMinimumLayoutMargins {
            let minimum = controller.systemMinimumLayoutMargins
            m.left = max(m.left, minimum.leading)
            m.right = max(m.right, minimum.trailing)
        }
        guard insetsLayoutMarginsFromSafeArea else { return m }
        let safe = safeAreaInsets
        return UIEdgeInsets(
            top: m.top + safe.top, left: m.left + safe.left, bottom: m.bottom + safe.bottom,
            right: m.right + safe.right)
    }

    // MARK: Priorities of the intrinsic size

    // MARK: Update constraints

    // `setNeedsUpdateConstraints()` and `updateConstraintsIfNeeded()` are in UIView's body, where
    // an app's view can override them.
    func markNeedsUpdateConstraints() {
        autoLayout.needsUpdateConstraints = true
        autoLayoutChanged(structure: false)
    }

    func updatePendingConstraints() {
        for view in subviews { view.updateConstraintsIfNeeded() }
        guard autoLayout.needsUpdateConstraints else { return }
        autoLayout.needsUpdateConstraints = false
        updateConstraints()
    }

    /// UIKit's sizes for `systemLayoutSizeFitting(_:)`: the smallest and (framegen's value) a
    /// very large one.
    public static let layoutFittingCompressedSize = CGSize.zero
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    // MARK: The pass

    /// The default `layoutSubviews()`: pending `updateConstraints()`, then the frames the
    /// engine of this view's region gives (docs/uikit.md "Auto Layout").
    func layoutSubviewsByConstraints() {
        if autoLayout.needsUpdateConstraints || subviews.contains(where: \.autoLayout.needsUpdateConstraints)
        {
            PhaseClock.measure(.autoLayout) { updateConstraintsIfNeeded() }
        }
        if !placedByConstraints {
            if let engine = autoLayout.engine, engine.solvedAhead, engine.isClean {
                engine.solvedAhead = false
            } else {
                solveConstraints(always: true)
            }
        } else {
            var root: UIView = self
            while root.placedByConstraints, let parent = root.superview {
                root = parent
            }
            root.solveConstraints(always: false)
        }
        // A subview whose own subviews constraints place (a cell's content view) is solved now
        // too, so that an override reads their frames after `super.layoutSubviews()`.
        for subview in subviews where !subview.placedByConstraints {
            guard
                subview.autoLayout.engine != nil
                    || subview.subviews.contains(where: \.placedByConstraints)
            else { continue }
            subview.solveConstraints(always: true)
            subview.autoLayout.engine?.solvedAhead = true
        }
    }

    /// As the region's root: solves (again, when `always`, as after a change of bounds) and
    /// sets the frames. Nothing for a view without constraint-placed subviews.
    private func solveConstraints(always: Bool) {
        var engine = autoLayout.engine
        if engine == nil {
            guard subviews.contains(where: \.placedByConstraints) else { return }
        } else if engine!.isClean && !always {
            return
        }
        // Timed past the checks above: every view's layout pass makes them, and only a region
        // with constraints is Auto Layout's work.
        PhaseClock.measure(.autoLayout) {
            if engine == nil || engine!.isStale || !engine!.hierarchyIsUnchanged || !engine!.update() {
                engine = AutoLayoutEngine(root: self)
                autoLayout.engine = engine
            }
            engine!.apply()
            engine!.isClean = true
        }
    }

    /// A constraint, priority or intrinsic size of this view changed: the engines that may
    /// place it solve again (build again, for `structure`) at the next layout pass.
    func autoLayoutChanged(structure: Bool) {
        // A stack view shares its length by its arranged views' intrinsic sizes.
        (superview as? UIStackView)?.arrangedSubviewChanged(self)
        var current: UIView? = self
        while let view = current {
            if let engine = view.autoLayout.engine {
                engine.isClean = false
                engine.solvedAhead = false
                if structure { engine.isStale = true }
            }
            view.setNeedsLayout()
            if !view.placedByConstraints { break }
            current = view.superview
        }
    }
}
