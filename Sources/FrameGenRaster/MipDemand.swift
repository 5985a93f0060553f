import FrameGenGeometry

extension Texture {
    /// The finest mip level trilinear drawing can read from a `width` x `height` texture drawn
    /// through `deviceToTexture` (the painter's map): the level of detail is evaluated, as the
    /// painter does per pixel, at the device images of a 9 x 9 grid of texture points (the
    /// corners included), less a margin: rounding only for an affine map (one level of detail
    /// everywhere, the painter's own), half a level under perspective, where the footprint need
    /// not be smallest on the grid. 0 when any of them is behind the eye or not finite. A cache
    /// keeps only the levels from here down (`init(_:finestLevel:)`).
    public static func finestLevelRead(width: Int, height: Int, deviceToTexture m: Homography) -> Int {
        guard width > 0, height > 0, let f = m.inverted else { return 0 }
        var least = Double.infinity
        for j in 0...8 {
            for i in 0...8 {
                let t = SIMD2(Double(width) * Double(i) / 8, Double(height) * Double(j) / 8)
                let q = f.mapHomogeneous(t)
                guard q.z > 0 else { return 0 }
                let (px, py) = (q.x / q.z, q.y / q.z)
                // The painter's footprint; its level of detail does not depend on the matrix's sign.
                let lod = LevelOfDetail.footprint(m.texelMap, px, py).lod.x
                guard lod.isFinite else { return 0 }
                least = min(least, lod)
            }
        }
        let margin = m.isAffine ? 1e-6 : 0.5
        return (least - margin).clampedInt(in: 0...64, nan: 0)
    }
}
