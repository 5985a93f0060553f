import Foundation

/// Objects that have traits (views, view controllers, the screen), as UIKit declares them.
public protocol UITraitEnvironment: AnyObject {
    var traitCollection: UITraitCollection { get }
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

extension UIView: UITraitEnvironment {}
extension UIViewController: UITraitEnvironment {}

extension UIScreen: UITraitEnvironment {
    /// The screen's traits never change while framegen draws it.
    public func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
}

/// A handler `registerForTraitChanges` keeps, with the traits it watches.
struct TraitChangeRegistration {
    let token: UITraitChangeRegistrationToken
    let traits: [UITrait]
    let handler: (UIView, UITraitCollection) -> Void
}

extension UIView {
    /// The view's traits; with `updated`, first told against the ones it had when framegen last
    /// looked, and when they differ: a dynamic background colour resolved again, the view drawn
    /// again if the colour appearance changed (as UIKit redraws a view with `draw(_:)`), a label
    /// that adjusts to the text size given its font's size at the new one, then
    /// `traitCollectionDidChange(_:)`, the registered handlers of the traits that changed, and
    /// the controller's `traitCollectionDidChange(_:)`, with `UITraitCollection.current` the
    /// new traits; then the subviews' traits, in the same way. A view's first traits are the
    /// ones it is made with, so a view that moves into a tree with other traits (a dark window)
    /// hears of the change, as on iOS.
    @discardableResult
    package func traitCollection(updated: Bool) -> UITraitCollection {
        let now = traitCollection
        guard updated, let old = observedTraits, !old.isEqual(now) else {
            if observedTraits == nil { observedTraits = now }
            return now
        }
        observedTraits = now
        if old.hasDifferentColorAppearance(comparedTo: now) {
            resolveBackgroundColor(with: now)
            (self as? UIImageView)?.updateContents()
            setNeedsDisplay()
        }
        if old.preferredContentSizeCategory != now.preferredContentSizeCategory {
            let category = now.preferredContentSizeCategory
            if let label = self as? UILabel, label.adjustsFontForContentSizeCategory {
                if label.adjustFonts(to: category) { label.invalidateIntrinsicContentSize() }
            } else if let field = self as? UITextField, field.adjustsFontForContentSizeCategory,
                let font = field.font?.adjusted(to: category)
            {
                field.font = font
                field.invalidateIntrinsicContentSize()
            } else if let text = self as? UITextView, text.adjustsFontForContentSizeCategory,
                let font = text.font?.adjusted(to: category)
            {
                text.font = font
            }
        }
        now.asCurrent {
            traitCollectionDidChange(old)
            for registration in traitRegistrations where UITraitChanges.differ(registration.traits, old, now)
            {
                registration.handler(self, old)
            }
            if let controller = owningController, controller.viewIfLoaded === self {
                controller.traitCollectionDidChange(old)
                for registration in controller.traitRegistrations
                where UITraitChanges.differ(registration.traits, old, now) {
                    registration.handler(self, old)
                }
            }
        }
        // The subviews inherit the change and hear of it now, before this view lays out: a
        // label whose font follows the text size has its new intrinsic size when the
        // constraints around it are solved in this pass, as on iOS.
        for subview in subviews { subview.traitCollection(updated: true) }
        return now
    }

    /// The traits the parent of the controller whose view this is sets for it
    /// (`setOverrideTraitCollection(_:forChild:)`), while it is that controller's parent.
    var traitsFromParentController: UITraitCollection? {
        guard let controller = owningController, controller.viewIfLoaded === self else { return nil }
        return controller.traitsSetByParent
    }

    /// The style this view asks for, its own or its controller's, unspecified when neither does.
    var ownStyleOverride: UIUserInterfaceStyle {
        if overrideUserInterfaceStyle != .unspecified { return overrideUserInterfaceStyle }
        if let controller = owningController, controller.viewIfLoaded === self {
            return controller.overrideUserInterfaceStyle
        }
        return .unspecified
    }

    /// Calls `handler` with the view and its previous traits each time one of `traits` changes
    /// (iOS 17), at the moment `traitCollectionDidChange(_:)` is called.
    /// `registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (self: Self, previous:
    /// UITraitCollection) in ... }` compiles as on iOS.
    @discardableResult
    public func registerForTraitChanges<Environment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping (Environment, UITraitCollection) -> Void
    ) -> any UITraitChangeRegistration {
        let token = UITraitChangeRegistrationToken()
        traitRegistrations.append(
            TraitChangeRegistration(token: token, traits: traits) { view, previous in
                if let environment = view as? Environment { handler(environment, previous) }
            })
        return token
    }

    /// iOS 17's target-action form: `action` is sent to `target` (held weakly) each time one of
    /// `traits` changes, with the view and, for a method of two arguments, its previous traits
    /// (`#selector(f)`, `#selector(f(_:))`, `#selector(f(_:previousTraitCollection:))`; the
    /// port turns `#selector` into framegen's `Selector`).
    @discardableResult
    public func registerForTraitChanges(_ traits: [UITrait], target: Any, action: Selector)
        -> any UITraitChangeRegistration
    {
        let target = Weak(target as AnyObject)
        return registerForTraitChanges(traits) { (view: UIView, previous: UITraitCollection) in
            if let object = target.object { action.send(to: object, from: view, with: previous) }
        }
    }

    /// The same, sent to the view itself.
    @discardableResult
    public func registerForTraitChanges(_ traits: [UITrait], action: Selector)
        -> any UITraitChangeRegistration
    {
        registerForTraitChanges(traits, target: self, action: action)
    }

    /// The registration's handler is not called again.
    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
        guard let token = registration as? UITraitChangeRegistrationToken else { return }
        traitRegistrations.removeAll { $0.token === token }
    }
}

extension UIViewController {
    /// Calls `handler` with the controller and its previous traits each time one of `traits`
    /// of its view changes (iOS 17).
    @discardableResult
    public func registerForTraitChanges<Environment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping (Environment, UITraitCollection) -> Void
    ) -> any UITraitChangeRegistration {
        let token = UITraitChangeRegistrationToken()
        traitRegistrations.append(
            TraitChangeRegistration(token: token, traits: traits) { [weak self] _, previous in
                if let environment = self as? Environment { handler(environment, previous) }
            })
        return token
    }

    /// The target-action form, as for a view: the controller is the sender.
    @discardableResult
    public func registerForTraitChanges(_ traits: [UITrait], target: Any, action: Selector)
        -> any UITraitChangeRegistration
    {
        let target = Weak(target as AnyObject)
        return registerForTraitChanges(traits) {
            (controller: UIViewController, previous: UITraitCollection) in
            if let object = target.object { action.send(to: object, from: controller, with: previous) }
        }
    }

    @discardableResult
    public func registerForTraitChanges(_ traits: [UITrait], action: Selector)
        -> any UITraitChangeRegistration
    {
        registerForTraitChanges(traits, target: self, action: action)
    }

    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) {
        guard let token = registration as? UITraitChangeRegistrationToken else { return }
        traitRegistrations.removeAll { $0.token === token }
    }
}
