import FrameGenGeometry

/// The width / height ratio of generated photo `index` for a scene's `seed`, between 0.5 and 2:
/// half of the items take a common camera or screen ratio (1:1, 4:3, 3:2, 16:9, 2:1, upright or
/// not) and half a ratio anywhere in the range, portraits and landscapes equally likely. Layouts that size items by their photo (waterfall, thumbnails) use this.
public func generatedAspectRatio(seed: UInt64, index: Int) -> Double {
    var random = ContentRandom.stream(seed: seed, index: index, salt: ContentRandom.aspectSalt)
    let common: [Double] = [1, 4.0 / 3, 3.0 / 4, 3.0 / 2, 2.0 / 3, 16.0 / 9, 9.0 / 16, 2, 0.5]
    if random.nextUnit() < 0.5 {
        return common[random.next(below: common.count)]
    }
    // Portraits with a width / height uniform in [0.5, 1), landscapes with a height / width
    // uniform in (0.5, 1]: the two are mirror images, and only IEEE division is involved, so
    // every machine computes the same ratio.
    let u = random.nextUnit()
    return u < 0.5 ? 0.5 + u : 1 / (1.5 - u)
}

/// The pixel size of generated photo `index`: `longSide` on its longer side, the other side
/// rounded from the aspect ratio (at least 1).
public func generatedPhotoSize(seed: UInt64, index: Int, longSide: Int) -> (width: Int, height: Int) {
    let ratio = generatedAspectRatio(seed: seed, index: index)
    if ratio >= 1 {
        return (longSide, max(1, (Double(longSide) / ratio).rounded().clampedInt(in: 1...65536, nan: 1)))
    }
    return (max(1, (Double(longSide) * ratio).rounded().clampedInt(in: 1...65536, nan: 1)), longSide)
}
