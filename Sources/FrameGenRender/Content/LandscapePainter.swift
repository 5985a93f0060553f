import FrameGenGeometry

/// Paints one landscape photo: sky, light, clouds, terrain or sea. Every choice comes from the
/// item's random stream, in a fixed order, so a seed and index always give the same picture.
struct LandscapePainter {
    var canvas: PhotoCanvas
    var random: SeededRandom
    let theme: LandscapeTheme
    let w: Float
    let h: Float
    /// The short side: feature sizes scale with it, so any resolution shows the same picture.
    let s: Float
    let horizon: Float
    let sunX: Float
    let sunY: Float
    let sunRadius: Float

    init(width: Int, height: Int, theme: LandscapeTheme, random: SeededRandom) {
        self.random = random
        self.theme = theme
        canvas = PhotoCanvas(width: width, height: height)
        w = Float(width)
        h = Float(height)
        s = min(w, h)
        let sea = theme.terrain == .sea
        horizon = h * self.random.unit(sea ? 0.42 : 0.48, sea ? 0.58 : 0.66)
        sunX = w * self.random.unit(0.15, 0.85)
        sunY = horizon * self.random.unit(0.3, 0.85)
        sunRadius = s * self.random.unit(0.035, 0.06)
    }

    mutating func paint() -> PhotoCanvas {
        paintSky()
        if theme.stars { paintStars() }
        paintLight()
        paintClouds()
        switch theme.terrain {
        case .sea: paintSea()
        case .hills, .mountains, .dunes: paintLand()
        }
        return canvas
    }

    private mutating func paintSky() {
        let (top, bottom, horizon) = (theme.skyTop, theme.skyHorizon, horizon)
        // The sky brightens toward the horizon faster near it, as real skies do.
        canvas.fillRows { y in
            let t = min(max(y / horizon, 0), 1)
            return top.mixed(with: bottom, t * t * (0.4 + 0.6 * t) + 0.4 * t * (1 - t))
        }
    }

    private mutating func paintStars() {
        let count = (w * horizon / 900).clampedInt(in: 0...1_000_000, nan: 0)
        let size = max(0.6, s / 600)
        for _ in 0..<count {
            let x = w * random.unit(0, 1)
            let y = horizon * random.unit(0, 0.8)
            let brightness = random.unit(0.25, 0.9)
            canvas.blend(
                x0: (x - 2 * size).clampedInt(in: pixelCoordinateRange, nan: 0),
                y0: (y - 2 * size).clampedInt(in: pixelCoordinateRange, nan: 0),
                x1: (x + 2 * size).clampedInt(in: pixelCoordinateRange, nan: 0) + 1,
                y1: (y + 2 * size).clampedInt(in: pixelCoordinateRange, nan: 0) + 1
            ) { px, py in
                let d2 = ((px - x) * (px - x) + (py - y) * (py - y)) / (size * size)
                return (.white, brightness * max(0, 1 - d2))
            }
        }
    }

    private mutating func paintLight() {
        let (x, y, r, light) = (sunX, sunY, sunRadius, theme.light)
        let glowRadius = s * random.unit(0.22, 0.4)
        let glow = theme.glow
        let g2 = 1 / (glowRadius * glowRadius)
        let reach = glowRadius * 2.6
        canvas.blend(
            x0: (x - reach).clampedInt(in: pixelCoordinateRange, nan: 0),
            y0: (y - reach).clampedInt(in: pixelCoordinateRange, nan: 0),
            x1: (x + reach).clampedInt(in: pixelCoordinateRange, nan: 0) + 1,
            y1: (y + reach).clampedInt(in: pixelCoordinateRange, nan: 0) + 1
        ) { px, py in
            let d2 = ((px - x) * (px - x) + (py - y) * (py - y)) * g2
            return (light, glow * 0.7 * decay(d2))
        }
        canvas.blend(
            x0: (x - r - 1).clampedInt(in: pixelCoordinateRange, nan: 0),
            y0: (y - r - 1).clampedInt(in: pixelCoordinateRange, nan: 0),
            x1: (x + r).clampedInt(in: pixelCoordinateRange, nan: 0) + 2,
            y1: (y + r).clampedInt(in: pixelCoordinateRange, nan: 0) + 2
        ) {
            px, py in
            let d = ((px - x) * (px - x) + (py - y) * (py - y)).squareRoot()
            return (light, min(max(r - d + 0.5, 0), 1))
        }
    }

    private mutating func paintClouds() {
        let clouds = random.next(below: theme.stars ? 2 : 4)
        for _ in 0..<clouds {
            let cx = w * random.unit(-0.1, 1.1)
            let cy = horizon * random.unit(0.12, 0.75)
            let width = w * random.unit(0.14, 0.32)
            let opacity = random.unit(0.45, 0.85)
            let lumps = 3 + random.next(below: 4)
            for _ in 0..<lumps {
                let ex = cx + width * random.unit(-0.5, 0.5)
                let ey = cy + width * random.unit(-0.08, 0.03)
                let rx = width * random.unit(0.22, 0.42)
                let ry = rx * random.unit(0.3, 0.55)
                let (cloud, shadow) = (theme.cloud, theme.cloud.mixed(with: theme.skyTop, 0.3))
                canvas.blend(
                    x0: (ex - rx).clampedInt(in: pixelCoordinateRange, nan: 0),
                    y0: (ey - ry).clampedInt(in: pixelCoordinateRange, nan: 0),
                    x1: (ex + rx).clampedInt(in: pixelCoordinateRange, nan: 0) + 1,
                    y1: (ey + ry).clampedInt(in: pixelCoordinateRange, nan: 0) + 1
                ) { px, py in
                    let dx = (px - ex) / rx
                    let dy = (py - ey) / ry
                    let d2 = dx * dx + dy * dy
                    guard d2 < 1 else { return (cloud, 0) }
                    let f = 1 - d2
                    // Lit on top, greyer underneath.
                    return (cloud.mixed(with: shadow, min(max(dy * 0.8 + 0.3, 0), 1)), opacity * f * f)
                }
            }
        }
    }

    /// One terrain layer: its crest line (a y per column) and how it is shaded.
    private struct Layer {
        var ridge: [Float]
        var faces: [Float]
        var color: RGB
        var depth: Float
        var lighting: Float
        var snowLine: Float?
        /// The first row from which this layer covers every column completely.
        var solidFrom: Int
    }

    /// Layers of ridges from far (hazy, near the horizon) to near (dark, low in the frame).
    private mutating func paintLand() {
        let count = theme.layers.count - (random.unit(0, 1) < 0.35 ? 1 : 0)
        let texture = SampledNoise(
            ValueNoise2D(random: &random, period: 64), width: canvas.width, height: canvas.height,
            frequency: 10 / s, octaves: 3)
        let layers = (0..<count).map { makeLayer($0, of: count) }
        // Faces turned toward the sun are lit, the others shaded.
        let sunSide: Float = sunX < w / 2 ? 1 : -1
        let (hh, ss) = (h, s)
        for (i, layer) in layers.enumerated() {
            let (ridge, faces, color, depth) = (layer.ridge, layer.faces, layer.color, layer.depth)
            let (lighting, snowLine) = (layer.lighting, layer.snowLine)
            // Rows the next layer covers completely are left to it.
            let bottom = i + 1 < layers.count ? layers[i + 1].solidFrom : canvas.height
            let top = (ridge.min() ?? h).clampedInt(in: pixelCoordinateRange, nan: 0)
            canvas.blend(x0: 0, y0: top, x1: canvas.width, y1: bottom) { px, py in
                let x = min(Int(px), ridge.count - 1)
                let r = ridge[x]
                let slope = (ridge[min(x + 1, ridge.count - 1)] - ridge[max(x - 1, 0)]) * 0.5
                let coverage = min(max((py - r) / (1 + slope * slope).squareRoot() + 0.5, 0), 1)
                guard coverage > 0 else { return (color, 0) }
                let below = py - r
                // Faces run diagonally down from the crests, away from the sun, as ridges do.
                let fx = min(
                    max(x + (below * 0.6 * sunSide).clampedInt(in: pixelCoordinateRange, nan: 0), 0),
                    faces.count - 1)
                let lit = min(max(-faces[fx] * sunSide * 2, -1), 1) * decay(below / (ss * 0.35))
                // A lighter rim along the ridge separates it from the layer behind.
                let rim = 0.07 * decay(below / (ss * 0.015))
                var c = color.scaled(1 + lighting * lit + rim - 0.22 * min(below / (hh * 0.35), 1))
                let grain = texture.value(px, py)
                c = c.scaled(0.93 + 0.14 * grain * (0.4 + 0.6 * depth))
                if let snowLine {
                    let edge = snowLine + ss * 0.08 * (grain - 0.5) + ss * 0.04 * lit
                    if py < edge {
                        let white = RGB(0.93, 0.96, 1).scaled(0.82 + 0.18 * lit)
                        c = c.mixed(with: white, min((edge - py) / 2, 1) * 0.9)
                    }
                }
                return (c, coverage)
            }
        }
    }

    private mutating func makeLayer(_ i: Int, of count: Int) -> Layer {
        let depth = count == 1 ? 1 : Float(i) / Float(count - 1)
        let noise = ValueNoise1D(random: &random)
        let offset = random.unit(0, 200)
        let base = horizon + (h - horizon) * (0.04 + 0.6 * depth * depth)
        let frequency: Float
        let amplitude: Float
        switch theme.terrain {
        case .mountains:
            frequency = random.unit(1.6, 3.2)
            amplitude = h * random.unit(0.18, 0.32) * (1.1 - 0.6 * depth)
        case .dunes:
            frequency = random.unit(1.2, 2.4)
            amplitude = h * random.unit(0.05, 0.11)
        case .hills, .sea:
            frequency = random.unit(0.8, 2.0)
            amplitude = h * random.unit(0.07, 0.16) * (1.1 - 0.45 * depth)
        }
        let terrain = theme.terrain
        let trees = i == 0 ? 0 : s * random.unit(0.008, 0.02) * (0.5 + depth)
        let w = w
        let ridge = (0..<canvas.width).map { x -> Float in
            let u = (Float(x) + 0.5) / w * frequency + offset
            switch terrain {
            case .mountains:
                let crest = 1 - abs(2 * noise.value(u) - 1)
                let detail = noise.fractal(u * 4 + 31, octaves: 4)
                return base - amplitude * (0.85 * crest * crest + 0.3 * detail - 0.1)
            case .dunes:
                let crest = 1 - abs(2 * noise.value(u) - 1)
                return base - amplitude * (0.8 * crest * crest + 0.3 * noise.fractal(u * 3, octaves: 2))
            case .hills, .sea:
                // Clumps of trees along parts of the crest.
                let woods = smoothstep(0.5, 0.7, noise.value(u * 2.3 + 50))
                let crowns = noise.fractal(u * 90, octaves: 2)
                return base - amplitude * noise.fractal(u, octaves: 3) - woods * trees * (0.4 + crowns)
            }
        }
        // Lighting follows the broad faces of the ridge, not every wiggle of its edge.
        let lightWindow = max(
            1, (s * (terrain == .hills ? 0.08 : 0.035)).clampedInt(in: pixelCoordinateRange, nan: 0))
        let color = theme.layers[theme.layers.count - count + i].mixed(
            with: theme.skyHorizon, 0.38 * (1 - depth))
        let snowLine = base - amplitude * random.unit(0.4, 0.55)
        // Coverage reaches 1 half a pixel (along the edge's normal) below the crest.
        var solid: Float = 0
        for x in ridge.indices {
            let slope = (ridge[min(x + 1, ridge.count - 1)] - ridge[max(x - 1, 0)]) * 0.5
            solid = max(solid, ridge[x] + 0.5 * (1 + slope * slope).squareRoot())
        }
        return Layer(
            ridge: ridge, faces: Self.smoothedSlope(ridge, radius: lightWindow), color: color, depth: depth,
            lighting: terrain == .hills ? 0.1 : 0.32,
            snowLine: theme.snow && i < count - 1 ? snowLine : nil,
            solidFrom: min(
                canvas.height, max(0, solid.rounded(.up).clampedInt(in: pixelCoordinateRange, nan: 0) + 1)))
    }

    /// The ridge's mean slope over 2 radius + 1 columns: the rise across the window over its width.
    private static func smoothedSlope(_ ridge: [Float], radius: Int) -> [Float] {
        let n = ridge.count
        return (0..<n).map { x in
            let a = ridge[max(x - radius, 0)]
            let b = ridge[min(x + radius, n - 1)]
            return (b - a) / Float(min(x + radius, n - 1) - max(x - radius, 0)).clampedDenominator
        }
    }

    private mutating func paintSea() {
        let (w, h, s, horizon, theme) = (w, h, s, horizon, theme)
        // A low headland on part of the horizon.
        let land = ValueNoise1D(random: &random)
        let landOffset = random.unit(0, 100)
        let landHeight = h * random.unit(0.02, 0.06)
        let landColor = theme.layers[0].mixed(with: theme.skyHorizon, 0.35)
        canvas.blend(
            x0: 0, y0: (horizon - landHeight).clampedInt(in: pixelCoordinateRange, nan: 0) - 1,
            x1: canvas.width, y1: horizon.clampedInt(in: pixelCoordinateRange, nan: 0) + 1
        ) {
            px, py in
            let v = land.fractal(px / w * 2.5 + landOffset, octaves: 4)
            let r = horizon - landHeight * max(0, v - 0.45) * 3.5
            return (landColor, r < horizon ? min(max(py - r + 0.5, 0), 1) : 0)
        }
        let ripples = ValueNoise1D(random: &random)
        let glitter = ValueNoise2D(random: &random, period: 64)
        let (sunX, sunRadius, glow, light) = (sunX, sunRadius, theme.glow, theme.light)
        canvas.blend(
            x0: 0, y0: horizon.clampedInt(in: pixelCoordinateRange, nan: 0), x1: canvas.width,
            y1: canvas.height
        ) { px, py in
            let coverage = min(max(py - horizon + 0.5, 0), 1)
            let t = max(py - horizon, 0) / (h - horizon)
            var c = theme.waterFar.mixed(with: theme.waterNear, (t * t.squareRoot()).squareRoot())
            c = c.mixed(with: theme.skyHorizon, 0.35 * (1 - t) * (1 - t) * (1 - t))
            // Swell: horizontal bands, finer toward the horizon as perspective makes them.
            let band = ripples.fractal((py - horizon) / (s * (0.004 + 0.05 * t)), octaves: 2)
            c = c.scaled(0.95 + 0.1 * band)
            // The sun's path on the water.
            let spread = sunRadius * (1 + 3.5 * t)
            let dx = (px - sunX) / spread
            guard dx * dx < 9 else { return (c, coverage) }
            // Glints in perspective: wide and flat up close, tiny toward the horizon.
            let d = max(py - horizon, 0) / s * 400 + 4
            let v = glitter.fractal((px - sunX) / s * 400 / d * 14, d.squareRoot() * 9, octaves: 2)
            let path = decay(dx * dx) * smoothstep(0.45, 0.8, v) * glow
            return (c.mixed(with: light, min(path, 1)), coverage)
        }
        guard random.unit(0, 1) < 0.7 else { return }
        // A beach across the foreground with a line of foam.
        let shore = ValueNoise1D(random: &random)
        let shoreOffset = random.unit(0, 100)
        let shoreBase = h * random.unit(0.8, 0.9)
        let shoreAmplitude = h * random.unit(0.03, 0.08)
        let sand = theme.sand
        let foamWidth = max(1, s * 0.007)
        let top =
            (shoreBase - shoreAmplitude).clampedInt(in: pixelCoordinateRange, nan: 0)
            - (6 * foamWidth).clampedInt(in: pixelCoordinateRange, nan: 0) - 2
        let shoreline = (0..<canvas.width).map { x in
            shoreBase - shoreAmplitude * shore.fractal((Float(x) + 0.5) / w * 1.5 + shoreOffset, octaves: 3)
        }
        canvas.blend(x0: 0, y0: top, x1: canvas.width, y1: canvas.height) { px, py in
            let d = py - shoreline[min(Int(px), shoreline.count - 1)]
            // Darker wet sand along the water's edge.
            let wet = smoothstep(0, s * 0.06, d)
            return (sand.scaled(0.78 + 0.22 * wet), min(max(d + 0.5, 0), 1))
        }
        canvas.blend(x0: 0, y0: top, x1: canvas.width, y1: canvas.height) { px, py in
            let d = py - shoreline[min(Int(px), shoreline.count - 1)]
            let line = max(0, 1 - abs(d + foamWidth) / foamWidth)
            let wash = 0.4 * max(0, 1 - abs(d + 4 * foamWidth) / (1.5 * foamWidth))
            return (.white, min(0.85 * (line + wash), 1))
        }
    }
}

extension Float {
    /// At least 1, for dividing by a count of columns.
    fileprivate var clampedDenominator: Float { Swift.max(self, 1) }
}

extension SeededRandom {
    /// A Float in [lower, upper).
    mutating func unit(_ lower: Float, _ upper: Float) -> Float {
        Float(next(in: Double(lower), Double(upper)))
    }
}
