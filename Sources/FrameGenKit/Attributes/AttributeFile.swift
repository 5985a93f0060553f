import Geometry
import Layout

/// An attribute file (formats.md section 2): what a layout hands to UIKit, frame by frame.
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
    /// rendering.md A.2: `zIndex` (UIKit) or `depth` (iCarousel), the layout's choice.
    public var drawingOrder: DrawingOrder
    public var elements: [AttributeElement]

    public init(
        name: String? = nil, frame: Rect? = nil, bounds: Rect, sublayerTransform: Transform3D? = nil,
        drawingOrder: DrawingOrder = .zIndex, elements: [AttributeElement]
    ) {
        self.name = name
        self.frame = frame
        self.bounds = bounds
        self.sublayerTransform = sublayerTransform
        self.drawingOrder = drawingOrder
        self.elements = elements
    }
}

public struct AttributeElement: Sendable {
    public var attributes: LayoutAttributes
    /// A PNG path relative to the file, or a `generated:` name (see `GeneratedImageName`).
    public var image: String?
    public var style: ElementStyle?

    public init(attributes: LayoutAttributes, image: String? = nil, style: ElementStyle? = nil) {
        self.attributes = attributes
        self.image = image
        self.style = style
    }
}

/// Images the renderer makes instead of reading a file, so that an attribute file written from a
/// scene without `images` re-renders identically: `generated:photo/SEED/INDEX`,
/// `generated:emblem`, `generated:pattern/SEED`.
public enum GeneratedImageName {
    public static let prefix = "generated:"
    public static func photo(seed: UInt64, index: Int) -> String { "\(prefix)photo/\(seed)/\(index)" }
    public static let emblem = "\(prefix)emblem"
    public static func pattern(seed: UInt64) -> String { "\(prefix)pattern/\(seed)" }
}
