import Foundation

/// How much a layout engine wants a constraint to hold: 1000 is required; below, the engine
/// minimises the errors of the optional ones weighted by their priorities (docs/uikit.md "Auto
/// Layout"). The values are UIKit's.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Float

    public init(rawValue: Float) { self.rawValue = rawValue }

    public init(_ rawValue: Float) { self.rawValue = rawValue }

    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    public static let sceneSizeStayPut = UILayoutPriority(500)
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)

    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    // `+` and `-` with a Float are in the UIKit module apps import (Sources/AppleNames/UIKit), not
    // here: an app's own declaration shadows one of a module it imports directly, and declared
    // here (a module UIKit re-exports) they made `.defaultHigh - 1` ambiguous in Tinder/Layout.

    /// The solver's weight: nil for required.
    var weight: Double? { rawValue >= 1000 ? nil : Double(Swift.max(rawValue, 0)) }
}

extension NSLayoutConstraint {
    /// The raw values are UIKit's.
    public enum Attribute: Int, Sendable {
        case left = 1
        case right = 2
        case top = 3
        case bottom = 4
        case leading = 5
        case trailing = 6
        case width = 7
        case height = 8
        case centerX = 9
        case centerY = 10
        case lastBaseline = 11
        case firstBaseline = 12
        case leftMargin = 13
        case rightMargin = 14
        case topMargin = 15
        case bottomMargin = 16
        case leadingMargin = 17
        case trailingMargin = 18
        case centerXWithinMargins = 19
        case centerYWithinMargins = 20
        case notAnAttribute = 0

        public static var baseline: Attribute { .lastBaseline }
    }

    /// The raw values are UIKit's.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1
        case equal = 0
        case greaterThanOrEqual = 1
    }

    /// The raw values are UIKit's.
    public enum Axis: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }
}

/// `firstItem.firstAttribute  relation  multiplier × secondItem.secondAttribute + constant`,
/// as UIKit states it. Items are views and layout guides, held weakly (a view holds the
/// constraints installed on it).
open class NSLayoutConstraint: NSObject {
    public private(set) weak var firstItem: AnyObject?
    public private(set) weak var secondItem: AnyObject?
    public let firstAttribute: Attribute
    public let secondAttribute: Attribute
    public let relation: Relation
    public let multiplier: CGFloat

    /// Changing it re-lays out the views at the next layout pass, as on iOS.
    open var constant: CGFloat {
        didSet { if constant != oldValue { changed(structure: false) } }
    }

    /// Required (1000) by default. UIKit refuses to change an active constraint between
    /// required and optional; framegen allows it (the engine is rebuilt).
    open var priority: UILayoutPriority = .required {
        didSet { if priority != oldValue { changed(structure: true) } }
    }

    open var identifier: String?
    open var shouldBeArchived = false

    /// Whether the engine holds it: setting true installs it on the items' closest common
    /// ancestor, as `activate(_:)` does.
    open var isActive: Bool {
        get { holder != nil }
        set {
            if newValue { NSLayoutConstraint.activate([self]) } else { NSLayoutConstraint.deactivate([self]) }
        }
    }

    /// The view it is installed on.
    weak var holder: UIView?

    public init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
        attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        firstItem = view1 as AnyObject
        secondItem = view2.map { $0 as AnyObject }
        firstAttribute = attr1
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.relation = relation
        self.multiplier = multiplier
        constant = c
        super.init()
    }

    /// A constraint of nothing (no items, `.notAnAttribute`), as `NSObject`'s initialiser leaves
    /// UIKit's: a placeholder that never places anything when activated.
    public override convenience init() {
        self.init(
            noItem: (), attribute: .notAnAttribute, relatedBy: .equal, attribute: .notAnAttribute,
            multiplier: 1, constant: 0)
    }

    private init(
        noItem: Void, attribute attr1: Attribute, relatedBy relation: Relation, attribute attr2: Attribute,
        multiplier: CGFloat, constant c: CGFloat
    ) {
        firstAttribute = attr1
        secondAttribute = attr2
        self.relation = relation
        self.multiplier = multiplier
        constant = c
        super.init()
    }

    /// The first item's anchor for the first attribute, the same object as the item's own
    /// (`view.topAnchor`), in the type-erased form UIKit declares (`NSLayoutAnchor<AnyObject>`).
    open var firstAnchor: NSLayoutAnchor<AnyObject> {
        Self.erasedAnchor(firstItem, firstAttribute) ?? NSLayoutAnchor<AnyObject>(nothing: firstAttribute)
    }

    /// The second item's anchor, nil for a constant (a width equal to 40).
    open var secondAnchor: NSLayoutAnchor<AnyObject>? { Self.erasedAnchor(secondItem, secondAttribute) }

    /// Swift's generics are invariant where Objective-C's are not, so the erased anchor is an
    /// object of its own, one per item and attribute like the typed one.
    private static func erasedAnchor(_ item: AnyObject?, _ attribute: Attribute) -> NSLayoutAnchor<AnyObject>?
    {
        guard let item = item as? NSLayoutAnchorsOfFrame, attribute != .notAnAttribute else { return nil }
        // Keyed apart from the typed anchors (whose keys are the attributes' raw values, 0 to 20).
        return item.anchor(key: 100 + attribute.rawValue) { NSLayoutAnchor<AnyObject>($0, attribute) }
    }

    /// Installs each constraint on the closest common ancestor of its items. A constraint whose
    /// items share no ancestor stays inactive, with a warning (UIKit raises an exception).
    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints where constraint.holder == nil {
            guard let holder = constraint.commonAncestor() else {
                AutoLayoutWarnings.warn(
                    "cannot activate \(constraint.warningName): its items have no common ancestor "
                        + "(UIKit raises an exception); left inactive",
                    near: constraint.firstView)
                continue
            }
            holder.addConstraint(constraint)
        }
    }

    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.holder?.removeConstraint(constraint) }
    }

    /// The view of an item: itself, or a layout guide's owning view.
    package static func view(of item: AnyObject?) -> UIView? {
        if let view = item as? UIView { return view }
        return (item as? UILayoutGuide)?.owningView
    }

    var firstView: UIView? { NSLayoutConstraint.view(of: firstItem) }
    var secondView: UIView? { NSLayoutConstraint.view(of: secondItem) }

    private func commonAncestor() -> UIView? {
        guard let first = firstView else { return nil }
        guard secondItem != nil else { return first }
        guard let second = secondView else { return nil }
        var candidate: UIView? = first
        while let view = candidate {
            if second.isDescendant(of: view) { return view }
            candidate = view.superview
        }
        return nil
    }

    /// The items' engines lay out again at the next pass.
    package func changed(structure: Bool) {
        for view in [firstView, secondView].compactMap({ $0 }) {
            view.autoLayoutChanged(structure: structure)
        }
    }

    /// UIKit's description's shape: `UILabel:0x….leading == UIView:0x….leading + 8`.
    var described: String { describe(withAddresses: true) }

    /// Without the items' addresses: the same problem in every cell reads the same, so that a
    /// warning comes once.
    var warningName: String { describe(withAddresses: false) }

    private func describe(withAddresses: Bool) -> String {
        func name(_ item: AnyObject?) -> String {
            guard let item else { return "nil" }
            guard withAddresses else { return "\(type(of: item))" }
            return "\(type(of: item)):0x"
                + String(UInt(bitPattern: ObjectIdentifier(item).hashValue), radix: 16)
        }
        var text = "\(name(firstItem)).\(firstAttribute.name) \(relation.symbol) "
        if secondItem != nil {
            if multiplier != 1 { text += "\(multiplier)*" }
            text += "\(name(secondItem)).\(secondAttribute.name)"
            if constant != 0 { text += constant > 0 ? " + \(constant)" : " - \(-constant)" }
        } else {
            text += "\(constant)"
        }
        if let identifier { text = "'\(identifier)' " + text }
        return text + (priority == .required ? "" : " @\(priority.rawValue)")
    }

    open override var description: String { "<NSLayoutConstraint \(described)>" }
}

extension NSLayoutConstraint.Attribute {
    package var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins"
        case .centerYWithinMargins: "centerYWithinMargins"
        case .notAnAttribute: "notAnAttribute"
        }
    }
}

extension NSLayoutConstraint.Relation {
    var symbol: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }

    var solver: LayoutSolver.Relation {
        switch self {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
    }
}

/// An edge, centre or dimension of a view or layout guide, from which constraints are made.
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    package weak var item: AnyObject?
    package let attribute: NSLayoutConstraint.Attribute

    package init(_ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
        super.init()
    }

    /// The anchor of a constraint without items (`NSLayoutConstraint()`).
    package init(nothing attribute: NSLayoutConstraint.Attribute) {
        self.attribute = attribute
        super.init()
    }

    func constraint(
        _ relation: NSLayoutConstraint.Relation, _ anchor: NSLayoutAnchor<AnchorType>?,
        multiplier: CGFloat = 1, constant: CGFloat
    ) -> NSLayoutConstraint {
        NSLayoutConstraint(
            item: item as Any, attribute: attribute, relatedBy: relation, toItem: anchor?.item,
            attribute: anchor?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }

    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        constraint(.equal, anchor, constant: 0)
    }

    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, anchor, constant: 0)
    }

    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, anchor, constant: 0)
    }

    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
        -> NSLayoutConstraint
    {
        constraint(.equal, anchor, constant: c)
    }

    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
        -> NSLayoutConstraint
    {
        constraint(.greaterThanOrEqual, anchor, constant: c)
    }

    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
        -> NSLayoutConstraint
    {
        constraint(.lessThanOrEqual, anchor, constant: c)
    }
}

/// leading, trailing, left, right, centerX.
public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

/// top, bottom, centerY, firstBaseline, lastBaseline.
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

/// width, height: related to another dimension by a multiplier, or to a constant.
public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    public func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
        constraint(.equal, nil, constant: c)
    }

    public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, nil, constant: c)
    }

    public func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, nil, constant: c)
    }

    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        constraint(.equal, anchor, multiplier: m, constant: 0)
    }

    public func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat)
        -> NSLayoutConstraint
    {
        constraint(.greaterThanOrEqual, anchor, multiplier: m, constant: 0)
    }

    public func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat)
        -> NSLayoutConstraint
    {
        constraint(.lessThanOrEqual, anchor, multiplier: m, constant: 0)
    }

    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat)
        -> NSLayoutConstraint
    {
        constraint(.equal, anchor, multiplier: m, constant: c)
    }

    public func constraint(
        greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat
    ) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, anchor, multiplier: m, constant: c)
    }

    public func constraint(
        lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat
    )
        -> NSLayoutConstraint
    {
        constraint(.lessThanOrEqual, anchor, multiplier: m, constant: c)
    }
}

/// A rectangle that takes part in Auto Layout without a view: its frame is solved like a
/// view's and read as `layoutFrame`, in the owning view's coordinates.
open class UILayoutGuide: NSObject {
    public internal(set) weak var owningView: UIView?
    open var identifier = ""

    /// The margins, safe-area, scroll frame and keyboard guides follow their view's bounds; a
    /// scroll view's content guide has its origin at the content's and a solved size, which is
    /// the content size; the rest are solved.
    package enum Role {
        case free, margins, safeArea, scrollContent, scrollFrame, keyboard
        /// A view controller's `topLayoutGuide` and `bottomLayoutGuide` (`UILayoutSupport`).
        case topLayoutSupport, bottomLayoutSupport
    }
    let role: Role
    var solvedFrame = CGRect.zero
    let anchors = AnchorCache()

    public override init() {
        role = .free
        super.init()
    }

    package init(role: Role, owningView: UIView) {
        self.role = role
        self.owningView = owningView
        super.init()
    }

    open var layoutFrame: CGRect {
        guard let view = owningView else { return .zero }
        switch role {
        case .free:
            view.layoutIfNeeded()
            return solvedFrame
        case .margins: return view.bounds.inset(by: view.marginInsets)
        case .safeArea: return view.bounds.inset(by: view.safeAreaInsets)
        case .scrollContent:
            view.layoutIfNeeded()
            return CGRect(origin: .zero, size: (view as? UIScrollView)?.contentSize ?? solvedFrame.size)
        case .scrollFrame: return view.bounds
        case .keyboard, .bottomLayoutSupport:
            let b = view.bounds
            let bottom = view.safeAreaInsets.bottom
            return CGRect(x: b.minX, y: b.maxY - bottom, width: b.width, height: bottom)
        case .topLayoutSupport:
            let b = view.bounds
            return CGRect(x: b.minX, y: b.minY, width: b.width, height: view.safeAreaInsets.top)
        }
    }

}

/// What views and layout guides share: the anchors of their frame's edges, centre and size.
public protocol NSLayoutAnchorsOfFrame: AnyObject {}

extension NSLayoutAnchorsOfFrame {
    public var leadingAnchor: NSLayoutXAxisAnchor {
        anchor(key: NSLayoutConstraint.Attribute.leading.rawValue) { NSLayoutXAxisAnchor($0, .leading) }
    }
    public var trailingAnchor: NSLayoutXAxisAnchor {
        anchor(key: NSLayoutConstraint.Attribute.trailing.rawValue) { NSLayoutXAxisAnchor($0, .trailing) }
    }
    public var leftAnchor: NSLayoutXAxisAnchor {
        anchor(key: NSLayoutConstraint.Attribute.left.rawValue) { NSLayoutXAxisAnchor($0, .left) }
    }
    public var rightAnchor: NSLayoutXAxisAnchor {
        anchor(key: NSLayoutConstraint.Attribute.right.rawValue) { NSLayoutXAxisAnchor($0, .right) }
    }
    public var centerXAnchor: NSLayoutXAxisAnchor {
        anchor(key: NSLayoutConstraint.Attribute.centerX.rawValue) { NSLayoutXAxisAnchor($0, .centerX) }
    }
    public var topAnchor: NSLayoutYAxisAnchor {
        anchor(key: NSLayoutConstraint.Attribute.top.rawValue) { NSLayoutYAxisAnchor($0, .top) }
    }
    public var bottomAnchor: NSLayoutYAxisAnchor {
        anchor(key: NSLayoutConstraint.Attribute.bottom.rawValue) { NSLayoutYAxisAnchor($0, .bottom) }
    }
    public var centerYAnchor: NSLayoutYAxisAnchor {
        anchor(key: NSLayoutConstraint.Attribute.centerY.rawValue) { NSLayoutYAxisAnchor($0, .centerY) }
    }
    public var widthAnchor: NSLayoutDimension {
        anchor(key: NSLayoutConstraint.Attribute.width.rawValue) { NSLayoutDimension($0, .width) }
    }
    public var heightAnchor: NSLayoutDimension {
        anchor(key: NSLayoutConstraint.Attribute.height.rawValue) { NSLayoutDimension($0, .height) }
    }
}

extension NSLayoutAnchorsOfFrame {
    /// The item's one anchor for the attribute: UIKit answers the same object each time it is
    /// asked (`view.topAnchor === view.topAnchor`), and a constraint's `firstAnchor` is it.
    package func anchor<A: AnyObject>(key: Int, _ make: (AnyObject) -> A) -> A {
        let cache =
            (self as? UIView)?.autoLayout.anchors ?? (self as? UILayoutGuide)?.anchors ?? AnchorCache()
        if let made = cache.anchors[key] as? A { return made }
        let made = make(self)
        cache.anchors[key] = made
        return made
    }
}

/// The anchors an item has handed out, by attribute. The item holds it; each anchor holds its
/// item weakly.
package final class AnchorCache {
    var anchors: [Int: AnyObject] = [:]
    package init() {}
}

extension UILayoutGuide: NSLayoutAnchorsOfFrame {}

/// Where Auto Layout's problems go: UIKit logs them; framegen warns once per problem, through
/// the collection view's warnings when the view is in one, else on standard error.
enum AutoLayoutWarnings {
    private static let fallback = LayoutWarnings()

    package static func warn(_ line: String, near view: UIView?) {
        var current = view
        while let v = current {
            if let host = v as? UICollectionView {
                host.report(line)
                return
            }
            current = v.superview
        }
        fallback.warn(line)
    }
}

/// A guide that follows something outside the view's layout (iOS 15): the keyboard's.
open class UITrackingLayoutGuide: UILayoutGuide {
    /// Constraints UIKit activates while the tracked frame is near one of `edges`; kept: the
    /// keyboard framegen follows is never shown, so the guide never moves.
    open func setConstraints(
        _ constraints: [NSLayoutConstraint], activeWhenNearEdge edge: NSDirectionalRectEdge
    ) {}
    open func setConstraints(
        _ constraints: [NSLayoutConstraint], activeWhenAwayFrom edge: NSDirectionalRectEdge
    ) {}
}

/// What a view controller's `topLayoutGuide` and `bottomLayoutGuide` are (iOS 7, deprecated in
/// iOS 11 for the safe area, and still used by apps and by SnapKit): the strip above the top of
/// the safe area and the one below its bottom, `length` tall (docs/uikit.md "Safe area and
/// content insets").
public protocol UILayoutSupport: NSObjectProtocol {
    var length: CGFloat { get }
    var topAnchor: NSLayoutYAxisAnchor { get }
    var bottomAnchor: NSLayoutYAxisAnchor { get }
    var heightAnchor: NSLayoutDimension { get }
}

/// The guide a view controller gives as `topLayoutGuide` or `bottomLayoutGuide`: it follows its
/// view's safe area, as the margins and safe-area guides do.
final class LayoutSupportGuide: UILayoutGuide, UILayoutSupport {
    var length: CGFloat { layoutFrame.height }
}

/// `keyboardLayoutGuide`: where the keyboard is. framegen shows no keyboard, so it is where an
/// offscreen keyboard's guide is on iOS: along the bottom of the view, as tall as the bottom
/// safe area, its top the safe area's bottom (docs/uikit.md "Auto Layout").
open class UIKeyboardLayoutGuide: UITrackingLayoutGuide {
    open var followsUndockedKeyboard = false
    open var usesBottomSafeArea = true
    open var keyboardDismissPadding: CGFloat = 0
}
