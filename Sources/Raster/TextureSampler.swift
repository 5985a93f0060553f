/// How a texture is filtered (rendering.md A.5).
public enum TextureFilter: Sendable, Hashable {
    /// Bilinear from level 0 only (what a layer without mipmaps does; shimmers when minified).
    case bilinear
    /// Bilinear when magnified; when minified, bilinear in the two mip levels around the
    /// level of detail and linear between them.
    case trilinear
}

extension Texture {
    /// One sample at texture coordinate `uv` (level-0 texels, centres at +0.5) with level of
    /// detail `lod` = log2(texels per pixel), clamp-to-edge. Rounded to 8 bits.
    public func sample(_ uv: SIMD2<Double>, lod: Double = 0, filter: TextureFilter = .trilinear) -> Pixel {
        withSampler { s in
            Painter.pixel(
                filter == .trilinear ? s.trilinear(uv.x, uv.y, lod: lod) : s.bilinear(0, uv.x, uv.y), 1)
        }
    }

    func withSampler<R>(_ body: (TextureSampler) -> R) -> R {
        texels.withUnsafeBufferPointer { t in
            levels.withUnsafeBufferPointer { l in body(TextureSampler(texels: t, levels: l)) }
        }
    }
}

/// Reads a texture's storage directly; lives only inside `withSampler`.
struct TextureSampler {
    let texels: UnsafeBufferPointer<UInt8>
    let levels: UnsafeBufferPointer<Texture.Level>

    @inline(__always) func texel(_ o: Int) -> SIMD4<Float> {
        SIMD4(Float(texels[o]), Float(texels[o + 1]), Float(texels[o + 2]), Float(texels[o + 3]))
    }

    /// Bilinear in level k at level-0 coordinates (u, v), clamp-to-edge; premultiplied 0...255.
    @inline(__always) func bilinear(_ k: Int, _ u: Double, _ v: Double) -> SIMD4<Float> {
        let l = levels[k]
        let l0 = levels[0]
        var x = k == 0 ? u - 0.5 : u * Double(l.width) / Double(l0.width) - 0.5
        var y = k == 0 ? v - 0.5 : v * Double(l.height) / Double(l0.height) - 0.5
        // Clamp before converting to Int: far-away and non-finite coordinates read the edge.
        x = x.isNaN ? 0 : min(max(x, -1), Double(l.width))
        y = y.isNaN ? 0 : min(max(y, -1), Double(l.height))
        let fx = x.rounded(.down)
        let fy = y.rounded(.down)
        let tx = Float(x - fx)
        let ty = Float(y - fy)
        let ix = Int(fx)
        let iy = Int(fy)
        let x0 = min(max(ix, 0), l.width - 1)
        let x1 = min(max(ix + 1, 0), l.width - 1)
        let y0 = min(max(iy, 0), l.height - 1)
        let y1 = min(max(iy + 1, 0), l.height - 1)
        let row0 = l.offset + y0 * l.width * 4
        let row1 = l.offset + y1 * l.width * 4
        let a = texel(row0 + x0 * 4)
        let b = texel(row0 + x1 * 4)
        let c = texel(row1 + x0 * 4)
        let d = texel(row1 + x1 * 4)
        // a + (b - a) t is exact at t = 0, so texel centres reproduce texels bit for bit.
        let top = a + (b - a) * tx
        let bottom = c + (d - c) * tx
        return top + (bottom - top) * ty
    }

    @inline(__always) func trilinear(_ u: Double, _ v: Double, lod: Double) -> SIMD4<Float> {
        // Blends below 1/512 would not change an 8-bit result; treat them as magnification so
        // that identity mappings stay exact despite rounding in the derivatives.
        guard lod > 1.0 / 512 else { return bilinear(0, u, v) }
        let last = levels.count - 1
        let k = Int(lod)
        if k >= last { return bilinear(last, u, v) }
        let t = Float(lod - Double(k))
        let a = bilinear(k, u, v)
        if t < 1.0 / 512 { return a }
        let b = bilinear(k + 1, u, v)
        return a + (b - a) * t
    }
}

/// log2 within 0.008, from the float's exponent and a quadratic in the
/// mantissa: enough to choose and blend mip levels, several times cheaper than log2, and
/// exact (0) at 1 so that unscaled mappings take the magnification path. Requires x > 0.
@inline(__always) func fastLog2(_ x: Double) -> Double {
    let bits = x.bitPattern
    let e = Int((bits >> 52) & 0x7FF) - 1023
    let f = Double(bitPattern: (bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000) - 1
    return Double(e) + f * (1.3465552 - 0.34655524 * f)
}
