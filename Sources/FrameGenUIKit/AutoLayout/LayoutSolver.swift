import Foundation

/// Auto Layout's engine: an incremental Cassowary solver (Badros, Borning and Stuckey, "The
/// Cassowary linear arithmetic constraint solving algorithm", ACM TOCHI 2001), written from the
/// paper. Linear equalities and inequalities over unrestricted variables; a required
/// constraint must hold, an optional one adds its error to the objective at its priority's
/// level. The objective is the paper's symbolic weight: a vector with a component per priority,
/// compared from the highest priority down, so that a constraint is satisfied as well as it can
/// be before any of lower priority is considered, however many of those there are (Apple: "Auto
/// Layout attempts to satisfy all the constraints in priority order from highest to lowest"; a
/// vertical stack of five buttons is as wide as its widest, whose compression resistance at 750
/// outweighs four narrower ones hugging at 250). The primal simplex minimises it.
///
/// The tableau is dense (a row per basic symbol, a column per symbol): a cell's system has a few
/// dozen symbols, and dense rows pivot without hashing or allocating. Changing a constraint's
/// constant (a cell's new bounds, a new `constant`) re-solves from the last optimum with the
/// dual simplex, as section 3.6 of the paper does for edit constraints.
struct LayoutSolver {
    enum Relation: Sendable { case lessThanOrEqual, equal, greaterThanOrEqual }

    /// A constraint the solver holds, by the order it was added.
    struct ConstraintID: Hashable, Sendable { let index: Int }

    private enum Kind: UInt8 { case external, slack, error, dummy }

    private struct Added {
        var constant: Double
        /// +1 when the row was built from the expression, -1 when from its negation (<=).
        var sign: Double
        /// The symbol only this constraint has: its slack, positive error or dummy.
        var marker: Int
        /// The marker's coefficient in the row as built.
        var markerCoefficient: Double
    }

    private static let epsilon = 1e-9
    /// Bland's rule ends every simplex; this bounds it should rounding ever defeat the rule.
    private static let pivotLimit = 100_000

    private var kinds: [Kind] = []
    /// The row where each symbol is basic, or -1.
    private var rowOf: [Int] = []
    private var basic: [Int] = []
    private var constants: [Double] = []
    /// Row-major, `stride` columns a row; a row reads basic = constant + Σ coefficient · symbol.
    private var matrix: [Double] = []
    private var stride = 0
    /// The objective's reduced costs, a row per priority level (highest first, `levels`), each
    /// as wide as the tableau.
    private var objective: [[Double]] = []
    /// The optional priorities' weights the objective has a level for, highest first.
    private var levels: [Double] = []
    private var added: [Added] = []

    var variableCount: Int { kinds.count }

    package init() {}

    /// A new unrestricted variable, 0 until constrained.
    mutating func newVariable() -> Int { newSymbol(.external) }

    /// The variable's value at the current optimum.
    package func value(of variable: Int) -> Double {
        let row = rowOf[variable]
        return row < 0 ? 0 : constants[row]
    }

    /// Whether the constraints fix the variable: it is basic, and nothing its row moves with can
    /// move without breaking a required constraint or losing the optimum (an unrestricted
    /// variable left free, or a slack or error the objective does not price and no row at its
    /// bound holds back). Where this is false, the value is one of many equally good ones:
    /// UIKit's `hasAmbiguousLayout`.
    package func isDetermined(_ variable: Int) -> Bool {
        let r = rowOf[variable]
        guard r >= 0 else { return false }
        for j in 0..<kinds.count where rowOf[j] < 0 && abs(matrix[r * stride + j]) > Self.epsilon {
            switch kinds[j] {
            case .external: return false
            case .slack, .error:
                if costSign(j, of: objective) == 0 && canIncrease(j) {
                    return false
                }
            case .dummy: continue
            }
        }
        return true
    }

    /// Whether the non-basic restricted symbol can rise above 0: no restricted basic symbol
    /// already at 0 falls as it rises (a degenerate row holds it where it is).
    private func canIncrease(_ symbol: Int) -> Bool {
        for r in 0..<basic.count where kinds[basic[r]] != .external {
            if matrix[r * stride + symbol] < -Self.epsilon && constants[r] <= Self.epsilon { return false }
        }
        return true
    }

    /// Adds `Σ terms + constant  relation  0`, required when `weight` is nil. Answers nil and
    /// leaves the solver as it was when a required constraint cannot hold with those already
    /// added (UIKit breaks one then; the caller says which and warns).
    package mutating func add(
        _ terms: [(variable: Int, coefficient: Double)], constant: Double, _ relation: Relation,
        weight: Double?
    ) -> ConstraintID? {
        let sign: Double = relation == .lessThanOrEqual ? -1 : 1
        var row = [Double](repeating: 0, count: kinds.count)
        var c = sign * constant
        for term in terms where term.coefficient != 0 {
            let k = sign * term.coefficient
            let r = rowOf[term.variable]
            if r < 0 {
                row[term.variable] += k
            } else {
                c += k * constants[r]
                for j in 0..<row.count { row[j] += k * matrix[r * stride + j] }
            }
        }
        // The symbols of the constraint's own: the slack that makes an inequality an
        // equality, the errors an optional constraint may take, a dummy that marks a
        // required equality.
        let marker: Int
        let markerCoefficient: Double
        var other = -1
        var errors: [Int] = []
        if relation == .equal {
            if weight == nil {
                marker = newSymbol(.dummy, extending: &row)
                markerCoefficient = 1
                row[marker] = 1
            } else {
                marker = newSymbol(.error, extending: &row)
                other = newSymbol(.error, extending: &row)
                markerCoefficient = -1
                row[marker] = -1
                row[other] = 1
                errors = [marker, other]
            }
        } else {
            marker = newSymbol(.slack, extending: &row)
            markerCoefficient = -1
            row[marker] = -1
            if weight != nil {
                other = newSymbol(.error, extending: &row)
                row[other] = 1
                errors = [other]
            }
        }
        if c < 0 {
            c = -c
            for j in 0..<row.count { row[j] = -row[j] }
        }
        if let weight, !errors.isEmpty {
            let level = level(for: weight)
            for e in errors { addToObjective(e, level: level) }
        }

        let id = ConstraintID(index: added.count)
        added.append(
            Added(constant: constant, sign: sign, marker: marker, markerCoefficient: markerCoefficient))
        if let subject = chooseSubject(row, marker: marker, other: other, terms: terms.map(\.variable)) {
            insertRow(row, constant: c, solvingFor: subject)
        } else if allDummies(row) {
            // Redundant when the constant is zero: the dummy stays basic at 0.
            // Otherwise refused; its new columns stay, in no row, and change nothing.
            guard abs(c) < Self.epsilon else { return nil }
            insertRow(row, constant: c, solvingFor: marker)
        } else {
            // Only this path changes the tableau before it knows whether the constraint can hold.
            let saved = self
            if !addWithArtificialVariable(row, constant: c) {
                self = saved
                return nil
            }
        }
        optimize()
        return id
    }

    /// Sets a constraint's constant and re-solves from the current optimum. Answers false when
    /// the required constraints cannot all hold with it (the solver is then unusable: rebuild
    /// it, breaking constraints as `add` does).
    mutating func setConstant(_ id: ConstraintID, _ constant: Double) -> Bool {
        let info = added[id.index]
        let delta = constant - info.constant
        guard delta != 0 else { return true }
        added[id.index].constant = constant
        // The row as built read 0 = k + μ·m + R; with k grown by dk = sign·delta it reads
        // 0 = k + dk + μ·m' + R, the same system under m = m' + dk/μ, and m' is restricted as m
        // was: substitute, and the marker's column stands for m' from now on.
        let shift = info.sign * delta / info.markerCoefficient
        var infeasible = false
        let r = rowOf[info.marker]
        if r >= 0 {
            constants[r] -= shift
            if kinds[info.marker] == .dummy {
                // A redundant required equality that no longer agrees with the others.
                if abs(constants[r]) > Self.epsilon { return false }
            } else {
                infeasible = constants[r] < 0
            }
        } else {
            for row in 0..<basic.count {
                let a = matrix[row * stride + info.marker]
                guard a != 0 else { continue }
                constants[row] += a * shift
                if constants[row] < 0 && kinds[basic[row]] != .external { infeasible = true }
            }
        }
        if infeasible { return dualOptimize() }
        return true
    }

    // MARK: The tableau

    private mutating func newSymbol(_ kind: Kind) -> Int {
        let symbol = kinds.count
        kinds.append(kind)
        rowOf.append(-1)
        for l in objective.indices { objective[l].append(0) }
        if symbol >= stride {
            let newStride = Swift.max(16, stride * 2)
            var grown = [Double](repeating: 0, count: basic.count * newStride)
            for r in 0..<basic.count {
                for j in 0..<stride { grown[r * newStride + j] = matrix[r * stride + j] }
            }
            matrix = grown
            stride = newStride
        }
        return symbol
    }

    /// A new column; `row`, a row being built, grows with it.
    private mutating func newSymbol(_ kind: Kind, extending row: inout [Double]) -> Int {
        row.append(0)
        return newSymbol(kind)
    }

    /// The objective's level for an optional priority's weight, made (between the levels above
    /// and below it, all zero) on its first use.
    private mutating func level(for weight: Double) -> Int {
        if let found = levels.firstIndex(of: weight) { return found }
        let at = levels.firstIndex { $0 < weight } ?? levels.count
        levels.insert(weight, at: at)
        objective.insert([Double](repeating: 0, count: kinds.count), at: at)
        return at
    }

    private mutating func addToObjective(_ symbol: Int, level l: Int) {
        let r = rowOf[symbol]
        if r < 0 {
            objective[l][symbol] += 1
        } else {
            for j in 0..<kinds.count { objective[l][j] += matrix[r * stride + j] }
        }
    }

    /// The sign of a symbol's reduced cost in `costs`: its first level (from the highest
    /// priority) that is not zero decides, as the paper compares symbolic weights.
    private func costSign(_ j: Int, of costs: [[Double]]) -> Int {
        for level in costs {
            let c = level[j]
            if c < -Self.epsilon { return -1 }
            if c > Self.epsilon { return 1 }
        }
        return 0
    }

    /// Substitutes row `base / stride` of `matrix` (its basic symbol now `entering`) for
    /// `entering` in each of `costs`.
    private static func substitute(
        _ matrix: [Double], base: Int, count: Int, entering: Int, into costs: inout [[Double]]
    ) {
        matrix.withUnsafeBufferPointer { m in
            for l in costs.indices {
                let b = costs[l][entering]
                guard b != 0 else { continue }
                costs[l][entering] = 0
                costs[l].withUnsafeMutableBufferPointer { o in
                    for j in 0..<count { o[j] += b * m[base + j] }
                }
            }
        }
    }

    /// The constraint's first item is solved for where it can be (`terms` in the constraint's
    /// order), so that a view left unplaced by an ambiguous layout stays where UIKit leaves it:
    /// a cell's content view that only a centred subview mentions stays at the cell's origin.
    private func chooseSubject(_ row: [Double], marker: Int, other: Int, terms: [Int]) -> Int? {
        for j in terms where row[j] != 0 && kinds[j] == .external { return j }
        for (j, a) in row.enumerated() where a != 0 && kinds[j] == .external { return j }
        for s in [marker, other] where s >= 0 && kinds[s] != .dummy && row[s] < 0 { return s }
        return nil
    }

    private func allDummies(_ row: [Double]) -> Bool {
        row.indices.allSatisfy { row[$0] == 0 || kinds[$0] == .dummy }
    }

    /// Solves 0 = c + Σ row·symbol for `subject`, substitutes it out of the other rows and the
    /// objective, and makes it basic.
    private mutating func insertRow(_ row: [Double], constant c: Double, solvingFor subject: Int) {
        let r = basic.count
        basic.append(subject)
        constants.append(c)
        matrix.append(contentsOf: repeatElement(0, count: stride))
        for j in 0..<row.count { matrix[r * stride + j] = row[j] }
        rowOf[subject] = r
        pivot(row: r, entering: subject, solvingInPlace: true)
    }

    /// Makes `entering` basic in row `r` in place of the row's basic symbol, and substitutes it
    /// out of every other row and the objective. With `solvingInPlace`, the row is an equation
    /// 0 = c + Σ a·s (a new constraint) rather than basic = c + Σ a·s.
    private mutating func pivot(row r: Int, entering: Int, solvingInPlace: Bool = false) {
        let count = kinds.count
        let stride = self.stride
        let leaving = basic[r]
        matrix.withUnsafeMutableBufferPointer { m in
            let base = r * stride
            if !solvingInPlace {
                // leaving = c + a·entering + ... reads 0 = c − leaving + a·entering + ...
                m[base + leaving] = -1
            }
            let a = m[base + entering]
            let scale = -1 / a
            m[base + entering] = 0
            for j in 0..<count { m[base + j] *= scale }
            constants[r] *= scale
            for other in 0..<basic.count where other != r {
                let o = other * stride
                let b = m[o + entering]
                guard b != 0 else { continue }
                m[o + entering] = 0
                for j in 0..<count { m[o + j] += b * m[base + j] }
                constants[other] += b * constants[r]
            }
        }
        Self.substitute(matrix, base: r * stride, count: count, entering: entering, into: &objective)
        if !solvingInPlace { rowOf[leaving] = -1 }
        basic[r] = entering
        rowOf[entering] = r
    }

    /// Section 3.3 of the paper: minimise an artificial variable equal to the row; the
    /// constraint can hold when the minimum is zero.
    private mutating func addWithArtificialVariable(_ row: [Double], constant c: Double) -> Bool {
        var extended = row
        let artificial = newSymbol(.slack, extending: &extended)
        let r = basic.count
        basic.append(artificial)
        constants.append(c)
        matrix.append(contentsOf: repeatElement(0, count: stride))
        for j in 0..<row.count { matrix[r * stride + j] = row[j] }
        rowOf[artificial] = r
        // The artificial objective is the row itself; it is pivoted with the rest by keeping it
        // as the real objective for the while, the real one in a row of its own.
        let realObjective = objective
        var artificialObjective = [Double](repeating: 0, count: kinds.count)
        for j in 0..<row.count { artificialObjective[j] = row[j] }
        objective = [artificialObjective]
        optimize(carrying: realObjective)
        // The artificial objective's minimum is the artificial variable's value there.
        guard abs(value(ofSymbol: artificial)) < 1e-7 else { return false }
        if rowOf[artificial] >= 0 {
            let ar = rowOf[artificial]
            let entering = (0..<kinds.count).first { j in
                matrix[ar * stride + j] != 0 && (kinds[j] == .slack || kinds[j] == .error)
            }
            if let entering {
                pivot(row: ar, entering: entering)
            } else {
                removeRow(ar)
            }
        }
        for row in 0..<basic.count { matrix[row * stride + artificial] = 0 }
        for l in objective.indices { objective[l][artificial] = 0 }
        kinds[artificial] = .dummy
        return true
    }

    private var carried: [[Double]] = []

    private func value(ofSymbol symbol: Int) -> Double {
        let r = rowOf[symbol]
        return r < 0 ? 0 : constants[r]
    }

    private mutating func removeRow(_ r: Int) {
        let last = basic.count - 1
        rowOf[basic[r]] = -1
        if r != last {
            basic[r] = basic[last]
            constants[r] = constants[last]
            for j in 0..<stride { matrix[r * stride + j] = matrix[last * stride + j] }
            rowOf[basic[r]] = r
        }
        basic.removeLast()
        constants.removeLast()
        matrix.removeLast(stride)
    }

    /// Optimises an artificial objective while the real one, in `carrying`, is kept in step.
    private mutating func optimize(carrying real: [[Double]]) {
        carried = real.map { $0 + repeatElement(0, count: kinds.count - $0.count) }
        optimize(alsoCarrying: true)
        objective = carried
        carried = []
    }

    /// The primal simplex: while some symbol would lower the objective, bring it into the
    /// basis, leaving by the row that bounds it first (lowest index on ties: Bland's rule).
    private mutating func optimize(alsoCarrying: Bool = false) {
        for _ in 0..<Self.pivotLimit {
            var entering = -1
            for j in 0..<kinds.count
            where rowOf[j] < 0 && kinds[j] != .dummy && costSign(j, of: objective) < 0 {
                entering = j
                break
            }
            guard entering >= 0 else { return }
            var leaving = -1
            var best = Double.infinity
            for r in 0..<basic.count where kinds[basic[r]] != .external {
                let a = matrix[r * stride + entering]
                guard a < -Self.epsilon else { continue }
                let ratio = -constants[r] / a
                if ratio < best - Self.epsilon
                    || (abs(ratio - best) <= Self.epsilon && basic[r] < basic[leaving])
                {
                    best = ratio
                    leaving = r
                }
            }
            // Unbounded: no optimum (an objective of non-negative errors never is).
            guard leaving >= 0 else { return }
            pivotCarrying(row: leaving, entering: entering, alsoCarrying)
        }
    }

    private mutating func pivotCarrying(row r: Int, entering: Int, _ carrying: Bool) {
        if carrying {
            pivot(row: r, entering: entering)
            Self.substitute(
                matrix, base: r * stride, count: kinds.count, entering: entering, into: &carried)
        } else {
            pivot(row: r, entering: entering)
        }
    }

    /// The dual simplex, after constants changed: while a restricted basic symbol is negative,
    /// bring in the symbol that keeps the objective optimal. False when none can (infeasible).
    private mutating func dualOptimize() -> Bool {
        for _ in 0..<Self.pivotLimit {
            var leaving = -1
            for r in 0..<basic.count
            where kinds[basic[r]] != .external && constants[r] < -Self.epsilon {
                if leaving < 0 || basic[r] < basic[leaving] { leaving = r }
            }
            guard leaving >= 0 else { return true }
            // The entering symbol's reduced costs over its coefficient, least by the levels in
            // order (the first that differs decides), keep every reduced cost non-negative.
            var entering = -1
            var bestA = 0.0
            for j in 0..<kinds.count where rowOf[j] < 0 && kinds[j] != .dummy {
                let a = matrix[leaving * stride + j]
                guard a > Self.epsilon else { continue }
                if entering < 0 || ratioIsLess(j, a, than: entering, bestA) {
                    entering = j
                    bestA = a
                }
            }
            guard entering >= 0 else { return false }
            pivot(row: leaving, entering: entering)
        }
        return false
    }

    private func ratioIsLess(_ j: Int, _ a: Double, than k: Int, _ b: Double) -> Bool {
        for level in objective {
            let x = level[j] / a
            let y = level[k] / b
            if x < y - Self.epsilon { return true }
            if x > y + Self.epsilon { return false }
        }
        return false
    }
}
