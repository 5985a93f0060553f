import Foundation

public protocol UIToolbarDelegate: UIBarPositioningDelegate {}

/// A toolbar as iOS 15 and later draws one on a phone: 44 points tall, its items left to right
/// from the 16-point margins (20 on a bar 414 points wide or more), flexible spaces sharing what
/// the others leave, each item drawn as a navigation bar draws it (`BarItemLayout`); the
/// background and hairline (along the top) of its appearance, as the navigation bar's.
open class UIToolbar: UIView, UIBarPositioning {
    static let height: CGFloat = 44

    open var barStyle: UIBarStyle = .default {
        didSet { setNeedsLayout() }
    }
    open weak var delegate: UIToolbarDelegate?
    open var isTranslucent = true {
        didSet { setNeedsLayout() }
    }
    open var items: [UIBarButtonItem]? {
        didSet { setNeedsLayout() }
    }
    open var barTintColor: UIColor? {
        didSet { setNeedsLayout() }
    }
    /// Copied when set, as UIKit copies it; setting it sets aside the legacy properties.
    open var standardAppearance = UIToolbarAppearance() {
        didSet {
            standardAppearance = standardAppearance.copy()
            appearanceSet = true
            setNeedsLayout()
        }
    }
    open var compactAppearance: UIToolbarAppearance? {
        didSet { compactAppearance = compactAppearance?.copy() }
    }
    open var scrollEdgeAppearance: UIToolbarAppearance? {
        didSet {
            scrollEdgeAppearance = scrollEdgeAppearance?.copy()
            setNeedsLayout()
        }
    }
    open var compactScrollEdgeAppearance: UIToolbarAppearance? {
        didSet { compactScrollEdgeAppearance = compactScrollEdgeAppearance?.copy() }
    }
    open var barPosition: UIBarPosition { delegate?.position(for: self) ?? .any }

    /// Set by a navigation controller: how far the background reaches below the bar (over the
    /// home indicator's inset).
    var backgroundExtension: CGFloat = 0 {
        didSet { if backgroundExtension != oldValue { setNeedsLayout() } }
    }

    private var appearanceSet = false
    private var backgroundImages: [Int: UIImage] = [:]
    private var shadowImages: [Int: UIImage] = [:]
    private let background = BarBackground()
    private var content: [UIView] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        background.install(in: self)
    }

    public convenience init() { self.init(frame: CGRect(x: 0, y: 0, width: 0, height: UIToolbar.height)) }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        background.install(in: self)
        InterfaceBuilder.decode(self, coder: coder, at: UIToolbar.self)
    }

    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) { self.items = items }

    open func setBackgroundImage(
        _ backgroundImage: UIImage?, forToolbarPosition topOrBottom: UIBarPosition, barMetrics: UIBarMetrics
    ) {
        backgroundImages[topOrBottom.rawValue * 1000 + barMetrics.rawValue] = backgroundImage
        setNeedsLayout()
    }

    open func backgroundImage(forToolbarPosition topOrBottom: UIBarPosition, barMetrics: UIBarMetrics)
        -> UIImage?
    {
        backgroundImages[topOrBottom.rawValue * 1000 + barMetrics.rawValue]
    }

    open func setShadowImage(_ shadowImage: UIImage?, forToolbarPosition topOrBottom: UIBarPosition) {
        shadowImages[topOrBottom.rawValue] = shadowImage
        setNeedsLayout()
    }

    open func shadowImage(forToolbarPosition topOrBottom: UIBarPosition) -> UIImage? {
        shadowImages[topOrBottom.rawValue]
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: UIToolbar.height)
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIToolbar.height)
    }

    /// The appearance that applies: as the navigation bar's, at the bottom edge of a navigation
    /// controller's content.
    var resolvedAppearance: UIToolbarAppearance {
        var standard = standardAppearance
        if !appearanceSet {
            standard = standardAppearance.copy()
            if !isTranslucent { standard.configureWithOpaqueBackground() }
            if let barTintColor { standard.backgroundColor = barTintColor }
            if let image = backgroundImage(forToolbarPosition: .any, barMetrics: .default) {
                standard.backgroundEffect = nil
                standard.backgroundColor = nil
                standard.backgroundImage = image
            }
            if let image = shadowImage(forToolbarPosition: .any) { standard.shadowImage = image }
        }
        guard let navigation = superview?.owningController as? UINavigationController,
            navigation.toolbar === self, navigation.contentIsAtBottomEdge
        else { return standard }
        if let edge = scrollEdgeAppearance { return edge }
        let transparent: UIToolbarAppearance = standard.copy()
        transparent.configureWithTransparentBackground()
        return transparent
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        background.draw(
            resolvedAppearance,
            in: CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height + backgroundExtension),
            shadowEdge: .top, scale: traitCollection.displayScale)
        for view in content { view.removeFromSuperview() }
        content = BarItemLayout.layOut(
            (items ?? []).filter { !$0.isHidden }, in: self, tint: tintColor ?? .systemBlue,
            margin: UIViewController.systemSideMargin(forWidth: bounds.width))
    }
}

extension BarItemLayout {
    /// Lays `items` out left to right in `bar`, between the margins, flexible spaces sharing
    /// the width the others leave; returns the views added.
    static func layOut(_ items: [UIBarButtonItem], in bar: UIView, tint: UIColor, margin: CGFloat) -> [UIView]
    {
        let views = items.map { view(for: $0, tint: tint, shownIn: bar) }
        let sizes = zip(items, views).map { item, view in view.map { size(of: $0, item: item) } ?? .zero }
        let flexible = items.filter { $0.systemItem == .flexibleSpace }.count
        let used = sizes.reduce(0) { $0 + $1.width } + spacing * CGFloat(max(0, items.count - 1))
        let share = flexible == 0 ? 0 : max(0, bar.bounds.width - 2 * margin - used) / CGFloat(flexible)
        var x = margin
        var added: [UIView] = []
        for ((item, view), size) in zip(zip(items, views), sizes) {
            let width = item.systemItem == .flexibleSpace ? share : size.width
            if let view, !item.isSpace {
                view.frame = CGRect(
                    x: x, y: (UIToolbar.height - size.height) / 2, width: width, height: size.height)
                bar.addSubview(view)
                added.append(view)
            }
            x += width + spacing
        }
        return added
    }
}
