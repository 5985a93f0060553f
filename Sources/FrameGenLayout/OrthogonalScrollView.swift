import FrameGenGeometry
import FrameGenMotion

/// A section that scrolls across the layout's own direction in a scroll view of its own, as a
/// compositional layout's section with an `orthogonalScrollingBehavior` does: its offsets, and
/// where a release comes to rest (docs/uikit.md "Compositional layouts").
public struct OrthogonalScrollView: Hashable, Sendable {
    /// How a release comes to rest, UIKit's behaviours.
    public enum Resting: Hashable, Sendable {
        /// `.continuous`: where the deceleration takes it.
        case natural
        /// `.continuousGroupLeadingBoundary`: the group boundary nearest that, `stride` apart
        /// from offset 0, or the end.
        case groupBoundary(stride: Double)
        /// `.paging`: pages as long as the collection view.
        case page(Double)
        /// `.groupPaging`, `.groupPagingCentered`: the next group in the direction of the
        /// release (the nearest where it is slow), `stride` apart.
        case group(stride: Double)
    }

    public var section: Int
    /// True: the section scrolls along x.
    public var horizontal: Bool
    public var minOffset: Double
    public var maxOffset: Double
    /// The scroll view's length along its axis (a rubber band's dimension).
    public var length: Double
    public var resting: Resting

    public init(
        section: Int, horizontal: Bool, minOffset: Double, maxOffset: Double, length: Double, resting: Resting
    ) {
        self.section = section
        self.horizontal = horizontal
        self.minOffset = minOffset
        self.maxOffset = max(minOffset, maxOffset)
        self.length = length
        self.resting = resting
    }

    /// Group paging decelerates as `UIScrollView.DecelerationRate.fast`; the others as `.normal`.
    public var decelerationRate: DecelerationRate {
        if case .group = resting { return .fast }
        return .normal
    }

    /// Where a release at `offset` with `velocity` (points per second, toward the end positive)
    /// rests, when the deceleration alone would stop at
    /// `natural`; nil: there (or paging, which ScrollMotion pages itself: `pageSize`).
    public func target(natural: Double, offset: Double, velocity: Double) -> Double? {
        switch resting {
        case .natural, .page:
            return nil
        case .groupBoundary(let stride):
            guard stride > 0, natural < maxOffset else { return nil }
            return clamp((natural / stride).rounded() * stride)
        case .group(let stride):
            guard stride > 0 else { return nil }
            // A slow release goes to the nearest group; a swipe to the next group in its
            // direction, whatever its speed.
            let at = offset / stride
            let to = abs(velocity) < 200 ? at.rounded() : velocity > 0 ? at.rounded(.up) : at.rounded(.down)
            return clamp(to * stride)
        }
    }

    /// A paging section's page length.
    public var pageSize: Double? {
        if case .page(let size) = resting { return size }
        return nil
    }

    private func clamp(_ v: Double) -> Double { min(max(v, minOffset), maxOffset) }
}
