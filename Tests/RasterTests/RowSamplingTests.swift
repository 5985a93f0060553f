import TestTiers
import Testing

@testable import FrameGenRaster

/// Under a scale and translation the painter reads each row's texel rows once; every pixel
/// must still be the sample at its centre, at the layer's one level of detail.
@Test func scaledTextureRowsMatchTheSampleAtEachCentre() {
    var texels = [UInt8]()
    var state: UInt32 = 7
    for _ in 0..<(64 * 48) {
        state = state &* 1_664_525 &+ 1_013_904_223
        texels += [UInt8(truncatingIfNeeded: state >> 8), UInt8(truncatingIfNeeded: state >> 16), 90, 255]
    }
    let texture = Texture(Image(width: 64, height: 48, straightRGBA: texels)!)
    for (sx, sy) in [(2.5, 2.5), (1.7, 3.1), (0.6, 0.6)] {
        let h = Homography(m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0, m31: 3.25, m32: 1.5, m33: 1)
        var image = Image(width: 24, height: 14)
        Painter.drawTexture(&image, texture, deviceToTexture: h, coverage: .full((0, 0, 24, 14)))
        let lod = LevelOfDetail.of(sx, 0, 0, sy)
        var worst = 0
        for y in 0..<14 {
            for x in 0..<24 {
                let uv = SIMD2(sx * (Double(x) + 0.5) + 3.25, sy * (Double(y) + 0.5) + 1.5)
                let expected = texture.sample(uv, lod: lod)
                let got = image[x, y]
                worst = max(worst, abs(Int(got.r) - Int(expected.r)), abs(Int(got.g) - Int(expected.g)))
            }
        }
        expect(worst <= 1, "scale \(sx) x \(sy): \(worst)")
    }
}
