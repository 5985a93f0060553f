import Foundation
import Testing

@testable import Raster

func solid(_ w: Int, _ h: Int, _ c: Color) -> PNGImage {
    PNGImage(width: w, height: h, rgba: Array([[c.r, c.g, c.b, c.a]].repeated(w * h).joined()))!
}

extension Array {
    func repeated(_ n: Int) -> [Element] { Array((0..<n).map { _ in self }.joined()) }
}

@Test func identicalImagesPass() {
    let a = randomStraight(width: 10, height: 7, seed: 3)
    let c = ImageComparison(expected: a, actual: a)
    #expect(c.differingPixels == 0 && c.changedPixels == 0 && c.maxDifference == 0)
    #expect(c.psnr == .infinity)
    #expect(c.passes(.pixels(0)))
    #expect(c.summary == "identical (70 pixels)")
}

@Test func thePixelDifferenceIsTheLargestChannelDifference() {
    let e = solid(4, 1, Color(r: 10, g: 20, b: 30, a: 255))
    var a = e
    a.rgba[0] = 13  // pixel 0: R +3
    a.rgba[5] = 12  // pixel 1: G -8
    a.rgba[4] = 11  //          and R +1 (the pixel's difference stays 8)
    a.rgba[15] = 250  // pixel 3: A -5
    let c = ImageComparison(expected: e, actual: a)
    #expect(c.differingPixels == 3)
    #expect(c.maxDifference == 8)
    // PSNR = 10 log10(255^2 / MSE), MSE = (9 + 64 + 1 + 25) / 16 samples.
    let mse = 99.0 / 16
    #expect(abs(c.psnr - 10 * log10(65025 / mse)) < 1e-9)
    #expect(
        c.summary
            == "3 of 4 pixels differ (75.00%), max difference 8, PSNR 40.22 dB, in x 0...3 y 0...0, "
            + "first at (0, 0): expected #0A141EFF actual #0D141EFF")
    #expect(c.differenceBounds == ImageComparison.PixelBounds(x: 0, y: 0, width: 4, height: 1))

    let t5 = ImageComparison(expected: e, actual: a, threshold: 5)
    #expect(t5.differingPixels == 1)  // only the 8
    #expect(t5.changedPixels == 3)
    #expect(
        t5.summary
            == "1 of 4 pixels differ by more than 5 (25.00%), max difference 8, PSNR 40.22 dB, 3 changed at all, "
            + "in x 1...1 y 0...0, first at (1, 0): expected #0A141EFF actual #0B0C1EFF")
    let t8 = ImageComparison(expected: e, actual: a, threshold: 8)
    #expect(t8.differingPixels == 0 && t8.passes(.pixels(0)))
}

@Test func allowancesByCountAndRatio() {
    let e = solid(10, 10, .white)
    var a = e
    for p in 0..<5 { a.rgba[p * 4] = 0 }  // 5 of 100 pixels
    let c = ImageComparison(expected: e, actual: a)
    #expect(c.differingPixels == 5 && c.ratio == 0.05)
    #expect(!c.passes(.pixels(0)) && !c.passes(.pixels(4)) && c.passes(.pixels(5)))
    #expect(!c.passes(.ratio(0.049)) && c.passes(.ratio(0.05)) && c.passes(.ratio(1)))
    #expect(c.differenceBounds == ImageComparison.PixelBounds(x: 0, y: 0, width: 5, height: 1))
    var scattered = e
    scattered.rgba[(3 * 10 + 7) * 4] = 1  // (7, 3)
    scattered.rgba[(8 * 10 + 2) * 4 + 3] = 1  // (2, 8)
    let s = ImageComparison(expected: e, actual: scattered)
    #expect(s.differenceBounds == ImageComparison.PixelBounds(x: 2, y: 3, width: 6, height: 6))
    #expect(
        s.firstDifference
            == ImageComparison.PixelDifference(
                x: 7, y: 3, expected: .white, actual: Color(r: 1, g: 255, b: 255)))
}

@Test func fullyTransparentPixelsAreEqualWhateverTheirColour() {
    let e = solid(2, 2, Color(r: 255, g: 0, b: 0, a: 0))
    let a = solid(2, 2, .clear)
    #expect(ImageComparison(expected: e, actual: a).differingPixels == 0)
    // But alpha 0 against alpha 1 is a difference of the channels.
    let b = solid(2, 2, Color(r: 0, g: 0, b: 0, a: 1))
    #expect(ImageComparison(expected: e, actual: b).maxDifference == 255)
}

@Test func differentSizesAlwaysDiffer() {
    let e = solid(4, 3, .black)
    let a = solid(4, 4, .black)
    let c = ImageComparison(expected: e, actual: a)
    #expect(!c.sizesMatch)
    #expect(c.pixelCount == 16 && c.differingPixels == 4)
    #expect(!c.passes(.pixels(100)) && !c.passes(.ratio(1)))
    #expect(
        c.summary
            == "size differs: expected 4 x 3 px, actual 4 x 4 px; in the common 4 x 3 px: identical (12 pixels)"
    )
    var b = solid(3, 3, .black)
    b.rgba[0] = 9
    #expect(
        ImageComparison(expected: e, actual: b).summary
            == "size differs: expected 4 x 3 px, actual 3 x 3 px; in the common 3 x 3 px: "
            + "1 of 9 pixels differ (11.11%), max difference 9, PSNR 44.61 dB, in x 0...0 y 0...0, "
            + "first at (0, 0): expected #000000FF actual #090000FF")
}

@Test func theDiffImageShowsWhereAndHowMuch() {
    let e = solid(3, 2, .white)
    var a = e
    a.rgba[0] = 0  // (0, 0): 255 off -> pure red
    a.rgba[4] = 254  // (1, 0): 1 off with threshold 0 -> palest red
    let diff = ImageComparison.diffImage(expected: e, actual: a)
    #expect(diff.width == 3 && diff.height == 2)
    #expect(diff[0, 0] == Color(r: 255, g: 0, b: 0))
    #expect(diff[1, 0] == Color(r: 255, g: 159, b: 159))
    // Unchanged white: luma 255 dimmed to 96 + 255 / 4 = 159.
    #expect(diff[2, 0] == Color(r: 159, g: 159, b: 159))
    // Transparent expected pixels show as white before dimming; black ones as 96.
    #expect(
        ImageComparison.diffImage(expected: solid(1, 1, .clear), actual: solid(1, 1, .clear))[0, 0].r == 159)
    #expect(
        ImageComparison.diffImage(expected: solid(1, 1, .black), actual: solid(1, 1, .black))[0, 0].r == 96)
    // Within the threshold: amber, not red.
    let tolerated = ImageComparison.diffImage(expected: e, actual: a, threshold: 1)
    #expect(tolerated[1, 0] == Color(r: 200, g: 160, b: 40))
    // Outside the common area: magenta.
    let grown = ImageComparison.diffImage(expected: e, actual: solid(4, 2, .white))
    #expect(grown.width == 4 && grown[3, 1] == Color(r: 255, g: 0, b: 255))
}

@Test func percentagesAndDecibelsFormatWithoutFoundation() {
    #expect(formatPercent(0) == "0%")
    #expect(formatPercent(0.000001) == "<0.01%")
    #expect(formatPercent(0.5) == "50.00%")
    #expect(formatPercent(0.01234) == "1.23%")
    #expect(formatDecibels(.infinity) == "inf dB")
    #expect(formatFixed(3.14159, digits: 2) == "3.14")
    #expect(formatFixed(2.005, digits: 1) == "2.0")
    #expect(formatFixed(7, digits: 0) == "7")
}
