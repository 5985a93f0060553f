import Geometry
import Layout
import Raster

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
        public let scene: String
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

    /// The canvas line every segment uses (same size, so the preview can chain them; the scale
    /// is the render's `Quality`).
    private static func canvas(_ background: String) -> String {
        "canvas: {width: \(Int(canvasWidth)), height: \(Int(canvasHeight)), background: \"\(background)\"}"
    }

    /// The phone-sized view's frame below the caption band, or a band of `height` centred in it.
    private static func viewFrame(height: Double = 844) -> String {
        let top = captionHeight + ((canvasHeight - captionHeight) - height) / 2
        return "[0, \(Int(top)), \(Int(canvasWidth)), \(Int(height))]"
    }

    public static let segments: [Segment] = [
        Segment(
            folder: "01-album", caption: "Album: scroll, pull, release",
            scene: """
                name: showcase-album
                \(canvas("#2B2B2B"))
                seed: 11
                view: {frame: \(viewFrame())}
                content:
                  sections: [4, 3, 5, 2, 4, 3, 6, 3, 4, 5, 2, 4, 3, 5, 2, 4, 6, 3, 4, 2]
                  titles: [Beach, Snow, City, Forest, Desert, Lakes, Night, Rivers, Islands, Canyons, Meadows, Coast, Dunes, Peaks, Glaciers, Harbour, Valley, Reef, Tundra, Cliffs]
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
                  - wait: 0.2
                  - scroll: {to: [0, 600], duration: 0.8, curve: easeInEaseOut}
                  - scroll: {to: [0, 0], duration: 0.5, curve: easeInEaseOut}
                  - drag: {by: [0, 300], duration: 0.5}
                """),
        Segment(
            folder: "02-flow", caption: "Flow: headers and footers",
            scene: """
                name: showcase-flow
                \(canvas("#F2F2F7"))
                seed: 3
                view: {frame: \(viewFrame()), decelerationRate: fast}
                content:
                  sections: [7, 5, 9, 4, 8, 6]
                  titles: [Today, Yesterday, This week, Last week, May, April]
                layout:
                  type: flow
                  itemSize: [110, 110]
                  minimumLineSpacing: 8
                  minimumInteritemSpacing: 8
                  sectionInset: [8, 12, 8, 12]
                  headerReferenceSize: [0, 44]
                  footerReferenceSize: [0, 28]
                cell: {contentMode: aspectFill, clipsToBounds: true, cornerRadius: 8, cornerCurve: continuous}
                supplementary:
                  header: {font: {size: 20, weight: bold}, color: "#000000", background: "#F2F2F7"}
                  footer: {text: "End of {title}", font: {size: 12}, color: "#8E8E93"}
                timeline:
                  - wait: 0.2
                  - drag: {by: [0, -500], duration: 0.5}
                  - scroll: {to: [0, 0], duration: 0.7, curve: easeInEaseOut}
                """),
        Segment(
            folder: "03-waterfall", caption: "Waterfall: fling",
            scene: """
                name: showcase-waterfall
                \(canvas("#FFFFFF"))
                seed: 9
                view: {frame: \(viewFrame())}
                content: {items: 60}
                layout: {type: waterfall}
                cell: {contentMode: aspectFill, clipsToBounds: true, cornerRadius: 10}
                timeline:
                  - wait: 0.2
                  - fling: {velocity: [0, 4000], rate: 0.995}
                """),
        Segment(
            folder: "04-photos", caption: "Photos: insert, delete, move",
            scene: """
                name: showcase-photos
                \(canvas("#000000"))
                seed: 5
                view: {frame: \(viewFrame())}
                content: {items: 40}
                layout: {type: photos, itemSize: [90, 90]}
                cell: {contentMode: aspectFill, clipsToBounds: true}
                timeline:
                  - wait: 0.2
                  - insert: {items: [[0, 0], [0, 1]], duration: 0.4}
                  - wait: 0.2
                  - delete: {items: [[0, 4], [0, 5], [0, 6]], duration: 0.4}
                  - wait: 0.2
                  - move: {from: [0, 0], to: [0, 9], duration: 0.5}
                  - wait: 0.2
                """),
        Segment(
            folder: "05-coverflow", caption: "Cover flow: drag and snap",
            scene: """
                name: showcase-coverflow
                \(canvas("#101010"))
                seed: 2
                view: {frame: \(viewFrame(height: 400)), decelerationRate: fast}
                content: {items: 20}
                layout: {type: coverflow, itemSize: [180, 180]}
                cell: {contentMode: aspectFill, clipsToBounds: true}
                timeline:
                  - wait: 0.2
                  - drag: {by: [-260, 0], duration: 0.5}
                  - drag: {by: [120, 0], duration: 0.4, curve: easeOut}
                  - wait: 0.2
                """),
        Segment(
            folder: "06-carousel", caption: "Carousel: spin, snap, tap",
            scene: """
                name: showcase-carousel
                \(canvas("#1B1B3A"))
                seed: 4
                view: {frame: \(viewFrame()), decelerationRate: fast}
                content: {items: 12}
                layout: {type: carousel}
                cell: {contentMode: aspectFill, clipsToBounds: true, border: {width: 4, color: white}}
                timeline:
                  - wait: 0.2
                  - drag: {by: [-320, 0], duration: 0.5}
                  - tap: {at: [195, 422]}
                  - wait: 0.2
                  - tap: {at: [195, 422]}
                """),
        Segment(
            folder: "07-photos-app", caption: "Photos app: pages and strip",
            scene: """
                name: showcase-photos-app
                \(canvas("#000000"))
                seed: 12
                content: {items: 14}
                views:
                  - name: preview
                    frame: [0, \(Int(captionHeight)), 390, 760]
                    pagingEnabled: true
                    layout: {type: preview}
                    cell: {contentMode: aspectFit}
                  - name: thumbnails
                    frame: [0, \(Int(captionHeight) + 770), 390, 66]
                    layout: {type: thumbnails, syncWith: preview}
                    cell: {contentMode: aspectFill, clipsToBounds: true}
                timeline:
                  - wait: 0.2
                  - drag: {by: [-220, 0], duration: 0.3, view: preview}
                  - tap: {item: [0, 4], view: thumbnails}
                  - delete: {items: [[0, 4]], view: thumbnails}
                  - wait: 0.3
                """),
        Segment(
            folder: "08-paging", caption: "Paging: fling, indicators",
            scene: """
                name: showcase-paging
                \(canvas("#FFFFFF"))
                seed: 6
                view: {frame: \(viewFrame(height: 200)), pagingEnabled: true}
                content: {items: 23}
                layout: {type: paging}
                cell: {contentMode: aspectFill, clipsToBounds: true, cornerRadius: 8}
                decoration:
                  leftIndicator: {background: "#0A84FFAA", cornerRadius: 6}
                  rightIndicator: {background: "#0A84FFAA", cornerRadius: 6}
                timeline:
                  - wait: 0.2
                  - fling: {velocity: [2500, 0]}
                  - fling: {velocity: [-2500, 0]}
                """),
        Segment(
            folder: "09-pinch", caption: "Pinch: gather and grow",
            scene: """
                name: showcase-pinch
                \(canvas("#222222"))
                seed: 8
                view: {frame: \(viewFrame())}
                content: {items: 30}
                layout: {type: pinch, itemSize: [110, 110]}
                cell: {contentMode: aspectFill, clipsToBounds: true, shadow: {opacity: 0.4, radius: 4, offset: [0, 3]}}
                timeline:
                  - wait: 0.2
                  - pinch: {scale: 0.3, center: [195, 360], duration: 0.7}
                  - wait: 0.2
                  - pinch: {scale: 8, center: [195, 360], duration: 0.6}
                  - wait: 0.3
                """),
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
