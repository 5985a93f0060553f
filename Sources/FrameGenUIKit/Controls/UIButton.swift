import Foundation

/// A button, in UIKit's two forms: the classic one (titles, title colours, images and
/// background images per state, edge insets) and, once `configuration` is set, iOS 15's
/// (`UIButton.Configuration`: a filled, tinted, gray or plain look, padding, image placement).
///
/// It is drawn by its subviews, as on iOS: a background view (a background image, or a
/// configuration's colour, corners and stroke), `imageView` and `titleLabel`, placed in
/// `layoutSubviews()` from `backgroundRect(forBounds:)`, `imageRect(forContentRect:)` and
/// `titleRect(forContentRect:)`. A tap is `sendActions(for: .touchUpInside)` (and
/// `.primaryActionTriggered`): the scene's taps that land on the button send it.
open class UIButton: UIControl {
    /// The raw values are UIKit's (`plain` is tvOS's; `roundedRect` is `system`).
    public enum ButtonType: Int, Sendable {
        case custom = 0
        case system = 1
        case detailDisclosure = 2
        case infoLight = 3
        case infoDark = 4
        case contactAdd = 5
        case plain = 6
        case close = 7

        public static let roundedRect = ButtonType.system
    }

    open private(set) var buttonType: ButtonType = .custom

    private var titles: [UInt: String] = [:]
    private var attributedTitles: [UInt: NSAttributedString] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var titleShadowColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var symbolConfigurations: [UInt: UIImage.SymbolConfiguration] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]

    /// Behind the content: the current background image, or a configuration's background.
    private let backgroundView = UIImageView()
    private let storedImageView = UIImageView()
    private let storedTitleLabel = ButtonTitleLabel()
    /// A configuration's subtitle, under the title.
    private let storedSubtitleLabel = UILabel()
    /// The glyph of the system types that have one (info, contact add, close).
    private var glyphView: ButtonGlyphView?

    /// A custom button, as `UIButton(frame:)` is on iOS.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpButton()
    }

    private func setUpButton() {
        // Not opaque, as iOS describes a button (`opaque = NO`).
        isOpaque = false
        accessibilityTraits = .button
        backgroundView.isHidden = true
        storedImageView.isHidden = true
        storedTitleLabel.isHidden = true
        storedSubtitleLabel.isHidden = true
        // UIKit's default title font since iOS 7: the system font at 15 points.
        storedTitleLabel.font = .systemFont(ofSize: 15)
        addSubview(backgroundView)
        addSubview(storedImageView)
        addSubview(storedTitleLabel)
        addSubview(storedSubtitleLabel)
        updateClassicContent()
    }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpButton()
        InterfaceBuilder.decode(self, coder: coder, at: UIButton.self)
    }

    /// A button of `buttonType` (of frame zero); the glyph types are the size of their glyph.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        if let glyph = ButtonGlyphView.Glyph(buttonType) {
            let view = ButtonGlyphView(glyph)
            glyphView = view
            insertSubview(view, aboveSubview: storedImageView)
            bounds.size = view.bounds.size
        }
        updateClassicContent()
    }

    /// `primaryAction` is sent for `.primaryActionTriggered`, and its title and image are the
    /// button's, as UIKit sets them.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction { adopt(primaryAction) }
    }

    /// A system button with `configuration`, as `UIButton(configuration:primaryAction:)`.
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system)
        // An initialiser's own assignment runs no observer.
        self.configuration = configuration
        updateClassicContent()
        if let primaryAction { adopt(primaryAction) }
    }

    /// framegen's name for what `init(frame:primaryAction:)` does on iOS.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { adopt(primaryAction) }
    }

    private func adopt(_ action: UIAction) {
        addAction(action, for: .primaryActionTriggered)
        if configuration != nil {
            if configuration?.title == nil { configuration?.title = action.title }
            if configuration?.image == nil { configuration?.image = action.image }
        } else {
            setTitle(action.title, for: .normal)
            if let image = action.image { setImage(image, for: .normal) }
        }
    }

    // MARK: Content per state

    /// A state without a value of its own shows `.normal`'s, as UIKit's buttons do (a combined
    /// state, such as selected and highlighted, does not fall back to one of its parts).
    private func value<T>(_ table: [UInt: T], _ state: State) -> T? { table[state.rawValue] ?? table[0] }

    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        updateClassicContent()
    }

    open func title(for state: State) -> String? {
        value(attributedTitles, state)?.string ?? value(titles, state)
    }

    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        attributedTitles[state.rawValue] = title
        updateClassicContent()
    }

    open func attributedTitle(for state: State) -> NSAttributedString? { value(attributedTitles, state) }

    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        updateClassicContent()
        appearance(key: "setTitleColor:\(state.rawValue)", tracked: true) {
            ($0 as? UIButton)?.setTitleColor(color, for: state)
        }
    }

    /// The colour set for `state`, else `.normal`'s, else the type's: white for a custom
    /// button, the tint colour for a system one, grey when it is disabled.
    open func titleColor(for state: State) -> UIColor? {
        if let color = titleColors[state.rawValue] { return color }
        if state.contains(.disabled), buttonType != .custom, titleColors[State.disabled.rawValue] == nil {
            // A grey: framegen's choice of UIKit's disabled system button colour.
            return titleColors[0] == nil ? .systemGray : titleColors[0]
        }
        return titleColors[0] ?? (buttonType == .custom ? .white : tintColor)
    }

    open func setTitleShadowColor(_ color: UIColor?, for state: State) {
        titleShadowColors[state.rawValue] = color
        updateClassicContent()
        appearance(key: "setTitleShadowColor:\(state.rawValue)", tracked: true) {
            ($0 as? UIButton)?.setTitleShadowColor(color, for: state)
        }
    }

    open func titleShadowColor(for state: State) -> UIColor? { value(titleShadowColors, state) }

    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        updateClassicContent()
        appearance(key: "setImage:\(state.rawValue)", tracked: true) {
            ($0 as? UIButton)?.setImage(image, for: state)
        }
    }

    open func image(for state: State) -> UIImage? { value(images, state) }

    /// The configuration a symbol image is drawn with in this state (a point size, a weight),
    /// over the image's own; the image the button keeps (`image(for:)`) is unchanged.
    open func setPreferredSymbolConfiguration(
        _ configuration: UIImage.SymbolConfiguration?, forImageIn state: State
    ) {
        symbolConfigurations[state.rawValue] = configuration
        updateClassicContent()
        geometryChanged()
    }

    open func preferredSymbolConfigurationForImage(in state: State) -> UIImage.SymbolConfiguration? {
        value(symbolConfigurations, state)
    }

    /// The image shown: the current image, a symbol one at the state's preferred configuration.
    private var shownImage: UIImage? {
        guard let image = currentImage, image.isSymbolImage,
            let preferred = preferredSymbolConfigurationForImage(in: state)
        else { return currentImage }
        return image.applyingSymbolConfiguration(preferred) ?? image
    }

    open func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages[state.rawValue] = image
        updateClassicContent()
        appearance(key: "setBackgroundImage:\(state.rawValue)", tracked: true) {
            ($0 as? UIButton)?.setBackgroundImage(image, for: state)
        }
    }

    open func backgroundImage(for state: State) -> UIImage? { value(backgroundImages, state) }

    open var currentTitle: String? { title(for: state) }
    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .white }
    open var currentTitleShadowColor: UIColor? { titleShadowColor(for: state) }
    open var currentImage: UIImage? { image(for: state) }
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    open var titleLabel: UILabel? { storedTitleLabel }
    open var imageView: UIImageView? { storedImageView }
    /// A configuration's subtitle label (UIKit's `subtitleLabel`, iOS 15).
    open var subtitleLabel: UILabel? { configuration?.subtitle == nil ? nil : storedSubtitleLabel }

    // Accepted and kept; the look they change (darkened images) is not drawn.
    open var adjustsImageWhenHighlighted = true
    open var adjustsImageWhenDisabled = true
    open var showsTouchWhenHighlighted = false
    open var reversesTitleShadowWhenHighlighted = false
    /// UIAccessibilityContentSizeCategoryImageAdjusting's: kept, as UIImageView's.
    open var adjustsImageSizeForAccessibilityContentSizeCategory = false
    open var menu: UIMenu?
    open var role: Role = .normal
    open var changesSelectionAsPrimaryAction = false

    public enum Role: Int, Sendable {
        case normal, primary, cancel, destructive
    }

    // MARK: Geometry (classic)

    open var contentEdgeInsets: UIEdgeInsets = .zero {
        didSet { geometryChanged() }
    }

    open var titleEdgeInsets: UIEdgeInsets = .zero {
        didSet { setNeedsLayout() }
    }

    open var imageEdgeInsets: UIEdgeInsets = .zero {
        didSet { setNeedsLayout() }
    }

    /// The bounds: the background image fills the button.
    open func backgroundRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The bounds less `contentEdgeInsets` (a configuration's `contentInsets` instead, when set).
    open func contentRect(forBounds bounds: CGRect) -> CGRect {
        if let configuration {
            let insets = configuration.contentInsets
            return bounds.inset(
                by: UIEdgeInsets(
                    top: insets.top, left: insets.leading, bottom: insets.bottom, right: insets.trailing))
        }
        return bounds.inset(by: contentEdgeInsets)
    }

    /// Where iOS may draw the title beyond its label, in the label's coordinates: the label's
    /// rectangle widened about its centre to the title's one-line width where that is wider (a
    /// title wider than its button, whose San Francisco glyphs iOS may draw past the label);
    /// masked with the title. Not the content's height, which would take in a border.
    private func titleMaskArea() -> CGRect {
        let frame = storedTitleLabel.frame
        let line = storedTitleLabel.textSize(wrappingAt: 0, lines: 1).width
        let area = CGRect(origin: .zero, size: frame.size)
        return line > area.width ? area.insetBy(dx: -(line - area.width) / 2, dy: 0) : area
    }

    /// The title's place, beside the image (image first), the pair aligned in `contentRect` by
    /// the content alignments; `titleEdgeInsets` shrink the rectangle it is aligned in, as
    /// UIKit's classic layout does (so insets of `left: w, right: -w` move it right by `w`).
    open func titleRect(forContentRect contentRect: CGRect) -> CGRect {
        if configuration != nil { return configurationLayout(in: contentRect).title }
        let (image, title) = fittedSizes(in: contentRect)
        return place(
            title, after: image.width, in: contentRect.inset(by: titleEdgeInsets),
            run: image.width + title.width,
            isTitle: true)
    }

    /// The image's place, left of the title, aligned as `titleRect(forContentRect:)` says, in
    /// `contentRect` less `imageEdgeInsets`.
    open func imageRect(forContentRect contentRect: CGRect) -> CGRect {
        if configuration != nil { return configurationLayout(in: contentRect).image }
        let (image, title) = fittedSizes(in: contentRect)
        return place(
            image, after: 0, in: contentRect.inset(by: imageEdgeInsets), run: image.width + title.width,
            isTitle: false)
    }

    /// The image at its size, and the title at its own or what is left beside the image (a
    /// title that wraps wrapped there, less `titleEdgeInsets`); each no wider than the content
    /// rectangle, the image no taller. A title keeps its height where the insets leave less: iOS
    /// centres it on the content and draws it whole (a 40 point button with insets of 16 above
    /// and below, gabrieloc/roundrect on iOS 14).
    private func fittedSizes(in rect: CGRect) -> (image: CGSize, title: CGSize) {
        var image = shownImage?.size ?? .zero
        image.width = Swift.min(image.width, Swift.max(rect.width, 0))
        image.height = Swift.min(image.height, Swift.max(rect.height, 0))
        var title = titleSize(
            wrappingAt: rect.width - image.width - titleEdgeInsets.left - titleEdgeInsets.right)
        title.width = Swift.min(title.width, Swift.max(rect.width - image.width, 0))
        return (image, title)
    }

    /// `size` placed at `offset` from the start of a run of `run` points (the image then the
    /// title), the run aligned in `area`; with `.fill` the title takes the width after the image.
    private func place(_ size: CGSize, after offset: CGFloat, in area: CGRect, run: CGFloat, isTitle: Bool)
        -> CGRect
    {
        var r = CGRect(origin: .zero, size: size)
        switch effectiveContentHorizontalAlignment {
        case .left: r.origin.x = area.minX + offset
        case .right: r.origin.x = area.maxX - run + offset
        case .fill:
            r.origin.x = area.minX + offset
            if isTitle { r.size.width = Swift.max(area.width - offset, 0) }
        default: r.origin.x = area.midX - run / 2 + offset
        }
        switch contentVerticalAlignment {
        case .top: r.origin.y = area.minY
        case .bottom: r.origin.y = area.maxY - size.height
        case .fill:
            r.origin.y = area.minY
            r.size.height = area.height
        case .center: r.origin.y = area.midY - size.height / 2
        }
        return r
    }

    /// The most lines the title takes when it wraps (0: any number), nil when it keeps to its
    /// own lines: UIKit wraps a button's title where its label's `numberOfLines` is not 1 or
    /// its line break mode wraps (by word or by character), as a configuration's
    /// `titleLineBreakMode` says of its title ("word and character wrapping modes enable
    /// multiline text", Apple's documentation), which `apply(_:)` gives the label.
    private var titleLineLimit: Int? {
        let label = storedTitleLabel
        if label.numberOfLines != 1 { return label.numberOfLines }
        return label.lineBreakMode.wraps ? 0 : nil
    }

    /// The current title's size in the title label's font, wrapped at `width` when it wraps
    /// and `width` is positive, else its own lines; zero without a title.
    private func titleSize(wrappingAt width: CGFloat = 0) -> CGSize {
        guard let lines = titleLineLimit else { return storedTitleLabel.textSize(wrappingAt: 0, lines: 1) }
        return storedTitleLabel.textSize(wrappingAt: width > 0 ? width : 0, lines: lines)
    }

    /// The width the last layout pass gave a button whose title wraps: the intrinsic height is
    /// the title's wrapped there, and a new width asks for another pass, as a label of several
    /// lines does (UILabel.swift).
    private var laidOutWidth: CGFloat = 0

    /// Classic: the image and the title side by side plus `contentEdgeInsets`. A title with
    /// zero `contentEdgeInsets` has 6 points above and below it, which make UIKit's 30-point
    /// system button of a 15-point title (and which any non-zero inset, UIKit's well-known
    /// `top: 0.01`, takes away). Edge insets of the image and title do not count, as on iOS.
    /// A title that wraps is as wide as its own lines, and as tall as its lines wrapped in the
    /// width the last layout pass gave the button (so a button whose width constraints set
    /// grows to its wrapped title's height at the next pass), as UIKit sizes it.
    open override var intrinsicContentSize: CGSize {
        if let glyphView, currentTitle == nil, currentImage == nil { return glyphView.bounds.size }
        let unwrapped = contentSize(wrappingAt: nil)
        guard titleLineLimit != nil, laidOutWidth > 0 else { return unwrapped }
        return CGSize(width: unwrapped.width, height: contentSize(wrappingAt: laidOutWidth).height)
    }

    /// The image, the title and the insets, the title wrapped (when it wraps) to fit a button
    /// `width` points wide, or on its own lines where `width` is nil.
    private func contentSize(wrappingAt width: CGFloat?) -> CGSize {
        if let configuration {
            let insets = configuration.contentInsets
            let run = configurationRun(width: width.map { $0 - insets.leading - insets.trailing })
            return CGSize(
                width: run.width + insets.leading + insets.trailing,
                height: run.height + insets.top + insets.bottom)
        }
        let image = shownImage?.size ?? .zero
        let insets = contentEdgeInsets
        let title = titleSize(
            wrappingAt: width.map {
                $0 - insets.left - insets.right - image.width - titleEdgeInsets.left - titleEdgeInsets.right
            } ?? 0)
        let padding: CGFloat = contentEdgeInsets == .zero && title.height > 0 ? 12 : 0
        return CGSize(
            width: image.width + title.width + insets.left + insets.right,
            height: Swift.max(image.height, title.height + padding) + insets.top + insets.bottom)
    }

    /// The intrinsic size; a title that wraps wraps in `size`'s width (when positive and
    /// narrower than its own lines), and the size is then that of the wrapped title.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if let glyphView, currentTitle == nil, currentImage == nil { return glyphView.bounds.size }
        let unwrapped = contentSize(wrappingAt: nil)
        guard titleLineLimit != nil, size.width > 0, size.width < unwrapped.width else { return unwrapped }
        return contentSize(wrappingAt: size.width)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if configurationUpdateDue {
            configurationUpdateDue = false
            updateConfiguration()
            configurationUpdateHandler?(self)
        }
        let b = bounds
        if titleLineLimit != nil, b.width != laidOutWidth {
            laidOutWidth = b.width
            invalidateIntrinsicContentSize()
        }
        backgroundView.frame = backgroundRect(forBounds: b)
        if let configuration {
            let corner = configuration.resolvedCornerRadius(height: backgroundView.bounds.height)
            backgroundView.layer.cornerRadius = corner
        }
        let content = contentRect(forBounds: b)
        if configuration != nil {
            let layout = configurationLayout(in: content)
            storedImageView.frame = layout.image
            storedTitleLabel.frame = layout.title
            storedSubtitleLabel.frame = layout.subtitle
        } else {
            storedImageView.frame = imageRect(forContentRect: content)
            storedTitleLabel.frame = titleRect(forContentRect: content)
        }
        storedTitleLabel.textMaskArea = titleMaskArea()
        if let glyphView {
            glyphView.center = CGPoint(x: b.midX, y: b.midY)
        }
    }

    // MARK: State

    override func controlStateChanged() {
        if configuration != nil || configurationUpdateHandler != nil {
            setNeedsUpdateConfiguration()
        }
        updateClassicContent()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateClassicContent()
    }

    /// The title label, which tells its button when the app gives it a tint of its own, or a
    /// number of lines or a line break mode (the button's size follows).
    private final class ButtonTitleLabel: UILabel {
        override func tintColorDidChange() {
            super.tintColorDidChange()
            (superview as? UIButton)?.updateClassicContent()
        }

        override var numberOfLines: Int {
            didSet { (superview as? UIButton)?.geometryChanged() }
        }

        override var lineBreakMode: NSLineBreakMode {
            didSet { (superview as? UIButton)?.geometryChanged() }
        }

        /// A line break mode that wraps draws every line, as the button measures its title.
        override var drawnNumberOfLines: Int {
            numberOfLines == 1 && lineBreakMode.wraps ? 0 : numberOfLines
        }
    }

    private func geometryChanged() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// The subviews show what the current state asks: titles, colours and images, or the
    /// configuration's look.
    private func updateClassicContent() {
        if let configuration {
            apply(configuration)
            return
        }
        let label = storedTitleLabel
        if let attributed = currentAttributedTitle {
            label.attributedText = attributed
        } else {
            label.text = currentTitle
        }
        label.isHidden = (label.text ?? "").isEmpty
        label.textAlignment = .center
        var color = currentTitleColor
        // A system button's title with no colour of its own follows its label's tint, as
        // UIKit's does (the label's text colour follows its tint colour there): the button's
        // tint unless the app set one on `titleLabel`.
        if buttonType != .custom, isEnabled, titleColors[state.rawValue] == nil, titleColors[0] == nil {
            color = label.tintColor
        }
        var imageAlpha: CGFloat = 1
        // A system button fades its title, its image and its background image while highlighted,
        // to 0.2 of their opacity (iOS 14's references of gabrieloc/roundrect: a highlighted
        // background image drawn at alpha 51 reads 11).
        if buttonType != .custom, isHighlighted {
            color = color.withAlphaComponent(color.cgColor.alpha * 0.2)
            imageAlpha = 0.2
        }
        label.textColor = color
        label.shadowColor = currentTitleShadowColor
        storedImageView.image = shownImage
        storedImageView.isHidden = shownImage == nil
        storedImageView.alpha = imageAlpha
        glyphView?.color = buttonType == .infoDark ? .label : (isEnabled ? tintColor : .systemGray)
        glyphView?.alpha = imageAlpha
        backgroundView.image = currentBackgroundImage
        backgroundView.isHidden = currentBackgroundImage == nil
        backgroundView.alpha = imageAlpha
        backgroundView.backgroundColor = nil
        backgroundView.layer.cornerRadius = 0
        backgroundView.layer.borderWidth = 0
        storedSubtitleLabel.isHidden = true
        geometryChanged()
    }

    // MARK: Configuration (iOS 15)

    /// Setting it replaces the classic look with the configuration's; nil restores the classic.
    open var configuration: Configuration? {
        didSet {
            if oldValue != nil, configuration == nil {
                // The classic title keeps to one line unless the app says otherwise.
                storedTitleLabel.numberOfLines = 1
                storedTitleLabel.lineBreakMode = .byTruncatingTail
            }
            updateClassicContent()
            geometryChanged()
        }
    }

    /// Called (after `updateConfiguration()`) at the next layout after the state changes, as
    /// UIKit calls it to restyle the button for its state.
    open var configurationUpdateHandler: ((UIButton) -> Void)? {
        didSet { setNeedsUpdateConfiguration() }
    }

    open var automaticallyUpdatesConfiguration = true
    private var configurationUpdateDue = false

    /// Asks for `updateConfiguration()` and the update handler at the next layout.
    open func setNeedsUpdateConfiguration() {
        configurationUpdateDue = true
        setNeedsLayout()
    }

    /// Does nothing itself: a subclass overrides it to change `configuration` for the state.
    open func updateConfiguration() {}

    /// The configuration as drawn in the current state (UIKit's `updated(for:)`).
    private func apply(_ configuration: Configuration) {
        let look = configuration.resolved(for: self)
        let title = storedTitleLabel
        title.text = configuration.title
        title.isHidden = (configuration.title ?? "").isEmpty
        title.font = configuration.titleFont
        title.textColor = look.foreground
        title.textAlignment = look.textAlignment
        title.lineBreakMode = configuration.titleLineBreakMode
        title.numberOfLines = configuration.titleLineBreakMode.wraps ? 0 : 1
        storedSubtitleLabel.lineBreakMode = configuration.subtitleLineBreakMode
        storedSubtitleLabel.numberOfLines = configuration.subtitleLineBreakMode.wraps ? 0 : 1
        storedSubtitleLabel.text = configuration.subtitle
        storedSubtitleLabel.isHidden = (configuration.subtitle ?? "").isEmpty
        storedSubtitleLabel.font = configuration.subtitleFont
        storedSubtitleLabel.textColor = look.foreground
        storedSubtitleLabel.textAlignment = look.textAlignment
        storedImageView.image = configuration.image
        storedImageView.isHidden = configuration.image == nil
        storedImageView.alpha = 1
        backgroundView.isHidden = false
        backgroundView.image = configuration.background.image
        backgroundView.backgroundColor = look.background
        backgroundView.layer.borderWidth = configuration.background.strokeWidth
        backgroundView.layer.borderColor = (configuration.background.strokeColor ?? look.foreground).cgColor
        backgroundView.clipsToBounds = configuration.background.image != nil
        backgroundView.layer.cornerRadius = configuration.resolvedCornerRadius(
            height: backgroundView.bounds.height)
    }

    /// The title's and subtitle's block and the image, without padding for what is missing;
    /// titles that wrap (by their line break modes) wrap to fit a content `width` (beside the
    /// image, when it leads or trails), or keep to their own lines where it is nil.
    private func configurationSizes(width: CGFloat? = nil)
        -> (image: CGSize, title: CGSize, subtitle: CGSize, block: CGSize)
    {
        let image = configuration?.image?.size ?? .zero
        var textWidth = width ?? 0
        if let configuration, configuration.imagePlacement != .top, configuration.imagePlacement != .bottom,
            image.width > 0
        {
            textWidth -= image.width + configuration.imagePadding
        }
        func measured(_ label: UILabel) -> CGSize {
            guard label.numberOfLines != 1 else { return label.textSize(wrappingAt: 0, lines: 1) }
            return label.textSize(
                wrappingAt: width == nil ? 0 : Swift.max(textWidth, 1), lines: label.numberOfLines)
        }
        let title = measured(storedTitleLabel)
        let subtitle = measured(storedSubtitleLabel)
        let gap = title.height > 0 && subtitle.height > 0 ? configuration?.titlePadding ?? 0 : 0
        let block = CGSize(
            width: Swift.max(title.width, subtitle.width), height: title.height + gap + subtitle.height)
        return (image, title, subtitle, block)
    }

    /// The image and the titles' block, with `imagePadding` between them when both are there;
    /// the titles wrapped to fit a content `width` (nil: on their own lines).
    private func configurationRun(width: CGFloat? = nil) -> CGSize {
        let s = configurationSizes(width: width)
        let both = s.image.width > 0 && s.block.width > 0
        let padding = both ? configuration?.imagePadding ?? 0 : 0
        let placement = configuration?.imagePlacement ?? .leading
        if placement == .top || placement == .bottom {
            return CGSize(
                width: Swift.max(s.image.width, s.block.width),
                height: s.image.height + padding + s.block.height)
        }
        return CGSize(
            width: s.image.width + padding + s.block.width, height: Swift.max(s.image.height, s.block.height))
    }

    private func configurationLayout(in content: CGRect) -> (image: CGRect, title: CGRect, subtitle: CGRect) {
        let s = configurationSizes(width: content.width)
        let run = configurationRun(width: content.width)
        let placement = configuration?.imagePlacement ?? .leading
        let both = s.image.width > 0 && s.block.width > 0
        let padding = both ? configuration?.imagePadding ?? 0 : 0
        var origin = CGPoint(x: content.midX - run.width / 2, y: content.midY - run.height / 2)
        switch effectiveContentHorizontalAlignment {
        case .left, .fill: origin.x = content.minX
        case .right: origin.x = content.maxX - run.width
        default: break
        }
        var image = CGRect(origin: origin, size: s.image)
        var block = CGRect(origin: origin, size: s.block)
        switch placement {
        case .top:
            image.origin.x = origin.x + (run.width - s.image.width) / 2
            block.origin.x = origin.x + (run.width - s.block.width) / 2
            block.origin.y = origin.y + s.image.height + padding
        case .bottom:
            block.origin.x = origin.x + (run.width - s.block.width) / 2
            image.origin.x = origin.x + (run.width - s.image.width) / 2
            image.origin.y = origin.y + s.block.height + padding
        case .trailing:
            block.origin.y = origin.y + (run.height - s.block.height) / 2
            image.origin.x = origin.x + s.block.width + padding
            image.origin.y = origin.y + (run.height - s.image.height) / 2
        default:
            image.origin.y = origin.y + (run.height - s.image.height) / 2
            block.origin.x = origin.x + s.image.width + padding
            block.origin.y = origin.y + (run.height - s.block.height) / 2
        }
        let gap = s.title.height > 0 && s.subtitle.height > 0 ? configuration?.titlePadding ?? 0 : 0
        let title = CGRect(x: block.minX, y: block.minY, width: block.width, height: s.title.height)
        let subtitle = CGRect(
            x: block.minX, y: block.minY + s.title.height + gap, width: block.width, height: s.subtitle.height
        )
        return (image, title, subtitle)
    }
}

/// The glyph of a system button type that has one: a circled "i" (22 points), a circled plus
/// (22 points) or the close button's cross on a grey disc (30 points), drawn in `draw(_:)`.
final class ButtonGlyphView: UIView {
    enum Glyph {
        case info, add, close

        init?(_ type: UIButton.ButtonType) {
            switch type {
            case .detailDisclosure, .infoLight, .infoDark: self = .info
            case .contactAdd: self = .add
            case .close: self = .close
            default: return nil
            }
        }
    }

    let glyph: Glyph
    var color: UIColor = .systemBlue {
        didSet { setNeedsDisplay() }
    }

    init(_ glyph: Glyph) {
        self.glyph = glyph
        let side: CGFloat = glyph == .close ? 30 : 22
        super.init(frame: CGRect(x: 0, y: 0, width: side, height: side))
        backgroundColor = nil
        isOpaque = false
        isUserInteractionEnabled = false
    }

    required init?(coder: NSCoder) { return nil }

    override func draw(_ rect: CGRect) {
        let b = bounds
        let centre = CGPoint(x: b.midX, y: b.midY)
        if glyph == .close {
            UIColor.systemGray5.setFill()
            UIBezierPath(ovalIn: b).fill()
            let cross = UIBezierPath()
            let arm = b.width * 0.17
            cross.move(to: CGPoint(x: centre.x - arm, y: centre.y - arm))
            cross.addLine(to: CGPoint(x: centre.x + arm, y: centre.y + arm))
            cross.move(to: CGPoint(x: centre.x + arm, y: centre.y - arm))
            cross.addLine(to: CGPoint(x: centre.x - arm, y: centre.y + arm))
            cross.lineWidth = 2.5
            cross.lineCapStyle = .round
            UIColor.systemGray.setStroke()
            cross.stroke()
            return
        }
        color.setStroke()
        color.setFill()
        let ring = UIBezierPath(ovalIn: b.insetBy(dx: 1.5, dy: 1.5))
        ring.lineWidth = 1.5
        ring.stroke()
        if glyph == .add {
            let plus = UIBezierPath()
            plus.move(to: CGPoint(x: centre.x - 5, y: centre.y))
            plus.addLine(to: CGPoint(x: centre.x + 5, y: centre.y))
            plus.move(to: CGPoint(x: centre.x, y: centre.y - 5))
            plus.addLine(to: CGPoint(x: centre.x, y: centre.y + 5))
            plus.lineWidth = 1.5
            plus.stroke()
        } else {
            UIBezierPath(ovalIn: CGRect(x: centre.x - 1.25, y: centre.y - 6.5, width: 2.5, height: 2.5))
                .fill()
            UIBezierPath(rect: CGRect(x: centre.x - 1, y: centre.y - 2.5, width: 2, height: 8)).fill()
        }
    }
}

extension UIButton: UIAccessibilityContentSizeCategoryImageAdjusting {}

extension NSLineBreakMode {
    /// Word and character wrapping: the modes that break text into lines.
    var wraps: Bool { self == .byWordWrapping || self == .byCharWrapping }
}
