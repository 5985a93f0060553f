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
        layer.cornerRadius = style.roundedCorners.isEmpty ? 0 : 10
        layer.maskedCorners = style.roundedCorners.isEmpty ? CACornerMask.all : style.roundedCorners
        clipsToBounds = !style.roundedCorners.isEmpty
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

    /// The accessories at their own sizes, centred vertically, 16 points from the edges and 10
    /// apart (*chosen*, as a table cell's accessory); the content view between them, indented by
    /// `indentationLevel`.
    open override func layoutSubviews() {
        let b = bounds
        let indent = CGFloat(indentationLevel) * indentationWidth
        var leading = indent
        var trailing = b.width
        for (view, isLeading) in accessoryViews {
            let size = view.bounds.size
            let y = ((b.height - size.height) / 2).rounded()
            if isLeading {
                leading += 16
                view.frame = CGRect(x: leading, y: y, width: size.width, height: size.height)
                leading += size.width
            } else {
                trailing -= 16
                view.frame = CGRect(x: trailing - size.width, y: y, width: size.width, height: size.height)
                trailing -= size.width
            }
        }
        if accessoryViews.contains(where: { !$0.leading }) { trailing -= 10 - 16 }
        if accessoryViews.contains(where: { $0.leading }) { leading -= 16 - 10 }
        contentView.frame = CGRect(
            x: leading, y: 0, width: Swift.max(0, trailing - leading), height: b.height)
        super.layoutSubviews()
        separatorLayoutGuide.solvedFrame = CGRect(
            x: automaticSeparatorLeadingInset, y: b.height,
            width: Swift.max(0, b.width - automaticSeparatorLeadingInset),
            height: 0)
    }
}
