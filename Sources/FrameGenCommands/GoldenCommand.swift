import ArgumentParser
import FrameGenTools

struct GoldenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golden",
        abstract: "Check rendered frames against reviewed reference frames, or record them.",
        discussion: """
            Every scene DIR/NAME.yaml (.yml, .json) has its reference frames in DIR/NAME/: all \
            of its frames, or those its `golden: {frames: [...]}` or `{every: N}` names. `check` \
            renders them and compares them as `compare` does (the scene's `golden:` tolerance \
            keys, then these options, over the defaults). Exit 0: all match. Exit 1: a frame \
            differs, or references are missing, extra or stale. Exit 2: a scene is invalid, a \
            reference unreadable, or a scene has no references at all (never recorded). Exit 3: \
            artifacts cannot be written. Each failure is one line naming the file and the \
            command that fixes it. On failure --artifacts receives expected, actual, diff and \
            side-by-side images, junit.xml and index.html; every check first removes what an \
            earlier check left there. `record` writes exactly the reference set (removing \
            other files, and reference folders whose scene is gone); --missing writes only \
            absent references. Look at recorded frames before committing them.
            """
    )

    @Argument(help: ArgumentHelp("check or record.", valueName: "check|record"))
    var action: String

    @Argument(help: ArgumentHelp("Golden folders or scene files (default: golden).", valueName: "DIR|SCENE"))
    var paths: [String] = []

    @OptionGroup var tolerance: ToleranceOptions

    @Option(help: ArgumentHelp("Where a failing check writes images and reports.", valueName: "DIR"))
    var artifacts = ".golden-artifacts"

    @Flag(help: "record: write only the references that are missing.")
    var missing = false

    @Option(help: ArgumentHelp("Frames rendered at once (default: one per core).", valueName: "N"))
    var jobs = 0

    @OptionGroup var limits: RunLimits

    func validate() throws {
        if action != "check" && action != "record" { throw ValidationError("Say check or record.") }
        if missing && action != "record" { throw ValidationError("--missing is for record.") }
    }

    func run() throws {
        limits.start()
        let options = GoldenTool.Options(
            tolerance: tolerance.override, artifacts: artifacts, missingOnly: missing, jobs: jobs,
            layouts: ProgramLayouts.all)
        try finish(
            action == "record"
                ? GoldenTool.record(paths, options: options) : GoldenTool.check(paths, options: options))
    }
}
