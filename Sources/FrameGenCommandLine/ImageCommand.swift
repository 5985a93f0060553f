import ArgumentParser
import Codecs
import FrameGenKit

struct ImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Inspect and convert PNG and JPEG files as the decoders see them.",
        subcommands: [Info.self, Convert.self]
    )

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Print each image's format, size, colour, bit depth, interlace or progressive scans, transparency and orientation.",
            discussion: """
                The format is told by the file's first bytes, not its name. Every file is fully \
                decoded to check it (one row of memory at a time). A JPEG's size is as shown, after \
                its EXIF orientation. A table on a terminal, one line per file otherwise, or JSON \
                with --json. A file that cannot be read (or a CMYK JPEG) is reported on stderr and \
                makes the exit status 2.
                """
        )

        @Argument(help: ArgumentHelp("PNG or JPEG files.", valueName: "FILE"))
        var files: [String]

        @Flag(help: "Print a JSON array, one object per file.")
        var json = false

        func validate() throws {
            if files.isEmpty { throw ValidationError("Give at least one image file.") }
        }

        func run() throws {
            let format: ImageTool.InfoFormat =
                json ? .json : FileHandleOutput.standardOutput.isTerminal ? .table : .lines
            let report = ImageTool.info(files: files, format: format)
            FileHandleOutput.standardOutput.write(report.output)
            for failure in report.failures.dropLast() {
                FileHandleOutput.standardError.write("framegen: \(failure)\n")
            }
            if let last = report.failures.last { throw last }
        }
    }

    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Decode any PNG or JPEG and write it as 8-bit RGBA PNG (the decoder's pixels, unchanged).",
            discussion: """
                A JPEG is turned by its EXIF orientation. Exit status 2 when IN cannot be read or \
                decoded, 3 when OUT cannot be written (no partial OUT is left behind).
                """
        )

        @Argument(help: ArgumentHelp("The PNG or JPEG to read.", valueName: "IN"))
        var input: String

        @Argument(help: ArgumentHelp("The 8-bit RGBA PNG to write.", valueName: "OUT"))
        var output: String

        func run() throws {
            try ImageTool.convert(input: input, output: output)
        }
    }
}
