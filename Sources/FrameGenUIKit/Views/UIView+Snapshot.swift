import Foundation
import FrameGenGeometry
import FrameGenLayout

extension UIView {
    /// What `snapshotView(afterScreenUpdates:)` draws, apart from the overridable method, so
    /// that `resizableSnapshotView` freezes this view whatever an override returns.
    func frozenReplica(afterScreenUpdates afterUpdates: Bool) -> SnapshotReplicaView? {
        guard bounds.width > 0, bounds.height > 0 else { return nil }
        if afterUpdates { layoutIfNeeded() }
        var tree = LayerSnapshotting.snapshot(layer)
        tree.position = Point(
            x: tree.anchorPoint.x * tree.bounds.width, y: tree.anchorPoint.y * tree.bounds.height)
        tree.transform = .identity
        tree.zPosition = 0
        tree.isHidden = false
        return SnapshotReplicaView(frame: CGRect(origin: .zero, size: bounds.size), tree: tree)
    }
}

/// What `snapshotView(afterScreenUpdates:)` returns: a view whose layer draws a frozen tree
/// below its own sublayers (LayerSnapshotting.snapshot).
final class SnapshotReplicaView: UIView {
    let tree: LayerSnapshot

    init(frame: CGRect, tree: LayerSnapshot) {
        self.tree = tree
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) { return nil }
}
