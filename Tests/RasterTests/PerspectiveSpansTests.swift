import CFrameGenKernels
import Foundation
import TestTiers
import Testing

@testable import FrameGenRaster

/// A layer of `texture`'s size, scaled by `scale`, rotated by `angle` about its vertical axis
/// under m34 = -1/500 (cover flow) and centred at `centre`: the device-to-texture map.
private func coverFlow(_ texture: Texture, scale: Double, angle: Double, centre: (Double, Double))
    -> Homography
{
    let toCentre = Homography.translation(-Double(texture.width) / 2, -Double(texture.height) / 2)
    let rotation = Homography(
        m11: cos(angle), m12: 0, m13: sin(angle) / 500, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)
    let device = toCentre.concatenating(.scale(scale, scale)).concatenating(rotation).concatenating(
        .translation(centre.0, centre.1))
    return device.inverted!
}

/// The perspective spans must give exactly the pixels of the scalar per-pixel loop: cover-flow
/// rotations magnified, minified by a level blend and strongly, mixing both in one row, over
/// translucent destinations, through partial coverage and opacity, for odd texture sizes, for a
/// texture too wide for the 32-bit lanes, for a trimmed mip chain, and across the horizon
/// (pixels with W <= 0 skipped).
@Test(.heavy, .tags(.heavy)) func perspectiveSpansMatchTheScalarLoop() {
    let textures = [
        Texture(noise(37, 29, seed: 11, opaque: false)), Texture(noise(300, 180, seed: 12, opaque: true)),
        Texture(noise(1, 9, seed: 13, opaque: false)), Texture(noise(1 << 18, 2, seed: 14, opaque: true)),
        // A chain without its two finest levels (their entries describe level 2).
        Texture(noise(300, 180, seed: 12, opaque: true), finestLevel: 2),
    ]
    let destination = noise(120, 90, seed: 15, opaque: false)
    var r = Bytes(state: 16)
    var partial = CoverageMask(x: -3, y: 2, width: 118, height: 86)
    for i in partial.data.indices {
        let v = r.next()
        partial.data[i] = v < 50 ? 0 : (v < 170 ? 255 : v)
    }
    let masks = [partial, .full((0, 0, 120, 90))]
    var levels = Set<String>()
    var drawn = 0
    for texture in textures {
        for scale in [3.1, 1.0, 0.37, 0.04] {
            for angle in [0.0, 0.5, -1.05, 1.45] {
                let h = coverFlow(texture, scale: scale, angle: angle, centre: (61.5, 44.25))
                for mask in masks {
                    for opacity: UInt8 in [255, 140] {
                        var reference = destination
                        Painter.drawTexture(
                            &reference, texture, deviceToTexture: h, coverage: mask, opacity: opacity,
                            filter: .trilinear, separable: true, perspectiveReference: true)
                        var fast = destination
                        // The Swift lanes, and the AVX2 rows where this CPU has them.
                        for vector in vectorKinds {
                            fast = destination
                            Painter.drawTexture(
                                &fast, texture, deviceToTexture: h, coverage: mask, opacity: opacity,
                                filter: .trilinear, separable: true, perspectiveReference: false,
                                vector: vector)
                            let same = fast == reference
                            expect(
                                same,
                                "\(texture.width)x\(texture.height) scale \(scale) angle \(angle) opacity \(opacity) vector \(vector)"
                            )
                        }
                        if fast != destination { drawn += 1 }
                    }
                }
                // Which levels the pixels read (from the scalar rule), to show both kinds ran.
                texture.withSampler { s in
                    for (x, y) in [(10.5, 44.5), (61.5, 44.5), (110.5, 44.5)] {
                        let lod = LevelOfDetail.footprint(h.texelMap, x, y).lod.x
                        levels.insert(String("\(s.plan(lod: lod))".prefix(5)))
                    }
                }
            }
        }
    }
    expect(levels == ["level", "blend"])
    expect(drawn > 200)

    // Across the horizon: the covered box straddles W = 0, and the side the first covered pixel
    // is not on is skipped by both.
    let texture = textures[1]
    let h = coverFlow(texture, scale: 4, angle: 1.53, centre: (60, 45))
    let horizon = -(h.m23 * 45 + h.m33) / h.m13
    expect(horizon > 70 && horizon < 90)
    for mask in masks {
        var reference = destination
        Painter.drawTexture(
            &reference, texture, deviceToTexture: h, coverage: mask, opacity: 255, filter: .trilinear,
            separable: true, perspectiveReference: true)
        var fast = destination
        for vector in vectorKinds {
            fast = destination
            Painter.drawTexture(
                &fast, texture, deviceToTexture: h, coverage: mask, opacity: 255, filter: .trilinear,
                separable: true, perspectiveReference: false, vector: vector)
            let same = fast == reference
            expect(same, "vector \(vector)")
        }
        expect(fast != destination)
        // The first covered pixel lies left of the horizon, so the pixels right of it are
        // behind the eye and keep the destination.
        for y in 10..<80 {
            for x in (Int(horizon) + 2)..<120 where mask[x, y] != 0 {
                expect(fast[x, y] == destination[x, y])
            }
        }
    }
}

/// The level of detail in lanes (CFrameGenKernels' one definition, bit tricks included) is, on each
/// lane, the plain scalar formula below (Swift's `max`, the exponent converted as an integer), NaN,
/// infinities and the edges of the magnified range included; the lane fixed coordinate is `Int`
/// of the scalar one.
@Test func perspectiveLaneArithmeticMatchesTheScalar() {
    func fastLog2(_ x: Double) -> Double {
        let bits = x.bitPattern
        let e = Int((bits >> 52) & 0x7FF) - 1023
        let f = Double(bitPattern: (bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000) - 1
        return Double(e) + f * (1.3465552 - 0.34655524 * f)
    }
    func lod(_ dux: Double, _ dvx: Double, _ duy: Double, _ dvy: Double) -> Double {
        let r2 = max(dux * dux + dvx * dvx, duy * duy + dvy * dvy)
        return r2 > 2 && r2.isFinite ? 0.5 * fastLog2(r2) - 0.5 : 0
    }
    var r = Bytes(state: 21)
    func value() -> Double {
        switch r.next() {
        case 0..<8: return .nan
        case 8..<16: return .infinity
        case 16..<24: return 0
        case 24..<40: return 2.0.squareRoot()
        case 40..<48: return 1
        default:
            let m = Double(UInt32(r.next()) << 8 | UInt32(r.next())) / 65536
            return (r.next() < 128 ? -1 : 1) * m * Double(1 << Int(r.next() % 12))
        }
    }
    for _ in 0..<4000 {
        let d = (0..<4).map { _ in PerspectiveSpans.Lanes(value(), value(), value(), value()) }
        let lanes = ckernels_level_of_detail(d[0], d[1], d[2], d[3])
        for i in 0..<4 {
            let scalar = lod(d[0][i], d[1][i], d[2][i], d[3][i])
            expect(lanes[i].bitPattern == scalar.bitPattern, "\(d.map { $0[i] })")
        }
        let x = PerspectiveSpans.Lanes(value(), value(), value(), value()) * 300
        let size = Double(r.next()) + 1
        let fixed = PerspectiveSpans.fixed(x, PerspectiveSpans.Lanes(repeating: size))
        for i in 0..<4 {
            let c = x[i] > -1 ? (x[i] < size ? x[i] : size) : -1
            expect(fixed[i] == Int64(c * 4096 + 4096.5), "\(x[i])")
        }
    }
    // fastLog2's own edge: every binade boundary and its neighbours.
    for e in -1022...1023 {
        let p = Double(sign: .plus, exponent: e, significand: 1)
        let v = PerspectiveSpans.Lanes(p, p.nextUp, p.nextDown, p * 1.75)
        let lanes = ckernels_fast_log2(v)
        for i in 0..<4 { expect(lanes[i].bitPattern == fastLog2(v[i]).bitPattern) }
    }
}

/// The perspective loops to test: the portable Swift lanes, and the AVX2 rows where they run.
private let vectorKinds = InstructionSet.cpu >= .avx2 ? [false, true] : [false]
