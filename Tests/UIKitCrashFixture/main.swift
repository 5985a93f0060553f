import FrameGenCommandLine
import UIKit

/// A layout with a bug on iOS too: it indexes past its cache once the view has scrolled.
final class OffByOneLayout: UICollectionViewLayout {
    private var cache: [UICollectionViewLayoutAttributes] = []

    override func prepare() {
        let cv = collectionView!
        cache = (0..<cv.numberOfItems(inSection: 0)).map { item in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(x: 0, y: CGFloat(item) * 50, width: 40, height: 40)
            return a
        }
        if cv.contentOffset.y > 0 { _ = cache[cache.count] }
    }

    override var collectionViewContentSize: CGSize { CGSize(width: 40, height: CGFloat(cache.count) * 50) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }
}

// framegen's command line with a layout that crashes (FrameGenUIKitTests' crash test); with
// FIXTURE_CLASH set, under a built-in layout's name as well.
var layouts: [String: UIKitLayout.Factory] = ["off-by-one": { _ in OffByOneLayout() }]
if ProcessInfo.processInfo.environment["FIXTURE_CLASH"] != nil { layouts["flow"] = { _ in OffByOneLayout() } }
FrameGenCommandLine.main(layouts: layouts)
