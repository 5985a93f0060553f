import Foundation
import FrameGenGeometry
import FrameGenKit
import FrameGenRaster
import TestTiers
import Testing

import struct FrameGenLayout.CollectionViewDataSource
import struct FrameGenLayout.CollectionViewState
import struct FrameGenLayout.LayoutAttributes

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

/// A layout of `items` items in one section, driven by a `UIKitLayout` whose warnings and
/// exceptions the test reads.
private struct Driven {
    let warnings = UncheckedBox<[String]>([])
    let exceptions = UncheckedBox<[String]>([])
    let made = UncheckedBox<AnsweringLayout?>(nil)
    var layout: UIKitLayout

    init(items: Int = 3, sections: Int = 1, _ configure: @escaping @Sendable (AnsweringLayout) -> Void) {
        let (w, e, m) = (warnings, exceptions, made)
        layout = UIKitLayout(
            name: "answering",
            warnings: LayoutWarnings({ w.value.append($0) }, exceptions: { e.value.append($0) })
        ) { _ in
            let l = AnsweringLayout()
            configure(l)
            m.value = l
            return l
        }
        layout.prepare(
            CollectionViewState(
                size: Size(width: 100, height: 100), contentOffset: .zero,
                dataSource: CollectionViewDataSource(itemCounts: Array(repeating: items, count: sections))))
    }

    var elements: [LayoutAttributes] {
        layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 100, height: 100))
    }
}

@Test func attributesForItemsTheDataDoesNotHaveAreIgnoredWithUIKitsLog() {
    // Item 3 of 3 (the data changed and the layout's cache did not), section 1 of 1, item -1.
    let d = Driven(items: 3) { l in l.answer = { [cell(0), cell(3), cell(0, section: 1), cell(-1), cell(2)] }
    }
    for _ in 0..<2 {
        expect(d.elements.map(\.indexPath.item) == [0, 2])
    }
    expect(d.exceptions.value.isEmpty)
    expect(d.warnings.value.count == 3, "\(d.warnings.value)")
    expect(
        d.warnings.value.first
            == "the layout \"answering\", in layoutAttributesForElements(in:): Layout attributes <UICollectionViewLayoutAttributes> index path: (<NSIndexPath> {length = 2, path = 0 - 3}); frame = (0.0 0.0; 10.0 10.0) were received from the layout <AnsweringLayout> but are not valid for the data source counts. Attributes will be ignored."
    )
}

@Test func headersOfSectionsTheDataDoesNotHaveAreIgnored() {
    let d = Driven(items: 3) { l in l.answer = { [header(0), header(1), cell(0)] } }
    let kinds = d.elements.map { "\($0.representedElementCategory) \($0.indexPath.section)" }
    expect(kinds == ["supplementaryView 0", "cell 0"])
    expect(
        d.warnings.value.count == 1 && d.warnings.value[0].contains("path = 1 - 0"), "\(d.warnings.value)")
}

@Test func aSecondObjectForTheSameElementIsIgnoredAndTheFirstDrawn() {
    let d = Driven(items: 3) { l in
        l.answer = { [cell(1, x: 0), cell(0), cell(1, x: 50), header(0), header(0)] }
    }
    let elements = d.elements
    expect(elements.map(\.indexPath.item) == [1, 0, 0])
    expect(elements[0].center.x == 5)
    expect(d.warnings.value.count == 2, "\(d.warnings.value)")
    expect(d.warnings.value.allSatisfy { $0.contains("framegen draws the first") })
    expect(d.exceptions.value.isEmpty)
}

/// Past a few supplementary views, the answer's are found by a dictionary: the same result.
@Test func aSecondHeaderAmongManyIsIgnored() {
    let d = Driven(items: 1, sections: 40) { l in
        l.answer = { (0..<40).map { header($0) } + [header(35), cell(0)] }
    }
    expect(d.elements.count == 41)
    expect(
        d.warnings.value.count == 1 && d.warnings.value[0].contains("path = 35 - 0"), "\(d.warnings.value)")
}

/// UIKit raises when one answer has a supplementary view twice, differently (a waterfall layout
/// that added each section's header once per column did).
@Test func aHeaderReturnedTwiceDifferentlyIsUIKitsException() {
    let d = Driven(items: 3) { l in l.answer = { [header(0, y: 0), cell(0), header(0, y: 40)] } }
    expect(d.elements.count == 2)
    expect(d.exceptions.value.count == 1)
    let line = d.exceptions.value.first ?? ""
    expect(
        line.hasPrefix(
            "layout attributes for supplementary item at index path (<NSIndexPath> {length = 2, path = 0 - 0}) changed from <UICollectionViewLayoutAttributes> index path: (<NSIndexPath> {length = 2, path = 0 - 0}); element kind: (UICollectionElementKindSectionHeader); frame = (0.0 0.0; 100.0 20.0) to "
        ), "\(line)")
    expect(
        line.hasSuffix(
            "without invalidating the layout (the layout \"answering\" (AnsweringLayout), in layoutAttributesForElements(in: (0.0, 0.0, 100.0, 100.0)) at t = 0.0 s, content offset (0.0, 0.0))"
        ),
        "\(line)")
}

/// A layout that returns every element it has whatever the rect is bounded: past the limit the
/// render stops (here a test's exceptions list, and the first elements).
@Test func moreAttributesThanTheLimitInOneAnswerIsAnError() {
    let limit = Live.State.attributesPerQueryLimit
    let objects = UncheckedBox((0...limit).map { cell($0) })
    let d = Driven(items: limit + 1) { l in l.answer = { objects.value } }
    expect(d.elements.count == limit)
    expect(
        d.exceptions.value == [
            "the layout returned \(limit + 1) layout attributes from one call of layoutAttributesForElements(in:), more than framegen's limit of \(limit); return the elements in the rect (the layout \"answering\" (AnsweringLayout), in layoutAttributesForElements(in: (0.0, 0.0, 100.0, 100.0)) at t = 0.0 s, content offset (0.0, 0.0))"
        ])
    // At the limit, nothing is said.
    let e = Driven(items: limit) { l in l.answer = { Array(objects.value.prefix(limit)) } }
    expect(e.elements.count == limit)
    expect(e.exceptions.value.isEmpty && e.warnings.value.isEmpty)
}

@Test func contentSizesAreBounded() {
    let cases: [(CGSize, Size)] = [
        (CGSize(width: CGFloat.nan, height: 50), Size(width: 0, height: 50)),
        (CGSize(width: -20, height: 50), Size(width: 0, height: 50)),
        (CGSize(width: 50, height: CGFloat.infinity), Size(width: 50, height: 1e9)),
        (CGSize(width: 1e300, height: -CGFloat.infinity), Size(width: 1e9, height: 0)),
        (CGSize(width: 1e9, height: 0), Size(width: 1e9, height: 0)),
    ]
    for (given, taken) in cases {
        let d = Driven { l in l.size = given }
        expect(d.layout.collectionViewContentSize == taken)
        // The scroll view's contentSize, set after prepare(), is the bounded one too.
        expect(d.made.value?.collectionView?.contentSize == CGSize(taken))
        expect(d.warnings.value.count == (given == CGSize(taken) ? 0 : 1), "\(given): \(d.warnings.value)")
    }
}

@Test func zIndexExtremesAreTakenAtAttributeFilesLimits() {
    let d = Driven(items: 3) { l in
        l.answer = {
            let (a, b, c) = (cell(0), cell(1), cell(2))
            (a.zIndex, b.zIndex, c.zIndex) = (Int.max, Int.min, -7)
            return [a, b, c]
        }
    }
    expect(d.elements.map(\.zIndex) == [1_000_000_000, -1_000_000_000, -7])
    expect(d.warnings.value.count == 2, "\(d.warnings.value)")
}

/// A column of 20-point cells 30 apart whose cell `broken` gets a non-finite field (NaN or
/// infinite centre, size, transform, transform3D or alpha) or an extreme zIndex.
final class NonFiniteLayout: UICollectionViewLayout {
    let broken: @Sendable (UICollectionViewLayoutAttributes) -> Void
    init(_ broken: @escaping @Sendable (UICollectionViewLayoutAttributes) -> Void) {
        self.broken = broken
        super.init()
    }
    required init?(coder: NSCoder) { nil }

    override var collectionViewContentSize: CGSize { CGSize(width: 40, height: 90) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<3).map { item in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(x: 10, y: 5 + 30 * CGFloat(item), width: 20, height: 20)
            if item == 1 { broken(a) }
            return a
        }
    }
}

/// Every non-finite field a layout can return reaches the renderer, which skips that element
/// (alpha: clamped, NaN as 0) and draws the others, without a trap; an extreme zIndex draws.
@Test func nonFiniteAttributesFromAUIKitLayoutSkipOnlyThatCell() throws {
    let folder = NSTemporaryDirectory() + "framegen-nonfinite-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    canvas: {width: 40, height: 90, scale: 1, background: "#000000"}
    content: {items: 3}
    layout: {type: broken}
    """.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let nan = CGFloat.nan
    let inf = CGFloat.infinity
    let cases: [(String, @Sendable (UICollectionViewLayoutAttributes) -> Void, drawn: Bool)] = [
        ("centre", { $0.center = CGPoint(x: nan, y: 45) }, false),
        ("frame", { $0.frame = CGRect(x: 10, y: inf, width: 20, height: 20) }, false),
        ("size", { $0.size = CGSize(width: nan, height: 20) }, false),
        ("transform", { $0.transform = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: inf, ty: 0) }, false),
        ("transform3D", { $0.transform3D.m34 = nan }, false),
        ("alpha", { $0.alpha = nan }, false),
        ("alpha", { $0.alpha = inf }, true),
        ("zIndex", { $0.zIndex = Int.max }, true),
    ]
    // The cells show the scene's photos; the background is black.
    let black = Color(r: 0, g: 0, b: 0)
    for (field, broken, drawn) in cases {
        let layouts = [
            UIKitLayout.descriptor(type: "broken", warnings: LayoutWarnings { _ in }) { _ in
                NonFiniteLayout(broken)
            }
        ]
        let image = try SceneRenderer(file: folder + "/s.yaml", layouts: layouts).render(frame: 0)
        expect(image[20, 15] != black && image[20, 75] != black, "\(field): the other cells")
        expect((image[20, 45] != black) == drawn, "\(field)")
    }
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
    expect(
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
    expect(raised.isEmpty)
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
    expect(view.layoutAttributesForItem(at: IndexPath(item: 5, section: 0)) == nil)
    expect(raised.isEmpty)
    view.scrollToItem(at: IndexPath(item: 1, section: 0), at: .top, animated: false)
    expect(
        raised == [
            "no UICollectionViewLayoutAttributes instance for -layoutAttributesForItemAtIndexPath: <NSIndexPath> {length = 2, path = 0 - 1}"
        ])
}
