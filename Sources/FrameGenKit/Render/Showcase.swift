import Raster

/// The built-in showcase (`framegen` with no arguments): album stacks scrolled, pulled down to
/// reveal the emblem with the rubber band, rotated to landscape as the grid reflows from 2 to 3
/// columns, a stack deleted, and back to portrait. About six seconds.
public enum Showcase {
    public static let scene = """
        name: framegen-showcase
        canvas: {scale: 1, background: "#1C1C1E"}
        seed: 11
        content:
          sections: [4, 3, 5, 2, 4, 3, 6, 3, 4, 5, 2, 4]
          titles: [Beach, Snow, City, Forest, Desert, Lakes, Night, Rivers, Islands, Canyons, Meadows, Coast]
        layout: {type: album}
        cell:
          background: "#FFFFFF"
          contentMode: aspectFill
          clipsToBounds: true
          border: {width: 3, color: "#FFFFFF"}
          shadow: {color: "#000000", opacity: 0.5, radius: 3, offset: [0, 2]}
        supplementary:
          title: {font: {size: 13, weight: bold}, color: "#FFFFFF", textShadow: {opacity: 0.5, radius: 1, offset: [0, 1]}}
        timeline:
          - wait: 0.3
          - scroll: {to: [0, 700], duration: 1.2, curve: easeInEaseOut}
          - scroll: {to: [0, 0], duration: 0.6, curve: easeInEaseOut}
          - drag: {by: [0, 320], duration: 0.5}
          - rotate: {to: landscape, duration: 0.5}
          - wait: 0.3
          - delete: {items: [[1, 0]], duration: 0.4}
          - wait: 0.3
          - rotate: {to: portrait, duration: 0.5}
          - wait: 0.3
        """

    public static func render(
        into directory: String, force: Bool, progress: RenderOptions.ProgressStyle = .auto
    )
        throws(FrameGenError) -> RenderSummary
    {
        let parsed = try Scene(document: parseDocument(scene, file: "<showcase>"), folder: ".")
        var source = try FrameSource(scene: parsed, directory: directory)
        source.inputText = scene
        return try RenderPipeline.run(
            source, options: RenderOptions(directory: directory, progress: progress, force: force))
    }
}

extension RenderSummary {
    /// What `render` prints at the end: where the frames are and how to make a video.
    public var report: String {
        var s = "\(rendered) frame\(rendered == 1 ? "" : "s") written to \(directory)/"
        if kept > 0 { s += " (\(kept) already there, kept; --force re-renders them)" }
        if let video { s += "\n\((try? VideoFormat(path: video))?.title ?? "Video"): \(video)" }
        return s + "\nMake a video: " + ffmpegCommand + "\n"
    }
}
