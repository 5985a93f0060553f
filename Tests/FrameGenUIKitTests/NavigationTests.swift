import Foundation
import FrameGenCoreGraphics
import FrameGenQuartzCore
import TestTiers
import Testing

@testable import FrameGenUIKit

/// Navigation and tab bar controllers, bars and the small controls, as UIKit documents them and
/// as iOS 15 and later draws them on a phone (docs/uikit.md "Navigation and tab bars").
@Suite struct NavigationTests {
    static let phone = CGRect(x: 0, y: 0, width: 390, height: 844)
    static let insets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)

    /// `controller` as the root of a phone's window with its status bar and home indicator.
    static func host(_ controller: UIViewController) -> UIWindow {
        let window = UIWindow(frame: phone)
        window.hostedSafeArea = insets
        window.rootViewController = controller
        controller.beginAppearanceTransition(true, animated: false)
        controller.endAppearanceTransition()
        CALayer.layOutForDrawing(controller.view)
        return window
    }

    static func render(_ view: UIView) -> UIImage { ButtonTests.render(view) }

    /// The columns of `rows` holding a pixel `ink` accepts.
    static func inkColumns(_ image: UIImage, rows: Range<Int>, _ ink: ([UInt8]) -> Bool) -> ClosedRange<Int>?
    {
        let b = image.bitmap!
        var low = Int.max
        var high = Int.min
        for y in rows {
            for x in 0..<b.width {
                let o = (y * b.width + x) * 4
                if ink([b.pixels[o], b.pixels[o + 1], b.pixels[o + 2], b.pixels[o + 3]]) {
                    low = min(low, x)
                    high = max(high, x)
                }
            }
        }
        return low <= high ? low...high : nil
    }

    static func isBlack(_ p: [UInt8]) -> Bool { p[0] < 110 && p[2] < 110 && p[3] > 200 }
    static func isBlue(_ p: [UInt8]) -> Bool { p[0] < 110 && p[2] > 200 && p[3] > 200 }

    final class Screen: UIViewController {
        var calls: [String] = []
        override func viewDidLoad() {
            view.backgroundColor = .white
            title = "Settings"
            navigationItem.rightBarButtonItem = UIBarButtonItem(
                barButtonSystemItem: .edit, target: nil, action: nil)
        }
        override func viewWillAppear(_ animated: Bool) { calls.append("will") }
        override func viewDidAppear(_ animated: Bool) { calls.append("did") }
    }

    @Test func theTopControllersViewFillsTheControllerWithItsSafeAreaBelowTheBar() {
        let screen = Screen()
        let navigation = UINavigationController(rootViewController: screen)
        let window = Self.host(navigation)
        expect(screen.calls == ["will", "did"])
        expect(screen.parent === navigation && screen.navigationController === navigation)
        expect(screen.view.superview === navigation.view && screen.view.frame == Self.phone)
        expect(navigation.navigationBar.frame == CGRect(x: 0, y: 47, width: 390, height: 44))
        expect(screen.view.safeAreaInsets == UIEdgeInsets(top: 91, left: 0, bottom: 34, right: 0))
        expect(navigation.navigationBar.topItem?.title == "Settings")
        // A large title adds 52 points; hiding the bar gives the status bar's inset back.
        navigation.navigationBar.prefersLargeTitles = true
        CALayer.layOutForDrawing(navigation.view)
        expect(navigation.navigationBar.frame.height == 96)
        expect(screen.view.safeAreaInsets.top == 143)
        screen.navigationItem.largeTitleDisplayMode = .never
        CALayer.layOutForDrawing(navigation.view)
        expect(screen.view.safeAreaInsets.top == 91)
        navigation.setNavigationBarHidden(true, animated: false)
        expect(navigation.isNavigationBarHidden)
        CALayer.layOutForDrawing(navigation.view)
        expect(screen.view.safeAreaInsets.top == 47)
        // An opaque bar: the view starts below it, with no inset of its own at the top.
        navigation.isNavigationBarHidden = false
        navigation.navigationBar.isTranslucent = false
        CALayer.layOutForDrawing(navigation.view)
        expect(screen.view.frame == CGRect(x: 0, y: 91, width: 390, height: 844 - 91))
        expect(screen.view.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
        window.rootViewController = nil
    }

    @Test func theBarDrawsTheTitleCentredAndItemsAtTheMargins() throws {
        let screen = Screen()
        let navigation = UINavigationController(rootViewController: screen)
        let window = Self.host(navigation)
        let image = Self.render(navigation.view)
        try? image.pngData()?.write(to: URL(fileURLWithPath: "/tmp/bars/navigation.png"))
        // The title's ink, black, centred on the bar within a pixel or two.
        let title = try #require(Self.inkColumns(image, rows: 47..<91, Self.isBlack))
        expect(abs(Double(title.lowerBound + title.upperBound + 1) / 2 - 195) <= 2)
        expect(title.count > 40 && title.count < 90)
        // "Edit" in the tint colour, its ink ending 16 points from the right edge.
        let edit = try #require(Self.inkColumns(image, rows: 47..<91, Self.isBlue))
        expect(abs(edit.upperBound + 1 - (390 - 16)) <= 2)
        expect(edit.lowerBound > 300)
        // At the content's top edge iOS 15 makes the default bar transparent: the white content
        // shows under the status bar, and there is no hairline.
        expect(ButtonTests.pixel(image, 5, 20) == [255, 255, 255, 255])
        expect(ButtonTests.pixel(image, 5, 91) == [255, 255, 255, 255])
        window.rootViewController = nil
    }

    @Test func anOpaqueAppearanceDrawsTheBackgroundAndHairline() {
        let screen = Screen()
        let navigation = UINavigationController(rootViewController: screen)
        let appearance = UINavigationBarAppearance()
        appearance.configureWithOpaqueBackground()
        appearance.backgroundColor = .systemRed
        appearance.titleTextAttributes = [.foregroundColor: UIColor.white]
        navigation.navigationBar.standardAppearance = appearance
        navigation.navigationBar.scrollEdgeAppearance = appearance
        // Set after it was given: the bar keeps its copy.
        appearance.backgroundColor = .systemGreen
        expect(appearance.shadowColor == UIColor(white: 0, alpha: 0.3))
        let window = Self.host(navigation)
        let image = Self.render(navigation.view)
        try? image.pngData()?.write(to: URL(fileURLWithPath: "/tmp/bars/opaque.png"))
        // Red from the top of the screen (under the status bar) to the bar's bottom.
        expect(ButtonTests.pixel(image, 5, 2) == [255, 59, 48, 255])
        expect(ButtonTests.pixel(image, 5, 90) == [255, 59, 48, 255])
        // The hairline: one device pixel (a third of a point at 3x) of 30 % black over the
        // white content below the bar, a third of a pixel's coverage in this 1x image: 30 %
        // (alpha 77) times 85 / 255 is 25.7, which Core Graphics rounds down to 25.
        expect(ButtonTests.pixel(image, 5, 91) == [230, 230, 230, 255])
        expect(ButtonTests.pixel(image, 5, 92) == [255, 255, 255, 255])
        // The title in white: no black ink on the bar.
        expect(Self.inkColumns(image, rows: 47..<91, Self.isBlack) == nil)
        window.rootViewController = nil
    }

    @Test func aLargeTitleIsBoldAtTheLeadingMargin() throws {
        let screen = Screen()
        let navigation = UINavigationController(rootViewController: screen)
        navigation.navigationBar.prefersLargeTitles = true
        let window = Self.host(navigation)
        let image = Self.render(navigation.view)
        try? image.pngData()?.write(to: URL(fileURLWithPath: "/tmp/bars/large.png"))
        // No inline title in the 44-point row; the large one starts at the 16-point margin.
        expect(Self.inkColumns(image, rows: 47..<91, Self.isBlack) == nil)
        let large = try #require(Self.inkColumns(image, rows: 91..<143, Self.isBlack))
        expect(abs(large.lowerBound - 16) <= 3)
        expect(large.count > 120)
        window.rootViewController = nil
    }

    @Test func theStackPushesPopsAndShowsABackButton() throws {
        let root = Screen()
        let navigation = UINavigationController(rootViewController: root)
        let window = Self.host(navigation)
        let detail = UIViewController()
        detail.title = "Detail"
        navigation.pushViewController(detail, animated: false)
        CALayer.layOutForDrawing(navigation.view)
        expect(navigation.topViewController === detail && detail.navigationController === navigation)
        expect(root.view.superview == nil && detail.view.superview === navigation.view)
        expect(navigation.navigationBar.backItem?.title == "Settings")
        // The back button: the chevron at 8 points and the root's title, in the tint.
        let image = Self.render(navigation.view)
        try? image.pngData()?.write(to: URL(fileURLWithPath: "/tmp/bars/back.png"))
        let back = try #require(Self.inkColumns(image, rows: 47..<91, Self.isBlue))
        expect(abs(back.lowerBound - 10) <= 2 && back.upperBound > 60 && back.upperBound < 150)
        let third = UIViewController()
        navigation.setViewControllers([root, detail, third], animated: false)
        expect(navigation.popToRootViewController(animated: false)?.count == 2)
        expect(navigation.viewControllers == [root] && third.parent == nil)
        expect(navigation.popViewController(animated: false) == nil)
        window.rootViewController = nil
    }

    /// Items that fill a narrow bar leave the title no room: it is cut to nothing beside them,
    /// as UIKit cuts it, rather than stop the program.
    @Test func aTitleWithNoRoomBesideTheItemsIsCutToNothing() {
        let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: 120, height: 44))
        let item = UINavigationItem(title: "A title longer than the bar")
        item.leftBarButtonItem = UIBarButtonItem(
            title: "Cancel everything", style: .plain, target: nil, action: nil)
        item.rightBarButtonItem = UIBarButtonItem(
            title: "Save all of it", style: .done, target: nil, action: nil)
        bar.setItems([item], animated: false)
        bar.layoutIfNeeded()
        let title = bar.subviews.compactMap { $0 as? UILabel }.first { $0.text == item.title }
        expect(title.map { $0.isHidden || $0.frame.width == 0 } ?? true)
    }

    /// A custom view made with a zero frame and its content pinned inside by constraints (an
    /// avatar beside a name, MauriMarques/Posterr's profile item) is as large as its content, as
    /// iOS 11's bars size it with Auto Layout, and its content is laid out in it.
    @Test func aCustomViewWithoutAFrameIsSizedByItsConstraints() {
        let custom = UIView(frame: .zero)
        let avatar = UIView()
        avatar.translatesAutoresizingMaskIntoConstraints = false
        let name = UILabel()
        name.text = "creator"
        name.font = .boldSystemFont(ofSize: 17)
        name.translatesAutoresizingMaskIntoConstraints = false
        custom.addSubview(avatar)
        custom.addSubview(name)
        NSLayoutConstraint.activate([
            avatar.leftAnchor.constraint(equalTo: custom.leftAnchor),
            avatar.topAnchor.constraint(equalTo: custom.topAnchor),
            avatar.bottomAnchor.constraint(equalTo: custom.bottomAnchor),
            avatar.widthAnchor.constraint(equalToConstant: 32),
            avatar.heightAnchor.constraint(equalToConstant: 32),
            name.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 5),
            name.centerYAnchor.constraint(equalTo: custom.centerYAnchor),
            name.trailingAnchor.constraint(equalTo: custom.trailingAnchor),
        ])
        let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: 375, height: 44))
        let item = UINavigationItem(title: "Home")
        item.leftBarButtonItem = UIBarButtonItem(customView: custom)
        bar.setItems([item], animated: false)
        bar.layoutIfNeeded()
        let width = 32 + 5 + name.intrinsicContentSize.width
        expect(abs(custom.frame.width - width) < 0.5 && custom.frame.height == 32, "\(custom.frame)")
        expect(abs(custom.frame.midY - 22) < 0.5 && custom.frame.minX < 20, "\(custom.frame)")
        custom.layoutIfNeeded()
        expect(avatar.frame == CGRect(x: 0, y: 0, width: 32, height: 32), "\(avatar.frame)")
        expect(abs(name.frame.minX - 37) < 0.01, "\(name.frame)")
    }

    @Test func barButtonItemsKeepWhatTheyAreMadeWith() {
        let action = UIAction(title: "Share", image: nil) { _ in }
        let share = UIBarButtonItem(title: nil, image: nil, primaryAction: action, menu: nil)
        expect(share.title == "Share" && share.primaryAction === action)
        let add = UIBarButtonItem(systemItem: .add)
        expect(add.systemItem == .add && add.style == .plain)
        expect(UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil).style == .done)
        expect(UIBarButtonItem.SystemItem.close.rawValue == 24 && UIBarButtonItem.Style.done.rawValue == 2)
        expect(UIBarButtonItem.fixedSpace(12).width == 12)
        let item = UINavigationItem(title: "A")
        item.rightBarButtonItems = [add, share]
        expect(item.rightBarButtonItem === add)
        expect(UINavigationItem.LargeTitleDisplayMode.inline.rawValue == 3)
    }

    final class Tab: UIViewController {
        init(_ title: String, _ color: UIColor) {
            super.init(nibName: nil, bundle: nil)
            self.title = title
            tabBarItem.image = UIImage(systemName: "star")
            view.backgroundColor = color
        }
        required init?(coder: NSCoder) { nil }
    }

    @Test func aTabBarControllerShowsTheSelectedViewAboveItsBar() throws {
        let first = Tab("First", .white)
        let second = Tab("Second", .white)
        let tabs = UITabBarController()
        tabs.viewControllers = [first, second]
        expect(tabs.selectedIndex == 0 && tabs.selectedViewController === first)
        expect(first.tabBarItem.title == "First" && first.tabBarController === tabs)
        second.tabBarItem.badgeValue = "3"
        let window = Self.host(tabs)
        expect(tabs.tabBar.frame == CGRect(x: 0, y: 844 - 49 - 34, width: 390, height: 49 + 34))
        // Translucent: the view under the bar, its safe area ending at the bar's top.
        expect(first.view.frame == Self.phone)
        expect(first.view.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 83, right: 0))
        let image = Self.render(tabs.view)
        try? image.pngData()?.write(to: URL(fileURLWithPath: "/tmp/bars/tabs.png"))
        // The selected item in the tint, the other grey: blue ink only in the first half.
        let blue = try #require(Self.inkColumns(image, rows: 761..<810, Self.isBlue))
        expect(blue.upperBound < 195 && abs(Double(blue.lowerBound + blue.upperBound + 1) / 2 - 97.5) <= 3)
        let grey = try #require(
            Self.inkColumns(image, rows: 761..<810) {
                $0[0] > 110 && $0[0] < 170 && abs(Int($0[2]) - Int($0[0])) < 12
            })
        expect(grey.lowerBound > 195)
        // The badge, red, at the second item's image's top right.
        let red = try #require(Self.inkColumns(image, rows: 761..<785) { $0[0] > 200 && $0[1] < 80 })
        expect(red.lowerBound > 292 && red.upperBound < 330)
        tabs.selectedIndex = 1
        CALayer.layOutForDrawing(tabs.view)
        expect(second.view.superview === tabs.view && first.view.superview == nil)
        // Opaque: the view ends at the bar's top.
        tabs.tabBar.isTranslucent = false
        CALayer.layOutForDrawing(tabs.view)
        expect(second.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844 - 83))
        expect(second.view.safeAreaInsets.bottom == 0)
        window.rootViewController = nil
    }

    @Test func aSearchBarDrawsItsPlaceholderInARoundedField() {
        let search = UISearchBar(frame: CGRect(x: 0, y: 0, width: 390, height: 56))
        search.placeholder = "Search"
        expect(search.sizeThatFits(CGSize(width: 390, height: 0)).height == 56)
        let image = Self.render(search)
        try? image.pngData()?.write(to: URL(fileURLWithPath: "/tmp/bars/search.png"))
        // The field's fill inside, clear outside its rounded corner.
        expect(ButtonTests.pixel(image, 100, 12)[3] > 0)
        expect(ButtonTests.pixel(image, 8, 10)[3] == 0)
        // The placeholder's grey ink after the glyph.
        expect(Self.inkColumns(image, rows: 18..<38) { $0[3] > 100 && $0[0] < 200 } != nil)
        search.text = "cats"
        expect(search.searchTextField.text == "cats")
    }
}
