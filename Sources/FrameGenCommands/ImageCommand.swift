import ArgumentParser
import FrameGenCodecs
import FrameGenRender
import FrameGenTools

struct ImageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image",
        abstract: "Inspect and convert PNG and JPEG files as the decoders see them.",
        subcommands: [Info.self, Convert.self, Photos.self]
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

    struct Photos: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write generated camera-sized JPEG photos (for benchmarks and tests of your own).",
            discussion: """
                Landscapes painted at a quarter of the size, enlarged and given per-pixel sensor \
                grain, so each file decodes as slowly as a camera's: photo-001.jpg... in FOLDER \
                (created if missing), the same bytes for the same options on every machine. \
                `framegen bench --camera-photos` makes 60 of them itself.
                """
        )

        @Argument(help: ArgumentHelp("The folder to write them into.", valueName: "FOLDER"))
        var folder: String

        @Option(help: ArgumentHelp("How many photos (default 60).", valueName: "N"))
        var count = 60

        @Option(help: ArgumentHelp("Pixel size (default 4000x3000).", valueName: "WxH"))
        var size = "\(CameraPhotos.defaultWidth)x\(CameraPhotos.defaultHeight)"

        @Option(help: ArgumentHelp("JPEG quality 1-100 (default 88).", valueName: "Q"))
        var quality = CameraPhotos.defaultQuality

        @Option(help: ArgumentHelp("Which photos (default 1).", valueName: "N"))
        var seed: UInt64 = 1

        func validate() throws {
            if Self.parseSize(size) == nil { throw ValidationError("--size must be WxH, each 16-8192.") }
            if !(1...10_000).contains(count) { throw ValidationError("--count must be 1-10000.") }
            if !(1...100).contains(quality) { throw ValidationError("--quality must be 1-100.") }
        }

        static func parseSize(_ text: String) -> (Int, Int)? {
            let parts = text.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts.allSatisfy({ (16...8192).contains($0) }) else { return nil }
            return (parts[0], parts[1])
        }

        func run() throws {
            let (width, height) = Self.parseSize(size)!
            let paths = try CameraPhotos.write(
                count: count, width: width, height: height, quality: quality, seed: seed, into: folder)
            FileHandleOutput.standardOutput.write(
                "wrote \(paths.count) photos of \(width) x \(height) px to \(folder)\n")
        }
    }
}
