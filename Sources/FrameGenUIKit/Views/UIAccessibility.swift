import Foundation

/// VoiceOver and the other assistive technologies do not run here: what an app asks of them
/// answers as on an iOS device where none is on, and its custom actions are kept, not offered.
public enum UIAccessibility {
    public static var isVoiceOverRunning: Bool { false }
    public static var isSwitchControlRunning: Bool { false }
    public static var isReduceMotionEnabled: Bool { false }
}

/// An action an assistive technology offers on an element (VoiceOver's Actions rotor), which
/// calls its handler, or its selector on its target, when the user picks it.
open class UIAccessibilityCustomAction: NSObject {
    public typealias Handler = (UIAccessibilityCustomAction) -> Bool

    open var name: String
    open var image: UIImage?
    open weak var target: AnyObject?
    open var selector: Selector?
    open var actionHandler: Handler?

    public init(name: String, target: Any?, selector: Selector) {
        self.name = name
        self.target = target as AnyObject?
        self.selector = selector
        super.init()
    }

    public init(name: String, image: UIImage? = nil, actionHandler: @escaping Handler) {
        self.name = name
        self.image = image
        self.actionHandler = actionHandler
        super.init()
    }

    public convenience init(name: String, image: UIImage?, target: Any?, selector: Selector) {
        self.init(name: name, target: target, selector: selector)
        self.image = image
    }
}
