import Foundation
import FrameGenKit
import TestTiers
import Testing

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

private final class NumberCell: UICollectionViewCell {
    var number = -1
}

/// An app's controller, written as on iOS: overrides of the data source and the appearance calls.
private final class NumbersController: UICollectionViewController {
    var calls: [String] = []

    init() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 40, height: 40)
        super.init(collectionViewLayout: layout)
    }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        calls.append("viewDidLoad \(collectionView != nil)")
        collectionView.register(NumberCell.self, forCellWithReuseIdentifier: "number")
    }
    override func viewWillAppear(_ animated: Bool) { calls.append("viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { calls.append("viewDidAppear") }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
        -> Int
    {
        3
    }
    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        let cell =
            collectionView.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath) as! NumberCell
        cell.number = indexPath.item * 10
        return cell
    }
}

@Test func aCollectionViewControllerHostedOnFramegensViewServesItsCells() {
    let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 40, height: 200), collectionViewLayout: UICollectionViewLayout())
    view.data = .init(itemCounts: [3])
    view.cells.configure(registered: ["number": { NumberCell(frame: $0) }], sceneCell: nil)
    let controller = NumbersController()
    let layout = controller.hosting(view)
    view.collectionViewLayout = layout
    expect(controller.calls == ["viewDidLoad true", "viewWillAppear", "viewDidAppear"])
    expect(controller.collectionView === view && controller.collectionViewLayout === layout)
    expect(view.dataSource === controller && view.delegate === controller)
    layout.prepare()
    let shown = view.cells.display(layout.layoutAttributesForElements(in: view.bounds) ?? [], in: view)
    expect(shown.map { ($0 as? NumberCell)?.number } == [0, 10, 20])
    // The view holds its controller as data source and delegate, and the controller its view:
    // framegen breaks that cycle when it drops the view (UIKitLayout); here the test does.
    view.dataSource = nil
    view.delegate = nil
}

@Test func aViewControllerLoadsItsViewOnFirstUse() {
    final class Plain: UIViewController {
        var loaded = 0
        override func viewDidLoad() { loaded += 1 }
    }
    let controller = Plain()
    expect(!controller.isViewLoaded)
    let screen = UIScreen(size: CGSize(width: 390, height: 844), scale: 3)
    UIScreen.withMain(screen) {
        expect(controller.view.bounds.size == CGSize(width: 390, height: 844))
    }
    _ = controller.view
    expect(controller.loaded == 1 && controller.isViewLoaded)
}

/// Apple's "Implementing Modern Collection Views" sets a title and a Display P3 colour.
@Test func aControllersNavigationItemAndDisplayP3ColoursAreThere() {
    let controller = UIViewController()
    controller.navigationItem.title = "Grid"
    expect(controller.navigationItem.title == "Grid" && controller.navigationController == nil)
    func rgb(_ c: UIColor) -> [Int] {
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        _ = c.getRed(&r, green: &g, blue: &b, alpha: &a)
        return [r, g, b].map { Int(($0 * 255).rounded()) }
    }
    // A grey is the same in both spaces; P3's red lies outside sRGB, which clamps it.
    expect(rgb(UIColor(displayP3Red: 0.4, green: 0.4, blue: 0.4, alpha: 1)) == [102, 102, 102])
    expect(rgb(UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1)) == [255, 0, 0])
    // Apple's cornflower blue, (100, 149, 237) in P3, is (86, 150, 243) in sRGB.
    let cornflower = rgb(UIColor(displayP3Red: 100 / 255, green: 149 / 255, blue: 237 / 255, alpha: 1))
    expect(cornflower.enumerated().allSatisfy { abs($0.element - [86, 150, 243][$0.offset]) <= 3 })
}

/// A controller that makes its own collection view counts the scene's sections and items in
/// `viewDidLoad()`, and so does a layout's factory, before the first layout pass (an app's code
/// gets its data source's counts then; a sample sizes an array by `numberOfSections`).
@Test func codeThatSetsTheViewUpCountsTheScenesData() throws {
    let folder = NSTemporaryDirectory() + "framegen-counts-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    canvas: {width: 100, height: 100, scale: 1}
    content: {sections: [2, 5]}
    layout: {type: counting}
    """.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let seen = LinesBox()
    @Sendable func counts(_ view: UICollectionView) -> String {
        "\(view.numberOfSections) \(view.numberOfSections > 1 ? view.numberOfItems(inSection: 1) : -1)"
    }
    let layouts = [
        UIKitLayout.descriptor(
            type: "counting",
            collectionView: { frame, layout in
                let made = UICollectionView(frame: frame, collectionViewLayout: layout)
                seen.append("made " + counts(made))
                return made
            }
        ) { view in
            seen.append("factory " + counts(view))
            return UICollectionViewFlowLayout()
        }
    ]
    _ = try SceneRenderer(file: folder + "/s.yaml", layouts: layouts).render(frame: 0)
    // After the probe framegen makes at registration (no scene yet: no data), every view made
    // for the scene counts its data.
    let lines = seen.all
    expect(lines.prefix(2) == ["made 0 -1", "factory 0 -1"])
    expect(lines.count > 2 && lines.dropFirst(2).allSatisfy { $0.hasSuffix(" 2 5") })
}

/// UIKit calls a controller's `viewWillLayoutSubviews()` before its view's `layoutSubviews()`
/// and `viewDidLayoutSubviews()` after, at every layout pass of that view: a window's root's,
/// a child's in a navigation controller, and again when the view needs layout again (an app
/// that sizes a gradient layer to `view.bounds` there sees each new size).
@MainActor @Test func aControllersLayoutCallsComeAroundItsViewsLayout() {
    final class Logged: UIView {
        var log: ((String) -> Void)?
        override func layoutSubviews() {
            super.layoutSubviews()
            log?("layout \(Int(bounds.height))")
        }
    }
    final class Child: UIViewController {
        var calls: [String] = []
        override func loadView() {
            let logged = Logged()
            logged.log = { [unowned self] in calls.append($0) }
            view = logged
        }
        override func viewWillLayoutSubviews() { calls.append("will") }
        override func viewDidLayoutSubviews() { calls.append("did \(Int(view.bounds.height))") }
    }
    let child = Child()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    window.rootViewController = UINavigationController(rootViewController: child)
    window.layoutIfNeeded()
    expect(child.calls == ["will", "layout 480", "did 480"])
    child.calls = []
    window.frame.size.height = 400
    window.rootViewController!.view.frame = window.bounds
    window.layoutIfNeeded()
    expect(child.calls == ["will", "layout 400", "did 400"])
}

/// A controller's view made without a storyboard or nib is as large as the screen and flexible
/// in width and height, as UIKit makes it: a child's view added to its parent's with no frame
/// or constraint follows the parent's view when that is resized (thumbprint-ios's footer test
/// pins a footer to the bottom of such a view; iOS draws it at the bottom of the window).
@MainActor @Test func aPlainControllerViewFollowsItsSuperviewsSize() {
    let parent = UIViewController()
    let child = UIViewController()
    expect(child.view.autoresizingMask == [.flexibleWidth, .flexibleHeight])
    expect(child.view.frame == UIScreen.main.bounds)
    parent.addChild(child)
    parent.view.addSubview(child.view)
    parent.view.frame = CGRect(x: 0, y: 0, width: 200, height: 300)
    parent.view.layoutIfNeeded()
    expect(child.view.frame == CGRect(x: 0, y: 0, width: 200, height: 300))
}
