import FrameGenGeometry
import FrameGenRaster
import FrameGenText

/// Small anti-aliased drawing on premultiplied Images for generated content.
extension Image {
    /// Source-over `color` through `coverage(x, y)` (0...1, pixel centres) over the rect.
    mutating func blend(
        _ color: Pixel, x0: Int, y0: Int, x1: Int, y1: Int, coverage: (Float, Float) -> Float
    ) {
        blend(x0: x0, y0: y0, x1: x1, y1: y1) { x, y in
            let c = coverage(x, y)
            return c > 0
                ? scale(color, by: UInt8((Swift.min(c, 1) * 255 + 0.5).clampedInt(in: 0...255, nan: 0)))
                : .clear
        }
    }

    /// Source-over the premultiplied pixel `shade(x, y)` (pixel centres) over the rect.
    mutating func blend(x0: Int, y0: Int, x1: Int, y1: Int, shade: (Float, Float) -> Pixel) {
        let xs = Swift.max(0, x0)
        let xe = Swift.min(width, x1)
        let ys = Swift.max(0, y0)
        let ye = Swift.min(height, y1)
        guard xs < xe, ys < ye else { return }
        let stride = self.stride
        bytes.withUnsafeMutableBufferPointer { buf in
            for y in ys..<ye {
                var i = y * stride + xs * 4
                for x in xs..<xe {
                    let s = shade(Float(x) + 0.5, Float(y) + 0.5)
                    if s.a > 0 {
                        let d = Pixel(r: buf[i], g: buf[i + 1], b: buf[i + 2], a: buf[i + 3])
                        let o = sourceOver(s, d)
                        buf[i] = o.r
                        buf[i + 1] = o.g
                        buf[i + 2] = o.b
                        buf[i + 3] = o.a
                    }
                    i += 4
                }
            }
        }
    }

    /// Source-over `color` through a text mask whose top-left is at (x, y).
    mutating func blend(_ color: Pixel, mask: TextMask, x: Int, y: Int) {
        guard !mask.isEmpty else { return }
        mask.coverage.withUnsafeBufferPointer { m in
            let w = mask.width
            blend(color, x0: x, y0: y, x1: x + w, y1: y + mask.height) { px, py in
                Float(m[(Int(py) - y) * w + Int(px) - x]) / 255
            }
        }
    }
}

/// Signed distance from (px, py) to a rounded rect centred at (cx, cy) with half sizes (hw, hh)
/// and corner radius r: negative inside.
@inline(__always) func roundedRectDistance(
    _ px: Float, _ py: Float, cx: Float, cy: Float, hw: Float, hh: Float, r: Float
) -> Float {
    let qx = abs(px - cx) - (hw - r)
    let qy = abs(py - cy) - (hh - r)
    let ox = max(qx, 0)
    let oy = max(qy, 0)
    return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
}

/// Signed distance from (px, py) to a circle: negative inside.
@inline(__always) func circleDistance(_ px: Float, _ py: Float, cx: Float, cy: Float, r: Float) -> Float {
    ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot() - r
}

/// A straight colour with coverage (0...1) as a premultiplied pixel.
@inline(__always) func premultiplied(_ c: RGB, alpha: Float) -> Pixel {
    let a = min(max(alpha, 0), 1)
    func byte(_ v: Float) -> UInt8 {
        UInt8((min(max(v, 0), 1) * a * 255 + 0.5).clampedInt(in: 0...255, nan: 0))
    }
    return Pixel(
        r: byte(c.r), g: byte(c.g), b: byte(c.b), a: UInt8((a * 255 + 0.5).clampedInt(in: 0...255, nan: 0)))
}

/// Coverage of a pixel centre at signed distance d (pixels) from a shape's edge.
@inline(__always) func edgeCoverage(_ d: Float) -> Float { min(max(0.5 - d, 0), 1) }
