import UIKit

/// A progress ring drawn by its own layer, the view's layer class, as iOS apps write one.
class RingLayer: CALayer {
    @NSManaged var progress: CGFloat
    /// An object with no zero: iOS starts it at nil, so the class gives a default.
    @NSManaged var color: UIColor

    override class func defaultValue(forKey key: String) -> Any? {
        key == "color" ? UIColor.systemBlue : super.defaultValue(forKey: key)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? RingLayer {
            progress = other.progress
            color = other.color
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func draw(in ctx: CGContext) {
        let centre = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 4
        ctx.setLineWidth(8)
        ctx.setStrokeColor(color.cgColor)
        ctx.addArc(
            center: centre, radius: radius, startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * progress,
            clockwise: false)
        ctx.strokePath()
    }
}

class ProgressRingView: UIView {
    override class var layerClass: AnyClass { RingLayer.self }

    private(set) var resets = 0

    /// A control made in a stored property's closure, its action a selector of this class, as
    /// apps write one.
    lazy var resetButton: UIButton = {
        let button = UIButton(type: .system)
        button.addTarget(self, action: #selector(reset), for: .touchUpInside)
        return button
    }()

    @objc func reset() {
        resets += 1
        ring.progress = 0
    }

    var ring: RingLayer { layer as! RingLayer }
}
