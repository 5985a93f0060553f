import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit

extension CALayer {
    /// Draws the layer and its sublayers into `ctx` in the layer's own coordinates (its bounds'
    /// top left at the context's origin), as they are now: recorded into the context, drawn
    /// when its image renderer makes the image, as Core Animation's `render(in:)` draws (its
    /// gradients are not the screen's: docs/uikit.md "Drawing a view into an image").
    /// Collection views in the tree that no scene drives lay out and show their cells first, as
    /// they would have on screen.
    public func render(in ctx: CGContext) { record(in: ctx, asOnScreen: false) }

    /// framegen's: lays out `view`'s tree as drawing it would (a collection view no scene drives
    /// shows its cells, and follows its adjusted inset), so that its bounds are final before
    /// an image of them is made.
    package static func layOutForDrawing(_ view: UIView) { LayerTreeDrawing.showCells(in: view) }

    func record(in ctx: CGContext, asOnScreen: Bool) {
        if let view = delegate as? UIView { LayerTreeDrawing.showCells(in: view) }
        ctx.record(layerTree: LayerSnapshotting.snapshot(self), asOnScreen: asOnScreen)
    }
}

extension UIView {
    /// Draws the view's layer tree into the current context (an image renderer's), scaled into
    /// `rect`, as the screen shows it; false when there is no current context. framegen has no
    /// screen to read back, so it composes the tree as a scene's frame does (no
    /// `UIVisualEffectView` blur exists here).
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard let context = UIGraphicsGetCurrentContext() else { return false }
        layoutIfNeeded()
        context.saveGState()
        context.translateBy(x: rect.minX, y: rect.minY)
        if bounds.width > 0, bounds.height > 0, rect.size != bounds.size {
            context.scaleBy(x: rect.width / bounds.width, y: rect.height / bounds.height)
        }
        // What the view shows, its bounds, goes into `rect`; the layer draws in its own space.
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        layer.record(in: context, asOnScreen: true)
        context.restoreGState()
        return true
    }
}
