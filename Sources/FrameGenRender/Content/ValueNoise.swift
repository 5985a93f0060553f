import FrameGenGeometry

/// Smooth pseudo-random functions for generated content: random values on an integer lattice,
/// interpolated with smoothstep and summed over octaves. Both wrap around their lattice period
/// (a power of two, so wrapping is a mask), so a tile sampled over whole periods joins without
/// a seam.
struct ValueNoise1D {
    private let values: [Float]
    private let mask: Int

    init(random: inout SeededRandom, period: Int = 256) {
        precondition(period > 0 && period & (period - 1) == 0, "period must be a power of two")
        values = (0..<period).map { _ in Float(random.nextUnit()) }
        mask = period - 1
    }

    /// In [0, 1].
    func value(_ x: Float) -> Float {
        let f = x.rounded(.down)
        let t = x - f
        let i = f.clampedInt(in: pixelCoordinateRange, nan: 0) & mask
        let s = t * t * (3 - 2 * t)
        return values.withUnsafeBufferPointer { v in
            let a = v[i]
            let b = v[(i + 1) & mask]
            return a + (b - a) * s
        }
    }

    /// Octaves at doubling frequency and halving weight, normalised to [0, 1].
    func fractal(_ x: Float, octaves: Int) -> Float {
        var sum: Float = 0
        var weight: Float = 1
        var total: Float = 0
        var f = x
        for _ in 0..<octaves {
            sum += value(f) * weight
            total += weight
            weight *= 0.5
            f *= 2
        }
        return sum / total
    }
}

struct ValueNoise2D {
    let period: Int
    private let values: [Float]
    private let mask: Int

    init(random: inout SeededRandom, period: Int) {
        precondition(period > 0 && period & (period - 1) == 0, "period must be a power of two")
        self.period = period
        values = (0..<period * period).map { _ in Float(random.nextUnit()) }
        mask = period - 1
    }

    /// In [0, 1]; periodic with `period` in both coordinates.
    func value(_ x: Float, _ y: Float) -> Float {
        let n = period
        let fx = x.rounded(.down)
        let fy = y.rounded(.down)
        let tx = x - fx
        let ty = y - fy
        let x0 = fx.clampedInt(in: pixelCoordinateRange, nan: 0) & mask
        let y0 = fy.clampedInt(in: pixelCoordinateRange, nan: 0) & mask
        let x1 = (x0 + 1) & mask
        let y1 = (y0 + 1) & mask
        let sx = tx * tx * (3 - 2 * tx)
        let sy = ty * ty * (3 - 2 * ty)
        return values.withUnsafeBufferPointer { v in
            let a = v[y0 * n + x0] + (v[y0 * n + x1] - v[y0 * n + x0]) * sx
            let b = v[y1 * n + x0] + (v[y1 * n + x1] - v[y1 * n + x0]) * sx
            return a + (b - a) * sy
        }
    }

    /// Octaves at doubling frequency; still periodic with `period` because each octave's period
    /// divides it.
    func fractal(_ x: Float, _ y: Float, octaves: Int) -> Float {
        var sum: Float = 0
        var weight: Float = 1
        var total: Float = 0
        var fx = x
        var fy = y
        for _ in 0..<octaves {
            sum += value(fx, fy) * weight
            total += weight
            weight *= 0.5
            fx *= 2
            fy *= 2
        }
        return sum / total
    }
}

/// A fractal of ValueNoise2D sampled every `step` pixels over an image and interpolated
/// bilinearly in between: the texture layers paint with, at a sixteenth of the cost when its
/// finest features are several steps wide.
struct SampledNoise {
    private let columns: Int
    private let rows: Int
    private let step: Float
    private let samples: [Float]

    /// Samples `noise.fractal(x * frequency, y * frequency, octaves:)` for pixel coordinates
    /// covering width x height.
    init(_ noise: ValueNoise2D, width: Int, height: Int, frequency: Float, octaves: Int, step: Int = 4) {
        let columns = width / step + 2
        let rows = height / step + 2
        self.columns = columns
        self.rows = rows
        self.step = Float(step)
        var samples = [Float](repeating: 0, count: columns * rows)
        for j in 0..<rows {
            for i in 0..<columns {
                samples[j * columns + i] = noise.fractal(
                    Float(i * step) * frequency, Float(j * step) * frequency, octaves: octaves)
            }
        }
        self.samples = samples
    }

    /// At pixel coordinates (x, y), clamped to the sampled area.
    @inline(__always) func value(_ x: Float, _ y: Float) -> Float {
        let gx = min(max(x / step, 0), Float(columns - 2))
        let gy = min(max(y / step, 0), Float(rows - 2))
        let i = gx.clampedInt(in: pixelCoordinateRange, nan: 0)
        let j = gy.clampedInt(in: pixelCoordinateRange, nan: 0)
        let tx = gx - Float(i)
        let ty = gy - Float(j)
        return samples.withUnsafeBufferPointer { s in
            // i <= columns - 2 and j <= rows - 2, so the four samples are inside; at the clamp
            // edge i + 1 is the last column (tx = 0 there).
            let k = min(j, rows - 2) * columns + min(i, columns - 2)
            let a = s[k] + (s[k + 1] - s[k]) * tx
            let b = s[k + columns] + (s[k + columns + 1] - s[k + columns]) * tx
            return a + (b - a) * ty
        }
    }
}
