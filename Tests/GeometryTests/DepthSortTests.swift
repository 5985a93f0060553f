import TestTiers
import Testing

@testable import FrameGenGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A w x h sibling centred at (x, y, z), turned by `angle` about the y axis.
private func placed(
    _ w: Double, _ h: Double, at x: Double, _ y: Double, z: Double = 0, turned angle: Double = 0
) -> Transform3D {
    Transform3D.makeTranslation(-w / 2, -h / 2, 0)
        .concatenating(.makeRotation(angle, 0, 1, 0))
        .concatenating(.makeTranslation(x, y, z))
}

/// The point (u, v) of a sibling in the sorting space.
private func point(_ m: Transform3D, _ u: Double, _ v: Double) -> SIMD3<Double> {
    let q = SIMD4(
        u * m.m11 + v * m.m21 + m.m41, u * m.m12 + v * m.m22 + m.m42, u * m.m13 + v * m.m23 + m.m43,
        u * m.m14 + v * m.m24 + m.m44)
    return SIMD3(q.x, q.y, q.z) / q.w
}

private func keeps(_ piece: DepthSort.Piece, _ u: Double, _ v: Double) -> Bool {
    piece.cuts.allSatisfy { $0.keeps($0.line.x * u + $0.line.y * v + $0.line.z) }
}

@Suite struct DepthSortTests {
    let size = Size(width: 100, height: 60)

    @Test func siblingsParallelToTheScreenKeepTheGivenOrder() {
        // Turned in the screen's plane, at different depths, given out of depth order.
        let maps = [
            placed(100, 60, at: 50, 50, z: 5),
            .makeRotation(0.4, 0, 0, 1).concatenating(.makeTranslation(60, 40, 0)),
        ]
        expect(DepthSort.order(maps: maps, sizes: [size, size]) == nil)
    }

    @Test func aSiblingBehindAnotherIsPaintedFirstWhateverTheGivenOrder() throws {
        // The turned one is nearer at every point (z ≥ 100 − 50 sin 0.5 > 0); the flat one is
        // given first-to-last as the nearer.
        let maps = [placed(100, 60, at: 50, 50, z: 100, turned: 0.5), placed(100, 60, at: 60, 40, z: 0)]
        let order = try #require(DepthSort.order(maps: maps, sizes: [size, size]))
        expect(order.pieces == [DepthSort.Piece(index: 1), DepthSort.Piece(index: 0)])
    }

    @Test func crossingSiblingsAreCutAlongTheLineWhereTheyMeet() throws {
        // Two cards turned opposite ways about the same centre: they cross along the vertical
        // line through it, u = 50 on each.
        let maps = [placed(100, 60, at: 50, 30, turned: 0.6), placed(100, 60, at: 50, 30, turned: -0.6)]
        let order = try #require(DepthSort.order(maps: maps, sizes: [size, size]))
        // The first is the splitter; the second is cut in two and painted on either side of it.
        expect(order.pieces.map(\.index) == [1, 0, 1])
        let (far, near) = (order.pieces[0], order.pieces[2])
        expect(far.cuts.count == 1 && near.cuts.count == 1)
        let line = far.cuts[0].line
        // The cut is the line u = 50 of the second card (its v term vanishes).
        expect(abs(line.y) < 1e-9 * abs(line.x))
        expect(abs(-line.z / line.x - 50) < 1e-9)
        // Each half goes with its depth: the far piece's points lie behind the first card's
        // plane there (a smaller z at the same x), the near piece's in front.
        for (piece, nearer) in [(far, false), (near, true)] {
            let u = keeps(piece, 25, 30) ? 25.0 : 75.0
            expect(keeps(piece, u, 30) && !keeps(piece, 100 - u, 30))
            let p = point(maps[1], u, 30)
            // The first card's depth at the same x: its points are (x0 + s cos a, z = -s sin a).
            let s = (p.x - 50) / cos(0.6)
            let zFirst = -s * sin(0.6)
            expect((p.z > zFirst) == nearer, "piece \(piece)")
        }
        // Interiors lie inside each card.
        for i in 0..<2 {
            let c = try #require(order.interiors[i])
            expect(abs(c.x - 50) < 1e-9 && abs(c.y - 30) < 1e-9)
        }
    }

    @Test func theTwoPiecesOfACutShareNoPointAndLeaveNoneOut() throws {
        let maps = [placed(100, 60, at: 50, 30, turned: 0.6), placed(100, 60, at: 50, 30, turned: -0.6)]
        let order = try #require(DepthSort.order(maps: maps, sizes: [size, size]))
        let (far, near) = (order.pieces[0], order.pieces[2])
        for u in stride(from: 0.0, through: 100, by: 0.25) {
            expect(keeps(far, u, 10) != keeps(near, u, 10), "u \(u)")
        }
    }

    @Test func perspectiveSortsAfterTheDivide() throws {
        // A view's sublayerTransform with an eye 300 points away: the turned sibling's left
        // half comes toward the eye, past a flat one at z 10, and is cut there.
        var eye = Transform3D.identity
        eye.m34 = -1.0 / 300
        let maps = [
            placed(100, 60, at: 50, 30, z: 10).concatenating(eye),
            placed(100, 60, at: 50, 30, turned: -0.8).concatenating(eye),
        ]
        let order = try #require(DepthSort.order(maps: maps, sizes: [size, size]))
        expect(order.pieces.map(\.index) == [1, 0, 1])
    }

    @Test func aSiblingBehindTheEyeTakesNoPart() throws {
        var eye = Transform3D.identity
        eye.m34 = -1.0 / 100
        let maps = [
            placed(100, 60, at: 50, 30, z: 500).concatenating(eye),
            placed(100, 60, at: 50, 30, turned: 0.5).concatenating(eye),
        ]
        let order = try #require(DepthSort.order(maps: maps, sizes: [size, size]))
        expect(order.interiors[0] == nil)
        expect(order.pieces.map(\.index).sorted() == [0, 1])
    }

    @Test func hugeNumbersEndTheSortWithEverySiblingPainted() throws {
        // At 1e150 points rounding passes any fixed tolerance: a plane's own corners are off it.
        let maps = [
            placed(100, 60, at: 1e150, -3e149, turned: 0.7), placed(100, 60, at: 50, 30, turned: -0.4),
            placed(1e140, 60, at: 7e149, 30, z: 1e148, turned: 1.1),
        ]
        let order = try #require(
            DepthSort.order(maps: maps, sizes: [size, size, Size(width: 1e140, height: 60)]))
        expect(Set(order.pieces.map(\.index)) == Set(0..<3))
    }

    @Test func cutsStopAtTheLimitAndEverySiblingIsStillPainted() throws {
        // Forty cards through one point at angles of every kind cross each other everywhere.
        var maps: [Transform3D] = []
        for k in 0..<40 {
            maps.append(
                Transform3D.makeTranslation(-50, -30, 0)
                    .concatenating(.makeRotation(Double(k) * 0.37, 0, 1, 0))
                    .concatenating(.makeRotation(Double(k) * 0.11, 1, 0, 0))
                    .concatenating(.makeTranslation(50, 30, 0)))
        }
        let order = try #require(DepthSort.order(maps: maps, sizes: Array(repeating: size, count: 40)))
        expect(order.pieces.count <= 40 + DepthSort.cutLimit)
        expect(Set(order.pieces.map(\.index)) == Set(0..<40))
    }
}
