import FrameGenGeometry
import FrameGenRaster
import FrameGenText

// A shadow without a path, as Core Animation casts it: from the layer's composed alpha (its
// background, gradient, shape, contents, text, border and sublayers), not from its bounds
// (docs/design/rendering.md §9). Where the background is opaque that alpha covers the rounded
// bounds, the outline the ordinary shadow takes (Compositor.draw); elsewhere (a clear
// container whose subviews show, a shape layer, an image with transparent pixels) the layer is
// drawn once more offscreen, moved by the offset, and its alpha, blurred, is the shadow.
extension Compositor {
    /// The shadow `layer` casts from what it shows, when that is not its rounded bounds; nil
    /// where it is, or where it is one sublayer's (then `layer.shadow` has that sublayer's
    /// rounded bounds as its path, and the ordinary shadow draws it).
    static func contentShadow(of layer: inout Layer) -> LayerShadow? {
        guard layer.castsShadowFromContent, var s = layer.shadow, s.opacity > 0, s.path == nil,
            (layer.backgroundColor?.a ?? 0) < 255
        else { return nil }
        if let outline = soleOpaqueSublayerOutline(of: layer) {
            s.path = outline
            layer.shadow = s
            return nil
        }
        return s
    }

    /// A cell's usual shape: a clear layer showing nothing of its own, with one sublayer (its
    /// content view) of its size, in place, with an opaque background and nothing beyond its
    /// rounded bounds. What the layer shows is then exactly that sublayer's rounded bounds.
    private static func soleOpaqueSublayerOutline(of layer: Layer) -> Path? {
        guard (layer.backgroundColor?.a ?? 0) == 0, layer.gradient == nil, layer.shape == nil,
            layer.contents == nil, layer.text == nil, layer.border == nil, layer.mask == nil,
            layer.sublayers.count == 1, let child = layer.sublayers.first,
            !child.isHidden, child.opacity >= 1, child.backgroundColor?.a == 255, child.mask == nil,
            child.shadow == nil, child.transform.isIdentity, child.size == layer.size,
            child.position == Point(x: layer.size.width / 2, y: layer.size.height / 2),
            child.masksToBounds || (child.sublayers.isEmpty && child.contents == nil && child.text == nil)
        else { return nil }
        return child.roundedBounds
    }

    /// Paints the shadow `s` of `layer` (drawn without its shadow, at full opacity; `opacity`
    /// scales the shadow's colour, as the layer's own does) through `h`.
    static func drawContentShadow(
        _ s: LayerShadow, of layer: Layer, opacity: Double, _ h: Homography, into image: inout Image,
        clip: PixelBox, viewClip: PixelBox, scale: Double, text: TextRenderer
    ) throws(CompositorError) {
        var caster = layer
        caster.shadow = nil
        caster.opacity = 1
        let moved = Homography.translation(s.offset.x, s.offset.y).concatenating(h)
        // The whole view's clip bounds the caster: the blur reaches into the band from outside
        // it, so bands reproduce one full render.
        guard let box = extent(of: caster, moved, scale: scale, within: viewClip) else { return }
        let (w, hh) = (box.x1 - box.x0, box.y1 - box.y0)
        guard w > 0, hh > 0 else { return }
        var drawn = Image(width: w, height: hh)
        drawn.canvasOrigin = image.canvasOrigin &+ SIMD2(box.x0, box.y0)
        let shift = Homography.translation(Double(-box.x0), Double(-box.y0))
        // The caster's text is drawn, and collected, with the layer itself; its shadow's is not text.
        let mark = TextInk.mark()
        try draw(
            caster, moved.concatenating(shift), into: &drawn, clip: (0, 0, w, hh), viewClip: (0, 0, w, hh),
            scale: scale, text: text)
        TextInk.discard(from: mark)
        var alpha = [UInt8](repeating: 0, count: w * hh)
        drawn.bytes.withUnsafeBufferPointer { pixels in
            alpha.withUnsafeMutableBufferPointer { out in
                for y in 0..<hh {
                    let row = y * drawn.stride
                    for x in 0..<w { out[y * w + x] = pixels[row + x * 4 + 3] }
                }
            }
        }
        var mask = CoverageMask(x: box.x0, y: box.y0, width: w, height: hh, data: alpha)
        if s.radius > 0 { mask = Blur.gaussian(mask, sigma: s.radius * scale) }
        Painter.fill(
            &image, color: s.color.withOpacity(s.opacity * opacity).premultiplied,
            coverage: mask.cropped(to: clip))
    }
}
