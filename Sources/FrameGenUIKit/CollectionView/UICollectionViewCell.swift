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

    /// Self-sizing, UIKit's default: a copy of the attributes whose size is what the view's
    /// constraints give at the attributes' size (a cell's content view's), the axis the layout
    /// fixes at `.required` (a vertical flow's width) and the other at `.fittingSizeLevel`. A
    /// view that Auto Layout does not lay out keeps its size. framegen asks only while the
    /// layout sizes cells itself (docs/uikit.md "Self-sizing cells").
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes
    {
        let sizing = (self as? UICollectionViewCell)?.contentView ?? self
        guard sizing.laysOutByConstraints,
            let preferred = layoutAttributes.copy() as? UICollectionViewLayoutAttributes
        else { return layoutAttributes }
        let layout = (superview as? UICollectionView)?.collectionViewLayout
        let fixed = layout?.fixedSelfSizingAxis
        let fitted = sizing.systemLayoutSizeFitting(
            layoutAttributes.size,
            withHorizontalFittingPriority: fixed == .horizontal ? .required : .fittingSizeLevel,
            verticalFittingPriority: fixed == .vertical ? .required : .fittingSizeLevel)
        preferred.size = fitted
        return preferred
    }
}

extension UIView {
    /// Whether constraints place this view or a view below it (a subview with
    /// `translatesAutoresizingMaskIntoConstraints` false, or a constraint installed here).
    var laysOutByConstraints: Bool {
        !autoLayout.installed.isEmpty
            || subviews.contains { !$0.translatesAutoresizingMaskIntoConstraints || $0.laysOutByConstraints }
    }
}

/// A collection view cell: a content view for your subviews over optional background views.
open class UICollectionViewCell: UICollectionReusableView {
    /// Where a cell's own subviews go; it fills the cell.
    open private(set) var contentView = UIView(frame: .zero)

    /// Behind the content view, filling the cell, as UIKit places it.
    open var backgroundView: UIView? {
        didSet {
            guard oldValue !== backgroundView else { return }
            oldValue?.removeFromSuperview()
            arrangeBackgrounds()
        }
    }

    /// Between the background view and the content view while the cell is selected or
    /// highlighted, filling the cell.
    open var selectedBackgroundView: UIView? {
        didSet {
            guard oldValue !== selectedBackgroundView else { return }
            oldValue?.removeFromSuperview()
            arrangeBackgrounds()
        }
    }

    open var isSelected = false {
        didSet { arrangeBackgrounds() }
    }

    open var isHighlighted = false {
        didSet { arrangeBackgrounds() }
    }

    /// The background views below the content view, back to front, sized to the cell; the
    /// selected one only while selected or highlighted.
    private func arrangeBackgrounds() {
        let shown = [backgroundView, (isSelected || isHighlighted) ? selectedBackgroundView : nil]
        if !(isSelected || isHighlighted) { selectedBackgroundView?.removeFromSuperview() }
        for view in shown.compactMap({ $0 }) {
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            insertSubview(view, belowSubview: contentView)
        }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }
}
