import ArgumentParser
import FrameGenRender

struct SheetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract:
            "Write a contact sheet: frames of a render in a grid, each labelled with its number and time.",
        discussion: """
            From a folder of frames (a render's output) the frames are read; from a scene or an \
            attribute file only the frames shown are rendered, in memory, at the thumbnail's size. \
            Frames are spread evenly, the first and the last included. Times come from the \
            folder's manifest or the scene's fps (--fps overrides).
            """
    )

    @Argument(help: ArgumentHelp("A folder of frames, a scene or an attribute file.", valueName: "DIR|SCENE"))
    var input: String

    @Option(name: .short, help: ArgumentHelp("The PNG to write.", valueName: "FILE"))
    var output: String

    @Option(help: ArgumentHelp("Frames shown (default 12).", valueName: "N"))
    var count = 12

    @Option(help: ArgumentHelp("Cells per row (default: the sheet closest to 16:9).", valueName: "C"))
    var columns: Int?

    @Option(
        help: ArgumentHelp(
            "Width of each frame in pixels (default: the frame's, at most 320).", valueName: "PX"))
    var width: Int?

    @Option(
        help: ArgumentHelp(
            "Frames per second for the times (default: the manifest's or the scene's).", valueName: "N"))
    var fps: Double?

    @OptionGroup var limits: RunLimits

    func run() throws {
        limits.start()
        let summary = try ContactSheet.write(
            input: input, to: output,
            options: ContactSheet.Options(
                count: count, columns: columns, width: width, fps: fps, layouts: ProgramLayouts.all))
        FileHandleOutput.standardOutput.write(
            "\(summary.frames.count) frames in \(summary.grid.columns) columns written to \(output) (\(summary.grid.width)x\(summary.grid.height))\n"
        )
    }
}
