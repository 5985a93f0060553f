import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster
import FrameGenScene

/// The built-in showcase (`framegen` with no arguments): a tour of every built-in layout, one
/// segment each with its signature motion under a caption, rendered one after another into
/// numbered folders, plus an animated preview of the whole tour.
///
/// Segments rather than one scene with nine views side by side: each layout gets a phone-sized
/// view and its own content (the album needs titled sections, the carousel a dozen items), and a
/// segment reads like a screen recording of that app. Every segment shares one canvas size, so
/// the preview is their frames back to back.
public enum Showcase {
    /// One part of the tour: a scene of its own, shown below `caption`.
    public struct Segment: Sendable {
        /// Its folder in the output, `NN-layout`.
        public let folder: String
        public let caption: String
        /// The scene file's text.
        public let scene: String

        /// A scene file's bytes, without its final newline: the text the tour's output
        /// folders are fingerprinted by (a caption is added to it), which is what it was
        /// when the scenes were written in Swift, so folders rendered then still resume.
        init(folder: String, caption: String, file: [UInt8]) {
            self.folder = folder
            self.caption = caption
            var text = String(decoding: file, as: UTF8.self)
            while text.hasSuffix("\n") { text.removeLast() }
            scene = text
        }
    }

    /// How large and how smooth a render of the tour is.
    public struct Quality: Sendable {
        public var scale: Double
        public var fps: Double
        public init(scale: Double, fps: Double) {
            self.scale = scale
            self.fps = fps
        }
        /// Scale 1.5: the album's 13 pt titles are 20 px high, and the tour still renders in
        /// about a minute on 2 cores.
        public static let frames = Quality(scale: 1.5, fps: 30)
        /// Small enough (about 10 MB) for a README or an issue, large enough for the captions.
        public static let preview = Quality(scale: 0.5, fps: 10)
    }

    /// What the tour writes besides the segment folders, relative to the output folder.
    public enum Output {
        /// The animated PNG of the whole tour at `Quality.preview`.
        public static let preview = "showcase-preview.png"
        /// The preview's frames, one folder per segment (kept so a second run only rebuilds the
        /// animation).
        public static let previewFrames = "preview"
        /// The contact sheet of the tour: two frames of each segment's preview, in order.
        public static let sheet = "showcase-sheet.png"
    }

    /// Every segment's canvas: a phone-sized view below a caption band.
    static let canvasWidth = 390.0
    static let canvasHeight = 900.0
    static let captionHeight = 56.0
    static let captionKind = "showcaseCaption"
    static let captionStyle: ElementStyle = {
        var s = ElementStyle()
        s.background = Color(r: 28, g: 28, b: 30)
        s.font = ElementStyle.Font(size: 20, bold: true)
        s.color = .white
        return s
    }()

    /// The tour, in order. Each scene is a file of `examples/showcase/` (render one with
    /// `framegen render examples/showcase/album.yaml`), built into the library, so an installed
    /// binary needs no files beside it (docs/decisions.md, "Showcase"). Every scene uses the
    /// canvas above (`canvasWidth` x `canvasHeight`) with its views under the caption band;
    /// ShowcaseTests checks that.
    public static let segments: [Segment] = [
        Segment(
            folder: "01-album", caption: "Album: scroll, pull, release", file: PackageResources.album_yaml),
        Segment(folder: "02-flow", caption: "Flow: headers and footers", file: PackageResources.flow_yaml),
        Segment(folder: "03-waterfall", caption: "Waterfall: fling", file: PackageResources.waterfall_yaml),
        Segment(
            folder: "04-photos", caption: "Photos: insert, delete, move", file: PackageResources.photos_yaml),
        Segment(
            folder: "05-coverflow", caption: "Cover flow: drag and snap",
            file: PackageResources.coverflow_yaml),
        Segment(
            folder: "06-carousel", caption: "Carousel: spin, snap, tap", file: PackageResources.carousel_yaml),
        Segment(
            folder: "07-photos-app", caption: "Photos app: pages and strip",
            file: PackageResources.photos_app_yaml),
        Segment(
            folder: "08-paging", caption: "Paging: fling, indicators", file: PackageResources.paging_yaml),
        Segment(folder: "09-pinch", caption: "Pinch: gather and grow", file: PackageResources.pinch_yaml),
        Segment(
            folder: "10-icarousel", caption: "iCarousel: the eleven types",
            file: PackageResources.icarousel_yaml),
    ]

    /// The scene `bench` measures when given none: the tour's first segment.
    public static var scene: String { segments[0].scene }

    /// Renders every segment's frames into `directory/NN-layout/`, then the preview's frames into
    /// `directory/preview/NN-layout/` and the animated preview from them. Folders whose
    /// manifest matches keep their frames (a second run only rebuilds the animation).
    public static func render(
        into directory: String, force: Bool, progress: RenderOptions.ProgressStyle = .auto,
        frames: Quality = .frames, preview: Quality = .preview
    ) throws(FrameGenError) -> ShowcaseSummary {
        var summary = ShowcaseSummary(directory: directory)
        var previewFrames: [String] = []
        for (number, segment) in segments.enumerated() {
            let caption = "\(number + 1)/\(segments.count)  \(segment.caption)"
            let full = try source(segment, caption: caption, quality: frames)
            let folder = directory + "/" + segment.folder
            let done = try RenderPipeline.run(
                full,
                options: RenderOptions(
                    directory: folder, progress: progress, force: force, rgb: true))
            summary.segments.append(
                .init(folder: folder, caption: caption, rendered: done.rendered, kept: done.kept))

            let small = try source(segment, caption: caption, quality: preview)
            let smallFolder = directory + "/" + Output.previewFrames + "/" + segment.folder
            _ = try RenderPipeline.run(
                small,
                options: RenderOptions(
                    directory: smallFolder, progress: .none, force: force, rgb: true))
            previewFrames += (0..<small.frameCount).map {
                smallFolder + "/" + formatFrameName(small.pattern, $0)
            }
        }
        let animation = directory + "/" + Output.preview
        try VideoOutput.writeAnimatedPNG(animation, paths: previewFrames, fps: preview.fps)
        summary.preview = animation
        summary.previewFrameCount = previewFrames.count
        let sheet = directory + "/" + Output.sheet
        _ = try ContactSheet.write(
            FileFrames(paths: previewFrames, fps: preview.fps), named: directory + "/" + Output.previewFrames,
            to: sheet, options: ContactSheet.Options(count: 2 * segments.count, columns: 6),
            text: TextRenderer())
        summary.sheet = sheet
        return summary
    }

    /// A segment's frames at `quality`, each with the caption band over the top of the canvas.
    static func source(_ segment: Segment, caption: String, quality: Quality) throws(FrameGenError)
        -> FrameSource
    {
        var scene = try Scene(
            document: parseDocument(segment.scene, file: "<showcase \(segment.folder)>"), folder: ".")
        // On the canvas rather than as a render option: generated photos are sized by it, so a
        // small preview does not paint 1024 px photos.
        scene.canvas.scale = quality.scale
        scene.fps = quality.fps
        var source = try FrameSource(scene: scene)
        // The manifest keys on the text (and framegen's version): the caption is part of the pixels.
        source.inputText = segment.scene + "\ncaption: " + caption
        source.kindStyles[captionKind] = captionStyle
        let band = Rect(x: 0, y: 0, width: canvasWidth, height: captionHeight)
        var label = LayoutAttributes.supplementaryView(
            ofKind: captionKind, IndexPath(section: 0, item: 0), frame: band)
        label.text = caption
        let view = AttributeView(
            name: "caption", frame: band, bounds: band, elements: [AttributeElement(attributes: label)])
        let frame = source.frame
        source.frame = { index in
            var f = frame(index)
            f.views.append(view)
            return f
        }
        return source
    }
}

/// Where the showcase put everything.
public struct ShowcaseSummary: Sendable {
    public struct Segment: Sendable {
        public var folder: String
        public var caption: String
        public var rendered: Int
        public var kept: Int
    }
    public var directory: String
    public var segments: [Segment] = []
    public var preview = ""
    public var previewFrameCount = 0
    public var sheet = ""

    /// One line per segment folder, then the animated preview.
    public var report: String {
        var s = ""
        for segment in segments {
            let frames = segment.rendered + segment.kept
            s += "\(segment.folder)/: \(frames) frames (\(segment.caption))"
            if segment.kept > 0 { s += ", \(segment.kept) already there, kept (--force re-renders them)" }
            s += "\n"
        }
        return s
            + "Animated preview (plays in browsers): \(preview) (\(previewFrameCount) frames; its frames in \(directory)/\(Showcase.Output.previewFrames)/)\n"
            + "Contact sheet: \(sheet)\n"
    }
}
