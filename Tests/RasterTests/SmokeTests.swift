import TestTiers
import Testing

@testable import FrameGenRaster

@Test func div255RoundsExactlyOverTheWholeRange() {
    for x in UInt32(0)...(255 * 255) {
        expect(div255(x) == UInt32((Double(x) / 255).rounded()))
    }
}

@Test func opaqueOverOpaqueDoesNotDrift() {
    let s = Pixel(r: 10, g: 200, b: 255, a: 255)
    expect(sourceOver(s, Pixel(r: 1, g: 2, b: 3, a: 255)) == s)
}
