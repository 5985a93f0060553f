import FrameGenGeometry
import FrameGenRaster
import FrameGenText

// Back faces, mask layers, gradients and shapes (docs/design/rendering.md §4, §8.6, §8.7, §8.8).
extension Compositor {
    /// Whether a layer drawn through `h` shows its back: its image is mirrored on screen. Every
    /// point drawn lies in front of the eye (W > 0), where the map's Jacobian has the sign of
    /// det(h), so the sign of the determinant decides for the whole layer, as a GPU's winding
    /// test does for Core Animation's `isDoubleSided`.
    static func facesAway(_ h: Homography) -> Bool {
        let det =
            h.m11 * (h.m22 * h.m33 - h.m23 * h.m32) - h.m12 * (h.m21 * h.m33 - h.m23 * h.m31)
            + h.m13 * (h.m21 * h.m32 - h.m22 * h.m31)
        return det < 0
    }

    /// The layer (shadow, body, sublayers) drawn offscreen at full opacity, its pixels scaled by
    /// the alpha of `mask` drawn there as a sublayer, then composited with the layer's opacity.
    /// The offscreen box comes from the view's whole clip, never the band, so bands reproduce
    /// one full render.
    static func drawMasked(
        _ layer: Layer, by mask: Layer, _ h: Homography, into image: inout Image, clip: PixelBox,
        viewClip: PixelBox, scale: Double, text: TextRenderer
    ) throws(CompositorError) {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        var unmasked = layer
        unmasked.mask = nil
        unmasked.opacity = 1
        let maskMap = sublayerMap(mask, in: h)
        guard maskMap.isFinite, let own = extent(of: unmasked, h, scale: scale, within: viewClip),
            let box = extent(of: mask, maskMap, scale: scale, within: own),
            box.y0 < clip.y1, box.y1 > clip.y0
        else { return }
        let (w, hh) = (box.x1 - box.x0, box.y1 - box.y0)
        let shift = Homography.translation(Double(-box.x0), Double(-box.y0))
        let local: PixelBox = (0, max(0, clip.y0 - box.y0), w, min(hh, clip.y1 - box.y0))
        var content = Image(width: w, height: hh)
        content.canvasOrigin = image.canvasOrigin &+ SIMD2(box.x0, box.y0)
        let mark = TextInk.mark()
        try draw(
            unmasked, h.concatenating(shift), into: &content, clip: local, viewClip: (0, 0, w, hh),
            scale: scale,
            text: text)
        TextInk.settle(from: mark, shift: (box.x0, box.y0), within: clip)
        var alpha = Image(width: w, height: hh)
        alpha.canvasOrigin = content.canvasOrigin
        // Text in the mask shapes the picture but is not drawn as text.
        let maskMark = TextInk.mark()
        try draw(
            mask, maskMap.concatenating(shift), into: &alpha, clip: local, viewClip: (0, 0, w, hh),
            scale: scale,
            text: text)
        TextInk.discard(from: maskMark)
        content.multiplyAlpha(by: alpha)
        Painter.composite(
            &image, layer: content, at: (box.x0, box.y0),
            opacity: UInt8((min(layer.opacity, 1) * 255).rounded().clampedInt(in: 0...255, nan: 0)),
            clip: .full(clip))
    }

    /// The gradient through the rounded bounds, then the shape's fill and stroke, at `opacity`; above the
    /// background colour, below the contents (docs/design/rendering.md §8.1).
    static func drawGradientAndShape(
        _ layer: Layer, _ h: Homography, into image: inout Image, clip: PixelBox, opacity: UInt8,
        hiders: [Occluder]
    ) {
        let aa = layer.allowsEdgeAntialiasing
        if let g = layer.gradient, let inverse = h.inverted {
            var mask = coverage(layer.roundedBounds, of: layer, h, clip: clip)
            for o in hiders { o.hide(in: &mask) }
            Painter.fill(&image, gradient: g, deviceToLocal: inverse, coverage: mask, opacity: opacity)
        }
        guard let s = layer.shape else { return }
        if s.fillColor.a > 0 {
            var mask = coverage(
                s.path, h, fillRule: s.fillRule, clip: clip, antialiased: aa,
                asCoreGraphics: layer.isDrawnAsCoreGraphics)
            for o in hiders { o.hide(in: &mask) }
            // Under `render(in:)` a shape is Core Graphics' fill and stroke, which round the
            // coverage-scaled colour down as a background's fill does (rendering.md §8.3).
            Painter.fill(
                &image, color: s.fillColor.withOpacity(Double(opacity) / 255).premultiplied, coverage: mask,
                truncating: layer.isDrawnAsCoreGraphics)
        }
        if s.strokeColor.a > 0, !s.stroke.isEmpty {
            // A stroke's outline overlaps itself (caps and joins over the segments, a curve's
            // inner side): Core Graphics covers the union, where adding each contour's area
            // inside a pixel would cover more (docs/design/rendering.md §8.8).
            var mask =
                layer.isDrawnAsCoreGraphics && aa
                ? coreGraphicsUnionCoverage(s.stroke, h, clip: clip)
                : coverage(s.stroke, h, clip: clip, antialiased: aa)
            for o in hiders { o.hide(in: &mask) }
            Painter.fill(
                &image, color: s.strokeColor.withOpacity(Double(opacity) / 255).premultiplied, coverage: mask,
                truncating: layer.isDrawnAsCoreGraphics)
        }
    }

    /// The device pixels a shape's path may cover (its pixel centres' box grown by the two
    /// pixels anti-aliasing may add, as for the bounds), within `clip`; nil when none.
    static func shapeBox(_ shape: LayerShape, _ h: Homography, clip: PixelBox) -> PixelBox? {
        var path = shape.path
        path.append(shape.stroke)
        let b = coverage(path, h, fillRule: .nonZero, clip: clip, antialiased: false).box
        guard b.x0 < b.x1, b.y0 < b.y1 else { return nil }
        return (
            max(clip.x0, b.x0 - 2), max(clip.y0, b.y0 - 2), min(clip.x1, b.x1 + 2), min(clip.y1, b.y1 + 2)
        )
    }
}
