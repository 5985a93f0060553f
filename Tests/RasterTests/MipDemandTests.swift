import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenRaster

@Test func aTextureWithoutItsFinestLevelsKeepsTheOthersExactly() {
    let img = patternImage(width: 200, height: 90)
    let full = Texture(img)
    let trimmed = Texture(img, finestLevel: 2)
    expect(trimmed.baseLevel == 2 && trimmed.width == 200 && trimmed.height == 90)
    expect(trimmed.levels.count == full.levels.count)
    for k in 2..<full.levels.count {
        let same = trimmed.image(level: k).bytes == full.image(level: k).bytes
        expect(same, "level \(k)")
    }
    // Level 2 onward is 1/16 of level 0 each axis pair, so about 1/12 of the whole chain.
    expect(trimmed.texels.count * 10 < full.texels.count)
    // A dropped level reads as the base level, inside its storage.
    expect(trimmed.image(level: 0).width == full.levels[2].width)
    // Asking for more levels than the chain has keeps the last (1 x 1) one.
    expect(Texture(img, finestLevel: 99).baseLevel == full.levels.count - 1)
}

/// Draws `img` through the map taking the texture rectangle to `corners` (device pixels), with
/// the whole mip chain and with only the levels `finestLevelRead` asks for.
private func drawBothWays(_ img: Image, corners: [SIMD2<Double>], size: Int = 160) -> (
    full: Image, trimmed: Image, level: Int
) {
    let (w, h) = (Double(img.width), Double(img.height))
    let m = homography(from: corners, to: [SIMD2(0, 0), SIMD2(w, 0), SIMD2(w, h), SIMD2(0, h)])
    let level = Texture.finestLevelRead(width: img.width, height: img.height, deviceToTexture: m)
    let mask = Rasterizer.coverage(of: Path(polygon: corners), clip: (0, 0, size, size))
    var full = Image(width: size, height: size)
    var trimmed = Image(width: size, height: size)
    Painter.drawTexture(&full, Texture(img), deviceToTexture: m, coverage: mask, opacity: 200)
    Painter.drawTexture(
        &trimmed, Texture(img, finestLevel: level), deviceToTexture: m, coverage: mask, opacity: 200)
    return (full, trimmed, level)
}

@Test func drawingReadsNoLevelFinerThanFinestLevelRead() {
    let img = patternImage(width: 512, height: 384)
    // Affine: minified 4x and 9x (a level of detail just above and well above whole levels),
    // rotated, sheared, magnified.
    let affine: [[SIMD2<Double>]] = [
        [SIMD2(10, 10), SIMD2(138, 10), SIMD2(138, 106), SIMD2(10, 106)],
        [SIMD2(20, 30), SIMD2(76.9, 30), SIMD2(76.9, 72.7), SIMD2(20, 72.7)],
        [SIMD2(80, 5), SIMD2(150, 60), SIMD2(95, 130), SIMD2(25, 75)],
        [SIMD2(5, 5), SIMD2(120, 25), SIMD2(150, 120), SIMD2(35, 100)],
    ]
    // Under perspective: a cover turned about y (near edge tall, far edge short), one turned
    // about x and y, and one seen nearly edge on.
    let perspective: [[SIMD2<Double>]] = [
        [SIMD2(20, 20), SIMD2(110, 50), SIMD2(110, 110), SIMD2(20, 140)],
        [SIMD2(30, 10), SIMD2(150, 30), SIMD2(120, 150), SIMD2(5, 120)],
        [SIMD2(10, 40), SIMD2(150, 75), SIMD2(150, 80), SIMD2(10, 120)],
    ]
    var levels: [Int] = []
    for corners in affine + perspective {
        let r = drawBothWays(img, corners: corners)
        let same = r.full.bytes == r.trimmed.bytes
        expect(same, "\(corners)")
        levels.append(r.level)
    }
    // The minified draws really do drop levels (4x: level 1 at least; 9x: level 2).
    expect(levels[0] >= 1 && levels[1] >= 2)
    // Magnified: everything is read.
    let big = drawBothWays(patternImage(width: 16, height: 16), corners: affine[0])
    let same = big.full.bytes == big.trimmed.bytes
    expect(big.level == 0 && same)
}

@Test func finestLevelReadIsZeroForMapsItCannotBound() {
    // Part of the texture behind the eye (W <= 0 at a corner of the texture rectangle).
    let behind = Homography(m11: 1, m12: 0, m13: 0.02, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: -1)
    expect(Texture.finestLevelRead(width: 100, height: 100, deviceToTexture: behind) == 0)
    expect(
        Texture.finestLevelRead(
            width: 100, height: 100,
            deviceToTexture: Homography(
                m11: 0, m12: 0, m13: 0, m21: 0, m22: 0, m23: 0, m31: 0, m32: 0, m33: 1)) == 0)
    expect(Texture.finestLevelRead(width: 100, height: 100, deviceToTexture: .scale(.nan, 1)) == 0)
}
