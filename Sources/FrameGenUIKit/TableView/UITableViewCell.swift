import Foundation

/// A table view's row: a content view holding the style's labels and image (made when first
/// read, as UIKit makes them), an accessory on the trailing side, background views behind, and
/// the separator the table asks for along its bottom (docs/uikit.md "Tables").
open class UITableViewCell: UIView {
    public enum CellStyle: Int, Sendable {
        case `default`
        case value1
        case value2
        case subtitle
    }

    /// UIKit's raw values.
    public enum AccessoryType: Int, Sendable {
        case none
        case disclosureIndicator
        case detailDisclosureButton
        case checkmark
        case detailButton
    }

    public enum SelectionStyle: Int, Sendable {
        case none
        case blue
        case gray
        case `default`
    }

    public enum SeparatorStyle: Int, Sendable {
        case none
        case singleLine
        case singleLineEtched
    }

    public enum EditingStyle: Int, Sendable {
        case none
        case delete
        case insert
    }

    public enum FocusStyle: Int, Sendable {
        case `default`
        case custom
    }

    /// The style the cell was made with.
    let cellStyle: CellStyle

    /// The identifier the cell was made or dequeued with.
    open internal(set) var reuseIdentifier: String?

    /// Where a cell's own subviews go; it fills the cell but for the accessory and the separator.
    open private(set) var contentView = UIView(frame: .zero)

    private var storedTextLabel: UILabel?
    private var storedDetailTextLabel: UILabel?
    private var storedImageView: UIImageView?

    /// The style's main label (17 pt, label colour), made and put in the content view when first
    /// read, as on iOS.
    open var textLabel: UILabel? {
        if let storedTextLabel { return storedTextLabel }
        let label = UILabel(frame: .zero)
        if cellStyle == .value2 {
            label.font = UIFont.systemFont(ofSize: 15, weight: .semibold)
            label.textColor = tintColor
            label.textAlignment = .right
        }
        storedTextLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    /// nil for `.default`; 17 pt secondary label colour for `.value1`, 15 pt for `.value2` and
    /// `.subtitle` (label colour, *chosen*).
    open var detailTextLabel: UILabel? {
        if let storedDetailTextLabel { return storedDetailTextLabel }
        if cellStyle == .default { return nil }
        let label = UILabel(frame: .zero)
        switch cellStyle {
        case .value1: label.textColor = .secondaryLabel
        case .value2, .subtitle: label.font = UIFont.systemFont(ofSize: 15)
        case .default: break
        }
        storedDetailTextLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    /// Leading, before the labels; sized to its image.
    open var imageView: UIImageView? {
        if let storedImageView { return storedImageView }
        let view = UIImageView(frame: .zero)
        storedImageView = view
        contentView.addSubview(view)
        setNeedsLayout()
        return view
    }

    open var accessoryType: AccessoryType = .none {
        didSet { if accessoryType != oldValue { updateAccessory() } }
    }

    /// Shown in place of `accessoryType`'s glyph, at its own size, on the trailing side.
    open var accessoryView: UIView? {
        didSet {
            guard oldValue !== accessoryView else { return }
            updateAccessory()
        }
    }

    /// Kept: framegen has no editing mode.
    open var editingAccessoryType: AccessoryType = .none
    open var editingAccessoryView: UIView?
    open var isEditing = false
    open var showsReorderControl = false
    open var shouldIndentWhileEditing = true
    open var indentationLevel = 0 {
        didSet { setNeedsLayout() }
    }
    open var indentationWidth: CGFloat = 10
    open var focusStyle: FocusStyle = .default
    open var userInteractionEnabledWhileDragging = false

    open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }

    /// While selected or highlighted, the selected background view shows: yours, or a grey one
    /// (`.systemGray4`, *chosen*); `.none` shows none.
    open var selectionStyle: SelectionStyle = .default {
        didSet { arrangeBackgrounds() }
    }

    open var isSelected = false {
        didSet { arrangeBackgrounds() }
    }

    open var isHighlighted = false {
        didSet { arrangeBackgrounds() }
    }

    /// Sets `isSelected` at once (no animation).
    open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }

    open func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }

    /// Behind the content view, filling the cell.
    open var backgroundView: UIView? {
        didSet {
            guard oldValue !== backgroundView else { return }
            oldValue?.removeFromSuperview()
            arrangeBackgrounds()
        }
    }

    open var selectedBackgroundView: UIView? {
        didSet {
            guard oldValue !== selectedBackgroundView else { return }
            oldValue?.removeFromSuperview()
            arrangeBackgrounds()
        }
    }

    open var multipleSelectionBackgroundView: UIView?

    /// Kept; drawn as a background colour and corner radius when it has them.
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { applyBackgroundConfiguration() }
    }

    /// Where the separator below the row starts and ends: 16 points from the leading edge on an
    /// iPhone, as on iOS. A table's own `separatorInset` applies where the cell keeps this.
    open var separatorInset = UITableViewCell.defaultSeparatorInset {
        didSet { separatorInsetSet = true }
    }

    static let defaultSeparatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    private(set) var separatorInsetSet = false

    /// The side margin its table gives it (`UITableView.cellSideMargin`): the content view's
    /// leading and trailing margins where they are the default, and the accessory's inset.
    var sideMargin: CGFloat = 16 {
        didSet { if sideMargin != oldValue { setNeedsLayout() } }
    }

    /// Made by the table (or by the default selection style) and kept as the cell's own.
    private let defaultSelectedBackground = UIView(frame: .zero)
    private let separatorView = UIView(frame: .zero)
    private var accessoryContainer: UIView?
    /// Whether the program set the background colour (the table then keeps its own off).
    private var programBackgroundColor = false

    open override var backgroundColor: UIColor? {
        didSet { programBackgroundColor = true }
    }

    /// What the table tells the cell to draw below its content: the separator's colour and
    /// insets, or nil for none; its height is one pixel of the screen.
    struct Separator {
        var color: UIColor
        var insets: UIEdgeInsets
    }

    var separator: Separator? {
        didSet { setNeedsLayout() }
    }

    public init(style: CellStyle, reuseIdentifier: String?) {
        cellStyle = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        setUpCell()
    }

    private func setUpCell() {
        contentView.frame = bounds
        contentView.layoutMargins = UIEdgeInsets(top: 11, left: 16, bottom: 11, right: 16)
        addSubview(contentView)
        separatorView.isUserInteractionEnabled = false
        separatorView.isHidden = true
        addSubview(separatorView)
        defaultSelectedBackground.backgroundColor = .systemGray4
        super.backgroundColor = .systemBackground
    }

    /// A `.default` cell without an identifier, as UIKit's `init(frame:)` is.
    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        cellStyle = InterfaceBuilder.cellStyle(coder)
        reuseIdentifier = (coder as? InterfaceBuilderCoder)?.element["reuseIdentifier"]
        super.init(coder: coder)
        frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        // A cell from a file has only the background the file gives it until a table shows it
        // (iOS 13's references of nopparitP/SnapshotTest: a nib's cell drawn alone is clear).
        let decoded = super.backgroundColor
        setUpCell()
        super.backgroundColor = decoded
        InterfaceBuilder.decode(self, coder: coder, at: UITableViewCell.self)
    }

    /// framegen's: a cell of this very class, made with `init(style:reuseIdentifier:)`, so that a
    /// table view makes a class registered by its type; the port of an app's files writes the
    /// override (`UICollectionReusableView.makeByClass(frame:)` says why). Nil where none did.
    open class func makeByClass(style: CellStyle, reuseIdentifier: String?) -> UITableViewCell? { nil }

    /// Called before a dequeued cell is handed out again.
    open func prepareForReuse() {}

    /// The table's background for its style (`.systemBackground`, or the grouped cells'
    /// `.secondarySystemGroupedBackground`), unless the program set one.
    func applyTableBackground(_ color: UIColor) {
        guard !programBackgroundColor, backgroundConfiguration?.backgroundColor == nil else { return }
        super.backgroundColor = color
    }

    private func applyBackgroundConfiguration() {
        guard let configuration = backgroundConfiguration else { return }
        if let color = configuration.backgroundColor { super.backgroundColor = color }
        layer.cornerRadius = configuration.cornerRadius
    }

    // MARK: Content configuration

    /// A list configuration for the cell's style, as on iOS 14.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch cellStyle {
        case .default: return .cell()
        case .value1: return .valueCell()
        case .value2: return .valueCell()
        case .subtitle: return .subtitleCell()
        }
    }

    /// A `UIListContentConfiguration` is applied to the cell's own labels and image view (iOS
    /// makes a list content view in their place, which draws the same); other configurations
    /// make their content view, which fills the content view.
    open var contentConfiguration: UIContentConfiguration? {
        didSet { applyContentConfiguration() }
    }

    private var configuredContentView: UIView?
    /// Set while a list configuration sets the labels: their style is the configuration's.
    private(set) var listConfiguration: UIListContentConfiguration?

    private func applyContentConfiguration() {
        configuredContentView?.removeFromSuperview()
        configuredContentView = nil
        listConfiguration = nil
        guard let configuration = contentConfiguration else { return }
        if let list = configuration as? UIListContentConfiguration {
            listConfiguration = list
            list.apply(to: self)
        } else {
            configuredContentView = configuration.makeContentView(filling: contentView)
        }
        setNeedsLayout()
    }

    /// The labels as a list configuration sets them (the style it implies).
    var layoutStyle: CellStyle { listConfiguration?.cellStyle ?? cellStyle }

    /// The label for the secondary text of a list configuration, whatever the cell's style.
    func configurationDetailLabel() -> UILabel {
        if let storedDetailTextLabel { return storedDetailTextLabel }
        let label = UILabel(frame: .zero)
        storedDetailTextLabel = label
        contentView.addSubview(label)
        return label
    }

    // MARK: Layout

    /// The separator's height: one pixel of the screen.
    var hairline: CGFloat { 1 / Swift.max(1, traitCollection.displayScale) }

    open override func layoutSubviews() {
        layoutContentView()
        let b = bounds
        let separatorHeight = separator == nil ? 0 : hairline
        if let separator {
            separatorView.isHidden = false
            separatorView.backgroundColor = separator.color
            separatorView.frame = CGRect(
                x: separator.insets.left, y: b.height - separatorHeight,
                width: Swift.max(0, b.width - separator.insets.left - separator.insets.right),
                height: separatorHeight)
            bringSubviewToFront(separatorView)
        } else {
            separatorView.isHidden = true
        }
        for view in [backgroundView, selectedBackgroundView, defaultSelectedBackground] {
            view?.frame = b
        }
        super.layoutSubviews()
        layoutLabels()
    }

    /// The accessory on the trailing side, and the content view beside it, above the
    /// separator.
    private func layoutContentView() {
        let b = bounds
        let separatorHeight = separator == nil ? 0 : hairline
        var contentWidth = b.width
        if let accessory = accessoryContainer {
            let size = accessory.bounds.size
            let x = b.width - sideMargin - size.width
            accessory.frame = CGRect(
                x: x, y: ((b.height - separatorHeight - size.height) / 2).rounded(), width: size.width,
                height: size.height)
            contentWidth = x
        }
        contentView.frame = CGRect(x: 0, y: 0, width: contentWidth, height: b.height - separatorHeight)
        var margins = contentView.layoutMargins
        let trailing: CGFloat = accessoryContainer == nil ? sideMargin : 10
        // A leading margin the program set is its own; the default follows the table's.
        let leading = [16, 20].contains(margins.left) ? sideMargin : margins.left
        if margins.right != trailing || margins.left != leading {
            (margins.left, margins.right) = (leading, trailing)
            contentView.layoutMargins = margins
        }
    }

    /// The style's labels in the content view: 16-point margins, centred vertically (iOS's
    /// layouts for each style; *chosen* where Apple is silent, docs/uikit.md "Tables").
    private func layoutLabels() {
        guard storedTextLabel != nil || storedDetailTextLabel != nil || storedImageView != nil else { return }
        let c = contentView.bounds
        let margins = contentView.layoutMargins
        var x = margins.left + CGFloat(indentationLevel) * indentationWidth
        let right = c.width - margins.right
        if let imageView = storedImageView, let image = imageView.image {
            let size = image.size
            imageView.frame = CGRect(
                x: x, y: ((c.height - size.height) / 2).rounded(), width: size.width, height: size.height)
            x = imageView.frame.maxX + 16
        } else {
            storedImageView?.frame = .zero
        }
        let text = storedTextLabel.map { ($0, Self.size(of: $0)) }
        let detail = storedDetailTextLabel.map { ($0, Self.size(of: $0)) }
        func centred(_ label: UILabel, _ size: CGSize, x: CGFloat, width: CGFloat) {
            label.frame = CGRect(
                x: x, y: ((c.height - size.height) / 2).rounded(), width: Swift.max(0, width),
                height: size.height)
        }
        switch layoutStyle {
        case .default:
            if let (label, size) = text { centred(label, size, x: x, width: right - x) }
        case .value1:
            var textRight = right
            if let (label, size) = detail, label.text?.isEmpty == false {
                let width = Swift.min(size.width, right - x)
                centred(label, size, x: right - width, width: width)
                textRight = right - width - 8
            } else {
                detail?.0.frame = .zero
            }
            if let (label, size) = text {
                centred(label, size, x: x, width: Swift.min(size.width, textRight - x))
            }
        case .value2:
            let column = ((right - x) * 0.25).rounded()
            if let (label, size) = text { centred(label, size, x: x, width: column) }
            if let (label, size) = detail {
                centred(label, size, x: x + column + 6, width: right - x - column - 6)
            }
        case .subtitle:
            let textHeight = text?.0.text?.isEmpty == false ? text!.1.height : 0
            let detailHeight = detail?.0.text?.isEmpty == false ? detail!.1.height : 0
            let top = ((c.height - textHeight - detailHeight) / 2).rounded()
            text?.0.frame = CGRect(x: x, y: top, width: Swift.max(0, right - x), height: textHeight)
            detail?.0.frame = CGRect(
                x: x, y: top + textHeight, width: Swift.max(0, right - x), height: detailHeight)
        }
    }

    /// A label's one-line size (zero without text).
    private static func size(of label: UILabel) -> CGSize {
        guard label.text?.isEmpty == false else { return .zero }
        let s = label.intrinsicContentSize
        return CGSize(width: Swift.max(0, s.width), height: s.height)
    }

    /// The height the row needs at `width` when the table sizes it (`automaticDimension`): the
    /// content view's constraints where they place its subviews (`systemLayoutSizeFitting`, the
    /// width fixed), else the style's labels between 11-point margins, at least 44 points,
    /// iOS's minimum for a row; plus the separator.
    func fittingHeight(width: CGFloat, separatorHeight: CGFloat) -> CGFloat {
        frame.size.width = width
        layoutContentView()
        if contentView.laysOutByConstraints {
            let fitted = contentView.systemLayoutSizeFitting(
                CGSize(width: contentView.bounds.width, height: 0),
                withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
            return fitted.height + separatorHeight
        }
        var labels: CGFloat = 0
        let heights = [storedTextLabel, storedDetailTextLabel].map {
            $0.map(Self.size(of:)).map(\.height) ?? 0
        }
        labels = layoutStyle == .subtitle ? heights.reduce(0, +) : (heights.max() ?? 0)
        if let image = storedImageView?.image { labels = Swift.max(labels, image.size.height) }
        let grid = Swift.max(1, traitCollection.displayScale)
        let content = ((labels + 22) * grid).rounded(.up) / grid
        return Swift.max(44, content + separatorHeight)
    }

    // MARK: Backgrounds and accessory

    private func arrangeBackgrounds() {
        let selected = (isSelected || isHighlighted) && selectionStyle != .none
        let chosen = selectedBackgroundView ?? defaultSelectedBackground
        for view in [selectedBackgroundView, defaultSelectedBackground] where view !== chosen || !selected {
            view?.removeFromSuperview()
        }
        if let backgroundView {
            backgroundView.frame = bounds
            insertSubview(backgroundView, at: 0)
        }
        if selected {
            chosen.frame = bounds
            insertSubview(chosen, belowSubview: contentView)
        }
    }

    private func updateAccessory() {
        accessoryContainer?.removeFromSuperview()
        accessoryContainer = nil
        if let accessoryView {
            accessoryContainer = accessoryView
        } else if accessoryType != .none {
            accessoryContainer = AccessoryGlyphView(accessoryType)
        }
        if let accessoryContainer { addSubview(accessoryContainer) }
        setNeedsLayout()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        accessoryContainer?.setNeedsDisplay()
    }
}

/// The glyph of an accessory type, drawn in `draw(_:)`: a chevron 8 x 13 in tertiary label grey
/// (disclosure), a check mark 14 x 12 in the tint colour, a circled "i" 22 x 22 in the tint
/// colour (detail), or both the "i" and the chevron, 12 points apart (*chosen*).
final class AccessoryGlyphView: UIView {
    let type: UITableViewCell.AccessoryType

    init(_ type: UITableViewCell.AccessoryType) {
        self.type = type
        let size: CGSize
        switch type {
        case .disclosureIndicator: size = CGSize(width: 8, height: 13)
        case .checkmark: size = CGSize(width: 14, height: 12)
        case .detailButton: size = CGSize(width: 22, height: 22)
        case .detailDisclosureButton: size = CGSize(width: 42, height: 22)
        case .none: size = .zero
        }
        super.init(frame: CGRect(origin: .zero, size: size))
        backgroundColor = nil
        isOpaque = false
        if type == .detailButton || type == .detailDisclosureButton {
            let info = ButtonGlyphView(.info)
            info.frame.origin = .zero
            addSubview(info)
        }
    }

    required init?(coder: NSCoder) { return nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        if let info = subviews.first as? ButtonGlyphView { info.color = tintColor }
    }

    override func draw(_ rect: CGRect) {
        let b = bounds
        switch type {
        case .disclosureIndicator, .detailDisclosureButton:
            let chevron = UIBezierPath()
            let left = b.maxX - 8 + 1.5
            let midY = b.midY
            chevron.move(to: CGPoint(x: left, y: midY - 5.5))
            chevron.addLine(to: CGPoint(x: b.maxX - 1.5, y: midY))
            chevron.addLine(to: CGPoint(x: left, y: midY + 5.5))
            chevron.lineWidth = 2
            chevron.lineCapStyle = .round
            chevron.lineJoinStyle = .round
            UIColor.tertiaryLabel.setStroke()
            chevron.stroke()
        case .checkmark:
            let check = UIBezierPath()
            check.move(to: CGPoint(x: b.minX + 1.5, y: b.midY + 0.5))
            check.addLine(to: CGPoint(x: b.minX + 5.5, y: b.maxY - 1.5))
            check.addLine(to: CGPoint(x: b.maxX - 1.5, y: b.minY + 1.5))
            check.lineWidth = 2
            check.lineCapStyle = .round
            check.lineJoinStyle = .round
            tintColor.setStroke()
            check.stroke()
        case .detailButton, .none:
            break
        }
    }
}

/// framegen's: a table cell class a table view can make by its class, as UIKit does for
/// `register(_:forCellReuseIdentifier:)`. Swift makes a class chosen at run time only through a
/// required initialiser, which UIKit's cells do not have; a final class gets one by conforming,
/// with no code: `extension ContactCell: ReusableTableViewCellByClass {}`. Without it, or a
/// factory (`register(_:forCellReuseIdentifier:)` with a closure), framegen draws a plain cell
/// and says so.
public protocol ReusableTableViewCellByClass: UITableViewCell {
    init(style: UITableViewCell.CellStyle, reuseIdentifier: String?)
}
