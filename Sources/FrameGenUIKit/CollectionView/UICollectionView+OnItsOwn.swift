import Foundation
import FrameGenLayout

extension UICollectionView {
    /// framegen's: a layout pass and a display pass for a collection view no scene drives (one a
    /// test draws on its own, `UIGraphicsImageRenderer` and `CALayer.render(in:)`), so that its
    /// cells are subviews where the layout puts them, as UIKit has them after a layout pass.
    /// The counts are the program's data source's, as on iOS; without one there are no items.
    package func displayOnItsOwn() {
        guard let source = programDataSource else { return }
        let sections = max(0, source.numberOfSections(in: self))
        data = CollectionViewDataSource(
            itemCounts: (0..<sections).map { max(0, source.collectionView(self, numberOfItemsInSection: $0)) }
        )
        let layout = collectionViewLayout
        // The flow layout and most of one's own re-lay out for a new size (UIKit asks the layout
        // before it changes the bounds; framegen learns of the change only now).
        if let last = sizeAtLastPrepare, last != bounds.size { layout.invalidateLayout() }
        sizeAtLastPrepare = bounds.size
        if layout.needsPrepare {
            layout.needsPrepare = false
            layout.prepare()
        }
        contentSize = layout.collectionViewContentSize
        showListBackground()
        followAdjustedContentInset()
        let shown = (layout.layoutAttributesForElements(in: bounds) ?? [])
            .filter { !$0.isHidden && $0.frame.intersects(bounds) }
            .compactMap { $0.copy() as? UICollectionViewLayoutAttributes }
        cells.display(shown, in: self)
    }

    /// The layout lays out again for a new adjusted inset (once: the content's size it reads
    /// for scrollability is the one just laid out), after the view has followed it.
    private func followAdjustedContentInset() {
        guard followAdjustedInset() else { return }
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
        let layout = collectionViewLayout
        layout.invalidateLayout()
        layout.needsPrepare = false
        layout.prepare()
        contentSize = layout.collectionViewContentSize
        adjustedInsetSeen = adjustedContentInset
    }
}
