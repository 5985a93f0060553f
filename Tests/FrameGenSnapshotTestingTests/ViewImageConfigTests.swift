import FrameGenQuartzCore
import FrameGenSnapshotTesting
import TestTiers
import Testing
import UIKit

/// The device presets carry swift-snapshot-testing's sizes, safe areas and traits.
@Suite struct ViewImageConfigTests {
    @Test func phones() {
        let portrait = ViewImageConfig.iPhone13
        expect(portrait.size == CGSize(width: 390, height: 844))
        expect(portrait.safeArea == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        expect(
            portrait.traits.horizontalSizeClass == .compact && portrait.traits.verticalSizeClass == .regular)
        let landscape = ViewImageConfig.iPhone13(.landscape)
        expect(landscape.size == CGSize(width: 844, height: 390))
        expect(landscape.safeArea == UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
        expect(landscape.traits.verticalSizeClass == .compact)
        expect(ViewImageConfig.iPhone8Plus(.landscape).traits.horizontalSizeClass == .regular)
        expect(ViewImageConfig.iPhoneSe(.landscape).safeArea == .zero)
        expect(ViewImageConfig.iPhoneXr.traits.forceTouchCapability == .unavailable)
        expect(ViewImageConfig.iPhoneX.traits.forceTouchCapability == .available)
        expect(ViewImageConfig.iPhone13Mini.safeArea.top == 50)
        expect(ViewImageConfig.iPhone12Pro.size == ViewImageConfig.iPhone12.size)
        expect(portrait.traits.displayScale == 0)  // the presets give no scale
    }

    @Test func tablets() {
        expect(ViewImageConfig.iPadMini.size == CGSize(width: 1024, height: 768))
        expect(ViewImageConfig.iPadPro11(.portrait).size == CGSize(width: 834, height: 1194))
        expect(ViewImageConfig.iPadPro11.safeArea == UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
        let half = ViewImageConfig.iPadPro12_9(.landscape(splitView: .oneHalf))
        expect(half.size == CGSize(width: 678, height: 1024))
        expect(half.traits.horizontalSizeClass == .regular)
        let third = ViewImageConfig.iPad10_2(.portrait(splitView: .oneThird))
        expect(third.size == CGSize(width: 320, height: 1080))
        expect(third.traits.horizontalSizeClass == .compact && third.traits.userInterfaceIdiom == .pad)
    }

    /// A controller's own scroll view on a phone with a notch starts its content below the
    /// status bar, as iOS's `.automatic` adjustment puts it, however short the content: a
    /// table view controller's first row and a collection view controller's first cell, 44
    /// points down on an iPhone X (docs/uikit.md "Safe area and content insets").
    @Test func aControllersScrollViewStartsBelowTheStatusBar() {
        final class Rows: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
                -> UITableViewCell
            {
                let cell = UITableViewCell()
                cell.backgroundColor = .red
                return cell
            }
        }
        final class Cells: UICollectionViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            }
            override func collectionView(
                _ collectionView: UICollectionView, numberOfItemsInSection section: Int
            )
                -> Int
            { 1 }
            override func collectionView(
                _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
            ) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
                cell.backgroundColor = .red
                return cell
            }
        }
        let red = ParityImage.Color(255, 0, 0)
        let table = ParityImage.draw(Rows(), on: .iPhoneX)
        expect(ParityImage.runs(of: red, in: table, column: 600).first?.lowerBound == 132)
        let grid = ParityImage.draw(Cells(collectionViewLayout: UICollectionViewFlowLayout()), on: .iPhoneX)
        expect(ParityImage.runs(of: red, in: grid, column: 75) == [132...281])
    }

    /// swift-snapshot-testing's window for a navigation controller is shorter by the top of the
    /// safe area, which it takes away; a tab bar controller's by the bottom, and by the top too
    /// when it shows a navigation controller. References of them have those heights
    /// (MauriMarques/Posterr's, of a navigation controller on an iPhone X, are 375 x 768).
    @Test func containerControllersGetTheLibrarysShorterWindow() {
        final class Probe: UIViewController {
            var insets = UIEdgeInsets.zero
            override func viewDidLayoutSubviews() {
                super.viewDidLayoutSubviews()
                if view.window != nil { insets = view.safeAreaInsets }
            }
        }
        let inNavigation = Probe()
        let navigation = ParityImage.draw(
            UINavigationController(rootViewController: inNavigation), on: .iPhoneX)
        expect(navigation.width == 1125 && navigation.height == 768 * 3)
        // The bar's 44 points and no status bar above it; the home indicator's 34 below.
        expect(inNavigation.insets == UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        let inTabs = Probe()
        let tabs = UITabBarController()
        tabs.viewControllers = [inTabs]
        let tabbed = ParityImage.draw(tabs, on: .iPhoneX)
        expect(tabbed.width == 1125 && tabbed.height == (812 - 34) * 3)
        expect(inTabs.insets.top == 44 && inTabs.insets.bottom == tabs.tabBar.frame.height)
        let both = UITabBarController()
        both.viewControllers = [UINavigationController(rootViewController: Probe())]
        expect(ParityImage.draw(both, on: .iPhoneX).height == (812 - 34 - 44) * 3)
        expect(ParityImage.draw(Probe(), on: .iPhoneX).height == 812 * 3)
    }
}

/// iOS 17 on Xcode 15's iPhone 15 puts a controller's top below the phone's 54 point status bar
/// where the configuration has a top safe area (faberNovel/CompositionalLayoutDSL's collection
/// view controllers on an iPhone X: content 54 points down, not 44; MauriMarques/Posterr's
/// navigation bar 54 points down its 768 point window, where the library's window has no top
/// inset). Given as iOS 17, framegen does so; as iOS 18, and without a top in the
/// configuration, it keeps the configuration's.
@Suite struct RecordingStatusBarTests {
    final class Probe: UIViewController {
        var insets = UIEdgeInsets.zero
        override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            if view.window != nil { insets = view.safeAreaInsets }
        }
    }

    func insets(_ release: Int, navigation: Bool, on config: ViewImageConfig) -> UIEdgeInsets {
        SystemRelease.$bound.withValue(release) {
            let probe = Probe()
            _ = ParityImage.draw(
                navigation ? UINavigationController(rootViewController: probe) : probe, on: config)
            return probe.insets
        }
    }

    @Test func iOS17TakesTheRecordingPhonesStatusBar() {
        guard ProcessInfo.processInfo.environment["FRAMEGEN_STATUS_BAR_HEIGHT"] == nil else { return }
        expect(insets(17, navigation: false, on: .iPhoneX).top == 54)
        // The bar's 44 points below the status bar's 54.
        expect(insets(17, navigation: true, on: .iPhoneX).top == 54 + 44)
        expect(insets(18, navigation: false, on: .iPhoneX).top == 44)
        expect(insets(18, navigation: true, on: .iPhoneX).top == 44)
        // No top in the configuration: none, as thumbprint-ios's iOS 17 navigation bars show.
        let bare = ViewImageConfig(safeArea: .zero, size: CGSize(width: 375, height: 400), traits: .init())
        expect(insets(17, navigation: false, on: bare).top == 0)
        expect(insets(17, navigation: true, on: bare).top == 44)
    }
}
