import Foundation

/// A horizontal and vertical shift: where bar appearances put their text, and where an attachment
/// or a push acts from an item's centre (UIKit Dynamics uses this one type, as UIKit has one).
public struct UIOffset: Hashable, Sendable {
    public var horizontal: CGFloat
    public var vertical: CGFloat

    public init() { (horizontal, vertical) = (0, 0) }

    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let zero = UIOffset()
}

/// The raw values are UIKit's (`.black` is also the deprecated `blackOpaque`).
public enum UIBarStyle: Int, Sendable {
    case `default` = 0
    case black = 1
    @available(*, deprecated, message: "Use UIBarStyle.black and set the translucent property to true")
    case blackTranslucent = 2
}

/// The raw values are UIKit's.
public enum UIBarMetrics: Int, Sendable {
    case `default` = 0
    case compact = 1
    case defaultPrompt = 101
    case compactPrompt = 102
}

/// The raw values are UIKit's.
public enum UIBarPosition: Int, Sendable {
    case any = 0
    case bottom = 1
    case top = 2
    case topAttached = 3
}

/// What a navigation bar, toolbar or tab bar shows for one item: a title, an image, a tag. A bar
/// that shows the item draws it again when any of these change.
open class UIBarItem: NSObject {
    open var isEnabled = true {
        didSet { changed() }
    }
    open var title: String? {
        didSet { changed() }
    }
    open var image: UIImage? {
        didSet { changed() }
    }
    open var landscapeImagePhone: UIImage?
    open var largeContentSizeImage: UIImage?
    open var imageInsets: UIEdgeInsets = .zero
    open var landscapeImagePhoneInsets: UIEdgeInsets = .zero
    open var tag = 0
    open var accessibilityIdentifier: String?

    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]

    public override init() { super.init() }

    /// framegen reads no archives.
    public required init?(coder: NSCoder) { return nil }

    /// The attributes of the title in `state`: its font and foreground colour are drawn.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State)
    {
        titleAttributes[state.rawValue] = attributes
        changed()
    }

    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        titleAttributes[state.rawValue]
    }

    /// The bar showing the item: told to lay out again when the item changes, as UIKit's bar
    /// redraws an item whose title or image is set.
    package weak var shownIn: UIView?

    func changed() { shownIn?.setNeedsLayout() }
}

/// A button on a navigation bar or toolbar: a title, an image, a system item or a view of the
/// app's, with a target and action or a primary action (kept: framegen taps no bar items).
open class UIBarButtonItem: UIBarItem {
    /// The raw values are UIKit's.
    public enum Style: Int, Sendable {
        case plain = 0
        @available(
            *, deprecated,
            message: "Use UIBarButtonItem.Style.plain when minimum deployment target is iOS7 or later"
        )
        case bordered = 1
        case done = 2
    }

    /// The raw values are UIKit's.
    public enum SystemItem: Int, Sendable {
        case done = 0
        case cancel = 1
        case edit = 2
        case save = 3
        case add = 4
        case flexibleSpace = 5
        case fixedSpace = 6
        case compose = 7
        case reply = 8
        case action = 9
        case organize = 10
        case bookmarks = 11
        case search = 12
        case refresh = 13
        case stop = 14
        case camera = 15
        case trash = 16
        case play = 17
        case pause = 18
        case rewind = 19
        case fastForward = 20
        case undo = 21
        case redo = 22
        @available(*, deprecated)
        case pageCurl = 23
        case close = 24
    }

    open var style: Style = .plain {
        didSet { changed() }
    }
    /// 0: the item's own width.
    open var width: CGFloat = 0 {
        didSet { changed() }
    }
    open var possibleTitles: Set<String>?
    open var customView: UIView? {
        didSet { changed() }
    }
    open var action: Selector?
    open weak var target: AnyObject?
    /// Its title and image become the item's, unless the item is a system item, as UIKit
    /// documents.
    open var primaryAction: UIAction? {
        didSet { adoptPrimaryAction() }
    }
    open var menu: UIMenu?
    open var isSelected = false
    open var changesSelectionAsPrimaryAction = false
    open var isHidden = false {
        didSet { changed() }
    }
    /// Nil: the bar's tint colour.
    open var tintColor: UIColor? {
        didSet { changed() }
    }

    /// The system item it was made as, which fixes its title or glyph.
    package private(set) var systemItem: SystemItem?

    /// Required, so that `fixedSpace(_:)` and `flexibleSpace()` make the subclass they are called on.
    public required override init() { super.init() }

    public required init?(coder: NSCoder) { return nil }

    public convenience init(image: UIImage?, style: UIBarButtonItem.Style, target: Any?, action: Selector?) {
        self.init()
        self.image = image
        self.style = style
        self.target = target as AnyObject?
        self.action = action
    }

    public convenience init(
        image: UIImage?, landscapeImagePhone: UIImage?, style: UIBarButtonItem.Style, target: Any?,
        action: Selector?
    ) {
        self.init(image: image, style: style, target: target, action: action)
        self.landscapeImagePhone = landscapeImagePhone
    }

    public convenience init(title: String?, style: UIBarButtonItem.Style, target: Any?, action: Selector?) {
        self.init()
        self.title = title
        self.style = style
        self.target = target as AnyObject?
        self.action = action
    }

    public convenience init(
        barButtonSystemItem systemItem: UIBarButtonItem.SystemItem, target: Any?, action: Selector?
    ) {
        self.init()
        self.systemItem = systemItem
        self.target = target as AnyObject?
        self.action = action
        // UIKit's Done is the bold one.
        if systemItem == .done { style = .done }
    }

    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }

    public convenience init(
        systemItem: UIBarButtonItem.SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil
    ) {
        self.init(barButtonSystemItem: systemItem, target: nil, action: nil)
        self.primaryAction = primaryAction
        self.menu = menu
    }

    public convenience init(primaryAction: UIAction?, menu: UIMenu? = nil) {
        self.init()
        self.primaryAction = primaryAction
        self.menu = menu
        adoptPrimaryAction()
    }

    /// A primary action's title and image are the item's where it has none of its own, as UIKit
    /// documents.
    public convenience init(
        title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil
    ) {
        self.init()
        self.primaryAction = primaryAction
        self.menu = menu
        adoptPrimaryAction()
        if let title { self.title = title }
        if let image { self.image = image }
    }

    public convenience init(
        title: String?, image: UIImage?, target: AnyObject?, action: Selector?, menu: UIMenu? = nil
    ) {
        self.init()
        self.title = title
        self.image = image
        self.target = target
        self.action = action
        self.menu = menu
    }

    open class func fixedSpace(_ width: CGFloat) -> Self {
        let item = Self()
        item.systemItem = .fixedSpace
        item.width = width
        return item
    }

    open class func flexibleSpace() -> Self {
        let item = Self()
        item.systemItem = .flexibleSpace
        return item
    }

    private func adoptPrimaryAction() {
        guard let primaryAction, systemItem == nil else { return }
        title = primaryAction.title.isEmpty ? title : primaryAction.title
        image = primaryAction.image ?? image
    }

    /// The title a text system item shows, as iOS (in English) shows it.
    var systemTitle: String? {
        switch systemItem {
        case .done: "Done"
        case .cancel: "Cancel"
        case .edit: "Edit"
        case .save: "Save"
        default: nil
        }
    }

    /// The SF Symbol an icon system item shows on iOS 13 and later; framegen draws its stand-in
    /// glyph for it (`UIImage(systemName:)`).
    var systemSymbolName: String? {
        switch systemItem {
        case .add: "plus"
        case .compose: "square.and.pencil"
        case .reply: "arrowshape.turn.up.left"
        case .action: "square.and.arrow.up"
        case .organize: "folder"
        case .bookmarks: "book"
        case .search: "magnifyingglass"
        case .refresh: "arrow.clockwise"
        case .stop: "xmark"
        case .camera: "camera"
        case .trash: "trash"
        case .play: "play.fill"
        case .pause: "pause.fill"
        case .rewind: "backward.fill"
        case .fastForward: "forward.fill"
        case .undo: "arrow.uturn.backward.circle"
        case .redo: "arrow.uturn.forward.circle"
        case .close: "xmark.circle.fill"
        default: nil
        }
    }

    var isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }
}

/// An item of a tab bar: a title under an image, a badge.
open class UITabBarItem: UIBarItem {
    /// The raw values are UIKit's.
    public enum SystemItem: Int, Sendable {
        case more = 0
        case favorites = 1
        case featured = 2
        case topRated = 3
        case recents = 4
        case contacts = 5
        case history = 6
        case bookmarks = 7
        case search = 8
        case downloads = 9
        case mostRecent = 10
        case mostViewed = 11
    }

    /// Nil: `image`, in the selected colour.
    open var selectedImage: UIImage? {
        didSet { changed() }
    }
    open var badgeValue: String? {
        didSet { changed() }
    }
    /// Nil: system red.
    open var badgeColor: UIColor? {
        didSet { changed() }
    }
    open var titlePositionAdjustment: UIOffset = .zero {
        didSet { changed() }
    }
    /// Copied when set, as UIKit copies it.
    open var standardAppearance: UITabBarAppearance? {
        didSet { standardAppearance = standardAppearance?.copy() }
    }
    open var scrollEdgeAppearance: UITabBarAppearance? {
        didSet { scrollEdgeAppearance = scrollEdgeAppearance?.copy() }
    }
    private var badgeAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]

    public override init() { super.init() }

    public required init?(coder: NSCoder) { return nil }

    public convenience init(title: String?, image: UIImage?, tag: Int) {
        self.init()
        self.title = title
        self.image = image
        self.tag = tag
    }

    public convenience init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.init()
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }

    /// A system item's title and glyph are UIKit's, as the English system shows them.
    public convenience init(tabBarSystemItem systemItem: UITabBarItem.SystemItem, tag: Int) {
        self.init()
        self.tag = tag
        let (title, symbol): (String, String) =
            switch systemItem {
            case .more: ("More", "ellipsis")
            case .favorites: ("Favorites", "star.fill")
            case .featured: ("Featured", "star")
            case .topRated: ("Top Rated", "star.fill")
            case .recents: ("Recents", "clock.fill")
            case .contacts: ("Contacts", "person.crop.circle")
            case .history: ("History", "clock.fill")
            case .bookmarks: ("Bookmarks", "book.fill")
            case .search: ("Search", "magnifyingglass")
            case .downloads: ("Downloads", "square.and.arrow.down")
            case .mostRecent: ("Most Recent", "clock.fill")
            case .mostViewed: ("Most Viewed", "list.number")
            }
        self.title = title
        self.image = UIImage(systemName: symbol)
    }

    open func setBadgeTextAttributes(
        _ textAttributes: [NSAttributedString.Key: Any]?, for state: UIControl.State
    ) {
        badgeAttributes[state.rawValue] = textAttributes
        changed()
    }

    open func badgeTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        badgeAttributes[state.rawValue]
    }
}
