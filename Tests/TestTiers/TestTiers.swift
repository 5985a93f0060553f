import Foundation
import Testing

/// The two tiers of the suite (README, "Tests"): `make test` runs the fast tier, in a debug build,
/// every few minutes; `make test-all` sets `FRAMEGEN_TEST_TIER=all` and adds the heavy tests (the
/// whole golden suite, determinism over every scene, the command-line subprocesses, exhaustive
/// loops) in a release build. Mark a heavy test or suite `@Test(.heavy, .tags(.heavy))`: the
/// condition skips it in the fast tier, the tag names it for filters and reports.
public enum TestTier {
    /// Whether this run includes the heavy tier.
    public static let includesHeavy = ProcessInfo.processInfo.environment["FRAMEGEN_TEST_TIER"] == "all"
}

extension Tag {
    /// Runs only in `make test-all`.
    @Tag public static var heavy: Self
}

extension Trait where Self == ConditionTrait {
    /// Runs only in `make test-all` (`FRAMEGEN_TEST_TIER=all`).
    public static var heavy: Self {
        .enabled(if: TestTier.includesHeavy, "heavy tier: runs in make test-all")
    }
}

extension TestTier {
    /// The cases of a property that checks many (pixels, sizes, combinations of parameters): every
    /// one in `make test-all`, and every `step`th of them (the first and the last always) in the
    /// fast tier, so that a debug build's `make test` checks the property across its whole range
    /// at a fraction of the cost and the heavy tier checks it everywhere.
    public static func cases<C: Collection>(_ all: C, fastTierEvery step: Int) -> [C.Element] {
        let cases = Array(all)
        guard !includesHeavy, step > 1, cases.count > 2 else { return cases }
        var picked = Swift.stride(from: 0, to: cases.count, by: step).map { cases[$0] }
        if (cases.count - 1) % step != 0 { picked.append(cases[cases.count - 1]) }
        return picked
    }
}
