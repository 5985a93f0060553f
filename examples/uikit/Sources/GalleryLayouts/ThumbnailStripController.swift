import UIKit

/// The Photos app's controller between its preview (a pager) and its thumbnail strip, as the
/// strip's delegate: it animates the strip's widening on time, not on scrolling, and keeps the
/// two views on the same photo.
///
/// - A drag of the strip collapses the thumbnails (the layout's `expandingRate` eases to 0 in
///   0.15 s) and widens the centred one again when it comes to rest; meanwhile the preview shows
///   the centred thumbnail's page.
/// - A tap on another thumbnail focuses it over 0.3 s: it grows while the one shown before
///   shrinks, the strip scrolls to centre it, and the preview jumps to its page at once.
/// - Otherwise the strip follows the preview: a swipe through the pages slides the strip.
///
/// The animations run on a display link, with the ease in and out of the original's animator
/// (quadratic). On iOS the controller would hear of the preview's scrolling as its delegate
/// too; framegen drives each view of a scene on its own, so the strip looks at the preview
/// (`sceneView(named:)`) at every frame, from a second link kept for the controller's life.
public final class ThumbnailStripController: NSObject, SceneUpdateDelegate {
    public static let rateDuration: CFTimeInterval = 0.15
    public static let focusDuration: CFTimeInterval = 0.3
    /// Each of the deletion's two phases (collapse, then close the gap).
    public static let deletePhaseDuration: CFTimeInterval = 0.15

    private let previewName: String
    private weak var strip: UICollectionView?
    private let layout: ThumbnailStripLayout

    /// `expandingRate` eased from `from` to `to`, or held at 0 until `start + duration` (a focus).
    private struct RateAnimation {
        var from: CGFloat = 1
        var to: CGFloat = 1
        var start: CFTimeInterval = -.infinity
        var duration: CFTimeInterval = 0
        var hold = false

        func value(at t: CFTimeInterval) -> CGFloat {
            if hold { return t < start + duration ? 0 : 1 }
            guard duration > 0 else { return to }
            return from + (to - from) * ThumbnailStripController.easeInOut((t - start) / duration)
        }

        var end: CFTimeInterval { start + duration }
    }

    private struct FocusAnimation {
        var item: Int
        var fromItem: Int
        var fromOffset: CGFloat
        var start: CFTimeInterval
    }

    private struct DeleteAnimation {
        var item: Int
        var count: Int
        var start: CFTimeInterval
        var commit: () -> Void

        var end: CFTimeInterval { start + 2 * ThumbnailStripController.deletePhaseDuration }
    }

    private var rate = RateAnimation()
    private var deletion: DeleteAnimation?
    private var focus: FocusAnimation?
    /// Runs while an animation does.
    private var animationLink: CADisplayLink?
    /// Runs for the controller's life: the strip follows the preview.
    private var syncLink: CADisplayLink?

    public init(strip: UICollectionView, layout: ThumbnailStripLayout, previewName: String) {
        self.strip = strip
        self.layout = layout
        self.previewName = previewName
    }

    private var preview: UIScrollView? { strip?.sceneView(named: previewName) }

    /// The original's quadratic ease in and out.
    static func easeInOut(_ x: CGFloat) -> CGFloat {
        let x = min(max(x, 0), 1)
        return x < 0.5 ? 2 * x * x : -2 * x * x + 4 * x - 1
    }

    private var isTracking: Bool { (strip?.isDragging ?? false) || (strip?.isDecelerating ?? false) }

    // MARK: Scroll view events

    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {
        // The layout set its inset: the strip can now centre the preview's photo.
        if syncLink == nil {
            let link = CADisplayLink { [unowned self] link in self.update(at: link.timestamp) }
            link.add(to: .main, forMode: .common)
            syncLink = link
        }
        update(at: CACurrentMediaTime())
    }

    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        focus = nil
        animateRate(to: 0)
    }

    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { animateRate(to: 1) }
    }

    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { animateRate(to: 1) }

    /// Whatever moved the strip (the user, a rotation), the two views are brought in step.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) { update(at: CACurrentMediaTime()) }

    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        let centred = layout.centredIndex
        guard indexPath.section == 0, indexPath.item != centred else { return }
        let now = CACurrentMediaTime()
        focus = FocusAnimation(
            item: indexPath.item, fromItem: centred, fromOffset: collectionView.contentOffset.x, start: now)
        rate = RateAnimation(start: now, duration: Self.focusDuration, hold: true)
        startAnimating()
        update(at: now)
    }

    /// A photo deleted (one of more than two): the thumbnail collapses, then the gap closes,
    /// and only then is it deleted, where the app would call `deleteItems(at:)`.
    public func collectionView(
        _ collectionView: UICollectionView, willPerformSceneUpdates updates: [UICollectionViewUpdateItem],
        commit: @escaping () -> Void
    ) -> Bool {
        let count = collectionView.numberOfItems(inSection: 0)
        guard updates.count == 1, let change = updates.first, change.updateAction == .delete,
            let indexPath = change.indexPathBeforeUpdate, indexPath.section == 0,
            indexPath.item >= 0, indexPath.item < count, count > 2
        else { return false }
        let now = CACurrentMediaTime()
        deletion = DeleteAnimation(item: indexPath.item, count: count, start: now, commit: commit)
        startAnimating()
        update(at: now)
        return true
    }

    // MARK: Animating

    private func animateRate(to target: CGFloat) {
        let now = CACurrentMediaTime()
        let current = rate.value(at: now)
        rate = RateAnimation(
            from: current, to: target, start: now, duration: Self.rateDuration * abs(target - current))
        startAnimating()
        update(at: now)
    }

    private func startAnimating() {
        guard animationLink == nil else { return }
        let link = CADisplayLink { [unowned self] link in self.step(link) }
        link.add(to: .main, forMode: .common)
        animationLink = link
    }

    private func step(_ link: CADisplayLink) {
        update(at: link.timestamp)
        let focusRuns = focus.map { link.timestamp < $0.start + Self.focusDuration } ?? false
        if !focusRuns && deletion == nil && link.timestamp >= rate.end {
            link.invalidate()
            animationLink = nil
        }
    }

    /// The layout and both views at time `t`.
    private func update(at t: CFTimeInterval) {
        guard let strip else { return }
        layout.expandingRate = rate.value(at: t)
        if let d = deletion {
            if t < d.end {
                layout.deletion = ThumbnailStripLayout.Deletion(
                    item: d.item, count: d.count, fraction: (t - d.start) / (d.end - d.start))
            } else {
                layout.deletion = nil
                deletion = nil
                d.commit()
            }
        }
        if let f = focus, t < f.start + Self.focusDuration {
            let progress = Self.easeInOut((t - f.start) / Self.focusDuration)
            layout.focus = ThumbnailStripLayout.Focus(item: f.item, fromItem: f.fromItem, progress: progress)
            let to = layout.contentOffset(centring: CGFloat(f.item))
            scrollStrip(to: f.fromOffset + (to - f.fromOffset) * progress)
            if let preview, preview.bounds.width > 0 {
                preview.setContentOffset(
                    CGPoint(x: CGFloat(f.item) * preview.bounds.width, y: preview.contentOffset.y),
                    animated: false)
            }
            return
        }
        layout.focus = nil
        if isTracking {
            showCentredPage()
        } else if let preview, preview.bounds.width > 0 {
            // The preview may still show a deleted last page for a moment: stay on the last
            // thumbnail.
            let last = CGFloat(max(0, strip.numberOfItems(inSection: 0) - 1))
            scrollStrip(
                to: layout.contentOffset(centring: min(preview.contentOffset.x / preview.bounds.width, last)))
        }
    }

    private func scrollStrip(to x: CGFloat) {
        guard let strip else { return }
        let target = CGPoint(x: x, y: strip.contentOffset.y)
        guard target != strip.contentOffset else { return }
        strip.setContentOffset(target, animated: false)
        layout.invalidateLayout()
    }

    /// While the user moves the strip, the preview shows the centred thumbnail's photo.
    private func showCentredPage() {
        guard let preview, preview.bounds.width > 0 else { return }
        preview.setContentOffset(
            CGPoint(x: CGFloat(layout.centredIndex) * preview.bounds.width, y: preview.contentOffset.y),
            animated: false)
    }
}
