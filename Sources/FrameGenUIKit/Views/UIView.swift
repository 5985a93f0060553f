import Foundation
import FrameGenCoreGraphics
import FrameGenLayout
import FrameGenQuartzCore

/// The base of UIKit's event-handling objects: the chain, first responders and touches.
/// framegen delivers a scene's tap to the view under the finger through `touchesBegan` and
/// `touchesEnded` (or `touchesCancelled`) besides its gesture recognisers and controls
/// (docs/uikit.md "Gesture recognisers").
open class UIResponder: NSObject {
    // What a responder does not handle goes to the next, as UIKit's defaults pass it: a view
    // that overrides none of these passes its touches to its superview.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }
    open func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {}

    /// Key-value coding's setter, through which a storyboard or nib connects its outlets and
    /// sets its runtime attributes (docs/uikit.md, "Storyboards and nibs"). Foundation on Linux
    /// has no key-value coding, so the port gives each class of an app that declares
    /// `@IBOutlet` or `@IBInspectable` properties an override that sets them by name and passes
    /// other keys to `super`. A key that reaches here is warned about once, where iOS raises
    /// NSUnknownKeyException ("not key value coding-compliant for the key").
    open func setValue(_ value: Any?, forKey key: String) {
        InterfaceBuilder.warnUnknownKey(key, of: self)
    }

    /// The action method Objective-C names `name` ("tapped:"), as a Selector that calls it, for
    /// a nib's action connections; nil when the responder has none. The port overrides it in
    /// each class of an app that declares `@IBAction` methods.
    open func interfaceBuilderAction(named name: String) -> Selector? { nil }

    /// Called on each object a nib or storyboard made, once all of them are made and connected.
    open func awakeFromNib() {}

    /// The superview for a view; nil otherwise.
    open var next: UIResponder? { nil }

    /// framegen shows no keyboard: becoming first responder marks the responder (a text field
    /// then edits) and nothing more.
    open var canBecomeFirstResponder: Bool { false }
    open var canResignFirstResponder: Bool { true }
    /// What the keyboard's place would show while the responder is first (a picker for a field
    /// of choices), and the bar above it: nil unless a subclass gives one, as on iOS. framegen
    /// shows no keyboard, so neither is drawn.
    open var inputView: UIView? { nil }
    open var inputAccessoryView: UIView? { nil }
    open private(set) var isFirstResponder = false

    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        isFirstResponder = true
        return true
    }

    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard isFirstResponder, canResignFirstResponder else { return false }
        isFirstResponder = false
        return true
    }
}

/// A rectangle of content in a tree of views, backed by a CALayer.
///
/// The view's geometry and the layer's are one state, as on iOS: `frame`, `bounds`, `center`
/// (the layer's position), `transform` (the layer's transform, 2D), `alpha` (opacity), `isHidden`,
/// `clipsToBounds` (masksToBounds) and `backgroundColor` read and write the layer, so a change
/// through either is seen through both. Subviews' layers are the view layer's sublayers, in the
/// same order. Not Sendable and not main-actor bound: framegen drives views from one thread at a
/// time.
open class UIView: UIResponder, CALayerDelegate {
    /// The class of the backing layer: CALayer, CAGradientLayer or CAShapeLayer
    /// (`CALayer.backingLayer(of:for:)` says why no other).
    open class var layerClass: AnyClass { CALayer.self }

    private var backingLayer: CALayer!
    private var storedSubviews: [UIView] = []
    /// `observe(_:options:changeHandler:)`'s observations of the view, told when its geometry is
    /// set (KeyValueObserving.swift).
    var keyValueObservations: [Weak<NSKeyValueObservation>] = []
    private weak var storedSuperview: UIView?
    private var storedBackgroundColor: UIColor?
    private var storedTintColor: UIColor?
    private var drawingDue = true
    private var drawn: LayerSnapshot.Drawing?
    /// Set on a window that hosts a controller for a device (a snapshot test's `ViewImageConfig`):
    /// the traits it and its subviews have over the screen's (`traitCollection`) and its safe
    /// area, which its subviews inherit where they overlap it (`safeAreaInsets`).
    package var hostedTraits: UITraitCollection?
    package var hostedSafeArea: UIEdgeInsets?
    /// The traits the view last had where framegen looked (its layout and its drawing), which
    /// a change is told against (UIView+Traits.swift).
    var observedTraits: UITraitCollection?
    /// The colour `backgroundColor` last wrote into the layer (a dynamic colour resolved), so
    /// that the getter knows the layer still shows it.
    private var backgroundWritten: CGColor?
    /// `registerForTraitChanges` handlers, in registration order.
    var traitRegistrations: [TraitChangeRegistration] = []
    /// The controller whose view this is: its `overrideUserInterfaceStyle` and its
    /// `traitCollectionDidChange(_:)` go with the view's traits.
    package weak var owningController: UIViewController? {
        // The view is new to the controller (just loaded): its traits start with the
        // controller's override rather than change to it.
        didSet { observedTraits = traitCollection }
    }

    public init(frame: CGRect) {
        super.init()
        setUpLayer(frame: frame)
    }

    private func setUpLayer(frame: CGRect) {
        backingLayer = CALayer.backingLayer(of: Self.layerClass, for: Self.self)
        backingLayer.delegate = self
        self.frame = frame
        observedTraits = traitCollection
    }

    /// A view of frame zero, as `UIView()` is on iOS.
    public override convenience init() { self.init(frame: .zero) }

    /// A view of a storyboard or nib, which reads its element (its frame, colours, subviews)
    /// before a subclass's initialiser goes on, as on iOS (docs/uikit.md, "Storyboards and
    /// nibs"); from another coder, a view of frame zero.
    public required init?(coder: NSCoder) {
        super.init()
        setUpLayer(frame: .zero)
        InterfaceBuilder.decode(self, coder: coder, at: UIView.self)
    }

    /// The backing layer; its delegate is the view.
    open var layer: CALayer { backingLayer }

    /// The controller whose view this is, else the superview, as UIKit chains responders.
    open override var next: UIResponder? { owningController ?? superview }

    /// Its layer is this view's layer's `mask`: its alpha clips this view and its subviews.
    open var mask: UIView? {
        didSet { layer.mask = mask?.layer }
    }

    // MARK: Geometry (the layer's)

    /// The layer's frame: when `transform` is not the identity, the bounding box of the
    /// transformed view (Apple calls the value undefined then; framegen's setter is CALayer's).
    open var frame: CGRect {
        get { layer.frame }
        set { resizing { layer.frame = newValue } }
    }

    /// Setting it keeps `center`, as on iOS.
    open var bounds: CGRect {
        get { layer.bounds }
        set { resizing { layer.bounds = newValue } }
    }

    /// The layer's position: with the default anchor point, the centre of the frame.
    open var center: CGPoint {
        get { layer.position }
        set {
            layer.position = newValue
            geometryDidChange()
        }
    }

    /// The layer's transform, 2D, about the centre; setting it keeps `center` and `bounds`.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set {
            layer.setAffineTransform(newValue)
            geometryDidChange()
        }
    }

    /// The layer's transform.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    // MARK: Appearance

    /// The layer's opacity, a Float: 0.3 reads back as 0.30000001192092896, as on iOS.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    /// A stack view gives a hidden arranged view no room (UIStackView.swift).
    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            let changed = newValue != layer.isHidden
            layer.isHidden = newValue
            if changed { (superview as? UIStackView)?.arrangedSubviewChanged(self) }
        }
    }

    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// Sets the layer's backgroundColor, a dynamic colour resolved with the view's traits (and
    /// again when they change, UIView+Traits.swift); reads it back as the UIColor that was set,
    /// or as a new UIColor when the layer's colour was changed directly.
    open var backgroundColor: UIColor? {
        get {
            guard let color = layer.backgroundColor else { return nil }
            if let stored = storedBackgroundColor, backgroundWritten == color { return stored }
            return UIColor(cgColor: color)
        }
        set {
            storedBackgroundColor = newValue
            backgroundWritten = newValue.map {
                $0.isDynamic ? $0.resolvedColor(with: traitCollection).cgColor : $0.cgColor
            }
            layer.backgroundColor = backgroundWritten
            appearance(\UIView.backgroundColor, newValue, tracked: true)
        }
    }

    /// A dynamic background colour resolved again with `traits`, when the layer still shows
    /// what the view wrote.
    func resolveBackgroundColor(with traits: UITraitCollection) {
        guard let stored = storedBackgroundColor, stored.isDynamic, layer.backgroundColor == backgroundWritten
        else { return }
        backgroundWritten = stored.resolvedColor(with: traits).cgColor
        layer.backgroundColor = backgroundWritten
    }

    /// The view's own appearance over the one it inherits; it and its subviews take it (and
    /// those of a controller's view with the controller's), as on iOS.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet { if overrideUserInterfaceStyle != oldValue { setNeedsLayout() } }
    }

    /// UIKit calls it when the view's traits changed, with the traits it had before, right
    /// before the view's next layout (and framegen before it next draws the view), with
    /// `UITraitCollection.current` the new traits. Deprecated in iOS 17 for
    /// `registerForTraitChanges`, and called still, as there.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The own tint, else the superview's, else system blue; `tintColorDidChange()` follows a set.
    open var tintColor: UIColor! {
        get { storedTintColor ?? superview?.tintColor ?? UIColor.tintColor }
        set {
            storedTintColor = newValue
            tintColorDidChange()
            appearance(\UIView.tintColor, newValue, tracked: false)
        }
    }

    open func tintColorDidChange() {}

    /// How content (an image view's image) fills the bounds. Kept on the view, not mapped to the
    /// layer's contentsGravity (whose top and bottom are swapped on iOS).
    open var contentMode: ContentMode = .scaleToFill

    /// The screen's scale (its window's screen, else `UIScreen.main`), as UIKit's default for a
    /// view on screen; set, it is the view's own and its layer's `contentsScale`, which places
    /// a CGImage the app puts in `layer.contents`.
    open var contentScaleFactor: CGFloat {
        get { ownContentScale ?? (window?.screen ?? .main).scale }
        set {
            ownContentScale = newValue
            layer.contentsScale = newValue
        }
    }
    private var ownContentScale: CGFloat?

    /// UIKit's form, `<UIView: 0x…; frame = (0 0; 375 812); autoresize = W+H; layer = <CALayer:
    /// 0x…>>`, which a view hierarchy's recursive description (a `.recursiveDescription` snapshot)
    /// is made of (UIView+Description.swift).
    open override var description: String { uikitDescription }

    /// In the class's body so that an app's view can override them, as on iOS (UIView+AutoLayout.swift).
    open func setNeedsUpdateConstraints() { markNeedsUpdateConstraints() }

    open func updateConstraintsIfNeeded() { updatePendingConstraints() }

    open var isOpaque = true
    open var tag = 0
    open var isUserInteractionEnabled = true
    /// The gesture recognisers attached (`addGestureRecognizer(_:)`), in the order added.
    var attachedGestureRecognizers: [UIGestureRecognizer] = []
    open var isMultipleTouchEnabled = false
    /// Kept: framegen lays out left to right whatever it says, as an iPhone set to a
    /// left-to-right language does (`effectiveUserInterfaceLayoutDirection`).
    open var semanticContentAttribute = UISemanticContentAttribute.unspecified
    open var autoresizingMask: AutoresizingMask = []
    open var autoresizesSubviews = true
    /// A change lays out again the views constrained to the margins (docs/uikit.md "Auto Layout").
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet { if layoutMargins != oldValue { autoLayoutChanged(structure: false) } }
    }

    /// The margins guide is measured from the safe area's edges rather than the bounds'.
    open var insetsLayoutMarginsFromSafeArea = true {
        didSet { if insetsLayoutMarginsFromSafeArea != oldValue { autoLayoutChanged(structure: false) } }
    }

    /// `layoutMargins` read and written by leading and trailing (left to right).
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            NSDirectionalEdgeInsets(
                top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom,
                trailing: layoutMargins.right)
        }
        set {
            layoutMargins = UIEdgeInsets(
                top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing)
        }
    }

    // Accessibility is not rendered; these are kept so that cell code setting them compiles.
    open var isAccessibilityElement = false
    open var accessibilityLabel: String?
    open var accessibilityHint: String?
    open var accessibilityValue: String?
    open var accessibilityIdentifier: String?
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]?
    /// What the element is to an assistive technology; UIKit's own views set theirs (a label is
    /// static text, a button a button, an image view an image).
    open var accessibilityTraits: UIAccessibilityTraits = .none
    open var accessibilityFrame = CGRect.zero
    open var accessibilityLanguage: String?
    open var accessibilityElementsHidden = false
    open var accessibilityViewIsModal = false
    open var shouldGroupAccessibilityChildren = false
    open var accessibilityUserInputLabels: [String]!
    open var accessibilityAttributedLabel: NSAttributedString?
    /// The container's elements; nil by default, as on iOS, where a view with none is a
    /// container of no elements unless it is one itself.
    open var accessibilityElements: [Any]?

    // Members of a class, not an extension (where iOS declares them, on NSObject), so that a
    // cell's overrides compile without the Objective-C runtime.
    open func accessibilityElementCount() -> Int { accessibilityElements?.count ?? 0 }

    open func accessibilityElement(at index: Int) -> Any? {
        guard let accessibilityElements, accessibilityElements.indices.contains(index) else { return nil }
        return accessibilityElements[index]
    }

    /// `NSNotFound` for an element the container does not hold.
    open func index(ofAccessibilityElement element: Any) -> Int {
        accessibilityElements?.firstIndex { ($0 as AnyObject) === (element as AnyObject) } ?? NSNotFound
    }

    // MARK: Hierarchy

    /// Back to front.
    open var subviews: [UIView] { storedSubviews }

    open var superview: UIView? { storedSuperview }

    /// Adds `view` in front of the other subviews, taking it from its old superview; adding a
    /// subview again brings it to the front, as on iOS.
    open func addSubview(_ view: UIView) { insert(view, at: storedSubviews.count) }

    /// At `index` among the subviews (clamped to their count, as iOS does).
    open func insertSubview(_ view: UIView, at index: Int) { insert(view, at: index) }

    /// Just above `siblingSubview`; at the front when that is not a subview (framegen's choice).
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        insert(view, nextTo: siblingSubview, offset: 1)
    }

    /// Just below `siblingSubview`; at the front when that is not a subview (framegen's choice).
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        insert(view, nextTo: siblingSubview, offset: 0)
    }

    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        move(view, to: storedSubviews.count - 1)
    }

    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        move(view, to: 0)
    }

    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard index1 != index2 else { return }
        let first = storedSubviews[index1]
        let second = storedSubviews[index2]
        move(first, to: index2)
        move(second, to: index1)
    }

    open func removeFromSuperview() {
        guard let parent = storedSuperview else { return }
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        parent.storedSubviews.removeAll { $0 === self }
        layer.removeFromSuperlayer()
        storedSuperview = nil
        didMoveToSuperview()
    }

    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The first view with `tag`, depth first, the receiver included.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for view in storedSubviews {
            if let found = view.viewWithTag(tag) { return found }
        }
        return nil
    }

    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}
    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    /// Called before `didMoveToWindow()`, with the window (docs/uikit.md "Your own collection
    /// view").
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// framegen keeps no window: it calls this once on a collection view it makes, as the view
    /// comes on screen (docs/uikit.md "Your own collection view").
    open func didMoveToWindow() {}

    /// Set on the top view of a tree framegen shows (the collection view's superview): the tree
    /// enters a window, and takes the appearance proxies' values (UIAppearance.swift).
    package var isOnScreen = false {
        didSet { if isOnScreen && !oldValue { takeAppearance() } }
    }

    /// What appearance proxies need of the view, made when first needed (UIAppearance.swift).
    package var appearanceState: ViewAppearance?

    /// The window of a view in the tree framegen shows (a collection view it made, its cells
    /// and their subviews): a window as large as `UIScreen.main`, made for each call, as
    /// `UIApplication.shared.keyWindow`; nil for a view elsewhere, as on iOS for a view not in a
    /// window.
    open var window: UIWindow? {
        var view: UIView = self
        while true {
            if let window = view as? UIWindow { return window }
            guard let up = view.superview else { break }
            view = up
        }
        return view.isOnScreen ? UIApplication.shared.keyWindow : nil
    }

    /// Takes `view` from wherever it is and puts it at `index` among the subviews, with its layer
    /// just below the layer of the subview it now precedes (on top when it is the front one).
    private func insert(_ view: UIView, at index: Int) {
        precondition(!isDescendant(of: view), "a view cannot be its own subview")
        if view.superview === self {
            move(view, to: Swift.min(index, storedSubviews.count - 1))
            return
        }
        // Only while some appearance proxy has values: the walks to the window cost.
        let proxies = !AppearanceRules.shared.isEmpty
        let wasInWindow = proxies && view.window != nil
        view.superview?.willRemoveSubview(view)
        view.willMove(toSuperview: self)
        view.superview?.storedSubviews.removeAll { $0 === view }
        let position = Swift.max(0, Swift.min(index, storedSubviews.count))
        storedSubviews.insert(view, at: position)
        view.storedSuperview = self
        placeLayer(of: view, at: position)
        view.setNeedsLayout()
        if proxies && !wasInWindow && window != nil { view.takeAppearance() }
        view.didMoveToSuperview()
        didAddSubview(view)
    }

    /// Reorders an existing subview, without the move callbacks (iOS sends none for a reorder).
    /// `index` counts the subviews without `view`.
    private func move(_ view: UIView, to index: Int) {
        storedSubviews.removeAll { $0 === view }
        let position = Swift.max(0, Swift.min(index, storedSubviews.count))
        storedSubviews.insert(view, at: position)
        placeLayer(of: view, at: position)
    }

    private func insert(_ view: UIView, nextTo sibling: UIView, offset: Int) {
        guard sibling !== view, sibling.superview === self else { return addSubview(view) }
        let index = { self.storedSubviews.firstIndex { $0 === sibling }! + offset }
        if view.superview === self {
            storedSubviews.removeAll { $0 === view }
            move(view, to: index())
        } else {
            insert(view, at: index())
        }
    }

    private func placeLayer(of view: UIView, at position: Int) {
        if position + 1 < storedSubviews.count {
            layer.insertSublayer(view.layer, below: storedSubviews[position + 1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
    }

    // MARK: Layout

    /// Marks the view (its layer) as needing layout.
    open func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays out, now, whatever in the tree needs it: layoutSubviews() of each such view, parents
    /// before children (the layer's layoutIfNeeded()).
    open func layoutIfNeeded() { layer.layoutIfNeeded() }

    /// Places the subviews that constraints place (docs/uikit.md "Auto Layout"): a subclass
    /// calls `super.layoutSubviews()` first, then reads their frames.
    open func layoutSubviews() { layoutSubviewsByConstraints() }

    /// The layer asks its view: layoutSubviews(), between the `viewWillLayoutSubviews()` and
    /// `viewDidLayoutSubviews()` of the controller whose view this is, at every pass, as UIKit
    /// calls them (a child's in a navigation controller too, not only a window's root's).
    /// The view's traits are brought up to date first, and are `UITraitCollection.current`
    /// while it lays out, as in iOS 17.
    open func layoutSublayers(of layer: CALayer) {
        guard layer === self.layer else { return }
        traitCollection(updated: true).asCurrent {
            let controller = owningController
            controller?.viewWillLayoutSubviews()
            layoutSubviews()
            controller?.viewDidLayoutSubviews()
        }
    }

    /// The current size, as Apple documents for UIView.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    open func sizeToFit() { bounds.size = sizeThatFits(bounds.size) }

    /// No intrinsic size in either direction.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The views this one's intrinsic size places lay out again at the next pass.
    open func invalidateIntrinsicContentSize() { autoLayoutChanged(structure: false) }

    // MARK: Auto Layout (the engine and the rest of the API are in AutoLayout/)

    var autoLayout = AutoLayoutState()

    /// True by default: the view's frame, set by code, is where it is, and constraints may
    /// refer to it. False: constraints place it, at its superview's layout pass.
    open var translatesAutoresizingMaskIntoConstraints: Bool {
        get { autoLayout.translatesAutoresizingMask }
        set {
            guard newValue != autoLayout.translatesAutoresizingMask else { return }
            autoLayout.translatesAutoresizingMask = newValue
            if newValue == false { autoLayout.engine = nil }
            autoLayoutChanged(structure: true)
            superview?.autoLayoutChanged(structure: true)
        }
    }

    /// Whether constraints place the view at its superview's layout pass: it is taken out of
    /// autoresizing, and it is not a view controller's view that its window or one of UIKit's
    /// containers gives its frame. UIKit holds that frame with required constraints of its own
    /// (`UIView-Encapsulated-Layout-Width`, `-Height`, `-Left`, `-Top`): the root view of
    /// thumbprint-ios's snapshot windows, taken out of autoresizing and constrained by nothing,
    /// keeps the window's width in its iOS references, and UIKit finds no ambiguity below it.
    var placedByConstraints: Bool {
        !translatesAutoresizingMaskIntoConstraints
            && (autoLayout.framedBy == nil || autoLayout.framedBy !== superview)
    }

    /// The superview, a window or a container controller's view, has given this view
    /// controller's view its frame and holds it there (`placedByConstraints`).
    func holdFrameForContainer() {
        guard let superview, autoLayout.framedBy !== superview else { return }
        autoLayout.framedBy = superview
        autoLayoutChanged(structure: true)
        superview.autoLayoutChanged(structure: true)
    }

    /// The constraints installed on this view (`activate(_:)` installs each on the closest
    /// common ancestor of its items).
    open var constraints: [NSLayoutConstraint] { autoLayout.installed }

    open func addConstraint(_ constraint: NSLayoutConstraint) {
        if let holder = constraint.holder {
            guard holder !== self else { return }
            holder.removeConstraint(constraint)
        }
        constraint.holder = self
        autoLayout.installed.append(constraint)
        constraint.changed(structure: true)
    }

    open func addConstraints(_ constraints: [NSLayoutConstraint]) { constraints.forEach(addConstraint) }

    open func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.holder === self else { return }
        autoLayout.installed.removeAll { $0 === constraint }
        constraint.holder = nil
        constraint.changed(structure: true)
    }

    open func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        constraints.forEach(removeConstraint)
    }

    /// The insets from the frame to the rectangle Auto Layout aligns (a view that draws a
    /// shadow or a badge around its content), zero by default, as UIKit's.
    open var alignmentRectInsets: UIEdgeInsets { .zero }

    /// The frame's alignment rectangle: inset by `alignmentRectInsets`.
    open func alignmentRect(forFrame frame: CGRect) -> CGRect { frame.inset(by: alignmentRectInsets) }

    /// The frame whose alignment rectangle is `alignmentRect`: outset by `alignmentRectInsets`.
    open func frame(forAlignmentRect alignmentRect: CGRect) -> CGRect {
        let i = alignmentRectInsets
        return CGRect(
            x: alignmentRect.minX - i.left, y: alignmentRect.minY - i.top,
            width: alignmentRect.width + i.left + i.right, height: alignmentRect.height + i.top + i.bottom)
    }

    /// The view whose first baseline is this view's for Auto Layout: itself, unless a subclass
    /// names a subview (a control its title label), as UIKit lets it.
    open var forFirstBaselineLayout: UIView { self }
    /// The view whose last baseline is this view's for Auto Layout.
    open var forLastBaselineLayout: UIView { self }

    // The large content viewer (`UILargeContentViewerItem`, iOS 13): what a long press shows
    // enlarged at the largest text sizes. framegen never shows it (no touch is held over a bar
    // at those sizes); an app's settings are kept, and its overrides compile.
    open var showsLargeContentViewer = false
    open var largeContentTitle: String?
    open var largeContentImage: UIImage?
    open var scalesLargeContentImage = false
    open var largeContentImageInsets = UIEdgeInsets.zero

    open var firstBaselineAnchor: NSLayoutYAxisAnchor {
        anchor(key: NSLayoutConstraint.Attribute.firstBaseline.rawValue) {
            NSLayoutYAxisAnchor($0, .firstBaseline)
        }
    }

    open var lastBaselineAnchor: NSLayoutYAxisAnchor {
        anchor(key: NSLayoutConstraint.Attribute.lastBaseline.rawValue) {
            NSLayoutYAxisAnchor($0, .lastBaseline)
        }
    }

    /// The bounds inset by the margins (`marginInsets`).
    open var layoutMarginsGuide: UILayoutGuide {
        guide(\.marginsGuide) { UILayoutGuide(role: .margins, owningView: self) }
    }

    /// The bounds inset by `safeAreaInsets`: the bounds, as framegen draws no bars.
    open var safeAreaLayoutGuide: UILayoutGuide {
        guide(\.safeAreaGuide) { UILayoutGuide(role: .safeArea, owningView: self) }
    }

    /// Where the keyboard is (iOS 15): framegen shows none, so along the bottom of the view, as
    /// tall as the bottom safe area (`UIKeyboardLayoutGuide`).
    open var keyboardLayoutGuide: UIKeyboardLayoutGuide {
        guide(\.keyboardGuide) { UIKeyboardLayoutGuide(role: .keyboard, owningView: self) }
    }

    /// The margins guide: framegen has no Dynamic Type to narrow it by.
    open var readableContentGuide: UILayoutGuide { layoutMarginsGuide }

    open var layoutGuides: [UILayoutGuide] { autoLayout.guides }

    open func addLayoutGuide(_ guide: UILayoutGuide) {
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        autoLayout.guides.append(guide)
        autoLayoutChanged(structure: true)
    }

    open func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView === self else { return }
        autoLayout.guides.removeAll { $0 === guide }
        guide.owningView = nil
        autoLayoutChanged(structure: true)
    }

    /// 250 by default, as UIKit gives a view made in code (labels included).
    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? autoLayout.hugging.horizontal : autoLayout.hugging.vertical
    }

    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal {
            autoLayout.hugging.horizontal = priority
        } else {
            autoLayout.hugging.vertical = priority
        }
        autoLayoutChanged(structure: true)
    }

    /// 750 by default, as UIKit.
    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal
            ? autoLayout.compressionResistance.horizontal : autoLayout.compressionResistance.vertical
    }

    open func setContentCompressionResistancePriority(
        _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
    ) {
        if axis == .horizontal {
            autoLayout.compressionResistance.horizontal = priority
        } else {
            autoLayout.compressionResistance.vertical = priority
        }
        autoLayoutChanged(structure: true)
    }

    open func needsUpdateConstraints() -> Bool { autoLayout.needsUpdateConstraints }

    /// Whether the constraints that place the view leave its position or size open (Apple: they
    /// "incompletely specify the location of the view"), as the engine of its region solved them
    /// at the last layout pass. False for a view whose frame its superview's code or autoresizing
    /// mask sets.
    open var hasAmbiguousLayout: Bool {
        guard placedByConstraints else { return false }
        var root: UIView = self
        while root.placedByConstraints, let parent = root.superview { root = parent }
        return root.autoLayout.engine?.isAmbiguous(self) ?? false
    }

    /// Called in the layout pass after `setNeedsUpdateConstraints()` and on a view's first
    /// pass, before its superview's constraints are solved; subclasses add or change
    /// constraints here.
    open func updateConstraints() {}

    /// False, as UIKit's default; framegen calls `updateConstraints()` on every view's first
    /// pass whatever a subclass answers.
    open class var requiresConstraintBasedLayout: Bool { false }

    /// The smallest size near `targetSize` that the view's constraints allow, both axes at
    /// `fittingSizeLevel`.
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(
            targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
            verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the view's constraints give it when its width and height are drawn to
    /// `targetSize` at these priorities (`.required` fixes an axis).
    open func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
        verticalFittingPriority: UILayoutPriority
    ) -> CGSize {
        PhaseClock.measure(.autoLayout) {
            AutoLayoutEngine(
                root: self, fitting: (targetSize, horizontalFittingPriority, verticalFittingPriority)
            )
            .fittingSize
        }
    }

    /// Draws nothing; a subclass draws its content here into `UIGraphicsGetCurrentContext()`,
    /// which framegen records when the view is first drawn and after `setNeedsDisplay()`
    /// (docs/uikit.md "Drawing in draw(_:)").
    open func draw(_ rect: CGRect) {}

    /// `draw(_:)` is called again before the view is next drawn.
    open func setNeedsDisplay() {
        layer.setNeedsDisplay()
        drawingDue = true
    }

    /// The whole view is drawn again, as UIKit may.
    open func setNeedsDisplay(_ rect: CGRect) { setNeedsDisplay() }

    /// What `draw(_:)` painted, recorded when due: first, after `setNeedsDisplay()`, and after
    /// a change of size with `contentMode` `.redraw` (otherwise the recording is stretched to
    /// the new size, as UIKit stretches the backing store); nil when it painted nothing.
    func recordedDrawing() -> LayerSnapshot.Drawing? {
        let b = bounds
        guard b.width > 0, b.height > 0 else { return nil }
        if drawingDue || drawn == nil || (contentMode == .redraw && drawn?.size != b.size.geometry) {
            // Through the layer, which asks its delegate, this view (`draw(_:in:)`), unless its
            // class draws it itself (a `layerClass` that overrides `draw(in:)`).
            drawn = traitCollection.asCurrent { layer.recordDrawing() }
            drawingDue = false
        }
        guard let drawn, !drawn.parts.isEmpty else { return nil }
        return drawn
    }

    /// Draws the view's content by `draw(_:)`, with `ctx` as the current context, as UIKit's
    /// views draw their layers.
    open func draw(_ layer: CALayer, in ctx: CGContext) {
        withCurrentContext(ctx) { draw(layer.bounds) }
    }

    // MARK: Coordinates

    /// Through the layers' transforms (CALayer.convert); nil is the root view's coordinates.
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { layer.convert(point, to: view?.layer) }

    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: view?.layer)
    }

    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { layer.convert(rect, to: view?.layer) }

    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { layer.convert(rect, from: view?.layer) }

    /// Asked before one of the view's gesture recognisers recognises; UIKit's default is true.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: Hit testing (the scene's taps, docs/uikit.md "Gesture recognisers")

    /// Whether `point`, in the view's bounds coordinates, is inside it: its bounds, as UIKit's
    /// default (a cell of a slanted layout answers by its mask's path). Compared edge by edge:
    /// Foundation's `CGRect.contains` traps on bounds a misbehaving layout made NaN, where this
    /// answers no.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        let b = bounds.standardized
        return point.x >= b.minX && point.x < b.maxX && point.y >= b.minY && point.y < b.maxY
    }

    /// UIKit's search: nil for a hidden view, one almost transparent (alpha under 0.01) or one
    /// ignoring interaction, and for a point outside; else the frontmost subview that takes the
    /// point (in its coordinates), else the view itself.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, alpha >= 0.01, isUserInteractionEnabled, self.point(inside: point, with: event)
        else {
            return nil
        }
        for view in storedSubviews.reversed() {
            if let hit = view.hitTest(view.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    // MARK: Focus (UIFocusEnvironment, UIFocusItem: UIFocus.swift)

    // framegen has no focus engine: nothing is focused, as on a touch iPhone, and these are
    // declared here, in the class, for a subclass to override.

    /// false, as UIKit's plain view answers.
    open var canBecomeFocused: Bool { false }

    open var isFocused: Bool { false }

    open var preferredFocusEnvironments: [UIFocusEnvironment] { [] }

    /// The superview (on iOS, a controller's view answers its controller, which is not a focus
    /// environment here).
    open var parentFocusEnvironment: UIFocusEnvironment? { superview }

    open func setNeedsFocusUpdate() {}

    open func updateFocusIfNeeded() {}

    open func shouldUpdateFocus(in context: UIFocusUpdateContext) -> Bool { true }

    open func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator)
    {}

    /// `interactions` (UIInteraction.swift).
    package var storedInteractions: [UIInteraction] = []

    /// Makes `change` to the geometry; after a new bounds size, layout is due (the layer marked
    /// it) and subviews autoresize.
    private func resizing(_ change: () -> Void) {
        let old = layer.bounds.size
        change()
        let new = layer.bounds.size
        if new != old, autoresizesSubviews {
            for view in storedSubviews where !view.autoresizingMask.isEmpty {
                view.autoresize(superviewSize: old, to: new)
            }
        }
        geometryDidChange()
    }

    // Members UIKit declares on UIView, here in the class body so that an app's subclass can
    // override them (a Swift extension's members cannot be, and `@objc` is not on Linux); what
    // they rest on is in the files named.

    // MARK: Gesture recognisers (Gestures/UIView+Gestures.swift)

    /// The recognisers attached, in the order added; nil when there are none, as UIKit answers.
    /// Setting it replaces them.
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            for g in attachedGestureRecognizers { removeGestureRecognizer(g) }
            for g in newValue ?? [] { addGestureRecognizer(g) }
        }
    }

    /// Attaches `gestureRecognizer`, taking it from the view it was on.
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if let old = gestureRecognizer.view { old.removeGestureRecognizer(gestureRecognizer) }
        gestureRecognizer.view = self
        attachedGestureRecognizers.append(gestureRecognizer)
    }

    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard attachedGestureRecognizers.contains(where: { $0 === gestureRecognizer }) else { return }
        attachedGestureRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.view = nil
    }

    // MARK: Snapshots (UIView+Snapshot.swift)

    /// A new view that draws what this view draws now (its layer tree, its subviews, what
    /// `draw(_:)` painted), frozen: later changes to this view do not show in it, as UIKit's
    /// snapshot. Its frame is this view's bounds at the origin; it shows the content without
    /// this view's own transform and position (its opacity is kept). With `afterUpdates`, the
    /// view lays out first, as UIKit renders pending changes. Nil for a view of no area.
    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        frozenReplica(afterScreenUpdates: afterUpdates)
    }

    /// A snapshot view of the part `rect` of this view, with `capInsets` accepted (framegen
    /// stretches nothing): the frozen content, offset so that `rect`'s corner is at the origin,
    /// clipped to `rect`'s size.
    open func resizableSnapshotView(
        from rect: CGRect, afterScreenUpdates afterUpdates: Bool, withCapInsets capInsets: UIEdgeInsets
    ) -> UIView? {
        guard let whole = frozenReplica(afterScreenUpdates: afterUpdates),
            rect.width > 0, rect.height > 0
        else { return nil }
        let part = UIView(frame: CGRect(origin: .zero, size: rect.size))
        part.clipsToBounds = true
        whole.frame.origin = CGPoint(x: -rect.minX, y: -rect.minY)
        part.addSubview(whole)
        return part
    }

    // MARK: Traits and the safe area (UITraitCollection.swift)

    /// The view's traits: the screen's (its scale, appearance and text size), a phone's size
    /// classes from the shape of the view's tree (its topmost superview, as a window), with
    /// the traits of the window hosting it for a device (`hostedTraits`) over them, then, from
    /// the topmost view down to this one, the traits a parent controller sets for the child
    /// whose view it is (`setOverrideTraitCollection(_:forChild:)`) and the
    /// `overrideUserInterfaceStyle` of each view (or of its controller), the nearest last, as
    /// UIKit passes traits down the tree.
    open var traitCollection: UITraitCollection {
        var view: UIView? = self
        var root = self
        var hosted: UITraitCollection?
        while let v = view {
            if hosted == nil, let h = v.hostedTraits { hosted = h }
            root = v
            view = v.superview
        }
        let screen = UITraitCollection(screen: .main, size: root.bounds.size)
        return overriddenTraits(hosted.map { UITraitCollection(traitsFrom: [screen, $0]) } ?? screen)
    }

    /// `inherited` with the overrides of this view's superviews and its own over it.
    private func overriddenTraits(_ inherited: UITraitCollection) -> UITraitCollection {
        var traits = superview?.overriddenTraits(inherited) ?? inherited
        if let parentTraits = traitsFromParentController {
            traits = UITraitCollection(traitsFrom: [traits, parentTraits])
        }
        return traits.with(style: ownStyleOverride)
    }

    /// framegen draws no status bar, home indicator or notch: a view has a safe area only inside
    /// a window hosting a controller for a device (a snapshot test's `ViewImageConfig`), where
    /// it is the part of the window's insets the view overlaps, as on iOS.
    open var safeAreaInsets: UIEdgeInsets {
        if let own = hostedSafeArea { return own }
        guard let parent = superview else { return .zero }
        let p = parent.safeAreaInsets
        guard p != .zero else { return .zero }
        let f = frame.offsetBy(dx: -parent.bounds.minX, dy: -parent.bounds.minY)
        return UIEdgeInsets(
            top: max(0, p.top - f.minY), left: max(0, p.left - f.minX),
            bottom: max(0, f.maxY - (parent.bounds.height - p.bottom)),
            right: max(0, f.maxX - (parent.bounds.width - p.right)))
    }

    // MARK: Text direction and editing

    /// Left to right, as every layout framegen runs.
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    /// Ends editing in the view and its subviews: framegen has no text input and no keyboard,
    /// so nothing is being edited, and the answer is true, as UIKit's when nothing refused.
    @discardableResult
    open func endEditing(_ force: Bool) -> Bool { true }
}
