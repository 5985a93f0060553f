import Foundation

/// A closure run by a control (`UIControl.addAction(_:for:)`), a button's primary action or a
/// menu item, as UIKit's (iOS 14).
open class UIAction: UIMenuElement {
    /// An action's identity: a control keeps one action per identifier (UIControl.h: "UIActions
    /// are uniqued based on their identifier").
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public let identifier: Identifier
    open var discoverabilityTitle: String?
    open var attributes: UIMenuElement.Attributes
    open var state: UIMenuElement.State
    /// The control that last sent the action (nil before it is sent), as iOS sets it. Held
    /// weakly where it is an object: the control holds its actions, and a strong reference back
    /// would keep both alive for good.
    open var sender: Any? { senderObject ?? senderValue }
    private weak var senderObject: AnyObject?
    private var senderValue: Any?
    private let handler: UIActionHandler

    /// Without an identifier, a new unique one, so that two actions made alike are two actions.
    public init(
        title: String = "", image: UIImage? = nil, identifier: Identifier? = nil,
        discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
        state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
    ) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, image: image)
    }

    /// Runs the handler with `sender` as the action's sender.
    package func perform(sender: Any?) {
        if let sender, type(of: sender) is AnyClass {
            senderObject = sender as AnyObject
            senderValue = nil
        } else {
            senderObject = nil
            senderValue = sender
        }
        handler(self)
    }
}

public typealias UIActionHandler = (UIAction) -> Void
