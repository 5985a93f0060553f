import FrameGenCodecs
import FrameGenGeometry
import FrameGenRaster
import FrameGenScene

/// `framegen render ... --check`: whether the output folder holds every frame the same render
/// command would write (after all its shards, or one shard with `--shard`), each a whole PNG of
/// the render's size and byte for byte the frame recorded for this render's fingerprint.
/// Nothing is written. Each problem is one line naming the frame, with the command that fixes
/// it; the same render command fixes them all (it renders exactly the frames that fail here).
public enum OutputCheck {
    /// `fix(nil)` is the render command for everything checked; `fix(n)` renders frame n alone.
    public static func run(
        _ source: FrameSource, options: RenderOptions, fix: (Int?) -> String
    ) -> CheckReport {
        var report = CheckReport()
        let plan: RenderPipeline.Plan
        do {
            plan = try RenderPipeline.plan(source, options: options)
        } catch {
            report.failures.append(error)
            return report
        }
        let directory = plan.directory
        func problem(_ file: String, _ message: String, frame: Int?) {
            report.failures.append(
                FrameGenError(.difference, file: file, "\(message); fix: \(fix(frame))"))
        }
        guard plan.directory != RenderOptions.standardOutput else {
            report.failures.append(.badInput(nil, "--check needs the output folder (-o DIR), not -o -"))
            return report
        }
        guard let manifest = OutputManifest.read(in: directory) else {
            let why =
                FileIO.isDirectory(directory)
                ? "no \(OutputManifest.fileName), so nothing in it is known to be this render's"
                : "no such folder"
            problem(directory, why, frame: nil)
            return report
        }
        guard manifest == plan.manifest else {
            problem(
                directory + "/" + OutputManifest.fileName,
                "describes another render (the scene, an input image, --fps, --scale, --compression, the channels or the framegen version differ)",
                frame: nil)
            return report
        }
        let records = FrameRecord.current(in: directory, fingerprint: manifest.fingerprint)
        let width = (source.canvas.width * plan.scale).rounded().clampedInt(in: 0...65536, nan: 0)
        let height = (source.canvas.height * plan.scale).rounded().clampedInt(in: 0...65536, nan: 0)
        let colorType: PNGInfo.ColorType = plan.encoding.channels == .rgb ? .rgb : .rgba
        var bad = 0
        for index in plan.frames {
            let path = plan.path(index)
            let before = report.failures.count
            defer { if report.failures.count > before { bad += 1 } }
            guard FileIO.fileExists(path) else {
                problem(path, "missing", frame: index)
                continue
            }
            guard let record = records[index] else {
                problem(
                    path, "not recorded as a frame of this render (from another render, or copied in)",
                    frame: index)
                continue
            }
            let bytes: [UInt8]
            do {
                bytes = try FileIO.read(path, maxBytes: record.bytes)
            } catch {
                let what =
                    error.kind == .tooLarge
                    ? "not the frame the render wrote (larger than its \(record.bytes) bytes: from another render, or replaced)"
                    : error.reason
                problem(path, what, frame: index)
                continue
            }
            if bytes.count != record.bytes {
                problem(
                    path, "truncated: \(bytes.count) of the \(record.bytes) bytes the render wrote",
                    frame: index)
                continue
            }
            if FrameRecord.hash(bytes) != record.hash {
                problem(
                    path,
                    "not the frame the render wrote (its size, other bytes: from another render, or replaced)",
                    frame: index)
                continue
            }
            // The bytes are those the encoder wrote; the header still confirms the size, so a
            // record that went with another canvas cannot pass.
            do {
                let info = try PNG.readInfo(bytes)
                if info.width != width || info.height != height || info.colorType != colorType {
                    problem(
                        path,
                        "is \(info.width) x \(info.height) \(info.colorType.name), the render makes \(width) x \(height) \(colorType.name)",
                        frame: index)
                }
            } catch {
                problem(path, "not a valid PNG (\(error.reason))", frame: index)
            }
        }
        if options.shard.isWhole, let names = try? FileIO.listDirectory(directory) {
            for name in names.sorted() {
                guard let i = OutputManifest.frameIndex(name, pattern: manifest.pattern),
                    i >= manifest.frameCount
                else { continue }
                problem(
                    directory + "/" + name, "is past the render's last frame (\(manifest.frameCount - 1))",
                    frame: nil
                )
            }
        }
        let part = options.shard.isWhole ? "" : " of shard \(options.shard)"
        if report.failures.isEmpty {
            report.output =
                "\(directory): all \(plan.frames.count) frame\(plan.frames.count == 1 ? "" : "s")\(part) present, \(width) x \(height), matching the manifest\n"
        } else {
            report.output =
                "\(directory): \(bad) of \(plan.frames.count) frame\(plan.frames.count == 1 ? "" : "s")\(part) need rendering; `\(fix(nil))` renders exactly those\n"
        }
        return report
    }
}
