/// An 8-bit RGBA image in memory with straight (not premultiplied) alpha, as image files store
/// it: rows packed, `width * 4` bytes each. What a PNG or JPEG decodes to before
/// premultiplying, what a render hands a library caller, and what comparisons read.
///
/// `Image` is premultiplied; converting a semi-transparent pixel to premultiplied and back
/// loses precision, so tools that must pass a file's pixels through unchanged (`image convert`,
/// `compare`) work on this type instead.
public struct StraightImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Straight R, G, B, A bytes, `width * height * 4` of them.
    public var rgba: [UInt8]

    /// Wraps packed straight RGBA bytes; nil when the size is not positive or the count wrong.
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width > 0, height > 0, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Straight colour from premultiplied: c * 255 / a rounded to nearest, as
    /// `Pixel.unpremultiplied`; fully transparent pixels become (0, 0, 0, 0).
    public init(_ image: Image) {
        width = image.width
        height = image.height
        let (w, h, stride) = (image.width, image.height, image.stride)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        image.bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    var s = y * stride
                    var d = y * w * 4
                    for _ in 0..<w {
                        let a = src[s + 3]
                        if a == 255 {
                            dst[d] = src[s]
                            dst[d + 1] = src[s + 1]
                            dst[d + 2] = src[s + 2]
                            dst[d + 3] = 255
                        } else if a != 0 {
                            let a32 = UInt32(a)
                            let half = a32 / 2
                            dst[d] = UInt8(Swift.min(255, (UInt32(src[s]) * 255 + half) / a32))
                            dst[d + 1] = UInt8(Swift.min(255, (UInt32(src[s + 1]) * 255 + half) / a32))
                            dst[d + 2] = UInt8(Swift.min(255, (UInt32(src[s + 2]) * 255 + half) / a32))
                            dst[d + 3] = a
                        }
                        s += 4
                        d += 4
                    }
                }
            }
        }
        rgba = out
    }

    /// Straight RGBA of one pixel.
    public subscript(x: Int, y: Int) -> Color {
        let i = (y * width + x) * 4
        return Color(r: rgba[i], g: rgba[i + 1], b: rgba[i + 2], a: rgba[i + 3])
    }
}

extension Image {
    /// Premultiplies a straight image: c * a / 255 rounded to nearest (`mul255`).
    public init(_ straight: StraightImage) {
        var bytes = straight.rgba
        premultiplyInPlace(&bytes)
        self.init(
            width: straight.width, height: straight.height, stride: straight.width * 4,
            premultipliedBytes: bytes)!
    }
}

/// Premultiplies packed RGBA in place; opaque pixels (the common case) are left untouched, eight
/// at a time where all eight are (a screen's decoded reference is mostly opaque).
/// `package`: the PNG decoder (FrameGenCodecs) premultiplies its rows with it, and users have `Image(_:)`.
package func premultiplyInPlace(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBufferPointer { p in
        guard let base = p.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        let n = p.count
        // The alpha bytes of two pixels, as a little-endian 64-bit word holds them.
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        var i = 0
        while i < n {
            let end = min(i + 32, n)
            if end - i == 32 {
                let w =
                    raw.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian
                    & raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self).littleEndian
                    & raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self).littleEndian
                    & raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self).littleEndian
                if w & alphas == alphas {
                    i = end
                    continue
                }
            }
            while i < end {
                let a = p[i + 3]
                if a != 255 {
                    p[i] = mul255(p[i], a)
                    p[i + 1] = mul255(p[i + 1], a)
                    p[i + 2] = mul255(p[i + 2], a)
                }
                i += 4
            }
        }
    }
}
