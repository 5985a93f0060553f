import CFrameGenKernels

/// Span fills into an image: colour, texture and offscreen layers composited source-over
/// (premultiplied, in encoded sRGB, docs/decisions.md "Colour") through coverage masks. Everything is
/// clipped to the image; work is proportional to the mask's box.
public enum Painter {
    /// `color` (premultiplied) scaled by the coverage, over the image. `truncating`: the scaled
    /// colour's channels rounded down, as Core Graphics scales a fill by its anti-aliased
    /// coverage (a layer drawn by `render(in:)`, docs/design/rendering.md §8.3), rather than to
    /// the nearest.
    public static func fill(
        _ image: inout Image, color: Pixel, coverage: CoverageMask, truncating: Bool = false
    ) {
        fill(&image, color: color, coverage: coverage, spans: true, truncating: truncating)
    }

    /// `spans`: an opaque colour's fully covered runs (a view's background, most of a screen)
    /// stored as runs of one word; without, every pixel on its own, the reference the runs are
    /// tested against. The same bytes either way.
    static func fill(
        _ image: inout Image, color: Pixel, coverage: CoverageMask, spans: Bool, truncating: Bool = false
    ) {
        guard let b = box(coverage, image), color.a != 0 else { return }
        let stride = image.stride
        let full = PackedPixel.word(color)
        let runs = spans && color.a == 255
        coverage.data.withUnsafeBufferPointer { m in
            image.bytes.withUnsafeMutableBufferPointer { buffer in
                let out = buffer.baseAddress!
                for y in b.y0..<b.y1 {
                    let row = m.baseAddress! + ((y - coverage.y) * coverage.width - coverage.x)
                    var x = b.x0 - 1
                    while true {
                        x = nonZero(row, from: x + 1, to: b.x1)
                        if x == b.x1 { break }
                        let c = row[x]
                        if runs, c == 255 {
                            let end = fullRun(row, from: x, to: b.x1)
                            UnsafeMutableRawPointer(out + y * stride + x * 4).initializeMemory(
                                as: UInt32.self, repeating: full.littleEndian, count: end - x)
                            x = end - 1
                            continue
                        }
                        let o = y * stride + x * 4
                        let k = UInt32(c)
                        var s = full
                        if c != 255 {
                            s = truncating ? PackedPixel.scaleTruncating(full, k) : PackedPixel.scale(full, k)
                        }
                        if s >> 24 == 255 {
                            PackedPixel.store(s, out, o)
                        } else {
                            PackedPixel.store(PackedPixel.sourceOver(s, PackedPixel.load(out, o)), out, o)
                        }
                    }
                }
            }
        }
    }

    /// Draws `texture` through `deviceToTexture`, which maps device pixel coordinates to
    /// level-0 texel coordinates (texel (i, j) covers [i, i+1) x [j, j+1)). Each covered pixel
    /// is sampled at its centre (x + 0.5, y + 0.5) mapped perspective-correctly (divide per
    /// pixel), the level of detail taken from the mapping's derivatives there; the sample is
    /// scaled by coverage and opacity and composited source-over. `over`: the premultiplied
    /// colour every pixel under the coverage's box holds now, when known (the frame's background
    /// where nothing has been drawn yet), which spares reading them; the same bytes.
    public static func drawTexture(
        _ image: inout Image, _ texture: Texture, deviceToTexture h: Homography, coverage: CoverageMask,
        opacity: UInt8 = 255, filter: TextureFilter = .trilinear, cache: DrawnLayerCache? = nil,
        over color: Pixel? = nil
    ) {
        drawTexture(
            &image, texture, deviceToTexture: h, coverage: coverage, opacity: opacity, filter: filter,
            separable: true, perspectiveReference: false, cache: cache, over: color)
    }

    /// `separable: false` keeps scaled textures on `SeparableRows.reference`, and
    /// `perspectiveReference: true` perspective ones on `PixelByPixel`: the references the
    /// separable rows and the perspective spans are tested against. `vector`: their AVX2 loops
    /// (CFrameGenKernels) where the CPU has them, else their Swift ones.
    static func drawTexture(
        _ image: inout Image, _ texture: Texture, deviceToTexture h: Homography, coverage: CoverageMask,
        opacity: UInt8, filter: TextureFilter, separable: Bool, perspectiveReference: Bool = false,
        vector: Bool = SeparableRows.hasAVX2, cache: DrawnLayerCache? = nil, over color: Pixel? = nil
    ) {
        guard let b = box(coverage, image), opacity != 0, h.isFinite else { return }
        // A homography is defined up to scale, sign included. The covered area lies on one
        // side of the horizon (W = 0), so the first covered pixel fixes the sign; pixels on the
        // other side are then behind the eye and skipped.
        guard let first = firstCovered(coverage, b) else { return }
        let w0 = h.mapHomogeneous(SIMD2(Double(first.x) + 0.5, Double(first.y) + 0.5)).z
        let m = w0 < 0 ? -h : h
        // An affine map with W = 0 sends every pixel to infinity: nothing to draw.
        guard !m.isAffine || m.m33 > 0 else { return }
        let stride = image.stride
        texture.withSampler { s in
            let path = TexturePath(m, filter: filter, box: b, sampler: s)
            coverage.data.withUnsafeBufferPointer { mask in
                image.bytes.withUnsafeMutableBufferPointer { out in
                    let target = TextureTarget(
                        sampler: s, box: b, coverage: coverage, mask: mask.baseAddress!,
                        base: out.baseAddress!,
                        stride: stride, opacity: opacity, over: texture.isOpaque ? color : nil)
                    switch path {
                    case .scaled(let spans):
                        if filter == .renderInContext, RenderInContextMagnification.applies(to: spans) {
                            RenderInContextMagnification.draw(target, spans)
                            return
                        }
                        if separable, let cache, cache.draw(target, spans, texture: texture, vector: vector) {
                            return
                        }
                        if separable, SeparableRows.draw(target, spans, vector: vector) { return }
                        SeparableRows.reference(target, spans)
                    case .affine(let spans):
                        spans.draw(target)
                    case .perspective:
                        if perspectiveReference {
                            PixelByPixel.draw(target, m, plan: nil)
                        } else {
                            PerspectiveSpans.draw(target, m, vector: vector)
                        }
                    case .pixelByPixel(let plan):
                        PixelByPixel.draw(target, m, plan: plan)
                    }
                }
            }
        }
    }

    /// An offscreen layer (premultiplied) drawn with its top-left pixel at `origin`, scaled by
    /// `opacity`: group opacity, where a whole element fades as one image. With `clip`, only
    /// inside the mask (a parent's masksToBounds), scaled by its coverage.
    public static func composite(
        _ image: inout Image, layer: Image, at origin: (x: Int, y: Int), opacity: UInt8 = 255,
        clip: CoverageMask? = nil
    ) {
        var x0 = max(origin.x, 0)
        var y0 = max(origin.y, 0)
        var x1 = min(origin.x + layer.width, image.width)
        var y1 = min(origin.y + layer.height, image.height)
        if let clip {
            x0 = max(x0, clip.x)
            y0 = max(y0, clip.y)
            x1 = min(x1, clip.x + clip.width)
            y1 = min(y1, clip.y + clip.height)
        }
        guard x0 < x1, y0 < y1, opacity != 0 else { return }
        let (stride, lstride) = (image.stride, layer.stride)
        let mask = clip ?? .full((x0, y0, x1, y1))
        layer.bytes.withUnsafeBufferPointer { srcBuffer in
            mask.data.withUnsafeBufferPointer { m in
                image.bytes.withUnsafeMutableBufferPointer { buffer in
                    let src = srcBuffer.baseAddress!
                    let out = buffer.baseAddress!
                    for y in y0..<y1 {
                        let mrow = (y - mask.y) * mask.width - mask.x
                        for x in x0..<x1 {
                            let c = m[mrow + x]
                            if c == 0 { continue }
                            var p = PackedPixel.load(src, (y - origin.y) * lstride + (x - origin.x) * 4)
                            if p == 0 { continue }
                            let k = c == 255 ? opacity : mul255(opacity, c)
                            if k != 255 { p = PackedPixel.scale(p, UInt32(k)) }
                            let o = y * stride + x * 4
                            PackedPixel.store(
                                p >> 24 == 255 ? p : PackedPixel.sourceOver(p, PackedPixel.load(out, o)), out,
                                o)
                        }
                    }
                }
            }
        }
    }

    // MARK: Helpers

    /// Premultiplied words source-over onto a row of pixels, as every texture loop composites
    /// its samples (an opaque word is stored, a zero one leaves the pixel): how `DrawnLayerCache`
    /// composites its drawings. `vector`: the AVX2 row (CFrameGenKernels), eight pixels a step, the same
    /// bytes.
    static func sourceOverRow(
        _ words: UnsafePointer<UInt32>, _ out: UnsafeMutablePointer<UInt8>, count: Int, vector: Bool
    ) {
        if vector {
            ckernels_source_over_row_avx2(words, out, Int32(truncatingIfNeeded: count))
            return
        }
        for x in 0..<count {
            let p = words[x]
            if p >> 24 == 255 {
                PackedPixel.store(p, out, x &* 4)
            } else if p != 0 {
                PackedPixel.store(PackedPixel.sourceOver(p, PackedPixel.load(out, x &* 4)), out, x &* 4)
            }
        }
    }

    /// A sample scaled by k / 65025 (coverage x opacity) over the pixel at byte offset i.
    @inline(__always) static func put(
        _ sample: Sample, _ k: UInt32, _ base: UnsafeMutablePointer<UInt8>, _ i: Int
    ) {
        let p = k == 65025 ? sample.word() : PackedPixel.word(sample.pixel(scaledBy: k))
        if p >> 24 == 255 {
            PackedPixel.store(p, base, i)
        } else if p != 0 {
            PackedPixel.store(PackedPixel.sourceOver(p, PackedPixel.load(base, i)), base, i)
        }
    }

    /// The first x in start..<end where `row[x]` is not zero, else `end`; eight bytes a step,
    /// so the empty parts of a rotated cell's or a border's box cost almost nothing.
    @inline(__always) static func nonZero(_ row: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var x = start
        while x + 8 <= end, UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self) == 0 { x += 8 }
        while x < end, row[x] == 0 { x += 1 }
        return x
    }

    /// The first x in start..<end whose coverage is not 255 (`end` if none), 8 bytes at a time.
    @inline(__always) static func fullRun(_ row: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var x = start
        while x + 8 <= end, UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self) == .max { x += 8 }
        while x < end, row[x] == 255 { x += 1 }
        return x
    }

    static func firstCovered(_ m: CoverageMask, _ b: PixelBox) -> (x: Int, y: Int)? {
        for y in b.y0..<b.y1 {
            let row = (y - m.y) * m.width - m.x
            for x in b.x0..<b.x1 where m.data[row + x] != 0 { return (x, y) }
        }
        return nil
    }

    /// The mask's box clipped to the image, nil when nothing is left.
    static func box(_ m: CoverageMask, _ image: Image) -> PixelBox? {
        let b = (max(m.x, 0), max(m.y, 0), min(m.x + m.width, image.width), min(m.y + m.height, image.height))
        return b.0 < b.2 && b.1 < b.3 ? b : nil
    }
}
