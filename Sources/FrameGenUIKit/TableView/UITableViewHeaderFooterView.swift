import Foundation

/// A section's header or footer. The table view makes one for a section title
/// (`titleForHeaderInSection`) and styles the labels of any it shows as iOS does: a plain
/// table's header 17 pt semibold on the grouped background grey, a grouped table's 13 pt
/// secondary label colour, upper case for a title header (docs/uikit.md "Tables").
open class UITableViewHeaderFooterView: UIView {
    /// The identifier the view was made or dequeued with.
    open internal(set) var reuseIdentifier: String?

    open private(set) var contentView = UIView(frame: .zero)

    private var storedTextLabel: UILabel?
    private var storedDetailTextLabel: UILabel?

    /// Made and put in the content view when first read, as on iOS.
    open var textLabel: UILabel? {
        if let storedTextLabel { return storedTextLabel }
        let label = UILabel(frame: .zero)
        storedTextLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    open var detailTextLabel: UILabel? {
        if let storedDetailTextLabel { return storedDetailTextLabel }
        let label = UILabel(frame: .zero)
        label.font = UIFont.systemFont(ofSize: 13)
        label.textColor = .secondaryLabel
        storedDetailTextLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    /// Behind the content view, filling the view.
    open var backgroundView: UIView? {
        didSet {
            guard oldValue !== backgroundView else { return }
            oldValue?.removeFromSuperview()
            if let backgroundView {
                backgroundView.frame = bounds
                insertSubview(backgroundView, at: 0)
            }
        }
    }

    /// A list configuration sets the text label (*chosen*: the secondary text goes to the
    /// detail label).
    open var contentConfiguration: UIContentConfiguration? {
        didSet {
            guard let list = contentConfiguration as? UIListContentConfiguration else { return }
            textLabel?.text = list.text
            textLabel?.font = list.textProperties.font
            textLabel?.textColor = list.textProperties.color
            if let secondary = list.secondaryText { detailTextLabel?.text = secondary }
            styledByTable = true
        }
    }

    open func defaultContentConfiguration() -> UIListContentConfiguration {
        tableStyle == .plain ? .plainHeader() : .groupedHeader()
    }

    open func prepareForReuse() {}

    /// Where the table puts the view, and how it lays the text out.
    var tableStyle: UITableView.Style = .plain
    var isFooter = false
    /// The leading inset of the text: 16, and 20 more in an inset grouped table.
    var textInset: CGFloat = 16
    /// Set when the program styled the labels itself (a content configuration).
    var styledByTable = false

    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        setUpHeaderFooter()
    }

    private func setUpHeaderFooter() {
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    public convenience override init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        reuseIdentifier = (coder as? InterfaceBuilderCoder)?.element["reuseIdentifier"]
        super.init(coder: coder)
        setUpHeaderFooter()
        InterfaceBuilder.decode(self, coder: coder, at: UITableViewHeaderFooterView.self)
    }

    /// framegen's: a view of this very class, made with `init(reuseIdentifier:)`, written by the
    /// port as `UITableViewCell.makeByClass(style:reuseIdentifier:)` is. Nil where none did.
    open class func makeByClass(reuseIdentifier: String?) -> UITableViewHeaderFooterView? { nil }

    /// The fonts and colours of the table's style, set by the table before it shows the view
    /// (iOS restyles the text label of a header it shows, too).
    func styleForTable(_ style: UITableView.Style, footer: Bool, inset: CGFloat) {
        tableStyle = style
        isFooter = footer
        textInset = inset
        guard !styledByTable, let label = storedTextLabel else { return }
        if style == .plain && !footer {
            label.font = UIFont.systemFont(ofSize: 17, weight: .semibold)
            label.textColor = .label
        } else {
            label.font = UIFont.systemFont(ofSize: 13)
            label.textColor = .secondaryLabel
        }
    }

    /// The height a header or footer showing `title` takes where the table sizes it
    /// (`automaticDimension`): 28 points in a plain table (*chosen*), 38 for a grouped table's
    /// header (*chosen*), and for a grouped footer its lines between 7 and 17 points.
    static func titleHeight(_ title: String, style: UITableView.Style, footer: Bool) -> CGFloat {
        if style == .plain { return 28 }
        if !footer { return 38 }
        let lines = CGFloat(Swift.max(1, title.split(whereSeparator: \.isNewline).count))
        return (7 + lines * UIFont.systemFont(ofSize: 13).lineHeight + 17).rounded(.up)
    }

    open override func layoutSubviews() {
        contentView.frame = bounds
        backgroundView?.frame = bounds
        super.layoutSubviews()
        guard let label = storedTextLabel, label.text?.isEmpty == false else { return }
        let size = label.intrinsicContentSize
        let width = Swift.max(0, bounds.width - textInset * 2)
        let y: CGFloat
        if tableStyle == .plain {
            y = ((bounds.height - size.height) / 2).rounded()
        } else if isFooter {
            y = 7
        } else {
            y = bounds.height - 7 - size.height
        }
        label.frame = CGRect(x: textInset, y: y, width: width, height: size.height)
        if let detail = storedDetailTextLabel, detail.text?.isEmpty == false {
            let d = detail.intrinsicContentSize
            detail.frame = CGRect(
                x: bounds.width - textInset - d.width, y: y, width: d.width, height: d.height)
        }
    }
}

/// framegen's: a header or footer class a table view can make by its class (as
/// `ReusableTableViewCellByClass` is for cells): `extension SectionHeader:
/// ReusableTableViewHeaderFooterViewByClass {}` on a final class.
public protocol ReusableTableViewHeaderFooterViewByClass: UITableViewHeaderFooterView {
    init(reuseIdentifier: String?)
}
