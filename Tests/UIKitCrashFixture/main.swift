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

    // Prepared again at every scroll step, where the off-by-one read is.
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
}

/// A layout whose second item has a NaN centre (a division by zero in real code).
final class NaNLayout: UICollectionViewLayout {
    override var collectionViewContentSize: CGSize { collectionView!.bounds.size }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<2).map { item in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            if item == 1 { a.center = CGPoint(x: CGFloat.nan, y: 10) }
            return a
        }
    }
}

/// A cell whose apply(_:) force-casts the attributes to a subclass the layout does not use.
final class StarCell: UICollectionViewCell {
    final class StarAttributes: UICollectionViewLayoutAttributes { var points = 5 }
    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        backgroundColor = (layoutAttributes as! StarAttributes).points > 4 ? .yellow : .red
    }
}

/// A cell whose badge's draw(_:) reads past the end of its slices.
final class PieCell: UICollectionViewCell {
    final class Pie: UIView {
        let slices: [CGFloat] = [0.25, 0.5]
        override func draw(_ rect: CGRect) {
            UIColor.red.setFill()
            UIBezierPath(ovalIn: rect.insetBy(dx: rect.width * slices[2], dy: 0)).fill()
        }
    }
    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.addSubview(Pie(frame: CGRect(x: 0, y: 0, width: 20, height: 20)))
    }
    required init?(coder: NSCoder) { nil }
}

/// A collection view of the program's that reads past its list of insets once it has a size.
final class InsetListCollectionView: UICollectionView {
    let insets: [CGFloat] = []

    override init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        super.init(frame: frame, collectionViewLayout: layout)
        if frame.width > 0 { contentInset.top = insets[0] }
    }

    required init?(coder: NSCoder) { nil }
}

/// A column of 40 x 40 items.
final class ColumnLayout: UICollectionViewLayout {
    override var collectionViewContentSize: CGSize { CGSize(width: 40, height: 500) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<collectionView!.numberOfItems(inSection: 0)).map { item in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(x: 0, y: CGFloat(item) * 50, width: 40, height: 40)
            return a
        }
    }
}

/// A column whose prepare() never returns once the view has scrolled half way (a loop waiting
/// for a condition that never comes), so that the frames before are drawn.
final class HangingLayout: UICollectionViewLayout {
    override func prepare() {
        var spins = 0
        while (100..<200).contains(collectionView!.contentOffset.y) { spins &+= 1 }
    }

    override var collectionViewContentSize: CGSize { CGSize(width: 40, height: 500) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        [UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))]
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
}

/// A layout whose height function calls itself without end once the view has scrolled.
final class RecursingLayout: UICollectionViewLayout {
    func height(_ n: Int) -> CGFloat {
        (100..<200).contains(collectionView!.contentOffset.y) ? height(n + 1) + 1 : 40
    }

    override func prepare() { _ = height(0) }

    override var collectionViewContentSize: CGSize { CGSize(width: 40, height: 500) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        [UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))]
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
}

/// A layout that keeps 256 MB more at every prepare() once the view has scrolled a third of
/// the way (a cache that never lets go), so that the frames before are drawn.
final class HoardingLayout: UICollectionViewLayout {
    nonisolated(unsafe) static var hoard: [[UInt8]] = []

    override func prepare() {
        guard (100..<200).contains(collectionView!.contentOffset.y) else { return }
        Self.hoard.append([UInt8](repeating: 1, count: 256 << 20))
    }

    override var collectionViewContentSize: CGSize { CGSize(width: 40, height: 5000) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        [UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))]
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
}

/// A layout that returns every element it could ever have, whatever the rect: a million.
final class MillionLayout: UICollectionViewLayout {
    override var collectionViewContentSize: CGSize { CGSize(width: 40, height: 500) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<1_000_000).map { item in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(x: 0, y: CGFloat(item) * 50, width: 40, height: 40)
            return a
        }
    }
}

/// A column whose cache keeps one item more than the data has (deleted from the data, not from
/// the layout): UIKit ignores the extra attributes with a log since iOS 13.
final class StaleColumnLayout: UICollectionViewLayout {
    override var collectionViewContentSize: CGSize { CGSize(width: 40, height: 500) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0...collectionView!.numberOfItems(inSection: 0)).map { item in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(x: 0, y: CGFloat(item) * 50, width: 40, height: 40)
            return a
        }
    }
}

/// A data source that dequeues a reuse identifier nobody registered (the storyboard's
/// prototype cell was renamed).
final class UnregisteredDataSource: UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
    }
}

// framegen's command line with a layout that crashes (FrameGenUIKitTests' crash test); with
// FIXTURE_CLASH set, under a built-in layout's name as well; with FIXTURE_STRAY_VIEW set, a
// collection view for a layout it does not register.
var layouts: [String: UIKitLayout.Factory] = [
    "off-by-one": { _ in OffByOneLayout() }, "nan": { _ in NaNLayout() }, "column": { _ in ColumnLayout() },
    "inset-list": { _ in ColumnLayout() }, "hang": { _ in HangingLayout() },
    "recurse": { _ in RecursingLayout() }, "hoard": { _ in HoardingLayout() },
    "million": { _ in MillionLayout() },
    "stale": { _ in StaleColumnLayout() },
    "unregistered": { collectionView in
        collectionView.dataSource = UnregisteredDataSource()
        return ColumnLayout()
    },
]
if ProcessInfo.processInfo.environment["FIXTURE_CLASH"] != nil { layouts["flow"] = { _ in OffByOneLayout() } }
var collectionViews: [String: UIKitLayout.CollectionViewFactory] = [
    "inset-list": { InsetListCollectionView(frame: $0, collectionViewLayout: $1) }
]
if ProcessInfo.processInfo.environment["FIXTURE_STRAY_VIEW"] != nil {
    collectionViews["colum"] = { UICollectionView(frame: $0, collectionViewLayout: $1) }
}
FrameGenCommandLine.main(
    layouts: layouts, cells: ["star": { StarCell(frame: $0) }, "pie": { PieCell(frame: $0) }],
    collectionViews: collectionViews)
