import TestTiers
import Testing

@testable import FrameGenGeometry

@Test func rotationAboutZTurnsXAxisClockwiseOnScreen() {
    let r = Transform3D.makeRotation(.pi / 2, 0, 0, 1)
    let p = r.project(Point(x: 1, y: 0))
    expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
}

@Test func translatedAppliesTheNewOperationFirst() {
    // Rotate(MakeTranslation(100, 0, 0), 90°, z) rotates about the anchor, then moves 100 pt.
    let t = Transform3D.makeTranslation(100, 0, 0).rotated(.pi / 2, 0, 0, 1)
    let p = t.project(Point(x: 1, y: 0))
    expect(abs(p.x - 100) < 1e-12 && abs(p.y - 1) < 1e-12)
}

@Test func splitMix64MatchesTheReferenceSequence() {
    // Reference values of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
    var r = SeededRandom(seed: 0)
    expect(r.next() == 0xE220_A839_7B1D_CDAF)
    expect(r.next() == 0x6E78_9E6A_A1B9_65F4)
}
