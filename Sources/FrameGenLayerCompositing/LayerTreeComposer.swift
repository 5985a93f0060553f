import FrameGenCompositor
import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster
import FrameGenText
import Synchronization

// A view tree (Layout's `LayerSnapshot`: a UIKit cell's, or a view or layer a snapshot test
// draws) as compositor layers: each CALayer's anchor point, anchorPointZ and bounds origin become
// the compositor's centre-anchored transform and its superlayer's local points. A module of its
// own so that the scene renderer (FrameGenRender) and the UIKit surface's renderer
// (FrameGenUIKitRendering) draw a view tree the same way, with neither importing the other.

/// Converts view trees, keeping the textures of their image views' bitmaps for its life (cells
/// show the same few images frame after frame).
package final class LayerTreeComposer: Sendable {
    private let textures = Mutex<[LayerSnapshot.Contents: Texture]>([:])
    private let drawing: Drawing

    /// How Core Animation draws the tree: as the screen shows it (a scene's frame,
    /// `drawHierarchy(in:)`), or as `CALayer.render(in:)` draws it into a context, which
    /// interpolates a gradient's colours in Generic RGB, covers a clipping layer's rounded
    /// background edge twice and rounds every corner whatever `maskedCorners` says (docs/uikit.md
    /// "Drawing a view into an image").
    package enum Drawing: Sendable, Equatable {
        case onScreen
        /// `unsetCornersContinuous`: a layer whose `cornerCurve` was never set has continuous
        /// corners, as in an app built with iOS 18's SDK or later (docs/uikit.md "Which iOS").
        case renderInContext(unsetCornersContinuous: Bool)

        var isRenderInContext: Bool { self != .onScreen }
    }

    /// Whether a layer that does not allow edge antialiasing (a UIKit view's, by default) has
    /// aliased edges where its map to the pixels turns or tilts it: a pixel is painted when its
    /// centre is inside, as iOS's screen draws it (docs/uikit.md "Drawing a view into an
    /// image"). `drawHierarchy` does; a scene's frames keep every edge smooth (chosen).
    private let aliasesTurnedEdges: Bool

    package init(drawing: Drawing = .onScreen, aliasesTurnedEdges: Bool = false) {
        self.drawing = drawing
        self.aliasesTurnedEdges = aliasesTurnedEdges
    }

    /// Contents drawn from a named source (a scene photo) rather than from a bitmap: the caller's
    /// textures, given the contents, its source, the layer they fill and its map to device pixels.
    package typealias SourcedContents<Failure: Error> = (
        LayerSnapshot.Contents, String, Layer, Homography
    ) throws(Failure) -> LayerContents?

    /// The tree's layer, placed in the view's visible bounds (`viewBounds`' origin is the
    /// content offset the layer's position is measured from) of `view`, drawn at `scale`; nil
    /// when hidden or transparent.
    package func layer<Failure: Error>(
        _ snapshot: LayerSnapshot, viewBounds: Rect, scale: Double, view: ViewLayer,
        sourced: SourcedContents<Failure>
    ) throws(Failure) -> Layer? {
        guard !snapshot.isHidden, snapshot.opacity > 0 else { return nil }
        return try layer(
            snapshot, parentOrigin: viewBounds.origin, parentSublayerTransform: nil,
            place: .top(view, scale: scale), scale: scale, sourced: sourced)
    }

    /// The samples of Core Graphics' table for `gradient` drawn through `map`: 16 floor(L / 16)
    /// + 14 for an axis L device pixels long (the axial gradient's start to end; the radial
    /// one's longer semi-axis). nil for a conic gradient.
    private static func coreGraphicsSamples(_ gradient: Gradient, map: Homography) -> Int? {
        let start = map.map(gradient.start)
        func distance(to p: SIMD2<Double>) -> Double {
            let d = map.map(p) - start
            return (d * d).sum().squareRoot()
        }
        let length: Double
        switch gradient.kind {
        case .axial:
            length = distance(to: gradient.end)
        case .radial:
            let d = gradient.end - gradient.start
            let r = SIMD2(Swift.abs(d.x), Swift.abs(d.y))
            length = max(
                distance(to: gradient.start + SIMD2(r.x, 0)), distance(to: gradient.start + SIMD2(0, r.y)))
        case .conic:
            return nil
        }
        return Gradient.CoreGraphicsTable.samples(forLength: length)
    }

    /// Where a layer lies on the canvas: how its map to device pixels is made, which a scene
    /// photo's mip levels depend on.
    private enum Placement {
        case top(ViewLayer, scale: Double)
        case sublayer(of: Homography)

        func map(_ layer: Layer) -> Homography {
            switch self {
            case .top(let view, let scale): Compositor.localToDevice(layer, in: view, scale: scale)
            case .sublayer(let parent): Compositor.sublayerMap(layer, in: parent)
            }
        }
    }

    /// `parentSublayerTransform`: the superlayer's sublayerTransform about its anchor point (in
    /// its bounds coordinates), when it is not the identity.
    private func layer<Failure: Error>(
        _ s: LayerSnapshot, parentOrigin: Point, parentSublayerTransform: (Transform3D, pivot: Point)?,
        place: Placement, scale: Double, sourced: SourcedContents<Failure>
    ) throws(Failure) -> Layer {
        let size = s.bounds.size
        // [p - anchor * size, -anchorPointZ] . transform, with p from the top left of the bounds.
        let toAnchor = Transform3D.makeTranslation(
            size.width / 2 - s.anchorPoint.x * size.width, size.height / 2 - s.anchorPoint.y * size.height,
            -s.anchorPointZ)
        var layer = Layer(size: size, position: .zero)
        if let (m, pivot) = parentSublayerTransform {
            layer.transform = toAnchor.concatenating(s.transform)
                .concatenating(.makeTranslation(s.position.x, s.position.y, s.zPosition))
                .concatenating(.makeTranslation(-pivot.x, -pivot.y, 0)).concatenating(m)
                .concatenating(.makeTranslation(pivot.x - parentOrigin.x, pivot.y - parentOrigin.y, 0))
        } else {
            layer.transform = toAnchor.concatenating(s.transform)
            layer.position = Point(x: s.position.x - parentOrigin.x, y: s.position.y - parentOrigin.y)
            layer.zPosition = s.zPosition
        }
        layer.opacity = s.opacity
        layer.isHidden = s.isHidden
        layer.masksToBounds = s.masksToBounds
        layer.isDrawnAsCoreGraphics = drawing.isRenderInContext
        layer.backgroundColor = s.backgroundColor.map(color)
        layer.cornerRadius = max(s.cornerRadius, 0)
        // `render(in:)` rounds every corner whatever `maskedCorners` says: Core Animation's
        // software renderer has never followed it (docs/uikit.md "Drawing a view into an image").
        layer.maskedCorners =
            drawing.isRenderInContext ? .all : Shapes.Corners(rawValue: s.maskedCorners & 0b1111)
        layer.cornerCurve =
            s.continuousCorners
                || (!s.cornerCurveIsSet && drawing == .renderInContext(unsetCornersContinuous: true))
            ? .continuous : .circular
        layer.isDoubleSided = s.isDoubleSided
        let map = place.map(layer)
        if let g = s.gradient, !g.colors.isEmpty {
            let kind: Gradient.Kind =
                switch g.kind {
                case .axial: .axial
                case .radial: .radial
                case .conic: .conic
                }
            var gradient = Gradient(
                kind, colors: g.colors.map(color), locations: g.locations,
                start: SIMD2(g.startPoint.x * size.width, g.startPoint.y * size.height),
                end: SIMD2(g.endPoint.x * size.width, g.endPoint.y * size.height))
            // Core Animation lays the gradient out in the unit square, then stretches it.
            if size.width > 0, size.height > 0 { gradient.space = SIMD2(size.width, size.height) }
            if drawing.isRenderInContext {
                // Core Graphics draws it: through a table sized by the axis's device length,
                // dithered (rendering.md §8.6). The conic gradient's table is not measured.
                if let samples = Self.coreGraphicsSamples(gradient, map: map) {
                    gradient.coreGraphicsTable = GenericRGBGradient.table(
                        colors: g.colors, locations: gradient.locations, samples: samples,
                        wideColumns: gradient.kind == .radial)
                }
                (gradient.colors, gradient.locations) = GenericRGBGradient.stops(
                    colors: g.colors, locations: gradient.locations)
            }
            layer.gradient = gradient
        }
        if s.borderWidth > 0, let c = s.borderColor {
            layer.border = LayerBorder(width: s.borderWidth, color: color(c))
        }
        // On screen a layer that clips to its bounds clips its own shadow away; `render(in:)`
        // draws it (docs/design/rendering.md §9).
        if let sh = s.shadow, sh.opacity > 0, !(s.masksToBounds && drawing == .onScreen) {
            layer.shadow = LayerShadow(
                color: color(sh.color), opacity: min(sh.opacity, 1), radius: max(sh.radius, 0),
                offset: sh.offset, path: sh.path.map { path($0, origin: s.bounds.origin) })
            layer.castsShadowFromContent = true
        }
        if aliasesTurnedEdges, !s.allowsEdgeAntialiasing, !map.keepsAxes {
            layer.allowsEdgeAntialiasing = false
        }
        if let sh = s.shape {
            layer.shape = shape(
                sh, origin: s.bounds.origin, map: map, asCoreGraphics: drawing.isRenderInContext)
        }
        if let c = s.contents { layer.contents = try contents(c, of: layer, map: map, sourced: sourced) }
        if let t = s.text, !t.string.isEmpty { layer.text = text(t) }
        let sublayerTransform =
            s.sublayerTransform == .identity
            ? nil
            : (
                s.sublayerTransform,
                pivot: Point(
                    x: s.bounds.minX + s.anchorPoint.x * size.width,
                    y: s.bounds.minY + s.anchorPoint.y * size.height)
            )
        var sublayers: [Layer] = []
        for sub in s.sublayers {
            sublayers.append(
                try self.layer(
                    sub, parentOrigin: s.bounds.origin, parentSublayerTransform: sublayerTransform,
                    place: .sublayer(of: map), scale: scale, sourced: sourced))
        }
        if let d = s.drawing { sublayers.insert(try drawing(d, in: size, map: map, sourced: sourced), at: 0) }
        layer.sublayers = sublayers
        // A mask is placed as a sublayer is, but not by the sublayerTransform (it is no sublayer).
        if let m = s.mask {
            layer.mask = try self.layer(
                m, parentOrigin: s.bounds.origin, parentSublayerTransform: nil, place: .sublayer(of: map),
                scale: scale, sourced: sourced)
        }
        return CellLayerFolding.folded(layer)
    }

    /// A shape's fill and stroke in local points (`origin`: the bounds' origin), the stroke
    /// outlined within a hundredth of a device pixel through `map`; nil when neither is painted.
    /// `asCoreGraphics`: drawn by Core Graphics (`render(in:)`, a view's `draw(_:)`), which
    /// strokes the line it has cut into chords in device pixels (docs/design/rendering.md §8.8).
    private func shape(_ sh: LayerSnapshot.Shape, origin: Point, map: Homography, asCoreGraphics: Bool)
        -> LayerShape?
    {
        guard sh.fillColor != nil || sh.strokeColor != nil else { return nil }
        var shape = LayerShape(
            path: path(sh.path, origin: origin), fillColor: sh.fillColor.map(color) ?? .clear,
            fillRule: sh.evenOdd ? .evenOdd : .nonZero)
        if let stroke = sh.strokeColor {
            let line = elements(sh.path, origin: origin)
            shape.stroke = Stroker.outline(
                of: line, style: strokeStyle(sh), tolerance: Stroker.tolerance(localToDevice: map),
                coreGraphicsChordsThrough: asCoreGraphics ? map : nil)
            shape.strokeColor = color(stroke)
        }
        return shape
    }

    /// The image `c` shows in `layer` (whose map to device pixels is `map`): a scene photo from
    /// the caller's textures, or its pixels; nil when it has none.
    private func contents<Failure: Error>(
        _ c: LayerSnapshot.Contents, of layer: Layer, map: Homography, sourced: SourcedContents<Failure>
    ) throws(Failure) -> LayerContents? {
        if let source = c.source { return try sourced(c, source, layer, map) }
        guard let texture = cellTexture(c) else { return nil }
        return LayerContents(c, texture: texture)
    }

    /// A view's `draw(_:)` as its backing store: a layer of the recorded size, clipped to its
    /// bounds and stretched to the view's, holding one layer per painted path or drawn image,
    /// masked by its clips.
    private func drawing<Failure: Error>(
        _ d: LayerSnapshot.Drawing, in size: Size, map: Homography, sourced: SourcedContents<Failure>
    ) throws(Failure) -> Layer {
        let centre = Point(x: d.size.width / 2, y: d.size.height / 2)
        var store = Layer(size: d.size, position: Point(x: size.width / 2, y: size.height / 2))
        if d.size != size {
            store.transform = .makeScale(size.width / d.size.width, size.height / d.size.height, 1)
        }
        store.masksToBounds = true
        let storeMap = Compositor.sublayerMap(store, in: map)
        store.sublayers = try d.parts.map { part throws(Failure) in
            var layer: Layer
            if let image = part.image {
                layer = try self.image(image, in: storeMap, sourced: sourced)
            } else if let fill = part.gradient, !fill.gradient.colors.isEmpty {
                layer = Layer(size: d.size, position: centre)
                layer.isDrawnAsCoreGraphics = true
                let g = fill.gradient
                layer.gradient = Gradient(
                    g.kind == .radial ? .radial : .axial, colors: g.colors.map(color), locations: g.locations,
                    start: SIMD2(fill.start.x, fill.start.y), end: SIMD2(fill.end.x, fill.end.y))
            } else if let run = part.text {
                layer = text(run)
            } else {
                // A view's drawing is Core Graphics' wherever it is shown: its curves are chords.
                layer = Layer(size: d.size, position: centre)
                layer.isDrawnAsCoreGraphics = true
                layer.shape = shape(
                    part.shape, origin: .zero, map: Compositor.sublayerMap(layer, in: storeMap),
                    asCoreGraphics: true)
            }
            // A shadow is cast by what the part paints, moved in the drawing's coordinates, and
            // clipped with it.
            if let sh = part.shadow, sh.opacity > 0 {
                var caster = Layer(size: d.size, position: centre)
                caster.sublayers = [layer]
                caster.shadow = LayerShadow(
                    color: color(sh.color), opacity: min(sh.opacity, 1), radius: max(sh.radius, 0),
                    offset: sh.offset)
                caster.castsShadowFromContent = true
                layer = caster
            }
            // Each clip masks what it holds: a layer of the same place holding the part.
            for clip in part.clips {
                var holder = Layer(size: d.size, position: centre)
                holder.sublayers = [layer]
                var mask = Layer(size: d.size, position: centre)
                mask.isDrawnAsCoreGraphics = true
                mask.shape = shape(clip, origin: .zero, map: storeMap, asCoreGraphics: true)
                holder.mask = mask
                layer = holder
            }
            return layer
        }
        return store
    }

    /// A drawn image as an image layer of its rect's size stretching its contents, placed by
    /// the drawing's transform (its linear part about the rect's centre), so that it is sampled
    /// as an image view's image is (docs/uikit.md "Images in a context").
    private func image<Failure: Error>(
        _ image: LayerSnapshot.Drawing.Image, in storeMap: Homography, sourced: SourcedContents<Failure>
    ) throws(Failure) -> Layer {
        var layer = placed(image.rect, by: image.transform, alpha: image.alpha)
        var contents = image.contents
        contents.mode = .scaleToFill
        layer.contents = try self.contents(
            contents, of: layer, map: Compositor.sublayerMap(layer, in: storeMap), sourced: sourced)
        return layer
    }

    /// A label's text as the compositor draws it.
    private func text(_ t: LayerSnapshot.Text) -> LayerText {
        var text = LayerText(
            string: t.string, fontSize: t.fontSize, bold: t.bold, color: color(t.color),
            shadow: t.shadow.map {
                LayerShadow(color: color($0.color), opacity: $0.opacity, radius: $0.radius, offset: $0.offset)
            },
            family: t.family ?? FontLocator.defaultFamily,
            alignment: TextAlignment(rawValue: t.alignment) ?? .natural,
            numberOfLines: t.numberOfLines)
        text.spacing = ParagraphSpacing(
            lineSpacing: t.lineSpacing, lineHeightMultiple: t.lineHeightMultiple,
            minimumLineHeight: t.minimumLineHeight, maximumLineHeight: t.maximumLineHeight,
            paragraphSpacing: t.paragraphSpacing, paragraphSpacingBefore: t.paragraphSpacingBefore)
        text.decoration = TextDecoration(
            underline: t.underline.flatMap(TextDecoration.Line.init(rawValue:)),
            strikethrough: t.strikethrough.flatMap(TextDecoration.Line.init(rawValue:)))
        text.maskArea = t.maskArea
        text.tracking = t.tracking
        text.runs = t.runs.map { run in
            let style = StyledRun(
                length: run.length, size: run.fontSize, weight: run.bold ? .bold : .regular,
                family: run.family ?? FontLocator.defaultFamily, tracking: run.tracking,
                decoration: TextDecoration(
                    underline: run.underline.flatMap(TextDecoration.Line.init(rawValue:)),
                    strikethrough: run.strikethrough.flatMap(TextDecoration.Line.init(rawValue:))))
            return (style, color(run.color))
        }
        return text
    }

    /// Text drawn into a context as a label's layer of its rect's size, placed by the drawing's
    /// transform (its linear part about the rect's centre), as a drawn image is.
    private func text(_ run: LayerSnapshot.Drawing.TextRun) -> Layer {
        var layer = placed(run.rect, by: run.transform, alpha: run.alpha)
        layer.text = text(run.text)
        return layer
    }

    /// A layer of `rect`'s size where a context's `transform` puts the rect (its linear part
    /// about the rect's centre), at `alpha`: what an image or text drawn into a context is in.
    private func placed(_ rect: Rect, by t: AffineTransform, alpha: Double) -> Layer {
        var layer = Layer(size: rect.size, position: t.apply(to: rect.center))
        layer.transform = Transform3D(AffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: 0, ty: 0))
        layer.opacity = alpha
        layer.isDrawnAsCoreGraphics = true
        return layer
    }

    private func path(_ elements: [LayerSnapshot.Shape.Element], origin: Point) -> Path {
        Path(elements: self.elements(elements, origin: origin))
    }

    private func elements(_ elements: [LayerSnapshot.Shape.Element], origin: Point) -> [Path.Element] {
        func local(_ p: Point) -> SIMD2<Double> { SIMD2(p.x - origin.x, p.y - origin.y) }
        return elements.map { e -> Path.Element in
            switch e {
            case .move(let p): .move(local(p))
            case .line(let p): .line(local(p))
            case .quadCurve(let p, let c): .quadCurve(local(p), control: local(c))
            case .curve(let p, let c1, let c2): .curve(local(p), control1: local(c1), control2: local(c2))
            case .close: .close
            }
        }
    }

    private func strokeStyle(_ sh: LayerSnapshot.Shape) -> StrokeStyle {
        StrokeStyle(
            lineWidth: sh.lineWidth,
            lineCap: sh.lineCap == .round ? .round : sh.lineCap == .square ? .square : .butt,
            lineJoin: sh.lineJoin == .round ? .round : sh.lineJoin == .bevel ? .bevel : .miter,
            miterLimit: sh.miterLimit, dashPattern: sh.lineDashPattern, dashPhase: sh.lineDashPhase,
            strokeStart: sh.strokeStart, strokeEnd: sh.strokeEnd)
    }

    private func color(_ c: LayerSnapshot.Color) -> Color {
        func byte(_ v: Double) -> UInt8 {
            UInt8((min(max(v, 0), 1) * 255).rounded().clampedInt(in: 0...255, nan: 0))
        }
        return Color(r: byte(c.red), g: byte(c.green), b: byte(c.blue), a: byte(c.alpha))
    }

    /// Made once per distinct image for the composer's life: cells show the same few images
    /// frame after frame.
    private func cellTexture(_ c: LayerSnapshot.Contents) -> Texture? {
        if let t = textures.withLock({ $0[c] }) { return t }
        guard c.width > 0, c.height > 0,
            let image = Image(
                width: c.width, height: c.height, stride: c.width * 4, premultipliedBytes: c.pixels)
        else { return nil }
        let texture = Texture(image)
        textures.withLock { $0[c] = texture }
        return texture
    }
}

extension LayerSnapshot.Contents {
    /// The compositor's content mode for `mode`.
    package var contentMode: ContentMode { ContentMode(rawValue: mode.rawValue) ?? .scaleToFill }
    /// `scale` where it is usable; nil draws at the canvas's.
    package var usableScale: Double? { scale.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } }
}

extension LayerContents {
    /// `c` drawn from `texture` (its pixels', or the scene photo's it names), placed as `c` says.
    package init(_ c: LayerSnapshot.Contents, texture: Texture) {
        self.init(texture: texture, mode: c.contentMode)
        imageScale = c.usableScale
        alignment = c.alignment
        textRects = c.textRects
    }
}

/// A cell's view tree drawn as the scene's styles draw an element, where it has the same shape:
/// a view that only holds one view of its size (a cell holding its content view) becomes that
/// view, and a view that only clips an image view of its own size, directly or through one
/// clipping window (a photo masked to its aspect-fit rect), becomes one image layer with the
/// image's offset and the window as its mask, as `LayerContents` draws a styled cell's image.
/// The clips are then the image's coverage intersected with the bounds' and the window's in one
/// pass, where the nested layers drew the image offscreen and composited it through each clip:
/// the same picture, rounded once instead of at every level, so a cell showing a scene photo
/// gives the built-in style's pixels (docs/uikit.md "The scene's photos").
package enum CellLayerFolding {
    package static func folded(_ layer: Layer) -> Layer {
        guard layer.sublayers.count == 1, hasNoParts(layer), layer.shadow == nil else { return layer }
        let child = layer.sublayers[0]
        // A view holding one view that fills it exactly.
        if !layer.masksToBounds, child.opacity == 1, fills(child, layer) {
            var merged = child
            merged.size = layer.size
            merged.position = layer.position
            merged.transform = layer.transform
            merged.zPosition = layer.zPosition
            merged.opacity = layer.opacity
            merged.isHidden = layer.isHidden || child.isHidden
            // The child's map is its parent's, so one of them turned away culls both.
            merged.isDoubleSided = layer.isDoubleSided && child.isDoubleSided
            return merged
        }
        guard layer.masksToBounds, layer.opacity == 1 || child.opacity == 1 else { return layer }
        // A clipping view holding an image view of its size.
        if let contents = imageOnly(child, size: layer.size) {
            return withImage(layer, contents, offset: origin(child), opacity: child.opacity)
        }
        // ...or holding a clipping window that holds it.
        guard child.sublayers.count == 1, child.masksToBounds, child.cornerRadius <= 0, hasNoParts(child),
            child.shadow == nil, child.opacity == 1, isPlain(child), child.isDoubleSided,
            let contents = imageOnly(child.sublayers[0], size: layer.size)
        else { return layer }
        let window = origin(child)
        let inner = origin(child.sublayers[0])
        var image = withImage(
            layer, contents, offset: Point(x: window.x + inner.x, y: window.y + inner.y),
            opacity: child.sublayers[0].opacity)
        image.contents?.maskRect = Rect(origin: window, size: child.size)
        return image
    }

    private static func hasNoParts(_ l: Layer) -> Bool {
        l.backgroundColor == nil && l.border == nil && l.contents == nil && l.text == nil && l.mask == nil
            && l.gradient == nil && l.shape == nil
    }

    /// Untransformed, at no depth, not hidden.
    private static func isPlain(_ l: Layer) -> Bool {
        l.transform == .identity && l.zPosition == 0 && !l.isHidden
    }

    private static func fills(_ child: Layer, _ parent: Layer) -> Bool {
        isPlain(child) && child.size == parent.size
            && child.position == Point(x: parent.size.width / 2, y: parent.size.height / 2)
    }

    /// The top left of a plain sublayer in its superlayer's local points.
    private static func origin(_ l: Layer) -> Point {
        Point(x: l.position.x - l.size.width / 2, y: l.position.y - l.size.height / 2)
    }

    /// The contents of a layer that draws nothing else, is `size` large and untransformed.
    private static func imageOnly(_ l: Layer, size: Size) -> LayerContents? {
        guard let c = l.contents, l.sublayers.isEmpty, l.backgroundColor == nil, l.border == nil,
            l.shadow == nil, l.text == nil, !l.masksToBounds, isPlain(l), l.size == size, l.isDoubleSided,
            l.mask == nil, l.gradient == nil, l.shape == nil,
            c.offset == .zero, c.maskRect == nil, c.inset == 0
        else { return nil }
        return c
    }

    private static func withImage(_ layer: Layer, _ c: LayerContents, offset: Point, opacity: Double) -> Layer
    {
        var image = layer
        image.sublayers = []
        image.contents = c
        image.contents?.offset = offset
        image.opacity = layer.opacity * opacity
        return image
    }
}
