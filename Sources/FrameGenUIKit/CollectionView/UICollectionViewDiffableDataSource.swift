import Foundation

/// UICollectionViewDiffableDataSource: the app's cells from a cell provider, for the items of the
/// snapshot it applied. framegen's data is the scene's (`content:`), as for any data source
/// (docs/uikit.md "Diffable data sources"): the provider is asked for the scene's index paths
/// with the snapshot's item at each; an index path past the snapshot's items gets a plain cell,
/// drawn with the scene's styles, and the first such mismatch is reported once.
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>:
    NSObject, UICollectionViewDataSource
{
    public typealias CellProvider = (
        _ collectionView: UICollectionView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifierType
    ) -> UICollectionViewCell?
    public typealias SupplementaryViewProvider = (
        _ collectionView: UICollectionView, _ elementKind: String, _ indexPath: IndexPath
    ) -> UICollectionReusableView?

    private let cellProvider: CellProvider
    open var supplementaryViewProvider: SupplementaryViewProvider?
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    private weak var collectionView: UICollectionView?
    private var reportedMismatch = false

    /// Becomes the collection view's data source, as on iOS.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.cellProvider = cellProvider
        self.collectionView = collectionView
        super.init()
        collectionView.dataSource = self
    }

    /// Keeps the snapshot; the views shown are asked for again at the next layout pass (the
    /// scene's items do not change, so there is no difference to animate).
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
        current = snapshot
        reportedMismatch = false
        if let collectionView {
            collectionView.reloadSections(IndexSet(0..<collectionView.numberOfSections))
        }
        completion?()
    }

    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        completion: (() -> Void)? = nil
    ) {
        apply(snapshot, animatingDifferences: false, completion: completion)
    }

    /// A copy of the snapshot last applied.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        current
    }

    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }

    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        current.indexPath(of: itemIdentifier)
    }

    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }

    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        current.indexOfSection(sectionIdentifier)
    }

    // MARK: UICollectionViewDataSource

    open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        current.itemCounts.indices.contains(section) ? current.itemCounts[section] : 0
    }

    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        reportMismatch(in: collectionView)
        guard let item = current.item(at: indexPath) else { return collectionView.sceneCell(at: indexPath) }
        guard let cell = cellProvider(collectionView, indexPath, item) else {
            fatalError(
                "UICollectionViewDiffableDataSource: the cell provider returned nil for the item at \(indexPath); it must return a cell"
            )
        }
        return cell
    }

    open func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> UICollectionReusableView {
        guard let supplementaryViewProvider else {
            return collectionView.sceneSupplementaryView(ofKind: kind, at: indexPath)
        }
        guard let view = supplementaryViewProvider(collectionView, kind, indexPath) else {
            fatalError(
                "UICollectionViewDiffableDataSource: the supplementary view provider returned nil for the \(kind) at \(indexPath); it must return a view"
            )
        }
        return view
    }

    /// Once per snapshot: its counts differ from the scene's.
    private func reportMismatch(in collectionView: UICollectionView) {
        guard !reportedMismatch else { return }
        reportedMismatch = true
        let scene = (0..<collectionView.numberOfSections).map { collectionView.numberOfItems(inSection: $0) }
        guard scene != current.itemCounts else { return }
        collectionView.report(
            "applied a snapshot of \(current.itemCounts) items per section where the scene has \(scene); framegen draws the scene's items (content:), with plain cells past the snapshot's"
        )
    }
}
