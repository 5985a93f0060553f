/// UIScrollView's rubber-banding past an edge (docs/design/motion.md §3.4): a finger overshoot x shows as
/// b = (1 - 1/(x·c/d + 1))·d = x·c·d/(d + c·x), with c = 0.55 and d the view's size on that axis;
/// b has slope c at the edge and tends to d.
public enum RubberBand {
    public static let coefficient = 0.55

    /// The displayed overshoot for a finger overshoot x (odd in x: a negative x gives -b(-x));
    /// 0 for a non-positive or non-finite dimension.
    public static func offset(
        forOvershoot x: Double, dimension d: Double, coefficient c: Double = coefficient
    )
        -> Double
    {
        guard d > 0, d.isFinite, c > 0, !x.isNaN else { return 0 }
        if x < 0 { return -offset(forOvershoot: -x, dimension: d, coefficient: c) }
        if x == .infinity { return d }
        return x * c * d / (d + c * x)
    }

    /// The inverse: the finger overshoot that shows as b, x = b·d / (c·(d - b)); infinite for
    /// |b| >= d.
    public static func overshoot(
        forOffset b: Double, dimension d: Double, coefficient c: Double = coefficient
    )
        -> Double
    {
        guard d > 0, d.isFinite, c > 0, !b.isNaN else { return 0 }
        if b < 0 { return -overshoot(forOffset: -b, dimension: d, coefficient: c) }
        if b >= d { return .infinity }
        return b * d / (c * (d - b))
    }

    /// The displayed content offset for an unconstrained (finger-following) offset: itself inside
    /// [minOffset, maxOffset], rubber-banded past either edge. maxOffset < minOffset counts as
    /// minOffset (content smaller than the view rests at the top).
    public static func clamp(
        _ offset: Double, minOffset: Double, maxOffset: Double, dimension: Double,
        coefficient c: Double = coefficient
    ) -> Double {
        let hi = max(minOffset, maxOffset)
        if offset < minOffset {
            return minOffset
                - self.offset(forOvershoot: minOffset - offset, dimension: dimension, coefficient: c)
        }
        if offset > hi {
            return hi + self.offset(forOvershoot: offset - hi, dimension: dimension, coefficient: c)
        }
        return offset
    }
}

/// A finger dragging the content (docs/design/motion.md §3.2, `drag`): inside the valid range the content
/// follows the finger 1:1, past an edge it rubber-bands. A drag that starts already
/// rubber-banded continues from the finger position that produced that offset, so there is no
/// jump.
public struct ScrollDrag: Hashable, Sendable {
    public let startOffset: Double
    public let minOffset: Double
    public let maxOffset: Double
    public let dimension: Double
    public let coefficient: Double
    /// The finger-following offset equivalent to `startOffset`.
    let unconstrainedStart: Double

    public init(
        startOffset: Double, minOffset: Double, maxOffset: Double, dimension: Double,
        coefficient: Double = RubberBand.coefficient
    ) {
        self.startOffset = startOffset
        self.minOffset = minOffset
        self.maxOffset = max(minOffset, maxOffset)
        self.dimension = dimension
        self.coefficient = coefficient
        if startOffset < minOffset {
            unconstrainedStart =
                minOffset
                - RubberBand.overshoot(
                    forOffset: minOffset - startOffset, dimension: dimension, coefficient: coefficient)
        } else if startOffset > self.maxOffset {
            unconstrainedStart =
                self.maxOffset
                + RubberBand.overshoot(
                    forOffset: startOffset - self.maxOffset, dimension: dimension, coefficient: coefficient)
        } else {
            unconstrainedStart = startOffset
        }
    }

    /// The displayed offset after the finger has moved the content by `translation`, in content
    /// offset units (positive toward the end of the content, i.e. the finger moving the other
    /// way).
    public func offset(forTranslation translation: Double) -> Double {
        RubberBand.clamp(
            unconstrainedStart + translation, minOffset: minOffset, maxOffset: maxOffset,
            dimension: dimension, coefficient: coefficient)
    }
}
