import ArgumentParser
import FrameGenRender
import FrameGenTools

struct AttributesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attributes",
        abstract: "Write a scene's layout attributes as an attribute file (JSON).",
        discussion: """
            Frame 0 by default; --frame N, --time T (seconds) or --all frames of the timeline. \
            To stdout, or atomically to FILE with -o. `framegen render` renders the result.
            """
    )

    @Argument(help: ArgumentHelp("A scene file (.yaml, .yml or .json).", valueName: "SCENE"))
    var scene: String

    // Unconditional, so that a negative value reaches the scene's own message ("--time -1 is
    // outside the scene's timeline") instead of being taken for an option.
    @Option(parsing: .unconditional, help: ArgumentHelp("The frame number.", valueName: "N"))
    var frame: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("The scene time in seconds.", valueName: "T"))
    var time: Double?

    @Flag(help: "Every frame of the timeline.")
    var all = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file.", valueName: "FILE"))
    var output: String?

    @OptionGroup var limits: RunLimits

    func validate() throws {
        if [frame != nil, time != nil, all].filter({ $0 }).count > 1 {
            throw ValidationError("Give one of --frame, --time and --all.")
        }
        if let t = time, !t.isFinite { throw ValidationError("--time must be a number of seconds.") }
    }

    func run() throws {
        limits.start()
        let selection: AttributesTool.Selection = all ? .all : time.map { .time($0) } ?? .frame(frame ?? 0)
        if let text = try AttributesTool.run(
            scene: scene, selection: selection, output: output, layouts: ProgramLayouts.all,
            warn: { FileHandleOutput.standardError.write("framegen: warning: \($0)\n") })
        {
            FileHandleOutput.standardOutput.write(text)
        }
    }
}

struct LayoutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layouts",
        abstract: "List the built-in layouts and their parameters with defaults."
    )

    @Argument(help: ArgumentHelp("Only this layout.", valueName: "TYPE"))
    var type: String?

    func run() throws {
        FileHandleOutput.standardOutput.write(try AttributesTool.layouts(type: type, in: ProgramLayouts.all))
    }
}
