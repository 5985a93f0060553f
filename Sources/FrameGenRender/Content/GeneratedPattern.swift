import FrameGenGeometry
import FrameGenRaster
import FrameGenScene

/// The built-in background tile (the album's tiled background, like its "concrete_wall"): a dark
/// grey linen, `pixelSize` pixels square, opaque. Every ingredient wraps around the tile (noise
/// on a periodic lattice, per-row and per-column threads, per-pixel grain), so tiles join
/// without a seam. The mottle scales with the tile (ask for 128 points x the canvas scale, and
/// it looks the same at every scale); threads and grain stay one pixel fine, like a weave.
public func generatedBackgroundPattern(seed: UInt64, pixelSize: Int) throws(FrameGenError) -> Image {
    guard (8...4096).contains(pixelSize) else {
        throw FrameGenError.badInput(nil, "pattern size \(pixelSize) px is not between 8 and 4096")
    }
    var random = ContentRandom.stream(seed: seed, index: 0, salt: ContentRandom.patternSalt)
    let n = pixelSize
    let mottle = ValueNoise2D(random: &random, period: 8)
    // Threads: each row and each column a little lighter or darker, smoothed over neighbours.
    func threads(_ random: inout SeededRandom) -> [Float] {
        let raw = (0..<n).map { _ in Float(random.nextUnit()) - 0.5 }
        return (0..<n).map { i in
            (raw[(i + n - 1) % n] + 2 * raw[i] + raw[(i + 1) % n]) / 4
        }
    }
    let rows = threads(&random)
    let columns = threads(&random)
    let base: Float = 0x44
    var image = Image(width: n, height: n)
    let stride = image.stride
    let scale = Float(8) / Float(n)
    image.bytes.withUnsafeMutableBufferPointer { out in
        var bits: UInt64 = 0
        var left = 0
        for y in 0..<n {
            var o = y * stride
            for x in 0..<n {
                let m = mottle.fractal(Float(x) * scale, Float(y) * scale, octaves: 3) - 0.5
                if left == 0 {
                    bits = random.next()
                    left = 8
                }
                let grain = Float(bits & 0xFF) / 255 - 0.5
                bits >>= 8
                left -= 1
                let v = base + 14 * m + 9 * rows[y] + 9 * columns[x] + 6 * grain
                let byte = UInt8((v + 0.5).clampedInt(in: 0...255, nan: 0))
                // A faint cool cast, as grey concrete and linen have under daylight.
                out[o] = byte
                out[o + 1] = byte
                out[o + 2] = UInt8(min(Int(byte) + 2, 255))
                out[o + 3] = 255
                o += 4
            }
        }
    }
    return image
}
