import FrameGenGeometry
import FrameGenRaster
import FrameGenText

/// One element as Core Animation would hold it: a CALayer with its sublayer for the image (an
/// inner layer with its own offset and mask rect) and a text layer. Lengths are in points.
public struct Layer: Sendable {
    /// bounds.size.
    public var size: Size
    /// position, in the collection view's coordinates (the attribute's centre minus the view's
    /// bounds origin); anchorPoint is (0.5, 0.5).
    public var position: Point
    public var zPosition = 0.0
    public var transform = Transform3D.identity
    /// Group opacity (docs/design/rendering.md §8.4).
    public var opacity = 1.0
    public var isHidden = false
    public var backgroundColor: Color?
    public var cornerRadius = 0.0
    public var cornerCurve = Shapes.CornerCurve.circular
    /// The corners `cornerRadius` rounds (CALayer's `maskedCorners`).
    public var maskedCorners = Shapes.Corners.all
    /// false: not drawn, sublayers included, while its front faces away from the viewer
    /// (docs/design/rendering.md §4).
    public var isDoubleSided = true
    /// A CAGradientLayer's gradient (axial, radial or conic), in local points, above the background colour.
    public var gradient: Gradient?
    /// A CAShapeLayer's filled and stroked path, above the background colour and the gradient.
    public var shape: LayerShape?
    public var border: LayerBorder?
    public var shadow: LayerShadow?
    public var contents: LayerContents?
    public var masksToBounds = false
    /// Drawn as `CALayer.render(in:)` draws, through Core Graphics (docs/design/rendering.md
    /// §8.3): a circular corner is one cubic per quarter, flattened as Core Graphics flattens
    /// it; a layer that masks to its rounded bounds clips to them and then fills its background
    /// along them, so the background's edge is covered twice (its coverage squared), unless it
    /// has a shadow; and the clip applies to each of its sublayers' drawings on its own. The
    /// screen draws circles, covers the edge once and clips the sublayers as one.
    public var isDrawnAsCoreGraphics = false
    public var text: LayerText?
    /// A shadow without a path is cast from what the layer shows (its composed alpha), as Core
    /// Animation casts it, rather than from its rounded bounds (the scene's styles: an
    /// element's shadow is its rounded bounds', docs/design/rendering.md §9). The two differ
    /// only where the background is not opaque.
    public var castsShadowFromContent = false
    public var allowsEdgeAntialiasing = true
    /// Back to front (ties in zPosition keep this order), each placed in this layer's local
    /// points (origin at the top left of its bounds) and flattened into its plane;
    /// `masksToBounds` clips them to the rounded bounds and `opacity` applies to the layer and
    /// them as one group (Compositor+Sublayers.swift).
    public var sublayers: [Layer] = []
    /// CALayer's `mask`: placed as a sublayer would be, its alpha clips this layer, its shadow and
    /// its sublayers (docs/design/rendering.md §8.7). One element or none.
    private var maskStorage: [Layer] = []

    public var mask: Layer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }

    public init(size: Size, position: Point) {
        self.size = size
        self.position = position
    }

    /// The bounds with the rounded corners, which the background, the clip and the border follow.
    var roundedBounds: Path {
        Shapes.roundedRect(
            Rect(origin: .zero, size: size), radius: cornerRadius, curve: cornerCurve, corners: maskedCorners,
            asCoreGraphics: isDrawnAsCoreGraphics)
    }

    /// Whether the rounded bounds double back on themselves (`render(in:)`'s continuous corners
    /// past a third of the shorter side), so that their fill is measured as overlapping contours.
    var roundedBoundsOverlapThemselves: Bool {
        Shapes.overlapsItself(
            Rect(origin: .zero, size: size), radius: cornerRadius, curve: cornerCurve,
            asCoreGraphics: isDrawnAsCoreGraphics)
    }

    /// Costs nothing to draw (docs/design/rendering.md §8.4). Empty bounds hide a layer's own
    /// parts but not a shape layer's path, which Core Animation draws wherever it lies unless the
    /// layer masks to its bounds: apps add a `CAShapeLayer` without a frame and give it a path.
    var isInvisible: Bool {
        if isHidden || !(opacity > 0) { return true }
        if size.width > 0, size.height > 0 { return false }
        return shape == nil || masksToBounds
    }
}

/// A CAShapeLayer's path, filled, then its stroke over the fill.
public struct LayerShape: Sendable {
    /// In the layer's local points.
    public var path: Path
    /// Transparent: not filled.
    public var fillColor: Color
    public var fillRule: FillRule
    /// The stroke's outline (`Stroker.outline`, in local points), filled under non-zero.
    public var stroke = Path()
    public var strokeColor = Color.clear
    public init(path: Path, fillColor: Color, fillRule: FillRule = .nonZero) {
        self.path = path
        self.fillColor = fillColor
        self.fillRule = fillRule
    }
}

public struct LayerBorder: Sendable, Equatable {
    public var width: Double
    public var color: Color
    public init(width: Double, color: Color) {
        self.width = width
        self.color = color
    }
}

public struct LayerShadow: Sendable, Equatable {
    public var color: Color
    public var opacity: Double
    /// The Gaussian's sigma, in points.
    public var radius: Double
    /// In the layer's local space (it turns with the layer).
    public var offset: Point
    /// The shadow's shape in local points, filled by the non-zero rule (CALayer's
    /// `shadowPath`); nil takes the layer's rounded bounds.
    public var path: Path?
    public init(color: Color, opacity: Double, radius: Double, offset: Point, path: Path? = nil) {
        self.color = color
        self.opacity = opacity
        self.radius = radius
        self.offset = offset
        self.path = path
    }
}

/// UIView.contentMode's image placements; the raw values are the scene files' names for them
/// (docs/scene.md "Style keys").
public enum ContentMode: String, Sendable, CaseIterable {
    case scaleToFill, aspectFit, aspectFill
    /// The image at its size (pixels / its scale), placed by `LayerContents.alignment`: centred
    /// unless a UIKit edge or corner mode moved it.
    case center
}

public struct LayerContents: Sendable {
    public var texture: Texture
    public var mode: ContentMode
    /// Shrinks the image rect on every side (points).
    public var inset: Double
    /// Moves the image inside the layer (an inner layer's translation, e.g. parallax).
    public var offset: Point
    /// Only this part of the layer (local points) shows the image (an inner layer's mask).
    public var maskRect: Rect?
    /// Pixels per point where they are not the canvas's (a layer's `contentsScale`): `center`
    /// draws the image at its pixel size over this.
    public var imageScale: Double?
    /// Where `center` puts an image that does not fill the layer, per axis: 0 at the min edge,
    /// 0.5 in the middle, 1 at the max edge (UIView's `.top`, `.bottomRight` and the other edge
    /// and corner content modes; a layer's edge and corner contents gravities).
    public var alignment: SIMD2<Double> = [0.5, 0.5]
    /// Where text was drawn into the image (an image renderer's picture), in its pixels: drawn,
    /// they are text in the canvas too (TextInk).
    public var textRects: [Rect] = []

    public init(
        texture: Texture, mode: ContentMode, inset: Double = 0, offset: Point = .zero, maskRect: Rect? = nil
    ) {
        self.texture = texture
        self.mode = mode
        self.inset = inset
        self.offset = offset
        self.maskRect = maskRect
    }

    /// The image's rect in the layer's local points (UIView.contentMode semantics).
    public func imageRect(in size: Size, scale: Double) -> Rect {
        LayerContents.imageRect(
            imageWidth: texture.width, imageHeight: texture.height, mode: mode, inset: inset, offset: offset,
            in: size, scale: imageScale ?? scale, alignment: alignment)
    }

    /// The map the image is drawn through: device pixels to texel coordinates, for an image of
    /// the given pixel size drawn into `rect` (its `imageRect`) of a layer whose local points
    /// map to device pixels by `localToDevice`. Nil when nothing can be drawn (an empty rect,
    /// a singular map). The compositor draws through it, and a caller predicting which mip
    /// levels a drawing reads uses the same one.
    public static func deviceToTexture(
        imageWidth: Int, imageHeight: Int, rect: Rect, localToDevice: Homography
    ) -> Homography? {
        guard rect.width > 0, rect.height > 0, let inverse = localToDevice.inverted else { return nil }
        // Device to local, then to the rect's corner, then to texels.
        return inverse.concatenating(
            Homography.translation(-rect.minX, -rect.minY).concatenating(
                .scale(Double(imageWidth) / rect.width, Double(imageHeight) / rect.height)))
    }

    /// The same for an image of the given pixel size before it is decoded (what a caller needs
    /// to tell whether the image shows at all).
    public static func imageRect(
        imageWidth: Int, imageHeight: Int, mode: ContentMode, inset: Double, offset: Point, in size: Size,
        scale: Double, alignment: SIMD2<Double> = [0.5, 0.5]
    ) -> Rect {
        let r = Rect(
            x: inset, y: inset, width: max(size.width - 2 * inset, 0), height: max(size.height - 2 * inset, 0)
        )
        let iw = Double(imageWidth)
        let ih = Double(imageHeight)
        var fitted: Rect
        switch mode {
        case .scaleToFill:
            fitted = r
        case .aspectFit, .aspectFill:
            let sx = r.width / iw
            let sy = r.height / ih
            let s = mode == .aspectFit ? min(sx, sy) : max(sx, sy)
            fitted = Rect(center: r.center, size: Size(width: iw * s, height: ih * s))
        case .center:
            let w = iw / scale
            let h = ih / scale
            fitted = Rect(
                x: r.minX + (r.width - w) * alignment.x, y: r.minY + (r.height - h) * alignment.y, width: w,
                height: h)
        }
        fitted.origin.x += offset.x
        fitted.origin.y += offset.y
        return fitted
    }
}

public struct LayerText: Sendable {
    public var string: String
    /// Points.
    public var fontSize: Double
    public var bold: Bool
    public var color: Color
    public var shadow: LayerShadow?
    /// The family asked of fontconfig (a missing one draws in the default family).
    public var family: String
    public var alignment: TextAlignment
    /// UILabel's: 1 is one truncated line, 0 as many lines as the bounds hold.
    public var numberOfLines: Int
    /// In points, as `fontSize`.
    public var spacing = ParagraphSpacing.natural
    /// Space after each character, in thousandths of an em.
    public var tracking = 0.0
    public var decoration = TextDecoration.none
    /// Where the text may lie beyond the bounds, in their coordinates (a text field's text
    /// rect): noted with them as the text's box (TextInk), never drawn in.
    public var maskArea: Rect?
    /// An attributed string's runs, each in its own style (in points) and colour; empty: the
    /// whole string in the style above.
    public var runs: [(style: StyledRun, color: Color)] = []
    public init(
        string: String, fontSize: Double, bold: Bool, color: Color, shadow: LayerShadow? = nil,
        family: String = FontLocator.defaultFamily, alignment: TextAlignment = .center, numberOfLines: Int = 1
    ) {
        self.string = string
        self.fontSize = fontSize
        self.bold = bold
        self.color = color
        self.shadow = shadow
        self.family = family
        self.alignment = alignment
        self.numberOfLines = numberOfLines
    }
}

/// The collection view: a layer whose bounds origin is the content offset (already taken out of
/// the elements' positions), placed at `frame` in the canvas, clipping its elements.
public struct ViewLayer: Sendable {
    public var frame: Rect
    public var sublayerTransform: Transform3D?
    /// Back to front: the caller sorts them (docs/decisions.md "Drawing order").
    public var layers: [Layer]

    public init(frame: Rect, sublayerTransform: Transform3D? = nil, layers: [Layer]) {
        self.frame = frame
        self.sublayerTransform = sublayerTransform
        self.layers = layers
    }
}

/// The canvas: its size in points, output pixels per point, background, views back to front.
public struct CanvasLayer: Sendable {
    public enum Background: Sendable {
        case color(Color)
        /// Tiled, `texelsPerPoint` texels per point (a file's one; a built-in tile made for the
        /// output scale has as many as the scale).
        case pattern(Texture, texelsPerPoint: Double = 1)
        /// Stretched over the canvas.
        case image(Texture)
    }
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var scale: Double
    public var background: Background
    public var views: [ViewLayer]

    public init(pixelWidth: Int, pixelHeight: Int, scale: Double, background: Background, views: [ViewLayer])
    {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.background = background
        self.views = views
    }
}
