import Foundation

/// What a drop over a collection view would do: the operation, and whether the items go
/// between items or into one.
open class UICollectionViewDropProposal: NSObject {
    public let operation: UIDropOperation
    public let intent: UICollectionViewDropIntent
    /// false: framegen has no spring-loaded or precise drops.
    open var isPrecise = false
    open var prefersFullSizePreview = false

    public init(operation: UIDropOperation, intent: UICollectionViewDropIntent = .unspecified) {
        self.operation = operation
        self.intent = intent
        super.init()
    }

    public convenience init(dropOperation operation: UIDropOperation) { self.init(operation: operation) }
}

/// Where dropped items go, in UIKit's order of raw values.
public enum UICollectionViewDropIntent: Int, Sendable {
    case unspecified = 0
    case insertAtDestinationIndexPath = 1
    case insertIntoDestinationIndexPath = 2
}
