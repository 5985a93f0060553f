import ArgumentParser
import FrameGenKit

struct GoldenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golden",
        abstract: "Re-render golden scenes and compare them with their reviewed frames, or record them.",
        discussion: """
            Every DIR/NAME.yaml has its reference frames in DIR/NAME/. `check` fails (exit 1) on \
            any pixel difference and writes diff images to DIR/NAME-diff/; `record` rewrites the \
            references (look at them before committing).
            """
    )

    @Argument(help: ArgumentHelp("check or record.", valueName: "check|record"))
    var action: String

    @Argument(help: ArgumentHelp("The golden folder (default: golden).", valueName: "DIR"))
    var directory = "golden"

    func validate() throws {
        if action != "check" && action != "record" { throw ValidationError("Say check or record.") }
    }

    func run() throws {
        let text = action == "record" ? try GoldenTool.record(directory) : try GoldenTool.check(directory)
        FileHandleOutput.standardOutput.write(text)
    }
}
