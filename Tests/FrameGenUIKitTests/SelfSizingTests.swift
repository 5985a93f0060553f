import Foundation
import FrameGenGeometry
import FrameGenKit
import TestTiers
import Testing

import struct FrameGenLayout.CollectionViewDataSource
import struct FrameGenLayout.CollectionViewState
import enum FrameGenLayout.LayoutRegistry

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

// Self-sizing cells in the flow layout (docs/uikit.md "Self-sizing cells").

/// Item i's height as its cell's constraints give it: 40, 60, 80, 100, 40, ...
private func height(_ item: Int) -> CGFloat { 40 + 20 * CGFloat(item % 4) }

/// A cell as apps write a self-sizing one: a bar pinned to the content view's edges whose
/// height constraint (999, below the content view's own size) the item sets; red for even
/// items, blue for odd.
final class SizedCell: UICollectionViewCell {
    let bar = UIView()
    var barHeight: NSLayoutConstraint!

    override init(frame: CGRect) {
        super.init(frame: frame)
        bar.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(bar)
        barHeight = bar.heightAnchor.constraint(equalToConstant: 10)
        barHeight.priority = UILayoutPriority(999)
        NSLayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            bar.topAnchor.constraint(equalTo: contentView.topAnchor),
            bar.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
            barHeight,
        ])
    }

    required init?(coder: NSCoder) { nil }

    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        let item = layoutAttributes.indexPath.item
        barHeight.constant = height(item)
        bar.backgroundColor = item % 2 == 0 ? .red : .blue
    }
}

/// A cell with no constraints that sizes itself in code: 30 + 10 × item high.
final class CodeSizedCell: UICollectionViewCell {
    override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes
    {
        let a = layoutAttributes.copy() as! UICollectionViewLayoutAttributes
        a.size.height = 30 + 10 * CGFloat(a.indexPath.item)
        return a
    }
}

/// A cell that is never content with its size: one point taller each time it is asked.
final class RestlessCell: UICollectionViewCell {
    override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes
    {
        let a = layoutAttributes.copy() as! UICollectionViewLayoutAttributes
        a.size.height += 1
        return a
    }
}

/// A vertical flow of 200-point-wide rows, no spacing; `estimated`: its `estimatedItemSize`.
private func flow(estimated: CGSize) -> UICollectionViewFlowLayout {
    let flow = UICollectionViewFlowLayout()
    flow.itemSize = CGSize(width: 200, height: 50)
    flow.estimatedItemSize = estimated
    flow.minimumLineSpacing = 0
    flow.minimumInteritemSpacing = 0
    return flow
}

/// 12 items in a 200 × 300 view at the top, drawn with `cell`, after the first layout pass.
private func prepared(
    _ cell: @escaping UICollectionViewCellFactory, estimated: CGSize,
    warnings: LayoutWarnings = LayoutWarnings()
) -> UIKitLayout {
    var layout = UIKitLayout(
        name: "sizing", parameters: ["cell": .string("c")], cells: ["c": cell], warnings: warnings
    ) { _ in flow(estimated: estimated) }
    layout.prepare(
        CollectionViewState(
            size: Size(width: 200, height: 300), contentOffset: .zero,
            dataSource: CollectionViewDataSource(itemCounts: [12])))
    return layout
}

private func frame(_ layout: UIKitLayout, _ item: Int) -> Rect? {
    layout.layoutAttributesForItem(at: .init(section: 0, item: item))?.frame
}

@Test(arguments: [CGSize(width: 200, height: 50), UICollectionViewFlowLayout.automaticSize])
func cellsSizedByTheirConstraintsStackAtTheirOwnHeights(estimated: CGSize) {
    let layout = prepared({ SizedCell(frame: $0) }, estimated: estimated)
    // The first pass shows items 0 to 5 at the 50-point estimate (0 to 300); measured, they
    // are 40 + 60 + 80 + 100 + 40 + 60 high.
    var y = 0.0
    for item in 0..<6 {
        expect(frame(layout, item) == Rect(x: 0, y: y, width: 200, height: Double(height(item))))
        y += Double(height(item))
    }
    // Items never shown keep the estimate, and so does the content size.
    expect(frame(layout, 6) == Rect(x: 0, y: 380, width: 200, height: 50))
    expect(frame(layout, 11) == Rect(x: 0, y: 630, width: 200, height: 50))
    expect(layout.collectionViewContentSize == Size(width: 200, height: 680))
}

@Test func aFlowWithoutAnEstimateKeepsItsItemSize() {
    let layout = prepared({ SizedCell(frame: $0) }, estimated: .zero)
    expect(frame(layout, 1) == Rect(x: 0, y: 50, width: 200, height: 50))
    expect(layout.collectionViewContentSize == Size(width: 200, height: 600))
}

@Test func aCellThatSizesItselfInCodeIsHonoured() {
    let layout = prepared({ CodeSizedCell(frame: $0) }, estimated: CGSize(width: 200, height: 50))
    // 30, 40, 50, ...: items 0 to 5 were shown at the estimate; item 6 was not.
    expect(frame(layout, 0) == Rect(x: 0, y: 0, width: 200, height: 30))
    expect(frame(layout, 3) == Rect(x: 0, y: 30 + 40 + 50, width: 200, height: 60))
    expect(frame(layout, 6) == Rect(x: 0, y: 30 + 40 + 50 + 60 + 70 + 80, width: 200, height: 50))
}

@Test func aLayoutThatNeverSettlesStopsAfterEightPassesWithOneWarning() {
    let lines = UncheckedBox<[String]>([])
    let warnings = LayoutWarnings { lines.value.append($0) }
    let layout = prepared(
        { RestlessCell(frame: $0) }, estimated: CGSize(width: 200, height: 50), warnings: warnings)
    // Each pass grows every shown item by a point; the first item was shown in all eight.
    expect(frame(layout, 0)?.height == 58)
    expect(lines.value.count == 1, "\(lines.value)")
    expect(lines.value.first?.contains("\"sizing\"") == true)
    expect(lines.value.first?.contains("did not settle") == true)
}

private let sizingScene = """
    canvas: {width: 200, height: 300, scale: 1, background: "#000000"}
    content: {items: 12}
    layout: {type: uikit-sizing, cell: sized}
    timeline:
      - drag: {by: [0, -200], duration: 0.5}
    """

private let sizingLayouts = [
    UIKitLayout.descriptor(type: "uikit-sizing", cells: ["sized": { SizedCell(frame: $0) }]) { _ in
        flow(estimated: CGSize(width: 200, height: 50))
    }
]

@Test func aFlingMeasuresEveryItemItShows() throws {
    // Flung through all twelve items: whichever display pass first shows an item (the layout
    // pass's, or a frame's beyond the visible bounds), it is measured, and every item drawn
    // sits below the measured ones before it.
    let scene = try Scene(
        document: parseDocument(
            sizingScene.replacingOccurrences(of: "by: [0, -200]", with: "by: [0, -400]"), file: "s.yaml"),
        folder: ".", layouts: LayoutRegistry.builtIn + sizingLayouts)
    let timeline = try Timeline(scene)
    let last = timeline.frame(timeline.frameCount - 1).views[0]
    expect(last.bounds.minY > 380)
    for element in last.elements {
        let item = element.attributes.indexPath.item
        let top = (0..<item).reduce(0.0) { $0 + Double(height($1)) }
        expect(element.attributes.frame == Rect(x: 0, y: top, width: 200, height: Double(height(item))))
    }
}

@Test func theSecondRowIsDrawnWhereTheFirstCellsHeightPutsIt() throws {
    let folder = NSTemporaryDirectory() + "framegen-selfsizing-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try sizingScene.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let image = try SceneRenderer(file: folder + "/s.yaml", layouts: sizingLayouts).render(frame: 0)
    // Item 0 (red) is 40 high, so item 1 (blue) starts at 40, not at the estimate's 50; item 2
    // (red) runs from 100 to 180, where the estimate would have put item 3.
    expect(image[100, 35] == Color(r: 255, g: 0, b: 0))
    expect(image[100, 45] == Color(r: 0, g: 0, b: 255))
    expect(image[100, 170] == Color(r: 255, g: 0, b: 0))
    expect(image[100, 185] == Color(r: 0, g: 0, b: 255))
}

@Test func selfSizedFramesFromSeveralThreadsEqualSerialOnes() throws {
    let scene = try Scene(
        document: parseDocument(sizingScene, file: "s.yaml"), folder: ".",
        layouts: LayoutRegistry.builtIn + sizingLayouts)
    let timeline = try Timeline(scene)
    let serial = (0..<timeline.frameCount).map { "\(timeline.frame($0))" }
    // Scrolled by 200, item 6 (at 380 once the first six are measured) is shown and measured.
    let last = timeline.frame(timeline.frameCount - 1).views[0].elements.map(\.attributes)
    expect(last.first { $0.indexPath.item == 6 }?.frame == Rect(x: 0, y: 380, width: 200, height: 80))
    expect(framesDrawnInReverseOnSeveralThreads(timeline) == serial)
}

/// A label answers `sizeThatFits(_:)` with its text's size as UIKit's does, so `sizeToFit()`
/// sizes a new label (whose bounds ask no width) to its text: a label of one line its whole
/// line whatever width is asked; a label of several wrapped at the width asked, its own lines
/// where none is; nothing without text.
@Test func aLabelSizesToFitItsText() {
    let label = UILabel()
    label.text = "Tap to continue"
    label.sizeToFit()
    expect(label.bounds.size == label.intrinsicContentSize, "\(label.bounds.size)")
    expect(label.bounds.width > 80 && label.bounds.height > 15, "\(label.bounds.size)")
    expect(label.sizeThatFits(CGSize(width: 30, height: 10)) == label.intrinsicContentSize)

    let wrapping = UILabel()
    wrapping.numberOfLines = 0
    wrapping.text = "Tap to continue"
    let oneLine = wrapping.sizeThatFits(.zero)
    expect(oneLine == label.bounds.size, "\(oneLine)")
    let narrow = wrapping.sizeThatFits(CGSize(width: 60, height: CGFloat.greatestFiniteMagnitude))
    expect(narrow.width <= 60 && narrow.height > oneLine.height * 1.5, "\(narrow)")

    let empty = UILabel()
    empty.sizeToFit()
    expect(empty.bounds.size == .zero)
}
