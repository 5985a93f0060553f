import FrameGenGeometry
import FrameGenLayout

/// An attribute file (docs/formats.md §2): what a layout hands to UIKit, frame by frame.
public struct AttributeFile: Sendable {
    public static let format = "framegen.attributes/1"
    /// The `kindStyles` key of cells, which have no kind.
    public static let cellKind = "cell"

    public var canvas: Canvas
    public var fps: Double
    /// Styles every element; an element's own style overrides it key by key.
    public var style: ElementStyle
    /// Styles per element kind (`title`, `header`...; `cell` for cells), between `style` and the
    /// element's own: a scene's `cell` and `supplementary` styles, kept apart so that a title
    /// does not get the cells' border.
    public var kindStyles: [String: ElementStyle]
    public var frames: [AttributeFrame]
    /// What the scene asked for that did nothing or was changed (a clamped scroll, a tap on no
    /// cell): one line each, `FILE: KEY.PATH: what happened`. Informational; not read back.
    public var warnings: [String] = []

    public init(
        canvas: Canvas, fps: Double, style: ElementStyle = ElementStyle(),
        kindStyles: [String: ElementStyle] = [:],
        frames: [AttributeFrame]
    ) {
        self.canvas = canvas
        self.fps = fps
        self.style = style
        self.kindStyles = kindStyles
        self.frames = frames
    }
}

public struct AttributeFrame: Sendable {
    public var index: Int
    public var time: Double
    /// Back to front. A single unnamed view filling the canvas is written in the frame-level
    /// form (`bounds` + `elements`).
    public var views: [AttributeView]

    public init(index: Int, time: Double, views: [AttributeView]) {
        self.index = index
        self.time = time
        self.views = views
    }
}

public struct AttributeView: Sendable {
    /// nil for the frame-level form.
    public var name: String?
    /// Where the view sits in the canvas (points); nil = fills the canvas.
    public var frame: Rect?
    /// Content offset and visible size.
    public var bounds: Rect
    public var sublayerTransform: Transform3D?
    /// docs/decisions.md "Drawing order": `zIndex` (UIKit) or `depth` (iCarousel), the layout's choice.
    public var drawingOrder: DrawingOrder
    public var elements: [AttributeElement]
    /// What the view draws behind its elements, in its visible bounds (a UIKit layout's
    /// collection view's background); not written to attribute files.
    public var background: LayerSnapshot?

    public init(
        name: String? = nil, frame: Rect? = nil, bounds: Rect, sublayerTransform: Transform3D? = nil,
        drawingOrder: DrawingOrder = .zIndex, elements: [AttributeElement], background: LayerSnapshot? = nil
    ) {
        self.name = name
        self.frame = frame
        self.bounds = bounds
        self.sublayerTransform = sublayerTransform
        self.drawingOrder = drawingOrder
        self.elements = elements
        self.background = background
    }
}

public struct AttributeElement: Sendable {
    public var attributes: LayoutAttributes
    public var image: ImageName?
    public var style: ElementStyle?
    /// The view tree that draws the element instead of the styles and image (a UIKit layout's
    /// registered cell, docs/uikit.md "Cells"); not written to attribute files.
    public var content: LayerSnapshot?

    public init(
        attributes: LayoutAttributes, image: ImageName? = nil, style: ElementStyle? = nil,
        content: LayerSnapshot? = nil
    ) {
        self.attributes = attributes
        self.image = image
        self.style = style
        self.content = content
    }
}

/// What an element shows: an image file, or one the renderer makes instead of reading a file (so
/// an attribute file written from a scene without `images` re-renders identically). Attribute
/// files write it as its `description`: the path, or `generated:photo/SEED/INDEX`,
/// `generated:emblem`, `generated:pattern/SEED`.
public enum ImageName: Hashable, Sendable, CustomStringConvertible {
    /// A PNG or JPEG file (resolved against the scene's or attribute file's folder).
    case file(String)
    /// A generated landscape photo: the same seed and index always give the same picture.
    case photo(seed: UInt64, index: Int)
    /// The album layout's emblem decoration.
    case emblem
    /// A canvas background pattern.
    case pattern(seed: UInt64)

    static let generatedPrefix = "generated:"

    /// A name as written in an attribute file; a path is kept as given (`relativeTo` resolves it).
    public init(parsing text: String, relativeTo folder: String = ".") throws(FrameGenError) {
        guard text.hasPrefix(Self.generatedPrefix) else {
            self = .file(resolve(text, in: folder))
            return
        }
        let parts = text.dropFirst(Self.generatedPrefix.count).split(
            separator: "/", omittingEmptySubsequences: false)
        switch (parts.first, parts.count) {
        case ("photo", 3):
            guard let seed = UInt64(parts[1]), let index = Int(parts[2]), index >= 0 else {
                throw .badInput(nil, "bad generated image name \"\(text)\" (photo/SEED/INDEX)")
            }
            self = .photo(seed: seed, index: index)
        case ("emblem", 1):
            self = .emblem
        case ("pattern", 2):
            guard let seed = UInt64(parts[1]) else {
                throw .badInput(nil, "bad generated image name \"\(text)\" (pattern/SEED)")
            }
            self = .pattern(seed: seed)
        default:
            throw .badInput(
                nil, "unknown generated image \"\(text)\" (photo/SEED/INDEX, emblem or pattern/SEED)")
        }
    }

    public var description: String {
        switch self {
        case .file(let path): path
        case .photo(let seed, let index): "\(Self.generatedPrefix)photo/\(seed)/\(index)"
        case .emblem: "\(Self.generatedPrefix)emblem"
        case .pattern(let seed): "\(Self.generatedPrefix)pattern/\(seed)"
        }
    }

    /// The file's path; nil for a generated image.
    public var path: String? {
        if case .file(let p) = self { return p }
        return nil
    }
}
