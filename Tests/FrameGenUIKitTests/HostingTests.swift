import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit
import TestTiers
import Testing

/// What a host that puts a controller on a device's screen (a snapshot test) relies on: traits
/// combined as UIKit combines them, a window's safe area inherited where a view overlaps it, a
/// root controller's view filling its window, appearance calls.
@Suite struct HostingTests {
    @Test func traitsCombineTheLastSpecified() {
        let traits = UITraitCollection(traitsFrom: [
            .init(horizontalSizeClass: .compact), .init(displayScale: 2),
            .init(horizontalSizeClass: .regular),
            .init(userInterfaceIdiom: .pad),
        ])
        expect(traits.horizontalSizeClass == .regular)
        expect(traits.displayScale == 2)
        expect(traits.userInterfaceIdiom == .pad)
        expect(traits.verticalSizeClass == .unspecified)
        expect(UITraitCollection().displayScale == 0)
    }

    @Test func viewsInheritTheWindowsSafeAreaAndTraits() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.hostedSafeArea = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        window.hostedTraits = UITraitCollection(horizontalSizeClass: .regular)
        let controller = UIViewController()
        window.rootViewController = controller
        expect(controller.view.frame == window.bounds)
        expect(controller.view.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        let header = UIView(frame: CGRect(x: 0, y: 20, width: 390, height: 100))
        controller.view.addSubview(header)
        expect(header.safeAreaInsets == UIEdgeInsets(top: 27, left: 0, bottom: 0, right: 0))
        expect(header.traitCollection.horizontalSizeClass == .regular)
        expect(UIView().safeAreaInsets == .zero)
    }

    /// iOS 7's `topLayoutGuide` and `bottomLayoutGuide` (deprecated, still used by apps and by
    /// SnapKit): the strips above and below the controller's safe area, `length` tall, whose
    /// anchors a view is constrained to.
    @Test func theLayoutGuidesOfAControllerAreTheStripsOutsideItsSafeArea() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.hostedSafeArea = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        let controller = UIViewController()
        window.rootViewController = controller
        // Through a protocol of the test's own, so that the test does not warn of the deprecation.
        let guides = controller as any ControllerLayoutGuides
        expect(guides.topLayoutGuide.length == 47)
        expect(guides.bottomLayoutGuide.length == 34)
        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(content)
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: guides.topLayoutGuide.bottomAnchor),
            content.bottomAnchor.constraint(equalTo: guides.bottomLayoutGuide.topAnchor),
            content.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
            content.widthAnchor.constraint(equalTo: guides.topLayoutGuide.heightAnchor),
        ])
        controller.view.layoutIfNeeded()
        expect(content.frame == CGRect(x: 0, y: 47, width: 47, height: 844 - 47 - 34))
        expect(guides.topLayoutGuide === guides.topLayoutGuide, "one guide, as on iOS")
    }

    @Test func appearanceCallsComeInPairs() {
        final class Controller: UIViewController {
            var calls: [String] = []
            override func viewWillAppear(_ animated: Bool) { calls.append("will") }
            override func viewDidAppear(_ animated: Bool) { calls.append("did") }
        }
        let controller = Controller()
        controller.beginAppearanceTransition(true, animated: false)
        controller.endAppearanceTransition()
        controller.endAppearanceTransition()
        expect(controller.calls == ["will", "did"])
    }

    /// A final cell class conforming to `ReusableViewByClass` is made by its class, as UIKit
    /// makes a class registered for a reuse identifier.
    @Test func cellsMadeByTheirClass() {
        final class Badge: UICollectionViewCell, ReusableViewByClass {
            override init(frame: CGRect) {
                super.init(frame: frame)
                contentView.backgroundColor = .red
            }
            required init?(coder: NSCoder) { nil }
        }
        final class Source: NSObject, UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
                -> Int
            { 2 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
                -> UICollectionViewCell
            {
                collectionView.dequeueReusableCell(withReuseIdentifier: "badge", for: indexPath)
            }
        }
        let view = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 200, height: 100),
            collectionViewLayout: UICollectionViewFlowLayout())
        view.register(Badge.self, forCellWithReuseIdentifier: "badge")
        let source = Source()
        view.dataSource = source
        view.displayOnItsOwn()
        expect(view.visibleCells.count == 2)
        expect(view.visibleCells.allSatisfy { $0 is Badge })
    }
}

/// A controller's deprecated layout guides, read through a protocol that UIViewController meets.
private protocol ControllerLayoutGuides: AnyObject {
    var topLayoutGuide: any UILayoutSupport { get }
    var bottomLayoutGuide: any UILayoutSupport { get }
}
extension UIViewController: ControllerLayoutGuides {}
