import UIKit

/// A card as list screens lay them out with stack views rather than frames or bare constraints:
/// a column (a vertical `UIStackView` inside the content view's margins) of a photo, a title, a
/// description of several lines and a row of badges (a horizontal `UIStackView`, whose spacer,
/// a plain view, takes the room left). Some items hide a badge: the row closes up. The flow
/// sizes each card from its stack (`estimatedItemSize`, in `CardListLayout`).
public final class StackCardCell: UICollectionViewCell {
    private let photo = GradientView()
    private let title = UILabel()
    private let details = UILabel()
    private let badges = ["New", "Shared", "4K"].map { text -> UILabel in
        let badge = UILabel()
        badge.text = text
        badge.font = UIFont.boldSystemFont(ofSize: 12)
        badge.textColor = .white
        badge.backgroundColor = UIColor(red: 0.2, green: 0.45, blue: 0.9, alpha: 1)
        return badge
    }
    private let column = UIStackView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .white
        contentView.layer.cornerRadius = 14
        contentView.clipsToBounds = true

        photo.gradient.startPoint = CGPoint(x: 0, y: 0)
        photo.gradient.endPoint = CGPoint(x: 1, y: 1)
        photo.heightAnchor.constraint(equalToConstant: 110).isActive = true
        title.font = UIFont.boldSystemFont(ofSize: 18)
        details.font = UIFont.systemFont(ofSize: 14)
        details.textColor = .darkGray
        details.numberOfLines = 0

        let row = UIStackView(arrangedSubviews: badges + [UIView()])
        row.spacing = 6
        row.alignment = .center

        for view in [photo, title, details, row] { column.addArrangedSubview(view) }
        column.axis = .vertical
        column.spacing = 8
        column.setCustomSpacing(12, after: photo)
        column.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(column)
        let margins = contentView.layoutMarginsGuide
        NSLayoutConstraint.activate([
            column.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            column.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            column.topAnchor.constraint(equalTo: margins.topAnchor),
            column.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    private static let sentences = [
        "Morning light over the harbour.",
        "A long walk along the cliffs, with the tide coming in and gulls overhead the whole way.",
        "The old market square, busy as ever on a Saturday.",
        "Snow on the pass: the road closed an hour after this, and we waited it out in the hut below.",
    ]

    public override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        let item = layoutAttributes.indexPath.item
        let hue = (CGFloat(item) * 0.13).truncatingRemainder(dividingBy: 1)
        photo.gradient.colors = [
            UIColor(hue: hue, saturation: 0.6, brightness: 0.95, alpha: 1).cgColor,
            UIColor(
                hue: (hue + 0.12).truncatingRemainder(dividingBy: 1), saturation: 0.8, brightness: 0.6,
                alpha: 1
            )
            .cgColor,
        ]
        title.text = "Trip \(item + 1)"
        details.text = Self.sentences[item % Self.sentences.count]
        // The description wraps at the column's width from the first measurement.
        let margins = contentView.layoutMargins
        details.preferredMaxLayoutWidth = layoutAttributes.size.width - margins.left - margins.right
        badges[0].isHidden = item % 3 != 0
        badges[2].isHidden = item % 2 == 1
    }
}

/// UIKit's flow layout with self-sizing items (`automaticSize`: the scene's `itemSize` is the
/// estimate).
public final class CardListLayout: UICollectionViewFlowLayout {
    public override init() {
        super.init()
        estimatedItemSize = UICollectionViewFlowLayout.automaticSize
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// The stack-view cards by the names scenes give them.
public enum StackCards {
    public static let layouts: [String: UIKitLayout.Factory] = ["uikit-card-list": { _ in CardListLayout() }]
    public static let cells: [String: UICollectionViewCellFactory] = [
        "stack-card-cell": { StackCardCell(frame: $0) }
    ]
}
