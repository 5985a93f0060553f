import Foundation

import struct Foundation.IndexPath  // over Layout's (Exports.swift)

/// What `collectionView(_:performDropWith:)` is given: the dropped items, where they go, and
/// the calls that animate them there. framegen drops nothing, so none is ever made; the
/// protocol is here for code written for it to compile.
public protocol UICollectionViewDropCoordinator: AnyObject {
    var items: [UICollectionViewDropItem] { get }
    var destinationIndexPath: IndexPath? { get }
    var proposal: UICollectionViewDropProposal { get }
    var session: UIDropSession { get }

    @discardableResult
    func drop(_ dragItem: UIDragItem, toItemAt indexPath: IndexPath) -> UIDragAnimating

    @discardableResult
    func drop(_ dragItem: UIDragItem, intoItemAt indexPath: IndexPath, rect: CGRect) -> UIDragAnimating
}

/// One dropped item: what it carries, where it came from in this view (nil from elsewhere),
/// and the size of its preview.
public protocol UICollectionViewDropItem: AnyObject {
    var dragItem: UIDragItem { get }
    var sourceIndexPath: IndexPath? { get }
    var previewSize: CGSize { get }
}
