import TestTiers
import Testing

@testable import FrameGenMotion

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Test func flingRestAndDurationForBothRates() {
    for (rate, raw) in [(DecelerationRate.normal, 0.998), (DecelerationRate.fast, 0.99)] {
        for v0 in [1000.0, -640.0] {
            let m = ScrollMotion(
                offset: 2000, velocity: v0, minOffset: 0, maxOffset: 5000, decelerationRate: rate)
            // docs/design/motion.md §3.3: k = 1000 ln d, rest x0 - v0/k, duration ln(-k h/|v0|)/k, h = 0.5.
            let k = 1000 * log(raw)
            expect(abs(m.restOffset - (2000 - v0 / k)) < 1e-9)
            expect(abs(m.duration - log(-k * 0.5 / abs(v0)) / k) < 1e-9)
            expect(m.offset(at: m.duration) == m.restOffset)
            expect(abs(m.offset(at: m.duration - 1e-9) - m.restOffset) <= 0.5 + 1e-6)
            let t = 0.3
            // The law, give or take the leftover half point that settling takes away.
            expect(abs(m.offset(at: t) - (2000 + v0 * (pow(raw, 1000 * t) - 1) / k)) < 0.5)
            expect(abs(m.velocity(at: t) - v0 * pow(raw, 1000 * t)) < 2)
        }
    }
    // The numbers of docs/design/motion.md §3.3: 1000 pt/s travels about 499.5 pt in about 3.45 s (normal)
    // and 99.5 pt (fast).
    let n = ScrollMotion(offset: 0, velocity: 1000, minOffset: 0, maxOffset: 5000)
    expect(abs(n.restOffset - 499.5) < 0.1 && abs(n.duration - 3.45) < 0.01)
    let f = ScrollMotion(offset: 0, velocity: 1000, minOffset: 0, maxOffset: 5000, decelerationRate: .fast)
    expect(abs(f.restOffset - 99.5) < 0.1)
    // On a 3x screen the rest threshold is 0.5 px = 1/6 pt.
    let r = ScrollMotion(offset: 0, velocity: 1000, minOffset: 0, maxOffset: 5000, screenScale: 3)
    let k = 1000 * log(0.998)
    expect(abs(r.duration - log(-k * (0.5 / 3) / 1000) / k) < 1e-9)
}

@Test func snappedFlingLandsExactlyOnTheTarget() {
    for target in [700.0, 1100.0, 850.0] {
        let m = ScrollMotion(
            offset: 100, velocity: 1500, minOffset: 0, maxOffset: 5000, target: .offset(target))
        expect(m.restOffset == target)
        expect(m.offset(at: m.duration) == target && m.offset(at: m.duration + 5) == target)
        expect(abs(m.offset(at: m.duration - 1e-9) - target) <= 0.5 + 1e-6)
        // Continuous velocity at the release: the derivative at 0 is the fling's velocity.
        expect(m.velocity(at: 0) == 1500)
        expect(abs(m.velocity(at: 1e-9) - 1500) < 1e-3)
        expect(abs((m.offset(at: 1e-6) - 100) / 1e-6 - 1500) < 0.1)
        // It never passes the target.
        for i in 0...100 {
            expect(m.offset(at: m.duration * Double(i) / 100) <= target)
        }
        guard case .deceleration(let d) = m.phases.first?.kind else {
            Issue.record("expected a deceleration")
            continue
        }
        // The solved law: k = -v0 / (target - x0).
        expect(abs(d.decayConstant - (-1500 / (target - 100))) < 1e-12)
    }
    // A target behind the motion is reached by the spring, still starting at the fling's
    // velocity, and also lands exactly.
    let back = ScrollMotion(offset: 400, velocity: 1500, minOffset: 0, maxOffset: 5000, target: .offset(300))
    expect(back.offset(at: back.duration) == 300 && back.velocity(at: 0) == 1500)
    expect(abs((back.offset(at: 1e-6) - 400) / 1e-6 - 1500) < 0.1)
    guard case .spring = back.phases.first?.kind else {
        Issue.record("expected a spring")
        return
    }
    // A slow flick snapping far beyond its natural rest (10 pt/s travels 5 pt; the target is
    // 500 pt away) springs there instead of gliding for 345 s.
    let slow = ScrollMotion(offset: 0, velocity: 10, minOffset: 0, maxOffset: 5000, target: .offset(500))
    expect(slow.offset(at: slow.duration) == 500 && slow.duration < 2 && slow.velocity(at: 0) == 10)
    guard case .spring = slow.phases.first?.kind else {
        Issue.record("expected a spring")
        return
    }
    // Up to twice the natural distance still decelerates: natural 499.5, target 990.
    let far = ScrollMotion(offset: 0, velocity: 1000, minOffset: 0, maxOffset: 5000, target: .offset(990))
    guard case .deceleration = far.phases.first?.kind else {
        Issue.record("expected a deceleration")
        return
    }
    // Targets outside the range are clamped to it.
    let clamped = ScrollMotion(offset: 100, velocity: 900, minOffset: 0, maxOffset: 500, target: .offset(800))
    expect(clamped.restOffset == 500)
}

@Test func springBackReachesTheEdge() {
    // Pulled 80 pt past the top and released at rest: critically damped m 1, k 100 back to 0.
    let m = ScrollMotion(offset: -80, velocity: 0, minOffset: 0, maxOffset: 2000)
    expect(m.restOffset == 0)
    expect(m.offset(at: m.duration) == 0)
    expect(abs(m.offset(at: m.duration - 1e-9)) <= 0.5 + 1e-6)
    for t in [0.05, 0.1, 0.3, 0.6] {
        expect(abs(m.offset(at: t) - exp(-10 * t) * (-80 - 800 * t)) < 0.5)
        expect(m.offset(at: t) < 0)
    }
    // Past the bottom, released moving further out: it continues, turns and comes back.
    let b = ScrollMotion(offset: 2050, velocity: 400, minOffset: 0, maxOffset: 2000)
    expect(b.offset(at: 0.05) > 2050)
    expect(b.offset(at: b.duration) == 2000)
    expect(b.velocity(at: 0) == 400)
}

/// Issue 23 item 4: released past the end with a snapping target inside the range, the spring
/// goes straight to the target (UIKit's bounce honours targetContentOffset) rather than to the
/// edge, from where the strip then jumped 4 pt onto its snap position. A target past the edge
/// is clamped to it.
@Test func springBackGoesStraightToASnapTarget() {
    let m = ScrollMotion(offset: 2050, velocity: -300, minOffset: 0, maxOffset: 2000, target: .offset(1996))
    expect(m.restOffset == 1996)
    expect(m.offset(at: m.duration) == 1996)
    let samples = stride(from: 0.0, through: m.duration, by: 0.01).map { m.offset(at: $0) }
    expect(zip(samples, samples.dropFirst()).allSatisfy { $1 <= $0 + 1e-9 })
    let past = ScrollMotion(offset: 2050, velocity: 0, minOffset: 0, maxOffset: 2000, target: .offset(2200))
    expect(past.restOffset == 2000)
    let top = ScrollMotion(offset: -40, velocity: 0, minOffset: 0, maxOffset: 2000, target: .offset(30))
    expect(top.restOffset == 30 && top.offset(at: top.duration) == 30)
}

@Test func edgeHitWhileDeceleratingContinuesAsASpring() {
    let k = 1000 * log(0.998)
    let m = ScrollMotion(offset: 4800, velocity: 2000, minOffset: 0, maxOffset: 5000)
    expect(m.restOffset == 5000 && m.phases.count == 2)
    // The edge is reached when x0 + v0(e^(kt) - 1)/k = 5000.
    let hit = log(1 + k * 200 / 2000) / k
    expect(abs(m.phases[0].end - hit) < 1e-12)
    expect(abs(m.offset(at: hit) - 5000) < 1e-9)
    let vHit = 2000 * exp(k * hit)
    expect(abs(m.velocity(at: hit - 1e-9) - vHit) < 1e-3)
    expect(abs(m.velocity(at: hit + 1e-9) - vHit) < 1e-3)
    // The spring from the edge: 5000 + e^(-10 s) vHit s.
    let s = 0.07
    expect(abs(m.offset(at: hit + s) - (5000 + exp(-10 * s) * vHit * s)) < 0.5)
    expect(m.offset(at: m.duration) == 5000)
    expect(m.offset(at: hit + 0.1) > 5000)
}

@Test func pagingPicksThePageByVelocity() {
    let p = 375.0
    func target(_ x: Double, _ v: Double) -> Double {
        ScrollMotion(offset: x, velocity: v, minOffset: 0, maxOffset: 4 * p, target: .paging(pageSize: p))
            .restOffset
    }
    // Dragged from page 1 to 420: just under 300 pt/s stays on the nearest page, just over
    // goes on to the next page in the velocity's direction.
    expect(target(420, 299) == 375)
    expect(target(420, 301) == 750)
    expect(target(420, -299) == 375)
    expect(target(420, -301) == 375)
    expect(target(330, -301) == 0)
    expect(target(600, 0) == 750)
    expect(target(375, 301) == 750)
    expect(target(375, -301) == 0)
    expect(target(4 * p, 2000) == 4 * p)  // no page past the end
    let m = ScrollMotion(
        offset: 420, velocity: 301, minOffset: 0, maxOffset: 4 * p, target: .paging(pageSize: p))
    expect(m.offset(at: m.duration) == 750 && m.velocity(at: 0) == 301)
    // Critically damped spring (m 1, k 100) toward the page.
    let t = 0.2
    expect(abs(m.offset(at: t) - (750 + exp(-10 * t) * (-330 + (301 - 3300) * t))) < 0.5)
}

@Test func restingMotionHasNoDuration() {
    let m = ScrollMotion(offset: 300, velocity: 0, minOffset: 0, maxOffset: 1000)
    expect(m.duration == 0 && m.offset(at: 1) == 300 && m.phases.isEmpty)
    // Content smaller than the view: the range collapses to minOffset.
    let s = ScrollMotion(offset: 0, velocity: 500, minOffset: 0, maxOffset: -200)
    expect(s.restOffset == 0 && s.offset(at: s.duration) == 0)
    let bad = ScrollMotion(offset: .nan, velocity: .infinity, minOffset: 0, maxOffset: 100)
    expect(bad.duration == 0 && bad.offset(at: 1) == 0)
}

/// docs/layouts-and-motion.md "Settling": a settling motion reaches its rest offset continuously; frame to
/// frame (60 fps) its last steps shrink into the target instead of ending with a jump of up to 0.5 pixel.
@Test func everySettleShrinksIntoItsTarget() {
    let motions: [(String, ScrollMotion)] = [
        ("fling", ScrollMotion(offset: 0, velocity: 1000, minOffset: 0, maxOffset: 5000)),
        (
            "snap",
            ScrollMotion(offset: 100, velocity: 1500, minOffset: 0, maxOffset: 5000, target: .offset(850))
        ),
        (
            "snap back",
            ScrollMotion(offset: 400, velocity: 1500, minOffset: 0, maxOffset: 5000, target: .offset(300))
        ),
        ("spring back", ScrollMotion(offset: -80, velocity: 0, minOffset: 0, maxOffset: 2000)),
        ("edge", ScrollMotion(offset: 4800, velocity: 2000, minOffset: 0, maxOffset: 5000)),
        (
            "paging",
            ScrollMotion(
                offset: 420, velocity: 301, minOffset: 0, maxOffset: 1500, target: .paging(pageSize: 375))
        ),
        ("3x", ScrollMotion(offset: 0, velocity: -700, minOffset: -3000, maxOffset: 0, screenScale: 3)),
    ]
    for (name, m) in motions {
        // Just before the end it is already (almost) there: no jump is left for the last instant.
        expect(abs(m.offset(at: m.duration - 1e-7) - m.restOffset) < 1e-3, "\(name)")
        let frames = Int((m.duration * 60).rounded(.up))
        let offsets = (0...frames).map { m.offset(at: min(Double($0) / 60, m.duration)) }
        let steps = zip(offsets, offsets.dropFirst()).map { abs($1 - $0) }
        // The last five steps shrink, and the very last is smaller than half a pixel.
        let tail = Array(steps.suffix(5))
        for (a, b) in zip(tail, tail.dropFirst()) {
            expect(b <= a + 1e-9, "\(name): steps \(tail)")
        }
        expect(steps.last! < 0.5, "\(name)")
        expect(offsets.last == m.restOffset)
    }
}
