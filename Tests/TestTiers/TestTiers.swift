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
