import Foundation
import FrameGenGeometry
import FrameGenRaster
import FrameGenText
import TestTiers
import Testing

@testable import FrameGenComparison

func solid(_ w: Int, _ h: Int, _ c: Color) -> StraightImage {
    StraightImage(width: w, height: h, rgba: Array([[c.r, c.g, c.b, c.a]].repeated(w * h).joined()))!
}

extension Array {
    func repeated(_ n: Int) -> [Element] { Array((0..<n).map { _ in self }.joined()) }
}

/// One-pixel black and white squares, white first (or black first, `inverted`): all structure.
func checkerboard(_ w: Int, _ h: Int, inverted: Bool = false) -> StraightImage {
    var img = solid(w, h, .white)
    for y in 0..<h {
        for x in 0..<w where (x + y) % 2 == (inverted ? 0 : 1) { img.set(x, y, .black) }
    }
    return img
}

extension StraightImage {
    mutating func set(_ x: Int, _ y: Int, _ c: Color) {
        let i = (y * width + x) * 4
        (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]) = (c.r, c.g, c.b, c.a)
    }
}

func grey(_ v: UInt8) -> Color { Color(r: v, g: v, b: v) }

/// Black on the left, white on the right and one column of grey between: an anti-aliased edge.
func edge(_ w: Int, _ h: Int, column: Int, grey g: UInt8) -> StraightImage {
    var img = solid(w, h, .white)
    for y in 0..<h {
        for x in 0..<column { img.set(x, y, .black) }
        img.set(column, y, grey(g))
    }
    return img
}

@Test func identicalImagesMatch() {
    var a = edge(10, 7, column: 4, grey: 128)
    a.set(8, 2, Color(r: 30, g: 200, b: 90, a: 40))
    let c = ImageComparison(expected: a, actual: a)
    expect(c.differingPixels == 0 && c.changedPixels == 0 && c.antialiasedPixels == 0)
    expect(c.ssim == 1)
    expect(c.passes(.pixels(0)))
    expect(c.summary == "identical (70 pixels)")
}

@Test func onePixelBeyondTheThresholdFailsWithCountOne() {
    let e = solid(10, 10, .white)
    var a = e
    a.set(3, 4, .black)
    let c = ImageComparison(expected: e, actual: a)
    expect(c.differingPixels == 1 && c.antialiasedPixels == 0)
    expect(!c.passes(.pixels(0)) && c.passes(.pixels(1)))
    expect(c.differenceBounds == ImageComparison.PixelBounds(x: 3, y: 4, width: 1, height: 1))
    expect(
        c.firstDifference == ImageComparison.PixelDifference(x: 3, y: 4, expected: .white, actual: .black))
    expect(c.ssim < 1)
    expect(
        c.summary.hasPrefix("1 of 100 pixels differ (1.00%), SSIM 0.")
            && c.summary.hasSuffix(
                ", in x 3...3 y 4...4, first at (3, 4): expected #FFFFFFFF actual #000000FF")
    )
}

@Test func theThresholdIsPixelmatchsYIQDistance() {
    let e = solid(6, 6, grey(128))
    var a = e
    a.set(1, 1, grey(150))  // luma 22: 0.5053 * 22^2 = 245 <= 35215 * 0.1^2 = 352
    a.set(4, 4, grey(160))  // luma 32: 517 > 352
    let c = ImageComparison(expected: e, actual: a)
    expect(c.changedPixels == 2 && c.differingPixels == 1)
    expect(c.firstDifference?.x == 4)
    expect(ImageComparison(expected: e, actual: a, threshold: 0).differingPixels == 2)
    expect(ImageComparison(expected: e, actual: a, threshold: 0.2).differingPixels == 0)
    // A hue change at the same luma still counts (the I and Q terms).
    let red = solid(3, 3, Color(r: 200, g: 60, b: 60))
    var cyanish = red
    cyanish.set(1, 1, Color(r: 60, g: 131, b: 145))
    expect(ImageComparison(expected: red, actual: cyanish).differingPixels == 1)
}

@Test func antiAliasingOnlyDifferencesPassWithDetectionAndFailWithout() {
    // The edge's grey column moves from 128 to 96: the slope between black and white is anti-aliasing.
    let e = edge(10, 6, column: 4, grey: 128)
    let a = edge(10, 6, column: 4, grey: 96)
    let on = ImageComparison(expected: e, actual: a)
    expect(on.differingPixels == 0 && on.antialiasedPixels == 6)
    expect(on.passes(.pixels(0)))
    expect(on.summary.contains("6 anti-aliased (not counted)"))
    let off = ImageComparison(expected: e, actual: a, includeAA: true)
    expect(off.differingPixels == 6 && !off.passes(.pixels(0)))
    // The same grey change inside a flat area is no anti-aliasing.
    var flat = solid(10, 6, grey(128))
    let flatExpected = flat
    flat.set(4, 3, grey(96))
    expect(ImageComparison(expected: flatExpected, actual: flat).differingPixels == 1)
}

@Test func fullyTransparentPixelsAreEqualWhateverTheirColour() {
    let e = solid(2, 2, Color(r: 255, g: 0, b: 0, a: 0))
    let a = solid(2, 2, .clear)
    expect(ImageComparison(expected: e, actual: a).differingPixels == 0)
    // Black at alpha 255 against transparent is over white: a full difference.
    expect(ImageComparison(expected: e, actual: solid(2, 2, .black)).differingPixels == 4)
}

@Test func allowancesByCountAndRatio() {
    let e = solid(10, 10, .white)
    var a = e
    for p in 0..<5 { a.set(p * 2, 5, .black) }  // 5 of 100 pixels, apart
    let c = ImageComparison(expected: e, actual: a)
    expect(c.differingPixels == 5 && c.ratio == 0.05)
    expect(!c.passes(.pixels(0)) && !c.passes(.pixels(4)) && c.passes(.pixels(5)))
    expect(!c.passes(.ratio(0.049)) && c.passes(.ratio(0.05)) && c.passes(.ratio(1)))
    expect(c.differenceBounds == ImageComparison.PixelBounds(x: 0, y: 5, width: 9, height: 1))
}

@Test func differentSizesAlwaysDiffer() {
    let e = solid(4, 3, .black)
    let a = solid(4, 4, .black)
    let c = ImageComparison(expected: e, actual: a)
    expect(!c.sizesMatch)
    expect(c.pixelCount == 16 && c.differingPixels == 4)
    expect(!c.passes(.pixels(100)) && !c.passes(.ratio(1)))
    expect(
        c.summary
            == "size differs: expected 4 x 3 px, actual 4 x 4 px; in the common 4 x 3 px: identical (12 pixels)"
    )
}

@Test func theDiffMarksExactlyTheDifferingPixels() {
    var e = edge(12, 8, column: 5, grey: 128)
    e.set(9, 2, grey(200))
    var a = edge(12, 8, column: 5, grey: 96)  // anti-aliasing: yellow
    a.set(1, 6, .white)  // in the black: red
    a.set(10, 1, Color(r: 250, g: 250, b: 250))  // within the threshold: grey
    let diff = ImageComparison.diffImage(expected: e, actual: a)
    expect(diff.width == 12 && diff.height == 8)
    var red: [[Int]] = []
    var yellow: [[Int]] = []
    for y in 0..<8 {
        for x in 0..<12 {
            let c = diff[x, y]
            expect(c.a == 255)
            if c == Color(r: 255, g: 0, b: 0) { red.append([x, y]) }
            if c == Color(r: 255, g: 255, b: 0) { yellow.append([x, y]) }
        }
    }
    // (9, 2): grey 200 in the expected image became white; it is flat around, so it differs.
    expect(red == [[9, 2], [1, 6]])
    expect(yellow == (0..<8).map { [5, $0] })
    // Unchanged pixels: the expected luma faded 90% toward white (pixelmatch's alpha 0.1).
    expect(diff[0, 0] == grey(230))  // black: 255 - 0.1 * 255 = 229.5
    expect(diff[11, 7] == grey(255))
    expect(diff[10, 1] == grey(255))
    let counted = ImageComparison.diffImage(expected: e, actual: a, includeAA: true)
    expect(counted[5, 3] == Color(r: 255, g: 0, b: 0))
    // Outside the common area: magenta.
    let grown = ImageComparison.diffImage(expected: e, actual: solid(13, 8, .white))
    expect(grown.width == 13 && grown[12, 7] == Color(r: 255, g: 0, b: 255))
}

@Test func sideBySidePutsExpectedDiffAndActualInARow() {
    let e = solid(3, 2, .black)
    let d = solid(3, 2, Color(r: 255, g: 0, b: 0))
    let a = solid(2, 3, .clear)
    let s = ImageComparison.sideBySide(expected: e, diff: d, actual: a)
    expect(s.width == 3 + 4 + 3 + 4 + 2 && s.height == 3)
    expect(s[0, 0] == .black && s[7, 0] == Color(r: 255, g: 0, b: 0) && s[14, 2] == .white)
    expect(s[3, 0] == grey(64) && s[0, 2] == grey(64))
}

@Test func ssimFallsWithStructure() {
    let e = checkerboard(32, 32)
    var slight = e
    slight.set(5, 5, .black)
    let other = checkerboard(32, 32, inverted: true)
    let s1 = ImageComparison(expected: e, actual: slight).ssim
    let s2 = ImageComparison(expected: e, actual: other).ssim
    expect(s1 < 1 && s1 > 0.9)
    expect(s2 < 0.2)
}

@Test func percentagesFormatWithoutFoundation() {
    expect(formatPercent(0) == "0%")
    expect(formatPercent(0.000001) == "<0.01%")
    expect(formatPercent(0.5) == "50.00%")
    expect(formatPercent(0.01234) == "1.23%")
    expect(formatSSIM(0.99999) == "0.9999")
    expect(formatSSIM(1) == "1.0000")
    expect(formatFixed(3.14159, digits: 2) == "3.14")
    expect(formatFixed(7, digits: 0) == "7")
}

/// The side-by-side a check writes names its three parts over them: the band has light ink over
/// each part's left edge and none past the labels, and the images below are the plain strip.
@Test func theSideBySideNamesExpectedDifferenceAndActual() throws {
    let (e, d, a) = (solid(90, 10, .black), solid(90, 10, Color(r: 255, g: 0, b: 0)), solid(90, 10, .white))
    let labelled = ImageComparison.labelledSideBySide(expected: e, diff: d, actual: a, text: TextRenderer())
    let strip = ImageComparison.sideBySide(expected: e, diff: d, actual: a)
    let band = ImageComparison.labelBand
    expect(labelled.width == strip.width && labelled.height == strip.height + band)
    expect(Array(labelled.rgba[(band * labelled.width * 4)...]) == strip.rgba)
    func inked(_ x0: Int, _ x1: Int) -> Int {
        var n = 0
        for y in 0..<band { for x in x0..<x1 where labelled[x, y].r > 160 { n += 1 } }
        return n
    }
    // "expected", "difference" and "actual" at 12 px each take some 40-70 px from their part's edge.
    expect(inked(0, 90) > 20 && inked(94, 184) > 20 && inked(188, 278) > 20)
    expect(inked(80, 94) == 0 && inked(260, 278) == 0)
}
