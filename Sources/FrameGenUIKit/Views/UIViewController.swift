import Foundation

/// UIViewController, as far as a collection view's controller uses it: its view, loaded on
/// first use, and the appearance calls framegen makes when it puts the controller on screen
/// (`UICollectionViewController.hosting(_:)`, docs/uikit.md "View controllers"). framegen has
/// no navigation, presentation or containment: there is one screen and one controller on it.
open class UIViewController: UIResponder {
    /// framegen loads no nibs: the controller makes its view in `loadView()`.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    /// A subclass's `required init?(coder: NSCoder) { fatalError(...) }` compiles as on iOS.
    public required init?(coder: NSCoder) { return nil }

    private var loadedView: UIView? {
        didSet {
            guard let view = loadedView, view !== oldValue else { return }
            view.owningController = self
            // A root view's margins: none above and below, the system minimum at the sides.
            let minimum = systemMinimumLayoutMargins
            view.layoutMargins = UIEdgeInsets(
                top: 0, left: minimum.leading, bottom: 0, right: minimum.trailing)
        }
    }

    /// The root view's margins are at least `systemMinimumLayoutMargins` at the sides.
    open var viewRespectsSystemMinimumLayoutMargins = true {
        didSet { loadedView?.setNeedsLayout() }
    }

    /// 16 points at each side, 20 on a view 414 points wide or more (as iOS gives the larger
    /// phones and iPads), none above and below (docs/uikit.md "Auto Layout").
    open var systemMinimumLayoutMargins: NSDirectionalEdgeInsets {
        let side: CGFloat = (loadedView?.bounds.width ?? UIScreen.main.bounds.width) >= 414 ? 20 : 16
        return NSDirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
    }

    /// The controller's view, made by `loadView()` then `viewDidLoad()` at first use.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set { loadedView = newValue }
    }

    open var isViewLoaded: Bool { loadedView != nil }
    open var viewIfLoaded: UIView? { loadedView }

    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { loadedView = UIView(frame: UIScreen.main.bounds) }
        viewDidLoad()
    }

    /// Makes `view`: a plain view as large as the screen.
    open func loadView() { loadedView = UIView(frame: UIScreen.main.bounds) }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func didReceiveMemoryWarning() {}

    open var title: String?
    /// The controller's own, made at first use, as UIKit makes it.
    open private(set) lazy var navigationItem = UINavigationItem()
    open var traitCollection: UITraitCollection {
        loadedView?.traitCollection
            ?? UIView(frame: UIScreen.main.bounds).traitCollection.with(style: overrideUserInterfaceStyle)
    }
    /// Its view and the view's subviews take this appearance (UIView+Traits.swift).
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet { if overrideUserInterfaceStyle != oldValue { loadedView?.setNeedsLayout() } }
    }
    /// Called when its view's traits change, after the view's own (UIView+Traits.swift).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    /// `registerForTraitChanges` handlers (UIView+Traits.swift).
    var traitRegistrations: [TraitChangeRegistration] = []
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    open var prefersStatusBarHidden: Bool { false }
    /// framegen draws no navigation or tab bars, so nothing extends under them.
    open var edgesForExtendedLayout: UIRectEdge = .all
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero
    open var preferredContentSize: CGSize = .zero

    // MARK: Presentation, recorded (docs/uikit.md "Controls": nothing presented is drawn)

    open private(set) var presentedViewController: UIViewController?
    open private(set) weak var presentingViewController: UIViewController?

    /// Records `viewControllerToPresent` as presented by this controller (or by the one this
    /// controller presents, as UIKit passes a presentation up to the top) and calls
    /// `completion`; a controller already presented elsewhere is refused, as UIKit refuses it.
    open func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) {
        var presenter: UIViewController = self
        while let next = presenter.presentedViewController { presenter = next }
        guard viewControllerToPresent.presentingViewController == nil, viewControllerToPresent !== presenter
        else {
            return
        }
        presenter.presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = presenter
        completion?()
    }

    /// Dismisses what this controller presents, or, when it presents nothing, itself from its
    /// presenter, as UIKit does; then calls `completion`.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        let presenter = presentedViewController == nil ? presentingViewController : self
        if let presented = presenter?.presentedViewController {
            presented.presentingViewController = nil
            presenter?.presentedViewController = nil
        }
        completion?()
    }

    // MARK: Containment, as far as a host puts a controller on screen (a snapshot test's window)

    open private(set) var children: [UIViewController] = []
    open private(set) weak var parent: UIViewController?

    open func addChild(_ childController: UIViewController) {
        childController.removeFromParent()
        children.append(childController)
        childController.parent = self
        childController.willMove(toParent: self)
    }

    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}

    private var appearing: Bool?

    /// `viewWillAppear(_:)` (or `viewWillDisappear(_:)`) now, the `Did` call at
    /// `endAppearanceTransition()`, as UIKit brackets a controller coming on screen.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        appearing = isAppearing
        if isAppearing { viewWillAppear(animated) } else { viewWillDisappear(animated) }
    }

    open func endAppearanceTransition() {
        guard let isAppearing = appearing else { return }
        appearing = nil
        if isAppearing { viewDidAppear(false) } else { viewDidDisappear(false) }
    }
}

public enum UIStatusBarStyle: Int, Sendable {
    case `default`
    case lightContent
    case darkContent = 3
}

public struct UIRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// The title and bar items a controller shows in a navigation bar: kept, not drawn (framegen
/// draws no bars).
open class UINavigationItem: NSObject {
    open var title: String?
    open var prompt: String?
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic
    open var hidesBackButton = false
    open var backButtonTitle: String?

    public init(title: String) {
        self.title = title
        super.init()
    }

    public override init() { super.init() }

    public enum LargeTitleDisplayMode: Int, Sendable {
        case automatic, always, never
    }
}

extension UIViewController {
    /// The controller is never in a navigation controller: framegen shows one screen.
    public var navigationController: UINavigationController? { nil }
}

/// A stack of controllers, as far as code that sets one up compiles: the top controller's view is
/// what an app would show; framegen hosts collection view controllers itself (docs/uikit.md
/// "View controllers") and draws no bar.
open class UINavigationController: UIViewController {
    open private(set) var viewControllers: [UIViewController] = []
    open var topViewController: UIViewController? { viewControllers.last }

    public init(rootViewController: UIViewController) {
        viewControllers = [rootViewController]
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) { return nil }

    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        viewControllers.append(viewController)
    }

    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        viewControllers.count > 1 ? viewControllers.removeLast() : nil
    }
}
