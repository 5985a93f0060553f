extension Double {
    /// The value as an integer without a trap: `Int(self)` (truncation toward zero, so round
    /// first: `x.rounded(.up).clampedInt(in: 0...width, nan: 0)`) when it lies inside `range`,
    /// `range.lowerBound` at or below it (-infinity included), `range.upperBound` at or above it
    /// (+infinity included), and `nan` for NaN.
    ///
    /// `Int(x)` traps for NaN, infinities and anything past Int's range, so every conversion of
    /// a computed coordinate, size or weight in pixel code goes through this (a test in the
    /// suite fails on any other): a layout's or a file's extreme numbers then draw nothing, or
    /// draw clipped, instead of killing the process. Any `range` of `Int` is allowed; the
    /// comparisons are made in floating point and the bounds are inclusive, so the result is
    /// always in `range` (also at `Int.max`, which no `Double` represents exactly).
    @inlinable @inline(__always)
    public func clampedInt(in range: ClosedRange<Int>, nan: Int) -> Int {
        if self >= Double(range.upperBound) { return range.upperBound }
        if self <= Double(range.lowerBound) { return range.lowerBound }
        // NaN fails both comparisons above.
        if isNaN { return nan }
        return Int(self)  // checked: strictly inside the range, tested just above
    }
}

extension Float {
    /// `Double.clampedInt(in:nan:)` for Float (photo painting works in Float). Concrete, not
    /// generic over BinaryFloatingPoint: unspecialised generic conversions cost a metadata
    /// lookup per call in debug builds, where the tests run.
    @inlinable @inline(__always)
    public func clampedInt(in range: ClosedRange<Int>, nan: Int) -> Int {
        if self >= Float(range.upperBound) { return range.upperBound }
        if self <= Float(range.lowerBound) { return range.lowerBound }
        if isNaN { return nan }
        return Int(self)  // checked: strictly inside the range, tested just above
    }
}

/// The pixel coordinates pixel code converts to when no tighter bound is at hand: far past any
/// image (16384 px a side) and any clip, yet small enough that sums and differences of two such
/// coordinates, or one times an image's stride, never overflow `Int`.
public let pixelCoordinateRange: ClosedRange<Int> = -(1 << 40)...(1 << 40)
