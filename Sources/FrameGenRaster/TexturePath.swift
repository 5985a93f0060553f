/// The loops `Painter.drawTexture` chooses among, by the map from device pixels to texels. Each
/// fast loop lives beside the reference it is tested against byte for byte.
enum TexturePath {
    /// Scale and translation (the grid's thumbnails, every unrotated cell): `SeparableRows`,
    /// or its reference `SeparableRows.reference`.
    case scaled(AffineSpans)
    /// Any other affine map (a rotated or sheared cell): `AffineSpans.draw`, texel coordinates
    /// stepped in fixed point.
    case affine(AffineSpans)
    /// Perspective (cover flow's covers), trilinear: a divide and a level of detail per pixel,
    /// `PerspectiveSpans`, or its reference `PixelByPixel`.
    case perspective
    /// Everything else, pixel by pixel with one plan: affine maps too large for fixed point,
    /// and perspective drawn bilinear from level 0.
    case pixelByPixel(TextureSampler.Plan)

    /// `m`'s sign fixed (W > 0 in front of the eye), and W > 0 when it is affine.
    init(_ m: Homography, filter: TextureFilter, box b: PixelBox, sampler s: TextureSampler) {
        guard m.isAffine else {
            self = filter != .bilinear ? .perspective : .pixelByPixel(.level(0))
            return
        }
        // An affine map has the same derivatives everywhere: one plan for every pixel.
        let w = m.m33
        let plan =
            filter == .bilinear
            ? .level(0)
            : s.plan(lod: LevelOfDetail.of(m.m11 / w, m.m12 / w, m.m21 / w, m.m22 / w))
        guard let spans = AffineSpans(m, plan: plan, box: b, sampler: s) else {
            self = .pixelByPixel(plan)
            return
        }
        // Scale and translation: a row reads the same texel rows with the same weights, and a
        // column the same texel columns in every row.
        let scaled = spans.dy0 == 0 && spans.dy1 == 0 && spans.fx0.y == 0 && spans.fx1.y == 0
        self = scaled ? .scaled(spans) : .affine(spans)
    }
}

/// What every texture loop draws with: the sampler, the covered box (clipped to the image), the
/// coverage, the image's pixels and the layer's opacity.
struct TextureTarget {
    let sampler: TextureSampler
    let box: PixelBox
    let coverage: CoverageMask
    /// The coverage's bytes.
    let mask: UnsafePointer<UInt8>
    /// The image's bytes, `stride` a row.
    let base: UnsafeMutablePointer<UInt8>
    let stride: Int
    let opacity: UInt8
    /// A premultiplied colour every pixel of the box holds before the drawing, when the texture
    /// is opaque (a cell over the untouched frame background): the AVX2 loop then blends fully
    /// covered pixels with a constant instead of reading them, the same bytes.
    var over: Pixel? = nil

    /// Row y's coverage, indexed by x.
    @inline(__always) func coverageRow(_ y: Int) -> UnsafePointer<UInt8> {
        mask + ((y - coverage.y) * coverage.width - coverage.x)
    }

    /// `sample` scaled by coverage `c` and the opacity, source-over onto pixel (x, y).
    @inline(__always) func put(_ sample: Sample, _ c: UInt8, _ x: Int, _ y: Int) {
        Painter.put(sample, UInt32(c) &* UInt32(opacity), base, y &* stride &+ x &* 4)
    }
}
