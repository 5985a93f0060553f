import FrameGenCodecs
import FrameGenGeometry
import FrameGenLayout
import FrameGenMotion
import FrameGenRaster

/// A validated scene file (docs/formats.md §1). Paths inside it are resolved against the
/// scene file's folder.
public struct Scene: Sendable {
    public var name: String
    public var canvas: Canvas
    public var fps: Double
    public var seed: UInt64
    /// Back to front; one entry for a scene with `view` + `layout` + `cell`.
    public var views: [SceneView]
    public var content: SceneContent
    public var timeline: [TimelineAction]
    public var output: SceneOutput
    /// `KEY.PATH: message` of what the scene asks for that cannot show (more titles than
    /// sections, a view off the canvas); the timeline adds its actions' own.
    public var warnings: [String] = []
    /// The scene file, for messages.
    public var file: String
}

public struct Canvas: Sendable, Equatable {
    public enum Background: Sendable, Equatable {
        case color(Color)
        /// A PNG tiled at its pixel size in points, or a built-in tile (`generated:pattern/SEED`).
        case pattern(String)
        /// A PNG stretched over the canvas, or a built-in image.
        case image(String)

        /// The built-in image a pattern or image background names; nil for a colour or a file.
        public var generatedImage: ImageName? {
            switch self {
            case .color: return nil
            case .pattern(let p), .image(let p):
                guard p.hasPrefix(ImageName.generatedPrefix) else { return nil }
                return try? ImageName(parsing: p)
            }
        }
    }
    public var width: Double
    public var height: Double
    public var scale: Double
    public var background: Background
    /// `appearance` and `contentSizeCategory`: the traits of the screen UIKit code draws on.
    public var appearance: ScreenAppearance

    public init(
        width: Double, height: Double, scale: Double, background: Background,
        appearance: ScreenAppearance = ScreenAppearance()
    ) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
        self.appearance = appearance
    }

    public var size: Size { Size(width: width, height: height) }
    /// Output pixels, rounded as UIKit rounds a screen's native size.
    public var pixelWidth: Int { Int((width * scale).rounded()) }
    public var pixelHeight: Int { Int((height * scale).rounded()) }
    /// The long side in pixels of the generated photos drawn on the canvas.
    package var generatedLongSide: Int { min(1024, max(128, Int(max(width, height) * scale))) }
}

public struct SceneView: Sendable {
    public var name: String
    public var frame: Rect
    /// The frame after the window turns to the other orientation (its landscape frame, for a
    /// scene that starts in portrait); nil: the frame follows the window (docs/scene.md "view").
    public var rotatedFrame: Rect?
    public var contentInset: EdgeInsets
    public var contentOffset: Point
    public var pagingEnabled: Bool
    public var decelerationRate: DecelerationRate
    /// UIScrollView's `alwaysBounceVertical` and `alwaysBounceHorizontal`: a drag along an axis
    /// whose content fits the view moves (and rubber-bands) only when set.
    public var alwaysBounceVertical = false
    public var alwaysBounceHorizontal = false
    /// The layout type the scene names, resolved when it was read.
    public internal(set) var layout: LayoutDescriptor
    public internal(set) var layoutParameters: [String: CustomValue]
    /// The layout made from `layoutParameters` when the scene was read (which is how they were
    /// validated); layouts are values, so each caller gets a fresh copy.
    var prototype: any CollectionViewLayout
    public var cell: ElementStyle
    /// Per supplementary kind (`title`, `header`, `footer`).
    public var supplementary: [String: ElementStyle]
    /// Per decoration kind: an image path, or nil for the built-in generated one.
    public var decorationImages: [String: String]
    /// Per supplementary kind, the text it shows: `{section}` (from 0), `{number}` (from 1) and
    /// `{title}` are replaced (see `SceneData.supplementaryText`).
    public var textTemplates: [String: String] = [:]

    public var layoutType: String { layout.type }

    /// A fresh layout value with this view's parameters.
    public func makeLayout() -> any CollectionViewLayout { prototype }
}

public struct SceneContent: Sendable {
    /// Resolved against the scene's folder and checked when the scene was read.
    public var images: ContentImages
    public var itemCounts: [Int]
    public var titles: [String]
}

public struct SceneOutput: Sendable, Equatable {
    public var directory: String
    public var pattern: String
    /// `output.compression`: a level 0-9, `fast` or `fastest`; `Compression.frames` where the scene
    /// names none.
    public var compression: PNGEncodingOptions.Compression
    /// `channels: rgb` or `rgba`; nil (no key): RGB where the canvas is opaque
    /// (docs/decisions.md, "RGB output").
    public var rgb: Bool?

    /// The file name of frame `index` (printf `%d` / `%0Nd` in the pattern).
    public func fileName(_ index: Int) -> String {
        formatFrameName(pattern, index)
    }
}

/// Expands the first `%d` / `%0Nd` of a printf-style pattern.
package func formatFrameName(_ pattern: String, _ index: Int) -> String {
    guard let percent = pattern.firstIndex(of: "%") else { return pattern + String(index) }
    var i = pattern.index(after: percent)
    var width = ""
    while i < pattern.endIndex, pattern[i].isNumber {
        width.append(pattern[i])
        i = pattern.index(after: i)
    }
    guard i < pattern.endIndex, pattern[i] == "d" else { return pattern }
    var digits = String(index)
    if let w = Int(width), digits.count < w {
        digits = String(repeating: "0", count: w - digits.count) + digits
    }
    return String(pattern[..<percent]) + digits + String(pattern[pattern.index(after: i)...])
}

func isValidFramePattern(_ pattern: String) -> Bool {
    let parts = pattern.split(separator: "%", omittingEmptySubsequences: false)
    guard parts.count == 2, !pattern.contains("/") else { return false }
    let rest = parts[1]
    let width = rest.prefix { $0.isNumber }
    return rest.dropFirst(width.count).first == "d" && (width.isEmpty || width.hasPrefix("0"))
        && (Int(width) ?? 0) <= 9
}
