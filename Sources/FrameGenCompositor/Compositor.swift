import Dispatch
import FrameGenGeometry
import FrameGenRaster
import FrameGenText

/// Core Animation's layer semantics on the CPU (docs/design/rendering.md). Stateless and Sendable:
/// several threads may render different frames at once, sharing textures read-only.
public enum Compositor {
    /// Renders the canvas, its text with `text` (one renderer per render, so that its fonts and
    /// glyphs are loaded once and shared by every frame and thread). Text errors (a missing font)
    /// are thrown; everything else draws what it can (a non-finite matrix makes its layer
    /// invisible, docs/design/rendering.md §5).
    public static func render(_ canvas: CanvasLayer, text: TextRenderer) throws(CompositorError) -> Image {
        try render(canvas, text: text, occlusion: true)
    }

    /// `occlusion`: whether opaque later layers spare the sampling of what they hide
    /// (`Occluder`), and cells over the untouched colour background the reading of it
    /// (`UntouchedBackground`); it never changes the bytes, and the tests that check so turn it
    /// off.
    static func render(_ canvas: CanvasLayer, text: TextRenderer, occlusion: Bool) throws(CompositorError)
        -> Image
    {
        // A colour background is the image's first and only fill.
        if case .color(let c) = canvas.background {
            var image = Image(width: canvas.pixelWidth, height: canvas.pixelHeight, fill: c.premultiplied)
            try render(
                canvas, rows: 0..<canvas.pixelHeight, into: &image, text: text, backgroundPainted: true,
                occlusion: occlusion)
            return image
        }
        var image = Image(width: canvas.pixelWidth, height: canvas.pixelHeight)
        try render(
            canvas, rows: 0..<canvas.pixelHeight, into: &image, text: text, backgroundPainted: false,
            occlusion: occlusion)
        return image
    }

    /// Draws only `rows` of the canvas into `image` (pixelWidth x pixelHeight), overwriting
    /// them whatever they held and leaving the other rows as they are: a worker can keep one
    /// image across frames instead of allocating one per frame. Every pixel is computed in
    /// device coordinates from the whole scene, never from what a band happens to hold, so any
    /// split of the rows gives exactly the bytes of one full render.
    ///
    /// `layers`: drawings kept from the frames this worker drew before, reused where a cell
    /// has only moved by whole pixels (`DrawnLayerCache`); the bytes are the same without it.
    public static func render(
        _ canvas: CanvasLayer, rows: Range<Int>, into image: inout Image, text: TextRenderer,
        layers: DrawnLayerCache? = nil
    ) throws(CompositorError) {
        try render(
            canvas, rows: rows, into: &image, text: text, backgroundPainted: false, occlusion: true,
            layers: layers)
    }

    /// `backgroundPainted`: the rows already hold the colour background.
    static func render(
        _ canvas: CanvasLayer, rows: Range<Int>, into image: inout Image, text: TextRenderer,
        backgroundPainted: Bool, occlusion: Bool, layers: DrawnLayerCache? = nil
    )
        throws(CompositorError)
    {
        precondition(
            image.width == canvas.pixelWidth && image.height == canvas.pixelHeight, "image size mismatch")
        let band = max(rows.lowerBound, 0)..<min(rows.upperBound, image.height)
        guard !band.isEmpty else { return }
        // Image backgrounds may leave transparent texels undrawn: start those rows clear.
        if case .color = canvas.background {} else { image.fill(.clear, rows: band) }
        if !backgroundPainted { paintBackground(&image, canvas, rows: band) }
        var untouched = UntouchedBackground(canvas.background, tracked: occlusion)
        for view in canvas.views {
            try render(
                view, into: &image, scale: canvas.scale, rows: band, text: text, occlusion: occlusion,
                layers: layers, untouched: &untouched)
        }
    }

    /// One frame drawn as `bands` row bands in parallel (when there are fewer frames in flight
    /// than cores); byte-identical to `render(_:)` whatever `bands` is.
    public static func render(_ canvas: CanvasLayer, bands: Int, text: TextRenderer) throws(CompositorError)
        -> Image
    {
        let height = canvas.pixelHeight
        let n = min(max(bands, 1), max(height, 1))
        guard n > 1 else { return try render(canvas, text: text) }
        @Sendable func rows(_ i: Int) -> Range<Int> { (height * i / n)..<(height * (i + 1) / n) }
        // Each band draws into its own canvas and writes only its own slot.
        let out = BandSlots(count: n)
        defer { out.free(count: n) }
        DispatchQueue.concurrentPerform(iterations: n) { i in
            var band = Image(width: canvas.pixelWidth, height: height)
            do throws(CompositorError) {
                try render(canvas, rows: rows(i), into: &band, text: text)
                out.images[i] = band
            } catch {
                out.errors[i] = error
            }
        }
        for i in 0..<n { if let error = out.errors[i] { throw error } }
        // Band 0's canvas becomes the frame; the other bands' rows are copied into it.
        var image = out.images[0]!
        out.images[0] = nil
        let stride = image.stride
        image.bytes.withUnsafeMutableBufferPointer { dst in
            for i in 1..<n {
                let r = rows(i)
                out.images[i]!.bytes.withUnsafeBufferPointer { src in
                    let start = r.lowerBound * stride
                    (dst.baseAddress! + start).update(from: src.baseAddress! + start, count: r.count * stride)
                }
            }
        }
        return image
    }

    static func paintBackground(_ image: inout Image, _ canvas: CanvasLayer, rows: Range<Int>) {
        let full = CoverageMask.full((0, rows.lowerBound, image.width, rows.upperBound))
        switch canvas.background {
        case .color(let c):
            image.fill(c.premultiplied, rows: rows)
        case .image(let t):
            let h = Homography.scale(
                Double(t.width) / Double(image.width), Double(t.height) / Double(image.height))
            Painter.drawTexture(&image, t, deviceToTexture: h, coverage: full)
        case .pattern(let t, let texelsPerPoint):
            // Each tile is the texture scaled by the canvas scale over its texels per point: a
            // tile made for the output scale is copied pixel for pixel.
            let pixelsPerTexel = canvas.scale / texelsPerPoint
            let tw = Double(t.width) * pixelsPerTexel
            let th = Double(t.height) * pixelsPerTexel
            var y = 0.0
            while y < Double(image.height) {
                guard (y + th).rounded().clampedInt(in: pixelCoordinateRange, nan: 0) > rows.lowerBound else {
                    y += th
                    continue
                }
                guard y.rounded().clampedInt(in: pixelCoordinateRange, nan: 0) < rows.upperBound else {
                    break
                }
                var x = 0.0
                while x < Double(image.width) {
                    let box = (
                        x.rounded().clampedInt(in: pixelCoordinateRange, nan: 0),
                        max(y.rounded().clampedInt(in: pixelCoordinateRange, nan: 0), rows.lowerBound),
                        min((x + tw).rounded().clampedInt(in: pixelCoordinateRange, nan: 0), image.width),
                        min(
                            (y + th).rounded().clampedInt(in: pixelCoordinateRange, nan: 0), image.height,
                            rows.upperBound)
                    )
                    let h = Homography.translation(-x, -y).concatenating(
                        .scale(1 / pixelsPerTexel, 1 / pixelsPerTexel))
                    Painter.drawTexture(
                        &image, t, deviceToTexture: h, coverage: .full(box), filter: .bilinear)
                    x += tw
                }
                y += th
            }
        }
    }

    /// The map from a layer's local points (origin top left) to canvas pixels (docs/design/rendering.md
    /// §1.2): `[p - anchor, 0, 1] · transform · T(position, zPosition)`, then the view's
    /// sublayerTransform about its centre, the view's origin and the canvas scale.
    public static func localToDevice(_ layer: Layer, in view: ViewLayer, scale: Double) -> Homography {
        var m = placement(layer)
        if let s = view.sublayerTransform {
            let cx = view.frame.width / 2
            let cy = view.frame.height / 2
            m = m.concatenating(.makeTranslation(-cx, -cy, 0)).concatenating(s).concatenating(
                .makeTranslation(cx, cy, 0))
        }
        m = m.concatenating(.makeTranslation(view.frame.minX, view.frame.minY, 0))
            .concatenating(.makeScale(scale, scale, 1))
        return Homography(planar: m)
    }

    /// `untouched`: where the band still holds its colour background, updated with what the
    /// view's layers draw.
    static func render(
        _ view: ViewLayer, into image: inout Image, scale: Double, rows: Range<Int>, text: TextRenderer,
        occlusion: Bool, layers: DrawnLayerCache? = nil, untouched: inout UntouchedBackground
    )
        throws(CompositorError)
    {
        // A scroll view clips its content to its frame.
        let f = view.frame
        let clip: PixelBox = (
            max(0, (f.minX * scale).rounded().clampedInt(in: pixelCoordinateRange, nan: 0)),
            max(0, (f.minY * scale).rounded().clampedInt(in: pixelCoordinateRange, nan: 0)),
            min(image.width, (f.maxX * scale).rounded().clampedInt(in: pixelCoordinateRange, nan: 0)),
            min(image.height, (f.maxY * scale).rounded().clampedInt(in: pixelCoordinateRange, nan: 0))
        )
        guard clip.x1 > clip.x0, clip.y1 > clip.y0 else { return }
        let band = (clip.x0, max(clip.y0, rows.lowerBound), clip.x1, min(clip.y1, rows.upperBound))
        guard band.1 < band.3 else { return }
        let maps = view.layers.map { localToDevice($0, in: view, scale: scale) }
        let opaque = view.layers.indices.map { i -> Occluder? in
            let l = view.layers[i]
            guard !l.isInvisible, hidesItsBounds(l, opacity: min(max(l.opacity, 0), 1), scale: scale) else {
                return nil
            }
            return Occluder(Rect(origin: .zero, size: l.size), maps[i])
        }
        for (i, layer) in view.layers.enumerated() where !layer.isInvisible {
            let h = maps[i]
            guard h.isFinite else { continue }
            // Opaque layers drawn later (a bounded look-ahead) hide parts of this one.
            var hiders: [Occluder] = []
            if occlusion {
                let reach = min(view.layers.count, i + 1 + Occluder.lookAhead)
                for j in (i + 1)..<max(i + 1, reach) {
                    if let o = opaque[j], o.y0 < Double(band.3), o.y1 > Double(band.1) { hiders.append(o) }
                }
            }
            // What the layer may change; its contents are drawn knowing what is still untouched.
            let reach =
                untouched.isTracked ? UntouchedBackground.reach(of: layer, h, scale: scale, clip: band) : nil
            try draw(
                layer, h, into: &image, clip: band, viewClip: clip, scale: scale, text: text, hiders: hiders,
                layers: layers, untouched: reach == nil ? nil : untouched)
            untouched.touch(reach ?? band)
        }
    }

    /// `asCoreGraphics`: the curves cut into chords as Core Graphics cuts them (a layer drawn by
    /// `render(in:)`, `Layer.isDrawnAsCoreGraphics`).
    static func coverage(
        _ path: Path, _ h: Homography, fillRule: FillRule = .nonZero, clip: PixelBox, antialiased: Bool,
        asCoreGraphics: Bool = false
    ) -> CoverageMask {
        let device = path.transformed(by: h)
        return Rasterizer.coverage(
            of: asCoreGraphics ? device.flattenedAsCoreGraphics() : device, fillRule: fillRule, clip: clip,
            antialiased: antialiased, levels: asCoreGraphics ? .coreGraphics : .nearest)
    }

    /// The coverage of one of `layer`'s outlines (its rounded bounds, its border's ring), as the
    /// layer is drawn: anti-aliased or not, and cut into chords as Core Graphics cuts curves for
    /// a layer `render(in:)` draws.
    static func coverage(_ outline: Path, of layer: Layer, _ h: Homography, clip: PixelBox) -> CoverageMask {
        if layer.allowsEdgeAntialiasing, layer.roundedBoundsOverlapThemselves {
            return coreGraphicsUnionCoverage(outline, h, clip: clip)
        }
        return coverage(
            outline, h, clip: clip, antialiased: layer.allowsEdgeAntialiasing,
            asCoreGraphics: layer.isDrawnAsCoreGraphics)
    }

    /// A layer's border's coverage: the ring between its rounded bounds and the bounds inset by
    /// the width, or under `render(in:)` with continuous corners a stroke as Core Graphics draws
    /// it (`coreGraphicsContinuousBorder`).
    static func borderCoverage(_ layer: Layer, width: Double, _ h: Homography, clip: PixelBox) -> CoverageMask
    {
        if layer.allowsEdgeAntialiasing, let stroke = coreGraphicsContinuousBorder(layer, width: width, h) {
            return coreGraphicsUnionCoverage(stroke, h, clip: clip)
        }
        let ring = Shapes.border(
            Rect(origin: .zero, size: layer.size), width: width, radius: layer.cornerRadius,
            curve: layer.cornerCurve, corners: layer.maskedCorners,
            asCoreGraphics: layer.isDrawnAsCoreGraphics)
        return coverage(ring, of: layer, h, clip: clip)
    }

    /// `render(in:)`'s border of a continuous-cornered layer, in local points: the rounded bounds
    /// inset by half the width with radius r − width / 2, cut into chords in device pixels as Core
    /// Graphics cuts curves, then stroked with miter joins as one rectangle per chord
    /// (docs/design/rendering.md §8.2). Nil for other layers, a map that is not affine, or a
    /// border wider than half the bounds (it fills the rounded bounds, as the ring does).
    static func coreGraphicsContinuousBorder(_ layer: Layer, width: Double, _ h: Homography) -> Path? {
        guard layer.isDrawnAsCoreGraphics, layer.cornerCurve == .continuous, layer.cornerRadius > 0,
            h.isAffine
        else { return nil }
        let bounds = Rect(origin: .zero, size: layer.size)
        let r = Shapes.effectiveRadius(
            layer.cornerRadius, in: bounds, curve: .continuous, asCoreGraphics: true)
        let centreLine = bounds.insetBy(dx: width / 2, dy: width / 2)
        guard r > 0, centreLine.width > 0, centreLine.height > 0 else { return nil }
        let chords = Shapes.roundedRect(
            centreLine, radius: max(r - width / 2, 0), curve: .continuous, asCoreGraphics: true
        ).chordsAsCoreGraphics(deviceMap: h)
        guard let contour = chords.contours.first else { return nil }
        return Stroker.segmentUnion(ofClosed: [contour.start] + contour.segments.map(\.end), width: width)
    }

    /// The coverage of `path` (local points) as Core Graphics fills it where its pieces overlap
    /// by design (a stroke's segments, caps and joins; rounded bounds whose corners meet along a
    /// side): their union, at Core Graphics' levels, curves cut into its chords.
    static func coreGraphicsUnionCoverage(_ path: Path, _ h: Homography, clip: PixelBox) -> CoverageMask {
        Rasterizer.coverage(
            ofOverlapping: path.transformed(by: h).flattenedAsCoreGraphics(), clip: clip,
            levels: .coreGraphics)
    }

    /// `clip` is where pixels may change (the view's clip within the band being drawn);
    /// `viewClip` the view's whole clip, for the steps whose result depends on their extent
    /// (a blur, an offscreen group's origin), so that bands reproduce a full render exactly.
    static func draw(
        _ layer: Layer, _ h: Homography, into image: inout Image, clip: PixelBox, viewClip: PixelBox,
        scale: Double, text: TextRenderer, hiders: [Occluder] = [], layers: DrawnLayerCache? = nil,
        untouched: UntouchedBackground? = nil
    ) throws(CompositorError) {
        if !layer.isDoubleSided, facesAway(h) { return }
        if let mask = layer.mask {
            return try drawMasked(
                layer, by: mask, h, into: &image, clip: clip, viewClip: viewClip, scale: scale, text: text)
        }
        if !layer.sublayers.isEmpty {
            return try drawTree(
                layer, h, into: &image, clip: clip, viewClip: viewClip, scale: scale, text: text,
                hiders: hiders)
        }
        var layer = layer
        let bounds = Rect(origin: .zero, size: layer.size)
        let opacity = min(max(layer.opacity, 0), 1)
        let rounded = layer.roundedBounds

        if let s = contentShadow(of: &layer) {
            try drawContentShadow(
                s, of: layer, opacity: opacity, h, into: &image, clip: clip, viewClip: viewClip, scale: scale,
                text: text)
            var rest = layer
            rest.shadow = nil
            return try draw(
                rest, h, into: &image, clip: clip, viewClip: viewClip, scale: scale, text: text,
                hiders: hiders,
                layers: layers, untouched: untouched)
        }
        // Shadow: below everything, outside the group, scaled by the layer's opacity.
        if let s = layer.shadow, s.opacity > 0 {
            let offset = Homography.translation(s.offset.x, s.offset.y)
            let color = s.color.withOpacity(s.opacity * opacity).premultiplied
            // Square corners: the analytic shadow, exact and constant cost per pixel.
            if s.radius > 0, layer.cornerRadius <= 0, s.path == nil,
                RectShadow.fill(
                    &image, color: color, rect: bounds, sigma: s.radius,
                    localToDevice: offset.concatenating(h),
                    clip: clip,
                    hidden: hidesItsBounds(layer, opacity: opacity, scale: scale)
                        ? bounds.offsetBy(dx: -s.offset.x, dy: -s.offset.y) : nil)
            {
                return try drawBody(
                    layer, h, into: &image, clip: clip, viewClip: viewClip, scale: scale, opacity: opacity,
                    text: text, hiders: hiders, layers: layers)
            }
            let region = s.radius > 0 ? viewClip : clip
            var mask =
                if let path = s.path {
                    coverage(path, offset.concatenating(h), clip: region, antialiased: true)
                } else {
                    coverage(rounded, of: layer, offset.concatenating(h), clip: region)
                }
            if s.radius > 0 {
                mask = Blur.gaussian(mask, sigma: s.radius * scale).cropped(to: clip)
            }
            Painter.fill(&image, color: color, coverage: mask)
        }
        try drawBody(
            layer, h, into: &image, clip: clip, viewClip: viewClip, scale: scale, opacity: opacity,
            text: text, hiders: hiders, layers: layers, untouched: layer.shadow == nil ? untouched : nil)
    }

    /// True when the layer's own drawing will cover every pixel inside its (square) bounds with
    /// an opaque colour, stored without blending: its shadow need not be drawn there.
    static func hidesItsBounds(_ layer: Layer, opacity: Double, scale: Double) -> Bool {
        guard opacity >= 1, layer.cornerRadius <= 0, layer.mask == nil, layer.isDoubleSided else {
            return false
        }
        if let bg = layer.backgroundColor, bg.a == 255 { return true }
        guard let c = layer.contents, c.maskRect == nil, c.texture.isOpaque else { return false }
        let r = c.imageRect(in: layer.size, scale: scale)
        return r.minX <= 0 && r.minY <= 0 && r.maxX >= layer.size.width && r.maxY >= layer.size.height
    }

    /// Everything above the shadow, with group opacity.
    static func drawBody(
        _ layer: Layer, _ h: Homography, into image: inout Image, clip: PixelBox, viewClip: PixelBox,
        scale: Double, opacity: Double, text: TextRenderer, hiders: [Occluder] = [],
        layers: DrawnLayerCache? = nil, untouched: UntouchedBackground? = nil
    ) throws(CompositorError) {
        let rounded = layer.roundedBounds
        let parts =
            (layer.backgroundColor != nil ? 1 : 0) + (layer.contents != nil ? 1 : 0)
            + (layer.border != nil ? 1 : 0) + (layer.text != nil ? 1 : 0)
            + (layer.gradient != nil ? 1 : 0) + (layer.shape != nil ? 1 : 0)
        guard parts > 0 else { return }
        if opacity >= 1 || parts == 1 {
            try drawParts(
                layer, h, into: &image, clip: clip, scale: scale,
                opacity: UInt8((opacity * 255).rounded().clampedInt(in: 0...255, nan: 0)), text: text,
                hiders: hiders, layers: layers, untouched: untouched)
            return
        }
        // Group opacity: the parts are flattened offscreen, then composited as one image.
        // Placed from the view's whole clip, so every band draws the same offscreen image.
        let vc = viewClip
        let box = coverage(rounded, h, clip: vc, antialiased: false).box
        let grown: PixelBox = (
            max(vc.x0, box.x0 - 2), max(vc.y0, box.y0 - 2), min(vc.x1, box.x1 + 2), min(vc.y1, box.y1 + 2)
        )
        var contentBox = grown
        if let shape = layer.shape, let r = shapeBox(shape, h, clip: vc) {
            // A path may reach past the bounds.
            contentBox = (min(grown.x0, r.x0), min(grown.y0, r.y0), max(grown.x1, r.x1), max(grown.y1, r.y1))
        }
        if let c = layer.contents, !layer.masksToBounds {
            // Aspect-fill may overflow the bounds.
            let r = coverage(
                Shapes.rect(c.imageRect(in: layer.size, scale: scale)), h, clip: vc, antialiased: false
            ).box
            contentBox = (
                min(contentBox.x0, r.x0), min(contentBox.y0, r.y0), max(contentBox.x1, r.x1),
                max(contentBox.y1, r.y1)
            )
        }
        let w = contentBox.x1 - contentBox.x0
        let hgt = contentBox.y1 - contentBox.y0
        guard w > 0, hgt > 0, contentBox.y0 < clip.y1, contentBox.y1 > clip.y0 else { return }
        var group = Image(width: w, height: hgt)
        group.canvasOrigin = image.canvasOrigin &+ SIMD2(contentBox.x0, contentBox.y0)
        let shift = Homography.translation(Double(-contentBox.x0), Double(-contentBox.y0))
        let mark = TextInk.mark()
        try drawParts(
            layer, h.concatenating(shift), into: &group, clip: (0, 0, w, hgt), scale: scale, opacity: 255,
            text: text)
        TextInk.settle(from: mark, shift: (contentBox.x0, contentBox.y0), within: clip)
        Painter.composite(
            &image, layer: group, at: (contentBox.x0, contentBox.y0),
            opacity: UInt8((opacity * 255).rounded().clampedInt(in: 0...255, nan: 0)),
            clip: clip == viewClip ? nil : .full(clip))
    }

    /// Background, contents (and the inner image layer), text, border: docs/design/rendering.md §8.1.
    /// `untouched`: where the frame still holds its background, when nothing but this layer's
    /// contents can have been drawn since (`UntouchedBackground`).
    static func drawParts(
        _ layer: Layer, _ h: Homography, into image: inout Image, clip: PixelBox, scale: Double,
        opacity: UInt8, text: TextRenderer, hiders: [Occluder] = [], layers: DrawnLayerCache? = nil,
        untouched: UntouchedBackground? = nil
    ) throws(CompositorError) {
        let bounds = Rect(origin: .zero, size: layer.size)
        let aa = layer.allowsEdgeAntialiasing
        // The rounded bounds' coverage, which the background and a clipped image share.
        var bounded: CoverageMask?
        func roundedCoverage() -> CoverageMask {
            if let bounded { return bounded }
            let mask = coverage(layer.roundedBounds, of: layer, h, clip: clip)
            bounded = mask
            return mask
        }
        let alpha = Double(opacity) / 255
        if let bg = layer.backgroundColor {
            var mask = roundedCoverage()
            // A layer with a shadow is filled unclipped, as the clip would cut its shadow: its
            // edge is covered once (docs/parity.md, BSW-3).
            if layer.isDrawnAsCoreGraphics, layer.masksToBounds, layer.cornerRadius > 0,
                (layer.shadow?.opacity ?? 0) <= 0
            {
                mask = mask.intersected(with: mask)
            }
            for o in hiders { o.hide(in: &mask) }
            Painter.fill(
                &image, color: bg.withOpacity(alpha).premultiplied, coverage: mask,
                truncating: layer.isDrawnAsCoreGraphics)
        }
        drawGradientAndShape(layer, h, into: &image, clip: clip, opacity: opacity, hiders: hiders)
        if let c = layer.contents {
            let rect = c.imageRect(in: layer.size, scale: scale)
            var mask = coverage(Shapes.rect(rect), h, clip: clip, antialiased: aa)
            if layer.masksToBounds {
                mask = mask.intersected(with: roundedCoverage())
            }
            if let m = c.maskRect {
                mask = mask.intersected(with: coverage(Shapes.rect(m), h, clip: clip, antialiased: aa))
            }
            for o in hiders { o.hide(in: &mask) }
            // The image's own text (an image renderer's, TextInk), where the image is drawn.
            if !c.textRects.isEmpty, rect.width > 0, rect.height > 0 {
                let sx = rect.width / Double(c.texture.width)
                let sy = rect.height / Double(c.texture.height)
                let shown = (mask.x, mask.y, mask.x + mask.width, mask.y + mask.height)
                for r in c.textRects {
                    let local = Rect(
                        x: rect.minX + r.minX * sx, y: rect.minY + r.minY * sy, width: r.width * sx,
                        height: r.height * sy)
                    if let box = TextInk.deviceBox(of: local, h) { TextInk.add(box, within: shown) }
                }
            }
            if let deviceToTexture = LayerContents.deviceToTexture(
                imageWidth: c.texture.width, imageHeight: c.texture.height, rect: rect, localToDevice: h)
            {
                // `render(in:)` magnifies contents with iOS's own weights (rendering.md §7.4).
                Painter.drawTexture(
                    &image, c.texture, deviceToTexture: deviceToTexture, coverage: mask,
                    opacity: opacity, filter: layer.isDrawnAsCoreGraphics ? .renderInContext : .trilinear,
                    cache: layers,
                    over: layer.backgroundColor == nil ? untouched?.color(under: mask.box) : nil)
            }
        }
        if let t = layer.text {
            try drawText(
                t, bounds: bounds, h, into: &image, clip: clip, scale: scale, alpha: alpha, text: text)
        }
        if let b = layer.border, b.width > 0 {
            var mask = borderCoverage(layer, width: b.width, h, clip: clip)
            // Under `render(in:)` the clip of a layer that clips to its rounded bounds applies to
            // its border's drawing too (docs/design/rendering.md §8.2).
            if layer.isDrawnAsCoreGraphics, layer.masksToBounds, layer.cornerRadius > 0 {
                mask = mask.intersected(with: roundedCoverage())
            }
            for o in hiders { o.hide(in: &mask) }
            Painter.fill(
                &image, color: b.color.withOpacity(alpha).premultiplied, coverage: mask,
                truncating: layer.isDrawnAsCoreGraphics)
        }
    }

    /// Text is rasterised in device pixels when the layer is only scaled and moved (crisp
    /// glyphs, as a UILabel's backing store at screen scale), otherwise in the layer's own pixels
    /// and drawn through its transform like an image.
    static func drawText(
        _ t: LayerText, bounds: Rect, _ h: Homography, into image: inout Image, clip: PixelBox, scale: Double,
        alpha: Double, text: TextRenderer
    ) throws(CompositorError) {
        let weight: FontWeight = t.bold ? .bold : .regular
        if h.keepsAxes, h.m11 > 0, h.m22 > 0 {
            let o = h.map(SIMD2(0, 0))
            let e = h.map(SIMD2(bounds.width, bounds.height))
            let rect = Rect(x: o.x, y: o.y, width: e.x - o.x, height: e.y - o.y)
            let sy = h.m22 / h.m33
            // The text's pieces and their colours: the whole text in its one style, or each of
            // an attributed string's runs in its own.
            var pieces: [(placed: PlacedText, color: Color)]
            do {
                // Runs that do not cover the string, or a run's size no text can be drawn at,
                // draw the string in one style.
                let runs = t.runs.map { $0.style.scaled(by: sy) }
                let runsDrawable = !runs.isEmpty && TextRenderer.canDraw(runs, count: t.string.count)
                if !runsDrawable {
                    let placed = try text.render(
                        t.string, pixelSize: t.fontSize * sy, weight: weight, family: t.family,
                        tracking: t.tracking,
                        alignment: t.alignment, numberOfLines: t.numberOfLines,
                        spacing: t.spacing.scaled(by: sy), decoration: t.decoration, in: rect)
                    pieces = [(placed, t.color)]
                } else {
                    pieces = try text.render(
                        t.string, runs: runs, alignment: t.alignment,
                        numberOfLines: t.numberOfLines, spacing: t.spacing.scaled(by: sy), in: rect
                    ).map { ($0.placed, t.runs[$0.run].color) }
                }
            } catch {
                throw CompositorError(error.description)
            }
            // Where a glyph is drawn (spaces draw none), the text's box (TextInk).
            // Read only while collecting: a scene's frames do not scan the mask.
            if TextInk.current != nil,
                pieces.contains(where: {
                    !$0.placed.mask.color.isEmpty || $0.placed.mask.coverage.contains(where: { $0 != 0 })
                }),
                let box = TextInk.deviceBox(of: TextInk.box(of: t, bounds: bounds), h)
            {
                TextInk.add(box, within: clip)
            }
            if let s = t.shadow, s.opacity > 0 {
                for (placed, _) in pieces {
                    let shifted = CoverageMask(
                        x: placed.x
                            + (s.offset.x * sy).rounded().clampedInt(in: pixelCoordinateRange, nan: 0),
                        y: placed.y
                            + (s.offset.y * sy).rounded().clampedInt(in: pixelCoordinateRange, nan: 0),
                        width: placed.mask.width, height: placed.mask.height, data: placed.mask.inkCoverage)
                    let blurred = s.radius > 0 ? Blur.gaussian(shifted, sigma: s.radius * sy) : shifted
                    // The glyphs' shadow is theirs too: it differs as they do.
                    TextInk.add(
                        Rect(
                            x: Double(blurred.x), y: Double(blurred.y), width: Double(blurred.width),
                            height: Double(blurred.height)), within: clip)
                    Painter.fill(
                        &image, color: s.color.withOpacity(s.opacity * alpha).premultiplied,
                        coverage: blurred.cropped(to: clip))
                }
            }
            for (placed, color) in pieces {
                let mask = CoverageMask(
                    x: placed.x, y: placed.y, width: placed.mask.width, height: placed.mask.height,
                    data: placed.mask.coverage)
                Painter.fill(
                    &image, color: color.withOpacity(alpha).premultiplied, coverage: mask.cropped(to: clip))
                // Colour glyphs (emoji) keep their own colours, at the layer's opacity.
                if !placed.mask.color.isEmpty,
                    let glyphs = Image(
                        width: mask.width, height: mask.height, stride: mask.width * 4,
                        premultipliedBytes: placed.mask.color)
                {
                    let box = (
                        max(clip.x0, placed.x), max(clip.y0, placed.y), min(clip.x1, placed.x + mask.width),
                        min(clip.y1, placed.y + mask.height)
                    )
                    Painter.composite(
                        &image, layer: glyphs, at: (placed.x, placed.y),
                        opacity: UInt8((alpha * 255).rounded().clampedInt(in: 0...255, nan: 0)),
                        clip: .full(box))
                }
            }
            return
        }
        // Transformed: draw the label into its own pixels, then map them like contents.
        let w = (bounds.width * scale).rounded(.up).clampedInt(in: 1...8193, nan: 8193)
        let hh = (bounds.height * scale).rounded(.up).clampedInt(in: 1...8193, nan: 8193)
        guard w <= 8192, hh <= 8192 else { return }
        var label = Image(width: w, height: hh)
        let local = Homography.scale(scale, scale)
        var flat = t
        flat.shadow = t.shadow
        // The label's own pixels are not the image's: its box is where `h` takes it.
        let mark = TextInk.mark()
        try drawText(
            flat, bounds: bounds, local, into: &label, clip: (0, 0, w, hh), scale: scale, alpha: 1, text: text
        )
        let inked = TextInk.discard(from: mark)
        let texture = Texture(label)
        guard let inverse = h.inverted else { return }
        let mask = coverage(Shapes.rect(bounds), h, clip: clip, antialiased: true)
        if inked, let box = TextInk.deviceBox(of: TextInk.box(of: t, bounds: bounds), h) {
            TextInk.add(box, within: clip)
        }
        Painter.drawTexture(
            &image, texture, deviceToTexture: inverse.concatenating(local), coverage: mask,
            opacity: UInt8((alpha * 255).rounded().clampedInt(in: 0...255, nan: 0)))
    }
}

public struct CompositorError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Results of a frame's bands drawn in parallel: band i touches only element i, so no lock.
private struct BandSlots: @unchecked Sendable {
    let images: UnsafeMutablePointer<Image?>
    let errors: UnsafeMutablePointer<CompositorError?>

    init(count: Int) {
        images = .allocate(capacity: count)
        images.initialize(repeating: nil, count: count)
        errors = .allocate(capacity: count)
        errors.initialize(repeating: nil, count: count)
    }

    func free(count: Int) {
        images.deinitialize(count: count)
        images.deallocate()
        errors.deinitialize(count: count)
        errors.deallocate()
    }
}

/// The opaque inside of a layer drawn later (docs/design/rendering.md §8.1 order): the pixels lying wholly
/// inside its projected bounds, which it will store without blending. An earlier layer's
/// texture need not be sampled there; the frame's bytes do not change.
struct Occluder {
    /// How many later layers are asked, so that a long list costs linear time.
    static let lookAhead = 32
    let corners: [SIMD2<Double>]
    let y0: Double, y1: Double

    init?(_ bounds: Rect, _ h: Homography) {
        guard h.isFinite else { return nil }
        var c: [SIMD2<Double>] = []
        for p in [
            SIMD2(bounds.minX, bounds.minY), SIMD2(bounds.maxX, bounds.minY), SIMD2(bounds.maxX, bounds.maxY),
            SIMD2(bounds.minX, bounds.maxY),
        ] {
            let m = h.mapHomogeneous(p)
            // Wholly in front of the eye, so the projected quad is convex.
            guard m.z > 1e-9 else { return nil }
            let d = SIMD2(m.x, m.y) / m.z
            guard d.x.isFinite, d.y.isFinite, abs(d.x) < 1e7, abs(d.y) < 1e7 else { return nil }
            c.append(d)
        }
        corners = c
        y0 = c.map(\.y).min()!
        y1 = c.map(\.y).max()!
    }

    /// The quad's extent along the horizontal line at y, nil when it misses it.
    func chord(_ y: Double) -> (Double, Double)? {
        var lo = Double.infinity
        var hi = -Double.infinity
        @inline(__always) func edge(_ a: SIMD2<Double>, _ b: SIMD2<Double>) {
            guard (a.y <= y && b.y >= y) || (b.y <= y && a.y >= y) else { return }
            let x = a.y == b.y ? a.x : a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
            lo = min(lo, a.y == b.y ? min(a.x, b.x) : x)
            hi = max(hi, a.y == b.y ? max(a.x, b.x) : x)
        }
        corners.withUnsafeBufferPointer { c in
            edge(c[0], c[1])
            edge(c[1], c[2])
            edge(c[2], c[3])
            edge(c[3], c[0])
        }
        return lo <= hi ? (lo, hi) : nil
    }

    /// Clears the mask where this layer will cover: in a convex quad the rectangle between the
    /// chords at a row's top and bottom is inside; a pixel of slack each side absorbs rounding.
    func hide(in mask: inout CoverageMask) {
        let first = max(mask.y, y0.rounded(.up).clampedInt(in: pixelCoordinateRange, nan: 0) + 1)
        let last = min(
            mask.y + mask.height, y1.rounded(.down).clampedInt(in: pixelCoordinateRange, nan: 0) - 1)
        guard first < last else { return }
        let (mx, w) = (mask.x, mask.width)
        let my = mask.y
        mask.data.withUnsafeMutableBufferPointer { d in
            // A row's bottom chord is the next row's top.
            var next = chord(Double(first))
            for y in first..<last {
                let top = next
                next = chord(Double(y + 1))
                guard let top, let bottom = next else { continue }
                let a = max(
                    mx, max(top.0, bottom.0).rounded(.up).clampedInt(in: pixelCoordinateRange, nan: 0) + 1)
                let b = min(
                    mx + w,
                    min(top.1, bottom.1).rounded(.down).clampedInt(in: pixelCoordinateRange, nan: 0) - 1)
                guard a < b else { continue }
                (d.baseAddress! + (y - my) * w + (a - mx)).update(repeating: 0, count: b - a)
            }
        }
    }
}

/// Where a band still holds the frame's colour background, as boxes that layers drawn so far may
/// have changed: a layer drawing only its contents onto pixels nothing has touched blends over a
/// known colour, and need not read it (`Painter.drawTexture`'s `over`; not under a background
/// colour, which `drawParts` draws first). Conservative: a layer
/// whose reach is not simply its bounds (a shadow, sublayers, a mask, text, a shape) touches
/// its whole clip.
struct UntouchedBackground {
    /// At most this many boxes are compared with each layer, so that a long list costs linear
    /// time; after them nothing is known to be untouched.
    static let boxLimit = 64
    private(set) var background: Pixel?
    private var touched: [PixelBox] = []

    init(_ background: CanvasLayer.Background, tracked: Bool) {
        if tracked, case .color(let c) = background { self.background = c.premultiplied }
    }

    var isTracked: Bool { background != nil }

    /// The background colour when nothing drawn so far touched `box`.
    func color(under box: PixelBox) -> Pixel? {
        guard let background else { return nil }
        for t in touched where t.x0 < box.x1 && box.x0 < t.x1 && t.y0 < box.y1 && box.y0 < t.y1 { return nil }
        return background
    }

    mutating func touch(_ box: PixelBox) {
        guard background != nil, box.x0 < box.x1, box.y0 < box.y1 else { return }
        guard touched.count < UntouchedBackground.boxLimit else {
            background = nil
            return
        }
        touched.append(box)
    }

    /// The pixels a layer of only a background, contents and a border may change within `clip`:
    /// its bounds' and its image's device box, a pixel wider each side for rounding (nil when
    /// it may reach further: behind the eye, or any other part).
    static func reach(of layer: Layer, _ h: Homography, scale: Double, clip: PixelBox) -> PixelBox? {
        guard layer.sublayers.isEmpty, layer.mask == nil, layer.shadow == nil, layer.text == nil,
            layer.shape == nil, layer.gradient == nil, h.isFinite
        else { return nil }
        let bounds = Rect(origin: .zero, size: layer.size)
        let image = layer.contents?.imageRect(in: layer.size, scale: scale) ?? bounds
        var lo = SIMD2(Double.infinity, .infinity)
        var hi = -lo
        // The four corners of the bounds, then of the image.
        for k in 0..<8 {
            let r = k < 4 ? bounds : image
            let p = SIMD2(k & 1 == 0 ? r.minX : r.maxX, k & 2 == 0 ? r.minY : r.maxY)
            let m = h.mapHomogeneous(p)
            guard m.z > 1e-9 else { return nil }
            let d = SIMD2(m.x, m.y) / m.z
            guard d.x.isFinite, d.y.isFinite, abs(d.x) < 1e7, abs(d.y) < 1e7 else { return nil }
            lo = pointwiseMin(lo, d)
            hi = pointwiseMax(hi, d)
        }
        func pixel(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int {
            v.rounded(rule).clampedInt(in: pixelCoordinateRange, nan: 0)
        }
        return (
            max(clip.x0, pixel(lo.x, .down) - 1), max(clip.y0, pixel(lo.y, .down) - 1),
            min(clip.x1, pixel(hi.x, .up) + 1), min(clip.y1, pixel(hi.y, .up) + 1)
        )
    }
}
