import ArgumentParser
import FrameGenCodecs
import FrameGenRender
import FrameGenScene
import FrameGenTools

/// The tolerance options `compare` and `golden` share.
struct ToleranceOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "pixelmatch's colour threshold, 0-1: how far apart (YIQ distance) two colours may be and still match (default 0.1).",
            valueName: "T"))
    var threshold: Double?

    @Flag(
        name: .customLong("include-aa"),
        help: "Count anti-aliased pixels as differences too (pixelmatch's includeAA).")
    var includeAA = false

    @Option(
        name: .customLong("max-diff-pixels"),
        help: ArgumentHelp("How many pixels may differ (default 0).", valueName: "N"))
    var maxDiffPixels: Int?

    @Option(
        name: .customLong("max-diff-ratio"),
        help: ArgumentHelp("What fraction (0-1) of the pixels may differ.", valueName: "R"))
    var maxDiffRatio: Double?

    func validate() throws {
        if let t = threshold, !(0...1).contains(t) { throw ValidationError("--threshold must be 0-1.") }
        if maxDiffPixels != nil && maxDiffRatio != nil {
            throw ValidationError("Give either --max-diff-pixels or --max-diff-ratio, not both.")
        }
        if let n = maxDiffPixels, n < 0 { throw ValidationError("--max-diff-pixels must be 0 or more.") }
        if let r = maxDiffRatio, !(0...1).contains(r) {
            throw ValidationError("--max-diff-ratio must be 0-1.")
        }
    }

    /// Only what was given on the command line, to lay over a scene's own tolerance.
    var override: ToleranceOverride {
        ToleranceOverride(
            threshold: threshold, includeAA: includeAA ? true : nil,
            allowance: maxDiffRatio.map { .ratio($0) } ?? maxDiffPixels.map { .pixels($0) })
    }
}

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two PNGs (or two folders of frames) as pixelmatch does, for golden-image tests.",
        discussion: """
            A pixel differs when the YIQ distance of its two colours (over white) is over \
            --threshold and it is not anti-aliasing in either image (pixelmatch's test, after \
            Vyšniauskas; --include-aa counts those too). The comparison passes (exit 0) when no \
            more pixels differ than allowed, and fails (exit 1) with one line: differing pixels, \
            ratio, SSIM, anti-aliased pixels, the box the differences lie in and the first one's \
            two colours. Images of different sizes always fail. --diff writes the expected image \
            faded to grey with differing pixels red and anti-aliasing yellow (magenta outside \
            the common area); --side-by-side writes expected | diff | actual. Given two folders, \
            every PNG is compared with the one of the same name; frames only in EXPECTED are \
            missing and frames only in ACTUAL extra (both fail), and --diff/--side-by-side name \
            folders that receive NAME-diff.png / NAME-side-by-side.png for each failing frame. \
            Unreadable images: exit 2; an image that cannot be written: exit 3.
            """
    )

    @Argument(help: ArgumentHelp("The reference PNG or folder.", valueName: "EXPECTED"))
    var expected: String

    @Argument(help: ArgumentHelp("The PNG or folder to check.", valueName: "ACTUAL"))
    var actual: String

    @Option(name: .long, help: ArgumentHelp("Write a picture of the differences.", valueName: "FILE"))
    var diff: String?

    @Option(
        name: .customLong("side-by-side"),
        help: ArgumentHelp("Write expected | diff | actual in one image.", valueName: "FILE"))
    var sideBySide: String?

    @OptionGroup var tolerance: ToleranceOptions

    func run() throws {
        let options = CompareTool.Options(
            tolerance: tolerance.override.applied(to: CompareTool.Tolerance()), diffPath: diff,
            sideBySidePath: sideBySide)
        try finish(CompareTool.check(expected: expected, actual: actual, options: options))
    }
}

/// Prints a report: its output on stdout, each failure as one line on stderr; exits with its
/// status when something failed.
func finish(_ report: CheckReport) throws {
    FileHandleOutput.standardOutput.write(report.output)
    for failure in report.failures.dropLast() {
        FileHandleOutput.standardError.write("framegen: \(failure.description)\n")
    }
    if let last = report.failures.last {
        FrameGen.fail(FrameGenError(report.kind ?? last.kind, file: last.file, last.message))
    }
}
