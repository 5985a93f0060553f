import Foundation
import FrameGenCompositor
import FrameGenCoreGraphics
import FrameGenGeometry
import FrameGenLayerCompositing
import FrameGenLayout
import FrameGenQuartzCore
import FrameGenRaster
import FrameGenText
import FrameGenUIKit

/// What an image renderer's context recorded, drawn into pixels: its paths and the layer trees
/// rendered into it, in order, composited as a scene's cells are.
enum LayerTreeDrawing {
    /// One renderer for every image: fonts and glyphs load once.
    private static let text = TextRenderer()

    static func image(of context: CGContext, bounds: CGRect, format: UIGraphicsImageRendererFormat) -> UIImage
    {
        let size = bounds.size.geometry
        let scale = Double(format.scale > 0 ? format.scale : 1)
        let width = (size.width * scale).rounded().clampedInt(in: 0...16384, nan: 0)
        let height = (size.height * scale).rounded().clampedInt(in: 0...16384, nan: 0)
        guard width > 0, height > 0,
            let drawing = pixels(
                of: context, size: size, width: width, height: height, scale: scale, opaque: format.opaque)
        else { return UIImage() }
        var bitmap = UIImage.Bitmap(drawing.image)
        bitmap.textRects = drawing.textRects
        return UIImage(bitmap: bitmap, scale: CGFloat(scale))
    }

    /// What `context` recorded from `start` on (its recorded paths and rendered layer trees),
    /// drawn into `width` x `height` pixels showing `size` points, over black when `opaque`,
    /// else over nothing; with where text was drawn, in pixels. Nil when the compositor refuses.
    static func pixels(
        of context: CGContext, size: Size, width: Int, height: Int, scale: Double, opaque: Bool,
        from start: (parts: Int, layers: Int) = (0, 0)
    ) -> (image: Image, textRects: [Rect])? {
        let view = ViewLayer(frame: Rect(origin: .zero, size: size), layers: [])
        let onScreen = LayerTreeComposer(aliasesTurnedEdges: true)
        let rendered = LayerTreeComposer(
            drawing: .renderInContext(unsetCornersContinuous: SystemRelease.cornersAreContinuousByDefault))
        var canvas = CanvasLayer(
            pixelWidth: width, pixelHeight: height, scale: scale,
            background: .color(opaque ? .black : .clear), views: [view])
        // No scene photos outside a scene: an image view showing one draws nothing.
        let never: LayerTreeComposer.SourcedContents<Never> = { _, _, _, _ in nil }
        canvas.views[0].layers = trees(of: context, size: size, from: start).compactMap { tree, asOnScreen in
            (asOnScreen ? onScreen : rendered).layer(
                tree, viewBounds: Rect(origin: .zero, size: size), scale: scale, view: view, sourced: never)
        }
        // Where text is drawn goes with the picture, for a snapshot test to mask where the
        // image is shown (TextInk; docs/snapshot-testing.md "Text").
        let ink = TextInk()
        guard let image = try? ink.collecting({ try Compositor.render(canvas, text: text) }) else {
            return nil
        }
        return (image, ink.boxes)
    }

    /// The recorded paths between layers as layers of their own, and each rendered tree placed
    /// where the context's transform put its bounds, back to front, each with whether it is
    /// drawn as on screen.
    private static func trees(of context: CGContext, size: Size, from start: (parts: Int, layers: Int))
        -> [(LayerSnapshot, asOnScreen: Bool)]
    {
        let parts = context.recorded
        var out: [(LayerSnapshot, asOnScreen: Bool)] = []
        var from = start.parts
        func drawing(upTo end: Int) {
            guard end > from else { return }
            var layer = LayerSnapshot(
                bounds: Rect(origin: .zero, size: size),
                position: Point(x: size.width / 2, y: size.height / 2))
            layer.drawing = LayerSnapshot.Drawing(size: size, parts: Array(parts[from..<end]))
            out.append((layer, true))
            from = end
        }
        for (tree, transform, after, asOnScreen) in context.renderedLayers.dropFirst(start.layers) {
            drawing(upTo: after)
            out.append((placed(tree, by: transform), asOnScreen))
        }
        drawing(upTo: parts.count)
        return out
    }

    /// `tree` drawn in its own coordinate space, as `render(in:)` draws: its bounds' point p at
    /// `t(p)`, so a scroll view scrolled to (0, -44) draws its content's top 44 points down in
    /// an image of its bounds. Its position is its anchor point's image and its transform the
    /// linear part of `t`, about the anchor.
    private static func placed(_ tree: LayerSnapshot, by t: CGAffineTransform) -> LayerSnapshot {
        var s = tree
        let anchor = CGPoint(
            x: CGFloat(s.bounds.minX + s.anchorPoint.x * s.bounds.width),
            y: CGFloat(s.bounds.minY + s.anchorPoint.y * s.bounds.height))
        s.position = anchor.applying(t).geometry
        s.zPosition = 0
        var linear = t
        linear.tx = 0
        linear.ty = 0
        s.transform = Transform3D(linear.geometry)
        return s
    }

    /// Every collection view in the tree that no scene drives shows its cells (layout pass and
    /// display pass), after the tree's own layout.
    static func showCells(in view: UIView) {
        view.layoutIfNeeded()
        if let collectionView = view as? UICollectionView { collectionView.displayOnItsOwn() }
        for sub in view.subviews { showCells(in: sub) }
    }
}
