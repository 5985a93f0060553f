import Foundation

/// One thing a drag carries: its provider and, within the app, any object of yours.
open class UIDragItem: NSObject {
    public let itemProvider: NSItemProvider
    /// Seen only by the app the drag started in, as on iOS.
    open var localObject: Any?

    public init(itemProvider: NSItemProvider) {
        self.itemProvider = itemProvider
        super.init()
    }
}

/// What a drag and a drop have in common (UIKit's `UIDragDropSession`).
public protocol UIDragDropSession: AnyObject {
    var items: [UIDragItem] { get }
    func location(in view: UIView) -> CGPoint
    var allowsMoveOperation: Bool { get }
    var isRestrictedToDraggingApplication: Bool { get }
    func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool
}

/// A drag under way; framegen starts none, so a drag delegate is never given one.
public protocol UIDragSession: UIDragDropSession {
    var localContext: Any? { get set }
}

/// A drop under way; framegen drops nothing, so a drop delegate is never given one.
public protocol UIDropSession: UIDragDropSession {
    var localDragSession: UIDragSession? { get }
}

/// What a drop does with the data, in UIKit's order of raw values.
public enum UIDropOperation: UInt, Sendable {
    case cancel = 0
    case forbidden = 1
    case copy = 2
    case move = 3
}

/// The animations of a dropped item going to its place.
public protocol UIDragAnimating: AnyObject {
    func addAnimations(_ animations: @escaping () -> Void)
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
}

/// Where an animation ended (UIKit's `UIViewAnimatingPosition`).
public enum UIViewAnimatingPosition: Int, Sendable {
    case end
    case start
    case current
}
