import FrameGenGeometry
import FrameGenRaster
import FrameGenText

// Layers with sublayers (a cell's view tree, docs/design/rendering.md's semantics applied at
// every level): each sublayer is flattened into its superlayer's plane, so its map to the
// device is its own planar map followed by its superlayer's; a superlayer that masks to its
// bounds clips them to its rounded bounds; opacity below 1 draws the layer and its sublayers
// offscreen at full opacity and composites the group once. Offscreen images are placed from
// the view's whole clip, never from the band being drawn, so bands reproduce one full render.
extension Compositor {
    /// `layer` has sublayers; `hiders` apply to its own drawing only.
    static func drawTree(
        _ layer: Layer, _ h: Homography, into image: inout Image, clip: PixelBox, viewClip: PixelBox,
        scale: Double, text: TextRenderer, hiders: [Occluder] = []
    ) throws(CompositorError) {
        guard !layer.isHidden, layer.opacity > 0, h.isFinite else { return }
        let opacity = min(layer.opacity, 1)
        if opacity < 1 {
            guard let box = extent(of: layer, h, scale: scale, within: viewClip),
                box.y0 < clip.y1, box.y1 > clip.y0
            else { return }
            let (w, hh) = (box.x1 - box.x0, box.y1 - box.y0)
            var group = Image(width: w, height: hh)
            group.canvasOrigin = image.canvasOrigin &+ SIMD2(box.x0, box.y0)
            var opaque = layer
            opaque.opacity = 1
            let shift = Homography.translation(Double(-box.x0), Double(-box.y0))
            let local: PixelBox = (0, max(0, clip.y0 - box.y0), w, min(hh, clip.y1 - box.y0))
            let mark = TextInk.mark()
            try drawTree(
                opaque, h.concatenating(shift), into: &group, clip: local, viewClip: (0, 0, w, hh),
                scale: scale,
                text: text)
            TextInk.settle(from: mark, shift: (box.x0, box.y0), within: clip)
            Painter.composite(
                &image, layer: group, at: (box.x0, box.y0),
                opacity: UInt8((opacity * 255).rounded().clampedInt(in: 0...255, nan: 0)), clip: .full(clip))
            return
        }
        var layer = layer
        if let s = contentShadow(of: &layer) {
            try drawContentShadow(
                s, of: layer, opacity: 1, h, into: &image, clip: clip, viewClip: viewClip, scale: scale,
                text: text)
            layer.shadow = nil
        }
        // Core Animation composites the border above the layer's contents and its sublayers
        // (docs/design/rendering.md §8.1): the layer is drawn without it, then the sublayers,
        // then the border alone.
        var own = layer
        own.sublayers = []
        own.border = nil
        if !own.isInvisible {
            try draw(
                own, h, into: &image, clip: clip, viewClip: viewClip, scale: scale, text: text, hiders: hiders
            )
        }
        let children = layer.sublayers.enumerated().sorted {
            ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset)
        }.map(\.element)
        // `render(in:)` draws through Core Graphics, one sublayer after another in zPosition
        // order; the screen sorts them by depth once one leaves the plane.
        let depth = layer.isDrawnAsCoreGraphics ? nil : depthOrder(children, maps: children.map(placement))
        func drawChildren(
            in h: Homography, into image: inout Image, clip: PixelBox, viewClip: PixelBox
        ) throws(CompositorError) {
            guard let depth else {
                for child in children {
                    try drawChild(
                        child, in: h, into: &image, clip: clip, viewClip: viewClip, scale: scale, text: text)
                }
                return
            }
            for piece in depth.pieces {
                let child = children[piece.index]
                if piece.cuts.isEmpty {
                    try drawChild(
                        child, in: h, into: &image, clip: clip, viewClip: viewClip, scale: scale, text: text)
                } else {
                    try drawPiece(
                        child, sublayerMap(child, in: h), cuts: piece.cuts,
                        interior: depth.interiors[piece.index],
                        into: &image, clip: clip, viewClip: viewClip, scale: scale, text: text)
                }
            }
        }
        guard layer.masksToBounds else {
            try drawChildren(in: h, into: &image, clip: clip, viewClip: viewClip)
            try drawBorder(
                of: layer, h, into: &image, clip: clip, viewClip: viewClip, scale: scale, text: text)
            return
        }
        // Clipped: the sublayers are drawn offscreen over the bounds' box, then composited
        // through the rounded bounds' coverage.
        let rounded = layer.roundedBounds
        let box = coverage(rounded, h, clip: viewClip, antialiased: false).box
        let grown: PixelBox = (
            max(viewClip.x0, box.x0 - 2), max(viewClip.y0, box.y0 - 2), min(viewClip.x1, box.x1 + 2),
            min(viewClip.y1, box.y1 + 2)
        )
        guard grown.x1 > grown.x0, grown.y1 > grown.y0, grown.y0 < clip.y1, grown.y1 > clip.y0 else { return }
        let mask = coverage(rounded, of: layer, h, clip: clip)
        let offscreen = Offscreen(box: grown, clip: clip, mask: mask)
        if layer.isDrawnAsCoreGraphics {
            for child in children {
                try drawEachClipped(child, in: h, offscreen, into: &image, scale: scale, text: text)
            }
        } else {
            try offscreen.draw(into: &image) { inside, shift, local, whole throws(CompositorError) in
                try drawChildren(in: h.concatenating(shift), into: &inside, clip: local, viewClip: whole)
            }
        }
        try drawBorder(of: layer, h, into: &image, clip: clip, viewClip: viewClip, scale: scale, text: text)
    }

    /// A box drawn offscreen and then composited through a mask: a clipping layer's sublayers
    /// through its rounded bounds' coverage, a piece of a sublayer cut by depth through its side
    /// of the cuts.
    struct Offscreen {
        let box: PixelBox
        let clip: PixelBox
        let mask: CoverageMask

        /// Runs `body` on a transparent image of the box (with the map from device pixels to
        /// it, the band to draw and the image's whole extent), then composites the image.
        func draw(
            into image: inout Image,
            _ body: (inout Image, Homography, PixelBox, PixelBox) throws(CompositorError) -> Void
        ) throws(CompositorError) {
            let (w, hh) = (box.x1 - box.x0, box.y1 - box.y0)
            var inside = Image(width: w, height: hh)
            inside.canvasOrigin = image.canvasOrigin &+ SIMD2(box.x0, box.y0)
            let shift = Homography.translation(Double(-box.x0), Double(-box.y0))
            let local: PixelBox = (0, max(0, clip.y0 - box.y0), w, min(hh, clip.y1 - box.y0))
            let mark = TextInk.mark()
            try body(&inside, shift, local, (0, 0, w, hh))
            TextInk.settle(
                from: mark, shift: (box.x0, box.y0),
                within: (mask.x, mask.y, mask.x + mask.width, mask.y + mask.height))
            Painter.composite(&image, layer: inside, at: (box.x0, box.y0), clip: mask)
        }
    }

    /// `render(in:)`'s clip: Core Graphics clips each drawing operation on its own, so where a
    /// sublayer's background lies under another's translucent fill, the edge pixel takes each
    /// through the clip's coverage (an orange card under 85 % purple shows an orange fringe
    /// along a rounded edge, as iOS draws it: docs/design/rendering.md §8.3). A sublayer drawn
    /// as a group (its opacity below 1, a mask, a clip or a shadow of its own) is one operation.
    private static func drawEachClipped(
        _ child: Layer, in parent: Homography, _ offscreen: Offscreen, into image: inout Image,
        scale: Double, text: TextRenderer
    ) throws(CompositorError) {
        guard !child.isHidden, child.opacity > 0 else { return }
        let h = sublayerMap(child, in: parent)
        guard h.isFinite else { return }
        let isGroup =
            child.sublayers.isEmpty || child.opacity < 1 || child.mask != nil || child.masksToBounds
            || child.shadow != nil
        if isGroup {
            return try offscreen.draw(into: &image) { inside, shift, local, whole throws(CompositorError) in
                try drawChild(
                    child, in: parent.concatenating(shift), into: &inside, clip: local, viewClip: whole,
                    scale: scale, text: text)
            }
        }
        var own = child
        own.sublayers = []
        own.border = nil
        if !own.isInvisible {
            try offscreen.draw(into: &image) { inside, shift, local, whole throws(CompositorError) in
                try draw(
                    own, h.concatenating(shift), into: &inside, clip: local, viewClip: whole, scale: scale,
                    text: text)
            }
        }
        let children = child.sublayers.enumerated().sorted {
            ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset)
        }.map(\.element)
        for grandchild in children {
            try drawEachClipped(grandchild, in: h, offscreen, into: &image, scale: scale, text: text)
        }
        if let border = child.border, border.width > 0 {
            try offscreen.draw(into: &image) { inside, shift, local, whole throws(CompositorError) in
                try drawBorder(
                    of: child, h.concatenating(shift), into: &inside, clip: local, viewClip: whole,
                    scale: scale,
                    text: text)
            }
        }
    }

    /// The layer's border alone, above what its sublayers drew.
    private static func drawBorder(
        of layer: Layer, _ h: Homography, into image: inout Image, clip: PixelBox, viewClip: PixelBox,
        scale: Double, text: TextRenderer
    ) throws(CompositorError) {
        guard let border = layer.border, border.width > 0 else { return }
        var ring = Layer(size: layer.size, position: layer.position)
        ring.transform = layer.transform
        ring.zPosition = layer.zPosition
        ring.cornerRadius = layer.cornerRadius
        ring.cornerCurve = layer.cornerCurve
        ring.maskedCorners = layer.maskedCorners
        ring.isDoubleSided = layer.isDoubleSided
        ring.allowsEdgeAntialiasing = layer.allowsEdgeAntialiasing
        ring.isDrawnAsCoreGraphics = layer.isDrawnAsCoreGraphics
        ring.masksToBounds = layer.masksToBounds
        ring.border = border
        try draw(ring, h, into: &image, clip: clip, viewClip: viewClip, scale: scale, text: text)
    }

    /// A sublayer's map: `[p - anchor, 0, 1] · transform · T(position, zPosition)` into its
    /// superlayer's local points, flattened (planar), then the superlayer's map.
    public static func sublayerMap(_ child: Layer, in parent: Homography) -> Homography {
        Homography(planar: placement(child)).concatenating(parent)
    }

    private static func drawChild(
        _ child: Layer, in parent: Homography, into image: inout Image, clip: PixelBox, viewClip: PixelBox,
        scale: Double, text: TextRenderer
    ) throws(CompositorError) {
        guard !child.isHidden, child.opacity > 0 else { return }
        let h = sublayerMap(child, in: parent)
        guard h.isFinite else { return }
        if child.sublayers.isEmpty, child.mask == nil, child.isInvisible { return }
        try draw(child, h, into: &image, clip: clip, viewClip: viewClip, scale: scale, text: text)
    }

    /// The device pixels the layer and its sublayers may touch (bounds, image, shadow with its
    /// blur), within `limit`; `limit` itself when a corner is at or behind the eye (the
    /// projection is unbounded); nil when nothing shows.
    static func extent(of layer: Layer, _ h: Homography, scale: Double, within limit: PixelBox) -> PixelBox? {
        var (x0, y0, x1, y1) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        var unbounded = false
        func add(_ layer: Layer, _ h: Homography) {
            guard !unbounded, !layer.isHidden, layer.opacity > 0, h.isFinite else { return }
            let bounds = Rect(origin: .zero, size: layer.size)
            var rects = [bounds]
            var margin = 2.0
            if let c = layer.contents, !layer.masksToBounds {
                rects.append(c.imageRect(in: layer.size, scale: scale))
            }
            if let s = layer.shadow, s.opacity > 0 {
                let shape = s.path.flatMap(\.controlBounds).map {
                    Rect(x: $0.min.x, y: $0.min.y, width: $0.max.x - $0.min.x, height: $0.max.y - $0.min.y)
                }
                rects.append((shape ?? bounds).offsetBy(dx: s.offset.x, dy: s.offset.y))
                margin += 3 * max(s.radius, 0) * scale
            }
            if layer.text != nil { margin += 4 * scale }
            var shape = layer.shape?.path ?? Path()
            shape.append(layer.shape?.stroke ?? Path())
            if let bounds = shape.controlBounds {
                rects.append(
                    Rect(
                        x: bounds.min.x, y: bounds.min.y, width: bounds.max.x - bounds.min.x,
                        height: bounds.max.y - bounds.min.y))
            }
            for r in rects {
                for p in [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)] {
                    let q = h.mapHomogeneous(SIMD2(p.0, p.1))
                    let (x, y) = (q.x / q.z, q.y / q.z)
                    guard q.z > 0, x.isFinite, y.isFinite else {
                        unbounded = true
                        return
                    }
                    (x0, y0) = (min(x0, x - margin), min(y0, y - margin))
                    (x1, y1) = (max(x1, x + margin), max(y1, y + margin))
                }
            }
            // Clipped sublayers stay inside the bounds, which are counted already.
            guard !layer.masksToBounds else { return }
            for child in layer.sublayers { add(child, sublayerMap(child, in: h)) }
        }
        add(layer, h)
        if unbounded { return limit }
        guard x0 <= x1 else { return nil }
        let box: PixelBox = (
            max(limit.x0, x0.rounded(.down).clampedInt(in: pixelCoordinateRange, nan: limit.x0)),
            max(limit.y0, y0.rounded(.down).clampedInt(in: pixelCoordinateRange, nan: limit.y0)),
            min(limit.x1, x1.rounded(.up).clampedInt(in: pixelCoordinateRange, nan: limit.x1)),
            min(limit.y1, y1.rounded(.up).clampedInt(in: pixelCoordinateRange, nan: limit.y1))
        )
        return box.x0 < box.x1 && box.y0 < box.y1 ? box : nil
    }
}
