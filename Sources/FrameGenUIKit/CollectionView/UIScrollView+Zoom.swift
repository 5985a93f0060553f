import Foundation

extension UIScrollView {
    /// nil: no pinch zooms a scroll view here (on iOS, nil too while `minimumZoomScale` equals
    /// `maximumZoomScale`).
    public var pinchGestureRecognizer: UIPinchGestureRecognizer? { nil }

    /// The delegate of the scroll view, which framegen's UIScrollView does not declare: each
    /// subclass declares its own, of its own protocol (`UICollectionView.delegate`).
    package var scrollViewDelegate: UIScrollViewDelegate? {
        switch self {
        case let view as UICollectionView: view.delegate
        case let view as UITableView: view.delegate
        case let view as UITextView: view.delegate
        default: nil
        }
    }

    /// UIScrollView's zoom: `scale`, clamped to the minimum and maximum, scales the view the
    /// delegate's `viewForZooming(in:)` answers (nothing happens without one, as on iOS); the
    /// view keeps its frame's origin, the content size becomes its frame's size, and
    /// `scrollViewDidZoom(_:)` follows. The point of that view at the centre of the visible
    /// bounds stays there, or, given `centre` (in the view's own coordinates), comes there, as
    /// far as the content's edges allow.
    package func applyZoom(_ requested: CGFloat, centredOn centre: CGPoint?) {
        let delegate = scrollViewDelegate
        guard let view = delegate?.viewForZooming(in: self) else { return }
        let scale = max(minimumZoomScale, min(maximumZoomScale, requested))
        guard scale > 0 else { return }
        let old = zoomScaleApplied
        let origin = view.frame.origin
        let target =
            centre
            ?? CGPoint(
                x: (contentOffset.x + bounds.width / 2 - origin.x) / old,
                y: (contentOffset.y + bounds.height / 2 - origin.y) / old)
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        view.center = CGPoint(
            x: origin.x + view.bounds.width * scale * view.layer.anchorPoint.x,
            y: origin.y + view.bounds.height * scale * view.layer.anchorPoint.y)
        zoomScaleApplied = scale
        contentSize = view.frame.size
        let inset = adjustedContentInset
        func clamped(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
            max(low, min(max(low, high), value))
        }
        contentOffset = CGPoint(
            x: clamped(
                origin.x + target.x * scale - bounds.width / 2, -inset.left,
                contentSize.width + inset.right - bounds.width),
            y: clamped(
                origin.y + target.y * scale - bounds.height / 2, -inset.top,
                contentSize.height + inset.bottom - bounds.height))
        delegate?.scrollViewDidZoom(self)
    }

    /// `zoom(to:animated:)`: the scale at which `rect` (in the zooming view's coordinates)
    /// fills the bounds along its tighter axis, clamped, with `rect` centred.
    package func applyZoom(toShow rect: CGRect) {
        guard rect.width > 0, rect.height > 0 else { return }
        let scale = min(bounds.width / rect.width, bounds.height / rect.height)
        applyZoom(scale, centredOn: CGPoint(x: rect.midX, y: rect.midY))
    }
}
