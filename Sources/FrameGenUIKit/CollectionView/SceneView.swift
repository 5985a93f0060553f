import Foundation
import FrameGenGeometry
import FrameGenLayout

extension UICollectionView {
    /// framegen's, not Apple's: another collection view of the scene, by its `name:`, as a
    /// scroll view a controller between the two holds (the Photos app's strip scrolls its
    /// preview), docs/uikit.md "Other views of the scene".
    ///
    /// framegen drives each view of a scene on its own, so this is a stand-in for the other
    /// view: its `bounds`, `contentOffset`, `contentSize` and `contentInset` read that view at
    /// the instant being drawn (zero when the scene has no view of that name). Setting its
    /// `contentOffset` (or `setContentOffset(_:animated:)`) asks the timeline to scroll that view
    /// there at this instant; the request lasts for the event or frame during which it was made,
    /// so code that keeps a view somewhere asks again at every display link firing or scroll,
    /// and a view nobody asks for any more stays where it was put (a user's drag of it then
    /// moves it).
    public func sceneView(named name: String) -> UIScrollView {
        if let made = sceneViews[name] { return made }
        let view = SceneViewProxy(name: name, host: self)
        sceneViews[name] = view
        return view
    }
}

/// An offset code asked for another view of the scene, and that view's size when it asked: a
/// view whose size changed since (a rotation) lets its own layout place its content, as the
/// request was computed for the old size.
package struct SceneViewRequest {
    package var offset: CGPoint
    package var size: CGSize
}

/// The stand-in `sceneView(named:)` gives.
final class SceneViewProxy: UIScrollView {
    package let name: String
    private weak var host: UICollectionView?
    /// UIView's initialiser sets the frame: that is no request.
    private var initialised = false

    package init(name: String, host: UICollectionView) {
        self.name = name
        self.host = host
        super.init(frame: .zero)
        initialised = true
    }

    public required init?(coder: NSCoder) { nil }

    private var peer: PeerViewState? { host?.instant.peers[name] }

    package override var bounds: CGRect {
        get {
            var b = peer.map { CGRect($0.bounds) } ?? .zero
            if let asked = host?.peerRequests[name] { b.origin = asked.offset }
            return b
        }
        set { contentOffset = newValue.origin }
    }

    package override var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard initialised else { return }
            let grid = PixelGrid(scale: Double(UIScreen.main.scale))
            host?.peerRequests[name] = SceneViewRequest(
                offset: CGPoint(x: grid.round(Double(newValue.x)), y: grid.round(Double(newValue.y))),
                size: peer.map { CGSize($0.bounds.size) } ?? .zero)
        }
    }

    package override var contentSize: CGSize {
        get { peer.map { CGSize($0.contentSize) } ?? .zero }
        set {}
    }

    package override var contentInset: UIEdgeInsets {
        get { peer.map { UIEdgeInsets($0.contentInset) } ?? .zero }
        set {}
    }
}

/// framegen's, not Apple's: a collection view delegate that animates the scene's `insert`,
/// `delete` or `move` before the data changes (docs/uikit.md "Animations").
///
/// On iOS the app changes its model and calls `deleteItems(at:)` itself, so it can animate
/// first and delete in the animation's completion (the Photos app's strip collapses the
/// thumbnail, then closes the gap). In framegen the scene changes the data, so it asks first:
/// return true and call `commit` where the app would call `deleteItems(at:)`; the data then
/// changes at that instant, without the update animation, and the scene's other views animate
/// theirs after it. Return false for UIKit's update animation at once.
public protocol SceneUpdateDelegate: UICollectionViewDelegate {
    /// `updates` as `prepare(forCollectionViewUpdates:)` will get them, before the data changes
    /// (index paths before the update in the old numbering, after it in the new).
    func collectionView(
        _ collectionView: UICollectionView, willPerformSceneUpdates updates: [UICollectionViewUpdateItem],
        commit: @escaping () -> Void
    ) -> Bool
}
