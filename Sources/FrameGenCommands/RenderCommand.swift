import ArgumentParser
import FrameGenCodecs
import FrameGenRender
import FrameGenScene
import FrameGenTools

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene or an attribute file to a PNG sequence.",
        discussion: """
            Frames are named by the scene's output pattern (frame_%04d.png) with their real \
            numbers, written atomically; frames already on disk are kept unless --force, so an \
            interrupted render resumes. The output is byte-identical whatever --jobs is. At the \
            end, the ffmpeg command that makes a video of the folder is printed. \
            --shard K/N renders every N-th frame from the K-th (K from 1), so N machines share a \
            render into one folder or into folders merged by copying; --check then confirms the \
            folder holds the whole render. SCENE - reads standard input; -o - writes the one \
            selected frame's PNG to standard output.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "A scene (.yaml, .yml, .json) or an attribute file (.json); - reads standard input.",
            valueName: "SCENE|ATTRIBUTES"))
    var input: String

    @Option(
        name: .short,
        help: ArgumentHelp(
            "Output folder (default: the scene's output.directory, or NAME-frames); - writes one frame's PNG to standard output.",
            valueName: "DIR"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Render only the K-th of N interleaved parts (K from 1), or auto/N: K from JOB_COMPLETION_INDEX (0-based) or SLURM_ARRAY_TASK_ID.",
            valueName: "K/N"))
    var shard: String?

    @Flag(
        help:
            "Render nothing: confirm the output folder holds every frame, whole and of this render (exit 1 if not)."
    )
    var check = false

    @Option(help: ArgumentHelp("Frames per second (default: the scene's).", valueName: "N"))
    var fps: Double?

    @Option(help: ArgumentHelp("Only these frames, e.g. 30-59 or 12.", valueName: "A-B"))
    var frames: String?

    @Option(help: ArgumentHelp("Output pixels per point (default: the canvas's).", valueName: "S"))
    var scale: Double?

    @Option(help: ArgumentHelp("Frames rendered in parallel (default: the number of cores).", valueName: "N"))
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "0-9 (zlib's scale: files no larger than zlib's level), fast or fastest (default: the scene's, or fast).",
            valueName: "0-9|fast|fastest"))
    var compression: String?

    @Option(help: ArgumentHelp("auto (a bar on a terminal), plain, json or none.", valueName: "STYLE"))
    var progress: String = "auto"

    @Flag(help: "Overwrite frames that already exist.")
    var force = false

    @Flag(help: "Write RGB PNGs (the canvas background must be an opaque colour; the default where it is).")
    var rgb = false

    @Flag(help: "Write RGBA PNGs even where the canvas is opaque.")
    var rgba = false

    @Option(
        help: ArgumentHelp(
            "Also write the frames as one video: .png/.apng (animated PNG), .gif, or .mp4/.webm (needs ffmpeg).",
            valueName: "FILE"))
    var video: String?

    @Option(
        name: .customLong("memory-budget"),
        help: ArgumentHelp(
            "Bytes of decoded images kept between frames, e.g. 64M or 1G (a bare number is MiB; default 128M).",
            valueName: "SIZE"))
    var memoryBudget: String?

    @OptionGroup var limits: RunLimits

    func validate() throws {
        if let f = fps, !(f.isFinite && f >= 1 && f <= 240) { throw ValidationError("--fps must be 1-240.") }
        if let s = scale, !(s.isFinite && s >= 0.1 && s <= 8) {
            throw ValidationError("--scale must be 0.1-8.")
        }
        if let j = jobs, !(1...256).contains(j) { throw ValidationError("--jobs must be 1-256.") }
        if rgb && rgba { throw ValidationError("--rgb and --rgba: choose one.") }
        if let c = compression, RenderOptions.Compression(c) == nil {
            throw ValidationError("--compression must be 0-9, fast or fastest.")
        }
        if RenderOptions.ProgressStyle(rawValue: progress) == nil {
            throw ValidationError("--progress must be auto, plain, json or none.")
        }
        if let m = memoryBudget, RenderOptions.byteSize(m) == nil {
            throw ValidationError("--memory-budget must be a size such as 64M, 512M or 2G (at least 1M).")
        }
        if let f = frames, parseFrames(f) == nil {
            throw ValidationError("--frames must be A-B or N, e.g. 30-59.")
        }
        if check && (video != nil || output == RenderOptions.standardOutput) {
            throw ValidationError("--check reads an output folder: it takes neither --video nor -o -.")
        }
    }

    func parseFrames(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count <= 2, let a = Int(parts[0]), let b = Int(parts.last!), a >= 0, a <= b else {
            return nil
        }
        return a...b
    }

    func run() throws {
        limits.start(memoryBudget: memoryBudget.flatMap(RenderOptions.byteSize))
        // Before the scene is read, so a wrong shard fails fast on every machine.
        let part = try shard.map { (text) throws(FrameGenError) in
            try RenderShard.parse(text, environment: Platform.environment)
        }
        let source = try FrameSource.load(input, fps: fps, layouts: ProgramLayouts.all)
        var options = RenderOptions(
            directory: output, frames: frames.flatMap(parseFrames), scale: scale, jobs: jobs ?? 0,
            compression: compression.flatMap(RenderOptions.Compression.init),
            progress: RenderOptions.ProgressStyle(rawValue: progress)!, force: force,
            rgb: rgb ? true : rgba ? false : nil,
            memoryBudget: memoryBudget.flatMap(RenderOptions.byteSize), video: video
        )
        if let part { options.shard = part }
        if check {
            try finish(OutputCheck.run(source, options: options, fix: fixCommand))
            return
        }
        let summary = try RenderPipeline.run(source, options: options)
        // With -o - standard output carries the PNG and nothing else.
        if output != RenderOptions.standardOutput { FileHandleOutput.standardOutput.write(summary.report) }
    }

    /// The render command that writes what `--check` found wrong: this one without --check,
    /// with the options that decide the pixels, for frame `frame` alone or for what was checked.
    func fixCommand(frame: Int?) -> String {
        var words = ["framegen", "render", input]
        if let output { words += ["-o", output] }
        if let fps { words += ["--fps", "\(fps)"] }
        if let scale { words += ["--scale", "\(scale)"] }
        if let compression { words += ["--compression", compression] }
        if rgb { words.append("--rgb") }
        if rgba { words.append("--rgba") }
        if let frame {
            words += ["--frames", "\(frame)"]
        } else {
            if let frames { words += ["--frames", frames] }
            if let shard { words += ["--shard", shard] }
        }
        return words.map(shellWord).joined(separator: " ")
    }
}

/// A word as a POSIX shell reads it back: bare when it is plain, else in single quotes.
func shellWord(_ word: String) -> String {
    let plain =
        !word.isEmpty
        && word.unicodeScalars.allSatisfy { c in
            c.isASCII
                && (c.properties.isAlphabetic || c.properties.numericType != nil
                    || "-_./:=@%+,".unicodeScalars.contains(c))
        }
    return plain
        ? word
        : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}

struct ShowcaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "showcase",
        abstract: "Render the built-in showcase into ./framegen-showcase/ (what `framegen` alone does)."
    )

    @Option(name: .short, help: ArgumentHelp("Output folder.", valueName: "DIR"))
    var output = "framegen-showcase"

    @Flag(help: "Overwrite frames that already exist.")
    var force = false

    func run() throws {
        let summary = try Showcase.render(into: output, force: force)
        FileHandleOutput.standardOutput.write(summary.report)
    }
}

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure rendering and PNG encoding speed (the showcase when no scene is given).",
        discussion: """
            Per scene: raster and encode milliseconds per frame (single thread, medians, textures \
            made before timing), bytes per frame, cells and megapixels per second of raster, frames \
            per second end to end with --jobs threads (computing, drawing and encoding each frame), \
            and peak memory; times are the median, the best and the spread of at least 9 samples. \
            A scene drawn by a program's UIKit code gets a line under its row: microseconds per \
            frame of the UIKit layout, of cell configuration (data source, apply, layoutSubviews; \
            Auto Layout's part in brackets) and of flattening the views into compositor layers, \
            which the raster time then leaves out. --scaling instead shows how raster time \
            grows with cells and with scale; --jobs-scaling, frames per second end to end with 1, \
            2, 4... workers up to the machine's cores (best of 3 runs each) and the speed-up over \
            one; --compression all, every PNG setting's encode time and \
            size on the same frames, with the Pareto front marked. --camera-photos makes 60 \
            camera-sized JPEGs (4000 x 3000, quality 88) and times a whole render of them in a \
            flow grid at scale 3, flung once, with --jobs threads and --compression (photos and \
            frames in a temporary folder, removed afterwards). The first line (and "isa" in the \
            JSON) says which CPU paths the figures hold on: the level, the CPU's best, and each \
            kernel family's path. --isa (or FRAMEGEN_ISA) caps the instruction sets, to time a \
            lower level's paths on this machine; a level the CPU lacks gives its best below.
            """
    )

    @Argument(help: ArgumentHelp("Scenes or attribute files.", valueName: "SCENE"))
    var scenes: [String] = []

    @Option(help: ArgumentHelp("Frames per scene, spread over its timeline.", valueName: "N"))
    var frames = 30

    @Option(help: ArgumentHelp("Threads for the end-to-end frames per second (default 1).", valueName: "N"))
    var jobs = 1

    @Option(
        help: ArgumentHelp(
            "PNG compression, 0-9, fast or fastest (default: the scene's, as render writes); all compares every setting.",
            valueName: "0-9|fast|fastest|all"
        ))
    var compression: String?

    @Flag(help: "Encode RGB PNGs (default where the canvas is opaque, as render writes).")
    var rgb = false

    @Flag(help: "Encode RGBA PNGs even where the canvas is opaque.")
    var rgba = false

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Report raster time against cells (10-1000) and scale (1-3) instead.")
    var scaling = false

    @Flag(
        help:
            "Report frames per second end to end with 1, 2, 4... workers up to the cores, and each count's speed-up over one, instead."
    )
    var jobsScaling = false

    @Flag(help: "Time a whole render of 60 generated camera JPEGs instead (see below).")
    var cameraPhotos = false

    @Option(
        help: ArgumentHelp(
            "The highest instruction set the vector paths may use (default: FRAMEGEN_ISA, else the CPU's best).",
            valueName: "portable|sse2|avx2|avx512"))
    var isa: String?

    @OptionGroup var limits: RunLimits

    func validate() throws {
        if !(1...100_000).contains(frames) { throw ValidationError("--frames must be 1 or more.") }
        if !(1...256).contains(jobs) { throw ValidationError("--jobs must be 1-256.") }
        if rgb && rgba { throw ValidationError("--rgb and --rgba: choose one.") }
        if let compression, compression != "all" && RenderOptions.Compression(compression) == nil {
            throw ValidationError("--compression must be 0-9, fast, fastest or all.")
        }
        if let isa, !CPUPaths.isKnown(isa) {
            throw ValidationError("--isa must be one of \(CPUPaths.names).")
        }
    }

    func run() throws {
        // Before anything is drawn or encoded: every path is chosen under it.
        try CPUPaths.setCeiling(isa: isa, environment: Platform.environment)
        limits.start()
        if scaling {
            FileHandleOutput.standardOutput.write(try BenchTool.scaling(frames: min(frames, 5)))
            return
        }
        if jobsScaling {
            let results = try BenchTool.jobsScaling(
                scenes: scenes, frames: frames, layouts: ProgramLayouts.all)
            FileHandleOutput.standardOutput.write(BenchTool.report(results, json: json))
            return
        }
        if cameraPhotos {
            guard scenes.isEmpty, compression != "all" else {
                throw ValidationError("--camera-photos renders its own scene, with one --compression.")
            }
            let result = try CameraPhotosBench.run(
                jobs: jobs, compression: compression.flatMap(RenderOptions.Compression.init))
            FileHandleOutput.standardOutput.write(CameraPhotosBench.report(result, json: json))
            return
        }
        if compression == "all" {
            let rows = try BenchTool.compareCompression(
                scenes: scenes, frames: frames, rgb: rgb ? true : rgba ? false : nil,
                layouts: ProgramLayouts.all)
            FileHandleOutput.standardOutput.write(BenchTool.report(rows, json: json))
            return
        }
        let options = BenchTool.Options(
            frames: frames, jobs: jobs, compression: compression.flatMap(RenderOptions.Compression.init),
            rgb: rgb ? true : rgba ? false : nil)
        let results = try BenchTool.run(scenes: scenes, options: options, layouts: ProgramLayouts.all)
        FileHandleOutput.standardOutput.write(BenchTool.report(results, json: json))
    }
}
