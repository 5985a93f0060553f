import Foundation
import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenRaster

/// The old way: coverage of the transformed rect, blurred in device pixels.
private func blurredReference(_ rect: Rect, _ h: Homography, sigma: Double, size: Int) -> Image {
    var image = Image(width: size, height: size)
    let clip = (0, 0, size, size)
    let mask = Blur.gaussian(
        Rasterizer.coverage(of: Shapes.rect(rect).transformed(by: h), clip: clip), sigma: sigma
    ).cropped(to: clip)
    Painter.fill(&image, color: Pixel(r: 0, g: 0, b: 0, a: 255), coverage: mask)
    return image
}

private func analytic(_ rect: Rect, _ h: Homography, sigma: Double, size: Int) -> Image {
    var image = Image(width: size, height: size)
    let drawn = RectShadow.fill(
        &image, color: Pixel(r: 0, g: 0, b: 0, a: 255), rect: rect, sigma: sigma, localToDevice: h,
        clip: (0, 0, size, size))
    expect(drawn)
    return image
}

@Test func rectShadowEdgeIsTheErfProfile() {
    let rect = Rect(x: 20, y: 20, width: 40, height: 40)
    let image = analytic(rect, .identity, sigma: 4, size: 80)
    expect(image[40, 40].a == 255)
    // Centre 19.5 is half a pixel outside the left edge: Φ(-0.5 / s) with s² = 16 + 1/12.
    let s = (16 + 1.0 / 12).squareRoot()
    let expected = 255 * (phi(40.5 / s) - phi(0.5 / s))
    expect(abs(Double(image[19, 40].a) - expected) <= 0.5)
    // 3σ out: Φ(-3) x 255 = 0.34, rounds to nothing.
    expect(image[3, 40].a == 0 && image[40, 76].a == 0)
}

@Test func rectShadowMatchesBlurredCoverageUnderRotationAndScale() {
    let rect = Rect(x: 0, y: 0, width: 50, height: 30)
    let angle = 0.52
    // Rotation by 30° and scale 1.5 about the origin, then moved into the canvas.
    let h =
        Homography(
            m11: 1.5 * cos(angle), m12: 1.5 * sin(angle), m13: 0, m21: -1.5 * sin(angle),
            m22: 1.5 * cos(angle), m23: 0, m31: 0, m32: 0, m33: 1
        )
        .concatenating(.translation(70, 40))
    for sigma in [2.0, 5.0] {
        let a = analytic(rect, h, sigma: sigma, size: 160)
        let b = blurredReference(rect, h, sigma: sigma * 1.5, size: 160)
        var worst = 0
        for y in 0..<160 {
            for x in 0..<160 { worst = max(worst, abs(Int(a[x, y].a) - Int(b[x, y].a))) }
        }
        // The box passes' shape error (about 1.2 levels) plus rounding.
        expect(worst <= 3, "sigma \(sigma): \(worst)")
    }
}

@Test func rectShadowUnderPerspectiveIsBlurredInTheLayerPlane() {
    let rect = Rect(x: 0, y: 0, width: 100, height: 100)
    // W grows with x: the right side is smaller, so its blur is narrower on screen.
    let h = Homography(m11: 1, m12: 0, m13: 0.004, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
        .concatenating(.translation(30, 30))
    let image = analytic(rect, h, sigma: 3, size: 180)
    // The local point (50, 50) lands at (50 / 1.2 + 30, 50 / 1.2 + 30) and is deep inside.
    expect(image[71, 71].a == 255)
    // Local u = 100 + 3 (one sigma right of the right edge) maps to x = 103 / 1.412 + 30 = 102.9;
    // at local v = 50 there the value is Φ(-1 / s) with s ≈ 3, far from 0 and 255.
    let v = image[102, Int(50 / 1.412 + 30)].a
    expect(v > 20 && v < 80, "\(v)")
    // Nothing left of local u = -3.5σ.
    expect(image[15, 71].a == 0)
}

@Test func rectShadowRefusesCornersBehindTheEye() {
    var image = Image(width: 10, height: 10)
    let h = Homography(m11: 1, m12: 0, m13: -0.02, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
    expect(
        !RectShadow.fill(
            &image, color: Pixel(r: 0, g: 0, b: 0, a: 255), rect: Rect(x: 0, y: 0, width: 100, height: 10),
            sigma: 2, localToDevice: h, clip: (0, 0, 10, 10)))
}

@Test func smallRectShadowIsThePixelAverageOfTheErfProfile() {
    // Sigma under a pixel: the profile is averaged over each pixel, not point sampled.
    let rect = Rect(x: 10, y: 10, width: 20, height: 20)
    let sigma = 0.7
    let image = analytic(rect, .identity, sigma: sigma, size: 40)
    for x in 6..<15 {
        var sum = 0.0
        for k in 0..<1000 {
            let u = Double(x) + (Double(k) + 0.5) / 1000
            sum += phi((30 - u) / sigma) - phi((10 - u) / sigma)
        }
        expect(abs(Double(image[x, 20].a) - 255 * sum / 1000) <= 0.51, "x = \(x)")
    }
}

@Test func hiddenPartOfAShadowIsSkippedWithoutChangingTheResult() {
    // An opaque rotated layer over its own shadow: skipping the shadow under it changes nothing.
    let bounds = Rect(x: 0, y: 0, width: 60, height: 40)
    let angle = 0.3
    let h =
        Homography(
            m11: cos(angle), m12: sin(angle), m13: 0, m21: -sin(angle), m22: cos(angle), m23: 0, m31: 0,
            m32: 0, m33: 1
        )
        .concatenating(.translation(60, 40))
    let offset = Homography.translation(2, 5)
    let grey = Pixel(r: 50, g: 60, b: 70, a: 255)
    let layer = Rasterizer.coverage(of: Shapes.rect(bounds).transformed(by: h), clip: (0, 0, 130, 120))
    var images: [Image] = []
    for hidden in [nil, bounds.offsetBy(dx: -2, dy: -5)] {
        var image = Image(width: 130, height: 120, fill: Pixel(r: 200, g: 200, b: 200, a: 255))
        RectShadow.fill(
            &image, color: Pixel(r: 0, g: 0, b: 0, a: 128), rect: bounds, sigma: 4,
            localToDevice: offset.concatenating(h),
            clip: (0, 0, 130, 120), hidden: hidden)
        Painter.fill(&image, color: grey, coverage: layer)
        images.append(image)
    }
    expect(images[0].bytes == images[1].bytes)
    // And the shadow is there, below and right of the layer.
    expect(images[0][75, 91].r < 200)
}

/// An upright shadow reads its profiles once per column and row and stores the inside of a
/// large rect without reading them: the same bytes as the per-pixel path, which a map with a
/// perspective term too small to move any point (so not affine) takes, over a background and
/// in a translucent colour, at scales whose pixel is above and below half the sigma.
@Test func anUprightShadowIsTheSameBytesAsThePerPixelPath() {
    for (scale, sigma) in [(1.0, 10.0), (2.0, 10.0), (3.0, 0.8)] {
        let rect = Rect(x: 12.25, y: 9.5, width: 70, height: 44)
        let upright = Homography.scale(scale, scale).concatenating(.translation(3, 5))
        var tilted = upright
        tilted.m13 = 1e-300
        var images: [Image] = []
        for h in [upright, tilted] {
            var image = Image(width: 300, height: 220, fill: Pixel(r: 40, g: 90, b: 200, a: 255))
            expect(
                RectShadow.fill(
                    &image, color: Pixel(r: 0, g: 0, b: 0, a: 77),
                    rect: rect, sigma: sigma, localToDevice: h, clip: (0, 0, 300, 220)))
            images.append(image)
        }
        let same = images[0].bytes == images[1].bytes
        expect(same, "scale \(scale), sigma \(sigma)")
        // The inside is the colour over the background: 77 / 255 of black over 40.
        let inside = images[0][Int((rect.midX + 3) * scale), Int((rect.midY + 5) * scale)]
        expect((27...28).contains(inside.r) && inside.a == 255)
    }
}
