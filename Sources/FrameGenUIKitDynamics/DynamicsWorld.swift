import Foundation
import FrameGenUIKit

/// The state UIKit Dynamics integrates: each item's centre and velocity, in the animator's
/// coordinates (points, seconds). Behaviours add accelerations to `Forces`; `step(by:)` moves
/// the state with the classical fourth-order Runge-Kutta method (docs/uikit.md "UIKit Dynamics").
struct DynamicsWorld {
    /// The fixed step, in seconds: four per 60 Hz frame, so a step ends on every frame of a
    /// 30, 60, 120 or 240 fps scene. A spring of up to 4 Hz (springy layouts use 1 to 2) gets
    /// 60 steps per period, where Runge-Kutta's error stays under a thousandth of a point over
    /// seconds (Tests/FrameGenUIKitTests/DynamicsTests.swift).
    package static let step = 1.0 / 240
    /// The frequency of the spring that stands for a rod (an attachment of frequency 0):
    /// ω h = 0.63 at the step, well inside Runge-Kutta's stability bound (2.8).
    static let rodFrequency = 24.0
    /// At rest: every item slower than this (points per second) ...
    static let restSpeed = 0.25
    /// ... and pulled by less than this (points per second squared: 0.1 point from a 1 Hz
    /// spring's rest).
    static let restAcceleration = 4.0

    package var items: [UIDynamicItem] = []
    package var index: [ObjectIdentifier: Int] = [:]
    package var state = State()
    /// Mass (density times area, at least 1) and whether an item behaviour anchors it.
    var mass: [Double] = []
    var anchored: [Bool] = []
    /// Half the item's size, and its item behaviour's elasticity and friction (collisions).
    var half: [SIMD2<Double>] = []
    var elasticity: [Double] = []
    var friction: [Double] = []
    /// The normals (towards the item) of the contacts the last step's collisions found: an
    /// item pressed against them is held there, not accelerated (`isAtRest`).
    var contacts: [[SIMD2<Double>]] = []
    /// The animator's reference bounds when it last stepped (a collision boundary).
    var referenceBounds = CGRect.zero

    package struct State {
        package var x: [Double] = [], y: [Double] = [], vx: [Double] = [], vy: [Double] = []
    }

    mutating func track(_ item: UIDynamicItem) {
        let id = ObjectIdentifier(item)
        guard index[id] == nil else { return }
        index[id] = items.count
        items.append(item)
        state.x.append(Double(item.center.x))
        state.y.append(Double(item.center.y))
        state.vx.append(0)
        state.vy.append(0)
        mass.append(max(1, Double(item.bounds.width * item.bounds.height)))
        anchored.append(false)
        half.append(SIMD2(Double(item.bounds.width), Double(item.bounds.height)) / 2)
        elasticity.append(0)
        friction.append(0)
        contacts.append([])
    }

    /// The accelerations behaviours give to a state.
    struct Forces {
        package let index: [ObjectIdentifier: Int]
        package let s: State
        let mass: [Double]
        var ax: [Double], ay: [Double]

        package init(_ world: DynamicsWorld, _ s: State) {
            index = world.index
            self.s = s
            mass = world.mass
            ax = Array(repeating: 0, count: s.x.count)
            ay = ax
        }

        /// A damped spring from the item's centre to `p`: acceleration −ω² stretch − 2ζω
        /// speed, along the line when `length` > 0, in both axes at length 0.
        package mutating func spring(
            _ item: UIDynamicItem, to p: CGPoint, length: Double, omega: Double, zeta: Double
        ) {
            guard let i = index[ObjectIdentifier(item)] else { return }
            let dx = s.x[i] - Double(p.x), dy = s.y[i] - Double(p.y)
            if length == 0 {
                ax[i] -= omega * omega * dx + 2 * zeta * omega * s.vx[i]
                ay[i] -= omega * omega * dy + 2 * zeta * omega * s.vy[i]
                return
            }
            let d = (dx * dx + dy * dy).squareRoot()
            guard d > 0 else { return }
            let (nx, ny) = (dx / d, dy / d)
            let a = omega * omega * (d - length) + 2 * zeta * omega * (s.vx[i] * nx + s.vy[i] * ny)
            ax[i] -= a * nx
            ay[i] -= a * ny
        }

        /// A damped spring between two items, on their reduced mass, as Box2D's distance joint.
        package mutating func spring(
            _ a: UIDynamicItem, _ b: UIDynamicItem, length: Double, omega: Double, zeta: Double
        ) {
            guard let i = index[ObjectIdentifier(a)], let j = index[ObjectIdentifier(b)] else { return }
            let mu = mass[i] * mass[j] / (mass[i] + mass[j])
            let dx = s.x[i] - s.x[j], dy = s.y[i] - s.y[j]
            let (rvx, rvy) = (s.vx[i] - s.vx[j], s.vy[i] - s.vy[j])
            var (fx, fy): (Double, Double)
            if length == 0 {
                fx = mu * (omega * omega * dx + 2 * zeta * omega * rvx)
                fy = mu * (omega * omega * dy + 2 * zeta * omega * rvy)
            } else {
                let d = (dx * dx + dy * dy).squareRoot()
                guard d > 0 else { return }
                let (nx, ny) = (dx / d, dy / d)
                let f = mu * (omega * omega * (d - length) + 2 * zeta * omega * (rvx * nx + rvy * ny))
                (fx, fy) = (f * nx, f * ny)
            }
            ax[i] -= fx / mass[i]
            ay[i] -= fy / mass[i]
            ax[j] += fx / mass[j]
            ay[j] += fy / mass[j]
        }

        /// Linear damping: `rate` per second.
        package mutating func resist(_ item: UIDynamicItem, rate: Double) {
            guard let i = index[ObjectIdentifier(item)] else { return }
            ax[i] -= rate * s.vx[i]
            ay[i] -= rate * s.vy[i]
        }

        /// A push behaviour's force, on the item's mass.
        mutating func pushByForce(_ item: UIDynamicItem, _ push: UIPushBehavior) {
            guard let i = index[ObjectIdentifier(item)] else { return }
            let a = push.push(mass: mass[i])
            ax[i] += a.x
            ay[i] += a.y
        }

        mutating func push(_ item: UIDynamicItem, x: Double, y: Double) {
            guard let i = index[ObjectIdentifier(item)] else { return }
            ax[i] += x
            ay[i] += y
        }
    }

    func accelerations(_ s: State, _ behaviors: [UIDynamicBehavior]) -> (ax: [Double], ay: [Double]) {
        var forces = Forces(self, s)
        func add(_ b: UIDynamicBehavior) {
            b.accelerate(&forces)
            for child in b.childBehaviors { add(child) }
        }
        for b in behaviors { add(b) }
        for i in anchored.indices where anchored[i] {
            forces.ax[i] = 0
            forces.ay[i] = 0
        }
        return (forces.ax, forces.ay)
    }

    /// One Runge-Kutta step of `h` seconds.
    package mutating func step(by h: Double, _ behaviors: [UIDynamicBehavior]) {
        let n = state.x.count
        func moved(_ s: State, _ k: (vx: [Double], vy: [Double], ax: [Double], ay: [Double]), _ f: Double)
            -> State
        {
            var out = s
            for i in 0..<n {
                out.x[i] += k.vx[i] * f
                out.y[i] += k.vy[i] * f
                out.vx[i] += k.ax[i] * f
                out.vy[i] += k.ay[i] * f
            }
            return out
        }
        func derivative(_ s: State) -> (vx: [Double], vy: [Double], ax: [Double], ay: [Double]) {
            let a = accelerations(s, behaviors)
            return (s.vx, s.vy, a.ax, a.ay)
        }
        let before = state
        let k1 = derivative(state)
        let k2 = derivative(moved(state, k1, h / 2))
        let k3 = derivative(moved(state, k2, h / 2))
        let k4 = derivative(moved(state, k3, h))
        for i in 0..<n where !anchored[i] {
            state.x[i] += h / 6 * (k1.vx[i] + 2 * k2.vx[i] + 2 * k3.vx[i] + k4.vx[i])
            state.y[i] += h / 6 * (k1.vy[i] + 2 * k2.vy[i] + 2 * k3.vy[i] + k4.vy[i])
            state.vx[i] += h / 6 * (k1.ax[i] + 2 * k2.ax[i] + 2 * k3.ax[i] + k4.ax[i])
            state.vy[i] += h / 6 * (k1.ay[i] + 2 * k2.ay[i] + 2 * k3.ay[i] + k4.ay[i])
        }
        for i in contacts.indices where !contacts[i].isEmpty { contacts[i] = [] }
        func collide(_ b: UIDynamicBehavior) {
            b.collide(&self, before: before)
            for child in b.childBehaviors { collide(child) }
        }
        for b in behaviors { collide(b) }
    }

    func isAtRest(_ behaviors: [UIDynamicBehavior]) -> Bool {
        let a = accelerations(state, behaviors)
        /// What of `x` does not press into the item's contacts (those hold it).
        func free(_ x: SIMD2<Double>, _ i: Int) -> Double {
            var x = x
            for n in contacts[i] {
                let into = (x * n).sum()
                if into < 0 { x -= into * n }
            }
            return (x * x).sum().squareRoot()
        }
        for i in state.x.indices {
            let v = free(SIMD2(state.vx[i], state.vy[i]), i)
            let acc = free(SIMD2(a.ax[i], a.ay[i]), i)
            if v >= Self.restSpeed || acc >= Self.restAcceleration { return false }
        }
        return true
    }
}

// MARK: Collisions

extension DynamicsWorld {
    /// A boundary's straight piece.
    struct Segment {
        package var a: SIMD2<Double>
        package var b: SIMD2<Double>
    }

    /// Below this speed into a contact (points per second) a collision does not bounce, as
    /// Box2D's velocity threshold: a resting item stays at rest instead of trembling.
    static let bounceThreshold = 5.0

    private func position(_ i: Int) -> SIMD2<Double> { SIMD2(state.x[i], state.y[i]) }
    private func velocity(_ i: Int) -> SIMD2<Double> { SIMD2(state.vx[i], state.vy[i]) }

    private mutating func move(_ i: Int, by d: SIMD2<Double>) {
        state.x[i] += d.x
        state.y[i] += d.y
    }

    private mutating func accelerate(_ i: Int, by dv: SIMD2<Double>) {
        state.vx[i] += dv.x
        state.vy[i] += dv.y
    }

    /// Pushes item `i` out of the segment along the axis of least overlap (the segment's normal
    /// on the side the item came from, or an axis of the item's box at the segment's ends) and
    /// takes its speed into the segment: `elasticity` of it back, `friction` off the slide.
    package mutating func resolve(_ i: Int, against s: Segment, before: State, recording: Bool = true) {
        guard !anchored[i] else { return }
        let c = position(i)
        let r = half[i]
        let d = s.b - s.a
        let length = (d * d).sum().squareRoot()
        guard length > 0 else { return }
        var n = SIMD2(-d.y, d.x) / length
        // The side the item's centre was on before the step.
        if ((SIMD2(before.x[i], before.y[i]) - s.a) * n).sum() < 0 { n = -n }
        let reach = abs(n.x) * r.x + abs(n.y) * r.y
        var depth = reach - ((c - s.a) * n).sum()
        guard depth > -1e-9 else { return }
        var normal = n
        // The box's own axes: the segment's extent against the box's.
        for axis in [SIMD2(1.0, 0), SIMD2(0, 1.0)] {
            let lo = min((s.a * axis).sum(), (s.b * axis).sum())
            let hi = max((s.a * axis).sum(), (s.b * axis).sum())
            let centre = (c * axis).sum()
            let extent = (r * axis).sum()
            let overlap = min(centre + extent, hi) - max(centre - extent, lo)
            guard overlap > -1e-9 else { return }
            // Only a real edge-on contact (the segment not along this axis) turns the normal.
            if abs((n * axis).sum()) < 1 - 1e-9, overlap < depth {
                depth = overlap
                normal = centre > (lo + hi) / 2 ? axis : -axis
            }
        }
        if depth > 0 { move(i, by: normal * depth) }
        if recording { contacts[i].append(normal) }
        let v = velocity(i)
        let vn = (v * normal).sum()
        guard vn < 0 else { return }
        let e = -vn < Self.bounceThreshold ? 0 : elasticity[i]
        let jn = -(1 + e) * vn
        var dv = normal * jn
        let tangent = v - normal * vn
        let slide = (tangent * tangent).sum().squareRoot()
        if slide > 0 { dv -= tangent / slide * min(slide, friction[i] * jn) }
        accelerate(i, by: dv)
    }

    /// Separates two items' boxes along the axis of least overlap, in inverse proportion to
    /// their masses, and exchanges momentum along it: elasticity the larger of theirs, friction
    /// the geometric mean (Box2D's mixing).
    package mutating func resolve(_ i: Int, _ j: Int, recording: Bool = true) {
        let wi = anchored[i] ? 0 : 1 / mass[i]
        let wj = anchored[j] ? 0 : 1 / mass[j]
        guard wi + wj > 0 else { return }
        let d = position(i) - position(j)
        let reach = half[i] + half[j]
        let overlap = reach - SIMD2(abs(d.x), abs(d.y))
        guard overlap.x > -1e-9, overlap.y > -1e-9 else { return }
        let normal: SIMD2<Double> =
            overlap.x < overlap.y ? SIMD2(d.x < 0 ? -1 : 1, 0) : SIMD2(0, d.y < 0 ? -1 : 1)
        let depth = min(overlap.x, overlap.y)
        if depth > 0 {
            move(i, by: normal * depth * wi / (wi + wj))
            move(j, by: -normal * depth * wj / (wi + wj))
        }
        if recording {
            contacts[i].append(normal)
            contacts[j].append(-normal)
        }
        let v = velocity(i) - velocity(j)
        let vn = (v * normal).sum()
        guard vn < 0 else { return }
        let e = -vn < Self.bounceThreshold ? 0 : max(elasticity[i], elasticity[j])
        let jn = -(1 + e) * vn / (wi + wj)
        var impulse = normal * jn
        let tangent = v - normal * vn
        let slide = (tangent * tangent).sum().squareRoot()
        if slide > 0 {
            let mu = (friction[i] * friction[j]).squareRoot()
            impulse -= tangent / slide * min(slide / (wi + wj), mu * jn)
        }
        accelerate(i, by: impulse * wi)
        accelerate(j, by: -impulse * wj)
    }
}
