import FrameGenGeometry
import FrameGenRaster

/// An opaque RGB float canvas that generated photos are painted on, then finished to an Image
/// with film grain and a vignette. Painting works on whole rows through unsafe buffers; no
/// allocation happens per pixel.
struct PhotoCanvas {
    let width: Int
    let height: Int
    /// R, G, B interleaved, `width * 3` floats a row.
    var pixels: [Float]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [Float](repeating: 0, count: width * height * 3)
    }

    /// Every row gets `color(y)`, where y is the row's centre in pixels.
    mutating func fillRows(_ color: (Float) -> RGB) {
        let w = width
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                let c = color(Float(y) + 0.5)
                var i = y * w * 3
                for _ in 0..<w {
                    p[i] = c.r
                    p[i + 1] = c.g
                    p[i + 2] = c.b
                    i += 3
                }
            }
        }
    }

    /// Blends `shade(x, y)` (a colour and an opacity 0...1) into the pixels of the rect, clipped;
    /// x and y are pixel centres. Opacity 0 leaves a pixel untouched.
    mutating func blend(
        x0: Int, y0: Int, x1: Int, y1: Int, _ shade: (Float, Float) -> (RGB, Float)
    ) {
        let xs = max(0, x0)
        let xe = min(width, x1)
        let ys = max(0, y0)
        let ye = min(height, y1)
        guard xs < xe, ys < ye else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { p in
            for y in ys..<ye {
                let fy = Float(y) + 0.5
                var i = (y * w + xs) * 3
                for x in xs..<xe {
                    let (c, a) = shade(Float(x) + 0.5, fy)
                    if a >= 1 {
                        p[i] = c.r
                        p[i + 1] = c.g
                        p[i + 2] = c.b
                    } else if a > 0 {
                        p[i] += (c.r - p[i]) * a
                        p[i + 1] += (c.g - p[i + 1]) * a
                        p[i + 2] += (c.b - p[i + 2]) * a
                    }
                    i += 3
                }
            }
        }
    }

    /// Every pixel's colour multiplied per channel by `factor(x, y)`.
    mutating func modulate(_ factor: (Float, Float) -> Float) {
        let w = width
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                var i = y * w * 3
                for x in 0..<w {
                    let k = factor(Float(x) + 0.5, Float(y) + 0.5)
                    p[i] *= k
                    p[i + 1] *= k
                    p[i + 2] *= k
                    i += 3
                }
            }
        }
    }

    /// An opaque Image: a vignette darkening the corners by `vignette` (0...1), and monochrome
    /// grain of amplitude `grain` (in 0...1 units) from `random`, drawn in pixel order so the
    /// result depends only on the seed.
    func finished(vignette: Float, grain: Float, random: inout SeededRandom) -> Image {
        var image = Image(width: width, height: height)
        let w = width
        let h = height
        let cx = Float(w) / 2
        let cy = Float(h) / 2
        let invR2 = 1 / (cx * cx + cy * cy)
        let stride = image.stride
        let grainScale = grain * 255 / 127.5
        pixels.withUnsafeBufferPointer { p in
            image.bytes.withUnsafeMutableBufferPointer { out in
                var bits: UInt64 = 0
                var left = 0
                for y in 0..<h {
                    let dy = Float(y) + 0.5 - cy
                    var i = y * w * 3
                    var o = y * stride
                    for x in 0..<w {
                        let dx = Float(x) + 0.5 - cx
                        let d2 = (dx * dx + dy * dy) * invR2
                        let v = 1 - vignette * d2 * d2 * 0.5 - vignette * d2 * 0.5
                        if left == 0 {
                            bits = random.next()
                            left = 8
                        }
                        // Uniform in +-grain, one byte of the stream per pixel.
                        let noise = (Float(bits & 0xFF) - 127.5) * grainScale
                        bits >>= 8
                        left -= 1
                        out[o] = Self.byte(p[i] * v * 255 + noise)
                        out[o + 1] = Self.byte(p[i + 1] * v * 255 + noise)
                        out[o + 2] = Self.byte(p[i + 2] * v * 255 + noise)
                        out[o + 3] = 255
                        i += 3
                        o += 4
                    }
                }
            }
        }
        return image
    }

    @inline(__always) static func byte(_ v: Float) -> UInt8 {
        UInt8((v + 0.5).clampedInt(in: 0...255, nan: 0))
    }
}

/// smoothstep(e0, e1, x).
@inline(__always) func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
    let t = min(max((x - e0) / (e1 - e0), 0), 1)
    return t * t * (3 - 2 * t)
}
