import Foundation

/// A view that lays out a row or a column of views, its arranged subviews, by making the
/// constraints UIKit's stack view makes (docs/uikit.md "Stack views"): they are installed on the
/// stack view and solved by the engine of its region with the rest, so a stack pinned by anchors,
/// a stack in a stack and a self-sizing cell's stack compose as on iOS.
open class UIStackView: UIView {
    /// How the arranged views share the length along the axis. The raw values are UIKit's.
    public enum Distribution: Int, Sendable {
        /// Their own sizes; the view of lowest content hugging takes the room left, the view of
        /// lowest compression resistance gives up the room missing.
        case fill = 0
        case fillEqually = 1
        /// In proportion to their intrinsic sizes along the axis.
        case fillProportionally = 2
        /// Their own sizes, with equal gaps of at least `spacing`.
        case equalSpacing = 3
        /// Their own sizes, their centres equally far apart, gaps of at least `spacing`.
        case equalCentering = 4
    }

    /// Where the arranged views sit across the axis. The raw values are UIKit's.
    public enum Alignment: Int, Sendable {
        case fill = 0
        case leading = 1
        case firstBaseline = 2
        case center = 3
        case trailing = 4
        case lastBaseline = 5

        /// A horizontal stack's name for `.leading`.
        public static var top: Alignment { .leading }
        /// A horizontal stack's name for `.trailing`.
        public static var bottom: Alignment { .trailing }
    }

    /// `customSpacing(after:)` of a view without custom spacing; `setCustomSpacing(_:after:)`
    /// with it removes the custom spacing. framegen's value: the largest Float.
    public static let spacingUseDefault = CGFloat(Float.greatestFiniteMagnitude)

    /// As `spacing` or a custom spacing: the system's spacing between sibling views, 8 points
    /// (framegen's value, UIKit's standard spacing). Its own value: the smallest normal Float.
    public static let spacingUseSystem = CGFloat(Float.leastNormalMagnitude)

    private static let systemSpacing: CGFloat = 8
    /// The constraints that keep a stack no larger than its views across the axis (and its
    /// `.equalSpacing` and `.equalCentering` gaps no longer than they need), as UIKit's stack
    /// view pulls its size in: just above `fittingSizeLevel`, so that a self-sizing cell,
    /// fitted towards its estimated size at that level, is not stretched by a row whose views
    /// are centred (priorities are satisfied in order, LayoutSolver.swift).
    private static let canvasFit = UILayoutPriority(51)
    /// The constraints that give the room left (or missing) in `.fill` to one view where
    /// hugging (or resistance) ties: every other view is pulled towards zero this little.
    private static let tieBreak = UILayoutPriority(1)
    /// Equal gaps and equal centre distances: "attempts", as Apple words it.
    private static let equalDistances = UILayoutPriority(999)

    public private(set) var arrangedSubviews: [UIView] = []

    /// Horizontal by default.
    open var axis: NSLayoutConstraint.Axis = .horizontal {
        didSet { if axis != oldValue { setNeedsArrangement() } }
    }

    open var distribution: Distribution = .fill {
        didSet { if distribution != oldValue { setNeedsArrangement() } }
    }

    open var alignment: Alignment = .fill {
        didSet { if alignment != oldValue { setNeedsArrangement() } }
    }

    /// Between adjacent arranged views (the least, in the equal distributions); negative
    /// overlaps them; `UIStackView.spacingUseSystem` is 8.
    open var spacing: CGFloat = 0 {
        didSet { if spacing != oldValue { setNeedsArrangement() } }
    }

    /// Measures a vertical stack's spacing between baselines on iOS. framegen keeps the value
    /// and measures between edges (docs/uikit.md "Stack views").
    open var isBaselineRelativeArrangement = false

    /// Whether the arranged views fill the bounds inset by `layoutMargins` rather than the bounds.
    open var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { setNeedsArrangement() } }
    }

    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    /// The constraints and spacer guides `arrange()` installed.
    private var arrangement: [NSLayoutConstraint] = []
    private var spacers: [UILayoutGuide] = []
    /// What the arrangement was made for, each arranged view's `ArrangedFor`.
    private var arrangedFor: [ArrangedFor] = []

    /// What of an arranged view the stack's constraints depend on: its hiddenness; in
    /// `.fillProportionally` its intrinsic length along the axis; in `.fill` its hugging (which
    /// view stretches) and, in a row, whether it is a label of several lines and its resistance
    /// (the text width disambiguation).
    private struct ArrangedFor: Equatable {
        var hidden: Bool
        var length: CGFloat = 0
        var hugging: Float = 0
        var textWidth: Float?
    }

    private func arrangedFor(_ view: UIView) -> ArrangedFor {
        var key = ArrangedFor(hidden: view.isHidden)
        switch distribution {
        case .fillProportionally: key.length = length(of: view)
        case .fill:
            key.hugging = hasIntrinsicLength(view) ? view.contentHuggingPriority(for: axis).rawValue : 0
            if axis == .horizontal, let label = view as? UILabel, label.numberOfLines != 1 {
                key.textWidth = label.contentCompressionResistancePriority(for: .horizontal).rawValue
            }
        default: break
        }
        return key
    }
    private var isArranging = false
    private var needsArrangement = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Adds the views as arranged subviews, in order. A convenience initialiser, as UIKit's:
    /// a subclass that overrides `init(frame:)` and `init(coder:)` inherits it.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init(coder: NSCoder) {
        // UIView's never fails.
        super.init(coder: coder)!
        InterfaceBuilder.decode(self, coder: coder, at: UIStackView.self)
    }

    // MARK: Arranged subviews

    /// Adds `view` at the end of the arranged subviews, as a subview too if it is not one, and
    /// sets its `translatesAutoresizingMaskIntoConstraints` to false, as UIKit does.
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// At `stackIndex` among the arranged subviews (clamped to their count: UIKit raises an
    /// exception beyond it); an arranged view already there moves.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        guard view !== self else { return }
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: Swift.max(0, Swift.min(stackIndex, arrangedSubviews.count)))
        if view.superview !== self { addSubview(view) }
        view.translatesAutoresizingMaskIntoConstraints = false
        setNeedsArrangement()
    }

    /// The view stays a subview, as in UIKit: remove it from its superview to take it away.
    open func removeArrangedSubview(_ view: UIView) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        setNeedsArrangement()
    }

    /// An arranged view taken from the stack's subviews is no longer arranged, as in UIKit.
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    /// The spacing after an arranged view (before the next one along the axis); nothing for a
    /// view that is not arranged.
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        guard arrangedSubviews.contains(where: { $0 === arrangedSubview }) else { return }
        let key = ObjectIdentifier(arrangedSubview)
        let new: CGFloat? = spacing == UIStackView.spacingUseDefault ? nil : spacing
        guard customSpacings[key] != new else { return }
        customSpacings[key] = new
        setNeedsArrangement()
    }

    /// `UIStackView.spacingUseDefault` where none was set.
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? UIStackView.spacingUseDefault
    }

    /// An arranged view's hiddenness, intrinsic size, priorities or lines may have changed: a
    /// hidden view takes no room and no spacing, `.fillProportionally` shares by intrinsic
    /// sizes, and `.fill` by priorities (and a row by which views are labels of several lines).
    func arrangedSubviewChanged(_ view: UIView) {
        guard !isArranging, let index = arrangedSubviews.firstIndex(where: { $0 === view }),
            index < arrangedFor.count
        else { return }
        if arrangedFor[index] != arrangedFor(view) { setNeedsArrangement() }
    }

    // MARK: The constraints

    /// The intrinsic length along the axis; 0 for none.
    private func length(of view: UIView) -> CGFloat {
        let size = view.intrinsicContentSize
        return Swift.max(0, axis == .horizontal ? size.width : size.height)
    }

    private func spacing(after view: UIView) -> CGFloat {
        let value = customSpacings[ObjectIdentifier(view)] ?? spacing
        return value == UIStackView.spacingUseSystem ? UIStackView.systemSpacing : value
    }

    /// The stack's side of a constraint: its bounds' attribute, or its margins'.
    private func edge(_ attribute: NSLayoutConstraint.Attribute) -> NSLayoutConstraint.Attribute {
        guard isLayoutMarginsRelativeArrangement else { return attribute }
        switch attribute {
        case .leading: return .leadingMargin
        case .trailing: return .trailingMargin
        case .top: return .topMargin
        case .bottom: return .bottomMargin
        case .centerX: return .centerXWithinMargins
        case .centerY: return .centerYWithinMargins
        default: return attribute
        }
    }

    /// The constraints are made again when an engine is next built (`arrangeIfNeeded()`), as
    /// UIKit's stack view makes them in its update pass: a cell that sets up its stack with
    /// many changes makes them once.
    private func setNeedsArrangement() {
        needsArrangement = true
        autoLayoutChanged(structure: true)
    }

    /// Called by the engine of the stack's region before it reads the constraints.
    func arrangeIfNeeded() {
        if needsArrangement { arrange() }
    }

    /// Makes the constraints again from the arranged views and the properties, replacing the
    /// ones made before.
    private func arrange() {
        needsArrangement = false
        isArranging = true
        defer { isArranging = false }
        removeConstraints(arrangement)
        for guide in spacers { removeLayoutGuide(guide) }
        spacers = []
        arrangedFor = arrangedSubviews.map(arrangedFor)
        var made: [NSLayoutConstraint] = []
        func make(
            _ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute,
            _ relation: NSLayoutConstraint.Relation, _ other: AnyObject?,
            _ otherAttribute: NSLayoutConstraint.Attribute, multiplier: CGFloat = 1, constant: CGFloat = 0,
            priority: UILayoutPriority = .required
        ) {
            let c = NSLayoutConstraint(
                item: item, attribute: attribute, relatedBy: relation, toItem: other,
                attribute: otherAttribute, multiplier: multiplier, constant: constant)
            c.priority = priority
            c.identifier = "UISV-stack"
            made.append(c)
        }
        func make(
            _ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute, _ other: AnyObject?,
            _ otherAttribute: NSLayoutConstraint.Attribute, multiplier: CGFloat = 1, constant: CGFloat = 0,
            priority: UILayoutPriority = .required
        ) {
            make(
                item, attribute, .equal, other, otherAttribute, multiplier: multiplier, constant: constant,
                priority: priority)
        }
        let horizontal = axis == .horizontal
        let (lead, trail, size):
            (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
                horizontal ? (.leading, .trailing, .width) : (.top, .bottom, .height)
        let (crossLead, crossTrail, crossCenter, crossSize):
            (
                NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute,
                NSLayoutConstraint.Attribute
            ) = horizontal ? (.top, .bottom, .centerY, .height) : (.leading, .trailing, .centerX, .width)
        let canvas: AnyObject = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self

        // Along the axis: the visible views chained from edge to edge, hidden ones at no length.
        let visible = arrangedSubviews.filter { !$0.isHidden }
        var previous: UIView?
        for view in arrangedSubviews {
            if view.isHidden {
                make(view, size, nil, .notAnAttribute)
                if let previous {
                    make(view, lead, previous, trail)
                } else {
                    make(view, lead, self, edge(lead))
                }
                continue
            }
            if let previous {
                let gap = spacing(after: previous)
                switch distribution {
                case .fill, .fillEqually, .fillProportionally:
                    make(view, lead, previous, trail, constant: gap)
                case .equalSpacing, .equalCentering:
                    make(view, lead, .greaterThanOrEqual, previous, trail, constant: gap)
                }
            } else {
                make(view, lead, self, edge(lead))
            }
            previous = view
        }
        if let last = visible.last { make(last, trail, self, edge(trail)) }

        // The shares of the length.
        switch distribution {
        case .fill:
            // Apple: where hugging ties, the index decides. iOS stretches the first of the views
            // of lowest hugging (a row of labels made in code, all at 250, stretches the first:
            // ivanthinking.net/thoughts/horizontal-stack-content-hugging, and two plain views,
            // stackoverflow.com/questions/30728062: "it assigns the first view 100% of the
            // available space"). A view without an intrinsic length hugs at 0.
            let hugging = visible.map {
                hasIntrinsicLength($0) ? $0.contentHuggingPriority(for: axis).rawValue : 0
            }
            if let lowest = hugging.min(), let stretcher = hugging.firstIndex(of: lowest).map({ visible[$0] })
            {
                for view in visible where view !== stretcher {
                    make(view, size, .lessThanOrEqual, nil, .notAnAttribute, priority: UIStackView.tieBreak)
                }
            }
            // UIKit's "UISV-text-width-disambiguation": in a row, a label of several lines has
            // no width of its own to keep (its height follows whatever width it gets), so the
            // stack pulls it to an equal share of its width, at 10 above the label's
            // compression resistance: `label.width == 1/N × stack.width + C` (N arranged
            // views, C their share of the spacing). Two such labels split the row evenly; a
            // label beside a switch takes half the row unless the switch hugs above it. As
            // UIKit's view debugger shows it (openradar 39275811, "label.width = 0.5 *
            // stackView.width - 0 @ 759" for resistance 749; openradar 41192642, "width =
            // SV_width * 1/N + C @(CRP+10)"; useyourloaf.com/blog/stack-views-and-multi-line-labels).
            if horizontal {
                let n = CGFloat(visible.count)
                for case let label as UILabel in visible where label.numberOfLines != 1 {
                    let resistance = label.contentCompressionResistancePriority(for: .horizontal).rawValue
                    make(
                        label, .width, canvas, .width, multiplier: 1 / n, constant: -spacing * (n - 1) / n,
                        priority: UILayoutPriority(Swift.min(resistance + 10, 999)))
                }
            }
        case .fillEqually:
            for view in visible.dropFirst() { make(view, size, visible[0], size) }
        case .fillProportionally:
            let lengths = visible.map(length(of:))
            let total = lengths.reduce(0, +)
            let gaps = zip(visible, visible.dropFirst()).map { spacing(after: $0.0) }.reduce(0, +)
            // Every share but the last, which the chain's edges imply (a redundant required
            // equality, rounded differently, would not hold).
            for (view, own) in zip(visible, lengths).dropLast() {
                let share = total > 0 ? own / total : 1 / CGFloat(visible.count)
                make(view, size, canvas, size, multiplier: share, constant: -share * gaps)
            }
        case .equalSpacing, .equalCentering:
            // Spacer guides between neighbours (their edges, or their centres), of equal lengths.
            let center: NSLayoutConstraint.Attribute = horizontal ? .centerX : .centerY
            let centering = distribution == .equalCentering
            var first: UILayoutGuide?
            for (a, b) in zip(visible, visible.dropFirst()) {
                let guide = UILayoutGuide()
                guide.identifier = "UISV-spacer"
                addLayoutGuide(guide)
                spacers.append(guide)
                make(guide, lead, a, centering ? center : trail)
                make(guide, trail, b, centering ? center : lead)
                make(guide, crossLead, self, crossLead)
                make(guide, crossSize, nil, .notAnAttribute)
                // Each gap pulled to its least, as the stack hugs its views across the axis:
                // where nothing sets the stack's length, its gaps keep their spacing (a stack
                // sized by its content is not ambiguous on iOS, thumbprint's button stacks
                // verify it); where the stack is longer, the edges outrank this and the equal
                // gaps share the room. Below the views' own hugging (250), so that the room
                // goes to the gaps and not to a view, as Apple documents the distribution.
                make(guide, size, .lessThanOrEqual, nil, .notAnAttribute, priority: UIStackView.canvasFit)
                if let first {
                    make(guide, size, first, size, priority: UIStackView.equalDistances)
                } else {
                    first = guide
                }
            }
        }

        // Across the axis.
        let effective: Alignment =
            switch (alignment, horizontal) {
            case (.firstBaseline, false): .leading
            case (.lastBaseline, false): .trailing
            default: alignment
            }
        let anchorView = visible.first
        for view in arrangedSubviews {
            switch effective {
            case .fill:
                make(view, crossLead, self, edge(crossLead))
                make(view, crossTrail, self, edge(crossTrail))
                continue
            case .leading:
                make(view, crossLead, self, edge(crossLead))
                if !view.isHidden { make(view, crossTrail, .lessThanOrEqual, self, edge(crossTrail)) }
            case .trailing:
                make(view, crossTrail, self, edge(crossTrail))
                if !view.isHidden { make(view, crossLead, .greaterThanOrEqual, self, edge(crossLead)) }
            case .center:
                make(view, crossCenter, self, edge(crossCenter))
                if !view.isHidden { make(view, crossLead, .greaterThanOrEqual, self, edge(crossLead)) }
            case .firstBaseline, .lastBaseline:
                let baseline: NSLayoutConstraint.Attribute =
                    effective == .firstBaseline ? .firstBaseline : .lastBaseline
                guard !view.isHidden, let anchorView else {
                    make(view, crossLead, self, edge(crossLead))
                    continue
                }
                if view !== anchorView { make(view, baseline, anchorView, baseline) }
                make(view, crossLead, .greaterThanOrEqual, self, edge(crossLead))
                make(view, crossTrail, .lessThanOrEqual, self, edge(crossTrail))
                // The row sits at the edge nearer its baseline where the stack is taller.
                let edgeAttribute = effective == .firstBaseline ? crossLead : crossTrail
                make(view, edgeAttribute, self, edge(edgeAttribute), priority: UIStackView.canvasFit)
            }
            if !view.isHidden {
                make(view, crossSize, canvas, crossSize, priority: UIStackView.canvasFit)
            }
        }
        arrangement = made
        addConstraints(made)
    }

    private func hasIntrinsicLength(_ view: UIView) -> Bool {
        let size = view.intrinsicContentSize
        return (axis == .horizontal ? size.width : size.height) >= 0
    }
}
