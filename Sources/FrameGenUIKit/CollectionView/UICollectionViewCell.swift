import Foundation

/// A view a collection view shows for a supplementary element, and the base of cells. A scene
/// that names a cell of yours (`cell:`) has framegen create, reuse, configure and draw them in
/// UIKit's order (docs/uikit.md "Cells"); supplementary views are drawn with the scene's styles.
open class UICollectionReusableView: UIView {
    /// The identifier the view was registered and dequeued with.
    open internal(set) var reuseIdentifier: String?

    public override init(frame: CGRect) { super.init(frame: frame) }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        InterfaceBuilder.decode(self, coder: coder, at: UICollectionReusableView.self)
    }

    /// framegen's: a view of this very class, made with `init(frame:)`, so that a collection view
    /// makes a class registered by its type as UIKit does. Swift makes a class chosen at run time
    /// only through a required initialiser, which UIKit's views lack; the port of an app's files
    /// (docs/uikit.md, "Bring your app") writes this override into each of its view classes that
    /// has `init(frame:)`. Nil where no class wrote it.
    open class func makeByClass(frame: CGRect) -> UICollectionReusableView? { nil }

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
        let cell = self as? UICollectionViewCell
        let sizing = cell?.contentView ?? self
        let layout = (superview as? UICollectionView)?.collectionViewLayout
        let fixed = layout?.fixedSelfSizingAxis
        // A vertical list fixes the width (the horizontal axis); the text sets the height.
        if let list = cell?.configuredContentView as? UIListContentView, fixed == .horizontal,
            let preferred = layoutAttributes.copy() as? UICollectionViewLayoutAttributes
        {
            // A list configuration's text sets the height, as a table row's does.
            bounds.size = layoutAttributes.size
            layoutIfNeeded()
            preferred.size.height = list.fittingHeight(width: list.bounds.width)
            return preferred
        }
        guard sizing.laysOutByConstraints,
            let preferred = layoutAttributes.copy() as? UICollectionViewLayoutAttributes
        else { return layoutAttributes }
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
            || subviews.contains { $0.placedByConstraints || $0.laysOutByConstraints }
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
        didSet {
            arrangeBackgrounds()
            if isSelected != oldValue { setNeedsUpdateConfiguration() }
        }
    }

    open var isHighlighted = false {
        didSet {
            arrangeBackgrounds()
            if isHighlighted != oldValue { setNeedsUpdateConfiguration() }
        }
    }

    // MARK: Configurations (iOS 14)

    /// The content's configuration: its view (`makeContentView()`) fills the content view; a
    /// configuration of the type already shown is given to the view that shows it, as UIKit
    /// does.
    open var contentConfiguration: UIContentConfiguration? {
        didSet { applyContentConfiguration(replacing: oldValue) }
    }

    /// The background's configuration: its colour, corners and stroke are the cell's
    /// background view's.
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { applyBackgroundConfiguration() }
    }

    open var automaticallyUpdatesContentConfiguration = true
    open var automaticallyUpdatesBackgroundConfiguration = true

    public typealias ConfigurationUpdateHandler = (UICollectionViewCell, UICellConfigurationState) -> Void

    /// Called after `updateConfiguration(using:)`, with the cell and its state.
    open var configurationUpdateHandler: ConfigurationUpdateHandler? {
        didSet { setNeedsUpdateConfiguration() }
    }

    /// The cell's state now: its traits, selection and highlighting.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState(traitCollection: traitCollection)
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        return state
    }

    /// A plain background (no colour); a list cell's is its list's.
    open func defaultBackgroundConfiguration() -> UIBackgroundConfiguration {
        UIBackgroundConfiguration.clear()
    }

    private var needsConfigurationUpdate = true

    /// Asks for `updateConfiguration(using:)` before the cell is next drawn.
    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
    }

    /// UIKit's default: the configurations updated for the state, where they update
    /// automatically. framegen calls it before a cell is laid out for a frame when the cell's
    /// state changed (selection, highlighting, `setNeedsUpdateConfiguration()`).
    open func updateConfiguration(using state: UICellConfigurationState) {
        if automaticallyUpdatesContentConfiguration, let content = contentConfiguration {
            contentConfiguration = content.updated(for: state)
        }
        if automaticallyUpdatesBackgroundConfiguration, let background = backgroundConfiguration {
            backgroundConfiguration = background.updated(for: state)
        }
    }

    /// Runs a pending configuration update (framegen's display pass, before layout).
    package func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate else { return }
        needsConfigurationUpdate = false
        let state = configurationState
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
        // What the update itself set (a handler, a configuration) asks for no second update.
        needsConfigurationUpdate = false
    }

    /// The view showing `contentConfiguration`.
    private(set) var configuredContentView: (UIView & UIContentView)?

    private func applyContentConfiguration(replacing old: UIContentConfiguration?) {
        guard let configuration = contentConfiguration else {
            configuredContentView?.removeFromSuperview()
            configuredContentView = nil
            return
        }
        if let shown = configuredContentView, let old, type(of: old) == type(of: configuration) {
            shown.configuration = configuration
        } else {
            configuredContentView?.removeFromSuperview()
            configuredContentView = configuration.makeContentView(filling: contentView)
        }
        setNeedsLayout()
    }

    /// The background configuration's look, drawn by a view of framegen's at the back.
    private var configuredBackground: UIImageView?

    private func applyBackgroundConfiguration() {
        guard let configuration = backgroundConfiguration else {
            configuredBackground?.removeFromSuperview()
            configuredBackground = nil
            return
        }
        let view = configuredBackground ?? UIImageView(frame: .zero)
        if configuredBackground == nil {
            view.isUserInteractionEnabled = false
            configuredBackground = view
            insertSubview(view, at: 0)
        }
        configuration.applyLook(to: view, in: bounds, tint: tintColor)
    }

    /// What the list section the cell is in asks of it (a compositional layout's list
    /// configuration): its separator, and for a list cell its background and corners.
    package var listItemStyle: ListItemStyle? {
        didSet {
            guard listItemStyle != oldValue else { return }
            applyListItemStyle()
            setNeedsLayout()
        }
    }

    /// The separator the list section draws below the cell.
    private var listSeparatorView: UIView?

    /// The swipe actions a drag uncovered, while they show (SwipeActions.swift).
    var swipeActions: SwipeActionsView?

    /// Where the list's separator starts when its configuration leaves it automatic: at the
    /// cell's leading edge for a cell of yours (*chosen*), at the text for a list cell.
    open var automaticSeparatorLeadingInset: CGFloat { 0 }

    /// A list cell takes its list's background; other cells keep theirs.
    func applyListItemStyle() {
        guard let style = listItemStyle, style.separator != nil else {
            listSeparatorView?.removeFromSuperview()
            listSeparatorView = nil
            return
        }
        if listSeparatorView == nil {
            let view = UIView(frame: .zero)
            view.isUserInteractionEnabled = false
            listSeparatorView = view
            addSubview(view)
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if let configuredBackground, let backgroundConfiguration {
            backgroundConfiguration.applyLook(to: configuredBackground, in: bounds, tint: tintColor)
            sendSubviewToBack(configuredBackground)
        }
        guard let separator = listItemStyle?.separator, let view = listSeparatorView else { return }
        let b = bounds
        let hairline = 1 / Swift.max(1, traitCollection.displayScale)
        let leading = separator.leadingInset ?? automaticSeparatorLeadingInset
        view.backgroundColor = separator.color
        view.frame = CGRect(
            x: leading, y: b.height - hairline,
            width: Swift.max(0, b.width - leading - separator.trailingInset),
            height: hairline)
        bringSubviewToFront(view)
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
        setUpCell()
    }

    private func setUpCell() {
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpCell()
        InterfaceBuilder.decode(self, coder: coder, at: UICollectionViewCell.self)
    }
}
