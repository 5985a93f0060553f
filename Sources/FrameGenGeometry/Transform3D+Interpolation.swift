extension Transform3D.Decomposition {
    /// Component-wise: translation, scale, shears and perspective linearly, the rotation by
    /// shortest-path slerp. `progress` may leave [0, 1] (spring overshoot) and extrapolates.
    public func interpolated(to b: Self, progress t: Double) -> Self {
        let a = self
        func lerp(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        return Self(
            translation: a.translation + (b.translation - a.translation) * t,
            scale: a.scale + (b.scale - a.scale) * t,
            shearXY: lerp(a.shearXY, b.shearXY),
            shearXZ: lerp(a.shearXZ, b.shearXZ),
            shearYZ: lerp(a.shearYZ, b.shearYZ),
            rotation: Quaternion.slerp(from: a.rotation, to: b.rotation, progress: t),
            perspective: a.perspective + (b.perspective - a.perspective) * t)
    }
}

extension Transform3D {
    /// The in-between matrix of an animated transform, as Core Animation interpolates it
    /// (docs/design/motion.md §4.2): both ends are decomposed (see `decomposed`), the parts are interpolated
    /// (rotation by shortest-path slerp, so a tilt of 2pi + 3 degrees turns 3 degrees), and the
    /// result is recomposed.
    /// - progress 0 and 1 return `from` and `to` exactly, and equal ends return `from`;
    /// - if either end cannot be decomposed (a zero scale, non-finite entries) the value switches
    ///   from `from` to `to` at progress 0.5, as CSS does for non-invertible matrices.
    public static func interpolate(from a: Transform3D, to b: Transform3D, progress t: Double)
        -> Transform3D
    {
        if t == 0 || a == b { return a }
        if t == 1 { return b }
        guard let da = a.decomposed, let db = b.decomposed, t.isFinite else {
            return t < 0.5 ? a : b
        }
        return Transform3D(da.interpolated(to: db, progress: t))
    }
}
