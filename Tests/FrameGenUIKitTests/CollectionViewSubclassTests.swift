import Foundation
import FrameGenGeometry
import FrameGenKit
import FrameGenUserCode
import TestTiers
import Testing

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

// A collection view subclass of the program's (docs/uikit.md "Your own collection view"):
// framegen makes the view through the program's closure, hands that instance to the layout's
// factory, and runs its overrides where UIKit runs them. RowLayout puts item i at
// (20 + 60 i, 10), 40 x 40 points; the canvas is 200 x 60 points, black, at scale 1.

private let red = Color(r: 255, g: 0, b: 0)
private let white = Color(r: 255, g: 255, b: 255)
private let black = Color(r: 0, g: 0, b: 0)

/// Items in one row, scrolling sideways.
private final class RowLayout: UICollectionViewLayout {
    private var cache: [UICollectionViewLayoutAttributes] = []

    override func prepare() {
        super.prepare()
        cache = (0..<collectionView!.numberOfItems(inSection: 0)).map { item in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(x: 20 + 60 * CGFloat(item), y: 10, width: 40, height: 40)
            return a
        }
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: 1000, height: 60)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.indices.contains(indexPath.item) ? cache[indexPath.item] : nil
    }
}

/// White, with a red 10 x 10 square in its top left corner: where the corner lands shows the
/// cell's transform.
private final class CornerCell: UICollectionViewCell {
    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .white
        let corner = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        corner.backgroundColor = .red
        contentView.addSubview(corner)
    }

    required init?(coder: NSCoder) { nil }
}

/// Shrinks each visible cell by its distance from the centre, as Gemini's collection view
/// transforms its cells on every scroll: scale 1 at the centre, 1 - d / width off it.
private final class ShrinkingCollectionView: UICollectionView {
    var seen: LinesBox?

    override func layoutSubviews() {
        super.layoutSubviews()
        for cell in visibleCells {
            let d = abs(cell.center.x - bounds.midX)
            let s = 1 - min(d / bounds.width, 0.5)
            cell.layer.transform = CATransform3DMakeScale(s, s, 1)
        }
    }

    override func didMoveToSuperview() {
        super.didMoveToSuperview()
        seen?.append("superview \(superview.map { "\($0.bounds.width) x \($0.bounds.height)" } ?? "nil")")
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        seen?.append("window")
    }

    override var contentOffset: CGPoint {
        didSet { seen?.append("offset \(contentOffset.x)") }
    }
}

private func render(
    items: Int = 6, timeline: String = "", frame: Int = 0, seen: LinesBox = LinesBox(),
    collectionView: UIKitLayout.CollectionViewFactory? = nil
) throws -> StraightImage {
    let folder = NSTemporaryDirectory() + "framegen-cv-subclass-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    canvas: {width: 200, height: 60, scale: 1, background: "#000000"}
    content: {items: \(items)}
    layout: {type: row, cell: corner}
    \(timeline)
    """.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let layouts = try UIKitLayout.descriptors(
        layouts: ["row": { _ in RowLayout() }], cells: ["corner": { CornerCell(frame: $0) }],
        collectionViews: [
            "row": collectionView
                ?? { frame, layout in
                    let view = ShrinkingCollectionView(frame: frame, collectionViewLayout: layout)
                    view.seen = seen
                    return view
                }
        ])
    return try SceneRenderer(file: folder + "/s.yaml", layouts: layouts).render(frame: frame)
}

@Test func theLayoutsFactoryGetsTheProgramsSubclassAsItsCollectionView() throws {
    let seen = LinesBox()
    let folder = NSTemporaryDirectory() + "framegen-cv-subclass-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    canvas: {width: 200, height: 60, scale: 1}
    content: {items: 6}
    layout: {type: row}
    """.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let layouts = try UIKitLayout.descriptors(
        layouts: [
            "row": { collectionView in
                let layout = RowLayout()
                seen.append(
                    "factory \(type(of: collectionView)) \(collectionView.frame.width) x \(collectionView.frame.height)"
                )
                seen.append("crash line \(CrashReport.lineOnThisThread ?? "none")")
                return layout
            }
        ],
        collectionViews: [
            "row": { frame, layout in
                seen.append("made \(frame.width) x \(frame.height) \(type(of: layout))")
                seen.append("crash line \(CrashReport.lineOnThisThread ?? "none")")
                return ShrinkingCollectionView(frame: frame, collectionViewLayout: layout)
            }
        ])
    _ = try SceneRenderer(file: folder + "/s.yaml", layouts: layouts).render(frame: 0)
    let lines = seen.all
    // Made at the instant's size, with a placeholder layout, then handed to the factory.
    expect(lines.contains("made 200.0 x 60.0 UICollectionViewLayout"))
    expect(lines.contains("factory ShrinkingCollectionView 200.0 x 60.0"))
    expect(!lines.contains { $0.hasPrefix("factory UICollectionView ") })
    // A closure that traps is named as a factory that traps is (docs/uikit.md "Bad input").
    expect(lines.contains("crash line the layout \"row\", in its collection view's factory"))
    expect(lines.contains("crash line the layout \"row\", in its factory"))
}

@Test func theSubclassMovesToItsSuperviewAndWindowOnceAndSeesTheTimelinesOffsets() throws {
    let seen = LinesBox()
    _ = try render(timeline: "timeline: [{scroll: {to: [60, 0], duration: 0.1}}]", frame: 3, seen: seen)
    let lines = seen.all
    // Once per collection view made (each instant drawn makes its own objects), into a
    // superview of its size (the probe that reads the layout's class has no size yet).
    let made = lines.filter { $0.hasPrefix("superview") }.count
    expect(made >= 2)
    expect(lines.filter { $0 == "superview 200.0 x 60.0" }.count == made - 1)
    expect(lines.filter { $0 == "window" }.count == made)
    // The timeline scrolls through the contentOffset setter, as a pan does on iOS.
    expect(lines.contains("offset 60.0"))
}

@Test func layoutSubviewsOfTheSubclassTransformsTheDrawnCells() throws {
    // At offset 0 the view's centre is x = 100: item 1 (80...120) is at the centre, unscaled;
    // item 0 (centre 40) is 60 off, scaled by 0.7 about its centre (40, 30): its red corner
    // moves from (20...30, 10...20) to (26...33, 16...23).
    let still = try render()
    expect(still[81, 11] == red)
    expect(still[21, 11] == black)
    expect(still[27, 17] == red)
    expect(still[32, 22] == red)
    expect(still[35, 25] == white)
    // Without the subclass, the cells are drawn as the layout placed them.
    let plain = try render { UICollectionView(frame: $0, collectionViewLayout: $1) }
    expect(plain[21, 11] == red)
    expect(plain[32, 22] == white)
    // Scrolled to 60 (frame 3, 0.1 s at 30 fps), the centre is x = 160 in the content: item 2
    // (140...180, at 80...120 on screen) is unscaled and item 1 is scaled by 0.7, its corner at
    // (26...33, 16...23) on screen; layoutSubviews() ran at the frame drawn, after the scroll.
    let scrolled = try render(timeline: "timeline: [{scroll: {to: [60, 0], duration: 0.1}}]", frame: 3)
    expect(scrolled[81, 11] == red)
    expect(scrolled[21, 11] == black)
    expect(scrolled[32, 22] == red)
}

@Test func layoutSubviewsOfTheSubclassRunsAtEveryScrollStepOfADrag() throws {
    // Three items, no cell comes or goes: only the view's own pass after the scroll step can
    // change the transforms. The drag ends at rest (ease in and out) at offset 30, frame 9:
    // the centre is x = 130 in the content, item 1 (80...120, 50...90 on screen) is 30 off and
    // scaled by 0.85 about (70, 30) on screen: its red corner spans (53...61.5, 13...21.5).
    // Transforms left from offset 0 would leave item 1 unscaled, its corner at (50...60, 10...20).
    let dragged = try render(
        items: 3, timeline: "timeline: [{drag: {by: [-30, 0], duration: 0.3, curve: easeInEaseOut}}]",
        frame: 9)
    expect(dragged[50, 10] == black)
    expect(dragged[60, 20] == red)
    expect(dragged[54, 14] == red)
}

@Test func aCollectionViewForALayoutTheProgramDoesNotRegisterIsAClearError() {
    #expect {
        _ = try UIKitLayout.descriptors(
            layouts: ["row": { _ in RowLayout() }],
            collectionViews: ["rwo": { UICollectionView(frame: $0, collectionViewLayout: $1) }])
    } throws: { error in
        "\(error)"
            == "this program registers a collection view for \"rwo\", which is not one of its layouts (row); key collectionViews: by the layout's name"
    }
}

/// Keeps what the layout says, as Gemini's collection view reads its flow layout's direction.
private final class DirectionKeepingView: UICollectionView {
    var direction: UICollectionView.ScrollDirection?

    override func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        super.setCollectionViewLayout(layout, animated: animated)
        direction = (layout as? UICollectionViewFlowLayout)?.scrollDirection
    }

    override func setCollectionViewLayout(
        _ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil
    ) {
        super.setCollectionViewLayout(layout, animated: animated, completion: completion)
        direction = (layout as? UICollectionViewFlowLayout)?.scrollDirection
    }
}

@Test func setCollectionViewLayoutInstallsTheLayoutAtOnce() {
    let first = UICollectionViewFlowLayout()
    let view = DirectionKeepingView(frame: .zero, collectionViewLayout: first)
    let flow = UICollectionViewFlowLayout()
    flow.scrollDirection = .horizontal
    view.setCollectionViewLayout(flow, animated: true)
    expect(view.collectionViewLayout === flow && flow.collectionView === view && first.collectionView == nil)
    expect(view.direction == .horizontal)
    var finished: Bool?
    let other = UICollectionViewLayout()
    view.setCollectionViewLayout(other, animated: false) { finished = $0 }
    expect(finished == true && view.collectionViewLayout === other && view.direction == nil)
}

/// Moves each cell's anchor point to its top edge as it configures it, keeping its frame, as
/// Gemini's `animateCell(_:)` does from `collectionView(_:cellForItemAt:)`.
private final class AnchoringDataSource: UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        collectionView.numberOfItems(inSection: section)
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "corner", for: indexPath)
        cell.layer.position.y -= cell.bounds.height / 2
        cell.layer.anchorPoint = CGPoint(x: 0.5, y: 0)
        return cell
    }
}

@Test func aDequeuedCellHasItsAttributesBeforeTheDataSourceConfiguresIt() throws {
    let folder = NSTemporaryDirectory() + "framegen-cv-subclass-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    canvas: {width: 200, height: 60, scale: 1, background: "#000000"}
    content: {items: 3}
    layout: {type: row, cell: corner}
    """.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let layouts = try UIKitLayout.descriptors(
        layouts: [
            "row": { collectionView in
                collectionView.dataSource = AnchoringDataSource()
                return RowLayout()
            }
        ], cells: ["corner": { CornerCell(frame: $0) }])
    let image = try SceneRenderer(file: folder + "/s.yaml", layouts: layouts).render(frame: 0)
    // The attributes were applied in the dequeue, so the display pass leaves the centre the
    // data source moved: item 0 stays at (20...60, 10...50), its red corner at the top left.
    // Applied after the data source, its centre (40, 30) would become the top edge's anchor:
    // the cell drawn at (20...60, 30...70).
    expect(image[21, 11] == red)
    expect(image[45, 45] == white)
    expect(image[21, 31] == white)
}

/// Notes the offset of every layout pass.
private final class OffsetNotingView: UICollectionView {
    var seen: LinesBox?

    override func layoutSubviews() {
        super.layoutSubviews()
        seen?.append("\(contentOffset.x)")
    }
}

@Test func theSubclassLaysItselfOutAtEveryScreenRefreshOfADrag() throws {
    // On iOS the scroll view lays itself out at each of the 60 refreshes a second of a drag:
    // frame 9 (0.3 s) of a 0.3 s drag of 120 points at a constant speed has seen the 17
    // refreshes strictly inside it, each 6.7 points on from the last, besides its start and end.
    let seen = LinesBox()
    _ = try render(
        items: 3, timeline: "timeline: [{drag: {by: [-120, 0], duration: 0.3}}]", frame: 9
    ) { frame, layout in
        let view = OffsetNotingView(frame: frame, collectionViewLayout: layout)
        view.seen = seen
        return view
    }
    let inside = Set(seen.all.compactMap(Double.init).filter { $0 > 0 && $0 < 120 })
    expect(inside.count >= 17, "\(inside.sorted())")
}
