import Foundation

public protocol UITabBarDelegate: AnyObject {
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}

extension UITabBarDelegate {
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}

/// A phone's tab bar as iOS 15 and later draws it (docs/uikit.md "Navigation and tab bars"): 49
/// points (and, in a tab bar controller, the home indicator's inset below them), its items
/// sharing the width evenly, each an image above a 10-point title, the selected one in the tint
/// colour and the others in `unselectedItemTintColor` (grey by default), a red badge at the
/// image's top right; the background and hairline (along the top) of its appearance, as the
/// navigation bar's.
open class UITabBar: UIView {
    static let height: CGFloat = 49

    /// The raw values are UIKit's.
    public enum ItemPositioning: Int, Sendable {
        case automatic = 0
        case fill = 1
        case centered = 2
    }

    open weak var delegate: UITabBarDelegate?
    open var items: [UITabBarItem]? {
        didSet {
            for item in items ?? [] { item.shownIn = self }
            setNeedsLayout()
        }
    }
    open weak var selectedItem: UITabBarItem? {
        didSet { setNeedsLayout() }
    }
    /// Nil: system grey.
    open var unselectedItemTintColor: UIColor? {
        didSet {
            setNeedsLayout()
            appearance(\UITabBar.unselectedItemTintColor, unselectedItemTintColor, tracked: true)
        }
    }
    open var barTintColor: UIColor? {
        didSet {
            setNeedsLayout()
            appearance(\UITabBar.barTintColor, barTintColor, tracked: true)
        }
    }
    open var barStyle: UIBarStyle = .default {
        didSet {
            setNeedsLayout()
            appearance(\UITabBar.barStyle, barStyle, tracked: true)
        }
    }
    open var isTranslucent = true {
        didSet {
            setNeedsLayout()
            superview?.setNeedsLayout()
            appearance(\UITabBar.isTranslucent, isTranslucent, tracked: true)
        }
    }
    open var backgroundImage: UIImage? {
        didSet {
            setNeedsLayout()
            appearance(\UITabBar.backgroundImage, backgroundImage, tracked: true)
        }
    }
    open var shadowImage: UIImage? {
        didSet {
            setNeedsLayout()
            appearance(\UITabBar.shadowImage, shadowImage, tracked: true)
        }
    }
    open var selectionIndicatorImage: UIImage? {
        didSet { appearance(\UITabBar.selectionIndicatorImage, selectionIndicatorImage, tracked: true) }
    }
    open var itemPositioning: ItemPositioning = .automatic {
        didSet { appearance(\UITabBar.itemPositioning, itemPositioning, tracked: true) }
    }
    open var itemWidth: CGFloat = 0 {
        didSet { appearance(\UITabBar.itemWidth, itemWidth, tracked: true) }
    }
    open var itemSpacing: CGFloat = 0 {
        didSet { appearance(\UITabBar.itemSpacing, itemSpacing, tracked: true) }
    }
    /// Copied when set, as UIKit copies it; setting it sets aside the legacy properties.
    open var standardAppearance = UITabBarAppearance() {
        didSet {
            standardAppearance = standardAppearance.copy()
            appearanceSet = true
            setNeedsLayout()
            appearance(\UITabBar.standardAppearance, standardAppearance, tracked: true)
        }
    }
    open var scrollEdgeAppearance: UITabBarAppearance? {
        didSet {
            scrollEdgeAppearance = scrollEdgeAppearance?.copy()
            setNeedsLayout()
            appearance(\UITabBar.scrollEdgeAppearance, scrollEdgeAppearance, tracked: true)
        }
    }

    /// Set by a tab bar controller: the inset below the items (the home indicator's).
    var bottomInset: CGFloat = 0 {
        didSet { if bottomInset != oldValue { setNeedsLayout() } }
    }
    weak var owningTabBarController: UITabBarController?

    private var appearanceSet = false
    private let background = BarBackground()
    private var content: [UIView] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        background.install(in: self)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        background.install(in: self)
        InterfaceBuilder.decode(self, coder: coder, at: UITabBar.self)
    }

    open func setItems(_ items: [UITabBarItem]?, animated: Bool) { self.items = items }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: UITabBar.height + bottomInset)
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UITabBar.height + bottomInset)
    }

    /// The appearance that applies: at the bottom edge of the selected controller's content
    /// (content that does not scroll is at it) the scroll edge one, else, as iOS 15 does, the
    /// standard one made transparent; elsewhere the standard one, or, while none was set, the
    /// legacy properties over the default.
    var resolvedAppearance: UITabBarAppearance {
        let selected = selectedItem
        var standard = selected?.standardAppearance ?? standardAppearance
        if selected?.standardAppearance == nil, !appearanceSet {
            standard = standardAppearance.copy()
            if !isTranslucent { standard.configureWithOpaqueBackground() }
            if let barTintColor { standard.backgroundColor = barTintColor }
            if let backgroundImage {
                standard.backgroundEffect = nil
                standard.backgroundColor = nil
                standard.backgroundImage = backgroundImage
            }
            if let shadowImage { standard.shadowImage = shadowImage }
        }
        guard owningTabBarController?.contentIsAtBottomEdge == true else { return standard }
        if let edge = selected?.scrollEdgeAppearance ?? scrollEdgeAppearance { return edge }
        let transparent: UITabBarAppearance = standard.copy()
        transparent.configureWithTransparentBackground()
        return transparent
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let appearance = resolvedAppearance
        background.draw(
            appearance, in: bounds, shadowEdge: .top, scale: traitCollection.displayScale)
        for view in content { view.removeFromSuperview() }
        content = []
        let items = items ?? []
        guard !items.isEmpty else { return }
        let width = bounds.width / CGFloat(items.count)
        for (index, item) in items.enumerated() {
            let view = TabBarItemView(
                item: item, selected: item === selectedItem, appearance: appearance.stackedLayoutAppearance,
                tint: tintColor ?? .systemBlue, unselectedTint: unselectedItemTintColor ?? .systemGray)
            view.frame = CGRect(x: CGFloat(index) * width, y: 0, width: width, height: UITabBar.height)
            addSubview(view)
            content.append(view)
        }
    }
}

/// One tab: the image (a template, 6 points from the top, framegen's choice) above the title in
/// 10-point medium text (its line ending 3 points above the 49-point row's bottom), and the badge.
final class TabBarItemView: UIView {
    static let imageTop: CGFloat = 6
    static let titleBottomGap: CGFloat = 3
    static let titleFont = UIFont.systemFont(ofSize: 10, weight: .medium)

    init(
        item: UITabBarItem, selected: Bool, appearance: UITabBarItemAppearance, tint: UIColor,
        unselectedTint: UIColor
    ) {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        let state =
            item.isEnabled ? (selected ? appearance.selected : appearance.normal) : appearance.disabled
        let color = state.iconColor ?? (item.isEnabled && selected ? tint : unselectedTint)
        let symbol = UIImage.SymbolConfiguration(pointSize: 20)
        if let image = (selected ? item.selectedImage ?? item.image : item.image) {
            let shown = image.isSymbolImage ? image.withConfiguration(symbol) : image
            icon.image =
                shown.renderingMode == .alwaysOriginal ? shown : shown.withRenderingMode(.alwaysTemplate)
            icon.tintColor = color
            addSubview(icon)
        }
        if let text = item.title {
            let attributes = state.titleTextAttributes.merging(item.titleTextAttributes(for: .normal) ?? [:])
            { $1 }
            title.text = text
            title.font = attributes[.font] as? UIFont ?? TabBarItemView.titleFont
            title.textColor =
                selected
                ? (state.titleTextAttributes[.foregroundColor] as? UIColor ?? color)
                : attributes[.foregroundColor] as? UIColor ?? color
            addSubview(title)
        }
        if let value = item.badgeValue {
            badge.backgroundColor = state.badgeBackgroundColor ?? item.badgeColor ?? .systemRed
            badge.layer.cornerRadius = 9
            badgeLabel.text = value
            badgeLabel.font = UIFont.systemFont(ofSize: 13)
            badgeLabel.textColor = .white
            badge.addSubview(badgeLabel)
            addSubview(badge)
        }
        offset = item.titlePositionAdjustment
    }

    required init?(coder: NSCoder) { return nil }

    private let icon = UIImageView(image: nil)
    private let title = UILabel()
    private let badge = UIView()
    private let badgeLabel = UILabel()
    private var offset = UIOffset.zero

    override func layoutSubviews() {
        super.layoutSubviews()
        let size = icon.image?.size ?? .zero
        icon.frame = CGRect(
            x: (bounds.width - size.width) / 2, y: TabBarItemView.imageTop, width: size.width,
            height: size.height)
        let text = title.intrinsicContentSize
        let textSize = CGSize(width: max(0, min(text.width, bounds.width - 4)), height: max(0, text.height))
        title.frame = CGRect(
            x: (bounds.width - textSize.width) / 2 + offset.horizontal,
            y: bounds.height - TabBarItemView.titleBottomGap - textSize.height + offset.vertical,
            width: textSize.width, height: textSize.height)
        let label = badgeLabel.intrinsicContentSize
        let badgeWidth = max(18, label.width + 10)
        badge.frame = CGRect(x: bounds.midX + 5, y: 2, width: badgeWidth, height: 18)
        badgeLabel.frame = CGRect(
            x: (badgeWidth - label.width) / 2, y: (18 - label.height) / 2, width: label.width,
            height: label.height)
    }
}

public protocol UITabBarControllerDelegate: AnyObject {
    func tabBarController(
        _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
    )
        -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
    public func tabBarController(
        _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
    ) -> Bool { true }
    public func tabBarController(
        _ tabBarController: UITabBarController, didSelect viewController: UIViewController
    ) {}
}

/// Tabs of controllers, the selected one's view shown above the tab bar (docs/uikit.md
/// "Navigation and tab bars"): the bar at the bottom, 49 points plus the window's bottom inset;
/// the view over the whole view while the bar is translucent, its safe area's bottom at the
/// bar's top, or ending at the bar's top when the bar is opaque (unless the controller extends
/// its layout under opaque bars). The delegate is kept: framegen taps no tabs.
open class UITabBarController: UIViewController, UITabBarDelegate {
    public let tabBar = UITabBar()
    open weak var delegate: UITabBarControllerDelegate?
    open var customizableViewControllers: [UIViewController]?
    /// The More list iOS shows past five tabs; framegen draws the first five tabs and no More item.
    open private(set) lazy var moreNavigationController = UINavigationController(
        rootViewController: UIViewController())

    private var tabs: [UIViewController]?
    private var selected = 0
    private weak var shown: UIViewController?

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        tabBar.owningTabBarController = self
        tabBar.delegate = self
    }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        tabBar.owningTabBarController = self
        tabBar.delegate = self
        InterfaceBuilder.decode(self, coder: coder, at: UITabBarController.self)
    }

    open override func loadView() {
        view = ContainerView(frame: UIScreen.main.bounds)
        view.addSubview(tabBar)
        showSelected()
    }

    open var viewControllers: [UIViewController]? {
        get { tabs }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Keeps the selected controller when it is among the new ones, else selects the first.
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let previous = selectedViewController
        for old in tabs ?? [] where !(viewControllers ?? []).contains(where: { $0 === old }) {
            uninstall(old)
            old.removeFromParent()
        }
        tabs = viewControllers
        for controller in viewControllers ?? [] { addChild(controller) }
        selected = viewControllers?.firstIndex { $0 === previous } ?? 0
        tabBar.items = viewControllers?.map { $0.tabBarItem }
        showSelected()
    }

    /// `NSNotFound` without controllers; a value past the last is ignored, as UIKit ignores it.
    open var selectedIndex: Int {
        get { (tabs ?? []).isEmpty ? NSNotFound : selected }
        set {
            guard let tabs, tabs.indices.contains(newValue) else { return }
            selected = newValue
            showSelected()
        }
    }

    open var selectedViewController: UIViewController? {
        get { tabs.flatMap { $0.indices.contains(selected) ? $0[selected] : nil } }
        set {
            guard let index = tabs?.firstIndex(where: { $0 === newValue }) else { return }
            selectedIndex = index
        }
    }

    open func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
        guard let index = tabs?.firstIndex(where: { $0.tabBarItem === item }), let controller = tabs?[index],
            delegate?.tabBarController(self, shouldSelect: controller) ?? true
        else { return }
        selectedIndex = index
        delegate?.tabBarController(self, didSelect: controller)
    }

    private func showSelected() {
        tabBar.selectedItem = selectedViewController?.tabBarItem
        guard isViewLoaded, shown !== selectedViewController else { return }
        if let shown { uninstall(shown) }
        shown = selectedViewController
        if let controller = selectedViewController { install(controller) }
        view.setNeedsLayout()
    }

    override func layOutChildren() {
        let bounds = view.bounds
        let safe = view.safeAreaInsets
        tabBar.items = tabs?.map { $0.tabBarItem }
        tabBar.bottomInset = safe.bottom
        let height = UITabBar.height + safe.bottom
        tabBar.frame = CGRect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
        guard let controller = selectedViewController else { return }
        var unobscured = bounds.inset(by: safe)
        var frame = bounds
        if !tabBar.isHidden {
            unobscured.size.height = max(0, tabBar.frame.minY - unobscured.minY)
            let under =
                (tabBar.isTranslucent || controller.extendedLayoutIncludesOpaqueBars)
                && controller.edgesForExtendedLayout.contains(.bottom)
            if !under { frame.size.height = tabBar.frame.minY }
        }
        lay(controller, at: frame, unobscured: unobscured)
    }

    /// Whether the selected controller's content rests at its bottom edge (see `UITabBar`).
    var contentIsAtBottomEdge: Bool {
        let content =
            (selectedViewController as? UINavigationController)?.topViewController ?? selectedViewController
        return content?.contentScrollView?.restsAtBottomEdge ?? true
    }
}
