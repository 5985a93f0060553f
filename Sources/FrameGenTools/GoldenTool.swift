import Dispatch
import FrameGenCodecs
import FrameGenComparison
import FrameGenLayout
import FrameGenRaster
import FrameGenRender
import FrameGenScene
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `framegen golden check|record [DIR|SCENE...]`: every golden scene `DIR/NAME.yaml` (or `.yml`,
/// `.json`) has its reviewed reference frames in `DIR/NAME/`, all of its frames or the subset its
/// `golden:` key names. `check` renders them in memory and compares them as `compare` does;
/// `record` writes exactly the reference set. docs/golden-testing.md is the user's manual.
public enum GoldenTool {
    public struct Options: Sendable {
        /// Tolerance given on the command line: laid over each scene's own, key by key.
        public var tolerance: ToleranceOverride
        /// Where a failing `check` puts its images and reports; emptied by every `check`.
        public var artifacts: String
        /// `record --missing`: write only the references that are absent, remove nothing.
        public var missingOnly: Bool
        /// Frames rendered at once (0: one per core).
        public var jobs: Int
        /// The layout types the scenes may name.
        public var layouts: [LayoutDescriptor]

        public init(
            tolerance: ToleranceOverride = ToleranceOverride(), artifacts: String = ".golden-artifacts",
            missingOnly: Bool = false, jobs: Int = 0, layouts: [LayoutDescriptor] = LayoutRegistry.builtIn
        ) {
            self.tolerance = tolerance
            self.artifacts = artifacts
            self.missingOnly = missingOnly
            self.jobs = jobs
            self.layouts = layouts
        }
    }

    /// The scene extensions a golden folder is searched for.
    public static let sceneExtensions = [".yaml", ".yml", ".json"]

    /// One golden scene and its reference set.
    public struct GoldenScene: Sendable {
        public var path: String
        public var name: String
        /// `DIR/NAME`, beside the scene file.
        public var referenceFolder: String
        public var source: FrameSource
        /// The frames that have references, ascending.
        public var frames: [Int]
        /// The scene's own `golden:` tolerance keys.
        public var tolerance: ToleranceOverride

        public func referenceName(_ frame: Int) -> String { formatFrameName(source.pattern, frame) }

        /// "7 frames" or "frames 0, 15, 30 of 31".
        var frameDescription: String {
            frames.count == source.frameCount
                ? "\(frames.count) frames" : "\(frames.count) of \(source.frameCount) frames (golden.frames)"
        }
    }

    /// The keys of a scene's `golden:` mapping.
    static let sceneKeys = ["frames", "every", "threshold", "includeAA", "maxDiffPixels", "maxDiffRatio"]

    /// Reads a golden scene: the scene itself (status 2 when invalid) and its `golden:` key,
    /// `{frames: [0, 15, 30]}` or `{every: 5}` plus tolerance keys.
    public static func load(_ path: String, layouts: [LayoutDescriptor] = LayoutRegistry.builtIn)
        throws(FrameGenError)
        -> GoldenScene
    {
        let source = try FrameSource.load(path, fps: nil, layouts: layouts)
        let document = try readDocument(path)
        var frames = Array(0..<source.frameCount)
        var tolerance = ToleranceOverride()
        if case .map = document.value, let golden = try document.map()["golden"] {
            let map = try golden.map("a golden mapping")
            try map.check(allowed: sceneKeys)
            if map["frames"] != nil && map["every"] != nil {
                throw map["every"]!.problem("give either `frames` or `every`, not both")
            }
            let last = source.frameCount - 1
            if let list = map["frames"] {
                var chosen = Set<Int>()
                for n in try list.list() {
                    chosen.insert(try n.integer(in: 0...last))
                }
                if chosen.isEmpty { throw list.error("at least one frame number") }
                frames = chosen.sorted()
            }
            if let every = map["every"] {
                let n = try every.integer(in: 1...Int(Int32.max))
                // The settled end state is what a layout test most needs, so it is always in.
                frames = Array(Set(stride(from: 0, through: last, by: n)).union([last])).sorted()
            }
            tolerance.threshold = try map["threshold"]?.number(in: 0...1)
            tolerance.includeAA = try map["includeAA"]?.bool()
            if map["maxDiffPixels"] != nil && map["maxDiffRatio"] != nil {
                throw map["maxDiffRatio"]!.problem("give either `maxDiffPixels` or `maxDiffRatio`, not both")
            }
            if let n = try map["maxDiffPixels"]?.integer(in: 0...Int(Int32.max)) {
                tolerance.allowance = .pixels(n)
            }
            if let r = try map["maxDiffRatio"]?.number(in: 0...1) { tolerance.allowance = .ratio(r) }
        }
        let stem = stemOf(path)
        return GoldenScene(
            path: path, name: baseName(path), referenceFolder: stem, source: source, frames: frames,
            tolerance: tolerance)
    }

    /// The scene files of a folder, sorted.
    public static func scenes(in directory: String) throws(FrameGenError) -> [String] {
        let names: [String]
        do {
            names = try FileIO.listDirectory(directory)
        } catch {
            throw .badInput(directory, error.reason)
        }
        let scenes = names.filter { n in !n.hasPrefix(".") && sceneExtensions.contains { n.hasSuffix($0) } }
            .sorted()
        if scenes.isEmpty { throw .badInput(directory, "holds no golden scenes (*.yaml, *.yml, *.json)") }
        return scenes.map { join(directory, $0) }
    }

    /// The scenes the arguments name (a folder stands for all of its scenes), and the folders.
    static func resolve(_ arguments: [String]) throws(FrameGenError) -> (scenes: [String], folders: [String])
    {
        var scenes: [String] = []
        var folders: [String] = []
        for argument in arguments.isEmpty ? ["golden"] : arguments {
            let path = argument.count > 1 && argument.hasSuffix("/") ? String(argument.dropLast()) : argument
            if FileIO.isDirectory(path) {
                folders.append(path)
                scenes += try self.scenes(in: path)
            } else if FileIO.fileExists(path) {
                guard sceneExtensions.contains(where: { path.hasSuffix($0) }) else {
                    throw .badInput(path, "is not a scene (*.yaml, *.yml, *.json) or a folder of them")
                }
                scenes.append(path)
            } else {
                throw .badInput(path, "no such scene or folder")
            }
        }
        var seen: [String: String] = [:]
        var unique: [String] = []
        for scene in scenes {
            let stem = stemOf(scene)
            if let other = seen[stem] {
                if other == scene { continue }
                throw .badInput(scene, "shares its reference folder \(stem)/ with \(other); rename one")
            }
            seen[stem] = scene
            unique.append(scene)
        }
        return (unique, folders)
    }

    // MARK: record

    /// Writes the reference set of every scene named: each reference frame (a file whose
    /// pixels are already those bytes is left alone) and, unless `missingOnly`, removes every
    /// other file of the reference folder and, in a folder given whole, reference folders whose
    /// scene is gone.
    public static func record(_ arguments: [String], options: Options = Options()) -> CheckReport {
        var report = CheckReport()
        let resolved: (scenes: [String], folders: [String])
        do { resolved = try resolve(arguments) } catch {
            report.failures.append(error)
            return report
        }
        var wrote = false
        var inputs = Set<String>()
        var allLoaded = true
        for path in resolved.scenes {
            do throws(FrameGenError) {
                let scene: GoldenScene
                do { scene = try load(path, layouts: options.layouts) } catch {
                    allLoaded = false
                    throw error
                }
                inputs.formUnion(inputFolders(scene))
                let (line, written) = try record(scene, options: options)
                report.output += line + "\n"
                wrote = wrote || written > 0
            } catch {
                report.failures.append(error)
            }
        }
        if wrote { report.output += "Look at every new reference before committing it.\n" }
        // A scene that did not load may read images from a folder that looks stale.
        if !options.missingOnly && allLoaded {
            for folder in resolved.folders {
                for stale in staleFolders(folder, scenes: resolved.scenes, inputs: inputs) {
                    do {
                        try removeReferenceFolder(stale)
                        report.output += "\(stale)/: removed (its scene is gone)\n"
                    } catch {
                        report.failures.append(error)
                    }
                }
            }
        }
        return report
    }

    /// Records one scene; returns its line and how many files were written.
    static func record(_ scene: GoldenScene, options: Options) throws(FrameGenError) -> (String, Int) {
        let folder = scene.referenceFolder
        do { try FileIO.makeDirectory(folder) } catch { throw .cannotWrite(folder, error.reason) }
        let todo =
            options.missingOnly
            ? scene.frames.filter { !FileIO.fileExists(join(folder, scene.referenceName($0))) } : scene.frames
        let encoding = PNGEncodingOptions(
            channels: try scene.source.channels(asked: nil), compression: scene.source.compression)
        let written = Mutex(0)
        try forEachFrame(scene, todo, jobs: options.jobs) { frame, image throws(FrameGenError) in
            let path = join(folder, scene.referenceName(frame))
            let bytes: [UInt8]
            do throws(ImageFileError) { bytes = try PNG.encode(image, options: encoding) } catch {
                throw .cannotWrite(path, error.reason)
            }
            if let old = try? FileIO.read(path, maxBytes: 1 << 30), old == bytes { return }
            do throws(FileIOError) { try FileIO.writeAtomically(bytes, to: path) } catch {
                throw .cannotWrite(path, error.reason)
            }
            written.withLock { $0 += 1 }
        }
        var removed = 0
        if !options.missingOnly {
            for name in extraFiles(scene) {
                do { try FileIO.remove(join(folder, name)) } catch {
                    throw .cannotWrite(join(folder, name), error.reason)
                }
                removed += 1
            }
        }
        let n = written.withLock { $0 }
        var line = "\(scene.path): \(scene.frames.count) reference frames in \(folder)/ ("
        if options.missingOnly {
            line += "\(n) missing written, \(scene.frames.count - n) already there)"
        } else {
            line += "\(n) written, \(scene.frames.count - n) unchanged"
            line += removed > 0 ? ", \(removed) extra removed)" : ")"
        }
        return (line, n)
    }

    // MARK: check

    /// What became of one reference frame.
    struct FrameResult: Sendable {
        enum Outcome: Sendable { case match, differs, missing, unreadable, extra }
        var frame: Int
        var name: String
        var outcome: Outcome
        var message: String = ""
        var comparison: ImageComparison?
        /// Artifact file names relative to the artifacts folder: expected, actual, diff, side by side.
        var images: [String] = []
    }

    /// Renders every scene named and compares each reference frame; a missing reference set,
    /// missing, extra and stale references, unreadable references and differences all fail,
    /// each with the command that fixes it. On failure the artifacts folder receives the images,
    /// `junit.xml` and `index.html`; a pass leaves no artifacts folder.
    public static func check(_ arguments: [String], options: Options = Options()) -> CheckReport {
        var report = CheckReport()
        clearArtifacts(options.artifacts)
        let resolved: (scenes: [String], folders: [String])
        do { resolved = try resolve(arguments) } catch {
            report.failures.append(error)
            return report
        }
        var suites: [(scene: String, results: [FrameResult])] = []
        var artifactsWritten = false
        var inputs = Set<String>()
        for path in resolved.scenes {
            let scene: GoldenScene
            do {
                scene = try load(path, layouts: options.layouts)
                inputs.formUnion(inputFolders(scene))
            } catch {
                report.failures.append(error)
                suites.append(
                    (
                        path,
                        [
                            FrameResult(
                                frame: 0, name: "scene", outcome: .unreadable, message: error.description)
                        ]
                    ))
                continue
            }
            let folder = scene.referenceFolder
            let present = referenceNames(folder).filter { $0.hasSuffix(".png") }
            let tolerance = options.tolerance.applied(
                to: scene.tolerance.applied(to: CompareTool.Tolerance()))
            if present.isEmpty {
                let failure = FrameGenError(
                    .badInput, file: folder + "/",
                    "no reference frames recorded for \(path); record them with 'framegen golden record \(path)' and look at them before committing"
                )
                report.failures.append(failure)
                // The renders a reviewer would be asked to accept.
                let results = (try? checkFrames(scene, tolerance: tolerance, options: options)) ?? []
                artifactsWritten = artifactsWritten || results.contains { !$0.images.isEmpty }
                suites.append(
                    (
                        path,
                        results.map { r in
                            var r = r; r.message = failure.message; return r
                        }
                    ))
                continue
            }
            var results: [FrameResult]
            do {
                results = try checkFrames(scene, tolerance: tolerance, options: options)
            } catch {
                report.failures.append(error)
                continue
            }
            for name in extraFiles(scene) {
                results.append(
                    FrameResult(
                        frame: -1, name: name, outcome: .extra,
                        message:
                            "extra reference: \(extraReason(scene, name)); remove it with 'framegen golden record \(path)'"
                    ))
            }
            let matching = results.filter { $0.outcome == .match }.count
            report.output += "\(path): \(matching) of \(scene.frames.count) reference frames match"
            if scene.frames.count != scene.source.frameCount {
                report.output += " (golden.frames of \(scene.source.frameCount))"
            }
            report.output += "\n"
            for r in results where r.outcome != .match {
                let kind: FrameGenError.Kind = r.outcome == .unreadable ? .badInput : .difference
                report.failures.append(FrameGenError(kind, file: join(folder, r.name), r.message))
                if !r.images.isEmpty { artifactsWritten = true }
            }
            suites.append((path, results))
        }
        for folder in resolved.folders {
            for stale in staleFolders(folder, scenes: resolved.scenes, inputs: inputs) {
                let message =
                    "stale references: no scene \(stale).yaml, .yml or .json uses them; remove them with 'framegen golden record \(folder)'"
                report.failures.append(FrameGenError(.difference, file: stale + "/", message))
                suites.append(
                    (
                        stale,
                        [FrameResult(frame: -1, name: baseName(stale), outcome: .extra, message: message)]
                    ))
            }
        }
        if !report.failures.isEmpty {
            do {
                try writeReports(suites, to: options.artifacts)
                report.output +=
                    "artifacts: \(options.artifacts)/index.html and \(options.artifacts)/junit.xml"
                    + (artifactsWritten ? ", with expected, actual, diff and side-by-side images" : "") + "\n"
            } catch {
                report.failures.append(error)
            }
        }
        return report
    }

    /// Renders and compares the reference frames of one scene, writing the artifacts of the
    /// failing ones.
    static func checkFrames(
        _ scene: GoldenScene, tolerance: CompareTool.Tolerance, options: Options
    ) throws(FrameGenError) -> [FrameResult] {
        let results = Mutex([FrameResult]())
        let artifactFolder = join(options.artifacts, scene.name)
        let fix = "if the change is intended, 'framegen golden record \(scene.path)'"
        try forEachFrame(scene, scene.frames, jobs: options.jobs) { frame, image throws(FrameGenError) in
            let name = scene.referenceName(frame)
            let check = try GoldenFrameCheck(
                reference: join(scene.referenceFolder, name), actual: StraightImage(image),
                tolerance: tolerance,
                artifacts: artifactFolder, stem: name.hasSuffix(".png") ? String(name.dropLast(4)) : name)
            var result = FrameResult(frame: frame, name: name, outcome: .match, comparison: check.comparison)
            result.images = check.images.map { scene.name + "/" + $0 }
            switch check.outcome {
            case .match:
                break
            case .missing:
                result.outcome = .missing
                result.message =
                    "missing reference (frame \(frame) of \(scene.frameDescription)); add it with 'framegen golden record --missing \(scene.path)'"
            case .unreadable:
                result.outcome = .unreadable
                result.message =
                    "unreadable reference: \(check.reason); re-record it with 'framegen golden record \(scene.path)'"
            case .differs:
                let comparison = check.comparison!
                result.outcome = .differs
                result.message =
                    "the new render differs: \(comparison.summary)\(CompareTool.allowed(comparison, tolerance)); "
                    + "see \(join(options.artifacts, result.images[3])); \(fix)"
            }
            results.withLock { $0.append(result) }
        }
        return results.withLock { $0 }.sorted { $0.frame < $1.frame }
    }

    // MARK: rendering

    /// Renders `frames` of a scene, `jobs` at a time, handing each image to `body` (which may be
    /// called from several threads). The first error stops the rest and is thrown.
    static func forEachFrame(
        _ scene: GoldenScene, _ frames: [Int], jobs: Int,
        _ body: @Sendable (Int, Image) throws(FrameGenError) -> Void
    ) throws(FrameGenError) {
        if frames.isEmpty { return }
        let source = scene.source
        let composer = try FrameComposer(
            canvas: source.canvas, style: source.style, kindStyles: source.kindStyles)
        let cores = jobs > 0 ? jobs : RenderPipeline.processorCount
        let threads = min(frames.count, cores)
        // Fewer frames than cores (a one-frame reference set): bands use the rest.
        let bands = max(1, cores / threads)
        // No buffer reuse: `body` may keep the image it is handed.
        try FrameScheduler.run(count: frames.count, workers: threads) { k, _ throws(FrameGenError) in
            try body(
                frames[k], composer.render(source.frame(frames[k]), scale: source.canvas.scale, bands: bands))
        }
    }

    // MARK: reference folders

    /// The files of a reference folder (hidden ones left out), sorted; none when it is absent.
    static func referenceNames(_ folder: String) -> [String] {
        ((try? FileIO.listDirectory(folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Files in the reference folder that are not in the reference set.
    /// PNG files in the reference folder that are not in the reference set (and a render
    /// manifest): other files (notes, a README) are the user's, neither checked nor removed.
    static func extraFiles(_ scene: GoldenScene) -> [String] {
        let wanted = Set(scene.frames.map(scene.referenceName))
        return referenceNames(scene.referenceFolder).filter {
            ($0.hasSuffix(".png") || $0 == "framegen-manifest.json") && !wanted.contains($0)
                && !FileIO.isDirectory(join(scene.referenceFolder, $0))
        }
    }

    static func extraReason(_ scene: GoldenScene, _ name: String) -> String {
        for i in 0..<(scene.source.frameCount + 10_000) where scene.referenceName(i) == name {
            return i >= scene.source.frameCount
                ? "frame \(i), and the scene now has \(scene.source.frameCount) frames (0-\(scene.source.frameCount - 1))"
                : "frame \(i) is not among the scene's golden frames"
        }
        return "not a reference frame of the scene"
    }

    /// Subfolders of a golden folder that hold PNG files and belong to no scene there.
    /// Subfolders of a golden folder that look like reference frames (PNGs numbered in one
    /// sequence) and belong to no scene there. A folder a scene reads images from, or an
    /// artifacts folder, is never one: record removes what this returns.
    static func staleFolders(_ folder: String, scenes: [String], inputs: Set<String>) -> [String] {
        let owned = Set(scenes.map(stemOf))
        return referenceNames(folder).map { join(folder, $0) }.filter { path in
            guard FileIO.isDirectory(path), !owned.contains(path), !inputs.contains(normalized(path)),
                !FileIO.fileExists(join(path, artifactsMarker))
            else { return false }
            let pngs = referenceNames(path).filter { $0.hasSuffix(".png") }
            return !pngs.isEmpty && Set(pngs.map(sequencePrefix)).count == 1 && sequencePrefix(pngs[0]) != nil
        }
    }

    /// "frame_" for "frame_0012.png"; nil for a name that does not end in a number.
    static func sequencePrefix(_ name: String) -> String? {
        let stem = name.dropLast(4)
        let prefix = stem.reversed().drop { $0.isNumber }.reversed()
        return prefix.count < stem.count ? String(prefix) : nil
    }

    /// The folders of the files a scene reads (its images), as `staleFolders` compares them.
    static func inputFolders(_ scene: GoldenScene) -> [String] {
        scene.source.inputFiles.dropFirst().map { normalized(folderOf($0)) }
    }

    /// Without "." components, doubled or trailing slashes.
    static func normalized(_ path: String) -> String {
        let joined = path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : joined.isEmpty ? "." : joined
    }

    /// Removes a stale reference folder, only when it holds nothing but PNG files (and the
    /// render manifest): anything else is the user's to remove.
    static func removeReferenceFolder(_ path: String) throws(FrameGenError) {
        let names = (try? FileIO.listDirectory(path)) ?? []
        let foreign = names.filter { !$0.hasSuffix(".png") && $0 != "framegen-manifest.json" }
        if let first = foreign.first {
            throw .cannotWrite(
                path + "/", "stale reference folder also holds \(first); remove it by hand (rm -r \(path))")
        }
        for name in names {
            do { try FileIO.remove(join(path, name)) } catch {
                throw .cannotWrite(join(path, name), error.reason)
            }
        }
        if rmdir(path) != 0 { throw .cannotWrite(path, "cannot remove the folder") }
    }

    // MARK: artifacts

    /// The file that marks a folder as framegen's artifacts, so that a later run may empty it.
    static let artifactsMarker = ".framegen-golden-artifacts"

    /// The endings of the images a check writes.
    static let artifactSuffixes = GoldenFrameCheck.artifactSuffixes.map { "-" + $0 + ".png" }

    /// Removes what an earlier check wrote, in a folder that holds the marker: its reports and
    /// images, then the folders they leave empty. Nothing else is touched, so `--artifacts .`
    /// cannot cost a user a file.
    static func clearArtifacts(_ folder: String) {
        guard FileIO.fileExists(join(folder, artifactsMarker)) else { return }
        for name in ["junit.xml", "index.html", artifactsMarker] { unlink(join(folder, name)) }
        for sub in (try? FileIO.listDirectory(folder)) ?? [] where FileIO.isDirectory(join(folder, sub)) {
            let path = join(folder, sub)
            for name in (try? FileIO.listDirectory(path)) ?? []
            where artifactSuffixes.contains(where: { name.hasSuffix($0) }) {
                unlink(join(path, name))
            }
            rmdir(path)
        }
        rmdir(folder)
    }

    static func writeReports(_ suites: [(scene: String, results: [FrameResult])], to folder: String)
        throws(FrameGenError)
    {
        do {
            try FileIO.makeDirectory(folder)
            try FileIO.writeAtomically(
                Array("framegen golden check artifacts; removed by the next check\n".utf8),
                to: join(folder, artifactsMarker))
            try FileIO.writeAtomically(Array(junitXML(suites).utf8), to: join(folder, "junit.xml"))
            try FileIO.writeAtomically(Array(htmlReport(suites).utf8), to: join(folder, "index.html"))
        } catch {
            throw .cannotWrite(error.path, error.reason)
        }
    }

    /// One test suite per scene, one test case per reference frame (and per extra file).
    static func junitXML(_ suites: [(scene: String, results: [FrameResult])]) -> String {
        let tests = suites.reduce(0) { $0 + $1.results.count }
        let failures = suites.reduce(0) { $0 + $1.results.filter { $0.outcome != .match }.count }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"framegen golden\" tests=\"\(tests)\" failures=\"\(failures)\">\n"
        for suite in suites {
            let failed = suite.results.filter { $0.outcome != .match }.count
            xml +=
                "  <testsuite name=\"\(escape(suite.scene))\" tests=\"\(suite.results.count)\" failures=\"\(failed)\">\n"
            for r in suite.results {
                xml += "    <testcase classname=\"\(escape(suite.scene))\" name=\"\(escape(r.name))\""
                if r.outcome == .match {
                    xml += "/>\n"
                    continue
                }
                xml += ">\n      <failure message=\"\(escape(r.message))\" type=\"\(r.outcome)\">"
                xml += escape(
                    r.images.isEmpty ? r.message : r.message + "\nimages: " + r.images.joined(separator: ", ")
                )
                xml += "</failure>\n    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// A page a reviewer opens: every failing frame with its numbers and its images.
    static func htmlReport(_ suites: [(scene: String, results: [FrameResult])]) -> String {
        var html = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>framegen golden check</title>
            <style>
            body { font: 14px -apple-system, system-ui, sans-serif; margin: 2em; background: #fafafa; }
            h2 { margin-top: 2em; } .frame { background: #fff; border: 1px solid #ddd; padding: 1em; margin: 1em 0; }
            .images { display: flex; gap: 1em; align-items: flex-start; } figure { margin: 0; }
            figcaption { color: #666; font-size: 12px; } img { image-rendering: pixelated; border: 1px solid #ccc; max-width: 30vw; }
            code { background: #eee; padding: 0 .3em; } .kind { font-weight: bold; color: #b00; }
            </style></head><body>
            <h1>framegen golden check: failures</h1>
            <p>Diff images: the expected frame faded to grey, differing pixels red, anti-aliasing yellow.</p>

            """
        for suite in suites where suite.results.contains(where: { $0.outcome != .match }) {
            html += "<h2>\(escape(suite.scene))</h2>\n"
            for r in suite.results where r.outcome != .match {
                html +=
                    "<div class=\"frame\"><p><span class=\"kind\">\(r.outcome)</span> <code>\(escape(r.name))</code></p>\n"
                if let c = r.comparison {
                    html +=
                        "<p>\(c.differingPixels) of \(c.pixelCount) pixels differ (\(formatPercent(c.ratio))), "
                        + "\(c.antialiasedPixels) anti-aliased, SSIM \(formatFixed(c.ssim, 4)), "
                        + "expected \(c.expectedWidth) x \(c.expectedHeight) px, actual \(c.actualWidth) x \(c.actualHeight) px</p>\n"
                }
                html += "<p>\(escape(r.message))</p>\n<div class=\"images\">\n"
                for image in r.images where !image.hasSuffix("-side-by-side.png") {
                    let label = image.split(separator: "-").last.map { String($0.dropLast(4)) } ?? image
                    html +=
                        "<figure><a href=\"\(escape(image))\"><img src=\"\(escape(image))\"></a><figcaption>\(label)</figcaption></figure>\n"
                }
                html += "</div></div>\n"
            }
        }
        return html + "</body></html>\n"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            default: out.append(c)
            }
        }
        return out
    }

    static func formatFixed(_ x: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let n = Int((Swift.max(0, x) * scale).rounded())
        var frac = String(n % Int(scale))
        while frac.count < digits { frac = "0" + frac }
        return "\(n / Int(scale)).\(frac)"
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The path without its scene extension: the reference folder.
    static func stemOf(_ path: String) -> String {
        for ext in sceneExtensions where path.hasSuffix(ext) { return String(path.dropLast(ext.count)) }
        return path
    }
}
