import FrameGenGeometry

/// A cell's view tree as Core Animation would composite it: one value per layer, with the
/// layer's own geometry (bounds, position, anchor point, transform) and appearance, and its
/// sublayers back to front. A layout that draws its elements with views of its own (a UIKit
/// layout's registered cells, docs/uikit.md "Cells") hands these to the renderer; values only,
/// so the layout side never sees pixels.
public struct LayerSnapshot: Hashable, Sendable {
    /// A straight (not premultiplied) sRGB colour, components in 0...1.
    public struct Color: Hashable, Sendable {
        public var red, green, blue, alpha: Double
        public init(red: Double, green: Double, blue: Double, alpha: Double) {
            (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        }
    }

    public struct Shadow: Hashable, Sendable {
        public var color: Color
        public var opacity: Double
        /// Core Animation's shadowRadius, in points.
        public var radius: Double
        public var offset: Point
        /// The layer's `shadowPath`, in its bounds' coordinates: the shadow's shape, filled by
        /// the non-zero rule, instead of the layer's own.
        public var path: [Shape.Element]?
        public init(color: Color, opacity: Double, radius: Double, offset: Point) {
            (self.color, self.opacity, self.radius, self.offset) = (color, opacity, radius, offset)
        }
    }

    /// An image the layer shows (a UIImageView's), fitted into the bounds.
    public struct Contents: Hashable, Sendable {
        /// Premultiplied 8-bit RGBA rows, top first.
        public var width: Int
        public var height: Int
        public var pixels: [UInt8]
        /// UIView.contentMode's placements the renderer has; others draw as `scaleToFill`.
        public enum Mode: String, Hashable, Sendable { case scaleToFill, aspectFit, aspectFill, center }
        public var mode: Mode
        /// One of the scene's images by the renderer's name (an attribute file's image name: a
        /// path, `generated:photo/SEED/INDEX`), `width` x `height` pixels, with no `pixels`: the
        /// renderer draws it from its own textures, as it draws the scene's cell style.
        public var source: String?
        /// Pixels per point where it is not the canvas's (a layer's `contentsScale`): what
        /// `center` places the image by.
        public var scale: Double?
        /// Where `center` puts the image, per axis: 0 at the min edge, 0.5 in the middle, 1 at
        /// the max edge (UIKit's edge and corner content modes).
        public var alignment: SIMD2<Double> = [0.5, 0.5]
        /// Where text was drawn into the image (an image renderer's picture), in its pixels:
        /// what a snapshot test masks where the image is drawn (FrameGenCompositor's TextInk).
        public var textRects: [Rect] = []
        public init(width: Int, height: Int, pixels: [UInt8], mode: Mode, source: String? = nil) {
            (self.width, self.height, self.pixels, self.mode) = (width, height, pixels, mode)
            self.source = source
        }

        /// A few pixels only: the renderer looks images up by their contents at every frame,
        /// and equal images nearly always share their pixels' storage, which == compares first.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(width)
            hasher.combine(height)
            hasher.combine(mode)
            hasher.combine(source)
            let step = max(1, pixels.count / 61)
            for i in Swift.stride(from: 0, to: pixels.count, by: step) { hasher.combine(pixels[i]) }
        }
    }

    /// A label's text, drawn in the layer's bounds.
    public struct Text: Hashable, Sendable {
        public var string: String
        public var fontSize: Double
        public var bold: Bool
        public var family: String?
        public var color: Color
        /// `left`, `center`, `right` or `natural`.
        public var alignment: String
        /// 0: as many lines as the bounds hold.
        public var numberOfLines: Int
        /// NSParagraphStyle's spacing in points, each 0 for the font's own (Text's
        /// `ParagraphSpacing` has the rules).
        public var lineSpacing = 0.0
        public var lineHeightMultiple = 0.0
        public var minimumLineHeight = 0.0
        public var maximumLineHeight = 0.0
        public var paragraphSpacing = 0.0
        public var paragraphSpacingBefore = 0.0
        /// Space after each character, in thousandths of an em (San Francisco's own tracking,
        /// when Apple's files draw it).
        public var tracking = 0.0
        /// `single`, `thick` or `double`, drawn in the text's colour; nil: none.
        public var underline: String?
        public var strikethrough: String?
        /// Cast by the glyphs (NSShadow, a label's `shadowColor`).
        public var shadow: Shadow?
        /// Where the control showing the text may put it beyond the layer's bounds, in their
        /// coordinates (a text field's text rect, a button's title area): what a snapshot test
        /// masks with the bounds, where iOS's font places its line otherwise (TextInk).
        public var maskArea: Rect?
        /// An attributed string's runs where they differ in style, in order, covering the string;
        /// empty: the whole string in the style above (which is the first run's).
        public var runs: [Run] = []

        /// A run of `length` characters (grapheme clusters) in one style.
        public struct Run: Hashable, Sendable {
            public var length: Int
            public var fontSize: Double
            public var bold: Bool
            public var family: String?
            public var color: Color
            /// Thousandths of an em, as the text's.
            public var tracking = 0.0
            public var underline: String?
            public var strikethrough: String?
            public init(length: Int, fontSize: Double, bold: Bool, family: String?, color: Color) {
                (self.length, self.fontSize, self.bold, self.family, self.color) = (
                    length, fontSize, bold, family, color
                )
            }
        }

        public init(
            string: String, fontSize: Double, bold: Bool, family: String?, color: Color, alignment: String,
            numberOfLines: Int
        ) {
            (self.string, self.fontSize, self.bold, self.family) = (string, fontSize, bold, family)
            (self.color, self.alignment, self.numberOfLines) = (color, alignment, numberOfLines)
        }
    }

    /// A CAGradientLayer's gradient: `locations` nil spreads the colours evenly; the
    /// points are in the unit square of the bounds.
    public struct Gradient: Hashable, Sendable {
        /// CAGradientLayerType.
        public enum Kind: String, Hashable, Sendable { case axial, radial, conic }
        public var kind = Kind.axial
        public var colors: [Color]
        public var locations: [Double]?
        public var startPoint: Point
        public var endPoint: Point
        public init(colors: [Color], locations: [Double]?, startPoint: Point, endPoint: Point) {
            (self.colors, self.locations, self.startPoint, self.endPoint) = (
                colors, locations, startPoint, endPoint
            )
        }
    }

    /// A CAShapeLayer's path (in the layer's bounds coordinates), fill and stroke.
    public struct Shape: Hashable, Sendable {
        /// CAShapeLayerLineCap.
        public enum LineCap: String, Hashable, Sendable { case butt, round, square }
        /// CAShapeLayerLineJoin.
        public enum LineJoin: String, Hashable, Sendable { case miter, round, bevel }
        public enum Element: Hashable, Sendable {
            case move(Point)
            case line(Point)
            case quadCurve(Point, control: Point)
            case curve(Point, control1: Point, control2: Point)
            case close
        }
        public var path: [Element]
        /// nil: not filled.
        public var fillColor: Color?
        public var evenOdd: Bool
        /// nil: not stroked. The stroke is drawn over the fill with Core Animation's defaults
        /// below (docs/uikit.md "Cells").
        public var strokeColor: Color?
        public var lineWidth = 1.0
        public var lineCap = LineCap.butt
        public var lineJoin = LineJoin.miter
        public var miterLimit = 10.0
        /// Empty: a solid line.
        public var lineDashPattern: [Double] = []
        public var lineDashPhase = 0.0
        public var strokeStart = 0.0
        public var strokeEnd = 1.0
        public init(path: [Element], fillColor: Color?, evenOdd: Bool) {
            (self.path, self.fillColor, self.evenOdd) = (path, fillColor, evenOdd)
        }
    }

    /// What a view's `draw(_:)` painted, as its backing store holds it: filled and stroked
    /// paths and drawn images in the coordinates of bounds of `size` (origin at their top left),
    /// drawn above the layer's background and below its sublayers, clipped to the bounds, and
    /// stretched to the bounds when their size has changed since (docs/uikit.md "Drawing in
    /// draw(_:)").
    public struct Drawing: Hashable, Sendable {
        /// One fill or stroke, seen only inside every one of `clips` (filled paths; none: the
        /// whole bounds).
        public struct Part: Hashable, Sendable {
            public var shape: Shape
            public var clips: [Shape]
            /// Drawn instead of `shape` when set.
            public var image: Image?
            /// Drawn instead of `shape` when set: a gradient over the whole drawing, seen
            /// inside the clips.
            public var gradient: GradientFill?
            /// Drawn instead of `shape` when set.
            public var text: TextRun?
            /// The shadow the context's state cast when the part was painted (`setShadow`), in
            /// the drawing's coordinates.
            public var shadow: Shadow?
            public init(shape: Shape, clips: [Shape] = []) {
                (self.shape, self.clips) = (shape, clips)
            }

            public init(text: TextRun, clips: [Shape] = []) {
                self.init(shape: Shape(path: [], fillColor: nil, evenOdd: false), clips: clips)
                self.text = text
            }

            public init(image: Image, clips: [Shape] = []) {
                self.init(shape: Shape(path: [], fillColor: nil, evenOdd: false), clips: clips)
                self.image = image
            }

            public init(gradient: GradientFill, clips: [Shape] = []) {
                self.init(shape: Shape(path: [], fillColor: nil, evenOdd: false), clips: clips)
                self.gradient = gradient
            }
        }

        /// A gradient a context painted (`drawLinearGradient`, `drawRadialGradient`): axial from
        /// `start` to `end`, or radial about `start` out to `end` (its radii, x and y, are
        /// `end - start`), in the drawing's coordinates, its colours beyond the ends extended;
        /// what Core Graphics leaves unpainted beyond them is cut by the part's clips.
        public struct GradientFill: Hashable, Sendable {
            public var gradient: Gradient
            public var start: Point
            public var end: Point
            public init(gradient: Gradient, start: Point, end: Point) {
                (self.gradient, self.start, self.end) = (gradient, start, end)
            }
        }

        /// An image drawn into the context (`UIImage.draw(in:)`, `CGContext.draw(_:in:)`): its
        /// pixels stretched over `rect`, which `transform` takes into the drawing's coordinates
        /// (a context's transform, with Core Graphics' flip for a CGImage), at `alpha`.
        public struct Image: Hashable, Sendable {
            /// Its pixels, or the scene photo it shows (`source`); the mode is unused.
            public var contents: Contents
            public var rect: Rect
            public var transform: AffineTransform
            public var alpha: Double
            public init(contents: Contents, rect: Rect, transform: AffineTransform, alpha: Double) {
                (self.contents, self.rect, self.transform, self.alpha) = (contents, rect, transform, alpha)
            }
        }
        /// Text drawn into the context (`NSString.draw(in:withAttributes:)`...): laid out in
        /// `rect` as a label of that size lays it out, which `transform` takes into the
        /// drawing's coordinates, at `alpha`.
        public struct TextRun: Hashable, Sendable {
            public var text: Text
            public var rect: Rect
            public var transform: AffineTransform
            public var alpha: Double
            public init(text: Text, rect: Rect, transform: AffineTransform, alpha: Double) {
                (self.text, self.rect, self.transform, self.alpha) = (text, rect, transform, alpha)
            }
        }
        public var size: Size
        public var parts: [Part]
        public init(size: Size, parts: [Part]) {
            (self.size, self.parts) = (size, parts)
        }
    }

    public var bounds: Rect
    /// Where the anchor point lies in the superlayer's bounds coordinates (for a cell: the
    /// collection view's content coordinates).
    public var position: Point
    /// In the unit square of the bounds.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    public var anchorPointZ = 0.0
    public var zPosition = 0.0
    public var transform = Transform3D.identity
    public var sublayerTransform = Transform3D.identity
    /// Group opacity over the layer and its sublayers.
    public var opacity = 1.0
    public var isHidden = false
    /// Clips the contents and the sublayers to the (rounded) bounds.
    public var masksToBounds = false
    public var backgroundColor: Color?
    public var cornerRadius = 0.0
    /// Which corners the radius rounds, as CACornerMask's bits: 1 min-x min-y (top left), 2
    /// max-x min-y, 4 min-x max-y, 8 max-x max-y.
    public var maskedCorners: UInt8 = 0b1111
    /// `cornerCurve == .continuous`.
    public var continuousCorners = false
    /// Whether the app set `cornerCurve` (`render(in:)` as iOS 18 draws an unset one continuous).
    public var cornerCurveIsSet = false
    /// false: not drawn while turned away from the viewer.
    public var isDoubleSided = true
    /// `CALayer.allowsEdgeAntialiasing` (false for a UIKit view's layer): what the screen does
    /// with the edges of a layer turned or tilted out of the pixel grid.
    public var allowsEdgeAntialiasing = true
    public var gradient: Gradient?
    public var shape: Shape?
    public var borderWidth = 0.0
    public var borderColor: Color?
    public var shadow: Shadow?
    public var contents: Contents?
    public var text: Text?
    public var drawing: Drawing?
    /// Back to front.
    public var sublayers: [LayerSnapshot] = []
    private var maskStorage: [LayerSnapshot] = []
    /// CALayer's `mask`, in this layer's bounds coordinates as a sublayer would be.
    public var mask: LayerSnapshot? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }

    public init(bounds: Rect, position: Point) {
        self.bounds = bounds
        self.position = position
    }
}
