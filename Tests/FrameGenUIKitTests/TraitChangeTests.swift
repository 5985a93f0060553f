import Foundation
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

/// traitCollectionDidChange(_:), registerForTraitChanges and overrideUserInterfaceStyle as UIKit
/// calls and passes them: with the previous traits, before the next layout, down the tree.
@Suite struct TraitChangeTests {
    final class Watcher: UIView {
        var changes: [(previous: UITraitCollection?, now: UITraitCollection, current: UITraitCollection)] = []
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            changes.append((previousTraitCollection, traitCollection, UITraitCollection.current))
        }
    }

    @Test func anOverrideIsToldWithThePreviousTraitsBeforeTheNextLayout() throws {
        let view = Watcher(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layoutIfNeeded()
        expect(view.changes.isEmpty)
        view.overrideUserInterfaceStyle = .dark
        expect(view.traitCollection.userInterfaceStyle == .dark)
        expect(view.changes.isEmpty)
        view.layoutIfNeeded()
        try #require(view.changes.count == 1)
        expect(view.changes[0].previous?.userInterfaceStyle == .light)
        expect(view.changes[0].now.userInterfaceStyle == .dark)
        expect(view.changes[0].current.userInterfaceStyle == .dark)
        view.setNeedsLayout()
        view.layoutIfNeeded()
        expect(view.changes.count == 1)
        view.overrideUserInterfaceStyle = .unspecified
        view.layoutIfNeeded()
        expect(view.changes.count == 2)
        expect(view.changes[1].previous?.userInterfaceStyle == .dark)
    }

    /// A view that moves into a tree of other traits hears of it, at the latest when drawn.
    @Test func movingIntoADarkTreeIsATraitChange() {
        let window = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        window.overrideUserInterfaceStyle = .dark
        let view = Watcher(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        _ = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image {
            window.layer.render(in: $0.cgContext)
        }
        expect(view.changes.count == 1)
        expect(view.changes.first?.previous?.userInterfaceStyle == .light)
        expect(view.changes.first?.now.userInterfaceStyle == .dark)
    }

    /// The pattern of iOS 13 apps: a layer's CGColor set again when the appearance changes.
    @Test func aBorderSetAgainInTraitCollectionDidChangeIsDrawnDark() {
        final class Card: UIView {
            override init(frame: CGRect) {
                super.init(frame: frame)
                layer.borderWidth = 2
                layer.borderColor = UIColor.separator.cgColor
            }
            required init?(coder: NSCoder) { fatalError() }
            override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
                super.traitCollectionDidChange(previousTraitCollection)
                if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) {
                    layer.borderColor = UIColor.opaqueSeparator.cgColor
                }
            }
        }
        let card = Card(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        card.overrideUserInterfaceStyle = .dark
        let image = UIGraphicsImageRenderer(
            bounds: card.bounds, format: UIGraphicsImageRendererFormat(for: .init(displayScale: 1))
        )
        .image { card.layer.render(in: $0.cgContext) }
        expect(DynamicColorTests.pixel(image, 0, 5) == [56, 56, 58, 255])
    }

    @Test func registeredHandlersHearOfTheirTraitsOnly() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var styles: [UIUserInterfaceStyle] = []
        var sizes = 0
        // The handler gets the view; capturing it as well would keep it alive for good, on iOS too.
        let viewID = ObjectIdentifier(view)
        view.registerForTraitChanges([UITraitUserInterfaceStyle.self]) {
            (self: UIView, previous: UITraitCollection) in
            styles.append(previous.userInterfaceStyle)
            expect(ObjectIdentifier(self) == viewID)
        }
        let sizeRegistration = view.registerForTraitChanges([UITraitVerticalSizeClass.self]) {
            (_: UIView, _: UITraitCollection) in sizes += 1
        }
        view.overrideUserInterfaceStyle = .dark
        view.layoutIfNeeded()
        expect(styles == [.light])
        expect(sizes == 0)
        // Wider than tall: compact height.
        view.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        view.layoutIfNeeded()
        expect(sizes == 1)
        view.unregisterForTraitChanges(sizeRegistration)
        view.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
        view.layoutIfNeeded()
        expect(sizes == 1)
        expect(styles == [.light])
    }

    /// iOS 17's target-action form, as the port writes `#selector`: a method of no argument, of
    /// the environment, and of the environment and its previous traits.
    @Test func targetActionRegistrationsSendTheirSelectors() {
        final class Listener {
            var heard: [String] = []
            func changed() { heard.append("plain") }
            func changed(_ view: UIView) {
                heard.append("view \(view.traitCollection.userInterfaceStyle == .dark)")
            }
            func changed(_ view: UIView, previousTraitCollection: UITraitCollection) {
                heard.append("previous \(previousTraitCollection.userInterfaceStyle == .light)")
            }
        }
        final class Card: UIView {
            var changes = 0
            func styleChanged() { changes += 1 }
        }
        let card = Card(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let listener = Listener()
        let style: [UITrait] = [UITraitUserInterfaceStyle.self]
        card.registerForTraitChanges(
            style, target: listener, action: Selector("changed", Listener.changed as (Listener) -> () -> Void)
        )
        card.registerForTraitChanges(
            style, target: listener, action: Selector("changed:", Listener.changed(_:)))
        card.registerForTraitChanges(
            style, target: listener,
            action: Selector("changed:previousTraitCollection:", Listener.changed(_:previousTraitCollection:))
        )
        card.registerForTraitChanges(style, action: Selector("styleChanged", Card.styleChanged))
        card.overrideUserInterfaceStyle = .dark
        card.layoutIfNeeded()
        expect(listener.heard == ["plain", "view true", "previous true"])
        expect(card.changes == 1)

        let controller = UIViewController()
        controller.view.layoutIfNeeded()
        let heard = Listener()
        controller.registerForTraitChanges(
            style, target: heard, action: Selector("changed", Listener.changed as (Listener) -> () -> Void))
        controller.overrideUserInterfaceStyle = .dark
        controller.view.layoutIfNeeded()
        expect(heard.heard == ["plain"])
    }

    @Test func aControllersOverrideGoesToItsViewAndItHearsTheChange() {
        final class Controller: UIViewController {
            var previous: [UIUserInterfaceStyle?] = []
            override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
                previous.append(previousTraitCollection?.userInterfaceStyle)
            }
        }
        let controller = Controller()
        controller.overrideUserInterfaceStyle = .dark
        expect(!controller.isViewLoaded && controller.traitCollection.userInterfaceStyle == .dark)
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        controller.view.addSubview(child)
        expect(controller.traitCollection.userInterfaceStyle == .dark)
        expect(child.traitCollection.userInterfaceStyle == .dark)
        controller.overrideUserInterfaceStyle = .light
        controller.view.layoutIfNeeded()
        expect(controller.previous == [.dark])
        expect(child.traitCollection.userInterfaceStyle == .light)
    }

    /// A parent's traits for a child (what swift-snapshot-testing sets for a device's traits)
    /// lie over what the child inherits, trait by trait, under the child's own style; they hold
    /// while it is the parent's child, and its view hears the change at its next layout.
    @Test func aParentsOverrideForAChildLiesOverWhatItInherits() {
        final class Child: UIViewController {
            var previous: [UIUserInterfaceSizeClass?] = []
            override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
                previous.append(previousTraitCollection?.horizontalSizeClass)
            }
        }
        let parent = UIViewController()
        parent.overrideUserInterfaceStyle = .dark
        let child = Child()
        parent.addChild(child)
        let regular = UITraitCollection(traitsFrom: [
            UITraitCollection(horizontalSizeClass: .regular),
            UITraitCollection(preferredContentSizeCategory: .extraLarge),
        ])
        parent.setOverrideTraitCollection(regular, forChild: child)
        expect(parent.overrideTraitCollection(forChild: child) === regular)
        expect(!child.isViewLoaded && child.traitCollection.horizontalSizeClass == .regular)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        let label = UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        child.view.addSubview(label)
        expect(label.traitCollection.horizontalSizeClass == .regular)
        expect(label.traitCollection.preferredContentSizeCategory == .extraLarge)
        expect(label.traitCollection.userInterfaceStyle == .dark, "the parent's own traits still pass down")
        expect(parent.view.traitCollection.horizontalSizeClass == .compact, "the parent keeps its own")
        child.overrideUserInterfaceStyle = .light
        parent.setOverrideTraitCollection(UITraitCollection(userInterfaceStyle: .dark), forChild: child)
        expect(label.traitCollection.userInterfaceStyle == .light, "the child's own style is nearer")
        expect(label.traitCollection.horizontalSizeClass == .compact, "a new override replaces the old")
        child.view.layoutIfNeeded()
        expect(child.previous.last == .regular)
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        expect(parent.overrideTraitCollection(forChild: child) == nil)
        expect(UIViewController().overrideTraitCollection(forChild: child) == nil)
    }

    @Test func traitCollectionsCompareAsUIKits() {
        let dark = UITraitCollection(userInterfaceStyle: .dark)
        expect(dark == UITraitCollection(userInterfaceStyle: .dark))
        expect(dark != UITraitCollection(userInterfaceStyle: .light))
        expect(dark.hasDifferentColorAppearance(comparedTo: nil))
        expect(dark.hasDifferentColorAppearance(comparedTo: UITraitCollection(userInterfaceStyle: .light)))
        let scaled = UITraitCollection(traitsFrom: [dark, UITraitCollection(displayScale: 2)])
        let differs = dark.hasDifferentColorAppearance(comparedTo: scaled)
        expect(!differs)
        let elevated = UITraitCollection(traitsFrom: [dark, UITraitCollection(userInterfaceLevel: .elevated)])
        expect(dark.hasDifferentColorAppearance(comparedTo: elevated))
        let screen = UIScreen.main.traitCollection
        expect(screen.containsTraits(in: UITraitCollection(userInterfaceStyle: .light)))
        expect(!screen.containsTraits(in: dark))
        expect(screen.userInterfaceLevel == .base && screen.accessibilityContrast == .normal)
        expect(screen.legibilityWeight == .regular && screen.preferredContentSizeCategory == .large)
        let combined = UITraitCollection(traitsFrom: [dark, .init(legibilityWeight: .bold)])
        expect(combined.userInterfaceStyle == .dark && combined.legibilityWeight == .bold)
        expect(UITraitCollection.systemTraitsAffectingColorAppearance.count == 3)
    }

    @Test func contentSizeCategoriesAreOrdered() {
        expect(UIContentSizeCategory.extraSmall < .large)
        expect(UIContentSizeCategory.extraExtraExtraLarge < .accessibilityMedium)
        expect(UIContentSizeCategory.accessibilityExtraExtraExtraLarge > .accessibilityLarge)
        expect(!UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        expect(UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
        expect(UIContentSizeCategory.large.rawValue == "UICTContentSizeCategoryL")
        let screen = UIScreen(
            size: CGSize(width: 10, height: 10), scale: 1, preferredContentSizeCategory: .extraLarge)
        UIScreen.withMain(screen) {
            expect(UIView().traitCollection.preferredContentSizeCategory == .extraLarge)
            expect(UITraitCollection.current.preferredContentSizeCategory == .extraLarge)
            expect(UIApplication.shared.preferredContentSizeCategory == .extraLarge)
        }
    }

    /// UIKit makes the view's traits current while it lays out.
    @Test func layoutSubviewsRunsWithTheViewsTraitsCurrent() {
        final class Probe: UIView {
            var seen: UIUserInterfaceStyle?
            override func layoutSubviews() {
                super.layoutSubviews()
                seen = UITraitCollection.current.userInterfaceStyle
            }
        }
        let view = Probe(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.overrideUserInterfaceStyle = .dark
        view.layoutIfNeeded()
        expect(view.seen == .dark)
        expect(UITraitCollection.current.userInterfaceStyle == .light)
    }
}
