import FrameGenGeometry

/// How the strip and the preview drive each other (ScrollSynchronizer in the original).
extension ThumbnailsLayout {
    // MARK: Synchronisation

    /// The strip's own offset the layout asks for at the prepared time, if any.
    public func requestedOwnOffset(_ cv: CollectionViewState) -> Point? {
        if let f = focus(at: cv.time), cv.time < f.start + ThumbnailsLayout.focusDuration {
            let to = Double(f.item) * pitch - farInset(cv)
            return Point(x: f.fromOffset + (to - f.fromOffset) * f.progress, y: cv.contentOffset.y)
        }
        var follow: Double?
        if !isTracking(at: cv.time), let name = syncWith, let peer = cv.peers[name], peer.bounds.width > 0 {
            // The preview may show a page past the strip's last item for a moment (the last
            // photo was deleted and it is still sliding back): the strip stays on its last item
            // rather than past the end of its shorter content.
            let page = Swift.min(peer.bounds.minX / peer.bounds.width, Double(Swift.max(0, count(cv) - 1)))
            follow = page * pitch - farInset(cv)
        }
        return follow.map { Point(x: $0, y: cv.contentOffset.y) }
    }

    /// The preview's offset the layout asks for at the prepared time, if any.
    public func requestedPeerOffset(_ cv: CollectionViewState) -> Point? {
        guard let name = syncWith, let peer = cv.peers[name] else { return nil }
        if let f = focus(at: cv.time), cv.time < f.start + ThumbnailsLayout.focusDuration {
            return Point(x: Double(f.item) * peer.bounds.width, y: peer.bounds.minY)
        }
        guard isTracking(at: cv.time) else { return nil }
        return Point(x: Double(nearestIndex(cv)) * peer.bounds.width, y: peer.bounds.minY)
    }

    public var publishedState: [String: CustomValue] {
        guard let cv = collectionView else { return [:] }
        let inset = farInset(cv)
        var s: [String: CustomValue] = [
            PublishedStateKey.activeIndex: .number(Double(nearestIndex(cv))),
            PublishedStateKey.requestedContentInset: .numbers([0, inset, 0, inset]),
        ]
        if let p = requestedOwnOffset(cv) {
            s[PublishedStateKey.requestedContentOffset(cv.name)] = .numbers([p.x, p.y])
        }
        if let name = syncWith, let p = requestedPeerOffset(cv) {
            s[PublishedStateKey.requestedContentOffset(name)] = .numbers([p.x, p.y])
        }
        return s
    }
}
