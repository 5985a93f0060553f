import Foundation

/// What menus are made of: a title and an image. framegen draws no menus; a control keeps the
/// one it is given (`UIControl.menu`), so that code that sets one compiles and runs.
open class UIMenuElement: NSObject {
    /// Raw values are UIKit's.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
        public static let hidden = Attributes(rawValue: 1 << 2)
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    public enum State: Int, Sendable {
        case off = 0
        case on = 1
        case mixed = 2
    }

    open var title: String
    open var subtitle: String?
    open var image: UIImage?

    package init(title: String, image: UIImage?) {
        self.title = title
        self.image = image
        super.init()
    }
}

/// A menu of actions and submenus: kept, not shown.
open class UIMenu: UIMenuElement {
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let displayInline = Options(rawValue: 1 << 0)
        public static let destructive = Options(rawValue: 1 << 1)
        public static let singleSelection = Options(rawValue: 1 << 5)
    }

    public let identifier: Identifier
    public let options: Options
    public let children: [UIMenuElement]

    public init(
        title: String = "", image: UIImage? = nil, identifier: Identifier? = nil, options: Options = [],
        children: [UIMenuElement] = []
    ) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.options = options
        self.children = children
        super.init(title: title, image: image)
    }

    /// A copy with other children, as UIKit's `replacingChildren(_:)`.
    open func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
        UIMenu(title: title, image: image, identifier: identifier, options: options, children: newChildren)
    }
}
