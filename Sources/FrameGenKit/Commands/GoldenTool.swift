import Raster

#if canImport(Glibc)
    import Glibc
#endif

/// `framegen golden record|check [DIR]`: every scene `DIR/NAME.yaml` has its reviewed frames in
/// `DIR/NAME/`. `record` renders them there; `check` renders them into a temporary folder and
/// compares pixel for pixel (any difference fails, exit 1), writing a diff image beside each
/// failing frame in `DIR/NAME-diff/`.
public enum GoldenTool {
    public static func scenes(in directory: String) throws(FrameGenError) -> [String] {
        let names: [String]
        do {
            names = try FileIO.listDirectory(directory)
        } catch {
            throw .badInput(directory, error.reason)
        }
        let scenes = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        if scenes.isEmpty { throw .badInput(directory, "holds no golden scenes (*.yaml)") }
        return scenes.map { directory + "/" + $0 }
    }

    /// Renders every golden scene into its reference folder; returns one line per scene.
    public static func record(_ directory: String) throws(FrameGenError) -> String {
        var out = ""
        for path in try scenes(in: directory) {
            let folder = String(path[..<path.lastIndex(of: ".")!])
            let summary = try RenderPipeline.run(
                FrameSource.load(path, fps: nil), options: RenderOptions(directory: folder, force: true))
            out += "\(path): \(summary.rendered) reference frames written to \(folder)/\n"
        }
        return out
    }

    /// Renders and compares; throws status 1 naming the differing frames.
    public static func check(_ directory: String) throws(FrameGenError) -> String {
        var template = Array("/tmp/framegen-golden-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw .cannotWrite("/tmp", "cannot make a temporary folder")
        }
        let temp = String(cString: made)
        defer { removeTree(temp) }
        var out = ""
        var failures: [String] = []
        for path in try scenes(in: directory) {
            let folder = String(path[..<path.lastIndex(of: ".")!])
            let name = String(folder.split(separator: "/").last!)
            let source = try FrameSource.load(path, fps: nil)
            _ = try RenderPipeline.run(source, options: RenderOptions(directory: temp + "/" + name))
            var differing = 0
            for i in 0..<source.frameCount {
                let frame = formatFrameName(source.pattern, i)
                let reference = folder + "/" + frame
                guard FileIO.fileExists(reference) else {
                    failures.append("\(reference): missing (run 'framegen golden record')")
                    differing += 1
                    continue
                }
                do {
                    _ = try CompareTool.run(expected: reference, actual: temp + "/" + name + "/" + frame)
                } catch  where error.status == .difference {
                    differing += 1
                    let diffFolder = folder + "-diff"
                    try? FileIO.makeDirectory(diffFolder)
                    let diff = diffFolder + "/" + frame
                    _ = try? CompareTool.run(
                        expected: reference, actual: temp + "/" + name + "/" + frame,
                        options: CompareTool.Options(
                            threshold: 0, maxDiffPixels: nil, maxDiffRatio: nil, diffPath: diff))
                    // The message names the temporary render; the reference is what the reader knows.
                    let detail =
                        error.message.split(separator: ":", maxSplits: 1).last.map(String.init)
                        ?? error.message
                    failures.append("\(reference): the new render differs:\(detail); diff in \(diff)")
                }
            }
            out += "\(path): \(source.frameCount - differing) of \(source.frameCount) frames match\n"
        }
        if !failures.isEmpty {
            throw FrameGenError(.difference, out + failures.joined(separator: "\n"))
        }
        return out
    }

    private static func removeTree(_ path: String) {
        for name in (try? FileIO.listDirectory(path)) ?? [] {
            let child = path + "/" + name
            if FileIO.isDirectory(child) { removeTree(child) } else { unlink(child) }
        }
        rmdir(path)
    }
}
