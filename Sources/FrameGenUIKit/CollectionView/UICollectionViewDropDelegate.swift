import Foundation

import struct Foundation.IndexPath  // over Layout's (Exports.swift)

/// What a collection view asks while something is dragged over it and dropped. framegen drops
/// nothing (no scene action does yet), so it never calls these: a delegate is kept
/// (`UICollectionView.dropDelegate`) and code written for it compiles. The optional members
/// answer UIKit's defaults.
public protocol UICollectionViewDropDelegate: AnyObject {
    func collectionView(
        _ collectionView: UICollectionView, performDropWith coordinator: UICollectionViewDropCoordinator)

    func collectionView(_ collectionView: UICollectionView, canHandle session: UIDropSession) -> Bool

    func collectionView(
        _ collectionView: UICollectionView, dropSessionDidUpdate session: UIDropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> UICollectionViewDropProposal

    func collectionView(_ collectionView: UICollectionView, dropSessionDidEnter session: UIDropSession)

    func collectionView(_ collectionView: UICollectionView, dropSessionDidExit session: UIDropSession)

    func collectionView(_ collectionView: UICollectionView, dropSessionDidEnd session: UIDropSession)

    func collectionView(
        _ collectionView: UICollectionView, dropPreviewParametersForItemAt indexPath: IndexPath
    ) -> UIDragPreviewParameters?
}

extension UICollectionViewDropDelegate {
    public func collectionView(_ collectionView: UICollectionView, canHandle session: UIDropSession) -> Bool {
        true
    }

    /// UIKit's default proposal: cancel.
    public func collectionView(
        _ collectionView: UICollectionView, dropSessionDidUpdate session: UIDropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> UICollectionViewDropProposal { UICollectionViewDropProposal(operation: .cancel) }

    public func collectionView(_ collectionView: UICollectionView, dropSessionDidEnter session: UIDropSession)
    {}

    public func collectionView(_ collectionView: UICollectionView, dropSessionDidExit session: UIDropSession)
    {}

    public func collectionView(_ collectionView: UICollectionView, dropSessionDidEnd session: UIDropSession) {
    }

    /// nil: UIKit's preview of the whole cell.
    public func collectionView(
        _ collectionView: UICollectionView, dropPreviewParametersForItemAt indexPath: IndexPath
    ) -> UIDragPreviewParameters? { nil }
}
