import Foundation

/// UIContentConfiguration: what a cell's `contentConfiguration` is.
public protocol UIContentConfiguration {
    func makeContentView() -> UIView & UIContentView
    /// The configuration for a state (selected, highlighted...): a cell asks before it is drawn
    /// when its state changed.
    func updated(for state: UIConfigurationState) -> Self
}

extension UIContentConfiguration {
    /// Its view, added to a cell's `contentView`, filling it and resizing with it.
    func makeContentView(filling contentView: UIView) -> UIView & UIContentView {
        let view = makeContentView()
        view.frame = contentView.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(view)
        return view
    }
}

/// A view that shows a content configuration.
public protocol UIContentView: AnyObject {
    var configuration: UIContentConfiguration { get set }
}

/// iOS 14's list content configuration, as far as a table cell draws it: text, secondary text
/// and image with their properties, for the cell styles it stands for (`cell()` the default
/// style, `valueCell()` value 1, `subtitleCell()` subtitle). A table cell applies it to its own
/// labels and image view (docs/uikit.md "Tables").
public struct UIListContentConfiguration: UIContentConfiguration {
    public struct TextProperties {
        public var font: UIFont
        public var color: UIColor
        public var alignment: NSTextAlignment = .natural
        public var numberOfLines = 0
        public var lineBreakMode: NSLineBreakMode = .byTruncatingTail
        public var adjustsFontSizeToFitWidth = false
        public var minimumScaleFactor: CGFloat = 0
        public var adjustsFontForContentSizeCategory = true
    }

    public struct ImageProperties {
        public var tintColor: UIColor?
        public var cornerRadius: CGFloat = 0
        public var maximumSize: CGSize = .zero
        public var reservedLayoutSize: CGSize = .zero
    }

    public var text: String?
    public var attributedText: NSAttributedString?
    public var secondaryText: String?
    public var secondaryAttributedText: NSAttributedString?
    public var image: UIImage?
    public var textProperties: TextProperties
    public var secondaryTextProperties: TextProperties
    public var imageProperties = ImageProperties()
    /// Kept: the cell's content view's margins lay the labels out.
    public var directionalLayoutMargins = NSDirectionalEdgeInsets(
        top: 11, leading: 16, bottom: 11, trailing: 16)
    public var imageToTextPadding: CGFloat = 16
    public var textToSecondaryTextVerticalPadding: CGFloat = 0
    public var textToSecondaryTextHorizontalPadding: CGFloat = 8
    public var prefersSideBySideTextAndSecondaryText = false

    /// The cell style whose layout the configuration has.
    let cellStyle: UITableViewCell.CellStyle

    private init(style: UITableViewCell.CellStyle, secondary: TextProperties) {
        cellStyle = style
        textProperties = TextProperties(font: UIFont.systemFont(ofSize: 17), color: .label)
        secondaryTextProperties = secondary
        prefersSideBySideTextAndSecondaryText = style == .value1
    }

    public static func cell() -> UIListContentConfiguration {
        UIListContentConfiguration(
            style: .default,
            secondary: TextProperties(font: UIFont.systemFont(ofSize: 15), color: .secondaryLabel))
    }

    public static func subtitleCell() -> UIListContentConfiguration {
        UIListContentConfiguration(
            style: .subtitle,
            secondary: TextProperties(font: UIFont.systemFont(ofSize: 15), color: .secondaryLabel))
    }

    public static func valueCell() -> UIListContentConfiguration {
        UIListContentConfiguration(
            style: .value1,
            secondary: TextProperties(font: UIFont.systemFont(ofSize: 17), color: .secondaryLabel))
    }

    public static func sidebarCell() -> UIListContentConfiguration { cell() }

    public static func plainHeader() -> UIListContentConfiguration {
        var c = cell()
        c.textProperties.font = UIFont.systemFont(ofSize: 17, weight: .semibold)
        return c
    }

    public static func groupedHeader() -> UIListContentConfiguration {
        var c = cell()
        c.textProperties.font = UIFont.systemFont(ofSize: 13)
        c.textProperties.color = .secondaryLabel
        return c
    }

    public static func plainFooter() -> UIListContentConfiguration { groupedHeader() }

    public static func groupedFooter() -> UIListContentConfiguration { groupedHeader() }

    /// Unchanged for every state (framegen draws no selected colours of its own).
    public func updated(for state: UIConfigurationState) -> UIListContentConfiguration { self }

    /// A plain view holding the labels; a table cell applies the configuration to its own
    /// instead.
    public func makeContentView() -> UIView & UIContentView { UIListContentView(configuration: self) }

    /// Sets the cell's labels and image view from the configuration.
    func apply(to cell: UITableViewCell) {
        if let label = cell.textLabel {
            if let attributedText { label.attributedText = attributedText } else { label.text = text }
            apply(textProperties, to: label)
        }
        let detail = cell.configurationDetailLabel()
        if let secondaryAttributedText {
            detail.attributedText = secondaryAttributedText
        } else {
            detail.text = secondaryText
        }
        apply(secondaryTextProperties, to: detail)
        cell.imageView?.image = image
        if let tint = imageProperties.tintColor { cell.imageView?.tintColor = tint }
        cell.contentView.directionalLayoutMargins = directionalLayoutMargins
    }

    private func apply(_ properties: TextProperties, to label: UILabel) {
        label.font = properties.font
        label.textColor = properties.color
        label.textAlignment = properties.alignment
        label.numberOfLines = properties.numberOfLines
        label.lineBreakMode = properties.lineBreakMode
    }
}

/// The content view of a list configuration outside a table cell: its labels, laid out as a
/// subtitle cell's (*chosen*).
public final class UIListContentView: UIView, UIContentView {
    public var configuration: UIContentConfiguration {
        didSet { setNeedsLayout() }
    }

    private let cell: UITableViewCell

    public init(configuration: UIListContentConfiguration) {
        self.configuration = configuration
        cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        super.init(frame: .zero)
        cell.contentConfiguration = configuration
        cell.backgroundColor = .clear
        addSubview(cell)
    }

    public required init?(coder: NSCoder) { return nil }

    public override func layoutSubviews() {
        super.layoutSubviews()
        if let list = configuration as? UIListContentConfiguration {
            cell.contentConfiguration = list
        }
        cell.frame = bounds
    }

    /// Where the text starts, in this view's coordinates (a list cell's separator starts there);
    /// nil without text.
    var textLeading: CGFloat? {
        layoutIfNeeded()
        cell.layoutIfNeeded()
        guard let label = cell.textLabel, label.text?.isEmpty == false else { return nil }
        return cell.contentView.frame.minX + label.frame.minX
    }

    /// The height the configuration needs at `width`: a table row's (its labels between the
    /// margins, at least 44 points).
    func fittingHeight(width: CGFloat) -> CGFloat {
        cell.fittingHeight(width: width, separatorHeight: 0)
    }
}
