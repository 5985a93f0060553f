/// UICollectionViewUpdateItem.Action.
public enum UpdateAction: String, Hashable, Sendable {
    case insert
    case delete
    case move
    case reload
}

/// One change of a batch update (UICollectionViewUpdateItem). Index paths before the update are
/// in the old data's numbering, those after it in the new data's, as in UIKit.
public struct UpdateItem: Hashable, Sendable {
    public var updateAction: UpdateAction
    public var indexPathBeforeUpdate: IndexPath?
    public var indexPathAfterUpdate: IndexPath?

    public init(action: UpdateAction, before: IndexPath?, after: IndexPath?) {
        updateAction = action
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
    }

    public static func insert(_ indexPath: IndexPath) -> UpdateItem {
        UpdateItem(action: .insert, before: nil, after: indexPath)
    }

    public static func delete(_ indexPath: IndexPath) -> UpdateItem {
        UpdateItem(action: .delete, before: indexPath, after: nil)
    }

    public static func move(from: IndexPath, to: IndexPath) -> UpdateItem {
        UpdateItem(action: .move, before: from, after: to)
    }
}
