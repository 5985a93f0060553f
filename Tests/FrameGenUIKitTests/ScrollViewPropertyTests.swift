import Foundation
import TestTiers
import Testing

import struct Foundation.IndexPath

@testable import FrameGenCoreGraphics
@testable import FrameGenGeometry
@testable import FrameGenLayout
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitHost

/// The scroll view and collection view settings an app's collection view code sets, with
/// UIKit's defaults (Apple's documentation), kept; the ones that would change a frame warn.
@Suite struct ScrollViewPropertyTests {
    @Test func scrollViewSettingsHaveUIKitsDefaults() {
        let view = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        expect(view.bounces && view.bouncesZoom && view.scrollsToTop)
        expect(!view.alwaysBounceVertical && !view.alwaysBounceHorizontal)
        expect(!view.isPagingEnabled && view.isScrollEnabled)
        expect(view.decelerationRate == .normal)
        expect(UIScrollView.DecelerationRate.normal.rawValue == 0.998)
        expect(UIScrollView.DecelerationRate.fast.rawValue == 0.99)
        expect(view.showsVerticalScrollIndicator && view.showsHorizontalScrollIndicator)
        expect(view.contentInsetAdjustmentBehavior == .automatic)
        expect(view.indicatorStyle == .default && view.keyboardDismissMode == .none)
        expect(view.refreshControl == nil)
        view.scrollIndicatorInsets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        expect(view.verticalScrollIndicatorInsets == view.horizontalScrollIndicatorInsets)
        expect(view.horizontalScrollIndicatorInsets.right == 4)
        let refresh = UIRefreshControl()
        view.refreshControl = refresh
        expect(!refresh.isRefreshing)
        refresh.beginRefreshing()
        expect(refresh.isRefreshing)
        refresh.endRefreshing()
        expect(!refresh.isRefreshing)
        // Kept, not a subview: nothing of it is drawn.
        expect(view.subviews.isEmpty)
    }

    /// Typical drag-and-drop reordering code compiles and is kept; no drag happens.
    @Test func dragAndDropDelegatesAreKept() {
        final class Reorderer: UICollectionViewDragDelegate, UICollectionViewDropDelegate {
            var items = ["a", "b", "c"]
            var asked = 0
            func collectionView(
                _ collectionView: UICollectionView, itemsForBeginning session: UIDragSession,
                at indexPath: IndexPath
            ) -> [UIDragItem] {
                asked += 1
                let item = items[indexPath.item]
                let dragItem = UIDragItem(itemProvider: NSItemProvider(object: item as NSString))
                dragItem.localObject = item
                return [dragItem]
            }
            func collectionView(
                _ collectionView: UICollectionView, dropSessionDidUpdate session: UIDropSession,
                withDestinationIndexPath destinationIndexPath: IndexPath?
            ) -> UICollectionViewDropProposal {
                collectionView.hasActiveDrag
                    ? UICollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
                    : UICollectionViewDropProposal(operation: .forbidden)
            }
            func collectionView(
                _ collectionView: UICollectionView,
                performDropWith coordinator: UICollectionViewDropCoordinator
            ) {
                guard let destination = coordinator.destinationIndexPath else { return }
                for item in coordinator.items where item.sourceIndexPath != nil {
                    coordinator.drop(item.dragItem, toItemAt: destination)
                }
            }
        }
        let view = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 100, height: 100),
            collectionViewLayout: UICollectionViewFlowLayout())
        expect(!view.dragInteractionEnabled)
        expect(view.reorderingCadence == .immediate)
        let reorderer = Reorderer()
        view.dragDelegate = reorderer
        view.dropDelegate = reorderer
        view.dragInteractionEnabled = true
        view.reorderingCadence = .slow
        view.layoutIfNeeded()
        expect(view.dragDelegate === reorderer && view.dropDelegate === reorderer)
        expect(!view.hasActiveDrag && !view.hasActiveDrop)
        expect(reorderer.asked == 0)
        expect(
            NSItemProvider(object: "x" as NSString).registeredTypeIdentifiers == ["public.utf8-plain-text"])
        expect(UIDropOperation.move.rawValue == 3)
        expect(UICollectionViewDropIntent.insertIntoDestinationIndexPath.rawValue == 2)
    }

    /// `bounces = false` and a refreshing control would change frames on iOS: each is said once.
    @Test func unfollowedSettingsAreWarnedOnce() {
        final class Plain: UICollectionViewLayout {
            override var collectionViewContentSize: CGSize { CGSize(width: 1000, height: 200) }
            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]?
            {
                []
            }
        }
        let lines = UncheckedBox<[String]>([])
        let warnings = LayoutWarnings({ lines.value.append($0) })
        var layout = UIKitLayout(name: "stiff", warnings: warnings) { view in
            view.bounces = false
            view.refreshControl = UIRefreshControl()
            view.refreshControl?.beginRefreshing()
            return Plain()
        }
        let state = CollectionViewState(
            size: Size(width: 300, height: 200), dataSource: CollectionViewDataSource(itemCounts: [3]))
        layout.prepare(state)
        for _ in 0..<3 {
            _ = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 300, height: 200))
            _ = layout.publishedState
        }
        expect(lines.value.count == 2, "\(lines.value)")
        expect(lines.value.contains { $0.contains("\"stiff\"") && $0.contains("bounces = false") })
        expect(lines.value.contains { $0.contains("beginRefreshing()") })
    }
}
