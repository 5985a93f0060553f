import CFrameGenKernels

/// A premultiplied image prepared for sampling: the image itself (level 0) and its mip chain,
/// built once. A value type whose storage is one shared array, so copies are free and it can
/// be used from several threads and frames at once.
///
/// Texel (i, j) of level 0 covers [i, i+1) x [j, j+1) in texture coordinates, its centre at
/// (i + 0.5, j + 0.5). Level k+1 halves level k, rounding down (a 1-texel axis stays 1): an
/// even axis averages texel pairs, an odd one uses the [1 2 1] / 4 tent over three texels, as
/// Skia's mipmaps do, so every level spans the same texture rectangle.
///
/// A texture may keep only its levels from `baseLevel` down (`init(_:finestLevel:)`): an image
/// drawn minified never reads its finest levels, which hold three quarters of the bytes. Each
/// dropped level's entry in `levels` then describes the base level, so a read there is the base
/// level's (blurrier, never out of bounds); callers ask for the level they need.
public struct Texture: Sendable {
    public struct Level: Sendable, Hashable {
        public let width: Int
        public let height: Int
        /// Byte offset of the level in `texels` (rows of width * 4 bytes).
        public let offset: Int
        /// Level-0 coordinates to this level's (exactly 1 for level 0).
        let scaleX: Double
        let scaleY: Double
    }

    public let levels: [Level]
    /// Every level's RGBA8 premultiplied texels, level 0 first.
    public let texels: [UInt8]
    /// Every texel has alpha 255, so whatever covers a pixel fully hides what lies beneath.
    public let isOpaque: Bool

    /// Level 0's size: the image's.
    public let width: Int
    public let height: Int
    /// The finest level stored.
    public let baseLevel: Int

    /// `finestLevel`: the finest level kept (clamped to the chain; 0 keeps every level). The
    /// levels kept are exactly those of the whole chain: each is made from the one above it.
    public init(_ image: Image, finestLevel: Int = 0) {
        self.init(
            width: image.width, height: image.height, decoded: [image], firstLevel: 0,
            finestLevel: finestLevel)!
    }

    /// The sizes of an image's levels, level 0 first: each halves the one above it, rounding
    /// down, to 1 x 1.
    public static func levelSizes(width: Int, height: Int) -> [(width: Int, height: Int)] {
        var sizes = [(width, height)]
        while sizes[sizes.count - 1] != (1, 1) {
            let (w, h) = sizes[sizes.count - 1]
            sizes.append((max(1, w / 2), max(1, h / 2)))
        }
        return sizes
    }

    /// A texture of a `width` x `height` image whose levels from `firstLevel` on start from
    /// images made at those levels' sizes by someone else (a JPEG reduced inside its inverse
    /// DCT, without its full size ever decoded): `decoded[i]` is level `firstLevel + i`, the
    /// levels after the last are made from it as always. Levels finer than `finestLevel` (or
    /// than `firstLevel`) are not kept. Nil when an image's size is not its level's.
    public init?(width: Int, height: Int, decoded: [Image], firstLevel: Int, finestLevel: Int) {
        let sizes = Texture.levelSizes(width: width, height: height)
        guard !decoded.isEmpty, firstLevel >= 0, firstLevel + decoded.count <= sizes.count,
            decoded.indices.allSatisfy({
                (decoded[$0].width, decoded[$0].height) == sizes[firstLevel + $0]
            })
        else { return nil }
        var levels: [Level] = []
        var total = 0
        for (w, h) in sizes[firstLevel...] {
            levels.append(
                Level(
                    width: w, height: h, offset: total, scaleX: Double(w) / Double(width),
                    scaleY: Double(h) / Double(height)))
            total += w * h * 4
        }
        var texels = [UInt8](repeating: 0, count: total)
        texels.withUnsafeMutableBufferPointer { t in
            for (k, image) in decoded.enumerated() {
                image.bytes.withUnsafeBytes { src in
                    for y in 0..<image.height {
                        UnsafeMutableRawPointer(t.baseAddress! + levels[k].offset + y * image.width * 4)
                            .copyMemory(from: src.baseAddress! + y * image.stride, byteCount: image.width * 4)
                    }
                }
            }
            for k in decoded.count..<levels.count {
                Texture.reduce(levels[k - 1], into: levels[k], t, reference: false)
            }
        }
        self.width = width
        self.height = height
        isOpaque = decoded.allSatisfy(\.isOpaque)
        let base = min(max(finestLevel, firstLevel), sizes.count - 1)
        baseLevel = base
        let start = levels[base - firstLevel].offset
        let kept = levels[(base - firstLevel)...].map {
            Level(
                width: $0.width, height: $0.height, offset: $0.offset - start, scaleX: $0.scaleX,
                scaleY: $0.scaleY)
        }
        self.levels = Array(repeating: kept[0], count: base) + kept
        self.texels = base == firstLevel ? texels : Array(texels[start...])
    }

    /// An alpha mask as a texture of `color` (premultiplied) scaled by the coverage: how a mask
    /// blurred in a layer's local space (a shadow) is drawn through the layer's homography.
    /// Texel (0, 0) is the mask's pixel (mask.x, mask.y). An empty mask gives one transparent
    /// texel (nothing to draw, and no special case for callers).
    public init(mask: CoverageMask, color: Pixel) {
        guard !mask.isEmpty else {
            self.init(Image(width: 1, height: 1))
            return
        }
        var image = Image(width: mask.width, height: mask.height)
        image.bytes.withUnsafeMutableBufferPointer { out in
            mask.data.withUnsafeBufferPointer { m in
                for i in 0..<m.count {
                    let p = scale(color, by: m[i])
                    out[4 * i] = p.r
                    out[4 * i + 1] = p.g
                    out[4 * i + 2] = p.b
                    out[4 * i + 3] = p.a
                }
            }
        }
        self.init(image)
    }

    /// Level `k` as an image (for inspection and tests; a dropped level gives the base level).
    public func image(level k: Int) -> Image {
        let l = levels[k]
        let bytes = Array(texels[l.offset..<(l.offset + l.width * l.height * 4)])
        return Image(width: l.width, height: l.height, stride: l.width * 4, premultipliedBytes: bytes)!
    }

    /// Per-axis filter taps: a pair for an even axis, a [1 2 1] tent for an odd one, none to do
    /// on a 1-texel axis.
    private static func taps(_ from: Int, _ to: Int) -> (count: Int, weights: (UInt32, UInt32, UInt32)) {
        if from == to { return (1, (1, 0, 0)) }
        return from % 2 == 0 ? (2, (1, 1, 0)) : (3, (1, 2, 1))
    }

    /// Level `b` from level `a`, both in `t`: CFrameGenKernels' loop, or (`reference`) the Swift one it
    /// is tested against, the same bytes.
    static func reduce(_ a: Level, into b: Level, _ t: UnsafeMutableBufferPointer<UInt8>, reference: Bool) {
        guard reference else {
            let base = t.baseAddress!
            ckernels_reduce_level(
                base + a.offset, Int64(a.width), Int64(a.height), base + b.offset, Int64(b.width),
                Int64(b.height))
            return
        }
        let tx = taps(a.width, b.width)
        let ty = taps(a.height, b.height)
        let wx = [tx.weights.0, tx.weights.1, tx.weights.2]
        let wy = [ty.weights.0, ty.weights.1, ty.weights.2]
        let total = (wx.reduce(0, +)) * (wy.reduce(0, +))
        let step = (a.width == b.width ? 1 : 2, a.height == b.height ? 1 : 2)
        for y in 0..<b.height {
            for x in 0..<b.width {
                var sum = SIMD4<UInt32>(repeating: 0)
                for j in 0..<ty.count {
                    let sy = y * step.1 + j
                    for i in 0..<tx.count {
                        let sx = x * step.0 + i
                        let o = a.offset + (sy * a.width + sx) * 4
                        let p = SIMD4(UInt32(t[o]), UInt32(t[o + 1]), UInt32(t[o + 2]), UInt32(t[o + 3]))
                        sum &+= p &* (wx[i] * wy[j])
                    }
                }
                // Rounded division; the same weights for every channel keep r, g, b <= a.
                let q = (sum &+ SIMD4(repeating: total / 2)) / SIMD4(repeating: total)
                let o = b.offset + (y * b.width + x) * 4
                t[o] = UInt8(q.x)
                t[o + 1] = UInt8(q.y)
                t[o + 2] = UInt8(q.z)
                t[o + 3] = UInt8(q.w)
            }
        }
    }
}
