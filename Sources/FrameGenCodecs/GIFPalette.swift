import FrameGenGeometry
import FrameGenRaster

/// The colours of a whole animation, gathered frame by frame (so frames are never all held):
/// a histogram of straight RGB at 5 bits a channel with the exact sums of each bin (a box of
/// bins then averages to the true mean colour), the exact colours while there are at most 256,
/// and whether any pixel is transparent (alpha below `GIFPalette.alphaThreshold`).
public struct GIFColorHistogram: Sendable {
    var counts = [Int](repeating: 0, count: 1 << 15)
    /// r, g, b sums per bin.
    var sums = [Int](repeating: 0, count: 3 << 15)
    /// The distinct opaque colours (0xRRGGBB), nil once there are more than 256.
    var exact: Set<UInt32>? = []
    public private(set) var hasTransparency = false

    public init() {}

    public mutating func add(_ image: StraightImage) {
        var lastColor = UInt32.max
        var sawTransparent = false
        var colors = exact
        image.rgba.withUnsafeBufferPointer { px in
            counts.withUnsafeMutableBufferPointer { binCounts in
                sums.withUnsafeMutableBufferPointer { binSums in
                    var i = 0
                    while i < px.count {
                        let (r, g, b, a) = (px[i], px[i + 1], px[i + 2], px[i + 3])
                        i += 4
                        if a < GIFPalette.alphaThreshold {
                            sawTransparent = true
                            continue
                        }
                        let bin = Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
                        binCounts[bin] += 1
                        binSums[bin * 3] += Int(r)
                        binSums[bin * 3 + 1] += Int(g)
                        binSums[bin * 3 + 2] += Int(b)
                        // Runs of one colour are common; a set insertion per run is enough.
                        let color = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                        if color != lastColor, colors != nil {
                            lastColor = color
                            colors!.insert(color)
                            if colors!.count > 256 { colors = nil }
                        }
                    }
                }
            }
        }
        exact = colors
        if sawTransparent { hasTransparency = true }
    }
}

extension GIFColorHistogram {
    /// Adds the colours another histogram gathered (from other frames).
    public mutating func merge(_ other: GIFColorHistogram) {
        for i in counts.indices { counts[i] += other.counts[i] }
        for i in sums.indices { sums[i] += other.sums[i] }
        if let a = exact, let b = other.exact {
            let union = a.union(b)
            exact = union.count <= 256 ? union : nil
        } else {
            exact = nil
        }
        hasTransparency = hasTransparency || other.hasTransparency
    }
}

/// A GIF palette and the mapping of straight RGBA pixels onto it. When the animation has few
/// enough colours they are the palette and every pixel maps to itself. Otherwise the palette is
/// the histogram's median cut and pixels are dithered with an ordered 8 x 8 Bayer matrix:
/// unlike error diffusion, the same colour at the same place always maps to the same index, so
/// still parts of a moving picture do not crawl from frame to frame, and frame differencing
/// sees only what really changed.
public struct GIFPalette: Sendable {
    /// Pixels with less alpha are transparent; GIF transparency is one bit.
    public static let alphaThreshold: UInt8 = 128

    /// 0xRRGGBB entries, at most 256 (255 with a transparent index).
    public let colors: [UInt32]
    /// The index transparent pixels take (the last), when there are any.
    public let transparentIndex: UInt8?
    /// Whether every colour is in the palette exactly (no dithering).
    public let isExact: Bool
    /// The ordered dither's amplitude in 8-bit steps: the median distance between palette
    /// neighbours, so smooth gradients get just enough noise to hide the banding.
    let ditherAmplitude: Int

    public init(_ histogram: GIFColorHistogram) {
        let capacity = histogram.hasTransparency ? 255 : 256
        if let exact = histogram.exact, exact.count <= capacity {
            colors = exact.sorted()
            isExact = true
        } else {
            colors = Self.medianCut(histogram, count: capacity)
            isExact = false
        }
        transparentIndex = histogram.hasTransparency ? UInt8(colors.count) : nil
        ditherAmplitude = isExact ? 0 : Self.neighbourDistance(colors)
    }

    // MARK: Median cut

    private struct Box {
        var bins: [Int]
        var count = 0
        var error = 0.0
        var mean = SIMD3<Double>(0, 0, 0)
        var longestAxis = 0
    }

    /// Boxes of histogram bins split at the weighted median of their longest axis, the box
    /// with the largest squared error first, until there are `count` boxes; each box's colour
    /// is the exact mean of its pixels.
    static func medianCut(_ histogram: GIFColorHistogram, count: Int) -> [UInt32] {
        let counts = histogram.counts
        let sums = histogram.sums
        func binMean(_ b: Int) -> SIMD3<Double> {
            SIMD3(Double(sums[b * 3]), Double(sums[b * 3 + 1]), Double(sums[b * 3 + 2])) / Double(counts[b])
        }
        func measured(_ bins: [Int]) -> Box {
            var box = Box(bins: bins)
            var sum = SIMD3<Double>(0, 0, 0)
            var sumSquares = SIMD3<Double>(0, 0, 0)
            var low = SIMD3<Double>(repeating: 255)
            var high = SIMD3<Double>(repeating: 0)
            for b in bins {
                let n = Double(counts[b])
                let m = binMean(b)
                box.count += counts[b]
                sum += m * n
                sumSquares += m * m * n
                low = pointwiseMin(low, m)
                high = pointwiseMax(high, m)
            }
            let n = Double(box.count)
            box.mean = sum / n
            box.error = (sumSquares - sum * sum / n).sum()
            let extent = high - low
            box.longestAxis = extent.x >= extent.y && extent.x >= extent.z ? 0 : extent.y >= extent.z ? 1 : 2
            return box
        }
        var boxes = [measured(counts.indices.filter { counts[$0] > 0 })]
        if boxes[0].bins.isEmpty { return [0] }
        while boxes.count < count {
            guard
                let k = boxes.indices.filter({ boxes[$0].bins.count > 1 }).max(by: {
                    boxes[$0].error < boxes[$1].error
                })
            else { break }
            let axis = boxes[k].longestAxis
            let sorted = boxes[k].bins.sorted { binMean($0)[axis] < binMean($1)[axis] }
            var running = 0
            var cut = 1
            for (i, b) in sorted.enumerated().dropLast() {
                running += counts[b]
                cut = i + 1
                if running * 2 >= boxes[k].count { break }
            }
            boxes[k] = measured(Array(sorted[..<cut]))
            boxes.append(measured(Array(sorted[cut...])))
        }
        return boxes.map { box in
            let c = (box.mean.rounded(.toNearestOrAwayFromZero))
            func channel(_ v: Double) -> UInt32 { UInt32(v.clampedInt(in: 0...255, nan: 0)) }
            return channel(c.x) << 16 | channel(c.y) << 8 | channel(c.z)
        }
    }

    static func neighbourDistance(_ colors: [UInt32]) -> Int {
        guard colors.count > 1 else { return 0 }
        var nearest: [Int] = []
        for a in colors {
            var best = Int.max
            for b in colors where b != a { best = min(best, distance(a, b)) }
            nearest.append(best)
        }
        nearest.sort()
        let median = Double(nearest[nearest.count / 2]).squareRoot()
        return median.rounded().clampedInt(in: 4...48, nan: 4)
    }

    @inline(__always) static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a >> 16) - Int(b >> 16)
        let dg = Int(a >> 8 & 255) - Int(b >> 8 & 255)
        let db = Int(a & 255) - Int(b & 255)
        return dr * dr + dg * dg + db * db
    }

    func nearest(_ color: UInt32) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (i, c) in colors.enumerated() {
            let d = Self.distance(color, c)
            if d < bestDistance {
                bestDistance = d
                best = i
            }
        }
        return UInt8(best)
    }
}

/// Maps frames onto a palette, remembering each colour's nearest entry: exact colours in a
/// direct-mapped cache, dithered ones at 6 bits a channel (the dither's noise is coarser).
public struct GIFColorMapper: Sendable {
    public let palette: GIFPalette
    private var exactKeys: [UInt32]
    private var exactIndex: [UInt8]
    private var coarse: [Int16]

    private static let bayer: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
    ]

    public init(_ palette: GIFPalette) {
        self.palette = palette
        exactKeys = palette.isExact ? [UInt32](repeating: .max, count: 1 << 16) : []
        exactIndex = palette.isExact ? [UInt8](repeating: 0, count: 1 << 16) : []
        coarse = palette.isExact ? [] : [Int16](repeating: -1, count: 1 << 18)
    }

    /// The colour at the middle of a 6-bit-per-channel cell.
    static func coarseCentre(_ r: Int, _ g: Int, _ b: Int) -> UInt32 {
        let (r8, g8, b8) = (UInt32(r << 2 | 2), UInt32(g << 2 | 2), UInt32(b << 2 | 2))
        return r8 << 16 | g8 << 8 | b8
    }

    /// The palette indices of `image`'s pixels into `indices` (width x height bytes).
    public mutating func map(_ image: StraightImage, into indices: inout [UInt8]) {
        precondition(indices.count == image.width * image.height)
        let width = image.width
        let transparent = palette.transparentIndex ?? 0
        let threshold = GIFPalette.alphaThreshold
        let amplitude = palette.ditherAmplitude
        let exact = palette.isExact
        let palette = self.palette
        image.rgba.withUnsafeBufferPointer { px in
            indices.withUnsafeMutableBufferPointer { out in
                exactKeys.withUnsafeMutableBufferPointer { keys in
                    exactIndex.withUnsafeMutableBufferPointer { values in
                        coarse.withUnsafeMutableBufferPointer { coarse in
                            Self.bayer.withUnsafeBufferPointer { bayer in
                                var p = 0
                                for y in 0..<(out.count / max(width, 1)) {
                                    let bayerRow = (y & 7) << 3
                                    for x in 0..<width {
                                        defer { p += 1 }
                                        let i = p * 4
                                        if px[i + 3] < threshold {
                                            out[p] = transparent
                                            continue
                                        }
                                        let (r, g, b) = (Int(px[i]), Int(px[i + 1]), Int(px[i + 2]))
                                        if exact {
                                            let color = UInt32(r << 16 | g << 8 | b)
                                            let slot = Int((color &* 0x9E37_79B1) >> 16 & 0xFFFF)
                                            if keys[slot] != color {
                                                keys[slot] = color
                                                values[slot] = palette.nearest(color)
                                            }
                                            out[p] = values[slot]
                                            continue
                                        }
                                        // Centred on zero: -amplitude/2 ..< amplitude/2.
                                        let offset = ((bayer[bayerRow | (x & 7)] * 2 - 63) * amplitude) / 128
                                        let rr = min(255, max(0, r + offset)) >> 2
                                        let gg = min(255, max(0, g + offset)) >> 2
                                        let bb = min(255, max(0, b + offset)) >> 2
                                        let key = rr << 12 | gg << 6 | bb
                                        var index = coarse[key]
                                        if index < 0 {
                                            let centre = Self.coarseCentre(rr, gg, bb)
                                            index = Int16(palette.nearest(centre))
                                            coarse[key] = index
                                        }
                                        out[p] = UInt8(index)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
