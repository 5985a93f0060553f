import FrameGenCompositor
import FrameGenGeometry
import FrameGenRaster
import FrameGenScene

/// The built-in photo for item `index` of a scene with `seed`: a landscape (sky, sun or moon,
/// clouds, hills, mountains, dunes or a beach, in one of several lights), `longSide` pixels on
/// its longer side at `generatedAspectRatio(seed:index:)`, with film grain, a vignette and the
/// item's number (`label`, by default the index) on a badge at its centre, drawn with `text`.
/// Deterministic: the same arguments give the same pixels on every machine and thread.
public func generatedPhoto(
    seed: UInt64, index: Int, longSide: Int = 512, label: String? = nil, text: TextRenderer
) throws(FrameGenError) -> Image {
    guard (16...2048).contains(longSide) else {
        throw FrameGenError.badInput(nil, "generated photo size \(longSide) px is not between 16 and 2048")
    }
    let (width, height) = generatedPhotoSize(seed: seed, index: index, longSide: longSide)
    var random = ContentRandom.stream(seed: seed, index: index, salt: ContentRandom.photoSalt)
    var theme = LandscapeTheme.all[random.next(below: LandscapeTheme.all.count)]
    // Each photo's own exposure and white balance, so two photos of one theme still differ.
    let exposure = random.unit(0.9, 1.08)
    let warmth = random.unit(-0.05, 0.05)
    theme.adjust { c in RGB(c.r * exposure * (1 + warmth), c.g * exposure, c.b * exposure * (1 - warmth)) }
    var painter = LandscapePainter(
        width: width, height: height, theme: theme,
        random: ContentRandom.stream(
            seed: seed, index: index, salt: ContentRandom.photoSalt &+ 1))
    let canvas = painter.paint()
    var image = canvas.finished(
        vignette: random.unit(0.2, 0.45), grain: random.unit(0.012, 0.028), random: &random)
    do {
        try ItemBadge.draw(label ?? String(index), on: &image, text: text)
    } catch {
        throw FrameGenError.badInput(nil, error.message)
    }
    return image
}

extension LandscapeTheme {
    /// Applies `f` to every colour of the theme.
    mutating func adjust(_ f: (RGB) -> RGB) {
        skyTop = f(skyTop)
        skyHorizon = f(skyHorizon)
        light = f(light)
        cloud = f(cloud)
        layers = layers.map(f)
        waterFar = f(waterFar)
        waterNear = f(waterNear)
        sand = f(sand)
    }
}
