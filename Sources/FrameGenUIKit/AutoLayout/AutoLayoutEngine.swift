import Foundation

/// What Auto Layout keeps on a view: its constraints, guides and priorities, and, on a view
/// that lays out others by constraints, the engine.
struct AutoLayoutState {
    var translatesAutoresizingMask = true
    /// The constraints installed on the view, in the order they were added.
    var installed: [NSLayoutConstraint] = []
    var guides: [UILayoutGuide] = []
    var marginsGuide: UILayoutGuide?
    var safeAreaGuide: UILayoutGuide?
    var keyboardGuide: UIKeyboardLayoutGuide?
    /// A scroll view's `contentLayoutGuide` and `frameLayoutGuide`, made when first asked for.
    var scrollContentGuide: UILayoutGuide?
    var scrollFrameGuide: UILayoutGuide?
    var hugging = (horizontal: UILayoutPriority.defaultLow, vertical: UILayoutPriority.defaultLow)
    var compressionResistance = (
        horizontal: UILayoutPriority.defaultHigh, vertical: UILayoutPriority.defaultHigh
    )
    package var engine: AutoLayoutEngine?
    /// The view's anchors, one object per attribute as UIKit hands out.
    let anchors = AnchorCache()
    /// A view's first layout pass calls `updateConstraints()`, as UIKit's first does.
    var needsUpdateConstraints = true
    /// The superview that gives this view controller's view its frame (its window, or one of
    /// UIKit's container controllers), which UIKit holds with its `UIView-Encapsulated-Layout`
    /// constraints whatever `translatesAutoresizingMaskIntoConstraints` says.
    weak var framedBy: UIView?
}

/// The engine of one region (docs/uikit.md "Auto Layout"): a view whose frame its superview's
/// code sets (`translatesAutoresizingMaskIntoConstraints`, the default) and the views below it
/// that constraints place (that flag false, through any depth of such views). Coordinates are
/// the root's bounds coordinates; views outside the region are constants there, and views with
/// the flag set inside it follow their superview as their autoresizing masks say.
final class AutoLayoutEngine {
    /// An edge or size: one solver variable (or none, -1) plus a constant.
    struct Term {
        var variable = -1
        var coefficient = 1.0
        var constant: Double
    }

    /// Each side a sum of terms.
    struct Box {
        package var left: [Term]
        package var top: [Term]
        package var width: [Term]
        package var height: [Term]
    }

    private enum Source {
        case constraint(NSLayoutConstraint)
        /// Hugging (≤) or compression resistance (≥) of a view's intrinsic size on an axis.
        case intrinsic(UIView, vertical: Bool)
        /// The fitting size asked of the root.
        case fitting(vertical: Bool)
        /// The root's origin, fixed while its size is solved.
        case origin(vertical: Bool)
        /// A scroll view's content guide's origin: the content's, (0, 0) in its coordinates.
        case contentOrigin(UILayoutGuide, vertical: Bool)
    }

    private struct Entry {
        var source: Source
        var id: LayoutSolver.ConstraintID
    }

    package unowned let root: UIView
    /// Laid-out views, with the superview each had when the engine was built (its identity: the
    /// root holds the engine, so a reference to it here would keep both alive).
    private(set) var views: [(view: UIView, superview: ObjectIdentifier?, variables: Int)] = []
    private var guides: [(guide: UILayoutGuide, variables: Int)] = []
    private var variables: [ObjectIdentifier: Int] = [:]
    private var entries: [Entry] = []
    private var solver = LayoutSolver()
    /// The root's size is solved, near this size at these priorities (systemLayoutSizeFitting).
    private let fitting: (size: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority)?
    private var rootVariables = -1
    /// Nothing changed since the last solve.
    var isClean = false
    /// A constraint was added or removed, or a priority changed: build again.
    var isStale = false
    /// The axes on which each placed view had an intrinsic size when the engine was built.
    private var intrinsicAxes: [(view: UIView, axes: Int)] = []

    private func axesWithIntrinsicSize(of view: UIView) -> Int {
        let size = intrinsicSize(of: view)
        return (size.width >= 0 ? 1 : 0) | (size.height >= 0 ? 2 : 0)
    }

    /// Each view's intrinsic size, asked once a build or an update: a label measures its text
    /// each time it is asked (a multi-line one wraps it), and the engine reads the size for each
    /// axis's hugging and resistance.
    private var intrinsicSizes: [ObjectIdentifier: CGSize] = [:]

    private func intrinsicSize(of view: UIView) -> CGSize {
        if let size = intrinsicSizes[ObjectIdentifier(view)] { return size }
        let size = view.intrinsicContentSize
        intrinsicSizes[ObjectIdentifier(view)] = size
        return size
    }

    /// The superview's pass solved it just now: the root's own pass, next, need not.
    var solvedAhead = false

    package init(
        root: UIView, fitting: (size: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority)? = nil
    ) {
        self.root = root
        self.fitting = fitting
        build()
    }

    /// Whether the views are where they were when the engine was built.
    var hierarchyIsUnchanged: Bool {
        views.allSatisfy {
            $0.view.superview.map(ObjectIdentifier.init) == $0.superview
                && $0.view.placedByConstraints
        }
    }

    // MARK: Building

    private func build() {
        let (inRegion, holders) = regionViews()
        for view in inRegion where view !== root || fitting != nil {
            let first = newBox()
            variables[ObjectIdentifier(view)] = first
            views.append((view, view.superview.map(ObjectIdentifier.init), first))
            if view === root { rootVariables = first }
        }
        for view in [root] + holders {
            for guide in view.autoLayout.guides where guide.role == .free {
                let first = newBox()
                variables[ObjectIdentifier(guide)] = first
                guides.append((guide, first))
            }
            if let guide = view.autoLayout.scrollContentGuide {
                let first = newBox()
                variables[ObjectIdentifier(guide)] = first
                guides.append((guide, first))
            }
        }
        var broken: [NSLayoutConstraint] = []
        if fitting != nil {
            for vertical in [false, true] {
                add(.origin(vertical: vertical), weight: nil)
                add(
                    .fitting(vertical: vertical),
                    weight: (vertical ? fitting!.vertical : fitting!.horizontal).weight)
            }
        }
        for (guide, _) in guides where guide.role == .scrollContent {
            for vertical in [false, true] { add(.contentOrigin(guide, vertical: vertical), weight: nil) }
        }
        for constraint in regionConstraints(holders) {
            if !add(.constraint(constraint), weight: constraint.priority.weight) { broken.append(constraint) }
        }
        for (view, _, _) in views where view !== root {
            intrinsicAxes.append((view, axesWithIntrinsicSize(of: view)))
            for vertical in [false, true] {
                let (hug, resist) =
                    vertical
                    ? (view.autoLayout.hugging.vertical, view.autoLayout.compressionResistance.vertical)
                    : (view.autoLayout.hugging.horizontal, view.autoLayout.compressionResistance.horizontal)
                let size = intrinsicSize(of: view)
                guard (vertical ? size.height : size.width) >= 0 else { continue }
                add(.intrinsic(view, vertical: vertical), weight: hug.weight, relation: .lessThanOrEqual)
                add(
                    .intrinsic(view, vertical: vertical), weight: resist.weight, relation: .greaterThanOrEqual
                )
            }
        }
        if !broken.isEmpty { warn(broken) }
    }

    private func newBox() -> Int {
        let first = solver.newVariable()
        for _ in 0..<3 { _ = solver.newVariable() }
        return first
    }

    /// The views the engine places (below the root through views whose frames constraints
    /// set; in fitting, the root and every such view below it), and the views below the root
    /// whose constraints may place them (in fitting, all).
    private func regionViews() -> (placed: [UIView], holders: [UIView]) {
        var placed: [UIView] = fitting != nil ? [root] : []
        var holders: [UIView] = []
        func visit(_ view: UIView) {
            // A stack view's constraints, made now if a change asked for them.
            (view as? UIStackView)?.arrangeIfNeeded()
            for subview in view.subviews
            where fitting != nil || subview.placedByConstraints {
                if subview.placedByConstraints { placed.append(subview) }
                holders.append(subview)
                visit(subview)
            }
        }
        visit(root)
        guard fitting == nil else { return (placed, holders) }
        // A view taken out of autoresizing that no constraint names keeps the frame its code
        // gave it, intrinsic size or not, as iOS leaves it: ViewFactory's labels, 375 x 50 with
        // no constraints, are drawn 375 x 50 in its iOS 17 references.
        var mentioned = Set<ObjectIdentifier>()
        var current: UIView? = root
        var installers = holders
        while let view = current {
            installers.append(view)
            current = view.superview
        }
        for view in installers {
            for constraint in view.autoLayout.installed {
                for item in [constraint.firstItem, constraint.secondItem] {
                    if let view = item as? UIView {
                        mentioned.insert(ObjectIdentifier(view))
                    } else if let owner = (item as? UILayoutGuide)?.owningView {
                        mentioned.insert(ObjectIdentifier(owner))
                    }
                }
            }
        }
        return (placed.filter { mentioned.contains(ObjectIdentifier($0)) }, holders)
    }

    /// The constraints that place a view of the region: those installed on the root's
    /// ancestors (outermost first), on the root, then on the views below, depth first.
    private func regionConstraints(_ below: [UIView]) -> [NSLayoutConstraint] {
        var ancestors: [UIView] = []
        var current = root.superview
        while let view = current {
            ancestors.insert(view, at: 0)
            current = view.superview
        }
        let holders = ancestors + [root] + below
        var result: [NSLayoutConstraint] = []
        for holder in holders {
            for constraint in holder.autoLayout.installed where places(constraint) {
                result.append(constraint)
            }
        }
        return result
    }

    private func places(_ constraint: NSLayoutConstraint) -> Bool {
        [constraint.firstItem, constraint.secondItem].contains { item in
            item.map { variables[ObjectIdentifier($0)] != nil } ?? false
        }
    }

    @discardableResult
    private func add(_ source: Source, weight: Double?, relation: LayoutSolver.Relation? = nil) -> Bool {
        guard let (terms, constant, rel) = expression(source, relation: relation) else { return true }
        guard constant.isFinite, terms.allSatisfy({ $0.coefficient.isFinite }) else {
            if case .constraint(let c) = source {
                AutoLayoutWarnings.warn("left out \(c.warningName): not a finite number", near: root)
            }
            return true
        }
        guard let id = solver.add(terms, constant: constant, rel, weight: weight) else { return false }
        entries.append(Entry(source: source, id: id))
        return true
    }

    /// The source as Σ terms + constant (relation) 0. The intrinsic entries carry their
    /// relation in the weight's place: hugging is ≤, resistance ≥.
    private func expression(_ source: Source, relation: LayoutSolver.Relation?)
        -> ([(variable: Int, coefficient: Double)], Double, LayoutSolver.Relation)?
    {
        // One buffer for every expression: a cell's constraints are re-read at every pass.
        scratch.removeAll(keepingCapacity: true)
        scratchConstant = 0
        switch source {
        case .constraint(let c):
            guard let first = c.firstItem, accumulate(first, c.firstAttribute, 1) else { return nil }
            if let second = c.secondItem {
                guard accumulate(second, c.secondAttribute, -Double(c.multiplier)) else { return nil }
            }
            scratchConstant -= Double(c.constant)
            return (scratch, scratchConstant, c.relation.solver)
        case .intrinsic(let view, let vertical):
            let box = box(of: view)
            add(vertical ? box.height : box.width, 1)
            let size = intrinsicSize(of: view)
            scratchConstant -= Double(vertical ? size.height : size.width)
            return (scratch, scratchConstant, relation ?? .equal)
        case .fitting(let vertical):
            let box = box(of: root)
            add(vertical ? box.height : box.width, 1)
            scratchConstant -= Double(vertical ? fitting!.size.height : fitting!.size.width)
            return (scratch, scratchConstant, .equal)
        case .origin(let vertical):
            scratch.append((rootVariables + (vertical ? 1 : 0), 1))
            scratchConstant -= Double(vertical ? root.bounds.minY : root.bounds.minX)
            return (scratch, scratchConstant, .equal)
        case .contentOrigin(let guide, let vertical):
            guard let owner = guide.owningView, let first = variables[ObjectIdentifier(guide)] else {
                return nil
            }
            scratch.append((first + (vertical ? 1 : 0), 1))
            let box = box(of: owner)
            add(vertical ? box.top : box.left, -1)
            scratchConstant += Double(vertical ? owner.bounds.minY : owner.bounds.minX)
            return (scratch, scratchConstant, .equal)
        }
    }

    private var scratch: [(variable: Int, coefficient: Double)] = []
    private var scratchConstant = 0.0

    private func add(_ terms: [Term], _ scale: Double) {
        for t in terms {
            scratchConstant += scale * t.constant
            if t.variable >= 0 { scratch.append((t.variable, scale * t.coefficient)) }
        }
    }

    /// Adds `scale` × the anchor to the scratch expression; false for an item the engine cannot
    /// place (gone). The common anchors, of a view the engine places or of the root, without
    /// building a box.
    private func accumulate(_ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute, _ scale: Double)
        -> Bool
    {
        guard let view = item as? UIView, attribute != .firstBaseline, attribute != .lastBaseline,
            attribute != .notAnAttribute
        else {
            guard let terms = anchor(item, attribute) else { return false }
            add(terms, scale)
            return true
        }
        // Each side: a variable (its index) or a constant.
        var sides: (left: (Int, Double), top: (Int, Double), width: (Int, Double), height: (Int, Double))
        if let first = variables[ObjectIdentifier(view)] {
            sides = ((first, 0), (first + 1, 0), (first + 2, 0), (first + 3, 0))
        } else if view === root {
            let b = root.bounds.inset(by: root.alignmentRectInsets)
            sides = ((-1, b.minX), (-1, b.minY), (-1, b.width), (-1, b.height))
        } else {
            guard let terms = anchor(item, attribute) else { return false }
            add(terms, scale)
            return true
        }
        func side(_ s: (Int, Double), _ k: Double, shift: Double = 0) {
            if s.0 >= 0 { scratch.append((s.0, scale * k)) } else { scratchConstant += scale * k * s.1 }
            scratchConstant += scale * shift
        }
        let m =
            attribute.rawValue >= NSLayoutConstraint.Attribute.leftMargin.rawValue
            ? view.layoutMargins : .zero
        let rightToLeft = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
        var horizontal = attribute
        switch attribute {
        case .leading: horizontal = rightToLeft ? .right : .left
        case .trailing: horizontal = rightToLeft ? .left : .right
        case .leadingMargin: horizontal = rightToLeft ? .rightMargin : .leftMargin
        case .trailingMargin: horizontal = rightToLeft ? .leftMargin : .rightMargin
        default: break
        }
        switch horizontal {
        case .left: side(sides.left, 1)
        case .right:
            side(sides.left, 1)
            side(sides.width, 1)
        case .top: side(sides.top, 1)
        case .bottom:
            side(sides.top, 1)
            side(sides.height, 1)
        case .width: side(sides.width, 1)
        case .height: side(sides.height, 1)
        case .centerX:
            side(sides.left, 1)
            side(sides.width, 0.5)
        case .centerY:
            side(sides.top, 1)
            side(sides.height, 0.5)
        case .leftMargin: side(sides.left, 1, shift: m.left)
        case .rightMargin:
            side(sides.left, 1)
            side(sides.width, 1, shift: -m.right)
        case .topMargin: side(sides.top, 1, shift: m.top)
        case .bottomMargin:
            side(sides.top, 1)
            side(sides.height, 1, shift: -m.bottom)
        case .centerXWithinMargins:
            side(sides.left, 1, shift: m.left)
            side(sides.width, 0.5, shift: -(m.left + m.right) / 2)
        case .centerYWithinMargins:
            side(sides.top, 1, shift: m.top)
            side(sides.height, 0.5, shift: -(m.top + m.bottom) / 2)
        case .leading, .trailing, .leadingMargin, .trailingMargin, .firstBaseline, .lastBaseline,
            .notAnAttribute:
            break
        }
        return true
    }

    // MARK: Geometry

    /// Where a view is, in the root's bounds coordinates.
    package func box(of view: UIView) -> Box {
        if let first = variables[ObjectIdentifier(view)] { return Self.box(first) }
        if view === root {
            // Constraints place alignment rectangles (UIKit's `alignmentRectInsets`).
            let b = root.bounds.inset(by: root.alignmentRectInsets)
            return Box(
                left: [Term(constant: b.minX)], top: [Term(constant: b.minY)],
                width: [Term(constant: b.width)],
                height: [Term(constant: b.height)])
        }
        if let parent = view.superview, parent.isDescendant(of: root) {
            return Self.aligned(follow(view, parent: parent, box(of: parent)), view.alignmentRectInsets)
        }
        // Outside the region: where it is now, without transforms, as the engine sees frames.
        let (a, r) = (Self.origin(of: view), Self.origin(of: root))
        let offset = CGPoint(x: a.x - r.x, y: a.y - r.y)
        let b = view.bounds.inset(by: view.alignmentRectInsets)
        return Box(
            left: [Term(constant: b.minX + offset.x)], top: [Term(constant: b.minY + offset.y)],
            width: [Term(constant: b.width)], height: [Term(constant: b.height)])
    }

    /// A frame's box as its alignment rectangle's: inset by the view's alignment insets.
    private static func aligned(_ box: Box, _ insets: UIEdgeInsets) -> Box {
        guard insets != .zero else { return box }
        var b = box
        b.left.append(Term(constant: Double(insets.left)))
        b.top.append(Term(constant: Double(insets.top)))
        b.width.append(Term(constant: -Double(insets.left + insets.right)))
        b.height.append(Term(constant: -Double(insets.top + insets.bottom)))
        return b
    }

    /// Whether the constraints leave any of the view's edges or sizes open (false for a view the
    /// engine does not place: its frame is set by code or its autoresizing mask).
    package func isAmbiguous(_ view: UIView) -> Bool {
        guard let first = variables[ObjectIdentifier(view)] else { return false }
        return (first..<first + 4).contains { !solver.isDetermined($0) }
    }

    private static func scaled(_ terms: [Term], _ s: Double) -> [Term] {
        terms.map { Term(variable: $0.variable, coefficient: $0.coefficient * s, constant: $0.constant * s) }
    }

    private static func box(_ first: Int) -> Box {
        Box(
            left: [Term(variable: first, constant: 0)], top: [Term(variable: first + 1, constant: 0)],
            width: [Term(variable: first + 2, constant: 0)], height: [Term(variable: first + 3, constant: 0)])
    }

    /// A view that its autoresizing mask places in a parent the engine places (UIKit makes the
    /// mask into constraints): each flexible part takes its share of the parent's change in
    /// size, in proportion to its length now, as `autoresize` shares it.
    private func follow(_ view: UIView, parent: UIView, _ p: Box) -> Box {
        let frame = view.frame
        let pb = parent.bounds
        let mask = view.autoresizingMask
        func axis(
            _ lead: Double, _ size: Double, _ parentSize: Double, _ parentStart: Double, _ pLead: [Term],
            _ pSize: [Term], _ flex: (Bool, Bool, Bool)
        ) -> ([Term], [Term]) {
            let trail = parentSize - lead - size
            let parts = [(lead, flex.0), (size, flex.1), (trail, flex.2)]
            let count = parts.filter(\.1).count
            let total = parts.filter(\.1).map { Swift.max($0.0, 0) }.reduce(0, +)
            func share(_ part: (Double, Bool)) -> Double {
                guard part.1 else { return 0 }
                return total > 0 ? Swift.max(part.0, 0) / total : 1 / Double(count)
            }
            // The parent's growth, pSize − parentSize, shared among the flexible parts.
            let growth = pSize + [Term(constant: -parentSize)]
            let left = pLead + [Term(constant: lead - parentStart)] + Self.scaled(growth, share(parts[0]))
            let width = [Term(constant: size)] + Self.scaled(growth, share(parts[1]))
            return (left, width)
        }
        let (left, width) = axis(
            frame.minX, frame.width, pb.width, pb.minX, p.left, p.width,
            (
                mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                mask.contains(.flexibleRightMargin)
            ))
        let (top, height) = axis(
            frame.minY, frame.height, pb.height, pb.minY, p.top, p.height,
            (
                mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                mask.contains(.flexibleBottomMargin)
            ))
        return Box(left: left, top: top, width: width, height: height)
    }

    /// Where the origin of a view's bounds coordinates lies in its topmost ancestor's, through
    /// frames without transforms.
    private static func origin(of view: UIView) -> CGPoint {
        var point = CGPoint.zero
        var current = view
        while let parent = current.superview {
            let layer = current.layer
            point.x += layer.position.x - layer.anchorPoint.x * layer.bounds.width - layer.bounds.minX
            point.y += layer.position.y - layer.anchorPoint.y * layer.bounds.height - layer.bounds.minY
            current = parent
        }
        return point
    }

    /// An anchor as terms: nil for an item the engine cannot place (gone).
    private func anchor(_ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute) -> [Term]? {
        let box: Box
        var margins = UIEdgeInsets.zero
        var view: UIView?
        if let v = item as? UIView {
            box = self.box(of: v)
            margins = v.marginInsets
            view = v
        } else if let guide = item as? UILayoutGuide, let owner = guide.owningView {
            if let first = variables[ObjectIdentifier(guide)] {
                box = Self.box(first)
            } else {
                var b = self.box(of: owner)
                switch guide.role {
                case .keyboard, .bottomLayoutSupport:
                    // Along the bottom, as tall as the bottom safe area: no keyboard is shown.
                    let bottom = Double(owner.safeAreaInsets.bottom)
                    b.top = b.top + b.height + [Term(constant: -bottom)]
                    b.height = [Term(constant: bottom)]
                case .topLayoutSupport:
                    b.height = [Term(constant: Double(owner.safeAreaInsets.top))]
                default:
                    let insets =
                        switch guide.role {
                        case .margins: owner.marginInsets
                        case .safeArea: owner.safeAreaInsets
                        default: UIEdgeInsets.zero  // a scroll view's frame guide
                        }
                    b.left.append(Term(constant: insets.left))
                    b.top.append(Term(constant: insets.top))
                    b.width.append(Term(constant: -insets.left - insets.right))
                    b.height.append(Term(constant: -insets.top - insets.bottom))
                }
                box = b
            }
        } else {
            return nil
        }
        let rightToLeft = view?.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let scaled = Self.scaled
        func shifted(_ t: [Term], _ d: Double) -> [Term] { t + [Term(constant: d)] }
        let left = box.left
        let right = box.left + box.width
        let top = box.top
        let bottom = box.top + box.height
        switch attribute {
        case .left: return left
        case .right: return right
        case .leading: return rightToLeft ? right : left
        case .trailing: return rightToLeft ? left : right
        case .top: return top
        case .bottom: return bottom
        case .width: return box.width
        case .height: return box.height
        case .centerX: return box.left + scaled(box.width, 0.5)
        case .centerY: return box.top + scaled(box.height, 0.5)
        case .firstBaseline, .lastBaseline:
            // A view that names a subview for its baselines (a control's title label) has that
            // view's, as UIKit's `forFirstBaselineLayout` and `forLastBaselineLayout` say.
            if let view, !(view is UILabel) {
                let named =
                    attribute == .firstBaseline ? view.forFirstBaselineLayout : view.forLastBaselineLayout
                if named !== view, named.isDescendant(of: view) { return anchor(named, attribute) }
            }
            guard let label = view as? UILabel else { return attribute == .firstBaseline ? top : bottom }
            // UILabel centres its text vertically: one line's baseline sits its ascender below
            // the line's top, half a line above the centre.
            let font: UIFont = label.font
            let block = Double(label.textLineCount) * Double(font.lineHeight)
            let ascender = Double(font.ascender)
            let descender = Double(font.descender)
            let offset: Double = attribute == .firstBaseline ? ascender - block / 2 : block / 2 + descender
            return box.top + scaled(box.height, 0.5) + [Term(constant: offset)]
        case .leftMargin: return shifted(left, margins.left)
        case .rightMargin: return shifted(right, -margins.right)
        case .leadingMargin: return rightToLeft ? shifted(right, -margins.right) : shifted(left, margins.left)
        case .trailingMargin:
            return rightToLeft ? shifted(left, margins.left) : shifted(right, -margins.right)
        case .topMargin: return shifted(top, margins.top)
        case .bottomMargin: return shifted(bottom, -margins.bottom)
        case .centerXWithinMargins:
            return shifted(left, margins.left)
                + scaled(shifted(box.width, -margins.left - margins.right), 0.5)
        case .centerYWithinMargins:
            return shifted(top, margins.top) + scaled(shifted(box.height, -margins.top - margins.bottom), 0.5)
        case .notAnAttribute: return []
        }
    }

    // MARK: Solving

    /// Brings every constant up to date (bounds, frames outside, intrinsic sizes, constraints'
    /// constants) and re-solves from the last optimum; false when the required constraints no
    /// longer hold together (then build again, which breaks one).
    package func update() -> Bool {
        // A view that gained or lost an intrinsic size on an axis needs other constraints.
        intrinsicSizes.removeAll(keepingCapacity: true)
        for (view, axes) in intrinsicAxes where axesWithIntrinsicSize(of: view) != axes { return false }
        for entry in entries {
            let relation: LayoutSolver.Relation? =
                if case .intrinsic = entry.source { .equal } else { nil }
            guard let (_, constant, _) = expression(entry.source, relation: relation) else { continue }
            if !solver.setConstant(entry.id, constant) { return false }
        }
        return true
    }

    /// Solved frames onto the views (each in its superview's coordinates, edges on the screen's
    /// pixels, as UIKit rounds them) and free guides.
    package func apply() {
        let scale = Double(UIScreen.main.scale)
        func rounded(_ v: Double) -> Double { (v * scale).rounded() / scale }
        func value(_ terms: [Term]) -> Double {
            terms.reduce(0) {
                $0 + $1.constant + ($1.variable >= 0 ? $1.coefficient * solver.value(of: $1.variable) : 0)
            }
        }
        func rect(_ first: Int, in parent: UIView?) -> CGRect {
            var originX = 0.0
            var originY = 0.0
            if let parent {
                // The parent's box is its alignment rectangle; its bounds start its insets
                // before it.
                let p = box(of: parent)
                let insets = parent.alignmentRectInsets
                originX = rounded(value(p.left)) - Double(insets.left) - parent.bounds.minX
                originY = rounded(value(p.top)) - Double(insets.top) - parent.bounds.minY
            }
            let left = solver.value(of: first)
            let top = solver.value(of: first + 1)
            let x0 = rounded(left)
            let y0 = rounded(top)
            let x1 = rounded(left + solver.value(of: first + 2))
            let y1 = rounded(top + solver.value(of: first + 3))
            return CGRect(
                x: x0 - originX, y: y0 - originY, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
        }
        for (view, _, first) in views where view !== root {
            // The solved rectangle is the view's alignment rectangle (UIKit's Auto Layout).
            let solved = rect(first, in: view.superview)
            let frame = view.alignmentRectInsets == .zero ? solved : view.frame(forAlignmentRect: solved)
            let layer = view.layer
            if layer.bounds.size != frame.size {
                view.bounds = CGRect(origin: view.bounds.origin, size: frame.size)
            }
            let center = CGPoint(
                x: frame.minX + layer.anchorPoint.x * frame.width,
                y: frame.minY + layer.anchorPoint.y * frame.height)
            if view.center != center { view.center = center }
        }
        for (guide, first) in guides {
            guide.solvedFrame = rect(first, in: guide.owningView)
        }
        // A scroll view's content size is its content guide's, where constraints size it.
        for (guide, _) in guides where guide.role == .scrollContent {
            guard let scrollView = guide.owningView as? UIScrollView,
                entries.contains(where: { entry in
                    guard case .constraint(let c) = entry.source else { return false }
                    return c.firstItem === guide || c.secondItem === guide
                }),
                scrollView.contentSize != guide.solvedFrame.size
            else { continue }
            scrollView.contentSize = guide.solvedFrame.size
        }
    }

    /// The root's solved size (fitting).
    var fittingSize: CGSize {
        CGSize(width: solver.value(of: rootVariables + 2), height: solver.value(of: rootVariables + 3))
    }

    private func warn(_ broken: [NSLayoutConstraint]) {
        for constraint in broken {
            let views = [constraint.firstView, constraint.secondView].compactMap { $0 }.map {
                "\(type(of: $0))"
            }
            AutoLayoutWarnings.warn(
                "Unable to simultaneously satisfy constraints (views: \(views.joined(separator: ", "))): "
                    + "breaking \(constraint.warningName), the last added of those that conflict",
                near: root)
        }
    }
}
