import Foundation

/// An accessory of a list cell (iOS 14): a view beside the content, shown always or only while
/// editing. framegen draws what a list at rest shows (disclosure indicators, check marks,
/// detail buttons, labels, outline disclosures and your custom views); the editing controls
/// (delete, insert, reorder, multiselect) are shown only while `isEditing`, which framegen
/// never sets (docs/uikit.md "Lists").
public struct UICellAccessory {
    public enum DisplayedState: Int, Sendable {
        case always
        case whenEditing
        case whenNotEditing
    }

    /// The size an accessory reserves: its own, the system's standard one, or a width of yours.
    public enum LayoutDimension: Equatable, Sendable {
        case actual
        case standard
        case custom(CGFloat)
    }

    /// Where a custom view goes among the other accessories on its side.
    public typealias Position = ([UICellAccessory]) -> Int

    public enum Placement {
        case leading(displayed: DisplayedState = .always, at: Position = { _ in 0 })
        case trailing(displayed: DisplayedState = .always, at: Position = { _ in 0 })
    }

    public struct DisclosureIndicatorOptions {
        public var isHidden: Bool?
        public var reservedLayoutWidth: LayoutDimension?
        public var tintColor: UIColor?
        public init(
            isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil
        ) {
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
        }
    }

    public typealias CheckmarkOptions = DisclosureIndicatorOptions
    public typealias DetailOptions = DisclosureIndicatorOptions
    public typealias ReorderOptions = DisclosureIndicatorOptions

    public struct DeleteOptions {
        public var isHidden: Bool?
        public var reservedLayoutWidth: LayoutDimension?
        public var tintColor: UIColor?
        public var backgroundColor: UIColor?
        public init(
            isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil,
            backgroundColor: UIColor? = nil
        ) {
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.backgroundColor = backgroundColor
        }
    }

    public typealias InsertOptions = DeleteOptions
    public typealias MultiselectOptions = DeleteOptions

    public struct OutlineDisclosureOptions {
        public enum Style: Int, Sendable {
            case automatic
            case header
            case cell
        }
        public var style: Style
        public var isHidden: Bool?
        public var reservedLayoutWidth: LayoutDimension?
        public var tintColor: UIColor?
        public init(
            style: Style = .automatic, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil,
            tintColor: UIColor? = nil
        ) {
            self.style = style
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
        }
    }

    public struct LabelOptions {
        public var isHidden: Bool?
        public var reservedLayoutWidth: LayoutDimension?
        public var tintColor: UIColor?
        public var font: UIFont?
        public var adjustsFontForContentSizeCategory: Bool?
        public init(
            isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil,
            font: UIFont? = nil, adjustsFontForContentSizeCategory: Bool? = nil
        ) {
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.font = font
            self.adjustsFontForContentSizeCategory = adjustsFontForContentSizeCategory
        }
    }

    public struct CustomViewConfiguration {
        public var customView: UIView
        public var placement: Placement
        public var isHidden: Bool?
        public var reservedLayoutWidth: LayoutDimension
        public var tintColor: UIColor?
        public var maintainsFixedSize: Bool
        public init(
            customView: UIView, placement: Placement, isHidden: Bool? = nil,
            reservedLayoutWidth: LayoutDimension = .standard, tintColor: UIColor? = nil,
            maintainsFixedSize: Bool = false
        ) {
            self.customView = customView
            self.placement = placement
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.maintainsFixedSize = maintainsFixedSize
        }
    }

    /// What the accessory is.
    enum Kind {
        case disclosureIndicator, checkmark, detail, outlineDisclosure
        case delete, insert, reorder, multiselect
        case label(String, UIFont?)
        case custom(UIView, leading: Bool)
        case popUpMenu(UIMenu)
    }

    let kind: Kind
    public let displayed: DisplayedState
    let isHidden: Bool
    let tintColor: UIColor?
    /// The handler of a delete, insert, outline disclosure or detail accessory: kept; framegen
    /// taps no accessory.
    let actionHandler: (() -> Void)?

    private init(
        _ kind: Kind, _ displayed: DisplayedState, hidden: Bool?, tint: UIColor?, action: (() -> Void)? = nil
    ) {
        self.kind = kind
        self.displayed = displayed
        isHidden = hidden ?? false
        tintColor = tint
        actionHandler = action
    }

    public static func disclosureIndicator(
        displayed: DisplayedState = .always, options: DisclosureIndicatorOptions = .init()
    ) -> UICellAccessory {
        UICellAccessory(.disclosureIndicator, displayed, hidden: options.isHidden, tint: options.tintColor)
    }

    public static func checkmark(displayed: DisplayedState = .always, options: CheckmarkOptions = .init())
        -> UICellAccessory
    {
        UICellAccessory(.checkmark, displayed, hidden: options.isHidden, tint: options.tintColor)
    }

    public static func detail(
        displayed: DisplayedState = .always, options: DetailOptions = .init(),
        actionHandler: (() -> Void)? = nil
    ) -> UICellAccessory {
        UICellAccessory(
            .detail, displayed, hidden: options.isHidden, tint: options.tintColor, action: actionHandler)
    }

    public static func delete(
        displayed: DisplayedState = .whenEditing, options: DeleteOptions = .init(),
        actionHandler: (() -> Void)? = nil
    ) -> UICellAccessory {
        UICellAccessory(
            .delete, displayed, hidden: options.isHidden, tint: options.tintColor, action: actionHandler)
    }

    public static func insert(
        displayed: DisplayedState = .whenEditing, options: InsertOptions = .init(),
        actionHandler: (() -> Void)? = nil
    ) -> UICellAccessory {
        UICellAccessory(
            .insert, displayed, hidden: options.isHidden, tint: options.tintColor, action: actionHandler)
    }

    public static func reorder(displayed: DisplayedState = .whenEditing, options: ReorderOptions = .init())
        -> UICellAccessory
    {
        UICellAccessory(.reorder, displayed, hidden: options.isHidden, tint: options.tintColor)
    }

    public static func multiselect(
        displayed: DisplayedState = .whenEditing, options: MultiselectOptions = .init()
    ) -> UICellAccessory {
        UICellAccessory(.multiselect, displayed, hidden: options.isHidden, tint: options.tintColor)
    }

    public static func outlineDisclosure(
        displayed: DisplayedState = .always, options: OutlineDisclosureOptions = .init(),
        actionHandler: (() -> Void)? = nil
    ) -> UICellAccessory {
        UICellAccessory(
            .outlineDisclosure, displayed, hidden: options.isHidden, tint: options.tintColor,
            action: actionHandler)
    }

    public static func label(
        text: String, displayed: DisplayedState = .always, options: LabelOptions = .init()
    )
        -> UICellAccessory
    {
        UICellAccessory(
            .label(text, options.font), displayed, hidden: options.isHidden, tint: options.tintColor)
    }

    public static func customView(configuration: CustomViewConfiguration) -> UICellAccessory {
        let displayed: DisplayedState
        let leading: Bool
        switch configuration.placement {
        case .leading(let d, _): (displayed, leading) = (d, true)
        case .trailing(let d, _): (displayed, leading) = (d, false)
        }
        return UICellAccessory(
            .custom(configuration.customView, leading: leading), displayed, hidden: configuration.isHidden,
            tint: configuration.tintColor)
    }

    /// A pop-up menu's accessory: drawn as a disclosure indicator (*chosen*; iOS draws a pair of
    /// chevrons), its menu kept.
    public static func popUpMenu(
        _ menu: UIMenu, displayed: DisplayedState = .always, options: DisclosureIndicatorOptions = .init(),
        selectedElementDidChangeHandler: ((UIMenu) -> Void)? = nil
    ) -> UICellAccessory {
        UICellAccessory(.popUpMenu(menu), displayed, hidden: options.isHidden, tint: options.tintColor)
    }

    /// Whether a cell shows it: not hidden, and displayed in the cell's editing state.
    func isShown(editing: Bool) -> Bool {
        guard !isHidden else { return false }
        switch displayed {
        case .always: return true
        case .whenEditing: return editing
        case .whenNotEditing: return !editing
        }
    }

    /// Whether it goes on the leading side: a custom view placed there, and the editing controls
    /// iOS puts there (delete, insert, multiselect).
    var isLeading: Bool {
        switch kind {
        case .custom(_, let leading): return leading
        case .delete, .insert, .multiselect: return true
        default: return false
        }
    }

    /// The view that shows it, or nil where framegen draws nothing for it (the editing
    /// controls).
    func makeView() -> UIView? {
        let view: UIView
        switch kind {
        case .disclosureIndicator, .outlineDisclosure, .popUpMenu:
            view = AccessoryGlyphView(.disclosureIndicator)
        case .checkmark: view = AccessoryGlyphView(.checkmark)
        case .detail: view = AccessoryGlyphView(.detailButton)
        case .label(let text, let font):
            let label = UILabel(frame: .zero)
            label.text = text
            label.font = font ?? UIFont.systemFont(ofSize: 17)
            label.textColor = tintColor ?? .secondaryLabel
            label.frame.size = label.intrinsicContentSize
            return label
        case .custom(let custom, _):
            if custom.bounds.size == .zero {
                let size = custom.intrinsicContentSize
                custom.frame.size = CGSize(width: Swift.max(0, size.width), height: Swift.max(0, size.height))
            }
            return custom
        case .delete, .insert, .reorder, .multiselect: return nil
        }
        if let tintColor { view.tintColor = tintColor }
        return view
    }
}
