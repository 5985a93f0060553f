import FrameGenGeometry
import TestTiers
import Testing

import struct FrameGenLayout.CollectionViewDataSource
import struct FrameGenLayout.CollectionViewState
import struct FrameGenLayout.FlowLayout
import struct FrameGenLayout.LayoutAttributes

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

// Frames worked out by hand from Apple's documented semantics (docs/uikit.md "Compositional
// layouts"): a group repeats its subitems while they fit, fractions are of the container, and
// sections, groups and items follow one another along the scroll axis.

private func view(
    _ counts: [Int], width: Double = 400, height: Double = 600, x: Double = 0, y: Double = 0
) -> CollectionViewState {
    CollectionViewState(
        size: Size(width: width, height: height), contentOffset: Point(x: x, y: y),
        dataSource: CollectionViewDataSource(itemCounts: counts))
}

private func size(_ w: NSCollectionLayoutDimension, _ h: NSCollectionLayoutDimension)
    -> NSCollectionLayoutSize
{
    NSCollectionLayoutSize(widthDimension: w, heightDimension: h)
}

/// Five square items a row: each a fifth of the group's width, the group as wide as the section.
private func gridSection(inset: CGFloat = 0) -> NSCollectionLayoutSection {
    let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.2), .fractionalWidth(0.2)))
    item.contentInsets = NSDirectionalEdgeInsets(top: inset, leading: inset, bottom: inset, trailing: inset)
    let group = NSCollectionLayoutGroup.horizontal(
        layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.2)), subitems: [item])
    return NSCollectionLayoutSection(group: group)
}

private func all(_ layout: inout UIKitLayout) -> [LayoutAttributes] {
    let s = layout.collectionViewContentSize
    return layout.layoutAttributesForElements(
        in: Rect(x: -1000, y: -1000, width: s.width + 2000, height: s.height + 2000))
}

@Test func aGridOfFractionalItemsFillsEachRowWithFive() {
    var layout = UIKitLayout(name: "grid") { _ in UICollectionViewCompositionalLayout(section: gridSection())
    }
    layout.prepare(view([12]))
    expect(layout.collectionViewContentSize == Size(width: 400, height: 240))
    let cells = all(&layout).sorted { $0.indexPath.item < $1.indexPath.item }
    expect(cells.count == 12)
    for (i, a) in cells.enumerated() {
        expect(
            a.frame == Rect(x: 80 * Double(i % 5), y: 80 * Double(i / 5), width: 80, height: 80), "item \(i)")
    }
}

/// The same grid with 2-point item insets and a full-width header equals the built-in flow with
/// 76-point items, 4-point spacing, 2-point section insets and a header of the same height.
@Test func aCompositionalGridEqualsTheBuiltInFlow() {
    let state = view([10, 5, 15], y: 120)
    var flow = FlowLayout(
        itemSize: Size(width: 76, height: 76), minimumLineSpacing: 4, minimumInteritemSpacing: 4,
        sectionInset: EdgeInsets(top: 2, left: 2, bottom: 2, right: 2),
        headerReferenceSize: Size(width: 0, height: 30))
    flow.prepare(state)
    var layout = UIKitLayout(name: "grid") { _ in
        let section = gridSection(inset: 2)
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .absolute(30)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        // The flow's headers lie at zIndex 0; a supplementary item's default is 1.
        header.zIndex = 0
        section.boundarySupplementaryItems = [header]
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
        return UICollectionViewCompositionalLayout(section: section)
    }
    layout.prepare(state)
    expect(layout.collectionViewContentSize == flow.collectionViewContentSize)
    for r in [
        Rect(x: 0, y: 0, width: 400, height: 2000), Rect(x: 0, y: 120, width: 400, height: 600),
        Rect(x: 0, y: 333, width: 400, height: 10),
    ] {
        let order = { (a: LayoutAttributes, b: LayoutAttributes) in
            (a.representedElementCategory.rawValue, a.indexPath) < (
                b.representedElementCategory.rawValue, b.indexPath
            )
        }
        let ours = layout.layoutAttributesForElements(in: r).sorted(by: order)
        let theirs = flow.layoutAttributesForElements(in: r).sorted(by: order)
        expect(ours == theirs, "\(r)")
    }
}

/// One large item beside a vertical pair, 8 points between groups and 10 between the pair.
@Test func aNestedGroupPlacesALargeItemBesideAPair() {
    var layout = UIKitLayout(name: "nested") { _ in
        let large = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
        let small = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
        let pair = NSCollectionLayoutGroup.vertical(
            layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)), repeatingSubitem: small, count: 2)
        pair.interItemSpacing = .fixed(10)
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(200)), subitems: [large, pair])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 8
        section.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 0, bottom: 6, trailing: 0)
        return UICollectionViewCompositionalLayout(section: section)
    }
    layout.prepare(view([5]))
    let cells = all(&layout).sorted { $0.indexPath.item < $1.indexPath.item }
    expect(
        cells.map(\.frame) == [
            Rect(x: 0, y: 4, width: 200, height: 200), Rect(x: 200, y: 4, width: 200, height: 95),
            Rect(x: 200, y: 109, width: 200, height: 95), Rect(x: 0, y: 212, width: 200, height: 200),
            Rect(x: 200, y: 212, width: 200, height: 95),
        ])
    // Two groups, the second partly filled: 4 + 200 + 8 + 200 + 6.
    expect(layout.collectionViewContentSize == Size(width: 400, height: 418))
}

@Test func flexibleSpacingSharesTheLeftoverSpaceAndEdgeSpacingCentresAcross() {
    var layout = UIKitLayout(name: "flex") { _ in
        let item = NSCollectionLayoutItem(layoutSize: size(.absolute(100), .absolute(40)))
        item.edgeSpacing = NSCollectionLayoutEdgeSpacing(
            leading: nil, top: .flexible(0), trailing: nil, bottom: .flexible(0))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
        group.interItemSpacing = .flexible(10)
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }
    layout.prepare(view([4]))
    let cells = all(&layout).sorted { $0.indexPath.item < $1.indexPath.item }
    // Three 100-point items fit with 10 between them (320 of 400); the 80 left over is shared by
    // the two gaps. The fourth item starts the next group.
    expect(cells.map(\.frame.origin.x) == [0, 150, 300, 0])
    expect(cells.map(\.frame.origin.y) == [30, 30, 30, 130])
}

@Test func aBadgeIsAnchoredToItsItemsCorner() throws {
    var layout = UIKitLayout(name: "badge", supplementaryKinds: ["badge"]) { _ in
        let badge = NSCollectionLayoutSupplementaryItem(
            layoutSize: size(.absolute(20), .absolute(20)), elementKind: "badge",
            containerAnchor: NSCollectionLayoutAnchor(
                edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3)))
        let item = NSCollectionLayoutItem(
            layoutSize: size(.fractionalWidth(0.2), .fractionalWidth(0.2)), supplementaryItems: [badge])
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.2)), subitems: [item])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }
    layout.prepare(view([7]))
    let badges = all(&layout).filter { $0.representedElementKind == "badge" }.sorted {
        $0.indexPath < $1.indexPath
    }
    expect(badges.count == 7)
    // The badge's top-trailing corner on the item's (80, 0), moved by 0.3 of its size right and up.
    expect(badges[0].frame == Rect(x: 66, y: -6, width: 20, height: 20))
    expect(badges[6].frame == Rect(x: 146, y: 74, width: 20, height: 20))
    expect(badges[0].zIndex == 1)
}

/// Pinned headers follow the visible top while their section is on screen, then are pushed up
/// by the section's end; the layout asks to be invalidated at every scroll step.
@Test func aPinnedHeaderStaysOnScreenWhileItsSectionIs() throws {
    let made = UncheckedBox<UICollectionViewCompositionalLayout?>(nil)
    var layout = UIKitLayout(name: "pinned") { _ in
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(50)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .absolute(40)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = true
        section.boundarySupplementaryItems = [header]
        let l = UICollectionViewCompositionalLayout(section: section)
        made.value = l
        return l
    }
    func headers(at y: Double) -> [Double] {
        layout.prepare(view([20, 20], y: y))
        return all(&layout).filter { $0.representedElementKind != nil }.sorted { $0.indexPath < $1.indexPath }
            .map(\.frame.origin.y)
    }
    expect(headers(at: 0) == [0, 1040])
    expect(headers(at: 300) == [300, 1040])
    // Section 0 ends at 1040: its header stops at 1000; section 1's is still in place.
    expect(headers(at: 1020) == [1000, 1040])
    expect(headers(at: 1100) == [1000, 1100])
    let l = try #require(made.value)
    expect(l.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 1, width: 400, height: 600)))
}

@Test func withoutPinningOnlyASizeChangeInvalidates() throws {
    let made = UncheckedBox<UICollectionViewCompositionalLayout?>(nil)
    var layout = UIKitLayout(name: "grid") { _ in
        let l = UICollectionViewCompositionalLayout(section: gridSection())
        made.value = l
        return l
    }
    layout.prepare(view([12]))
    let l = try #require(made.value)
    expect(!l.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 30, width: 400, height: 600)))
    expect(l.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 600, height: 400)))
}

/// A rectangle's query reads only the groups it reaches, and finds exactly what a walk over
/// every element finds.
@Test func queriesByRectEqualAFilterOfEverything() {
    var layout = UIKitLayout(name: "grid", supplementaryKinds: ["badge"]) { _ in
        let badge = NSCollectionLayoutSupplementaryItem(
            layoutSize: size(.absolute(10), .absolute(10)), elementKind: "badge",
            containerAnchor: NSCollectionLayoutAnchor(edges: [.bottom], absoluteOffset: CGPoint(x: 0, y: 12)))
        let item = NSCollectionLayoutItem(
            layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)), supplementaryItems: [badge])
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(70)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 5
        section.contentInsets = NSDirectionalEdgeInsets(top: 7, leading: 3, bottom: 9, trailing: 3)
        return UICollectionViewCompositionalLayout(section: section)
    }
    layout.prepare(view([100, 31, 0, 8]))
    let everything = all(&layout)
    expect(everything.filter { $0.representedElementKind == nil }.count == 139)
    var y = -50.0
    while y < layout.collectionViewContentSize.height + 50 {
        for h in [1.0, 37, 600] {
            let r = Rect(x: 0, y: y, width: 400, height: h)
            let expected = everything.filter { $0.frame.intersects(r) }
            let got = layout.layoutAttributesForElements(in: r)
            expect(Set(got.map(\.indexPath)).count == Set(expected.map(\.indexPath)).count)
            expect(got.count == expected.count, "\(r) \(got.filter { g in !expected.contains(g) })")
        }
        y += 23
    }
}

@Test func aBackgroundDecorationCoversItsSectionBehindTheCells() {
    var layout = UIKitLayout(name: "bg") { _ in
        let section = gridSection()
        let background = NSCollectionLayoutDecorationItem.background(elementKind: "bg")
        background.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        section.decorationItems = [background]
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 20
        return UICollectionViewCompositionalLayout(section: section, configuration: configuration)
    }
    layout.prepare(view([5, 6]))
    let decorations = all(&layout).filter { $0.representedElementCategory == .decorationView }
        .sorted { $0.indexPath < $1.indexPath }
    // Section 0: 10 + one row of 76 (a fifth of 380) + 10; section 1 starts 20 later, two rows.
    expect(
        decorations.map(\.frame) == [
            Rect(x: 5, y: 5, width: 390, height: 86), Rect(x: 5, y: 121, width: 390, height: 162),
        ])
    expect(decorations.allSatisfy { $0.zIndex == -1 })
    expect(layout.collectionViewContentSize.height == 96 + 20 + 172)
}

/// A section without items (and without headers or footers) lays out nothing on iOS: no
/// background decoration and no content insets, so the next section starts where it would
/// have (CompositionalLayoutDSL's references, iOS 17: an empty first section leaves no box).
@Test func anEmptySectionHasNoBackgroundAndTakesNoRoom() {
    var layout = UIKitLayout(name: "bg") { _ in
        let section = gridSection()
        section.decorationItems = [NSCollectionLayoutDecorationItem.background(elementKind: "bg")]
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        return UICollectionViewCompositionalLayout(section: section)
    }
    layout.prepare(view([0, 5]))
    let decorations = all(&layout).filter { $0.representedElementCategory == .decorationView }
    expect(decorations.map(\.indexPath.section) == [1])
    // Section 1 from the top: 10 + one row of 76 + 10.
    expect(decorations.map(\.frame) == [Rect(x: 0, y: 0, width: 400, height: 96)])
    expect(layout.collectionViewContentSize.height == 96)
}

/// An orthogonal carousel is drawn at rest, its first group centred; the visible-items handler
/// hears every layout pass and what it sets is drawn.
@Test func anOrthogonalCarouselIsScaledByItsHandler() throws {
    let offsets = UncheckedBox<[CGPoint]>([])
    var layout = UIKitLayout(name: "carousel") { _ in
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: size(.absolute(200), .absolute(150)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPagingCentered
        section.interGroupSpacing = 20
        section.visibleItemsInvalidationHandler = { items, offset, environment in
            offsets.value.append(offset)
            let width = environment.container.contentSize.width
            for item in items {
                let distance = abs(item.frame.midX - offset.x - width / 2)
                let scale = max(1 - distance / width, 0.3)
                item.transform = CGAffineTransform(scaleX: scale, y: scale)
            }
        }
        return UICollectionViewCompositionalLayout(section: section)
    }
    layout.prepare(view([6]))
    let cells = all(&layout).sorted { $0.indexPath.item < $1.indexPath.item }
    // The first group centred in 400: x 100; then every 220 across, off screen past the second.
    expect(cells.map(\.frame.origin.x) == [100, 320, 540, 760, 980, 1200].map { Double($0) })
    expect(cells.allSatisfy { $0.frame.origin.y == 0 })
    expect(layout.collectionViewContentSize == Size(width: 400, height: 150))
    expect(offsets.value == [.zero])
    // Item 0 is centred (scale 1); item 1's centre is 220 from the view's: 1 - 220/400. Items off
    // screen are not visible and keep the identity.
    expect(cells[0].transform3D.m11 == 1)
    expect(abs(cells[1].transform3D.m11 - 0.45) < 1e-12)
    expect(cells[2].transform3D.m11 == 1)
    layout.prepare(view([6], y: 10))
    expect(offsets.value.count == 2)
}

@Test func theSectionProviderIsAskedPerSectionWithTheEnvironment() {
    let asked = UncheckedBox<[String]>([])
    var layout = UIKitLayout(name: "provider") { _ in
        UICollectionViewCompositionalLayout { index, environment in
            let c = environment.container
            asked.value.append("\(index) \(c.contentSize.width) \(c.effectiveContentSize.width)")
            let columns = index == 0 ? 2 : 5
            let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: size(.fractionalWidth(1), .absolute(50)), repeatingSubitem: item, count: columns)
            return NSCollectionLayoutSection(group: group)
        }
    }
    var state = view([3, 5])
    state.contentInset = EdgeInsets(top: 0, left: 20, bottom: 0, right: 30)
    layout.prepare(state)
    expect(asked.value.suffix(2) == ["0 400.0 350.0", "1 400.0 350.0"])
    let cells = all(&layout).sorted { $0.indexPath < $1.indexPath }
    expect(cells.map(\.frame.width) == [175, 175, 175, 70, 70, 70, 70, 70])
    expect(cells.map(\.frame.origin.y) == [0, 0, 50, 100, 100, 100, 100, 100])
}

@Test func aPlainListStacksRowsOf44AcrossTheView() {
    var layout = UIKitLayout(name: "list") { _ in
        UICollectionViewCompositionalLayout.list(
            using: UICollectionLayoutListConfiguration(appearance: .plain))
    }
    layout.prepare(view([3, 2]))
    let cells = all(&layout).sorted { $0.indexPath < $1.indexPath }
    expect(cells.map(\.frame) == (0..<5).map { Rect(x: 0, y: 44 * Double($0), width: 400, height: 44) })
    expect(layout.collectionViewContentSize == Size(width: 400, height: 220))
}

/// Inset-grouped: 20 points either side, 35 above a section without a header; a header of 38
/// (inset with the rows) and a footer of 28 when asked for.
@Test func anInsetGroupedListInsetsItsRowsAndStacksHeadersAndFooters() {
    var layout = UIKitLayout(name: "list") { _ in
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.footerMode = .supplementary
        return UICollectionViewCompositionalLayout { index, environment in
            var c = configuration
            if index == 1 { c.headerMode = .supplementary }
            return NSCollectionLayoutSection.list(using: c, layoutEnvironment: environment)
        }
    }
    layout.prepare(view([2, 1]))
    expect(
        all(&layout).map { "\($0.representedElementKind ?? "cell") \($0.frame)" }.sorted()
            == [
                "cell \(Rect(x: 20, y: 35, width: 360, height: 44))",
                "footer \(Rect(x: 20, y: 123, width: 360, height: 28))",
                "header \(Rect(x: 20, y: 151, width: 360, height: 38))",
                "cell \(Rect(x: 20, y: 79, width: 360, height: 44))",
                "cell \(Rect(x: 20, y: 189, width: 360, height: 44))",
                "footer \(Rect(x: 20, y: 233, width: 360, height: 28))",
            ].sorted())
}

/// A list's rows are estimated 44 high: cells shown measure themselves (CodeSizedCell: 30 + 10 ×
/// item), the rows below move, and rows never shown keep the estimate, as on iOS.
@Test func estimatedRowsTakeTheHeightTheirCellsMeasure() {
    var layout = UIKitLayout(
        name: "list", parameters: ["cell": .string("c")], cells: ["c": { CodeSizedCell(frame: $0) }]
    ) { _ in
        UICollectionViewCompositionalLayout.list(
            using: UICollectionLayoutListConfiguration(appearance: .plain))
    }
    layout.prepare(view([12], width: 200, height: 300))
    // The first pass shows items 0 to 6 at 44 (0 to 308); measured, they are 30 ... 90 high.
    var y = 0.0
    for item in 0..<7 {
        let h = 30 + 10 * Double(item)
        expect(
            layout.layoutAttributesForItem(at: .init(section: 0, item: item))?.frame
                == Rect(x: 0, y: y, width: 200, height: h))
        y += h
    }
    expect(
        layout.layoutAttributesForItem(at: .init(section: 0, item: 7))?.frame
            == Rect(x: 0, y: 420, width: 200, height: 44))
    expect(layout.collectionViewContentSize == Size(width: 200, height: 420 + 5 * 44))
}

/// A list row of two lines (a subtitle content configuration set in `apply(_:)`, as a scene's
/// cell sets it) is as tall as its text between the margins, as a table row of the same
/// configuration is, not the 44-point estimate (the list branch compared the wrong axis).
private final class SubtitleRow: UICollectionViewListCell {
    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        var content = UIListContentConfiguration.subtitleCell()
        content.text = "Ada"
        content.secondaryText = "Lunch on Friday?"
        contentConfiguration = content
    }
}

@Test func aTwoLineListRowIsAsTallAsItsText() {
    var layout = UIKitLayout(
        name: "list", parameters: ["cell": .string("c")], cells: ["c": { SubtitleRow(frame: $0) }]
    ) { _ in
        UICollectionViewCompositionalLayout.list(
            using: UICollectionLayoutListConfiguration(appearance: .plain))
    }
    layout.prepare(view([3], width: 390, height: 300))
    let row = UIListContentView(
        configuration: {
            var c = UIListContentConfiguration.subtitleCell()
            c.text = "Ada"
            c.secondaryText = "Lunch on Friday?"
            return c
        }())
    let height = Double(row.fittingHeight(width: 390))
    expect(height > 55)
    // Measured 60.33, taken up to the screen's whole points (scale 1 here).
    let h = height.rounded(.up)
    expect(
        layout.layoutAttributesForItem(at: .init(section: 0, item: 1))?.frame
            == Rect(x: 0, y: h, width: 390, height: h))
}

/// Without estimated dimensions no view is asked: a cell that sizes itself keeps its slot.
@Test func absoluteRowsAreNotMeasured() {
    var layout = UIKitLayout(
        name: "rows", parameters: ["cell": .string("c")], cells: ["c": { CodeSizedCell(frame: $0) }]
    ) { _ in
        let row = size(.fractionalWidth(1), .absolute(44))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: row, subitems: [NSCollectionLayoutItem(layoutSize: row)])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }
    layout.prepare(view([12], width: 200, height: 300))
    expect(
        layout.layoutAttributesForItem(at: .init(section: 0, item: 3))?.frame
            == Rect(x: 0, y: 132, width: 200, height: 44))
}

/// A pinned header and a handler make every scroll step invalidate the layout; such a step only
/// moves the pinned items and calls the handlers again (the section provider is not asked, as
/// UIKit does not ask it for a scroll), and gives what a fresh layout gives at that offset.
@Test func aScrollStepRepinsWithoutAskingTheProviderAgain() {
    let asked = UncheckedBox(0)
    @Sendable func make() -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { index, _ in
            asked.value += 1
            let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .absolute(60)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: size(.fractionalWidth(1), .absolute(60)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(30)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            header.pinToVisibleBounds = true
            section.boundarySupplementaryItems = [header]
            if index == 0 {
                section.visibleItemsInvalidationHandler = { items, offset, _ in
                    for item in items where item.representedElementCategory == .cell {
                        item.alpha = max(0, 1 - (item.frame.midY - offset.y) / 600)
                    }
                }
            }
            return section
        }
    }
    var layout = UIKitLayout(name: "steps") { _ in make() }
    layout.prepare(view([20, 20]))
    let afterFirst = asked.value
    for y in [40.0, 333, 650, 900] {
        layout.prepare(view([20, 20], y: y))
        var fresh = UIKitLayout(name: "fresh") { _ in make() }
        fresh.prepare(view([20, 20], y: y))
        let order = { (a: LayoutAttributes, b: LayoutAttributes) in
            (a.representedElementCategory.rawValue, a.indexPath) < (
                b.representedElementCategory.rawValue, b.indexPath
            )
        }
        expect(all(&layout).sorted(by: order) == all(&fresh).sorted(by: order), "at \(y)")
    }
    expect(asked.value == afterFirst + 4 * 2, "only the fresh layouts asked")
    // A new size or new data asks again.
    layout.prepare(view([20, 20], width: 500, y: 900))
    expect(asked.value == afterFirst + 4 * 2 + 2)
}

/// A horizontally scrolling layout: columns (vertical groups of three) one after another along
/// x, 10 apart, a leading header before each section's columns and 20 between sections.
@Test func aHorizontalLayoutLaysColumnsAlongX() {
    var layout = UIKitLayout(name: "columns") { _ in
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1.0 / 3)))
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: size(.absolute(100), .fractionalHeight(1)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: size(.absolute(40), .fractionalHeight(1)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .leading)
        section.boundarySupplementaryItems = [header]
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        configuration.interSectionSpacing = 20
        return UICollectionViewCompositionalLayout(section: section, configuration: configuration)
    }
    layout.prepare(view([4, 3], width: 400, height: 300))
    let cells = all(&layout).filter { $0.representedElementKind == nil }.sorted {
        $0.indexPath < $1.indexPath
    }
    expect(
        cells.map(\.frame) == [
            Rect(x: 40, y: 0, width: 100, height: 100), Rect(x: 40, y: 100, width: 100, height: 100),
            Rect(x: 40, y: 200, width: 100, height: 100), Rect(x: 150, y: 0, width: 100, height: 100),
            Rect(x: 310, y: 0, width: 100, height: 100), Rect(x: 310, y: 100, width: 100, height: 100),
            Rect(x: 310, y: 200, width: 100, height: 100),
        ])
    let headers = all(&layout).filter { $0.representedElementKind != nil }.sorted {
        $0.indexPath < $1.indexPath
    }
    expect(
        headers.map(\.frame) == [
            Rect(x: 0, y: 0, width: 40, height: 300), Rect(x: 270, y: 0, width: 40, height: 300),
        ])
    expect(layout.collectionViewContentSize == Size(width: 410, height: 300))
}

/// Degenerate groups end: zero-width items, a size that is not a number, an absurd count.
@Test func degenerateGroupsStillEnd() {
    let makers: [@Sendable () -> NSCollectionLayoutGroup] = [
        {
            NSCollectionLayoutGroup.horizontal(
                layoutSize: size(.fractionalWidth(1), .absolute(10)),
                subitems: [NSCollectionLayoutItem(layoutSize: size(.absolute(0), .absolute(10)))])
        },
        {
            NSCollectionLayoutGroup.horizontal(
                layoutSize: size(.fractionalWidth(.nan), .absolute(10)),
                subitems: [NSCollectionLayoutItem(layoutSize: size(.absolute(10), .absolute(10)))])
        },
        {
            NSCollectionLayoutGroup.horizontal(
                layoutSize: size(.fractionalWidth(1), .absolute(10)),
                repeatingSubitem: NSCollectionLayoutItem(layoutSize: size(.absolute(10), .absolute(10))),
                count: Int.max)
        },
    ]
    for make in makers {
        var layout = UIKitLayout(name: "degenerate") { _ in
            UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: make()))
        }
        layout.prepare(view([30]))
        expect(layout.layoutAttributesForItem(at: .init(section: 0, item: 29)) != nil)
    }
}

/// A custom group puts its items where its provider says, in the group's coordinates, with their
/// zIndex; the provider's container is the group's size.
@Test func aCustomGroupPlacesItsItemsWhereItsProviderSays() {
    let containers = UncheckedBox<[CGSize]>([])
    var layout = UIKitLayout(name: "custom") { _ in
        let group = NSCollectionLayoutGroup.custom(layoutSize: size(.fractionalWidth(1), .absolute(100))) {
            environment in
            containers.value.append(environment.container.contentSize)
            return [
                NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 10, y: 10, width: 50, height: 80)),
                NSCollectionLayoutGroupCustomItem(
                    frame: CGRect(x: 40, y: 20, width: 50, height: 50), zIndex: 3),
            ]
        }
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }
    layout.prepare(view([3]))
    let cells = all(&layout).sorted { $0.indexPath < $1.indexPath }
    expect(
        cells.map(\.frame) == [
            Rect(x: 10, y: 10, width: 50, height: 80), Rect(x: 40, y: 20, width: 50, height: 50),
            Rect(x: 10, y: 110, width: 50, height: 80),
        ])
    expect(cells.map(\.zIndex) == [0, 3, 0])
    expect(containers.value.last == CGSize(width: 400, height: 100))
}

/// With an item anchor, that point of the supplementary lies on the container anchor's point.
@Test func anItemAnchorPicksThePointOfTheSupplementaryThatIsAnchored() {
    var layout = UIKitLayout(name: "anchors", supplementaryKinds: ["dot"]) { _ in
        let dot = NSCollectionLayoutSupplementaryItem(
            layoutSize: size(.absolute(10), .absolute(10)), elementKind: "dot",
            containerAnchor: NSCollectionLayoutAnchor(edges: [.bottom], absoluteOffset: CGPoint(x: 0, y: 2)),
            itemAnchor: NSCollectionLayoutAnchor(edges: [.top]))
        let item = NSCollectionLayoutItem(
            layoutSize: size(.absolute(100), .absolute(40)), supplementaryItems: [dot])
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(60)), subitems: [item])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }
    layout.prepare(view([1]))
    // The dot's top middle on the item's bottom middle (50, 40), 2 points lower.
    expect(
        all(&layout).first { $0.representedElementKind == "dot" }?.frame
            == Rect(x: 45, y: 42, width: 10, height: 10))
}

/// Section insets measured from the layout margins (the collection view's: 8 points), a header
/// that ignores them, and a pinned footer kept at the bottom of the visible bounds.
@Test func insetReferencesHeadersAcrossTheWholeWidthAndPinnedFooters() {
    var layout = UIKitLayout(name: "insets") { _ in
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(50)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
        section.contentInsetsReference = .layoutMargins
        section.supplementariesFollowContentInsets = false
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(1), .absolute(20)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        let footer = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: size(.fractionalWidth(0.5), .absolute(20)),
            elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottomTrailing)
        footer.pinToVisibleBounds = true
        section.boundarySupplementaryItems = [header, footer]
        return UICollectionViewCompositionalLayout(section: section)
    }
    layout.prepare(view([30], height: 600))
    let elements = all(&layout)
    expect(
        elements.first { $0.indexPath.item == 0 && $0.representedElementKind == nil }?.frame
            == Rect(x: 18, y: 20, width: 364, height: 50))
    expect(
        elements.first { $0.representedElementKind == "header" }?.frame
            == Rect(x: 0, y: 0, width: 400, height: 20))
    // The footer's place is after the last item (20 + 1500); pinned, it rests at the bottom of
    // the visible bounds (580) while the section reaches below them.
    expect(
        elements.first { $0.representedElementKind == "footer" }?.frame
            == Rect(x: 200, y: 580, width: 200, height: 20))
}

/// A header view that sizes itself in code: 50 points high.
final class TallHeaderView: UICollectionReusableView {
    override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes
    {
        let a = layoutAttributes.copy() as! UICollectionViewLayoutAttributes
        a.size.height = 50
        return a
    }
}

/// A list's headers are estimated: a header view that measures 50 replaces the estimate of 28,
/// and the rows below move down.
@Test func estimatedHeadersTakeTheHeightTheirViewsMeasure() {
    var layout = UIKitLayout(
        name: "list", parameters: ["header": .string("h")], cells: ["h": { TallHeaderView(frame: $0) }]
    ) { _ in
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        return UICollectionViewCompositionalLayout.list(using: configuration)
    }
    layout.prepare(view([2, 2], width: 200, height: 400))
    let elements = all(&layout).sorted { $0.indexPath < $1.indexPath }
    expect(
        elements.filter { $0.representedElementKind == "header" }.map(\.frame) == [
            Rect(x: 0, y: 0, width: 200, height: 50), Rect(x: 0, y: 138, width: 200, height: 50),
        ])
    expect(
        layout.layoutAttributesForItem(at: .init(section: 1, item: 0))?.frame
            == Rect(x: 0, y: 188, width: 200, height: 44))
}

/// Frames on the screen's pixels as iOS lays out a group: each item's size is rounded to the
/// pixels before the next is placed after it. Four quarter-width items across 371 pt (a 375-pt
/// view inset 2) are 92.75 pt, which at 3x is 278.25 px: 92.667 pt wide, at x 2, 94.667,
/// 187.667 and 280 (6, 284, 562 and 840 px), where rounding each exact origin would give 563
/// and 841 (docs/parity.md, CL-4: iOS drew 0, 278, 556 and 834 for the same quarter lengths).
@Test func framesAreOnTheScreensPixels() {
    func quarters() -> UIKitLayout {
        UIKitLayout(name: "quarters") { _ in
            let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.25)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 0.1, leading: 2, bottom: 0, trailing: 2)
            return UICollectionViewCompositionalLayout(section: section)
        }
    }
    func expectFrames(scale: Double, _ xs: [Double], width: Double, y: Double) {
        var layout = quarters()
        layout.prepare(
            CollectionViewState(
                size: Size(width: 375, height: 600), contentOffset: .zero, scale: scale,
                dataSource: CollectionViewDataSource(itemCounts: [4])))
        let cells = all(&layout).sorted { $0.indexPath.item < $1.indexPath.item }
        expect(cells.map { ($0.frame.minX * scale).rounded() } == xs.map { ($0 * scale).rounded() })
        expect(cells.allSatisfy { PixelGrid(scale: scale).contains($0.frame.minX) }, "scale \(scale)")
        expect(
            cells.allSatisfy { abs($0.frame.width - width) < 1e-9 && abs($0.frame.height - width) < 1e-9 })
        expect(cells.allSatisfy { $0.frame.minY == y }, "scale \(scale)")
    }
    expectFrames(scale: 3, [2, 284.0 / 3, 562.0 / 3, 840.0 / 3], width: 278.0 / 3, y: 0)
    expectFrames(scale: 2, [2, 95, 188, 281], width: 93, y: 0)
    expectFrames(scale: 1, [2, 95, 188, 281], width: 93, y: 0)
}

/// In a scene, a grouped list shows `.systemGroupedBackground` behind its rows where the program
/// set no background colour, and a colour the program set wins (docs/uikit.md "Lists").
@Test func aGroupedListShowsItsBackgroundInAScene() {
    var layout = UIKitLayout(name: "list") { _ in
        UICollectionViewCompositionalLayout.list(
            using: UICollectionLayoutListConfiguration(appearance: .insetGrouped))
    }
    layout.prepare(view([3]))
    let grouped = UIColor.systemGroupedBackground.cgColor.snapshot
    expect(layout.backgroundSnapshot?.backgroundColor == grouped)
    var own = UIKitLayout(name: "list") { collectionView in
        collectionView.backgroundColor = .red
        return UICollectionViewCompositionalLayout.list(
            using: UICollectionLayoutListConfiguration(appearance: .insetGrouped))
    }
    own.prepare(view([3]))
    expect(own.backgroundSnapshot?.backgroundColor == UIColor.red.cgColor.snapshot)
}
