import FrameGenCodecs
import FrameGenLayout
import FrameGenRaster
import FrameGenScene

/// `framegen attributes` and `framegen layouts`.
public enum AttributesTool {
    public enum Selection: Sendable, Equatable {
        case frame(Int)
        case time(Double)
        case all
    }

    /// The attribute file of a scene's frames; written atomically to `output`, or returned as
    /// text when `output` is nil.
    /// `warn` gets each of the scene's warnings (a line without the newline).
    public static func run(
        scene path: String, selection: Selection, output: String?,
        layouts: [LayoutDescriptor] = LayoutRegistry.builtIn,
        warn: (String) -> Void = { _ in }
    ) throws(FrameGenError) -> String? {
        let timeline = try Timeline(Scene.load(path, layouts: layouts))
        timeline.warnings.forEach(warn)
        let frames: [AttributeFrame]
        switch selection {
        case .frame(let i):
            guard i >= 0, i < timeline.frameCount else {
                throw .badInput(
                    path, "--frame \(i) is outside the scene's frames 0-\(timeline.frameCount - 1)")
            }
            frames = [timeline.frame(i)]
        case .time(let t):
            guard t >= 0, t <= timeline.duration || t == 0 else {
                throw .badInput(
                    path,
                    "--time \(formatNumber(t)) is outside the scene's timeline, 0 to \(formatNumber(timeline.duration)) s"
                )
            }
            frames = [timeline.frame(at: t, index: Int((t * timeline.scene.fps + 1e-9).rounded(.down)))]
        case .all:
            frames = (0..<timeline.frameCount).map(timeline.frame)
        }
        var file = timeline.data.attributeFile(frames: frames)
        file.warnings = timeline.warnings
        let text = file.jsonText()
        guard let output else { return text }
        do {
            try FileIO.writeAtomically(Array(text.utf8), to: output)
        } catch {
            throw .cannotWrite(output, error.reason)
        }
        return nil
    }

    /// `framegen layouts [TYPE]`: each layout, its parameters, their defaults and meanings.
    public static func layouts(type: String?, in all: [LayoutDescriptor] = LayoutRegistry.builtIn)
        throws(FrameGenError) -> String
    {
        var list = all
        if let type {
            guard let d = all.first(where: { $0.type == type }) else {
                var message = "unknown layout type \"\(type)\""
                if let close = closestName(to: type, in: all.map(\.type)) {
                    message += " (did you mean \"\(close)\"?)"
                }
                throw .badInput(nil, message + "; see 'framegen layouts'")
            }
            list = [d]
        }
        var out = ""
        for d in list {
            out += "\(d.type): \(d.summary)\n"
            let width = d.parameters.map { $0.name.count }.max() ?? 0
            for p in d.parameters {
                let name = p.name.padding(toLength: width, withPad: " ", startingAt: 0)
                let value = p.defaultValue?.description ?? "(none)"
                out += "  \(name)  default \(value): \(p.summary)\n"
            }
            out += "\n"
        }
        return out
    }
}
