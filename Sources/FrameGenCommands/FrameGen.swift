import ArgumentParser
import FrameGenRender
import FrameGenScene
import FrameGenTools

/// The root command. Subcommands are small structs in this folder; each one's `run()` calls into
/// FrameGenKit and throws `FrameGenError`, which `main` maps to an exit status in one place.
struct FrameGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "framegen",
        abstract: "Render UICollectionView layouts headless, frame by frame, into PNG sequences.",
        version: FrameGenVersion.string,
        subcommands: [
            ShowcaseCommand.self, RenderCommand.self, AttributesCommand.self, LayoutsCommand.self,
            ImageCommand.self, CompareCommand.self, GoldenCommand.self, BenchCommand.self, SheetCommand.self,
            UIKitCommand.self,
        ],
        defaultSubcommand: ShowcaseCommand.self
    )

    static func runAsRoot() -> Never {
        do {
            var command = try parseAsRoot()
            // FRAMEGEN_ISA's warning (an unknown value) before the command's own output; bench
            // reads it itself, where an unknown value is bad input.
            if !(command is BenchCommand) { CPUPaths.readEnvironment() }
            try command.run()
            Platform.exit(0)
        } catch let error as FrameGenError {
            fail(error)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Platform.exit(0)
            }
            // ArgumentParser's usage errors (its own code 64) are bad arguments: status 2, one line.
            let line =
                message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            let short = line.hasPrefix("Error: ") ? String(line.dropFirst(7)) : line
            FileHandleOutput.standardError.write("framegen: \(short) (see 'framegen help')\n")
            Platform.exit(code == .validationFailure ? ExitStatus.badInput.rawValue : code.rawValue)
        }
    }

    static func fail(_ error: FrameGenError) -> Never {
        FileHandleOutput.standardError.write("framegen: \(error.description)\n")
        Platform.exit(ExitStatus(error.kind).rawValue)
    }
}
