import FrameGenGeometry
import FrameGenMotion

/// The strip's animations, evaluated at a scene time from the recorded events (docs/design/layouts.md
/// §3.3), and the hooks that record them.
extension ThumbnailsLayout {
    // MARK: Animation state at a time

    /// expandingRate at `time`: folds the rate-changing events up to it.
    public func expandingRate(at time: Double) -> Double {
        // The running segment: from `from` at `start` to `to` over `duration` (eased), or a focus
        // hold (0 until start + duration, then 1).
        var from = 1.0
        var to = 1.0
        var start = -Double.infinity
        var duration = 0.0
        var hold = false
        func value(_ t: Double) -> Double {
            if hold { return t < start + duration ? 0 : 1 }
            guard duration > 0 else { return to }
            return from + (to - from) * LayoutEasing.quadraticEaseInOut((t - start) / duration)
        }
        for e in events where e.time <= time {
            let target: Double
            switch e {
            case .willBeginDragging: target = 0
            case .didEndDragging(_, let decelerate):
                if decelerate { continue }
                target = 1
            case .didEndDecelerating: target = 1
            case .focus(let t, _, _, _):
                hold = true
                start = t
                duration = ThumbnailsLayout.focusDuration
                continue
            case .delete: continue
            }
            let r0 = value(e.time)
            hold = false
            from = r0
            to = target
            start = e.time
            duration = ThumbnailsLayout.rateAnimationDuration * Swift.abs(target - r0)
        }
        return value(time)
    }

    /// Whether the strip is being dragged or decelerating at `time`.
    public func isTracking(at time: Double) -> Bool {
        var tracking = false
        for e in events where e.time <= time {
            switch e {
            case .willBeginDragging: tracking = true
            case .didEndDragging(_, let decelerate): tracking = decelerate
            case .didEndDecelerating: tracking = false
            case .focus, .delete: break
            }
        }
        return tracking
    }

    /// The focus running at `time` with its eased progress; nil when none (a later drag ends one).
    public func focus(at time: Double) -> (
        item: Int, fromItem: Int, fromOffset: Double, start: Double, progress: Double
    )? {
        var found: (Int, Int, Double, Double)?
        for e in events where e.time <= time {
            switch e {
            case .focus(let t, let item, let fromItem, let fromOffset):
                found = (item, fromItem, fromOffset, t)
            case .willBeginDragging: found = nil
            default: break
            }
        }
        guard let (item, fromItem, fromOffset, start) = found else { return nil }
        let x = (time - start) / ThumbnailsLayout.focusDuration
        return (item, fromItem, fromOffset, start, LayoutEasing.quadraticEaseInOut(x))
    }

    /// The delete running at `time`: its item, the item count before it, and its linear time
    /// fraction over both phases (0...1); nil when none.
    public func delete(at time: Double) -> (item: Int, count: Int, fraction: Double)? {
        let total = 2 * ThumbnailsLayout.deletePhaseDuration
        for e in events.reversed() where e.time <= time {
            if case .delete(let t, let item, let count) = e {
                guard time < t + total else { return nil }
                return (item, count, (time - t) / total)
            }
        }
        return nil
    }

    /// Every cell's state at the prepared state's time: the scroll-driven expansion, then the
    /// running animation's overrides.
    public func cellStates(_ cv: CollectionViewState) -> [CellState] {
        let n = count(cv)
        let rate = expandingRate(at: cv.time)
        let offsetX = cv.contentOffset.x + farInset(cv)
        var states = (0..<n).map { i -> CellState in
            let delta = Swift.abs(Double(i) * pitch - offsetX)
            return CellState(expanding: delta < pitch ? (1 - delta / pitch) * rate : 0)
        }
        if let f = focus(at: cv.time), cv.time < f.start + ThumbnailsLayout.focusDuration {
            if states.indices.contains(f.item) { states[f.item].expanding = f.progress }
            if states.indices.contains(f.fromItem) { states[f.fromItem].expanding = 1 - f.progress }
        }
        if let d = delete(at: cv.time), d.count == n, states.indices.contains(d.item) {
            let direction: Direction = d.item + 1 >= n ? .left : .right
            let neighbour = direction == .left ? d.item - 1 : d.item + 1
            if d.fraction < 0.5 {
                states[d.item].collapsing = d.fraction * 2
            } else {
                let p = d.fraction * 2 - 1
                states[d.item].collapsing = 1
                states[d.item].deleting = p
                states[d.item].deletingDirection = direction
                if states.indices.contains(neighbour) { states[neighbour].expanding = p }
            }
        }
        return states
    }

    // MARK: Events

    public mutating func collectionViewWillBeginDragging(_ collectionView: CollectionViewState) {
        events.append(.willBeginDragging(time: collectionView.time))
    }

    public mutating func collectionViewDidEndDragging(
        _ collectionView: CollectionViewState, willDecelerate decelerate: Bool
    ) {
        events.append(.didEndDragging(time: collectionView.time, willDecelerate: decelerate))
    }

    public mutating func collectionViewDidEndDecelerating(_ collectionView: CollectionViewState) {
        events.append(.didEndDecelerating(time: collectionView.time))
    }

    /// Focuses a tapped item other than the active one; a tap on the active one does nothing.
    public mutating func collectionViewDidTapItem(
        at indexPath: IndexPath, _ collectionView: CollectionViewState
    )
        -> Bool
    {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < count(collectionView) else {
            return false
        }
        let from = nearestIndex(collectionView)
        if indexPath.item != from {
            events.append(
                .focus(
                    time: collectionView.time, item: indexPath.item, fromItem: from,
                    fromOffset: collectionView.contentOffset.x))
        }
        return true
    }

    /// The two-phase delete for one deleted item out of more than two; nil (the engine's
    /// animation) otherwise.
    public mutating func collectionViewWillPerformBatchUpdates(
        _ updateItems: [UpdateItem], _ collectionView: CollectionViewState
    ) -> Double? {
        let n = count(collectionView)
        guard updateItems.count == 1, let u = updateItems.first, u.updateAction == .delete,
            let p = u.indexPathBeforeUpdate, p.section == 0, p.item >= 0, p.item < n, n > 2
        else { return nil }
        events.append(.delete(time: collectionView.time, item: p.item, count: n))
        return 2 * ThumbnailsLayout.deletePhaseDuration
    }

    public var animationEndTime: Double? {
        var end: Double?
        for e in events {
            let t: Double
            switch e {
            case .willBeginDragging(let s), .didEndDecelerating(let s), .didEndDragging(let s, _):
                t = s + ThumbnailsLayout.rateAnimationDuration
            case .focus(let s, _, _, _): t = s + ThumbnailsLayout.focusDuration
            case .delete(let s, _, _): t = s + 2 * ThumbnailsLayout.deletePhaseDuration
            }
            end = Swift.max(end ?? t, t)
        }
        return end
    }
}
