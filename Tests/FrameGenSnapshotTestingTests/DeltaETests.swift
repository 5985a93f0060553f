import Foundation
import FrameGenSnapshotTesting
import TestTiers
import Testing

/// CIE ΔE 1994, the formula of Core Image's `CILabDeltaE`, against published values.
@Suite struct DeltaETests {
    /// Sharma, Wu and Dalal's test pair 1 (the CIEDE2000 paper's table), whose ΔE*94 they give
    /// as 1.3950 (graphic-arts weights).
    @Test func publishedPair() {
        let reference = Lab(l: 50, a: 2.6772, b: -79.7751)
        let sample = Lab(l: 50, a: 0, b: -82.7485)
        expect(abs(DeltaE.cie94(reference, sample) - 1.3950) < 0.0005)
    }

    /// A lightness difference alone is ΔE 94 itself (S_L = 1).
    @Test func lightnessAlone() {
        expect(abs(DeltaE.cie94(Lab(l: 40, a: 10, b: 10), Lab(l: 47, a: 10, b: 10)) - 7) < 1e-9)
    }

    /// sRGB white, black and red in CIELAB (D65), as colour tables list them.
    @Test func srgbToLab() {
        let white = Lab(red: 255, green: 255, blue: 255)
        expect(abs(white.l - 100) < 0.01 && abs(white.a) < 0.01 && abs(white.b) < 0.01)
        expect(Lab(red: 0, green: 0, blue: 0).l == 0)
        let red = Lab(red: 255, green: 0, blue: 0)
        expect(abs(red.l - 53.24) < 0.01 && abs(red.a - 80.09) < 0.02 && abs(red.b - 67.20) < 0.02)
    }
}
