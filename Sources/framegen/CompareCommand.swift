import ArgumentParser
import FrameGenKit

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two PNGs pixel by pixel, as golden-image tests do.",
        discussion: """
            A pixel's difference is its largest channel difference (0-255, straight RGBA); it \
            differs when that is over --threshold. The comparison passes (exit 0) when no more \
            pixels differ than allowed, and fails (exit 1) with a one-line summary otherwise: \
            differing pixels, ratio, max difference, PSNR, the box they lie in and the first \
            one's two colours. Images of different sizes always \
            fail. The --diff image shows the expected image in grey, differing pixels in red \
            (pale for small differences), changes within the threshold in amber and pixels \
            outside the common area in magenta.
            """
    )

    @Argument(help: ArgumentHelp("The reference PNG.", valueName: "EXPECTED"))
    var expected: String

    @Argument(help: ArgumentHelp("The PNG to check.", valueName: "ACTUAL"))
    var actual: String

    @Option(name: .long, help: ArgumentHelp("Write a picture of the differences.", valueName: "FILE"))
    var diff: String?

    @Option(
        help: ArgumentHelp(
            "Channel difference (0-255) a pixel may have and still count as equal.", valueName: "T"))
    var threshold = 0

    @Option(
        name: .customLong("max-diff-pixels"),
        help: ArgumentHelp("How many pixels may differ (default 0).", valueName: "N"))
    var maxDiffPixels: Int?

    @Option(
        name: .customLong("max-diff-ratio"),
        help: ArgumentHelp("What fraction (0-1) of the pixels may differ.", valueName: "R"))
    var maxDiffRatio: Double?

    func validate() throws {
        if !(0...255).contains(threshold) { throw ValidationError("--threshold must be 0-255.") }
        if maxDiffPixels != nil && maxDiffRatio != nil {
            throw ValidationError("Give either --max-diff-pixels or --max-diff-ratio, not both.")
        }
        if let n = maxDiffPixels, n < 0 { throw ValidationError("--max-diff-pixels must be 0 or more.") }
        if let r = maxDiffRatio, !(0...1).contains(r) {
            throw ValidationError("--max-diff-ratio must be 0-1.")
        }
    }

    func run() throws {
        let options = CompareTool.Options(
            threshold: threshold, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio, diffPath: diff)
        let line = try CompareTool.run(expected: expected, actual: actual, options: options)
        FileHandleOutput.standardOutput.write(line + "\n")
    }
}
