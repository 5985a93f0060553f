import Foundation
import FrameGenQuartzCore

/// A list's cell (iOS 14): a list content configuration for its text and image, accessories
/// beside the content, and its list's background, corners and separator (docs/uikit.md
/// "Lists").
open class UICollectionViewListCell: UICollectionViewCell {
    /// Shown beside the content: the trailing ones from the trailing edge inwards in order, the
    /// leading ones from the leading edge.
    open var accessories: [UICellAccessory] = [] {
        didSet { remakeAccessories() }
    }

    /// Kept: framegen has no editing mode.
    open var leadingEditingAccessories: [UICellAccessory] = []
    open var trailingEditingAccessories: [UICellAccessory] = []

    open var indentationLevel = 0 {
        didSet { setNeedsLayout() }
    }
    open var indentationWidth: CGFloat = 10
    open var indentsAccessories = true

    /// Where the separator lies: from the text's leading edge to the cell's trailing edge.
    public let separatorLayoutGuide = UILayoutGuide()

    private var accessoryViews: [(view: UIView, leading: Bool)] = []
    /// Whether the program set the background colour (the list's then stays off).
    private var programBackground = false

    open override var backgroundColor: UIColor? {
        didSet { programBackground = true }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        separatorLayoutGuide.owningView = self
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// A list cell's text and image: `UIListContentConfiguration.cell()`.
    open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }

    /// The list's background for the cell's appearance.
    open override func defaultBackgroundConfiguration() -> UIBackgroundConfiguration {
        listItemStyle?.background == .secondarySystemGroupedBackground ? .listGroupedCell() : .listPlainCell()
    }

    /// At the text of a list configuration's content, else at the content view's margin.
    open override var automaticSeparatorLeadingInset: CGFloat {
        if let list = configuredContentView as? UIListContentView, let x = list.textLeading {
            return contentView.frame.minX + list.frame.minX + x
        }
        return contentView.frame.minX + contentView.layoutMargins.left
    }

    override func applyListItemStyle() {
        super.applyListItemStyle()
        guard let style = listItemStyle else { return }
        if !programBackground, backgroundConfiguration == nil, backgroundView == nil {
            super.backgroundColor = style.background
        }
        roundInsetGroupedCorners(style.roundedCorners)
    }

    private func remakeAccessories() {
        for (view, _) in accessoryViews { view.removeFromSuperview() }
        accessoryViews = accessories.compactMap { accessory in
            guard accessory.isShown(editing: false), let view = accessory.makeView() else { return nil }
            return (view, accessory.isLeading)
        }
        for (view, _) in accessoryViews { addSubview(view) }
        setNeedsLayout()
    }

    /// The accessories at their own sizes, centred vertically, the outermost 16 points from the
    /// edge and each next one 10 points in (*chosen*, as a table cell's accessory); the content
    /// view between them, indented by `indentationLevel`, ends where they begin.
    open override func layoutSubviews() {
        let b = bounds
        var leading = CGFloat(indentationLevel) * indentationWidth
        var trailing = b.width
        var (leadingGap, trailingGap): (CGFloat, CGFloat) = (16, 16)
        for (view, isLeading) in accessoryViews {
            let size = view.bounds.size
            let y = ((b.height - size.height) / 2).rounded()
            if isLeading {
                leading += leadingGap
                view.frame = CGRect(x: leading, y: y, width: size.width, height: size.height)
                leading += size.width
                leadingGap = 10
            } else {
                trailing -= trailingGap
                view.frame = CGRect(x: trailing - size.width, y: y, width: size.width, height: size.height)
                trailing -= size.width
                trailingGap = 10
            }
        }
        contentView.frame = CGRect(
            x: leading, y: 0, width: Swift.max(0, trailing - leading), height: b.height)
        super.layoutSubviews()
        let separatorStart = automaticSeparatorLeadingInset
        separatorLayoutGuide.solvedFrame = CGRect(
            x: separatorStart, y: b.height, width: Swift.max(0, b.width - separatorStart), height: 0)
    }
}
