import Foundation

/// UIViewController: its view, loaded on first use, the appearance calls framegen makes when it
/// puts the controller on screen (`UICollectionViewController.hosting(_:)`, a snapshot test's
/// window, docs/uikit.md "View controllers"), and containment as far as the navigation and tab
/// bar controllers use it (docs/uikit.md "Navigation and tab bars"): a container lays out its
/// children's views in its own and passes its appearance calls on to them.
open class UIViewController: UIResponder {
    /// A controller whose view comes from the nib `nibNameOrNil` (docs/uikit.md, "Storyboards
    /// and nibs"), else from a nib named as its class, else from `loadView()`'s code.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    open private(set) var nibName: String?
    open private(set) var nibBundle: Bundle?
    /// The storyboard the controller was made from.
    open internal(set) var storyboard: UIStoryboard?
    /// A storyboard controller's view, until it loads.
    var interfaceBuilderView: InterfaceBuilder.PendingView?

    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    /// Its view's superview (the window's, or a container's view), else the controller that
    /// presented it, as UIKit chains responders: a controller's `touchesBegan(_:with:)`
    /// override hears the taps its view's subviews pass up.
    open override var next: UIResponder? { viewIfLoaded?.superview ?? presentingViewController }

    /// A controller of a storyboard's scene, or of a nib, reading its element (its title, its
    /// navigation item) before a subclass's initialiser goes on, as on iOS.
    public required init?(coder: NSCoder) {
        super.init()
        InterfaceBuilder.decode(self, coder: coder, at: UIViewController.self)
    }

    /// `view`, the outlet a nib's file's owner has, besides the app's own outlets.
    open override func setValue(_ value: Any?, forKey key: String) {
        guard key == "view" else { return super.setValue(value, forKey: key) }
        loadedView = value as? UIView
    }

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

    /// 16 points at each side, 20 on a device whose shorter side is 414 points or more (the
    /// larger phones and iPads), none above and below (docs/uikit.md "Auto Layout"). The device,
    /// not the width it is held at: iOS's references give a 375 by 812 point phone 16 in
    /// landscape too, and a 428-point-wide one 20 in portrait.
    open var systemMinimumLayoutMargins: NSDirectionalEdgeInsets {
        let size = loadedView?.window?.bounds.size ?? loadedView?.bounds.size ?? UIScreen.main.bounds.size
        let side = Self.systemSideMargin(forWidth: min(size.width, size.height))
        return NSDirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
    }

    /// UIKit's side margin for `width` points: 20 from 414 points (the larger phones and iPads),
    /// else 16. A controller's minimum layout margins, bars' items and table rows use it.
    static func systemSideMargin(forWidth width: CGFloat) -> CGFloat { width >= 414 ? 20 : 16 }

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
        if loadedView == nil { loadedView = Self.plainView() }
        viewDidLoad()
    }

    /// Makes `view`: a storyboard's scene's view, else the controller's nib's, else a plain view
    /// as large as the screen. A view from a storyboard or nib is as large as the screen too,
    /// whatever device the file was drawn for: iOS's reference of a controller whose storyboard
    /// was drawn 375 by 667 points is 375 by 812 on a 375 by 812 phone.
    open func loadView() {
        defer { loadedView?.frame = UIScreen.main.bounds }
        if let pending = interfaceBuilderView {
            interfaceBuilderView = nil
            loadedView = InterfaceBuilder.loadView(pending, for: self)
        } else if let nib = InterfaceBuilder.controllerNib(for: self) {
            let objects = nib.instantiate(withOwner: self)
            if loadedView == nil {
                InterfaceBuilder.warn(
                    "\(type(of: self)) loaded \(nib.framegenDescription) but its view outlet was not set (iOS raises): its first view is used"
                )
                loadedView = objects.lazy.compactMap { $0 as? UIView }.first
            }
        }
        if loadedView == nil { loadedView = Self.plainView() }
    }

    /// The view `loadView()` makes without a storyboard or nib: as large as the screen, and
    /// flexible in width and height, as UIKit makes it, so that it follows a superview that
    /// is resized (a child's view added to its parent's without constraints or a frame).
    static func plainView() -> UIView {
        let view = UIView(frame: UIScreen.main.bounds)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        return view
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func didReceiveMemoryWarning() {}

    /// Also the title of its navigation item and tab bar item, as UIKit sets them.
    open var title: String? {
        didSet {
            navigationItem.title = title
            storedTabBarItem?.title = title
        }
    }
    /// The controller's own, made at first use, as UIKit makes it.
    open private(set) lazy var navigationItem = UINavigationItem()

    private var storedTabBarItem: UITabBarItem?
    /// Made at first use with the controller's title, as UIKit makes it.
    open var tabBarItem: UITabBarItem! {
        get {
            if let storedTabBarItem { return storedTabBarItem }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            storedTabBarItem = item
            return item
        }
        set {
            storedTabBarItem = newValue
            (parent as? UITabBarController)?.tabBar.setNeedsLayout()
        }
    }

    /// The items a navigation controller's toolbar shows while this controller is on top.
    open var toolbarItems: [UIBarButtonItem]? {
        didSet { navigationController?.viewIfLoaded?.setNeedsLayout() }
    }

    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
        self.toolbarItems = toolbarItems
    }

    /// Kept: framegen pushes without hiding the tab bar.
    open var hidesBottomBarWhenPushed = false

    /// The nearest navigation controller among the controller and its ancestors' parents.
    open var navigationController: UINavigationController? {
        var next = parent
        while let controller = next {
            if let navigation = controller as? UINavigationController { return navigation }
            next = controller.parent
        }
        return nil
    }

    /// The nearest tab bar controller among its parents.
    open var tabBarController: UITabBarController? {
        var next = parent
        while let controller = next {
            if let tabs = controller as? UITabBarController { return tabs }
            next = controller.parent
        }
        return nil
    }
    open var traitCollection: UITraitCollection {
        if let loadedView { return loadedView.traitCollection }
        let screen = UIView(frame: UIScreen.main.bounds).traitCollection
        return (traitsSetByParent.map { UITraitCollection(traitsFrom: [screen, $0]) } ?? screen)
            .with(style: overrideUserInterfaceStyle)
    }
    /// The traits `childViewController` and its view take over the ones they inherit from this
    /// controller, each one the collection specifies (nil: none), while it is this
    /// controller's child; its view is laid out again, and told of the change there, as on iOS.
    open func setOverrideTraitCollection(
        _ collection: UITraitCollection?, forChild childViewController: UIViewController
    ) {
        childViewController.traitsFromParent = collection.map { (Weak(self), $0) }
        childViewController.loadedView?.setNeedsLayout()
    }

    /// The traits `setOverrideTraitCollection(_:forChild:)` last set for `childViewController`,
    /// while it is this controller's child.
    open func overrideTraitCollection(forChild childViewController: UIViewController) -> UITraitCollection? {
        childViewController.parent === self ? childViewController.traitsSetByParent : nil
    }

    /// What its parent set with `setOverrideTraitCollection(_:forChild:)`, and that parent.
    var traitsFromParent: (parent: Weak<UIViewController>, traits: UITraitCollection)?

    /// `traitsFromParent`'s traits while the one who set them is still its parent.
    var traitsSetByParent: UITraitCollection? {
        guard let (setter, traits) = traitsFromParent, let parent, setter.object === parent else {
            return nil
        }
        return traits
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
    /// The edges where its view reaches under a container's translucent bar (an opaque one too
    /// with `extendedLayoutIncludesOpaqueBars`), its safe area ending at the bar, as on iOS.
    open var edgesForExtendedLayout: UIRectEdge = .all
    open var extendedLayoutIncludesOpaqueBars = false
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero
    /// The strip of the view above its safe area (iOS 7's guide, deprecated in iOS 11): the view
    /// is loaded, as on iOS.
    @available(
        *, deprecated,
        message: "Use view.safeAreaLayoutGuide.topAnchor instead of topLayoutGuide.bottomAnchor"
    )
    open var topLayoutGuide: any UILayoutSupport { layoutSupportGuide(top: true) }
    /// The strip of the view below its safe area.
    @available(
        *, deprecated,
        message: "Use view.safeAreaLayoutGuide.bottomAnchor instead of bottomLayoutGuide.topAnchor"
    )
    open var bottomLayoutGuide: any UILayoutSupport { layoutSupportGuide(top: false) }
    private var layoutSupportGuides: [Bool: LayoutSupportGuide] = [:]
    private func layoutSupportGuide(top: Bool) -> LayoutSupportGuide {
        if let guide = layoutSupportGuides[top], guide.owningView === view { return guide }
        let guide = LayoutSupportGuide(role: top ? .topLayoutSupport : .bottomLayoutSupport, owningView: view)
        layoutSupportGuides[top] = guide
        return guide
    }
    /// Called when a container changes its view's safe area (a bar shown or resized).
    open func viewSafeAreaInsetsDidChange() {}
    open var preferredContentSize: CGSize = .zero

    // MARK: Presentation, recorded (docs/uikit.md "Controls": nothing presented is drawn)

    open private(set) var presentedViewController: UIViewController?
    open private(set) weak var presentingViewController: UIViewController?

    /// How a presentation would show the controller: kept (nothing presented is drawn).
    open var modalPresentationStyle = UIModalPresentationStyle.automatic
    open var modalTransitionStyle = UIModalTransitionStyle.coverVertical
    open var isModalInPresentation = false
    open var definesPresentationContext = false
    open var providesPresentationContextTransitionStyle = false

    private var sheet: UISheetPresentationController?
    private var popover: UIPopoverPresentationController?
    /// The presentation controller of the other styles, made when first asked for.
    private var otherPresentation: UIPresentationController?
    /// The presentation controller presenting this controller, from presentation to dismissal.
    private var activePresentation: UIPresentationController?

    /// Where a presentation's transition objects come from: the presentation controller of the
    /// `custom` style, the animators of the full-screen and custom styles (a sheet and a popover
    /// animate their own way, as on iOS). Weak, as UIKit declares it.
    open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?

    /// The presentation controller that presents this controller (or its nearest presented
    /// parent), as UIKit answers; before a presentation, the one it will use, made on first use
    /// so that its delegate can be set: the sheet for the sheet styles, the popover for
    /// `popover`, a plain one otherwise. A `custom` presentation asks the transitioning delegate
    /// for its own at presentation; the one it gives takes the delegate set before.
    open var presentationController: UIPresentationController? {
        if let activePresentation { return activePresentation }
        if let parent { return parent.presentationController }
        return ownPresentationController
    }

    private var ownPresentationController: UIPresentationController {
        switch modalPresentationStyle {
        case .automatic, .pageSheet, .formSheet:
            if let sheetPresentationController { return sheetPresentationController }
        case .popover: if let popoverPresentationController { return popoverPresentationController }
        default: break
        }
        if let otherPresentation { return otherPresentation }
        let controller = UIPresentationController(presentedViewController: self, presenting: nil)
        otherPresentation = controller
        return controller
    }

    /// The sheet the controller is presented in, for a sheet's styles (a phone's `automatic`
    /// is one), as UIKit answers; its settings are kept.
    open var sheetPresentationController: UISheetPresentationController? {
        guard [.automatic, .pageSheet, .formSheet].contains(modalPresentationStyle) else { return nil }
        if sheet == nil {
            sheet = UISheetPresentationController(presentedViewController: self, presenting: nil)
        }
        return sheet
    }

    /// The popover the controller is presented in, for the popover style; its settings are kept.
    open var popoverPresentationController: UIPopoverPresentationController? {
        guard modalPresentationStyle == .popover else { return nil }
        if popover == nil {
            popover = UIPopoverPresentationController(presentedViewController: self, presenting: nil)
        }
        return popover
    }

    /// Whether the transitioning delegate's animators play this controller's presentation: the
    /// full-screen and custom styles, as on iOS.
    private var usesTransitioningAnimators: Bool {
        [.fullScreen, .overFullScreen, .currentContext, .overCurrentContext, .custom].contains(
            modalPresentationStyle)
    }

    /// Records `viewControllerToPresent` as presented by this controller (or by the one this
    /// controller presents, as UIKit passes a presentation up to the top), then runs the
    /// transition at once, in UIKit's order: the presentation controller's
    /// `presentationTransitionWillBegin()`, the transitioning delegate's animator (or interaction
    /// controller), `presentationTransitionDidEnd(_:)` when the context completes, then
    /// `completion`. A controller already presented elsewhere is refused, as UIKit refuses it.
    /// The container view is not put in the window: nothing presented is drawn.
    open func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) {
        var presenter: UIViewController = self
        while let next = presenter.presentedViewController { presenter = next }
        let presented = viewControllerToPresent
        guard presented.presentingViewController == nil, presented !== presenter else { return }
        presenter.presentedViewController = presented
        presented.presentingViewController = presenter
        presented.transitionFlags.insert(.beingPresented)

        var controller = presented.ownPresentationController
        if presented.modalPresentationStyle == .custom,
            let custom = presented.transitioningDelegate?.presentationController(
                forPresented: presented, presenting: presenter, source: self)
        {
            if custom.delegate == nil { custom.delegate = controller.delegate }
            controller = custom
        }
        controller.presenting = presenter
        controller.retainedPresented = presented
        presented.activePresentation = controller
        let container = PresentationContainerView(
            frame: presenter.viewIfLoaded?.window?.bounds ?? presenter.viewIfLoaded?.bounds
                ?? UIScreen.main.bounds)
        container.presentationController = controller
        controller.transitionContainer = container

        let delegate = presented.usesTransitioningAnimators ? presented.transitioningDelegate : nil
        let animator = delegate?.animationController(
            forPresented: presented, presenting: presenter, source: self)
        let context = PresentationTransitionContext(
            presentationController: controller, presenting: true, from: presenter, to: presented,
            animator: animator, animated: flag, containerView: container
        ) { [weak presenter, weak presented, weak controller] completed in
            presented?.transitionFlags.remove(.beingPresented)
            if completed {
                // The container's first layout, which UIKit runs at the next layout pass.
                container.setNeedsLayout()
                container.layoutIfNeeded()
                completion?()
            } else {
                // A cancelled presentation leaves nothing presented.
                presented?.endPresentation()
                if presenter?.presentedViewController === presented {
                    presenter?.presentedViewController = nil
                }
                controller?.transitionContainer = nil
            }
        }
        presenter.runningTransition = context
        presented.runningTransition = context
        controller.presentationTransitionWillBegin()
        context.start(
            interaction: animator.flatMap { delegate?.interactionControllerForPresentation(using: $0) })
    }

    /// Dismisses what this controller presents, or, when it presents nothing, itself from its
    /// presenter, as UIKit does: the presentation controller's `dismissalTransitionWillBegin()`,
    /// the transitioning delegate's animator for the dismissal (or interaction controller),
    /// `dismissalTransitionDidEnd(_:)` when the context completes, then the presentation's record
    /// goes and `completion` is called. A cancelled (interactive) dismissal leaves the
    /// controller presented and does not call `completion`, as on iOS.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        guard let presenter = presentedViewController == nil ? presentingViewController : self,
            let presented = presenter.presentedViewController
        else {
            completion?()
            return
        }
        guard let controller = presented.activePresentation, let container = controller.transitionContainer
        else {
            presented.endPresentation()
            presenter.presentedViewController = nil
            completion?()
            return
        }
        presented.transitionFlags.insert(.beingDismissed)
        let delegate = presented.usesTransitioningAnimators ? presented.transitioningDelegate : nil
        let animator = delegate?.animationController(forDismissed: presented)
        let context = PresentationTransitionContext(
            presentationController: controller, presenting: false, from: presented, to: presenter,
            animator: animator, animated: flag, containerView: container
        ) { [weak presenter, weak presented, weak controller] completed in
            presented?.transitionFlags.remove(.beingDismissed)
            guard completed else { return }
            presented?.endPresentation()
            if presenter?.presentedViewController === presented { presenter?.presentedViewController = nil }
            controller?.transitionContainer = nil
            completion?()
        }
        presenter.runningTransition = context
        presented.runningTransition = context
        controller.dismissalTransitionWillBegin()
        context.start(
            interaction: animator.flatMap { delegate?.interactionControllerForDismissal(using: $0) })
    }

    /// The presentation's record on the presented side goes: its presenter, and the
    /// presentation controller's hold on it.
    private func endPresentation() {
        presentingViewController = nil
        activePresentation?.retainedPresented = nil
        activePresentation = nil
    }

    // MARK: Showing: a navigation controller pushes, else the window's root presents

    /// Passed up to the controller that contains or presents this one, as UIKit's
    /// `targetViewController(forAction:sender:)` finds the nearest one that shows controllers
    /// its own way (a navigation controller pushes, a container of the app's may override
    /// this); where none does, the window's root controller presents `vc` modally, as Apple
    /// documents the default.
    open func show(_ vc: UIViewController, sender: Any?) {
        if let up = parent ?? presentingViewController {
            up.show(vc, sender: sender)
        } else {
            presentModally(vc)
        }
    }

    /// As `show(_:sender:)`, for a detail: a navigation controller does not push it (a split
    /// view controller would show it, which framegen lacks), so it is presented.
    open func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        if let up = parent ?? presentingViewController {
            up.showDetailViewController(vc, sender: sender)
        } else {
            presentModally(vc)
        }
    }

    private func presentModally(_ vc: UIViewController) {
        (viewIfLoaded?.window?.rootViewController ?? self).present(vc, animated: true)
    }

    // MARK: Containment, as far as a host puts a controller on screen (a snapshot test's window)

    open private(set) var children: [UIViewController] = []
    open private(set) weak var parent: UIViewController?

    open func addChild(_ childController: UIViewController) {
        guard childController.parent !== self else { return }
        childController.removeFromParent()
        children.append(childController)
        childController.parent = self
        childController.transitionFlags.insert(.movingToParent)
        childController.willMove(toParent: self)
    }

    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}

    /// Why the controller appears or disappears, as UIKit answers during the appearance calls
    /// (`viewWillAppear(_:)` to `viewDidDisappear(_:)`): added to a parent (pushed) until it has
    /// appeared; removed from one (popped) while it goes; presented until the presentation
    /// completes; dismissed until the dismissal does. framegen's navigation controller swaps
    /// its top controller without appearance calls, so a popped controller's flag is seen only
    /// by its `removeFromParent()`.
    open var isMovingToParent: Bool { transitionFlags.contains(.movingToParent) }
    open var isMovingFromParent: Bool { transitionFlags.contains(.movingFromParent) }
    open var isBeingPresented: Bool { transitionFlags.contains(.beingPresented) }
    open var isBeingDismissed: Bool { transitionFlags.contains(.beingDismissed) }
    var transitionFlags: TransitionFlags = []

    struct TransitionFlags: OptionSet {
        let rawValue: UInt8
        static let movingToParent = TransitionFlags(rawValue: 1)
        static let movingFromParent = TransitionFlags(rawValue: 2)
        static let beingPresented = TransitionFlags(rawValue: 4)
        static let beingDismissed = TransitionFlags(rawValue: 8)
    }

    private var appearing: Bool?

    /// Whether the appearance calls pass on to the children whose views are in this
    /// controller's view, as UIKit passes them.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// `viewWillAppear(_:)` (or `viewWillDisappear(_:)`) now, the `Did` call at
    /// `endAppearanceTransition()`, as UIKit brackets a controller coming on screen; then the
    /// same for the children on screen in its view.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        appearing = isAppearing
        if isAppearing { viewWillAppear(animated) } else { viewWillDisappear(animated) }
        for child in childrenOnScreen { child.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    open func endAppearanceTransition() {
        guard let isAppearing = appearing else { return }
        appearing = nil
        if isAppearing { viewDidAppear(false) } else { viewDidDisappear(false) }
        if isAppearing { transitionFlags.remove(.movingToParent) }
        for child in childrenOnScreen { child.endAppearanceTransition() }
    }

    private var childrenOnScreen: [UIViewController] {
        guard shouldAutomaticallyForwardAppearanceMethods, let root = loadedView else { return [] }
        return children.filter { child in
            var view = child.viewIfLoaded?.superview
            while let v = view, v !== root { view = v.superview }
            return view != nil
        }
    }

    /// A container's layout of its children's views and its bars, run by its view's
    /// `layoutSubviews()` (`ContainerView`).
    func layOutChildren() {}

    /// The scroll view whose edges a container's bars follow: the view itself, or the first
    /// subview, as UIKit finds it.
    var contentScrollView: UIScrollView? {
        guard let view = viewIfLoaded else { return nil }
        return view as? UIScrollView ?? view.subviews.first as? UIScrollView
    }

    // MARK: Size transitions (UIContentContainer, UIViewControllerTransitionCoordinator.swift)

    /// The coordinator of the transition under way (framegen's only one is a scene's rotation),
    /// or its parent's, as UIKit looks up; nil outside a transition, as on iOS.
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        runningTransition ?? parent?.transitionCoordinator
    }
    var runningTransition: (any UIViewControllerTransitionCoordinator)?

    /// Called before its view's size changes (a scene's rotation), with a coordinator whose
    /// alongside animations run inside the rotation's animation; UIKit's default passes the
    /// change on to the children, each at `size(forChildContentContainer:withParentContainerSize:)`,
    /// so an override calls `super`.
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)
    {
        for child in children {
            child.viewWillTransition(
                to: self.size(forChildContentContainer: child, withParentContainerSize: size),
                with: coordinator)
        }
    }

    /// Passed on to the children, as UIKit's default does; framegen calls it nowhere (a scene's
    /// traits do not change while it runs).
    open func willTransition(
        to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator
    ) {
        for child in children { child.willTransition(to: newCollection, with: coordinator) }
    }

    open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {}
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// The parent's size, as UIKit's default answers.
    open func size(
        forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize
    ) -> CGSize {
        parentSize
    }
}

extension UIScrollView {
    /// Scrolled no further than its adjusted top inset (half a point's leeway).
    var restsAtTopEdge: Bool { contentOffset.y <= -adjustedContentInset.top + 0.5 }

    /// Scrolled to the end of its content and adjusted bottom inset (half a point's leeway).
    var restsAtBottomEdge: Bool {
        contentOffset.y + bounds.height >= contentSize.height + adjustedContentInset.bottom - 0.5
    }
}

/// A container controller's view: its layout pass lays out the children and bars first.
final class ContainerView: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        owningController?.layOutChildren()
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

extension UIViewController {
    /// Makes `child`'s view this container's content, below its bars: a child controller, its
    /// view the container view's first subview.
    func install(_ child: UIViewController) {
        addChild(child)
        let view = self.view!
        if child.view.superview !== view { view.insertSubview(child.view, at: 0) }
        child.view.holdFrameForContainer()
        child.didMove(toParent: self)
    }

    /// Takes `child`'s view out of this container's (a controller popped or deselected).
    func uninstall(_ child: UIViewController) {
        guard let view = child.viewIfLoaded, view.superview === viewIfLoaded else { return }
        view.removeFromSuperview()
        view.hostedSafeArea = nil
    }

    /// Gives `child`'s view `frame` and the safe area of its part of `unobscured`, the
    /// container's rectangle that neither the window's insets nor its bars cover (plus the
    /// child's `additionalSafeAreaInsets`), as UIKit computes a contained view's safe area.
    func lay(_ child: UIViewController, at frame: CGRect, unobscured: CGRect) {
        guard let view = child.viewIfLoaded else { return }
        view.frame = frame
        let extra = child.additionalSafeAreaInsets
        let insets = UIEdgeInsets(
            top: max(0, unobscured.minY - frame.minY) + extra.top,
            left: max(0, unobscured.minX - frame.minX) + extra.left,
            bottom: max(0, frame.maxY - unobscured.maxY) + extra.bottom,
            right: max(0, frame.maxX - unobscured.maxX) + extra.right)
        guard view.hostedSafeArea != insets else { return }
        view.hostedSafeArea = insets
        view.setNeedsLayout()
        child.viewSafeAreaInsetsDidChange()
    }
}

/// The title and bar items a controller shows in a navigation bar, drawn by the bar of the
/// navigation controller it is in (`UINavigationBar`).
open class UINavigationItem: NSObject {
    open var title: String? {
        didSet { changed() }
    }
    /// Kept, not drawn: framegen draws no prompt row above the bar.
    open var prompt: String?
    /// A view drawn in the title's place, at its own size (its frame's, else its intrinsic size)
    /// up to the bar's height.
    open var titleView: UIView? {
        didSet { changed() }
    }
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic {
        didSet { changed() }
    }
    open var hidesBackButton = false {
        didSet { changed() }
    }
    /// The title the back button shows while this item lies below the top one.
    open var backButtonTitle: String? {
        didSet { changed() }
    }
    /// Its title is the back button's while this item lies below the top one.
    open var backBarButtonItem: UIBarButtonItem? {
        didSet { changed() }
    }
    open var backButtonDisplayMode: BackButtonDisplayMode = .default {
        didSet { changed() }
    }
    open var leftItemsSupplementBackButton = false {
        didSet { changed() }
    }
    /// Left to right.
    open var leftBarButtonItems: [UIBarButtonItem]? {
        didSet { changed() }
    }
    /// Right to left: the first is the rightmost, as UIKit lays them out.
    open var rightBarButtonItems: [UIBarButtonItem]? {
        didSet { changed() }
    }
    /// Kept, not drawn: framegen draws no search field under the bar.
    open var searchController: UISearchController?
    open var hidesSearchBarWhenScrolling = true
    /// Over the bar's own, while this item is on top; copied when set, as UIKit copies them.
    open var standardAppearance: UINavigationBarAppearance? {
        didSet {
            standardAppearance = standardAppearance?.copy()
            changed()
        }
    }
    open var compactAppearance: UINavigationBarAppearance? {
        didSet { compactAppearance = compactAppearance?.copy() }
    }
    open var scrollEdgeAppearance: UINavigationBarAppearance? {
        didSet {
            scrollEdgeAppearance = scrollEdgeAppearance?.copy()
            changed()
        }
    }
    open var compactScrollEdgeAppearance: UINavigationBarAppearance? {
        didSet { compactScrollEdgeAppearance = compactScrollEdgeAppearance?.copy() }
    }

    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    public init(title: String) {
        self.title = title
        super.init()
    }

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init() }

    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) {
        self.hidesBackButton = hidesBackButton
    }
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        leftBarButtonItems = items
    }
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        rightBarButtonItems = items
    }

    /// The raw values are UIKit's.
    public enum LargeTitleDisplayMode: Int, Sendable {
        case automatic = 0
        case always = 1
        case never = 2
        case inline = 3
    }

    /// The raw values are UIKit's.
    public enum BackButtonDisplayMode: Int, Sendable {
        case `default` = 0
        case generic = 1
        case minimal = 2
    }

    /// The bar showing the item, laid out again when the item changes.
    weak var bar: UINavigationBar?

    private func changed() { bar?.barChanged() }

    /// What the back button above this item says: its back item's title, else its back button
    /// title, else its title, else "Back" (a generic display mode always says "Back").
    var backTitle: String {
        if backButtonDisplayMode == .generic { return "Back" }
        return backBarButtonItem?.title ?? backButtonTitle ?? title ?? "Back"
    }
}

/// Told when a navigation controller shows a controller (kept: framegen animates no
/// transitions).
public protocol UINavigationControllerDelegate: AnyObject {
    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController,
        animated: Bool)
    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController,
        animated: Bool)
}

extension UINavigationControllerDelegate {
    public func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController,
        animated: Bool
    ) {}
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController,
        animated: Bool
    ) {}
}

/// A stack of controllers, the top one's view shown below the navigation bar (docs/uikit.md
/// "Navigation and tab bars"): the view fills the controller's, under the bar while the bar is
/// translucent (below it when opaque, unless the child extends its layout under opaque bars),
/// its safe area's top at the bar's bottom; the toolbar, when shown, at the bottom the same way.
/// Pushes and pops happen at once, without animation.
open class UINavigationController: UIViewController {
    /// Its bar's height changes lay this controller out again.
    public let navigationBar = UINavigationBar()
    /// Hidden unless `isToolbarHidden` is false; shows the top controller's `toolbarItems`.
    open private(set) var toolbar: UIToolbar! = {
        let toolbar = UIToolbar()
        toolbar.isHidden = true
        return toolbar
    }()
    open weak var delegate: UINavigationControllerDelegate?
    open var hidesBarsOnSwipe = false
    open var hidesBarsOnTap = false
    open var hidesBarsWhenKeyboardAppears = false
    open var hidesBarsWhenVerticallyCompact = false

    private var stack: [UIViewController] = []
    private weak var shown: UIViewController?

    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        navigationBar.owningNavigationController = self
    }

    /// framegen's bars are its own classes; the classes are accepted for code that names them.
    public convenience init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) {
        self.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        navigationBar.owningNavigationController = self
        InterfaceBuilder.decode(self, coder: coder, at: UINavigationController.self)
    }

    open override func loadView() {
        view = ContainerView(frame: UIScreen.main.bounds)
        view.addSubview(navigationBar)
        view.addSubview(toolbar)
        showTop()
    }

    // MARK: The stack

    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }
    open var topViewController: UIViewController? { stack.last }
    /// The top controller, or what it presents.
    open var visibleViewController: UIViewController? {
        topViewController?.presentedViewController ?? topViewController
    }

    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        for old in stack where !viewControllers.contains(where: { $0 === old }) {
            old.transitionFlags.insert(.movingFromParent)
            uninstall(old)
            old.removeFromParent()
            old.transitionFlags.remove(.movingFromParent)
        }
        stack = viewControllers
        for controller in stack { addChild(controller) }
        navigationBar.owningNavigationController = self
        navigationBar.setItems(stack.map(\.navigationItem), animated: false)
        showTop()
    }

    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        setViewControllers(stack + [viewController], animated: animated)
    }

    /// Pushes, as UIKit's navigation controller shows a controller.
    open override func show(_ vc: UIViewController, sender: Any?) {
        pushViewController(vc, animated: true)
    }

    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1, let top = stack.last else { return nil }
        setViewControllers(Array(stack.dropLast()), animated: animated)
        return top
    }

    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard stack.count > 1 else { return [] }
        let popped = Array(stack.dropFirst())
        setViewControllers([stack[0]], animated: animated)
        return popped
    }

    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = stack.firstIndex(where: { $0 === viewController }) else { return nil }
        let popped = Array(stack[(index + 1)...])
        setViewControllers(Array(stack[...index]), animated: animated)
        return popped
    }

    // MARK: Bars

    open var isNavigationBarHidden: Bool {
        get { navigationBar.isHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }

    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        navigationBar.isHidden = hidden
        viewIfLoaded?.setNeedsLayout()
    }

    /// True by default, as UIKit's.
    open var isToolbarHidden: Bool {
        get { toolbar.isHidden }
        set { setToolbarHidden(newValue, animated: false) }
    }

    open func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        toolbar.isHidden = hidden
        viewIfLoaded?.setNeedsLayout()
    }

    /// Shows the top controller's view in place of the one shown, once the view is loaded.
    private func showTop() {
        guard isViewLoaded, shown !== topViewController else { return }
        if let shown { uninstall(shown) }
        shown = topViewController
        if let top = topViewController {
            delegate?.navigationController(self, willShow: top, animated: false)
            install(top)
            delegate?.navigationController(self, didShow: top, animated: false)
        }
        view.setNeedsLayout()
    }

    /// The bar below the window's top inset, 44 points (96 with a large title); the toolbar
    /// above the bottom inset, 44 points; the top controller's view over the whole view, or
    /// between the opaque bars it does not extend under.
    override func layOutChildren() {
        let bounds = view.bounds
        let safe = view.safeAreaInsets
        navigationBar.frame = CGRect(
            x: 0, y: safe.top, width: bounds.width, height: navigationBar.barHeight)
        navigationBar.backgroundExtension = safe.top
        toolbar.items = topViewController?.toolbarItems
        toolbar.frame = CGRect(
            x: 0, y: bounds.height - safe.bottom - UIToolbar.height, width: bounds.width,
            height: UIToolbar.height)
        toolbar.backgroundExtension = safe.bottom
        guard let top = topViewController else { return }
        let showsBar = !navigationBar.isHidden
        let showsToolbar = !toolbar.isHidden
        var unobscured = bounds.inset(by: safe)
        var frame = bounds
        let underOpaque = top.extendedLayoutIncludesOpaqueBars
        if showsBar {
            unobscured.origin.y = navigationBar.frame.maxY
            unobscured.size.height = max(0, bounds.height - safe.bottom - unobscured.minY)
            let under =
                (navigationBar.isTranslucent || underOpaque) && top.edgesForExtendedLayout.contains(.top)
            if !under { frame.origin.y = navigationBar.frame.maxY }
        }
        if showsToolbar {
            unobscured.size.height = max(0, toolbar.frame.minY - unobscured.minY)
            let under = (toolbar.isTranslucent || underOpaque) && top.edgesForExtendedLayout.contains(.bottom)
            frame.size.height = (under ? bounds.maxY : toolbar.frame.minY) - frame.minY
        } else {
            frame.size.height = bounds.maxY - frame.minY
        }
        lay(top, at: frame, unobscured: unobscured)
    }

    /// Whether the top controller's content rests at its top edge, where the bar takes its
    /// scroll edge appearance: a scroll view scrolled no further than its adjusted top inset, or
    /// content that does not scroll.
    var contentIsAtTopEdge: Bool { topViewController?.contentScrollView?.restsAtTopEdge ?? true }

    /// Whether the top controller's content rests at its bottom edge, where the toolbar takes
    /// its scroll edge appearance.
    var contentIsAtBottomEdge: Bool { topViewController?.contentScrollView?.restsAtBottomEdge ?? true }
}
