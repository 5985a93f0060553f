import Foundation

/// The field of a search bar: a text field with the magnifying glass at its leading edge.
open class UISearchTextField: UITextField {}

public protocol UISearchBarDelegate: UIBarPositioningDelegate {
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
    func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
    func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
}

extension UISearchBarDelegate {
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {}
    public func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {}
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {}
}

/// A search bar as iOS 13 and later draws it at rest: 56 points tall, its field 36 points tall
/// with 10-point corners, 8 points in from the sides, filled with `tertiarySystemFill`, the
/// magnifying glass's stand-in glyph (`UIImage(systemName:)`) 8 points from its leading edge,
/// then the text in `label`, or the placeholder in `secondaryLabel`, at 17 points. `.minimal`
/// has no background; the others draw `barTintColor` behind the field when set (framegen's
/// choice: the system background shows through otherwise). The scope bar, the cancel and
/// bookmark buttons are kept, not drawn.
open class UISearchBar: UIView, UIBarPositioning {
    /// The raw values are UIKit's.
    public enum Style: UInt, Sendable {
        case `default` = 0
        case prominent = 1
        case minimal = 2
    }

    static let height: CGFloat = 56
    static let fieldHeight: CGFloat = 36

    open weak var delegate: UISearchBarDelegate?
    open var barStyle: UIBarStyle = .default
    open var searchBarStyle: Style = .default {
        didSet { setNeedsLayout() }
    }
    open var text: String? {
        get { searchTextField.text }
        set {
            searchTextField.text = newValue
            setNeedsLayout()
        }
    }
    open var placeholder: String? {
        get { searchTextField.placeholder }
        set {
            searchTextField.placeholder = newValue
            setNeedsLayout()
        }
    }
    open var prompt: String?
    open var isTranslucent = true
    open var barTintColor: UIColor? {
        didSet { setNeedsLayout() }
    }
    open var backgroundImage: UIImage?
    open var scopeBarBackgroundImage: UIImage?
    open var showsBookmarkButton = false
    open var showsCancelButton = false
    open var showsSearchResultsButton = false
    open var isSearchResultsButtonSelected = false
    open var scopeButtonTitles: [String]?
    open var selectedScopeButtonIndex = 0
    open var showsScopeBar = false
    /// Settable here, as UIKit redeclares it for text input (UIResponder's is read-only).
    open override var inputAccessoryView: UIView? {
        get { storedInputAccessoryView }
        set { storedInputAccessoryView = newValue }
    }
    private var storedInputAccessoryView: UIView?
    open var isEnabled = true
    open var barPosition: UIBarPosition { delegate?.position(for: self) ?? .any }
    public let searchTextField = UISearchTextField()

    private let glyph = UIImageView(image: UIImage(systemName: "magnifyingglass"))

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpSearchBar()
    }

    public convenience init() { self.init(frame: .zero) }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpSearchBar()
        InterfaceBuilder.decode(self, coder: coder, at: UISearchBar.self)
    }

    private func setUpSearchBar() {
        let field = searchTextField
        field.borderStyle = .none
        field.backgroundColor = .tertiarySystemFill
        field.layer.cornerRadius = 10
        field.font = UIFont.systemFont(ofSize: 17)
        field.attributedPlaceholder = nil
        glyph.tintColor = .secondaryLabel
        // The glyph with its 8 points before it and 6 after it, as the field's left view.
        let holder = UIView(
            frame: CGRect(x: 0, y: 0, width: 8 + glyph.bounds.width + 6, height: glyph.bounds.height))
        glyph.frame.origin = CGPoint(x: 8, y: 0)
        holder.addSubview(glyph)
        holder.isUserInteractionEnabled = false
        field.leftView = holder
        field.leftViewMode = .always
        addSubview(field)
    }

    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
        self.showsCancelButton = showsCancelButton
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: UISearchBar.height)
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UISearchBar.height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundColor = searchBarStyle == .minimal ? nil : barTintColor
        searchTextField.frame = CGRect(
            x: 8, y: (bounds.height - UISearchBar.fieldHeight) / 2, width: max(0, bounds.width - 16),
            height: UISearchBar.fieldHeight)
        // iOS's placeholder in a search field is the secondary label colour, not placeholderText.
        if let placeholder = searchTextField.placeholder {
            searchTextField.attributedPlaceholder = NSAttributedString(
                string: placeholder, attributes: [.foregroundColor: UIColor.secondaryLabel])
        }
    }
}

public protocol UISearchResultsUpdating: AnyObject {
    func updateSearchResults(for searchController: UISearchController)
}

public protocol UISearchControllerDelegate: AnyObject {
    func willPresentSearchController(_ searchController: UISearchController)
    func didPresentSearchController(_ searchController: UISearchController)
    func willDismissSearchController(_ searchController: UISearchController)
    func didDismissSearchController(_ searchController: UISearchController)
}

extension UISearchControllerDelegate {
    public func willPresentSearchController(_ searchController: UISearchController) {}
    public func didPresentSearchController(_ searchController: UISearchController) {}
    public func willDismissSearchController(_ searchController: UISearchController) {}
    public func didDismissSearchController(_ searchController: UISearchController) {}
}

/// A search controller, kept: its search bar and settings are there for code that configures
/// them; a navigation item holding one draws no search field (framegen shows no search).
open class UISearchController: UIViewController {
    public let searchBar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 0, height: UISearchBar.height))
    open private(set) var searchResultsController: UIViewController?
    open weak var searchResultsUpdater: UISearchResultsUpdating?
    open weak var delegate: UISearchControllerDelegate?
    /// Setting it tells the updater, as UIKit does when the search begins or ends.
    open var isActive = false {
        didSet { if isActive != oldValue { searchResultsUpdater?.updateSearchResults(for: self) } }
    }
    open var obscuresBackgroundDuringPresentation = true
    open var hidesNavigationBarDuringPresentation = true
    open var automaticallyShowsCancelButton = true
    open var automaticallyShowsScopeBar = true
    open var automaticallyShowsSearchResultsController = true
    open var showsSearchResultsController = false

    public init(searchResultsController: UIViewController?) {
        self.searchResultsController = searchResultsController
        super.init(nibName: nil, bundle: nil)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) { return nil }
}
