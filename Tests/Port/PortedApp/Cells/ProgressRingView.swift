import UIKit

/// A progress ring drawn by its own layer, the view's layer class, as iOS apps write one.
class RingLayer: CALayer {
    @NSManaged var progress: CGFloat

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? RingLayer { progress = other.progress }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func draw(in ctx: CGContext) {
        let centre = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 4
        ctx.setLineWidth(8)
        ctx.setStrokeColor(UIColor.systemBlue.cgColor)
        ctx.addArc(
            center: centre, radius: radius, startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * progress,
            clockwise: false)
        ctx.strokePath()
    }
}

class ProgressRingView: UIView {
    override class var layerClass: AnyClass { RingLayer.self }

    var ring: RingLayer { layer as! RingLayer }
}
