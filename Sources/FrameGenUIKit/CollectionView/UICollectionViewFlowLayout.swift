import Foundation
import FrameGenCoreGraphics
import FrameGenGeometry
import FrameGenLayout
import FrameGenQuartzCore

import struct Foundation.IndexPath  // over Layout's (Exports.swift)

/// UIKit's flow layout, a working engine a subclass calls `super` on: its attributes are those
/// of framegen's built-in `flow` layout (docs/design/layouts.md §2), made as objects of the
/// subclass's `layoutAttributesClass`, with UIKit's element kinds.
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The `estimatedItemSize` that has cells size themselves with no estimate of their own:
    /// items not yet measured are laid out at `itemSize` (docs/uikit.md "Self-sizing cells").
    public static let automaticSize = CGSize(
        width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    public enum SectionInsetReference: Int, Sendable {
        case fromContentInset
        case fromSafeArea
        case fromLayoutMargins
    }

    // Every property invalidates the layout when it changes, as on iOS.
    open var itemSize = CGSize(width: 50, height: 50) {
        didSet { if oldValue != itemSize { invalidateLayout() } }
    }
    open var estimatedItemSize = CGSize.zero {
        didSet { if oldValue != estimatedItemSize { invalidateLayout() } }
    }
    open var minimumLineSpacing: CGFloat = 10 {
        didSet { if oldValue != minimumLineSpacing { invalidateLayout() } }
    }
    open var minimumInteritemSpacing: CGFloat = 10 {
        didSet { if oldValue != minimumInteritemSpacing { invalidateLayout() } }
    }
    open var sectionInset = UIEdgeInsets.zero {
        didSet { if oldValue != sectionInset { invalidateLayout() } }
    }
    /// framegen has no safe area or layout margins: every reference is the content inset.
    open var sectionInsetReference = SectionInsetReference.fromContentInset {
        didSet { if oldValue != sectionInsetReference { invalidateLayout() } }
    }
    open var scrollDirection = UICollectionView.ScrollDirection.vertical {
        didSet { if oldValue != scrollDirection { invalidateLayout() } }
    }
    open var headerReferenceSize = CGSize.zero {
        didSet { if oldValue != headerReferenceSize { invalidateLayout() } }
    }
    open var footerReferenceSize = CGSize.zero {
        didSet { if oldValue != footerReferenceSize { invalidateLayout() } }
    }
    open var sectionHeadersPinToVisibleBounds = false {
        didSet { if oldValue != sectionHeadersPinToVisibleBounds { invalidateLayout() } }
    }
    open var sectionFootersPinToVisibleBounds = false {
        didSet { if oldValue != sectionFootersPinToVisibleBounds { invalidateLayout() } }
    }

    /// The built-in engine, prepared by `prepare()` and again by a query after an
    /// invalidation: UIKit's flow layout computes lazily, so a subclass that sets `sectionInset`
    /// in `prepare()` after calling `super` is answered with the new insets.
    private var prepared: FlowLayout?
    private var stale = true

    private var engine: FlowLayout? {
        if stale { prepareEngine() }
        return prepared
    }

    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        stale = true
        // New data: the measured sizes belong to items that may be elsewhere now.
        if context.invalidateDataSourceCounts { preferredItemSizes = [:] }
        super.invalidateLayout(with: context)
    }

    // MARK: Self-sizing

    /// The sizes displayed cells gave for themselves, used instead of the estimate; an item
    /// never displayed keeps the estimate, as on iOS.
    private var preferredItemSizes: [IndexPath: CGSize] = [:]

    fileprivate var selfSizes: Bool { estimatedItemSize != .zero }

    /// True for a cell whose preferred size differs from its attributes' while the layout
    /// self-sizes (`estimatedItemSize` set).
    open override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool {
        selfSizes && preferredAttributes.representedElementCategory == .cell
            && preferredAttributes.size != originalAttributes.size
    }

    /// Keeps the cell's preferred size for its item and names the item in the context.
    open override func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(
            forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        if preferredAttributes.representedElementCategory == .cell {
            preferredItemSizes[preferredAttributes.indexPath] = preferredAttributes.size
            context.invalidateItems(at: [preferredAttributes.indexPath])
            context.contentSizeAdjustment = CGSize(
                width: preferredAttributes.size.width - originalAttributes.size.width,
                height: preferredAttributes.size.height - originalAttributes.size.height)
        }
        return context
    }

    open override class var invalidationContextClass: AnyClass {
        UICollectionViewFlowLayoutInvalidationContext.self
    }

    public override init() { super.init() }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open override func prepare() {
        super.prepare()
        prepareEngine()
    }

    private func prepareEngine() {
        stale = false
        guard let cv = collectionView else {
            prepared = nil
            return
        }
        var flow = FlowLayout(
            scrollDirection: scrollDirection == .vertical ? .vertical : .horizontal,
            itemSize: effectiveItemSize.geometry, minimumLineSpacing: Double(minimumLineSpacing),
            minimumInteritemSpacing: Double(minimumInteritemSpacing), sectionInset: sectionInset.geometry,
            headerReferenceSize: headerReferenceSize.geometry,
            footerReferenceSize: footerReferenceSize.geometry)
        let delegate = cv.delegate as? UICollectionViewDelegateFlowLayout
        if delegate != nil || !preferredItemSizes.isEmpty {
            // Called synchronously inside `prepare(_:)` below, on this thread.
            let ask = UncheckedSendable((delegate, cv, self, preferredItemSizes, effectiveItemSize.geometry))
            flow.sizeForItem = { indexPath, _ in
                let (d, cv, layout, preferred, estimate) = ask.value
                let path = IndexPath(indexPath)
                if let size = preferred[path] { return size.geometry }
                return d?.collectionView(cv, layout: layout, sizeForItemAt: path).geometry ?? estimate
            }
        }
        if let delegate {
            let ask = UncheckedSendable((delegate, cv, self))
            flow.insetForSection = { section, _ in
                let (d, cv, layout) = ask.value
                return d.collectionView(cv, layout: layout, insetForSectionAt: section).geometry
            }
            flow.spacingForSection = { section, _ in
                let (d, cv, layout) = ask.value
                return (
                    Double(d.collectionView(cv, layout: layout, minimumLineSpacingForSectionAt: section)),
                    Double(d.collectionView(cv, layout: layout, minimumInteritemSpacingForSectionAt: section))
                )
            }
            flow.referenceSizesForSection = { section, _ in
                let (d, cv, layout) = ask.value
                return (
                    d.collectionView(cv, layout: layout, referenceSizeForHeaderInSection: section).geometry,
                    d.collectionView(cv, layout: layout, referenceSizeForFooterInSection: section).geometry
                )
            }
        }
        flow.prepare(cv.layoutState)
        // The engine asks its closures only while it prepares; kept, they would hold this layout
        // and its collection view from the layout itself (a cycle that leaked every cell).
        flow.sizeForItem = nil
        flow.insetForSection = nil
        flow.spacingForSection = nil
        flow.referenceSizesForSection = nil
        prepared = flow
    }

    /// `itemSize`, or `estimatedItemSize` when that is set (self-sizing on iOS).
    private var effectiveItemSize: CGSize {
        estimatedItemSize != .zero && estimatedItemSize != Self.automaticSize ? estimatedItemSize : itemSize
    }

    open override var collectionViewContentSize: CGSize { CGSize(engine?.collectionViewContentSize ?? .zero) }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let engine else { return [] }
        var values = engine.layoutAttributesForElements(in: rect.geometry)
        if sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds {
            // A pinned header belongs to every rect its section reaches, wherever it sits.
            var sections = Set(values.map(\.indexPath.section))
            if let cv = collectionView {
                for s in 0..<cv.numberOfSections where !sections.contains(s) {
                    if let band = sectionBand(s, engine), band.intersects(rect.geometry) {
                        sections.insert(s)
                    }
                }
            }
            values.removeAll { $0.representedElementCategory == .supplementaryView }
            for s in sections.sorted() {
                for kind in [ElementKind.sectionHeader, ElementKind.sectionFooter] {
                    if let a = supplementary(kind, s, engine) { values.append(a) }
                }
            }
        }
        return values.map(object)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        engine?.layoutAttributesForItem(at: FrameGenLayout.IndexPath(indexPath)).map(object)
    }

    open override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    {
        guard let engine, let kind = SupplementaryKind.engine(elementKind) else { return nil }
        return supplementary(kind, FrameGenLayout.IndexPath(indexPath).section, engine).map(object)
    }

    /// On iOS the flow layout re-lays out when the view's size changes, and at every scroll
    /// step while headers or footers are pinned.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        if sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds { return true }
        guard let cv = collectionView else { return true }
        return newBounds.size != cv.bounds.size
    }

    /// The flow layout's items fade in at their final place (iOS's default animation).
    open override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard let a = layoutAttributesForItem(at: itemIndexPath) else { return nil }
        a.alpha = 0
        return a
    }

    /// The flow layout's items fade out where they were before the update.
    open override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard let before = disappearing else { return nil }
        let a = object(before)
        a.alpha = 0
        return a
    }

    /// The item's attributes just before the update, while framegen asks for its final ones.
    package var disappearing: LayoutAttributes?

    /// A header or footer, pinned to the visible bounds when asked to be, within its section.
    private func supplementary(_ kind: String, _ section: Int, _ engine: FlowLayout) -> LayoutAttributes? {
        guard
            var a = engine.layoutAttributesForSupplementaryView(
                ofKind: kind, at: FrameGenLayout.IndexPath(section: section, item: 0))
        else { return nil }
        let pin =
            kind == ElementKind.sectionHeader
            ? sectionHeadersPinToVisibleBounds : sectionFootersPinToVisibleBounds
        guard pin, let cv = collectionView, let band = sectionBand(section, engine) else { return a }
        let vertical = scrollDirection == .vertical
        let inset = cv.adjustedContentInset
        var frame = a.frame
        if vertical {
            let top = Double(cv.contentOffset.y + inset.top)
            let bottom = Double(cv.contentOffset.y + cv.bounds.height - inset.bottom)
            frame.origin.y =
                kind == ElementKind.sectionHeader
                ? Swift.min(Swift.max(frame.minY, top), band.maxY - frame.height)
                : Swift.max(Swift.min(frame.minY, bottom - frame.height), band.minY)
        } else {
            let left = Double(cv.contentOffset.x + inset.left)
            let right = Double(cv.contentOffset.x + cv.bounds.width - inset.right)
            frame.origin.x =
                kind == ElementKind.sectionHeader
                ? Swift.min(Swift.max(frame.minX, left), band.maxX - frame.width)
                : Swift.max(Swift.min(frame.minX, right - frame.width), band.minX)
        }
        a.frame = frame
        // Pinned views float above the items, as on iOS.
        a.zIndex = 1024
        return a
    }

    /// The part of the content a section spans: its header through its footer.
    private func sectionBand(_ section: Int, _ engine: FlowLayout) -> Rect? {
        let p = FrameGenLayout.IndexPath(section: section, item: 0)
        var parts: [Rect] = []
        if let h = engine.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionHeader, at: p) {
            parts.append(h.frame)
        }
        if let f = engine.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionFooter, at: p) {
            parts.append(f.frame)
        }
        let count = collectionView?.data.numberOfItems(inSection: section) ?? 0
        for i in [0, count - 1] where i >= 0 {
            if let a = engine.layoutAttributesForItem(at: FrameGenLayout.IndexPath(section: section, item: i))
            {
                parts.append(a.frame)
            }
        }
        guard var band = parts.first else { return nil }
        for r in parts.dropFirst() { band = band.union(r) }
        return band
    }

    /// An attributes object of the layout's class for one of the engine's values, with UIKit's
    /// element kinds.
    private func object(_ value: LayoutAttributes) -> UICollectionViewLayoutAttributes {
        var value = value
        value.representedElementKind = value.representedElementKind.map(SupplementaryKind.uikit)
        return makeAttributes(value)
    }
}

/// UICollectionViewDelegateFlowLayout. The members iOS marks optional answer, by default, what
/// the layout's properties say (the flow layout's own fallback on iOS).
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        insetForSectionAt section: Int
    ) -> UIEdgeInsets
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    private func flow(_ layout: UICollectionViewLayout) -> UICollectionViewFlowLayout? {
        layout as? UICollectionViewFlowLayout
    }

    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize { flow(collectionViewLayout)?.itemSize ?? .zero }

    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        insetForSectionAt section: Int
    ) -> UIEdgeInsets { flow(collectionViewLayout)?.sectionInset ?? .zero }

    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat { flow(collectionViewLayout)?.minimumLineSpacing ?? 0 }

    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat { flow(collectionViewLayout)?.minimumInteritemSpacing ?? 0 }

    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize { flow(collectionViewLayout)?.headerReferenceSize ?? .zero }

    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize { flow(collectionViewLayout)?.footerReferenceSize ?? .zero }
}

/// The flow layout's supplementary kinds: UIKit's names in a user's layout, framegen's (`header`,
/// `footer`, which scene styles name) in the engine and in attribute files.
package enum SupplementaryKind {
    package static func engine(_ uikit: String) -> String? {
        switch uikit {
        case UICollectionView.elementKindSectionHeader: return ElementKind.sectionHeader
        case UICollectionView.elementKindSectionFooter: return ElementKind.sectionFooter
        default: return nil
        }
    }

    package static func uikit(_ engine: String) -> String {
        switch engine {
        case ElementKind.sectionHeader: return UICollectionView.elementKindSectionHeader
        case ElementKind.sectionFooter: return UICollectionView.elementKindSectionFooter
        default: return engine
        }
    }
}

extension UICollectionViewFlowLayout: SelfSizingPolicy {
    package var takesPreferredAttributes: Bool { selfSizes }
    package var measuresItemsScrolledPast: Bool { selfSizes }
    package var axisFixedWhenSelfSizing: NSLayoutConstraint.Axis? {
        scrollDirection == .vertical ? .horizontal : .vertical
    }
}
