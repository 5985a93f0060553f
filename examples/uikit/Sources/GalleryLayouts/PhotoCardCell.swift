import UIKit

/// A photo card as feeds draw them, with the Core Animation an app reaches for instead of
/// `draw(_:)`: a face rounded on top only with continuous corners (`maskedCorners`,
/// `cornerCurve`), a "photo" that is a diagonal gradient (a view whose `layerClass` is
/// `CAGradientLayer`), a caption over a dark gradient fading up from the bottom, a round avatar
/// cut by a `CAShapeLayer` mask, and a star badge filled from a `UIBezierPath`. Each card is
/// turned about its vertical axis by a sixth of a turn more than the one before; its face and
/// its back are single-sided layers (`isDoubleSided = false`), so a card turned past a quarter
/// shows its back, as a flip card does.
///
/// `flat` draws the same card without gradients, mask or shape (solid colours, a square
/// avatar, no star): `framegen bench` on scenes/cards.yaml against scenes/cards-flat.yaml
/// gives what those layers cost.
public final class PhotoCardCell: UICollectionViewCell {
    private let flat: Bool
    private let face = UIView()
    private let back = UIView()
    private let photo = GradientView()
    private let shade = GradientView()
    private let caption = UILabel()
    private let avatar = GradientView()
    private let star = CAShapeLayer()
    private let backLabel = UILabel()

    public convenience override init(frame: CGRect) { self.init(frame: frame, flat: false) }

    public init(frame: CGRect, flat: Bool) {
        self.flat = flat
        super.init(frame: frame)
        for side in [face, back] {
            side.layer.cornerRadius = 18
            side.layer.cornerCurve = .continuous
            side.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            side.layer.isDoubleSided = false
            side.clipsToBounds = true
            contentView.addSubview(side)
        }
        face.backgroundColor = .white
        back.backgroundColor = UIColor(red: 0.16, green: 0.18, blue: 0.3, alpha: 1)
        // The back faces the other way: seen from the front, it is turned away.
        back.layer.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        backLabel.textColor = .white
        backLabel.font = UIFont.boldSystemFont(ofSize: 22)
        backLabel.textAlignment = .center
        back.addSubview(backLabel)

        photo.gradient.startPoint = CGPoint(x: 0, y: 0)
        photo.gradient.endPoint = CGPoint(x: 1, y: 1)
        face.addSubview(photo)
        shade.gradient.colors = [
            UIColor.black.withAlphaComponent(0).cgColor, UIColor.black.withAlphaComponent(0.7).cgColor,
        ]
        shade.gradient.locations = [0, 1]
        photo.addSubview(shade)
        caption.textColor = .white
        caption.font = UIFont.boldSystemFont(ofSize: 17)
        caption.textAlignment = .left
        photo.addSubview(caption)

        avatar.gradient.colors = [UIColor.orange.cgColor, UIColor.magenta.cgColor]
        let round = CAShapeLayer()
        round.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 36, height: 36)).cgPath
        avatar.layer.mask = round
        face.addSubview(avatar)

        star.fillColor = UIColor.yellow.cgColor
        star.path = PhotoCardCell.star(radius: 14).cgPath
        face.layer.addSublayer(star)
        if flat {
            avatar.layer.mask = nil
            star.isHidden = true
            shade.gradient.colors = nil
            shade.backgroundColor = UIColor.black.withAlphaComponent(0.35)
            avatar.gradient.colors = nil
            avatar.backgroundColor = .orange
        }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    public override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        let item = layoutAttributes.indexPath.item
        let hue = (CGFloat(item) * 0.11).truncatingRemainder(dividingBy: 1)
        let colour = UIColor(hue: hue, saturation: 0.7, brightness: 0.95, alpha: 1)
        if flat { photo.backgroundColor = colour }
        photo.gradient.colors =
            flat
            ? nil
            : [
                colour.cgColor,
                UIColor(
                    hue: (hue + 0.15).truncatingRemainder(dividingBy: 1), saturation: 0.9, brightness: 0.55,
                    alpha: 1
                )
                .cgColor,
            ]
        caption.text = "Photo \(item + 1)"
        backLabel.text = "#\(item + 1)"
        var turn = CATransform3DIdentity
        turn.m34 = -1 / 600
        contentView.layer.transform = CATransform3DRotate(turn, CGFloat(item % 7) * .pi / 6, 0, 1, 0)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let b = contentView.bounds
        face.frame = b
        back.frame = b
        backLabel.frame = back.bounds
        photo.frame = CGRect(x: 0, y: 0, width: b.width, height: b.height * 0.72)
        shade.frame = CGRect(
            x: 0, y: photo.bounds.height * 0.55, width: b.width, height: photo.bounds.height * 0.45)
        caption.frame = CGRect(x: 12, y: photo.bounds.height - 30, width: b.width - 24, height: 24)
        avatar.frame = CGRect(x: 12, y: photo.frame.maxY + 10, width: 36, height: 36)
        star.frame = CGRect(x: b.width - 40, y: 10, width: 28, height: 28)
    }

    /// A five-pointed star in a square of side 2 x `radius`, its first point up.
    static func star(radius: CGFloat) -> UIBezierPath {
        let path = UIBezierPath()
        for k in 0..<10 {
            let r = k % 2 == 0 ? radius : radius * 0.45
            let angle = -CGFloat.pi / 2 + CGFloat(k) * .pi / 5
            let p = CGPoint(x: radius + r * cos(angle), y: radius + r * sin(angle))
            if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.close()
        return path
    }
}

/// A view drawn by a CAGradientLayer, its backing layer.
final class GradientView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }
    var gradient: CAGradientLayer { layer as! CAGradientLayer }
}

/// The photo cards by the names scenes give them.
public enum PhotoCards {
    public static let cells: [String: UICollectionViewCellFactory] = [
        "card-cell": { PhotoCardCell(frame: $0) }, "card-cell-flat": { PhotoCardCell(frame: $0, flat: true) },
    ]
}
