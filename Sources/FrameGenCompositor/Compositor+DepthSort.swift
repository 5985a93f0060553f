import FrameGenGeometry
import FrameGenRaster
import FrameGenText

// Siblings out of their parent's plane are painted in depth order, those that cross cut along
// each other's planes (docs/design/rendering.md §4, `DepthSort`). A piece is the whole sibling
// drawn offscreen, then composited where its pixel centres lie on its side of each cut: the two
// pieces of a cut split the pixels between them, none twice, as the GPU's pixel-centre rule
// splits two triangles that share an edge, so the cut leaves no seam and its line is aliased.
extension Compositor {
    /// The map of a layer's own points `[u, v, 0, 1]` into its superlayer's 3D space:
    /// `[p - anchor, 0, 1] · transform · T(position, zPosition)`, before it is flattened.
    static func placement(_ layer: Layer) -> Transform3D {
        Transform3D.makeTranslation(-layer.size.width / 2, -layer.size.height / 2, 0)
            .concatenating(layer.transform)
            .concatenating(.makeTranslation(layer.position.x, layer.position.y, layer.zPosition))
    }

    /// The order to paint `layers` in, each placed by `maps` in the space they are sorted in;
    /// nil when they all lie parallel to the screen and the given order stands. Layers that
    /// draw nothing take no part.
    static func depthOrder(_ layers: [Layer], maps: [Transform3D]) -> DepthSort.Order? {
        // Most trees have no 3D at all: a map whose x and y feed neither z nor w keeps the layer
        // parallel to the screen, and such siblings keep their order, so nothing is allocated.
        guard maps.contains(where: { $0.m13 != 0 || $0.m23 != 0 || $0.m14 != 0 || $0.m24 != 0 }) else {
            return nil
        }
        let shown = layers.indices.filter { !layers[$0].isHidden && layers[$0].opacity > 0 }
        guard shown.count > 1,
            var order = DepthSort.order(
                maps: shown.map { maps[$0] }, sizes: shown.map { layers[$0].size })
        else { return nil }
        for k in order.pieces.indices { order.pieces[k].index = shown[order.pieces[k].index] }
        var interiors = [SIMD2<Double>?](repeating: nil, count: layers.count)
        for (k, i) in shown.enumerated() { interiors[i] = order.interiors[k] }
        order.interiors = interiors
        return order
    }

    /// Draws the part of `layer` (its map to device pixels `h`) that `cuts` keep; `interior`,
    /// one of its own points in front of the eye, tells which way the map back from the screen
    /// turns the cuts' signs.
    static func drawPiece(
        _ layer: Layer, _ h: Homography, cuts: [DepthSort.Cut], interior: SIMD2<Double>?,
        into image: inout Image, clip: PixelBox, viewClip: PixelBox, scale: Double, text: TextRenderer
    ) throws(CompositorError) {
        guard let interior, let back = h.inverted,
            let box = extent(of: layer, h, scale: scale, within: viewClip),
            box.y0 < clip.y1, box.y1 > clip.y0
        else { return }
        let w = back.mapHomogeneous(h.map(interior)).z
        guard w != 0, w.isFinite else { return }
        let sign = w > 0 ? 1.0 : -1.0
        // [U V W] = [x y 1] · back, so a · U + b · V + c · W is a line in device pixels, of
        // the sign of a · u + b · v + c times the sign of W.
        let onScreen = cuts.map { cut in
            let (a, b, c) = (cut.line.x, cut.line.y, cut.line.z)
            let line =
                SIMD3(
                    a * back.m11 + b * back.m12 + c * back.m13, a * back.m21 + b * back.m22 + c * back.m23,
                    a * back.m31 + b * back.m32 + c * back.m33) * sign
            return DepthSort.Cut(line: line, keepsFront: cut.keepsFront)
        }
        let area: PixelBox = (
            max(box.x0, clip.x0), max(box.y0, clip.y0), min(box.x1, clip.x1), min(box.y1, clip.y1)
        )
        guard area.x0 < area.x1, area.y0 < area.y1 else { return }
        var mask = CoverageMask(x: area.x0, y: area.y0, width: area.x1 - area.x0, height: area.y1 - area.y0)
        var anyKept = false
        onScreen.withUnsafeBufferPointer { cuts in
            mask.data.withUnsafeMutableBufferPointer { data in
                var o = 0
                for y in area.y0..<area.y1 {
                    let py = Double(y) + 0.5
                    for x in area.x0..<area.x1 {
                        let px = Double(x) + 0.5
                        var kept = true
                        for cut in cuts where !cut.keeps(cut.line.x * px + cut.line.y * py + cut.line.z) {
                            kept = false
                            break
                        }
                        if kept {
                            data[o] = 255
                            anyKept = true
                        }
                        o += 1
                    }
                }
            }
        }
        guard anyKept else { return }
        try Offscreen(box: box, clip: clip, mask: mask).draw(into: &image) {
            piece, shift, local, whole throws(CompositorError) in
            try draw(
                layer, h.concatenating(shift), into: &piece, clip: local, viewClip: whole, scale: scale,
                text: text)
        }
    }
}
