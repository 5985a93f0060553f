import Foundation
import FrameGenUIKit
import TestTiers
import Testing

/// `show(_:sender:)` and `showDetailViewController(_:sender:)` as UIKit routes them: to the
/// nearest container that shows controllers its own way, else presented by the window's root.
@Suite struct ShowViewControllerTests {
    /// A list at the root of a navigation controller, and the details it shows.
    static func list() -> (
        list: UIViewController, navigation: UINavigationController, details: UIViewController
    ) {
        let list = UIViewController()
        return (list, UINavigationController(rootViewController: list), UIViewController())
    }

    @Test func inANavigationControllerShowPushes() {
        let (list, navigation, details) = Self.list()
        list.show(details, sender: list)
        expect(navigation.viewControllers.count == 2)
        expect(navigation.topViewController === details)
        expect(list.presentedViewController == nil)
    }

    /// A child of a child of the navigation controller's top controller pushes too.
    @Test func theNearestNavigationControllerUpTheParentsPushes() {
        let page = UIViewController()
        let navigation = UINavigationController(rootViewController: page)
        let child = UIViewController()
        page.addChild(child)
        let details = UIViewController()
        child.show(details, sender: nil)
        expect(navigation.topViewController === details)
    }

    @Test func withoutAContainerTheWindowsRootPresents() {
        let root = UIViewController()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = root
        let child = UIViewController()
        root.addChild(child)
        root.view.addSubview(child.view)
        let details = UIViewController()
        child.show(details, sender: nil)
        expect(root.presentedViewController === details)
        expect(details.presentingViewController === root)
        expect(child.presentedViewController == nil)
    }

    /// A controller on no window presents it itself.
    @Test func aLoneControllerPresents() {
        let lone = UIViewController()
        let details = UIViewController()
        lone.show(details, sender: nil)
        expect(lone.presentedViewController === details)
    }

    @Test func aNavigationControllerPresentsADetail() {
        let (list, navigation, details) = Self.list()
        list.showDetailViewController(details, sender: nil)
        expect(navigation.viewControllers.count == 1)
        expect(navigation.presentedViewController === details)
    }

    /// A container of the app's that shows controllers its own way gets them from its children.
    @Test func anOverrideUpTheChainIsUsed() {
        final class Container: UIViewController {
            var shown: [UIViewController] = []
            override func show(_ vc: UIViewController, sender: Any?) { shown.append(vc) }
        }
        let container = Container()
        let child = UIViewController()
        container.addChild(child)
        let details = UIViewController()
        child.show(details, sender: nil)
        expect(container.shown.count == 1 && container.shown[0] === details)
        expect(container.presentedViewController == nil)
    }
}
