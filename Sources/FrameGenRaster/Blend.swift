// 8-bit arithmetic that rounds exactly: x / 255 rounded to nearest for every x in 0...65025, so
// 255 x 255 / 255 = 255 and opaque-over-opaque composites never drift.

/// round(x / 255) for 0 <= x <= 255 * 255 (Jim Blinn's exact form).
@inline(__always) public func div255(_ x: UInt32) -> UInt32 {
    let t = x + 128
    return (t + (t >> 8)) >> 8
}

/// round(a * b / 255).
@inline(__always) public func mul255(_ a: UInt8, _ b: UInt8) -> UInt8 {
    UInt8(truncatingIfNeeded: div255(UInt32(a) * UInt32(b)))
}

/// The pixel's channels times k / 255, each rounded down: Core Graphics' scaling of a fill's
/// colour by its coverage (docs/design/rendering.md §8.3).
@inline(__always) public func scaleTruncating(_ p: Pixel, by k: UInt8) -> Pixel {
    func f(_ c: UInt8) -> UInt8 { UInt8(truncatingIfNeeded: UInt32(c) * UInt32(k) / 255) }
    return Pixel(r: f(p.r), g: f(p.g), b: f(p.b), a: f(p.a))
}

/// Source-over of premultiplied pixels: d' = s + d * (255 - sa) / 255.
@inline(__always) public func sourceOver(_ s: Pixel, _ d: Pixel) -> Pixel {
    let k = UInt32(255 - s.a)
    return Pixel(
        r: s.r &+ UInt8(truncatingIfNeeded: div255(UInt32(d.r) * k)),
        g: s.g &+ UInt8(truncatingIfNeeded: div255(UInt32(d.g) * k)),
        b: s.b &+ UInt8(truncatingIfNeeded: div255(UInt32(d.b) * k)),
        a: s.a &+ UInt8(truncatingIfNeeded: div255(UInt32(d.a) * k)))
}

/// A premultiplied pixel scaled by coverage or opacity `c` (0...255).
@inline(__always) public func scale(_ p: Pixel, by c: UInt8) -> Pixel {
    Pixel(r: mul255(p.r, c), g: mul255(p.g, c), b: mul255(p.b, c), a: mul255(p.a, c))
}
