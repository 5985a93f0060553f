import Foundation
import TestTiers
import Testing

@testable import FrameGenRaster

func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }

@Test func blurredEdgeFollowsTheErfProfile() {
    // Columns 0..<150 covered, 300 x 120; the middle row is far from the top and bottom.
    var mask = CoverageMask(x: 0, y: 0, width: 300, height: 120)
    for y in 0..<120 {
        for x in 0..<150 { mask.data[y * 300 + x] = 255 }
    }
    for sigma in [0.5, 0.8, 1.5, 2.5, 3.0, 8.0, 19.5] {
        let b = Blur.gaussian(mask, sigma: sigma)
        // The step at x = 150 blurred by N(0, σ²), averaged over each pixel (numerically).
        var worst = 0.0
        for x in 100..<200 {
            var sum = 0.0
            for k in 0..<400 { sum += phi((150 - (Double(x) + (Double(k) + 0.5) / 400)) / sigma) }
            let expected = 255 * sum / 400
            worst = max(worst, abs(Double(b[x, 60]) - expected))
        }
        expect(worst <= 2, "sigma \(sigma): \(worst)")
    }
}

@Test func blurGrowsTheBoxByTheKernelSupportAndKeepsMass() {
    var mask = CoverageMask(x: 40, y: 50, width: 20, height: 10)
    for i in mask.data.indices { mask.data[i] = 255 }
    let sigma = 4.0
    let b = Blur.gaussian(mask, sigma: sigma)
    let box = Blur.extendedBox(variance: sigma * sigma / Double(Blur.defaultPasses))
    let grow = Blur.defaultPasses * (box.radius + 1)
    expect(b.x == 40 - grow && b.y == 50 - grow && b.width == 20 + 2 * grow && b.height == 10 + 2 * grow)
    let mass = b.data.reduce(0.0) { $0 + Double($1) }
    expect(abs(mass / 255 - 200) < 0.01 * 200)
    // Symmetric about the rect's centre (x 50, y 55).
    for dy in 0..<15 {
        for dx in 0..<25 { expect(abs(Int(b[50 + dx, 55 + dy]) - Int(b[49 - dx, 54 - dy])) <= 1) }
    }
    // The extended box has exactly the requested variance.
    let (r, a) = box
    let rd = Double(r)
    let variance = (rd * (rd + 1) * (2 * rd + 1) / 3 + 2 * a * (rd + 1) * (rd + 1)) / (2 * rd + 1 + 2 * a)
    expect(abs(variance - sigma * sigma / Double(Blur.defaultPasses)) < 1e-12)
    expect(a >= 0 && a < 1)
}

@Test func zeroOrInvalidSigmaLeavesTheMask() {
    let mask = CoverageMask(x: 3, y: 4, width: 5, height: 6, value: 200)
    expect(Blur.gaussian(mask, sigma: 0) == mask)
    expect(Blur.gaussian(mask, sigma: .nan) == mask)
    expect(Blur.gaussian(.empty(), sigma: 5).isEmpty)
}

@Test func anisotropicBlurMatchesSeparateAxes() {
    var mask = CoverageMask(x: 10, y: 20, width: 30, height: 25)
    for y in 5..<20 {
        for x in 8..<22 { mask.data[y * 30 + x] = 255 }
    }
    let both = Blur.gaussian(mask, sigmaX: 6, sigmaY: 1.2)
    let xOnly = Blur.gaussian(mask, sigmaX: 6, sigmaY: 0)
    let thenY = Blur.gaussian(xOnly, sigmaX: 0, sigmaY: 1.2)
    expect(xOnly.height == mask.height && xOnly.width > mask.width)
    expect(both.box == thenY.box)
    // Rounding between the two steps differs by at most a level.
    for i in both.data.indices { expect(abs(Int(both.data[i]) - Int(thenY.data[i])) <= 1) }
    // Wider spread along x than along y around the rect's centre (x 25, y 32).
    expect(both[25 - 14, 32] > both[25, 32 - 12])
}
