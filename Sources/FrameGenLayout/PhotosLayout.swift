import FrameGenGeometry

/// The iOS 6 by Tutorials SimpleFlowLayout (docs/design/layouts.md §6.1): a flow layout whose inserted
/// items start at the visible rect's centre, transparent and scaled by `appearScale`, and whose
/// deleted items end there, transparent and scaled by `disappearScale`. Other appearing and
/// disappearing items keep the engine's defaults (the book's intent, as the Perry copy has it).
///
/// Quirk: the original returns freshly made attributes, whose size is zero, so the items grow
/// from (and shrink to) a point at the centre. `zeroSizeQuirk: false` keeps the item's size.
public struct PhotosLayout: CollectionViewLayout {
    public var flow: FlowLayout
    public var appearScale: Double
    public var disappearScale: Double
    public var zeroSizeQuirk: Bool

    private(set) var insertedIndexPaths: Set<IndexPath> = []
    private(set) var deletedIndexPaths: Set<IndexPath> = []
    private var visibleRect: Rect = .zero

    public init(
        flow: FlowLayout = FlowLayout(), appearScale: Double = 0.6, disappearScale: Double = 1.3,
        zeroSizeQuirk: Bool = true
    ) {
        self.flow = flow
        self.appearScale = appearScale
        self.disappearScale = disappearScale
        self.zeroSizeQuirk = zeroSizeQuirk
    }

    public mutating func prepare(_ collectionView: CollectionViewState) {
        visibleRect = collectionView.bounds
        flow.prepare(collectionView)
    }

    public var collectionViewContentSize: Size { flow.collectionViewContentSize }

    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        flow.layoutAttributesForElements(in: rect)
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        flow.layoutAttributesForItem(at: indexPath)
    }

    public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        flow.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        flow.shouldInvalidateLayout(forBoundsChange: newBounds)
    }

    public mutating func invalidateLayout() { flow.invalidateLayout() }

    public mutating func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) {
        for u in updateItems {
            switch u.updateAction {
            case .insert: if let p = u.indexPathAfterUpdate { insertedIndexPaths.insert(p) }
            case .delete: if let p = u.indexPathBeforeUpdate { deletedIndexPaths.insert(p) }
            case .move, .reload: break
            }
        }
    }

    public mutating func finalizeCollectionViewUpdates() {
        insertedIndexPaths = []
        deletedIndexPaths = []
    }

    private func centred(_ base: LayoutAttributes, scale: Double) -> LayoutAttributes {
        var a = base
        if zeroSizeQuirk { a.size = .zero }
        a.center = visibleRect.center
        a.alpha = 0
        a.transform3D = .makeScale(scale, scale, 1)
        return a
    }

    public func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> LayoutAttributes? {
        guard insertedIndexPaths.contains(itemIndexPath) else { return nil }
        let base = flow.layoutAttributesForItem(at: itemIndexPath) ?? .cell(itemIndexPath)
        return centred(base, scale: appearScale)
    }

    public func finalLayoutAttributesForDisappearingItem(
        at itemIndexPath: IndexPath, current: LayoutAttributes
    ) -> LayoutAttributes? {
        guard deletedIndexPaths.contains(itemIndexPath) else { return nil }
        return centred(current, scale: disappearScale)
    }
}

extension PhotosLayout {
    public static let parameters: [LayoutParameter] =
        FlowLayout.parameters + [
            LayoutParameter(
                name: "appearScale", defaultValue: .number(0.6), summary: "scale an inserted item grows from"),
            LayoutParameter(
                name: "disappearScale", defaultValue: .number(1.3), summary: "scale a deleted item grows to"),
            LayoutParameter(
                name: "zeroSizeQuirk", defaultValue: .bool(true),
                summary:
                    "inserted and deleted items grow from / shrink to zero size, as the original's fresh attributes do; false keeps their size"
            ),
        ]

    public init(parameters values: [String: CustomValue]) throws(LayoutParameterError) {
        let r = LayoutParameterReader(values)
        self.init(
            flow: try FlowLayout(parameters: values),
            appearScale: try r.number("appearScale", default: 0.6, minimum: 0),
            disappearScale: try r.number("disappearScale", default: 1.3, minimum: 0),
            zeroSizeQuirk: try r.bool("zeroSizeQuirk", default: true))
    }

    public static let descriptor = LayoutDescriptor(
        type: "photos",
        summary:
            "SimpleFlowLayout: a flow grid whose inserted items grow from the centre and deleted items fly to it",
        parameters: parameters,
        make: { values throws(LayoutParameterError) in try PhotosLayout(parameters: values) })
}
