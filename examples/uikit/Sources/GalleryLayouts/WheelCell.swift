import UIKit

/// A card on the wheel: a rounded, bordered face in the item's colour with its number, over a
/// soft shadow. It turns about the wheel's hub by taking the anchor point its attributes carry.
public final class WheelCell: UICollectionViewCell {
    private let numberLabel = UILabel()
    /// A ribbon across the top corner, cut off by the face's rounded bounds.
    private let ribbon = UIView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.5
        layer.shadowRadius = 6
        layer.shadowOffset = CGSize(width: 0, height: 4)
        contentView.layer.cornerRadius = 14
        contentView.layer.borderWidth = 3
        contentView.layer.borderColor = UIColor.white.cgColor
        contentView.clipsToBounds = true
        ribbon.backgroundColor = UIColor.white.withAlphaComponent(0.85)
        ribbon.transform = CGAffineTransform(rotationAngle: .pi / 4)
        contentView.addSubview(ribbon)
        numberLabel.font = UIFont.boldSystemFont(ofSize: 44)
        numberLabel.textColor = .white
        numberLabel.textAlignment = .center
        contentView.addSubview(numberLabel)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    public override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        guard let wheel = layoutAttributes as? WheelLayoutAttributes else { return }
        // Turn about the hub: the anchor point moves the layer, so the centre follows it.
        layer.anchorPoint = wheel.anchorPoint
        center.y += (wheel.anchorPoint.y - 0.5) * bounds.height
        let item = layoutAttributes.indexPath.item
        contentView.backgroundColor = UIColor(
            hue: (CGFloat(item) * 0.13).truncatingRemainder(dividingBy: 1), saturation: 0.65,
            brightness: 0.85,
            alpha: 1)
        numberLabel.text = "\(item + 1)"
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        numberLabel.frame = contentView.bounds
        ribbon.bounds = CGRect(x: 0, y: 0, width: contentView.bounds.width, height: 16)
        ribbon.center = CGPoint(x: contentView.bounds.width - 22, y: 22)
    }
}

/// The wheel and its cell by the names scenes give them.
public enum Wheel {
    public static let layouts: [String: UIKitLayout.Factory] = ["wheel": { _ in WheelLayout() }]
    public static let cells: [String: UICollectionViewCellFactory] = ["wheel-cell": { WheelCell(frame: $0) }]
}
