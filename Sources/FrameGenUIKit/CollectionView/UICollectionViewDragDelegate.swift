import Foundation

import struct Foundation.IndexPath  // over Layout's (Exports.swift)

/// What a collection view asks when a drag of its items begins. framegen starts no drag (no
/// scene action drags items out of a view yet), so it never calls these: a delegate is kept
/// (`UICollectionView.dragDelegate`) and code written for it compiles. The optional members
/// answer UIKit's defaults.
public protocol UICollectionViewDragDelegate: AnyObject {
    func collectionView(
        _ collectionView: UICollectionView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath
    ) -> [UIDragItem]

    func collectionView(
        _ collectionView: UICollectionView, itemsForAddingTo session: UIDragSession, at indexPath: IndexPath,
        point: CGPoint
    ) -> [UIDragItem]

    func collectionView(_ collectionView: UICollectionView, dragSessionWillBegin session: UIDragSession)

    func collectionView(_ collectionView: UICollectionView, dragSessionDidEnd session: UIDragSession)

    func collectionView(
        _ collectionView: UICollectionView, dragSessionAllowsMoveOperation session: UIDragSession
    )
        -> Bool

    func collectionView(
        _ collectionView: UICollectionView,
        dragSessionIsRestrictedToDraggingApplication session: UIDragSession
    ) -> Bool

    func collectionView(
        _ collectionView: UICollectionView, dragPreviewParametersForItemAt indexPath: IndexPath
    ) -> UIDragPreviewParameters?
}

extension UICollectionViewDragDelegate {
    public func collectionView(
        _ collectionView: UICollectionView, itemsForAddingTo session: UIDragSession, at indexPath: IndexPath,
        point: CGPoint
    ) -> [UIDragItem] { [] }

    public func collectionView(
        _ collectionView: UICollectionView, dragSessionWillBegin session: UIDragSession
    ) {}

    public func collectionView(_ collectionView: UICollectionView, dragSessionDidEnd session: UIDragSession) {
    }

    public func collectionView(
        _ collectionView: UICollectionView, dragSessionAllowsMoveOperation session: UIDragSession
    ) -> Bool { true }

    public func collectionView(
        _ collectionView: UICollectionView,
        dragSessionIsRestrictedToDraggingApplication session: UIDragSession
    ) -> Bool { false }

    /// nil: UIKit's preview of the whole cell.
    public func collectionView(
        _ collectionView: UICollectionView, dragPreviewParametersForItemAt indexPath: IndexPath
    ) -> UIDragPreviewParameters? { nil }
}
