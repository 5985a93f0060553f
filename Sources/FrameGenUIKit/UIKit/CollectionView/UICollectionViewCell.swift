import Foundation

/// A view a collection view shows for a supplementary element, and the base of cells. A scene
/// that names a cell of yours (`cell:`) has framegen create, reuse, configure and draw them in
/// UIKit's order (docs/uikit.md "Cells"); supplementary views are drawn with the scene's styles.
open class UICollectionReusableView: UIView {
    /// The identifier the view was registered and dequeued with.
    open internal(set) var reuseIdentifier: String?

    public override init(frame: CGRect) { super.init(frame: frame) }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Called before a dequeued view is handed out again.
    open func prepareForReuse() {}

    /// Applies the layout's attributes; a subclass reads its own attributes subclass here.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    open func willTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}

    open func didTransition(from oldLayout: UICollectionViewLayout, to newLayout: UICollectionViewLayout) {}

    /// Self-sizing: framegen's cells keep the size their attributes give.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes
    { layoutAttributes }
}

/// A collection view cell: a content view for your subviews over optional background views.
open class UICollectionViewCell: UICollectionReusableView {
    /// Where a cell's own subviews go; it fills the cell.
    open private(set) var contentView = UIView(frame: .zero)

    open var backgroundView: UIView?

    open var selectedBackgroundView: UIView?

    open var isSelected = false

    open var isHighlighted = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }
}
