/// How `render(in:)` draws a layer's contents magnified (docs/design/rendering.md §7.4): the two
/// nearest texels of each axis, the far one's weight in sixteenths taken from the position
/// rounded to an eighth of a texel, q = round(8f), as 0, 1, 2, 4, 8, 12, 14, 15, 16 for q = 0...8,
/// and the four products summed and rounded once: c = (Σ wx · wy · texel + 128) >> 8. Not the
/// bilinear weight f: measured on iOS's references of an image view's photo (720 x 480 px
/// aspect-filled to 1125 x 750, 25 phases a period: each phase's least-squares weights are those
/// sixteenths to within 0.01) and of a template drawn four times its size (the four phases
/// 1/16, 1/4, 3/4, 15/16).
enum RenderInContextMagnification {
    /// Whether `spans` (a scale and a translation, level 0 alone) magnify along both axes: at
    /// most one texel a pixel. A minified axis keeps the trilinear filter (not measured).
    static func applies(to spans: AffineSpans) -> Bool {
        spans.k0 == 0 && spans.t == 0 && abs(spans.dx0) <= 1 << 32 && abs(spans.fy0.y) <= 1
    }

    /// The weight of the far texel in sixteenths for q eighths of a texel.
    @inline(__always) static func weight(_ q: Int) -> UInt32 {
        // 0, 1, 2, 4, 8 up to the middle, then their mirror 16 - w.
        q <= 4 ? (q == 0 ? 0 : 1 &<< UInt32(q &- 1)) : 16 &- (1 &<< UInt32(7 &- q))
    }

    /// The two texels and the far one's weight (0...16) of a fixed coordinate in `AffineSpans`'
    /// form, its position rounded to an eighth of a texel.
    @inline(__always) static func split(_ fixed: Int64, size: Int) -> (i0: Int, i1: Int, w: UInt32) {
        let (i0, i1, q) = SeparableRows.split(fixed, size: size, bits: 3)
        return (i0, i1, i1 == i0 ? 0 : weight(Int(q)))
    }

    /// Draws the box's covered pixels (`applies(to:)` holds): each sample rounded to 8 bits,
    /// then scaled by coverage and opacity and composited as `SeparableRows` does.
    static func draw(_ target: TextureTarget, _ spans: AffineSpans) {
        let (s, b) = (target.sampler, target.box)
        let l = s.levels[0]
        let width = b.x1 - b.x0
        guard width > 0 else { return }
        let (cx, _, _, _) = spans.rowStart(b.y0)
        let texels = UnsafeRawPointer(s.texels.baseAddress!)
        withUnsafeTemporaryAllocation(of: (x0: Int, x1: Int, w: UInt32).self, capacity: width) { cols in
            for i in 0..<width {
                let (x0, x1, w) = split(cx &+ spans.dx0 &* Int64(i), size: l.width)
                cols[i] = (l.offset &+ x0 &* 4, l.offset &+ x1 &* 4, w)
            }
            for y in b.y0..<b.y1 {
                let coverage = target.coverageRow(y)
                let (sy, _) = spans.rowStartY(y)
                let (y0, y1, wy) = split(sy, size: l.height)
                let (row0, row1) = (y0 &* l.width &* 4, y1 &* l.width &* 4)
                let out = target.base + y * target.stride
                for x in b.x0..<b.x1 where coverage[x] != 0 {
                    let c = cols[x &- b.x0]
                    let top =
                        SeparableRows.texel(texels, row0 &+ c.x0) &* (16 &- c.w)
                        &+ SeparableRows.texel(texels, row0 &+ c.x1) &* c.w
                    let bottom =
                        SeparableRows.texel(texels, row1 &+ c.x0) &* (16 &- c.w)
                        &+ SeparableRows.texel(texels, row1 &+ c.x1) &* c.w
                    let sum: SIMD4<UInt32> = top &* (16 &- wy) &+ bottom &* wy
                    // The rounded byte, as the 8.7 sample the scaling takes.
                    let sample: SIMD4<UInt32> = ((sum &+ 128) &>> 8) &<< 7
                    SeparableRows.put(
                        SeparableRows.scale(sample, SeparableRows.factor(coverage[x], target.opacity)), out,
                        x * 4)
                }
            }
        }
    }
}
