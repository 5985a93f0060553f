import Foundation

public protocol UIBarPositioning: AnyObject {
    var barPosition: UIBarPosition { get }
}

public protocol UIBarPositioningDelegate: AnyObject {
    func position(for bar: UIBarPositioning) -> UIBarPosition
}

extension UIBarPositioningDelegate {
    public func position(for bar: UIBarPositioning) -> UIBarPosition { .any }
}

/// Told of pushes and pops of a bar's own items (a bar outside a navigation controller).
public protocol UINavigationBarDelegate: UIBarPositioningDelegate {
    func navigationBar(_ navigationBar: UINavigationBar, shouldPush item: UINavigationItem) -> Bool
    func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem)
    func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool
    func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem)
}

extension UINavigationBarDelegate {
    public func navigationBar(_ navigationBar: UINavigationBar, shouldPush item: UINavigationItem) -> Bool {
        true
    }
    public func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem) {}
    public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
        true
    }
    public func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem) {}
}

/// A navigation bar as iOS 15 and later draws it at rest on a phone (docs/uikit.md "Navigation
/// and tab bars"): a 44-point row with the top item's title centred in 17-point semibold and its
/// bar button items' titles or glyphs in the tint colour 16 points from the edges (20 on a bar 414
/// points wide or more), a back button while an item lies below the top one, and, for a large
/// title, 52 points more with the title in 34-point bold at the leading margin. Its background
/// and hairline shadow are those of the appearance that applies: `scrollEdgeAppearance` while the
/// content is at its top edge (where iOS 15, given none, makes the standard one transparent),
/// else `standardAppearance`; an item's own appearances come before the bar's.
open class UINavigationBar: UIView, UIBarPositioning {
    /// The row every bar has, and what a large title adds below it.
    static let rowHeight: CGFloat = 44
    static let largeTitleHeight: CGFloat = 52

    open var barStyle: UIBarStyle = .default {
        didSet {
            setNeedsLayout()
            appearance(\UINavigationBar.barStyle, barStyle, tracked: true)
        }
    }
    open weak var delegate: UINavigationBarDelegate?
    /// false: an opaque background (`barTintColor`, else the system background) under a legacy
    /// look, and a navigation controller's content laid out below the bar rather than under it.
    open var isTranslucent = true {
        didSet {
            barChanged()
            appearance(\UINavigationBar.isTranslucent, isTranslucent, tracked: true)
        }
    }
    open var prefersLargeTitles = false {
        didSet {
            barChanged()
            appearance(\UINavigationBar.prefersLargeTitles, prefersLargeTitles, tracked: false)
        }
    }
    open var barTintColor: UIColor? {
        didSet {
            setNeedsLayout()
            appearance(\UINavigationBar.barTintColor, barTintColor, tracked: true)
        }
    }
    open var titleTextAttributes: [NSAttributedString.Key: Any]? {
        didSet {
            setNeedsLayout()
            appearance(\UINavigationBar.titleTextAttributes, titleTextAttributes, tracked: true)
        }
    }
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]? {
        didSet {
            setNeedsLayout()
            appearance(\UINavigationBar.largeTitleTextAttributes, largeTitleTextAttributes, tracked: true)
        }
    }
    /// An empty image hides the hairline, as on iOS.
    open var shadowImage: UIImage? {
        didSet {
            setNeedsLayout()
            appearance(\UINavigationBar.shadowImage, shadowImage, tracked: true)
        }
    }
    open var backIndicatorImage: UIImage? {
        didSet { appearance(\UINavigationBar.backIndicatorImage, backIndicatorImage, tracked: true) }
    }
    open var backIndicatorTransitionMaskImage: UIImage? {
        didSet {
            appearance(
                \UINavigationBar.backIndicatorTransitionMaskImage, backIndicatorTransitionMaskImage,
                tracked: true)
        }
    }

    /// Copied when set, as UIKit copies it. Setting one sets aside the legacy properties
    /// (`barTintColor`, `isTranslucent`, the background and shadow images) for the background.
    open var standardAppearance = UINavigationBarAppearance() {
        didSet {
            standardAppearance = standardAppearance.copy()
            appearanceSet = true
            setNeedsLayout()
            appearance(\UINavigationBar.standardAppearance, standardAppearance, tracked: true)
        }
    }
    open var compactAppearance: UINavigationBarAppearance? {
        didSet {
            compactAppearance = compactAppearance?.copy()
            appearance(\UINavigationBar.compactAppearance, compactAppearance, tracked: true)
        }
    }
    open var scrollEdgeAppearance: UINavigationBarAppearance? {
        didSet {
            scrollEdgeAppearance = scrollEdgeAppearance?.copy()
            setNeedsLayout()
            appearance(\UINavigationBar.scrollEdgeAppearance, scrollEdgeAppearance, tracked: true)
        }
    }
    open var compactScrollEdgeAppearance: UINavigationBarAppearance? {
        didSet {
            compactScrollEdgeAppearance = compactScrollEdgeAppearance?.copy()
            appearance(
                \UINavigationBar.compactScrollEdgeAppearance, compactScrollEdgeAppearance, tracked: true)
        }
    }

    open var barPosition: UIBarPosition { delegate?.position(for: self) ?? .any }

    private var storedItems: [UINavigationItem] = []
    private var backgroundImages: [Int: UIImage] = [:]
    private var appearanceSet = false

    /// Set by a navigation controller: how far the background reaches above the bar (under the
    /// status bar), whether its content is at its top edge, and the controller to lay out again
    /// when the bar's height changes.
    var backgroundExtension: CGFloat = 0 {
        didSet { if backgroundExtension != oldValue { setNeedsLayout() } }
    }
    var isAtScrollEdge = false
    weak var owningNavigationController: UINavigationController?

    private let background = BarBackground()
    private var content: [UIView] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        background.install(in: self)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        background.install(in: self)
        InterfaceBuilder.decode(self, coder: coder, at: UINavigationBar.self)
    }

    // MARK: Items

    open var items: [UINavigationItem]? {
        get { storedItems }
        set { setItems(newValue, animated: false) }
    }
    open var topItem: UINavigationItem? { storedItems.last }
    open var backItem: UINavigationItem? { storedItems.count > 1 ? storedItems[storedItems.count - 2] : nil }

    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        for item in storedItems { item.bar = nil }
        storedItems = items ?? []
        for item in storedItems { item.bar = self }
        barChanged()
    }

    open func pushItem(_ item: UINavigationItem, animated: Bool) {
        guard delegate?.navigationBar(self, shouldPush: item) ?? true else { return }
        setItems(storedItems + [item], animated: animated)
        delegate?.navigationBar(self, didPush: item)
    }

    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard let top = topItem, delegate?.navigationBar(self, shouldPop: top) ?? true else { return nil }
        setItems(Array(storedItems.dropLast()), animated: animated)
        delegate?.navigationBar(self, didPop: top)
        return top
    }

    // MARK: Legacy background

    open func setBackgroundImage(_ backgroundImage: UIImage?, for barMetrics: UIBarMetrics) {
        setBackgroundImage(backgroundImage, for: .any, barMetrics: barMetrics)
    }

    open func backgroundImage(for barMetrics: UIBarMetrics) -> UIImage? {
        backgroundImage(for: .any, barMetrics: barMetrics)
    }

    open func setBackgroundImage(
        _ backgroundImage: UIImage?, for barPosition: UIBarPosition, barMetrics: UIBarMetrics
    ) {
        backgroundImages[barPosition.rawValue * 1000 + barMetrics.rawValue] = backgroundImage
        setNeedsLayout()
        appearance(key: "setBackgroundImage:\(barPosition.rawValue):\(barMetrics.rawValue)", tracked: true) {
            ($0 as? UINavigationBar)?.setBackgroundImage(
                backgroundImage, for: barPosition, barMetrics: barMetrics)
        }
    }

    open func backgroundImage(for barPosition: UIBarPosition, barMetrics: UIBarMetrics) -> UIImage? {
        backgroundImages[barPosition.rawValue * 1000 + barMetrics.rawValue]
    }

    private var titleVerticalAdjustments: [Int: CGFloat] = [:]

    open func setTitleVerticalPositionAdjustment(_ adjustment: CGFloat, for barMetrics: UIBarMetrics) {
        titleVerticalAdjustments[barMetrics.rawValue] = adjustment
        setNeedsLayout()
        appearance(key: "setTitleVerticalPositionAdjustment:\(barMetrics.rawValue)", tracked: true) {
            ($0 as? UINavigationBar)?.setTitleVerticalPositionAdjustment(adjustment, for: barMetrics)
        }
    }

    open func titleVerticalPositionAdjustment(for barMetrics: UIBarMetrics) -> CGFloat {
        titleVerticalAdjustments[barMetrics.rawValue] ?? 0
    }

    // MARK: Size

    /// Whether the top item shows a large title: the bar prefers them and the item does not
    /// refuse one (`.automatic` follows the items below it, as UIKit's).
    var showsLargeTitle: Bool {
        guard prefersLargeTitles else { return false }
        for item in storedItems.reversed() {
            switch item.largeTitleDisplayMode {
            case .always: return true
            case .never, .inline: return false
            case .automatic: continue
            }
        }
        return true
    }

    /// 44 points, 96 with a large title.
    var barHeight: CGFloat {
        UINavigationBar.rowHeight + (showsLargeTitle ? UINavigationBar.largeTitleHeight : 0)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: barHeight) }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: barHeight)
    }

    /// Something that changes the bar's height or the controller's layout.
    func barChanged() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        owningNavigationController?.viewIfLoaded?.setNeedsLayout()
    }

    // MARK: Drawing

    /// The appearance that applies (see the class's comment), with the legacy properties over
    /// the bar's standard one while none was set.
    var resolvedAppearance: UINavigationBarAppearance {
        let standard = topItem?.standardAppearance ?? legacyStandardAppearance
        guard isAtScrollEdge else { return standard }
        if let edge = topItem?.scrollEdgeAppearance ?? scrollEdgeAppearance { return edge }
        let transparent: UINavigationBarAppearance = standard.copy()
        transparent.configureWithTransparentBackground()
        return transparent
    }

    private var legacyStandardAppearance: UINavigationBarAppearance {
        guard !appearanceSet else { return standardAppearance }
        let appearance: UINavigationBarAppearance = standardAppearance.copy()
        if !isTranslucent {
            appearance.configureWithOpaqueBackground()
            if barStyle == .black { appearance.backgroundColor = UIColor.black }
        }
        if let barTintColor {
            appearance.backgroundEffect = isTranslucent ? appearance.backgroundEffect : nil
            appearance.backgroundColor = barTintColor
        }
        if let image = backgroundImage(for: .default) {
            appearance.backgroundEffect = nil
            appearance.backgroundColor = nil
            appearance.backgroundImage = image
        }
        if let shadowImage { appearance.shadowImage = shadowImage }
        return appearance
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if let navigation = owningNavigationController { isAtScrollEdge = navigation.contentIsAtTopEdge }
        drawBackground(resolvedAppearance)
        for view in content { view.removeFromSuperview() }
        content = []
        guard let top = topItem else { return }
        let appearance = resolvedAppearance
        let margin = UIViewController.systemSideMargin(forWidth: bounds.width)
        let row = CGRect(x: 0, y: 0, width: bounds.width, height: UINavigationBar.rowHeight)
        let tint = tintColor ?? .systemBlue

        // Leading: the back button (unless the item replaces it), then the left items.
        var leading = margin
        let left = (top.leftBarButtonItems ?? []).filter { !$0.isHidden }
        if let back = backItem, !top.hidesBackButton, left.isEmpty || top.leftItemsSupplementBackButton {
            let button = BackButtonView(
                title: top.backButtonDisplayMode == .minimal ? nil : back.backTitle, tint: tint)
            button.frame = CGRect(
                origin: CGPoint(x: 8, y: row.midY - button.bounds.height / 2), size: button.bounds.size)
            show(button)
            leading = button.frame.maxX + BarItemLayout.spacing
        }
        leading = place(left, from: leading, in: row, tint: tint, forward: true)
        // Trailing: the first right item is the rightmost, as UIKit puts it.
        let trailing = place(
            (top.rightBarButtonItems ?? []).filter { !$0.isHidden }, from: bounds.width - margin, in: row,
            tint: tint, forward: false)

        let legacyTitle = titleTextAttributes ?? [:]
        if showsLargeTitle {
            let attributes = (largeTitleTextAttributes ?? [:]).merging(appearance.largeTitleTextAttributes) {
                $1
            }
            let label = titleLabel(top.title, attributes, UIFont.systemFont(ofSize: 34, weight: .bold))
            let height = label.font.lineHeight.rounded(.up)
            label.frame = CGRect(
                x: margin, y: bounds.height - UINavigationBar.largeTitleBottomGap - height,
                width: bounds.width - 2 * margin, height: height)
            show(label)
        }
        let inline: UIView? =
            top.titleView
            ?? (showsLargeTitle
                ? nil
                : titleLabel(
                    top.title, legacyTitle.merging(appearance.titleTextAttributes) { $1 },
                    UIFont.systemFont(ofSize: 17, weight: .semibold)))
        guard let inline else { return }
        var size = inline === top.titleView ? BarItemLayout.size(of: inline) : inline.intrinsicContentSize
        size.height = min(size.height, row.height)
        // Centred on the bar, moved (then cut) into the room the items leave, as UIKit does;
        // none where the items fill the bar (a narrow bar, long item titles).
        let lower = leading + BarItemLayout.spacing
        let upper = max(lower, trailing - BarItemLayout.spacing)
        size.width = max(0, min(size.width, upper - lower))
        var x = (bounds.width - size.width) / 2 + appearance.titlePositionAdjustment.horizontal
        x = min(max(x, lower), upper - size.width)
        let y =
            row.midY - size.height / 2 + appearance.titlePositionAdjustment.vertical
            + titleVerticalPositionAdjustment(for: .default)
        inline.frame = CGRect(origin: CGPoint(x: x, y: y), size: size)
        show(inline)
    }

    /// How far above the bar's bottom a large title's line ends (framegen's choice, as iOS
    /// draws a 34-point title in its 52 points).
    static let largeTitleBottomGap: CGFloat = 8

    private func show(_ view: UIView) {
        addSubview(view)
        content.append(view)
    }

    /// Lays out `items` from `edge` towards the middle; returns the edge the last one leaves.
    private func place(
        _ items: [UIBarButtonItem], from edge: CGFloat, in row: CGRect, tint: UIColor, forward: Bool
    ) -> CGFloat {
        var edge = edge
        for item in items {
            guard let view = BarItemLayout.view(for: item, tint: tint, shownIn: self) else { continue }
            let size = BarItemLayout.size(of: view, item: item)
            let x = forward ? edge : edge - size.width
            view.frame = CGRect(x: x, y: row.midY - size.height / 2, width: size.width, height: size.height)
            show(view)
            edge = forward ? x + size.width + BarItemLayout.spacing : x - BarItemLayout.spacing
        }
        return forward
            ? edge - (items.isEmpty ? 0 : BarItemLayout.spacing)
            : edge + (items.isEmpty ? 0 : BarItemLayout.spacing)
    }

    private func titleLabel(_ text: String?, _ attributes: [NSAttributedString.Key: Any], _ font: UIFont)
        -> UILabel
    {
        let label = UILabel()
        label.text = text
        label.font = attributes[.font] as? UIFont ?? font
        label.textColor = attributes[.foregroundColor] as? UIColor ?? .label
        return label
    }

    private func drawBackground(_ appearance: UIBarAppearance) {
        let extended = CGRect(
            x: 0, y: -backgroundExtension, width: bounds.width, height: bounds.height + backgroundExtension)
        background.draw(
            appearance, in: extended,
            shadowEdge: .bottom, scale: traitCollection.displayScale)
    }
}

/// A bar's background and hairline, drawn for an appearance: the fill, the image over it, the
/// shadow image or a one-pixel line of the shadow colour just outside the bar's edge (below a
/// navigation bar, above a tab bar or toolbar), as UIKit draws them. The views are the bar's
/// first subviews, under its items.
final class BarBackground {
    private let fill = UIView()
    private let image = UIImageView(image: nil)
    private let shadow = UIImageView(image: nil)

    /// Before the bar's other subviews, so that its items lie over them.
    func install(in bar: UIView) {
        for view in [fill, image, shadow] {
            view.isUserInteractionEnabled = false
            bar.addSubview(view)
        }
    }

    func draw(_ appearance: UIBarAppearance, in rect: CGRect, shadowEdge: UIRectEdge, scale: CGFloat) {
        fill.frame = rect
        fill.backgroundColor = appearance.fill
        image.frame = rect
        image.image = appearance.backgroundImage
        image.contentMode = appearance.backgroundImageContentMode
        let line = 1 / max(scale, 1)
        let height = appearance.shadowImage.map { $0.size.height } ?? line
        shadow.frame = CGRect(
            x: rect.minX, y: shadowEdge == .bottom ? rect.maxY : rect.minY - height, width: rect.width,
            height: height)
        shadow.image = appearance.shadowImage
        let drawsLine = appearance.shadowImage == nil && appearance.shadowColor != nil
        shadow.backgroundColor = drawsLine ? appearance.shadowColor : nil
        shadow.isHidden =
            appearance.shadowImage?.size == .zero || !(drawsLine || appearance.shadowImage != nil)
    }
}

/// How a bar draws its button items: a custom view as it is, a text item's title (17 points, bold
/// for `.done`, in the item's tint or the bar's), an image item's image or an icon system item's
/// glyph as a template in that tint.
enum BarItemLayout {
    /// Between two items, framegen's choice (iOS's is not documented).
    static let spacing: CGFloat = 8
    static let font = UIFont.systemFont(ofSize: 17)
    static let doneFont = UIFont.systemFont(ofSize: 17, weight: .semibold)

    static func view(for item: UIBarButtonItem, tint barTint: UIColor, shownIn bar: UIView) -> UIView? {
        item.shownIn = bar
        if let custom = item.customView { return custom }
        if item.isSpace { return UIView() }
        let state: UIControl.State = item.isEnabled ? .normal : .disabled
        let attributes = item.titleTextAttributes(for: state) ?? item.titleTextAttributes(for: .normal) ?? [:]
        let tint = item.isEnabled ? (item.tintColor ?? barTint) : UIColor.tertiaryLabel
        if let title = item.systemTitle
            ?? (item.image == nil && item.systemSymbolName == nil ? item.title : nil)
        {
            let label = UILabel()
            label.text = title
            label.font = attributes[.font] as? UIFont ?? (item.style == .done ? doneFont : font)
            label.textColor = attributes[.foregroundColor] as? UIColor ?? tint
            return label
        }
        let symbol = UIImage.SymbolConfiguration(pointSize: 17)
        guard
            let image = item.systemSymbolName.flatMap({ UIImage(systemName: $0, withConfiguration: symbol) })
                ?? item.image.map({ $0.isSymbolImage ? $0.withConfiguration(symbol) : $0 })
        else { return nil }
        let view = UIImageView(
            image: image.renderingMode == .alwaysOriginal ? image : image.withRenderingMode(.alwaysTemplate))
        view.tintColor = tint
        return view
    }

    /// A space's width, else the item's fixed width over the view's own size. A view with no
    /// size of its own (a zero frame, no intrinsic size) is sized by Auto Layout, as iOS 11's bars
    /// lay out a custom view: its compressed fitting size, from the constraints inside it (an
    /// avatar and a name pinned to its edges).
    static func size(of view: UIView, item: UIBarButtonItem? = nil) -> CGSize {
        var size = view.bounds.size
        if size == .zero {
            size = view.intrinsicContentSize
            if size.width < 0 || size.height < 0 { size = view.sizeThatFits(.zero) }
            if size == .zero { size = view.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) }
        }
        if let item, item.width > 0 { size.width = item.width }
        return CGSize(width: max(0, size.width), height: max(0, size.height))
    }
}

/// UIKit's back button: a chevron and the title of the item below, in the tint colour.
final class BackButtonView: UIView {
    private let chevron = ChevronView()
    private let label = UILabel()

    init(title: String?, tint: UIColor) {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        chevron.tintColor = tint
        chevron.frame = CGRect(x: 0, y: 0, width: 13, height: 22)
        addSubview(chevron)
        var width = chevron.frame.maxX
        if let title, !title.isEmpty {
            label.text = title
            label.font = BarItemLayout.font
            label.textColor = tint
            let size = label.intrinsicContentSize
            label.frame = CGRect(
                x: width + 6, y: (22 - size.height) / 2, width: size.width, height: size.height)
            addSubview(label)
            width = label.frame.maxX
        }
        bounds.size = CGSize(width: width, height: 22)
    }

    required init?(coder: NSCoder) { return nil }
}

/// A left-pointing chevron stroked in the tint colour (framegen's drawing of the glyph iOS uses).
final class ChevronView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let shape = layer as? CAShapeLayer else { return }
        let path = CGMutablePath()
        let inset: CGFloat = 2
        path.move(to: CGPoint(x: bounds.maxX - inset, y: bounds.minY + inset))
        path.addLine(to: CGPoint(x: bounds.minX + inset, y: bounds.midY))
        path.addLine(to: CGPoint(x: bounds.maxX - inset, y: bounds.maxY - inset))
        shape.path = path
        shape.fillColor = nil
        shape.strokeColor = tintColor.resolvedColor(with: traitCollection).cgColor
        shape.lineWidth = 3
        shape.lineCap = .round
        shape.lineJoin = .round
    }
}
