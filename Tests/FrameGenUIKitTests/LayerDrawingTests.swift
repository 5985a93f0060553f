import Testing
import UIKit

/// A layer that paints its own content (`draw(in:)`), as chart and progress layers do: drawn
/// once marked by `setNeedsDisplay()`, in its bounds' coordinates from the top left, and again
/// on a change of size only with `needsDisplayOnBoundsChange`.
@Suite @MainActor struct LayerDrawingTests {
    /// Paints a 5 point red square at its top left corner.
    final class SquareLayer: CALayer {
        var draws = 0
        // What the port writes into an app's layer class, so a view can make it as its layer.
        override class func makeByClass() -> CALayer? { SquareLayer() }
        override func draw(in ctx: CGContext) {
            draws += 1
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        }
    }

    /// `layer` as the only sublayer of a 20 point view, drawn at scale 1.
    static func image(_ layer: CALayer) -> UIImage {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        view.layer.addSublayer(layer)
        defer { layer.removeFromSuperlayer() }
        return ImageDrawingTests.renderer(view.bounds.size, scale: 1).image {
            view.layer.render(in: $0.cgContext)
        }
    }

    @Test func aLayerDrawsItsContentOnceMarked() {
        let layer = SquareLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        // Never marked: Core Animation never asks it to draw.
        #expect(ImageDrawingTests.pixel(Self.image(layer), 2, 2) == ImageDrawingTests.clear)
        #expect(layer.draws == 0)
        layer.setNeedsDisplay()
        let drawn = Self.image(layer)
        #expect(ImageDrawingTests.pixel(drawn, 2, 2) == ImageDrawingTests.red)
        #expect(ImageDrawingTests.pixel(drawn, 7, 7) == ImageDrawingTests.clear)
        #expect(!layer.needsDisplay())
        // Drawn once: a later frame shows the same recording.
        _ = Self.image(layer)
        #expect(layer.draws == 1)
    }

    @Test func aNewSizeStretchesTheDrawingUnlessItRedisplays() {
        let stretched = SquareLayer()
        stretched.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        stretched.setNeedsDisplay()
        _ = Self.image(stretched)
        stretched.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        // The 10 point backing store stretched to 20: the square is 10 points now.
        #expect(ImageDrawingTests.pixel(Self.image(stretched), 7, 7) == ImageDrawingTests.red)
        #expect(stretched.draws == 1)

        let redrawn = SquareLayer()
        redrawn.needsDisplayOnBoundsChange = true
        redrawn.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        _ = Self.image(redrawn)
        redrawn.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let image = Self.image(redrawn)
        #expect(ImageDrawingTests.pixel(image, 2, 2) == ImageDrawingTests.red)
        #expect(ImageDrawingTests.pixel(image, 7, 7) == ImageDrawingTests.clear)
        #expect(redrawn.draws == 2)
    }

    /// A view's layer asks the view (`draw(_:in:)`, which calls `draw(_:)`), unless the view's
    /// layer class draws itself.
    final class SquareView: UIView {
        override class var layerClass: AnyClass { SquareLayer.self }
        override func draw(_ rect: CGRect) {
            UIColor.blue.setFill()
            UIRectFill(rect)
        }
    }

    final class DelegateDrawnView: UIView {
        override func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.setFillColor(UIColor.blue.cgColor)
            ctx.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
        }
    }

    @Test func aViewsLayerClassOrItsDelegateMethodDrawsIt() {
        func image(_ view: UIView) -> UIImage {
            view.setNeedsDisplay()
            return ImageDrawingTests.renderer(view.bounds.size, scale: 1).image {
                view.layer.render(in: $0.cgContext)
            }
        }
        let square = image(SquareView(frame: CGRect(x: 0, y: 0, width: 20, height: 20)))
        #expect(ImageDrawingTests.pixel(square, 2, 2) == ImageDrawingTests.red)
        #expect(ImageDrawingTests.pixel(square, 15, 15) == ImageDrawingTests.clear)
        let delegated = image(DelegateDrawnView(frame: CGRect(x: 0, y: 0, width: 20, height: 20)))
        #expect(ImageDrawingTests.pixel(delegated, 2, 2) == ImageDrawingTests.clear)
        #expect(ImageDrawingTests.pixel(delegated, 15, 15) == ImageDrawingTests.blue)
    }
}
