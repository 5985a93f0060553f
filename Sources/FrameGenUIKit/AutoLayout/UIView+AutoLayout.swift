import Foundation

import class Layout.PhaseClock

extension UIView: NSLayoutAnchorsOfFrame {
    /// True by default: the view's frame, set by code, is where it is, and constraints may
    /// refer to it. False: constraints place it, at its superview's layout pass.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { autoLayout.translatesAutoresizingMask }
        set {
            guard newValue != autoLayout.translatesAutoresizingMask else { return }
            autoLayout.translatesAutoresizingMask = newValue
            if newValue == false { autoLayout.engine = nil }
            autoLayoutChanged(structure: true)
            superview?.autoLayoutChanged(structure: true)
        }
    }

    /// The constraints installed on this view (`activate(_:)` installs each on the closest
    /// common ancestor of its items).
    public var constraints: [NSLayoutConstraint] { autoLayout.installed }

    public func addConstraint(_ constraint: NSLayoutConstraint) {
        if let holder = constraint.holder {
            guard holder !== self else { return }
            holder.removeConstraint(constraint)
        }
        constraint.holder = self
        autoLayout.installed.append(constraint)
        constraint.changed(structure: true)
    }

    public func addConstraints(_ constraints: [NSLayoutConstraint]) { constraints.forEach(addConstraint) }

    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.holder === self else { return }
        autoLayout.installed.removeAll { $0 === constraint }
        constraint.holder = nil
        constraint.changed(structure: true)
    }

    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        constraints.forEach(removeConstraint)
    }

    // MARK: Anchors (the frame's: NSLayoutAnchorsOfFrame)

    public var firstBaselineAnchor: NSLayoutYAxisAnchor {
        anchor(key: NSLayoutConstraint.Attribute.firstBaseline.rawValue) {
            NSLayoutYAxisAnchor($0, .firstBaseline)
        }
    }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor {
        anchor(key: NSLayoutConstraint.Attribute.lastBaseline.rawValue) {
            NSLayoutYAxisAnchor($0, .lastBaseline)
        }
    }

    // MARK: Layout guides

    /// The bounds inset by the margins (`marginInsets`).
    public var layoutMarginsGuide: UILayoutGuide {
        guide(\.marginsGuide) { UILayoutGuide(role: .margins, owningView: self) }
    }

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

    /// The bounds inset by `safeAreaInsets`: the bounds, as framegen draws no bars.
    public var safeAreaLayoutGuide: UILayoutGuide {
        guide(\.safeAreaGuide) { UILayoutGuide(role: .safeArea, owningView: self) }
    }

    /// Where the keyboard is (iOS 15): framegen shows none, so along the bottom of the view, as
    /// tall as the bottom safe area (`UIKeyboardLayoutGuide`).
    public var keyboardLayoutGuide: UIKeyboardLayoutGuide {
        guide(\.keyboardGuide) { UIKeyboardLayoutGuide(role: .keyboard, owningView: self) }
    }

    /// The margins guide: framegen has no Dynamic Type to narrow it by.
    public var readableContentGuide: UILayoutGuide { layoutMarginsGuide }

    public var layoutGuides: [UILayoutGuide] { autoLayout.guides }

    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        autoLayout.guides.append(guide)
        autoLayoutChanged(structure: true)
    }

    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView === self else { return }
        autoLayout.guides.removeAll { $0 === guide }
        guide.owningView = nil
        autoLayoutChanged(structure: true)
    }

    // MARK: Priorities of the intrinsic size

    /// 250 by default, as UIKit gives a view made in code (labels included).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? autoLayout.hugging.horizontal : autoLayout.hugging.vertical
    }

    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal {
            autoLayout.hugging.horizontal = priority
        } else {
            autoLayout.hugging.vertical = priority
        }
        autoLayoutChanged(structure: true)
    }

    /// 750 by default, as UIKit.
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal
            ? autoLayout.compressionResistance.horizontal : autoLayout.compressionResistance.vertical
    }

    public func setContentCompressionResistancePriority(
        _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
    ) {
        if axis == .horizontal {
            autoLayout.compressionResistance.horizontal = priority
        } else {
            autoLayout.compressionResistance.vertical = priority
        }
        autoLayoutChanged(structure: true)
    }

    // MARK: Update constraints

    // `setNeedsUpdateConstraints()` and `updateConstraintsIfNeeded()` are in UIView's body, where
    // an app's view can override them.
    func markNeedsUpdateConstraints() {
        autoLayout.needsUpdateConstraints = true
        autoLayoutChanged(structure: false)
    }

    public func needsUpdateConstraints() -> Bool { autoLayout.needsUpdateConstraints }

    func updatePendingConstraints() {
        for view in subviews { view.updateConstraintsIfNeeded() }
        guard autoLayout.needsUpdateConstraints else { return }
        autoLayout.needsUpdateConstraints = false
        updateConstraints()
    }

    /// Whether the constraints that place the view leave its position or size open (Apple: they
    /// "incompletely specify the location of the view"), as the engine of its region solved them
    /// at the last layout pass. False for a view whose frame its superview's code or autoresizing
    /// mask sets.
    public var hasAmbiguousLayout: Bool {
        guard !translatesAutoresizingMaskIntoConstraints else { return false }
        var root: UIView = self
        while !root.translatesAutoresizingMaskIntoConstraints, let parent = root.superview { root = parent }
        return root.autoLayout.engine?.isAmbiguous(self) ?? false
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
        if translatesAutoresizingMaskIntoConstraints {
            if let engine = autoLayout.engine, engine.solvedAhead, engine.isClean {
                engine.solvedAhead = false
            } else {
                solveConstraints(always: true)
            }
        } else {
            var root: UIView = self
            while !root.translatesAutoresizingMaskIntoConstraints, let parent = root.superview {
                root = parent
            }
            root.solveConstraints(always: false)
        }
        // A subview whose own subviews constraints place (a cell's content view) is solved now
        // too, so that an override reads their frames after `super.layoutSubviews()`.
        for subview in subviews where subview.translatesAutoresizingMaskIntoConstraints {
            guard
                subview.autoLayout.engine != nil
                    || subview.subviews.contains(where: { !$0.translatesAutoresizingMaskIntoConstraints })
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
            guard subviews.contains(where: { !$0.translatesAutoresizingMaskIntoConstraints }) else { return }
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
            if view.translatesAutoresizingMaskIntoConstraints { break }
            current = view.superview
        }
    }
}
