import Geometry
import Testing

import struct Layout.CollectionViewDataSource
import struct Layout.CollectionViewState
import struct Layout.LayoutAttributes

@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitHost

// What a user's layout returns is bounded and checked as UIKit checks it (docs/uikit.md "Bad
// input"): each test's layout returns what real bugs return, and the test fails if the check
// is taken away.

/// A layout whose one answer is whatever the test gives it, and whose content size too.
final class AnsweringLayout: UICollectionViewLayout {
    var answer: () -> [UICollectionViewLayoutAttributes] = { [] }
    var size = CGSize(width: 100, height: 100)

    override var collectionViewContentSize: CGSize { size }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        answer()
    }
}

func cell(_ item: Int, section: Int = 0, x: CGFloat = 0) -> UICollectionViewLayoutAttributes {
    let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
    a.frame = CGRect(x: x, y: 0, width: 10, height: 10)
    return a
}

func header(_ section: Int, y: CGFloat = 0) -> UICollectionViewLayoutAttributes {
    let a = UICollectionViewLayoutAttributes(
        forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
        with: IndexPath(item: 0, section: section))
    a.frame = CGRect(x: 0, y: y, width: 100, height: 20)
    return a
}

/// Dequeuing an identifier nothing registered is UIKit's exception, with UIKit's message.
@Test func dequeuingWhatNothingRegisteredIsUIKitsException() {
    let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: UICollectionViewLayout())
    var raised: [String] = []
    view.raise = { raised.append($0) }
    _ = view.dequeueReusableCell(withReuseIdentifier: "Cell", for: IndexPath(item: 0, section: 0))
    _ = view.dequeueReusableSupplementaryView(
        ofKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "header",
        for: IndexPath(item: 0, section: 0))
    #expect(
        raised == [
            "could not dequeue a view of kind: UICollectionElementKindCell with identifier Cell - must register a nib or a class for the identifier or connect a prototype cell in a storyboard",
            "could not dequeue a view of kind: UICollectionElementKindSectionHeader with identifier header - must register a nib or a class for the identifier or connect a prototype cell in a storyboard",
        ])
    // Registered, they are no exception.
    raised = []
    view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
    view.register(
        UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
        withReuseIdentifier: "header")
    _ = view.dequeueReusableCell(withReuseIdentifier: "Cell", for: IndexPath(item: 0, section: 0))
    _ = view.dequeueReusableSupplementaryView(
        ofKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "header",
        for: IndexPath(item: 0, section: 0))
    #expect(raised.isEmpty)
}

/// The collection view needs the layout's attributes for an item that exists (UIKit asks its
/// data, which requires them): nil is UIKit's exception; for an item that does not exist, nil
/// is the answer.
@Test func noAttributesForAnItemTheViewNeedsIsUIKitsException() {
    let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: AnsweringLayout())
    view.data = CollectionViewDataSource(itemCounts: [2])
    var raised: [String] = []
    view.raise = { raised.append($0) }
    #expect(view.layoutAttributesForItem(at: IndexPath(item: 5, section: 0)) == nil)
    #expect(raised.isEmpty)
    view.scrollToItem(at: IndexPath(item: 1, section: 0), at: .top, animated: false)
    #expect(
        raised == [
            "no UICollectionViewLayoutAttributes instance for -layoutAttributesForItemAtIndexPath: <NSIndexPath> {length = 2, path = 0 - 1}"
        ])
}
