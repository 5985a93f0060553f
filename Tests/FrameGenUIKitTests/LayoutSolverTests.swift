import TestTiers
import Testing

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

// The Cassowary engine under Auto Layout (docs/uikit.md "Auto Layout").

private func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

@Test func solverSatisfiesRequiredEqualitiesAndInequalities() {
    var s = LayoutSolver()
    let left = s.newVariable()
    let width = s.newVariable()
    let right = s.newVariable()
    // right == left + width; left == 8; width == 100; right <= 200
    expect(s.add([(right, 1), (left, -1), (width, -1)], constant: 0, .equal, weight: nil) != nil)
    expect(s.add([(left, 1)], constant: -8, .equal, weight: nil) != nil)
    expect(s.add([(width, 1)], constant: -100, .equal, weight: nil) != nil)
    expect(s.add([(right, 1)], constant: -200, .lessThanOrEqual, weight: nil) != nil)
    expect(near(s.value(of: left), 8) && near(s.value(of: width), 100) && near(s.value(of: right), 108))
}

@Test func anInequalityBoundsAnOptionalPreference() {
    var s = LayoutSolver()
    let x = s.newVariable()
    _ = s.add([(x, 1)], constant: -50, .greaterThanOrEqual, weight: nil)  // x >= 50
    _ = s.add([(x, 1)], constant: -10, .equal, weight: 250)  // x == 10, optional
    expect(near(s.value(of: x), 50))
    var t = LayoutSolver()
    let y = t.newVariable()
    _ = t.add([(y, 1)], constant: -50, .lessThanOrEqual, weight: nil)  // y <= 50
    _ = t.add([(y, 1)], constant: -10, .equal, weight: 250)
    expect(near(t.value(of: y), 10))
}

/// Apple's Auto Layout Guide: the engine "attempts to satisfy all the constraints in priority
/// order from highest to lowest". A priority outranks any number of lower ones: one wish at 750
/// holds against five at 250 that it breaks (weighted by their priorities, the five would win,
/// 1,250 to 750), whichever order they come in, and again in a re-solve after a constant
/// changes. The lower ones are then as well satisfied as the higher ones allow.
@Test func aPriorityOutranksAnyNumberOfLowerOnes() {
    for highFirst in [true, false] {
        var s = LayoutSolver()
        let x = s.newVariable()
        var high: LayoutSolver.ConstraintID?
        // x >= 180, wished at 750.
        func addHigh() { high = s.add([(x, 1)], constant: -180, .greaterThanOrEqual, weight: 750) }
        if highFirst { addHigh() }
        for i in 0..<5 {
            // x == 120 + i, wished at 250.
            _ = s.add([(x, 1)], constant: -120 - Double(i), .equal, weight: 250)
        }
        if !highFirst { addHigh() }
        expect(near(s.value(of: x), 180), "\(s.value(of: x))")
        expect(s.isDetermined(x))
        // x >= 100 now: the five lower wishes settle x at their median.
        expect(s.setConstant(high!, -100))
        expect(near(s.value(of: x), 122), "\(s.value(of: x))")
        expect(s.isDetermined(x))
    }
}

@Test func aRequiredConstraintBeatsAnOptionalOneAndTheHigherPriorityWins() {
    var s = LayoutSolver()
    let x = s.newVariable()
    _ = s.add([(x, 1)], constant: -30, .equal, weight: 999)
    _ = s.add([(x, 1)], constant: -70, .equal, weight: nil)
    expect(near(s.value(of: x), 70))
    for order in [false, true] {
        var t = LayoutSolver()
        let y = t.newVariable()
        let high = [(variable: y, coefficient: 1.0)]
        if order {
            _ = t.add(high, constant: -30, .equal, weight: 250)
            _ = t.add(high, constant: -70, .equal, weight: 750)
        } else {
            _ = t.add(high, constant: -70, .equal, weight: 750)
            _ = t.add(high, constant: -30, .equal, weight: 250)
        }
        expect(near(t.value(of: y), 70))
    }
}

@Test func anUnsatisfiableRequiredConstraintIsRefusedAndTheRestHold() {
    var s = LayoutSolver()
    let x = s.newVariable()
    let y = s.newVariable()
    expect(s.add([(x, 1)], constant: -10, .equal, weight: nil) != nil)
    expect(s.add([(y, 1), (x, -1)], constant: -5, .greaterThanOrEqual, weight: nil) != nil)  // y >= x + 5
    expect(s.add([(y, 1)], constant: -20, .lessThanOrEqual, weight: nil) != nil)  // y <= 20
    expect(s.add([(y, 1)], constant: -3, .equal, weight: nil) == nil)  // y == 3
    expect(s.add([(x, 1)], constant: -30, .greaterThanOrEqual, weight: nil) == nil)  // x >= 30
    expect(s.add([(y, 1)], constant: -100, .equal, weight: 1) != nil)  // y == 100, optional
    expect(near(s.value(of: x), 10) && near(s.value(of: y), 20))
    // A redundant required equality is kept, and one contradicting it refused.
    expect(s.add([(x, 2)], constant: -20, .equal, weight: nil) != nil)
    expect(s.add([(x, 2)], constant: -22, .equal, weight: nil) == nil)
}

/// A small random system of a cell's kind: positions and sizes tied by required and optional
/// equalities and inequalities.
private struct RandomSystem {
    var constraints: [([(variable: Int, coefficient: Double)], Double, LayoutSolver.Relation, Double?)] = []
    let variables: Int

    init(seed: UInt64, variables: Int, count: Int) {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        self.variables = variables
        for _ in 0..<count {
            let a = next() % variables
            let b = next() % variables
            let relation: LayoutSolver.Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][next() % 3]
            let weights: [Double?] = [nil, nil, 250, 750, 1]
            let weight = weights[next() % weights.count]
            var terms = [(variable: a, coefficient: 1.0)]
            if b != a { terms.append((b, -Double(next() % 3) / 2)) }
            constraints.append((terms, -Double(next() % 200), relation, weight))
        }
    }

    func solve(_ constants: [Double]) -> (LayoutSolver, [LayoutSolver.ConstraintID?]) {
        var s = LayoutSolver()
        for _ in 0..<variables { _ = s.newVariable() }
        var ids: [LayoutSolver.ConstraintID?] = []
        for (c, k) in zip(constraints, constants) { ids.append(s.add(c.0, constant: k, c.2, weight: c.3)) }
        return (s, ids)
    }
}

/// The objective a solution reaches: the weighted errors of the optional constraints.
private func cost(_ system: RandomSystem, _ constants: [Double], _ s: LayoutSolver, kept: [Bool]) -> Double {
    var total = 0.0
    for (i, c) in system.constraints.enumerated() where kept[i] {
        let v = c.0.reduce(constants[i]) { $0 + $1.coefficient * s.value(of: $1.variable) }
        let error: Double
        switch c.2 {
        case .equal: error = abs(v)
        case .greaterThanOrEqual: error = max(0, -v)
        case .lessThanOrEqual: error = max(0, v)
        }
        if let w = c.3 {
            total += w * error
        } else {
            expect(error < 1e-6, "required constraint \(i) broken")
        }
    }
    return total
}

@Test func changingConstantsIncrementallyReachesTheSameOptimumAsSolvingAfresh() {
    var compared = 0
    for seed in 1...300 as ClosedRange<UInt64> {
        let system = RandomSystem(seed: seed, variables: 4, count: 8)
        let start = system.constraints.map(\.1)
        var (solver, ids) = system.solve(start)
        var constants = start
        // Move two constants, as a cell's new bounds move its edges' constraints.
        for (n, i) in [seed % 8, (seed / 8) % 8].map({ Int($0) }).enumerated() {
            guard let id = ids[i] else { continue }
            constants[i] += n == 0 ? 37 : -23
            guard solver.setConstant(id, constants[i]) else {
                solver = system.solve(constants).0
                ids = system.solve(constants).1
                continue
            }
        }
        let fresh = system.solve(constants)
        // Where both keep the same constraints, both are optimal: the same cost.
        let keptIncremental = ids.map { $0 != nil }
        guard keptIncremental == fresh.1.map({ $0 != nil }) else { continue }
        let a = cost(system, constants, solver, kept: keptIncremental)
        let b = cost(system, constants, fresh.0, kept: keptIncremental)
        expect(abs(a - b) < 1e-6, "seed \(seed): \(a) incrementally, \(b) afresh")
        compared += 1
    }
    expect(compared > 200)
}
