/// The motion of one scroll axis after the finger lifts (or a fling), docs/design/motion.md §3:
/// closed form from the release, so `offset(at:)` of any instant needs nothing else.
///
/// - Released out of range: a spring back to the nearest edge, critically damped (mass 1,
///   stiffness 100), starting with the release velocity.
/// - Paging: the next page in the direction of the velocity when |v| > 300 pt/s, else the
///   nearest page (pages at multiples of the page size, clamped to the range), reached with the
///   same critically damped spring.
/// - A snapping target (the layout's targetContentOffset, clamped to the range): the
///   deceleration law with its decay constant solved so that it comes to rest exactly there
///   (k = -v0 / (target - x0): same initial velocity, same exponential shape). The spring takes
///   the content there instead when no deceleration can: the target is not ahead in the
///   direction of the velocity, or the velocity is 0, or the solved decay would be more than
///   `maximumSnapSlowdown` times slower than the rate's (a slow flick snapping far away would
///   otherwise glide for minutes: 10 pt/s to a target 500 pt away takes 345 s).
/// - Otherwise the natural deceleration (rate 0.998 or 0.99 per ms). If its rest lies past an
///   edge, it runs until it reaches that edge and continues as the spring, from the edge with
///   the velocity it had there.
///
/// The motion ends when the remaining distance falls under 0.5 pixel (0.5 / screenScale
/// points); the last phase is reshaped to end there exactly (`settled`), so the offset reaches
/// the rest offset continuously and stays there. Velocities are the content
/// offset's, in points per second (positive toward the end of the content).
public struct ScrollMotion: Hashable, Sendable {
    /// Where the motion is allowed to come to rest.
    public enum Target: Hashable, Sendable {
        /// The natural deceleration.
        case natural
        /// A snapping target (targetContentOffset(forProposedContentOffset:withScrollingVelocity:)).
        case offset(Double)
        /// isPagingEnabled with pages `pageSize` apart (the view's size on this axis).
        case paging(pageSize: Double)
    }

    /// One closed-form piece of the motion, in its own time from `start`.
    public struct Phase: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// x(t) = x0 + v0·(e^(k t) - 1)/k from the phase start.
            case deceleration(Deceleration)
            /// offset = target + spring displacement from (startOffset - target, startVelocity).
            case spring(DampedSpring, target: Double)
        }
        public let kind: Kind
        public let start: Double
        public let end: Double
        public let startOffset: Double
        public let startVelocity: Double

        func offset(at t: Double) -> Double {
            let local = t - start
            switch kind {
            case .deceleration(let d): return d.offset(at: local)
            case .spring(let s, let target):
                return target
                    + s.displacement(
                        at: local, initialDisplacement: startOffset - target, initialVelocity: startVelocity)
            }
        }

        func velocity(at t: Double) -> Double {
            let local = t - start
            switch kind {
            case .deceleration(let d): return d.velocity(at: local)
            case .spring(let s, let target):
                return s.velocity(
                    at: local, initialDisplacement: startOffset - target, initialVelocity: startVelocity)
            }
        }
    }

    /// |v| above which paging goes to the next page rather than the nearest (pt/s).
    public static let pagingVelocityThreshold = 300.0

    /// How much slower than the deceleration rate a snapping deceleration may decay before the
    /// spring is used instead.
    public static let maximumSnapSlowdown = 2.0

    public let startOffset: Double
    public let startVelocity: Double
    public let minOffset: Double
    public let maxOffset: Double
    /// Where the motion ends, exactly.
    public let restOffset: Double
    /// Seconds from the release until the remaining distance is under 0.5 pixel.
    public let duration: Double
    /// The pieces in time order (none when nothing moves).
    public let phases: [Phase]

    /// - Parameters:
    ///   - offset, velocity: the content offset and its velocity (pt/s) at the release.
    ///   - minOffset, maxOffset: the valid range (docs/design/motion.md §3.1); maxOffset < minOffset rests at
    ///     minOffset.
    ///   - screenScale: pixels per point, for the 0.5-pixel rest threshold.
    ///   - spring: the spring of spring-backs and paging (UIScrollView's by default).
    /// Bad values never trap: a non-finite velocity counts as 0, a non-finite offset as
    /// minOffset, a non-finite minOffset as 0 and maxOffset as minOffset, a non-positive scale
    /// as 1; a non-finite snap target or a non-positive page size falls back to `.natural`.
    public init(
        offset: Double, velocity: Double, minOffset: Double, maxOffset: Double,
        decelerationRate: DecelerationRate = .normal, target: Target = .natural, screenScale: Double = 1,
        spring: DampedSpring = .scrollView
    ) {
        let lo = minOffset.isFinite ? minOffset : 0
        let hi = maxOffset.isFinite ? max(lo, maxOffset) : lo
        let x0 = offset.isFinite ? offset : lo
        let v0 = velocity.isFinite ? velocity : 0
        let threshold = 0.5 / (screenScale.isFinite && screenScale > 0 ? screenScale : 1)
        startOffset = x0
        startVelocity = v0
        self.minOffset = lo
        self.maxOffset = hi

        func springPhase(from x: Double, velocity v: Double, to target: Double, at start: Double) -> Phase {
            let settle = spring.settlingTime(
                initialDisplacement: x - target, initialVelocity: v, threshold: threshold)
            return Phase(
                kind: .spring(spring, target: target), start: start, end: start + settle, startOffset: x,
                startVelocity: v)
        }
        func decelerationPhase(_ d: Deceleration, until end: Double) -> Phase {
            Phase(kind: .deceleration(d), start: 0, end: end, startOffset: x0, startVelocity: v0)
        }

        var phases: [Phase] = []
        let rest: Double
        if x0 < lo || x0 > hi {
            // Released past an edge, the spring goes straight to a snapping target (clamped to
            // the range), as UIKit's bounce honours targetContentOffset, instead of stopping at
            // the edge and leaving the last step to the snap.
            if case .offset(let requested) = target, requested.isFinite {
                rest = min(max(requested, lo), hi)
            } else {
                rest = x0 < lo ? lo : hi
            }
            phases.append(springPhase(from: x0, velocity: v0, to: rest, at: 0))
        } else {
            switch target {
            case .paging(let pageSize) where pageSize > 0 && pageSize.isFinite:
                rest = ScrollMotion.pagingTarget(
                    offset: x0, velocity: v0, pageSize: pageSize, minOffset: lo, maxOffset: hi)
                phases.append(springPhase(from: x0, velocity: v0, to: rest, at: 0))
            case .offset(let requested) where requested.isFinite:
                rest = min(max(requested, lo), hi)
                if let d = Deceleration(startOffset: x0, velocity: v0, restOffset: rest),
                    d.decayConstant <= decelerationRate.decayConstant / ScrollMotion.maximumSnapSlowdown
                {
                    phases.append(decelerationPhase(d, until: d.duration(threshold: threshold)))
                } else {
                    phases.append(springPhase(from: x0, velocity: v0, to: rest, at: 0))
                }
            default:
                let d = Deceleration(startOffset: x0, velocity: v0, rate: decelerationRate)
                let natural = d.restOffset
                if natural >= lo && natural <= hi {
                    rest = natural
                    phases.append(decelerationPhase(d, until: d.duration(threshold: threshold)))
                } else {
                    rest = natural > hi ? hi : lo
                    // x0 is in range and the rest beyond this edge, so the edge is on the way.
                    let hit = d.time(toReach: rest) ?? 0
                    phases.append(decelerationPhase(d, until: hit))
                    phases.append(springPhase(from: rest, velocity: d.velocity(at: hit), to: rest, at: hit))
                }
            }
        }
        restOffset = rest
        self.phases = phases.filter { $0.end > $0.start }
        duration = phases.last?.end ?? 0
    }

    /// The page a paging scroll view settles on: with |v| > 300 pt/s the next page boundary in
    /// the direction of v (strictly past the offset), otherwise the nearest; clamped to the range.
    public static func pagingTarget(
        offset x: Double, velocity v: Double, pageSize: Double, minOffset: Double, maxOffset: Double
    ) -> Double {
        let page = x / pageSize
        let index: Double
        if v > pagingVelocityThreshold {
            index = page.rounded(.down) + 1
        } else if v < -pagingVelocityThreshold {
            index = page.rounded(.up) - 1
        } else {
            index = page.rounded(.toNearestOrAwayFromZero)
        }
        return min(max(index * pageSize, minOffset), max(minOffset, maxOffset))
    }

    /// The content offset t seconds after the release: the start offset before it, the rest
    /// offset from `duration` on, and continuous in between (see `settled`).
    public func offset(at t: Double) -> Double {
        if !(t > 0) { return startOffset }
        if t >= duration { return restOffset }
        for (i, phase) in phases.enumerated() where t < phase.end {
            return i == phases.count - 1 ? settled(phase, at: t).offset : phase.offset(at: t)
        }
        return restOffset
    }

    /// The offset's velocity (pt/s) t seconds after the release: the release velocity before it,
    /// 0 from `duration` on.
    public func velocity(at t: Double) -> Double {
        if !(t > 0) { return startVelocity }
        if t >= duration { return 0 }
        for (i, phase) in phases.enumerated() where t < phase.end {
            return i == phases.count - 1 ? settled(phase, at: t).velocity : phase.velocity(at: t)
        }
        return 0
    }

    /// The last phase reshaped so that it ends exactly on the rest offset (docs/layouts-and-motion.md
    /// "Settling": no jump at the 0.5 pixel threshold; the steps shrink into the target): what it has left at
    /// its end is taken away along a smoothstep over the phase, whose slope vanishes at both ends,
    /// so the release velocity stays exact and the last steps keep their shape.
    func settled(_ phase: Phase, at t: Double) -> (offset: Double, velocity: Double) {
        let raw = phase.offset(at: t)
        let rawVelocity = phase.velocity(at: t)
        let length = phase.end - phase.start
        guard length > 0 else { return (raw, rawVelocity) }
        let u = (t - phase.start) / length
        let leftover = phase.offset(at: phase.end) - restOffset
        return (raw - leftover * u * u * (3 - 2 * u), rawVelocity - leftover * 6 * u * (1 - u) / length)
    }
}
