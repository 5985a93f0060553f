import FrameGenGeometry
import TestTiers
import Testing

import struct FrameGenLayout.CollectionViewDataSource
import protocol FrameGenLayout.CollectionViewLayout
import struct FrameGenLayout.CollectionViewState
import struct FrameGenLayout.FlowLayout
import struct FrameGenLayout.LayoutAttributes

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

/// A layout written as one writes it for iOS: a horizontal strip whose items shrink and turn
/// away from the centre, with an attributes subclass carrying the distance from the centre.
final class StripAttributes: UICollectionViewLayoutAttributes {
    var distance: CGFloat = 0

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! StripAttributes
        copy.distance = distance
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? StripAttributes else { return false }
        return other.distance == distance && super.isEqual(object)
    }
}

final class StripLayout: UICollectionViewLayout {
    var itemSize = CGSize(width: 100, height: 140)
    var calls: [String] = []
    private var cache: [UICollectionViewLayoutAttributes] = []

    override class var layoutAttributesClass: AnyClass { StripAttributes.self }

    override func prepare() {
        super.prepare()
        calls.append("prepare \(collectionView!.contentOffset.x)")
        cache = []
        let cv = collectionView!
        let centre = cv.contentOffset.x + cv.bounds.width / 2
        for item in 0..<cv.numberOfItems(inSection: 0) {
            let a = StripAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.size = itemSize
            a.center = CGPoint(x: itemSize.width * (CGFloat(item) + 0.5), y: cv.bounds.height / 2)
            a.distance = (a.center.x - centre) / itemSize.width
            var t = CATransform3DIdentity
            t.m34 = -1 / 500
            a.transform3D = CATransform3DRotate(t, a.distance * .pi / 8, 0, 1, 0)
            a.zIndex = -Int(abs(a.distance) * 10)
            cache.append(a)
        }
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: itemSize.width * CGFloat(cache.count), height: collectionView!.bounds.height)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }.map { $0.copy() as! UICollectionViewLayoutAttributes }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.indices.contains(indexPath.item) ? cache[indexPath.item] : nil
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        calls.append("should \(newBounds.origin.x) while \(collectionView!.bounds.origin.x)")
        return true
    }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        calls.append("invalidate")
        super.invalidateLayout(with: context)
    }

    override func prepare(forAnimatedBoundsChange oldBounds: CGRect) {
        calls.append("animated from \(oldBounds.size.width)")
    }

    override func finalizeAnimatedBoundsChange() { calls.append("finalize") }

    override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        // Snap to whole items, a little further in the direction of a fast fling.
        let page = (proposedContentOffset.x / itemSize.width + velocity.x).rounded()
        return CGPoint(x: page * itemSize.width, y: proposedContentOffset.y)
    }
}

private func state(x: Double, items: Int = 8, width: Double = 300) -> CollectionViewState {
    CollectionViewState(
        size: Size(width: width, height: 200), contentOffset: Point(x: x, y: 0),
        dataSource: CollectionViewDataSource(itemCounts: [items]))
}

@Test func aUIKitLayoutIsDrivenInUIKitsOrder() throws {
    let made = UncheckedBox<StripLayout?>(nil)
    var layout = UIKitLayout(name: "strip") { _ in
        let l = StripLayout()
        made.value = l
        return l
    }
    layout.prepare(state(x: 0))
    layout.prepare(state(x: 50))
    let strip = try #require(made.value)
    // Installed and loaded: invalidated with a context, as reloadData does, then prepared. A
    // scroll: the layout is asked while the view still has its old bounds, as on iOS.
    expect(
        strip.calls == ["invalidate", "prepare 0.0", "should 50.0 while 0.0", "invalidate", "prepare 50.0"])
    // A rotation: a new size is an animated bounds change.
    layout.prepare(state(x: 50, width: 500))
    expect(
        strip.calls.suffix(5) == [
            "should 50.0 while 50.0", "invalidate", "prepare 50.0", "animated from 300.0", "finalize",
        ])
    layout.prepare(state(x: 50))
    expect(layout.collectionViewContentSize == Size(width: 800, height: 200))
    let all = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 800, height: 200))
    expect(all.count == 8)
    // Item 1's centre is at 150, the view's centre at 50 + 150 = 200: half an item to the left,
    // turned by -π/16 about y, with the perspective the layout set.
    let one = try #require(all.first { $0.indexPath.item == 1 })
    expect(one.center == Point(x: 150, y: 100))
    expect(one.size == Size(width: 100, height: 140))
    var expected = Transform3D.identity
    expected.m34 = -1.0 / 500
    expected = expected.rotated(-0.5 * .pi / 8, 0, 1, 0)
    expect(abs(one.transform3D.m11 - expected.m11) < 1e-12)
    expect(abs(one.transform3D.m13 - expected.m13) < 1e-12)
    expect(abs(one.transform3D.m34 - expected.m34) < 1e-12)
    expect(one.zIndex == -5)
}

@Test func velocityReachesTheLayoutInPointsPerMillisecond() {
    var layout = UIKitLayout(name: "strip") { _ in StripLayout() }
    layout.prepare(state(x: 0))
    // 1000 points per second is 1 point per millisecond: one item further.
    let target = layout.targetContentOffset(
        forProposedContentOffset: Point(x: 240, y: 0), withScrollingVelocity: Point(x: 1000, y: 0))
    expect(target == Point(x: 300, y: 0))
}

@Test func copiesAreIndependentAndReplayTheirHistory() {
    var a = UIKitLayout(name: "strip") { _ in StripLayout() }
    a.prepare(state(x: 0))
    let before = a.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 800, height: 200))
    var b = a
    b.prepare(state(x: 200))
    // a still answers for offset 0; b equals a layout prepared at 0 and scrolled to 200.
    expect(a.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 800, height: 200)) == before)
    var fresh = UIKitLayout(name: "strip") { _ in StripLayout() }
    fresh.prepare(state(x: 0))
    fresh.prepare(state(x: 200))
    let r = Rect(x: 0, y: 0, width: 800, height: 200)
    expect(b.layoutAttributesForElements(in: r) == fresh.layoutAttributesForElements(in: r))
    expect(b.layoutAttributesForElements(in: r) != before)
}

@Test func attributesSubclassesKeepTheirFieldsThroughCopies() throws {
    let a = StripAttributes(forCellWith: IndexPath(item: 2, section: 0))
    a.distance = 1.5
    a.alpha = 2
    let copy = try #require(a.copy() as? StripAttributes)
    expect(copy.distance == 1.5)
    expect(copy.alpha == 1)
    expect(copy.isEqual(a))
    expect(copy !== a)
    expect(copy.representedElementCategory == .cell)
    expect(copy.indexPath == IndexPath(item: 2, section: 0))
}

/// A flow layout subclass as iOS code writes them: properties in init, super's attributes
/// adjusted.
final class FadingFlow: UICollectionViewFlowLayout {
    override init() {
        super.init()
        itemSize = CGSize(width: 90, height: 60)
        minimumLineSpacing = 12
        sectionInset = UIEdgeInsets(top: 8, left: 10, bottom: 8, right: 10)
        headerReferenceSize = CGSize(width: 0, height: 30)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

@Test func theFlowLayoutEqualsTheBuiltInFlow() {
    var sections = CollectionViewDataSource(itemCounts: [7, 3, 11], titles: ["A", "B", "C"])
    sections.sections[1].title = nil
    let view = CollectionViewState(
        size: Size(width: 320, height: 480), contentOffset: Point(x: 0, y: 40), scale: 3, dataSource: sections
    )
    var builtIn = FlowLayout(
        itemSize: Size(width: 90, height: 60), minimumLineSpacing: 12,
        sectionInset: EdgeInsets(top: 8, left: 10, bottom: 8, right: 10),
        headerReferenceSize: Size(width: 0, height: 30))
    builtIn.prepare(view)
    var uikit = UIKitLayout(name: "fading") { _ in FadingFlow() }
    uikit.prepare(view)
    let r = Rect(x: 0, y: 0, width: 320, height: 2000)
    expect(uikit.collectionViewContentSize == builtIn.collectionViewContentSize)
    expect(uikit.layoutAttributesForElements(in: r) == builtIn.layoutAttributesForElements(in: r))
}

@Test func sceneFlowKeysSetAFlowLayoutsProperties() throws {
    let descriptor = UIKitLayout.descriptor(type: "fading") { _ in FadingFlow() }
    expect(descriptor.parameters.map(\.name).contains("itemSize"))
    var layout = try descriptor.make([
        "itemSize": .numbers([40, 40]), "scrollDirection": .string("horizontal"),
    ])
    let view = state(x: 0, items: 5)
    layout.prepare(view)
    var builtIn = FlowLayout(
        scrollDirection: .horizontal, itemSize: Size(width: 40, height: 40), minimumLineSpacing: 12,
        sectionInset: EdgeInsets(top: 8, left: 10, bottom: 8, right: 10),
        headerReferenceSize: Size(width: 0, height: 30))
    builtIn.prepare(view)
    let r = Rect(x: 0, y: 0, width: 2000, height: 2000)
    expect(layout.layoutAttributesForElements(in: r) == builtIn.layoutAttributesForElements(in: r))
    #expect(throws: (any Error).self) { _ = try descriptor.make(["itemSize": .string("big")]) }
}

/// Mutable state a test reads back from a `@Sendable` factory (one thread).
final class UncheckedBox<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

/// A pattern of real carousels: properties set after `super.prepare()`. UIKit's flow layout
/// computes lazily, so the first query already sees them.
final class InsetAfterSuperFlow: UICollectionViewFlowLayout {
    override func prepare() {
        super.prepare()
        scrollDirection = .horizontal
        itemSize = CGSize(width: 100, height: 100)
        let side = (collectionView!.bounds.width - itemSize.width) / 2
        sectionInset = UIEdgeInsets(top: 0, left: side, bottom: 0, right: side)
    }
}

@Test func propertiesSetAfterSuperPrepareApplyAtOnce() throws {
    var layout = UIKitLayout(name: "late") { _ in InsetAfterSuperFlow() }
    layout.prepare(state(x: 0, items: 3))
    let first = try #require(layout.layoutAttributesForItem(at: .init(section: 0, item: 0)))
    expect(first.center.x == 150)
}

/// Layouts that read `UIScreen.main` (as many do for their item sizes) see the scene's screen.
final class ScreenReadingLayout: UICollectionViewFlowLayout {
    override func prepare() {
        itemSize = CGSize(width: UIScreen.main.bounds.width / 2, height: 10 * UIScreen.main.scale)
        super.prepare()
    }
}

@Test func uiScreenMainIsTheScenesScreen() throws {
    var layout = UIKitLayout(name: "screen") { _ in ScreenReadingLayout() }
    layout.prepare(
        CollectionViewState(
            bounds: Rect(x: 0, y: 0, width: 300, height: 200), scale: 2,
            dataSource: CollectionViewDataSource(itemCounts: [1])))
    let a = try #require(layout.layoutAttributesForItem(at: .init(section: 0, item: 0)))
    expect(a.size == Size(width: 150, height: 20))
}

/// An attributes subclass that forgets to override `copy(with:)`: one warning naming the layout,
/// however often it happens. A layout that asks for a section that does not exist: UIKit's
/// exception, once.
final class ForgetfulAttributes: UICollectionViewLayoutAttributes {
    var tilt: CGFloat = 0
}

final class CarelessLayout: UICollectionViewLayout {
    override class var layoutAttributesClass: AnyClass { ForgetfulAttributes.self }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        _ = collectionView!.numberOfItems(inSection: 5)
        let a = ForgetfulAttributes(forCellWith: IndexPath(item: 0, section: 0))
        a.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        a.tilt = 0.5
        return [a]
    }
}

@Test func carelessLayoutsAreWarnedOnce() {
    let lines = UncheckedBox<[String]>([])
    let exceptions = UncheckedBox<[String]>([])
    let warnings = LayoutWarnings({ lines.value.append($0) }, exceptions: { exceptions.value.append($0) })
    var layout = UIKitLayout(name: "careless", warnings: warnings) { _ in CarelessLayout() }
    layout.prepare(state(x: 0, items: 1))
    for _ in 0..<3 { _ = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 100, height: 100)) }
    expect(lines.value.count == 1, "\(lines.value)")
    expect(
        lines.value.contains { $0.contains("\"careless\"") && $0.contains("ForgetfulAttributes loses tilt") })
    expect(
        exceptions.value == [
            "request for number of items in section 5 when there are only 1 sections in the collection view (the layout \"careless\" (CarelessLayout), answering a query)"
        ])
    // A subclass that copies its fields is not warned about.
    let careful = StripAttributes(forCellWith: IndexPath(item: 0, section: 0))
    careful.distance = 1
    expect(AttributesCopyCheck.lostFields(careful) == nil)
}

/// A layout that counts its items when asked for its content size, as some do, counting on
/// UIKit asking for it right after `prepare()`, and that reads the scroll view's content size.
final class LazyCountLayout: UICollectionViewLayout {
    var count: Int?
    var contentSizeSeenInPrepare: [CGSize] = []

    override func prepare() {
        contentSizeSeenInPrepare.append(collectionView!.contentSize)
    }

    override var collectionViewContentSize: CGSize {
        count = count ?? collectionView!.numberOfItems(inSection: 0)
        return CGSize(width: 50 * CGFloat(count!), height: 50)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<(count ?? 0)).map { i in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
            a.frame = CGRect(x: 50 * CGFloat(i), y: 0, width: 50, height: 50)
            return a
        }.filter { $0.frame.intersects(rect) }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
}

@Test func theContentSizeIsAskedAfterEveryPrepareAndKeptByTheView() throws {
    let made = UncheckedBox<LazyCountLayout?>(nil)
    var layout = UIKitLayout(name: "lazy") { _ in
        let l = LazyCountLayout()
        made.value = l
        return l
    }
    layout.prepare(state(x: 0, items: 6))
    // Asked for elements before anyone asked for the content size: the layout has counted.
    expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 300, height: 200)).count == 6)
    layout.prepare(state(x: 10, items: 6))
    let lazy = try #require(made.value)
    expect(lazy.contentSizeSeenInPrepare == [.zero, CGSize(width: 300, height: 50)])
}
