import Foundation
import Geometry
import Layout

extension UIView {
    /// A new view that draws what this view draws now (its layer tree, its subviews, what
    /// `draw(_:)` painted), frozen: later changes to this view do not show in it, as UIKit's
    /// snapshot. Its frame is this view's bounds at the origin; it shows the content without
    /// this view's own transform and position (its opacity is kept). With `afterUpdates`, the
    /// view lays out first, as UIKit renders pending changes. Nil for a view of no area.
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
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

    /// A snapshot view of the part `rect` of this view, with `capInsets` accepted (framegen
    /// stretches nothing): the frozen content, offset so that `rect`'s corner is at the origin,
    /// clipped to `rect`'s size.
    public func resizableSnapshotView(
        from rect: CGRect, afterScreenUpdates afterUpdates: Bool, withCapInsets capInsets: UIEdgeInsets
    ) -> UIView? {
        guard let whole = snapshotView(afterScreenUpdates: afterUpdates) as? SnapshotReplicaView,
            rect.width > 0, rect.height > 0
        else { return nil }
        let part = UIView(frame: CGRect(origin: .zero, size: rect.size))
        part.clipsToBounds = true
        whole.frame.origin = CGPoint(x: -rect.minX, y: -rect.minY)
        part.addSubview(whole)
        return part
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
