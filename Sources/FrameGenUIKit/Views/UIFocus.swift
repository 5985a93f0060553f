import Foundation

import struct Foundation.IndexPath  // over Layout's (Exports.swift)

// UIKit's focus API (tvOS, and iPad and Mac keyboards), which iOS apps implement in their
// views and delegates. framegen has no focus engine: nothing is ever focused and framegen makes
// no update context or coordinator, which is what a touch iPhone shows (docs/uikit.md "What is
// there").

/// The way focus moves, in UIKit's raw values.
public struct UIFocusHeading: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let up = UIFocusHeading(rawValue: 1 << 0)
    public static let down = UIFocusHeading(rawValue: 1 << 1)
    public static let left = UIFocusHeading(rawValue: 1 << 2)
    public static let right = UIFocusHeading(rawValue: 1 << 3)
    public static let next = UIFocusHeading(rawValue: 1 << 4)
    public static let previous = UIFocusHeading(rawValue: 1 << 5)
    public static let first = UIFocusHeading(rawValue: 1 << 8)
    public static let last = UIFocusHeading(rawValue: 1 << 9)
}

/// Something in the tree focus moves through: a view, a view controller, an app's own.
public protocol UIFocusEnvironment: AnyObject {
    var preferredFocusEnvironments: [UIFocusEnvironment] { get }
    var parentFocusEnvironment: UIFocusEnvironment? { get }
    func setNeedsFocusUpdate()
    func updateFocusIfNeeded()
    func shouldUpdateFocus(in context: UIFocusUpdateContext) -> Bool
    func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator)
}

extension UIFocusEnvironment {
    /// Whether `environment` is this one or below it: whether this one is among its parents.
    public func contains(_ environment: UIFocusEnvironment) -> Bool {
        var next: UIFocusEnvironment? = environment
        while let e = next {
            if e === self { return true }
            next = e.parentFocusEnvironment
        }
        return false
    }
}

/// What can be focused: a view, or an app's own item.
public protocol UIFocusItem: UIFocusEnvironment {
    var canBecomeFocused: Bool { get }
    var frame: CGRect { get }
}

extension UIFocusItem {
    /// false: nothing is focused (UIView declares its own, which a subclass overrides).
    public var isFocused: Bool { false }
}

/// The view's focus members are in its class body (UIView.swift), where a subclass overrides
/// them.
extension UIView: UIFocusItem {}

/// A change of focus: from which item to which, and which way. UIKit makes these as focus
/// moves; framegen, which moves none, makes none.
open class UIFocusUpdateContext: NSObject {
    open private(set) weak var previouslyFocusedItem: UIFocusItem?
    open private(set) weak var nextFocusedItem: UIFocusItem?
    open private(set) var focusHeading: UIFocusHeading = []

    /// The previous item, where it is a view.
    open var previouslyFocusedView: UIView? { previouslyFocusedItem as? UIView }

    /// The next item, where it is a view.
    open var nextFocusedView: UIView? { nextFocusedItem as? UIView }

    public override init() {
        super.init()
    }

    /// framegen's: a context for a test to give an app's delegate.
    package init(from previous: UIFocusItem?, to next: UIFocusItem?, heading: UIFocusHeading) {
        previouslyFocusedItem = previous
        nextFocusedItem = next
        focusHeading = heading
        super.init()
    }
}

/// A change of focus between a collection view's items.
open class UICollectionViewFocusUpdateContext: UIFocusUpdateContext {
    open private(set) var previouslyFocusedIndexPath: IndexPath?
    open private(set) var nextFocusedIndexPath: IndexPath?

    public override init() {
        super.init()
    }

    package init(
        from previous: IndexPath?, to next: IndexPath?, heading: UIFocusHeading,
        in collectionView: UICollectionView
    ) {
        previouslyFocusedIndexPath = previous
        nextFocusedIndexPath = next
        super.init(
            from: previous.flatMap { collectionView.cellForItem(at: $0) },
            to: next.flatMap { collectionView.cellForItem(at: $0) }, heading: heading)
    }
}

/// A change of focus between a table's rows.
open class UITableViewFocusUpdateContext: UIFocusUpdateContext {
    open private(set) var previouslyFocusedIndexPath: IndexPath?
    open private(set) var nextFocusedIndexPath: IndexPath?

    public override init() {
        super.init()
    }

    package init(
        from previous: IndexPath?, to next: IndexPath?, heading: UIFocusHeading, in tableView: UITableView
    ) {
        previouslyFocusedIndexPath = previous
        nextFocusedIndexPath = next
        super.init(
            from: previous.flatMap { tableView.cellForRow(at: $0) },
            to: next.flatMap { tableView.cellForRow(at: $0) }, heading: heading)
    }
}

/// What focusing and unfocusing animations are told (iOS 11).
public protocol UIFocusAnimationContext: AnyObject {
    var duration: TimeInterval { get }
}

/// Runs code's animations beside the system's as focus moves. UIKit makes one per focus
/// update; framegen, which moves no focus, makes none. One made by code has no focus
/// animation to join: the animations run at once and then the completion, as an animation of
/// no length does.
open class UIFocusAnimationCoordinator: NSObject {
    open func addCoordinatedAnimations(_ animations: (() -> Void)?, completion: (() -> Void)? = nil) {
        animations?()
        completion?()
    }

    open func addCoordinatedFocusingAnimations(
        _ animations: ((UIFocusAnimationContext) -> Void)?, completion: (() -> Void)? = nil
    ) {
        animations?(NoFocusAnimation())
        completion?()
    }

    open func addCoordinatedUnfocusingAnimations(
        _ animations: ((UIFocusAnimationContext) -> Void)?, completion: (() -> Void)? = nil
    ) {
        animations?(NoFocusAnimation())
        completion?()
    }
}

/// The context of an animation that has no length.
private final class NoFocusAnimation: UIFocusAnimationContext {
    var duration: TimeInterval { 0 }
}
