import Foundation
import FrameGenGeometry
import FrameGenLayout

import struct Foundation.IndexPath  // over Layout's (Exports.swift)

/// UIKit's abstract layout class, which a layout of one's own subclasses. framegen calls its
/// members in UIKit's order (docs/uikit.md "The contract"): `prepare()` before queries and after
/// every invalidation; `shouldInvalidateLayout(forBoundsChange:)` when the bounds change, then
/// `invalidateLayout(with:)` with the context from `invalidationContext(forBoundsChange:)`;
/// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)` when a drag or fling
/// ends; `prepare(forCollectionViewUpdates:)`, the initial and final attributes and
/// `finalizeCollectionViewUpdates()` around a batch update.
open class UICollectionViewLayout: NSObject {
    /// The collection view framegen drives this layout in; nil until the layout is installed.
    /// Read-only and overridable as UIKit's (`open var collectionView: UICollectionView? { get }`),
    /// so a subclass may narrow it (`override var collectionView: MyCollectionView { ... }`).
    open var collectionView: UICollectionView? { installedView ?? transitionView }
    /// The collection view a transition layout installed there moves this layout in or out of
    /// (`UICollectionViewTransitionLayout`), as UIKit gives both layouts the view.
    package weak var transitionView: UICollectionView?
    package weak var installedView: UICollectionView? {
        didSet { installedView?.cells.layout = self }
    }

    /// Whether `prepare()` is due (set by every invalidation, cleared by the pass that calls it).
    package var needsPrepare = true
    /// Whether a `UIDynamicAnimator` was made for it (`init(collectionViewLayout:)`).
    package var usesDynamics = false

    public override init() { super.init() }

    /// Layouts built in a storyboard on iOS; framegen never decodes one.
    public required init?(coder: NSCoder) { super.init() }

    // MARK: Classes

    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    // MARK: Preparing and queries

    open func prepare() {}

    open var collectionViewContentSize: CGSize { .zero }

    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    { nil }

    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    { nil }

    // MARK: Invalidation

    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    open func invalidationContext(forBoundsChange newBounds: CGRect)
        -> UICollectionViewLayoutInvalidationContext
    {
        let context = makeInvalidationContext()
        context.contentOffsetAdjustment = .zero
        return context
    }

    /// Self-sizing: asked in a display pass when a view's `preferredLayoutAttributesFitting(_:)`
    /// differs from the attributes it was given; true invalidates the layout with the context
    /// below, and the pass runs again (docs/uikit.md "Self-sizing cells"). False by default.
    open func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool { false }

    /// A context of `invalidationContextClass` by default; the flow layout keeps the preferred
    /// size here.
    open func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext { makeInvalidationContext() }

    /// Whether a display pass asks views for their preferred attributes: always, unless the
    /// layout is one (a flow without `estimatedItemSize`) that never takes them, as on iOS.
    package final var asksPreferredAttributes: Bool {
        (self as? SelfSizingPolicy)?.takesPreferredAttributes ?? true
    }

    /// Whether items a scroll passes between two layout passes are displayed (and measured), as
    /// iOS's frames between them would: a self-sizing flow's.
    package final var measuresPassedItems: Bool {
        (self as? SelfSizingPolicy)?.measuresItemsScrolledPast ?? false
    }

    /// The axis whose size the layout fixes when a view sizes itself by constraints (a vertical
    /// flow's width); nil: both fit.
    package final var fixedSelfSizingAxis: NSLayoutConstraint.Axis? {
        (self as? SelfSizingPolicy)?.axisFixedWhenSelfSizing ?? nil
    }

    /// Invalidates everything: the same as `invalidateLayout(with:)` with a context whose
    /// `invalidateEverything` is true, as on iOS.
    open func invalidateLayout() {
        invalidateLayout(with: makeInvalidationContext(everything: true))
    }

    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        needsPrepare = true
    }

    /// A context of the layout's `invalidationContextClass` with UIKit's flags: both when a
    /// layout is installed or the data reload, only the counts for a batch update.
    package func makeInvalidationContext(everything: Bool = false, dataSourceCounts: Bool = false)
        -> UICollectionViewLayoutInvalidationContext
    {
        let cls = type(of: self).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type
        let context = (cls ?? UICollectionViewLayoutInvalidationContext.self).init()
        context.everything = everything
        context.dataSourceCounts = dataSourceCounts
        return context
    }

    // MARK: Scrolling

    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// `velocity` is in points per millisecond, as on iOS (framegen converts from its own points
    /// per second).
    open func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint { proposedContentOffset }

    // MARK: Batch updates

    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

    open func finalizeCollectionViewUpdates() {}

    open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}

    open func finalizeAnimatedBoundsChange() {}

    open func prepareForTransition(to newLayout: UICollectionViewLayout) {}

    open func prepareForTransition(from oldLayout: UICollectionViewLayout) {}

    open func finalizeLayoutTransition() {}

    /// nil on the base class: the collection view then fades the item in at its final place.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    { nil }

    /// nil on the base class: the collection view then fades the item out where it was.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    { nil }

    open func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    open func initialLayoutAttributesForAppearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    open func finalLayoutAttributesForDisappearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    open func indexPathsToInsertForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { [] }

    open func indexPathsToDeleteForSupplementaryView(ofKind elementKind: String) -> [IndexPath] { [] }

    // MARK: Decoration views

    /// The classes registered for decoration kinds (docs/uikit.md "Cells").
    var decorationViewClasses: [String: AnyClass] = [:]

    /// Decoration views of `elementKind` are then views of `viewClass`, made as UIKit makes them
    /// (no data source is asked) through the factory the program registered for the class
    /// (`cells:`), their geometry set from the attributes and `apply(_:)` called; nil goes back to
    /// the scene's style for the kind.
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        decorationViewClasses[elementKind] = viewClass
    }

    /// A nib for a decoration kind, which framegen cannot load (`UINib`): the kind goes back to
    /// the scene's style, and the collection view says so once it is drawn.
    open func register(_ nib: UINib?, forDecorationViewOfKind elementKind: String) {
        decorationViewClasses[elementKind] = nil
        if let nib { decorationNibs[elementKind] = nib } else { decorationNibs[elementKind] = nil }
    }

    /// The nibs registered for decoration kinds, reported when drawn.
    var decorationNibs: [String: UINib] = [:]

    open var developmentLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

    /// A new attributes object of this layout's `layoutAttributesClass`.
    package func makeAttributes(_ value: LayoutAttributes) -> UICollectionViewLayoutAttributes {
        let cls = type(of: self).layoutAttributesClass as? UICollectionViewLayoutAttributes.Type
        return UICollectionViewLayoutAttributes.make(cls ?? UICollectionViewLayoutAttributes.self, value)
    }
}

/// UIUserInterfaceLayoutDirection: framegen lays out left to right.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight
    case rightToLeft
}

/// What an invalidation covers. framegen re-prepares the layout after any invalidation, so the
/// fields matter to the layout's own `invalidateLayout(with:)` and `prepare()`.
open class UICollectionViewLayoutInvalidationContext: NSObject {
    package var everything = false
    package var dataSourceCounts = false

    public required override init() { super.init() }

    open var invalidateEverything: Bool { everything }

    open var invalidateDataSourceCounts: Bool { dataSourceCounts }

    open var contentOffsetAdjustment: CGPoint = .zero

    open var contentSizeAdjustment: CGSize = .zero

    // Get-only, as iOS declares them, so that a subclass may override them with getters (a
    // context that names its invalidated headers itself).
    open var invalidatedItemIndexPaths: [IndexPath]? { itemIndexPaths }

    open var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]? { supplementaryIndexPaths }

    open var invalidatedDecorationIndexPaths: [String: [IndexPath]]? { decorationIndexPaths }

    private var itemIndexPaths: [IndexPath]?
    private var supplementaryIndexPaths: [String: [IndexPath]]?
    private var decorationIndexPaths: [String: [IndexPath]]?

    open func invalidateItems(at indexPaths: [IndexPath]) {
        itemIndexPaths = (itemIndexPaths ?? []) + indexPaths
    }

    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        supplementaryIndexPaths = (supplementaryIndexPaths ?? [:]).merging(
            [elementKind: indexPaths], uniquingKeysWith: +)
    }

    open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        decorationIndexPaths = (decorationIndexPaths ?? [:]).merging(
            [elementKind: indexPaths], uniquingKeysWith: +)
    }
}

/// The flow layout's context (its `invalidationContextClass`). framegen's flow engine computes
/// everything again after any invalidation (the answers are the same: UIKit's flags only let it
/// keep what it cached), so the two flags are recorded for the layout's own code to read.
open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
    /// True by default: the delegate's sizes, insets and spacings are asked again.
    open var invalidateFlowLayoutDelegateMetrics = true
    /// True by default: the flow's attributes are computed again.
    open var invalidateFlowLayoutAttributes = true
}

/// One change of a batch update, as UIKit hands it to `prepare(forCollectionViewUpdates:)`.
open class UICollectionViewUpdateItem: NSObject {
    public enum Action: Int, Sendable {
        case insert
        case delete
        case reload
        case move
        case none
    }

    open private(set) var indexPathBeforeUpdate: IndexPath?
    open private(set) var indexPathAfterUpdate: IndexPath?
    open private(set) var updateAction: Action

    package init(_ item: UpdateItem) {
        indexPathBeforeUpdate = item.indexPathBeforeUpdate.map(IndexPath.init)
        indexPathAfterUpdate = item.indexPathAfterUpdate.map(IndexPath.init)
        switch item.updateAction {
        case .insert: updateAction = .insert
        case .delete: updateAction = .delete
        case .move: updateAction = .move
        case .reload: updateAction = .reload
        }
        super.init()
    }
}

/// How one of UIKit's own layouts (the flow layout, the compositional layout) takes views that
/// size themselves, where a plain `UICollectionViewLayout` asks every view. A protocol rather
/// than overrides: the compositional layout is in a module of its own, and Swift lets a
/// `package` member be overridden only inside its module.
package protocol SelfSizingPolicy: UICollectionViewLayout {
    var takesPreferredAttributes: Bool { get }
    var measuresItemsScrolledPast: Bool { get }
    var axisFixedWhenSelfSizing: NSLayoutConstraint.Axis? { get }
}

/// framegen's: a layout whose sections may scroll on their own (the compositional layout's
/// orthogonal sections), which a scene's drag over one moves (`CollectionViewState.orthogonalOffsets`).
package protocol OrthogonalScrolling: AnyObject {
    /// The section that scrolls on its own under `point`, in content coordinates, if any.
    func orthogonalScrollView(at point: CGPoint) -> OrthogonalScrollView?
}
