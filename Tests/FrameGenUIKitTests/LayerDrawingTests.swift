import TestTiers
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

    /// A shape layer made without a frame (empty bounds at the superlayer's origin, as apps
    /// often add one) draws its path: Core Animation clips a layer's drawing to its bounds only
    /// when it masks to them. Drawn by `render(in:)` and as the screen shows it.
    @Test func aShapeLayerWithoutAFrameDrawsItsPath() {
        for masks in [false, true] {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            let shape = CAShapeLayer()
            shape.path = UIBezierPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10)).cgPath
            shape.fillColor = UIColor.red.cgColor
            shape.masksToBounds = masks
            view.layer.addSublayer(shape)
            let format = ImageDrawingTests.renderer(view.bounds.size, scale: 1)
            let rendered = format.image { view.layer.render(in: $0.cgContext) }
            let shown = format.image { _ in _ = view.drawHierarchy(in: view.bounds, afterScreenUpdates: true)
            }
            for image in [rendered, shown] {
                expect(
                    ImageDrawingTests.pixel(image, 10, 10)
                        == (masks ? ImageDrawingTests.clear : ImageDrawingTests.red))
                expect(ImageDrawingTests.pixel(image, 2, 2) == ImageDrawingTests.clear)
            }
        }
    }

    /// Core Graphics scales a fill's colour by its edge coverage rounding down (a grey 250
    /// circle on white reads 254 where iOS's coverage is 1/255, thumbprint-ios's avatars), and a
    /// shape layer under `render(in:)` is Core Graphics' fill. A black circle gives each pixel's
    /// coverage k (255 - k over white); the grey one must read floor(250 k / 255) + 255 - k.
    @Test func aShapeLayersEdgeUnderRenderInRoundsItsColourDown() {
        func circle(_ white: CGFloat) -> UIImage {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            view.backgroundColor = .white
            let shape = CAShapeLayer()
            shape.frame = view.bounds
            shape.path = UIBezierPath(ovalIn: CGRect(x: 2.1, y: 2.3, width: 15.4, height: 14.9)).cgPath
            shape.fillColor = UIColor(white: white, alpha: 1).cgColor
            view.layer.addSublayer(shape)
            return ImageDrawingTests.renderer(view.bounds.size, scale: 3).image {
                view.layer.render(in: $0.cgContext)
            }
        }
        let black = circle(0)
        let grey = circle(250 / 255)
        var edges = 0
        var wrong = 0
        for y in 0..<60 {
            for x in 0..<60 {
                let k = 255 - Int(ImageDrawingTests.pixel(black, x, y)[0])
                guard k > 0, k < 255 else { continue }
                edges += 1
                if Int(ImageDrawingTests.pixel(grey, x, y)[0]) != 250 * k / 255 + 255 - k { wrong += 1 }
            }
        }
        expect(edges > 100 && wrong == 0)
    }

    @Test func aLayerDrawsItsContentOnceMarked() {
        let layer = SquareLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        // Never marked: Core Animation never asks it to draw.
        expect(ImageDrawingTests.pixel(Self.image(layer), 2, 2) == ImageDrawingTests.clear)
        expect(layer.draws == 0)
        layer.setNeedsDisplay()
        let drawn = Self.image(layer)
        expect(ImageDrawingTests.pixel(drawn, 2, 2) == ImageDrawingTests.red)
        expect(ImageDrawingTests.pixel(drawn, 7, 7) == ImageDrawingTests.clear)
        expect(!layer.needsDisplay())
        // Drawn once: a later frame shows the same recording.
        _ = Self.image(layer)
        expect(layer.draws == 1)
    }

    @Test func aNewSizeStretchesTheDrawingUnlessItRedisplays() {
        let stretched = SquareLayer()
        stretched.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        stretched.setNeedsDisplay()
        _ = Self.image(stretched)
        stretched.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        // The 10 point backing store stretched to 20: the square is 10 points now.
        expect(ImageDrawingTests.pixel(Self.image(stretched), 7, 7) == ImageDrawingTests.red)
        expect(stretched.draws == 1)

        let redrawn = SquareLayer()
        redrawn.needsDisplayOnBoundsChange = true
        redrawn.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        _ = Self.image(redrawn)
        redrawn.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let image = Self.image(redrawn)
        expect(ImageDrawingTests.pixel(image, 2, 2) == ImageDrawingTests.red)
        expect(ImageDrawingTests.pixel(image, 7, 7) == ImageDrawingTests.clear)
        expect(redrawn.draws == 2)
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
        expect(ImageDrawingTests.pixel(square, 2, 2) == ImageDrawingTests.red)
        expect(ImageDrawingTests.pixel(square, 15, 15) == ImageDrawingTests.clear)
        let delegated = image(DelegateDrawnView(frame: CGRect(x: 0, y: 0, width: 20, height: 20)))
        expect(ImageDrawingTests.pixel(delegated, 2, 2) == ImageDrawingTests.clear)
        expect(ImageDrawingTests.pixel(delegated, 15, 15) == ImageDrawingTests.blue)
    }
}

/// A layer's `shadowPath` is its shadow's shape, whatever the layer shows: a clear view's oval
/// path casts an oval, moved by the offset. Without one, the shadow is cast by what the layer
/// shows, as Core Animation casts it: a clear container's round subview casts a round shadow,
/// and a half-transparent background half a shadow.
@Suite @MainActor struct ShadowShapeTests {
    static func image(_ configure: (UIView) -> Void) -> UIImage {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        root.addSubview(view)
        view.layer.shadowOpacity = 1
        view.layer.shadowRadius = 0
        view.layer.shadowOffset = CGSize(width: 10, height: 10)
        configure(view)
        return ImageDrawingTests.renderer(root.bounds.size, scale: 1).image {
            root.layer.render(in: $0.cgContext)
        }
    }

    @Test func theShadowTakesThePathsShape() {
        let oval = Self.image {
            $0.layer.shadowPath = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 20)).cgPath
        }
        // The oval's centre, moved by (10, 10), is in shadow; the corner of its box is not.
        expect(ImageDrawingTests.pixel(oval, 20, 20) == [0, 0, 0, 255])
        expect(ImageDrawingTests.pixel(oval, 11, 11) == ImageDrawingTests.clear)
        expect(ImageDrawingTests.pixel(oval, 28, 28) == ImageDrawingTests.clear)
        // Without a path a clear view shows nothing, so casts nothing.
        let bare = Self.image { _ in }
        expect(ImageDrawingTests.pixel(bare, 20, 20) == ImageDrawingTests.clear)
        // A path beyond the bounds casts beyond them; an empty one casts nothing.
        let wide = Self.image {
            $0.layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 25, height: 5), transform: nil)
        }
        expect(ImageDrawingTests.pixel(wide, 33, 12) == [0, 0, 0, 255])
        let empty = Self.image { $0.layer.shadowPath = CGMutablePath() }
        expect(ImageDrawingTests.pixel(empty, 20, 20) == ImageDrawingTests.clear)
    }

    @Test func withoutAPathTheShadowIsWhatTheLayerShows() {
        let round = Self.image { container in
            let circle = UIView(frame: container.bounds)
            circle.backgroundColor = .red
            circle.layer.cornerRadius = 10
            circle.clipsToBounds = true
            container.addSubview(circle)
        }
        // The circle about (10, 10) casts one about (20, 20): in it, and out of its box's corner.
        expect(ImageDrawingTests.pixel(round, 24, 26) == [0, 0, 0, 255])
        expect(ImageDrawingTests.pixel(round, 28, 28) == ImageDrawingTests.clear)
        expect(ImageDrawingTests.pixel(round, 10, 10) == ImageDrawingTests.red)
        // A subview smaller than its clear container: the shadow is the subview's alone.
        let small = Self.image { container in
            let square = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            square.backgroundColor = .blue
            container.addSubview(square)
        }
        expect(ImageDrawingTests.pixel(small, 15, 15) == [0, 0, 0, 255])
        expect(ImageDrawingTests.pixel(small, 25, 25) == ImageDrawingTests.clear)
        let translucent = Self.image { $0.backgroundColor = UIColor(white: 1, alpha: 0.5) }
        expect(ImageDrawingTests.pixel(translucent, 25, 25) == [0, 0, 0, 128])
        // An opaque background casts its rounded bounds, as before.
        let opaque = Self.image { $0.backgroundColor = .white }
        expect(ImageDrawingTests.pixel(opaque, 28, 28) == [0, 0, 0, 255])
    }
}

/// A context's shadow (`setShadow`) is cast by each thing painted while it is set: moved by its
/// offset in the view's points (y down), clipped as the painting is, gone once the state that
/// set it is restored.
@Suite @MainActor struct ContextShadowTests {
    final class ShadowedView: UIView {
        var clip: CGRect?
        override func draw(_ rect: CGRect) {
            guard let ctx = UIGraphicsGetCurrentContext() else { return }
            ctx.saveGState()
            if let clip { ctx.clip(to: clip) }
            ctx.setShadow(offset: CGSize(width: 10, height: 10), blur: 0, color: UIColor.black.cgColor)
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            ctx.restoreGState()
            // Painted after the restore: no shadow.
            ctx.setFillColor(UIColor.blue.cgColor)
            ctx.fill(CGRect(x: 30, y: 0, width: 5, height: 5))
        }
    }

    static func image(clip: CGRect? = nil) -> UIImage {
        let view = ShadowedView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        view.clip = clip
        return ImageDrawingTests.renderer(view.bounds.size, scale: 1).image {
            view.layer.render(in: $0.cgContext)
        }
    }

    @Test func whatIsPaintedCastsTheShadowMovedByItsOffset() {
        let image = Self.image()
        expect(ImageDrawingTests.pixel(image, 5, 5) == ImageDrawingTests.red)
        expect(ImageDrawingTests.pixel(image, 15, 15) == [0, 0, 0, 255])
        expect(ImageDrawingTests.pixel(image, 25, 25) == ImageDrawingTests.clear)
        expect(ImageDrawingTests.pixel(image, 32, 2) == ImageDrawingTests.blue)
        expect(ImageDrawingTests.pixel(image, 37, 12) == ImageDrawingTests.clear)
        // The clip cuts the shadow too.
        let clipped = Self.image(clip: CGRect(x: 0, y: 0, width: 12, height: 12))
        expect(ImageDrawingTests.pixel(clipped, 11, 11) == [0, 0, 0, 255])
        expect(ImageDrawingTests.pixel(clipped, 15, 15) == ImageDrawingTests.clear)
    }
}

/// What the port makes of a layer's `@NSManaged` property: zero until set, and a change marks
/// the layer for display when `needsDisplay(forKey:)` names it, as Core Animation's does.
@Suite @MainActor struct LayerDynamicPropertyTests {
    final class GaugeLayer: CALayer {
        @LayerDynamicProperty(key: "value") var value: CGFloat
        @LayerDynamicProperty(key: "label") var label: String?
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "value" || super.needsDisplay(forKey: key)
        }
    }

    @Test func aChangeOfANamedKeyMarksTheLayer() {
        let layer = GaugeLayer()
        expect(layer.value == 0 && layer.label == nil && !layer.needsDisplay())
        layer.label = "speed"
        expect(layer.label == "speed" && !layer.needsDisplay())
        layer.value = 0.5
        expect(layer.value == 0.5 && layer.needsDisplay())
    }
}
