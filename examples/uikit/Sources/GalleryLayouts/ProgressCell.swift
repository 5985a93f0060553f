import UIKit

/// A dashboard tile as fitness and finance apps draw them: a progress ring (a grey track and a
/// round-capped `CAShapeLayer` stroke whose `strokeEnd` is the item's progress), a dashed
/// outline, a soft radial glow behind the ring, a conic colour wheel chip (`CAGradientLayer`
/// of `type` `.radial` and `.conic`), and a pie badge that draws itself in `draw(_:)`.
public final class ProgressCell: UICollectionViewCell {
    private let glow = GradientLayerView()
    private let track = CAShapeLayer()
    private let ring = CAShapeLayer()
    private let outline = CAShapeLayer()
    private let wheel = GradientLayerView()
    private let percent = UILabel()
    private let pie = PieView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .white
        contentView.layer.cornerRadius = 16
        contentView.clipsToBounds = true

        glow.gradient.type = .radial
        glow.gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        glow.gradient.endPoint = CGPoint(x: 1, y: 1)
        contentView.addSubview(glow)

        for layer in [track, ring] {
            layer.fillColor = nil
            layer.lineWidth = 10
            contentView.layer.addSublayer(layer)
        }
        track.strokeColor = UIColor(white: 0.9, alpha: 1).cgColor
        ring.lineCap = .round

        outline.fillColor = nil
        outline.strokeColor = UIColor(white: 0.7, alpha: 1).cgColor
        outline.lineWidth = 1.5
        outline.lineDashPattern = [6, 4]
        contentView.layer.addSublayer(outline)

        wheel.gradient.type = .conic
        wheel.gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        wheel.gradient.endPoint = CGPoint(x: 0.5, y: 0)
        wheel.gradient.colors = [
            UIColor.red, UIColor.yellow, UIColor.green, UIColor.cyan, UIColor.blue, UIColor.magenta,
            UIColor.red,
        ].map(\.cgColor)
        wheel.layer.cornerRadius = 12
        wheel.clipsToBounds = true
        contentView.addSubview(wheel)

        percent.font = UIFont.boldSystemFont(ofSize: 20)
        percent.textAlignment = .center
        percent.textColor = UIColor(white: 0.2, alpha: 1)
        contentView.addSubview(percent)
        contentView.addSubview(pie)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    public override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        let item = layoutAttributes.indexPath.item
        let progress = CGFloat((item * 37 + 15) % 100) / 100
        let hue = (CGFloat(item) * 0.13).truncatingRemainder(dividingBy: 1)
        let accent = UIColor(hue: hue, saturation: 0.8, brightness: 0.9, alpha: 1)
        ring.strokeColor = accent.cgColor
        ring.strokeEnd = progress
        glow.gradient.colors = [
            accent.withAlphaComponent(0.35).cgColor, accent.withAlphaComponent(0).cgColor,
        ]
        percent.text = "\(Int((progress * 100).rounded()))%"
        pie.progress = progress
        pie.tint = accent
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let b = contentView.bounds
        let centre = CGPoint(x: b.midX, y: b.midY - 8)
        let radius = min(b.width, b.height) / 2 - 30
        glow.frame = CGRect(
            x: centre.x - radius - 24, y: centre.y - radius - 24, width: 2 * radius + 48,
            height: 2 * radius + 48)
        // From the top, clockwise: the ring every progress view draws.
        let circle = UIBezierPath(
            arcCenter: centre, radius: radius, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)
        for layer in [track, ring] {
            layer.frame = b
            layer.path = circle.cgPath
        }
        outline.frame = b
        outline.path = UIBezierPath(roundedRect: b.insetBy(dx: 6, dy: 6), cornerRadius: 11).cgPath
        wheel.frame = CGRect(x: b.maxX - 36, y: b.maxY - 36, width: 24, height: 24)
        percent.frame = CGRect(x: centre.x - radius, y: centre.y - 12, width: 2 * radius, height: 24)
        pie.frame = CGRect(x: 12, y: b.maxY - 36, width: 24, height: 24)
    }
}

/// A pie chart badge drawn in `draw(_:)`, as apps draw small charts: a wedge of the progress
/// from the top, clockwise, filled through the context, and a ring stroked with a UIBezierPath.
final class PieView: UIView {
    var progress: CGFloat = 0 { didSet { setNeedsDisplay() } }
    var tint = UIColor.gray { didSet { setNeedsDisplay() } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let centre = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 2
        context.setFillColor(tint.withAlphaComponent(0.85).cgColor)
        context.move(to: centre)
        // Core Graphics' clockwise is counter-clockwise on the flipped screen.
        context.addArc(
            center: centre, radius: radius, startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * progress,
            clockwise: false)
        context.closePath()
        context.fillPath()
        let ring = UIBezierPath(
            arcCenter: centre, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        ring.lineWidth = 1.5
        tint.setStroke()
        ring.stroke()
    }
}

/// A view drawn by its CAGradientLayer.
final class GradientLayerView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }
    var gradient: CAGradientLayer { layer as! CAGradientLayer }
}

/// The progress tiles by the names scenes give them.
public enum ProgressTiles {
    public static let cells: [String: UICollectionViewCellFactory] = [
        "progress-cell": { ProgressCell(frame: $0) }
    ]
}
