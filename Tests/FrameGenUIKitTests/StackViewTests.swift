import Foundation
import FrameGenGeometry
import FrameGenKit
import TestTiers
import Testing

import struct FrameGenLayout.CollectionViewDataSource
import struct FrameGenLayout.CollectionViewState

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

// UIStackView (docs/uikit.md "Stack views"): frames worked out by hand from Apple's rules for
// each distribution and alignment. Outside a render the screen's scale is 3, so every edge
// below lies on the 1/3-point grid the engine rounds to.

/// A view of a fixed intrinsic size, as a label or an image view has one.
final class Block: UIView {
    let size: CGSize

    init(_ width: CGFloat, _ height: CGFloat) {
        size = CGSize(width: width, height: height)
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) { nil }

    override var intrinsicContentSize: CGSize { size }
}

/// `stack` pinned by anchors to the edges of a root of `size` (its bottom left free unless
/// `toBottom`), laid out.
@discardableResult
private func pinned(_ stack: UIStackView, in size: CGSize, toBottom: Bool = true) -> UIView {
    let root = UIView(frame: CGRect(origin: .zero, size: size))
    stack.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(stack)
    NSLayoutConstraint.activate([
        stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        stack.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        stack.topAnchor.constraint(equalTo: root.topAnchor),
    ])
    if toBottom { stack.bottomAnchor.constraint(equalTo: root.bottomAnchor).isActive = true }
    root.layoutIfNeeded()
    return root
}

private func near(_ a: CGRect, _ b: CGRect) -> Bool {
    abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9
        && abs(a.height - b.height) < 1e-9
}

/// The arranged views' x and width.
private func spans(_ stack: UIStackView) -> [[CGFloat]] {
    stack.arrangedSubviews.map { [$0.frame.minX, $0.frame.width] }
}

private func expectSpans(_ stack: UIStackView, _ expected: [[CGFloat]], line: Int = #line) {
    let got = spans(stack)
    let ok =
        got.count == expected.count
        && zip(got, expected).allSatisfy { abs($0.0[0] - $0.1[0]) < 1e-9 && abs($0.0[1] - $0.1[1]) < 1e-9 }
    expect(ok, "got \(got), expected \(expected) (line \(line))")
}

@Test func theDefaultsAndTheConstantsAreUIKits() {
    let stack = UIStackView()
    expect(stack.axis == .horizontal && stack.distribution == .fill && stack.alignment == .fill)
    expect(
        stack.spacing == 0 && !stack.isLayoutMarginsRelativeArrangement
            && !stack.isBaselineRelativeArrangement)
    expect(
        UIStackView.Distribution.equalCentering.rawValue == 4
            && UIStackView.Alignment.lastBaseline.rawValue == 5)
    expect(UIStackView.Alignment.top == .leading && UIStackView.Alignment.bottom == .trailing)
    let a = UIView()
    stack.addArrangedSubview(a)
    expect(stack.customSpacing(after: a) == UIStackView.spacingUseDefault)
    // An arranged view is a subview placed by constraints.
    expect(stack.subviews.first === a && !a.translatesAutoresizingMaskIntoConstraints)
}

@Test func fillEquallySharesTheLengthLeftBySpacing() {
    let labels = ["A", "A longer title", "B"].map { text -> UILabel in
        let label = UILabel()
        label.text = text
        return label
    }
    let stack = UIStackView(arrangedSubviews: labels)
    stack.distribution = .fillEqually
    stack.spacing = 10
    _ = pinned(stack, in: CGSize(width: 300, height: 50))
    // (300 − 2 × 10) / 3 = 93.33 each, whatever their texts' widths; full height (.fill).
    let w = 280.0 / 3
    expectSpans(stack, [[0, w], [w + 10, w], [2 * w + 20, w]])
    expect(labels.allSatisfy { $0.frame.minY == 0 && $0.frame.height == 50 })
}

@Test func fillGivesTheRoomLeftToTheLowestHuggingAndTakesTheRoomMissingFromTheLowestResistance() {
    func stack(width: CGFloat, _ configure: ([Block]) -> Void) -> UIStackView {
        let blocks = [Block(40, 20), Block(60, 20), Block(50, 20)]
        configure(blocks)
        let stack = UIStackView(arrangedSubviews: blocks)
        stack.spacing = 10
        _ = pinned(stack, in: CGSize(width: width, height: 20))
        return stack
    }
    // 300 − 150 − 20 = 130 points left: the middle view hugs least and takes them.
    expectSpans(
        stack(width: 300) { $0[1].setContentHuggingPriority(UILayoutPriority(200), for: .horizontal) },
        [[0, 40], [50, 190], [250, 50]])
    // Hugging ties: the index decides, the first view stretches, as on iOS (below).
    expectSpans(stack(width: 300) { _ in }, [[0, 170], [180, 60], [250, 50]])
    // 30 points missing: the last view resists least and gives them up.
    expectSpans(
        stack(width: 140) {
            $0[2].setContentCompressionResistancePriority(UILayoutPriority(700), for: .horizontal)
        },
        [[0, 40], [50, 60], [120, 20]])
}

/// Labels made in code, in a row.
private func labels(_ texts: [String], lines: Int = 1) -> [UILabel] {
    texts.map { text in
        let label = UILabel()
        label.text = text
        label.numberOfLines = lines
        return label
    }
}

@Test func aRowOfLabelsOfEqualHuggingStretchesTheFirst() {
    // iOS stretches the first of the views of lowest hugging where they tie: a row of labels
    // made in code (hugging 250 each) gives the room left to the first
    // (ivanthinking.net/thoughts/horizontal-stack-content-hugging: "LOVE", the first of three,
    // takes the row; a suite's four labels recorded on iOS did the same), and raising the
    // first's hugging hands the room to the next.
    let row = labels(["One", "Two", "Three", "Four"])
    let stack = UIStackView(arrangedSubviews: row)
    stack.spacing = 8
    let root = pinned(stack, in: CGSize(width: 300, height: 30))
    let own = row.map { $0.intrinsicContentSize.width }
    let rest = own.dropFirst().reduce(0, +)
    expect(abs(row[0].frame.width - (300 - 24 - rest)) < 0.5, "\(row.map(\.frame))")
    for (label, width) in zip(row, own).dropFirst() {
        expect(abs(label.frame.width - width) < 0.5, "\(row.map(\.frame))")
    }
    // A new hugging after the stack was laid out: the stack's constraints follow at the next pass.
    row[0].setContentHuggingPriority(.defaultHigh, for: .horizontal)
    root.layoutIfNeeded()
    expect(abs(row[0].frame.width - own[0]) < 0.5, "\(row.map(\.frame))")
    expect(row[1].frame.width > own[1] + 100, "\(row.map(\.frame))")
}

@Test func aLabelGivenItsTextAfterTheFirstPassHugsAsTheOthersDo() {
    // Without text a label is 0 x 0 (iOS's intrinsic size for it) and hugs at 250 as the others
    // do: it stays 0 wide and the first label takes the room left; given its text after the
    // stack was first laid out (a cell configured after its first pass), it takes its text's
    // width and the first label still stretches, as on iOS.
    let row = labels(["One", "Two", "Three", ""])
    let stack = UIStackView(arrangedSubviews: row)
    stack.spacing = 8
    let root = pinned(stack, in: CGSize(width: 300, height: 30))
    expect(row[3].frame.width == 0, "\(row.map(\.frame))")
    expect(row[0].frame.width > 100, "\(row.map(\.frame))")
    row[3].text = "Four"
    root.layoutIfNeeded()
    let own = row.map { $0.intrinsicContentSize.width }
    expect(abs(row[0].frame.width - (300 - 24 - own.dropFirst().reduce(0, +))) < 0.5, "\(row.map(\.frame))")
    expect(abs(row[3].frame.width - own[3]) < 0.5, "\(row.map(\.frame))")
}

@Test func aRowSharesItsWidthEquallyBetweenLabelsOfSeveralLines() {
    // UIKit's "UISV-text-width-disambiguation" (openradar 39275811 and 41192642): a label of
    // several lines in a row is pulled to 1/N of the stack's width, less its share of the
    // spacing, at its compression resistance + 10. Two such labels of different texts split
    // the row evenly, where single-line labels would stretch the first.
    let row = labels(["Short", "A much longer text that would wrap somewhere"], lines: 0)
    let stack = UIStackView(arrangedSubviews: row)
    stack.spacing = 10
    let root = pinned(stack, in: CGSize(width: 300, height: 200))
    root.layoutIfNeeded()
    expectSpans(stack, [[0, 145], [155, 145]])
}

@Test func aLabelOfSeveralLinesBesideASwitchTakesHalfTheRow() {
    // openradar 39275811 (useyourloaf.com/blog/stack-views-and-multi-line-labels): a label of
    // several lines (hugging 251, resistance 749) and a switch (750, 750) in a `.fill` row are
    // "sized equally to fill half of the available width", through the stack's
    // `label.width = 0.5 * stackView.width - 0 @ 759`, which beats the switch's hugging. A
    // short text, so that the label's own width plays no part; a switch that hugs at required
    // keeps its width and the label takes the rest.
    func row(switchHugging: Float, lines: Int) -> UIStackView {
        let label = labels(["Wi-Fi"], lines: lines)[0]
        label.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        label.setContentCompressionResistancePriority(UILayoutPriority(749), for: .horizontal)
        let toggle = Block(51, 31)
        toggle.setContentHuggingPriority(UILayoutPriority(switchHugging), for: .horizontal)
        let stack = UIStackView(arrangedSubviews: [label, toggle])
        stack.alignment = .top
        let root = pinned(stack, in: CGSize(width: 300, height: 200))
        root.layoutIfNeeded()
        return stack
    }
    expectSpans(row(switchHugging: 750, lines: 0), [[0, 150], [150, 150]])
    expectSpans(row(switchHugging: 1000, lines: 0), [[0, 249], [249, 51]])
    // A label of one line has none: the label hugs least and takes the room left.
    expectSpans(row(switchHugging: 750, lines: 1), [[0, 249], [249, 51]])
}

@Test func fillProportionallySharesByIntrinsicLength() {
    let stack = UIStackView(arrangedSubviews: [Block(40, 10), Block(60, 10), Block(100, 10)])
    stack.distribution = .fillProportionally
    stack.spacing = 10
    _ = pinned(stack, in: CGSize(width: 420, height: 10))
    // 400 points shared 40 : 60 : 100.
    expectSpans(stack, [[0, 80], [90, 120], [220, 200]])
}

@Test func equalSpacingAndEqualCenteringKeepTheViewsSizes() {
    let spaced = UIStackView(arrangedSubviews: [Block(40, 10), Block(60, 10), Block(50, 10)])
    spaced.distribution = .equalSpacing
    spaced.spacing = 10
    _ = pinned(spaced, in: CGSize(width: 300, height: 10))
    // 150 points of gap in two equal gaps of 75.
    expectSpans(spaced, [[0, 40], [115, 60], [250, 50]])

    let centred = UIStackView(arrangedSubviews: [Block(40, 10), Block(60, 10), Block(40, 10)])
    centred.distribution = .equalCentering
    centred.spacing = 10
    _ = pinned(centred, in: CGSize(width: 300, height: 10))
    // Centres at 20 and 280, so the middle one's at 150.
    expectSpans(centred, [[0, 40], [120, 60], [260, 40]])

    // Too little room: the gaps shrink to the spacing, no further.
    let tight = UIStackView(arrangedSubviews: [Block(40, 10), Block(60, 10), Block(50, 10)])
    tight.distribution = .equalSpacing
    tight.spacing = 10
    _ = pinned(tight, in: CGSize(width: 170, height: 10))
    expectSpans(tight, [[0, 40], [50, 60], [120, 50]])
}

/// A stack that nothing makes longer than its views keeps its gaps at their spacing, and iOS
/// does not call it ambiguous: thumbprint-ios's vertical `.equalSpacing` button stacks, pinned
/// at the top only, are their buttons and gaps tall in iOS's references and pass its
/// `hasAmbiguousLayout` check.
@Test(arguments: [UIStackView.Distribution.equalSpacing, .equalCentering])
func anEqualSpacingStackSizedByItsViewsKeepsItsSpacing(distribution: UIStackView.Distribution) {
    let stack = UIStackView(arrangedSubviews: [Block(50, 20), Block(50, 30), Block(50, 20)])
    stack.axis = .vertical
    stack.distribution = distribution
    stack.spacing = 10
    pinned(stack, in: CGSize(width: 50, height: 500), toBottom: false)
    // Spacing: gaps of 10. Centring: centre distances of 10 + 25 + 10 = 35 both, 10 apart at least.
    expect(stack.frame.height == 90)
    expect(stack.arrangedSubviews.map(\.frame.minY) == [0, 30, 70])
    expect(!stack.hasAmbiguousLayout && stack.arrangedSubviews.allSatisfy { !$0.hasAmbiguousLayout })
}

@Test(arguments: [
    (UIStackView.Alignment.fill, [[0, 100], [0, 100], [0, 100]]),
    (.top, [[0, 20], [0, 40], [0, 60]]),
    (.center, [[40, 20], [30, 40], [20, 60]]),
    (.bottom, [[80, 20], [60, 40], [40, 60]]),
])
func alignmentPlacesTheViewsAcrossTheAxis(alignment: UIStackView.Alignment, expected: [[CGFloat]]) {
    let stack = UIStackView(arrangedSubviews: [Block(30, 20), Block(30, 40), Block(30, 60)])
    stack.alignment = alignment
    _ = pinned(stack, in: CGSize(width: 90, height: 100))
    expect(stack.arrangedSubviews.map { [$0.frame.minY, $0.frame.height] } == expected)
    expect(stack.arrangedSubviews.map(\.frame.minX) == [0, 30, 60])
}

@Test func aVerticalStackAlignsLeadingAndTrailingEdges() {
    let stack = UIStackView(arrangedSubviews: [Block(20, 30), Block(40, 30)])
    stack.axis = .vertical
    stack.spacing = 5
    stack.alignment = .trailing
    let root = pinned(stack, in: CGSize(width: 100, height: 65))
    expect(
        stack.arrangedSubviews.map(\.frame) == [
            CGRect(x: 80, y: 0, width: 20, height: 30), CGRect(x: 60, y: 35, width: 40, height: 30),
        ])
    stack.alignment = .leading
    root.layoutIfNeeded()
    expect(stack.arrangedSubviews.map(\.frame.minX) == [0, 0])
    // Baseline alignment is for horizontal stacks: a vertical one aligns its leading edges.
    stack.alignment = .firstBaseline
    root.layoutIfNeeded()
    expect(stack.arrangedSubviews.map(\.frame.minX) == [0, 0])
}

/// Two one-line labels, 12 and 30 points, for the baseline alignments.
private func smallAndLargeLabels() -> (UILabel, UILabel) {
    let small = UILabel()
    small.text = "Small"
    small.font = .systemFont(ofSize: 12)
    let large = UILabel()
    large.text = "Large"
    large.font = .systemFont(ofSize: 30)
    return (small, large)
}

@Test func firstBaselineAlignsTheLabelsTextAndPutsTheRowAtTheTop() {
    let (small, large) = smallAndLargeLabels()
    let stack = UIStackView(arrangedSubviews: [small, large])
    stack.alignment = .firstBaseline
    stack.spacing = 8
    _ = pinned(stack, in: CGSize(width: 300, height: 100))
    // A one-line label's baseline: its ascender below its text's top, the text centred.
    func baseline(_ label: UILabel) -> CGFloat {
        label.frame.midY - label.font.lineHeight / 2 + label.font.ascender
    }
    expect(abs(baseline(small) - baseline(large)) <= 1.0 / 3)
    expect(large.frame.minY == 0 && small.frame.minY > 0)
}

@Test func hiddenViewsTakeNoRoomAndNoSpacingAndShowAgain() {
    let views = [Block(10, 10), Block(10, 10), Block(10, 10)]
    let stack = UIStackView(arrangedSubviews: views)
    stack.distribution = .fillEqually
    stack.spacing = 10
    let root = pinned(stack, in: CGSize(width: 300, height: 10))
    views[1].isHidden = true
    root.layoutIfNeeded()
    // Two views and one gap: 145 each.
    expect(views[0].frame.width == 145 && views[2].frame.minX == 155 && views[2].frame.width == 145)
    expect(views[1].frame.width == 0)
    views[1].isHidden = false
    root.layoutIfNeeded()
    expectSpans(stack, [[0, 280.0 / 3], [280.0 / 3 + 10, 280.0 / 3], [560.0 / 3 + 20, 280.0 / 3]])
    // The last view hidden: the middle one reaches the end.
    views[2].isHidden = true
    root.layoutIfNeeded()
    expect(views[1].frame.maxX == 300 && views[2].frame.width == 0)
}

@Test func newSpacingCustomSpacingAndMarginsLayOutAgainAtTheNextPass() {
    let stack = UIStackView(arrangedSubviews: [Block(10, 10), Block(10, 10), Block(10, 10)])
    stack.distribution = .fillEqually
    let root = pinned(stack, in: CGSize(width: 300, height: 50))
    expectSpans(stack, [[0, 100], [100, 100], [200, 100]])
    stack.spacing = 15
    root.layoutIfNeeded()
    expectSpans(stack, [[0, 90], [105, 90], [210, 90]])
    stack.setCustomSpacing(45, after: stack.arrangedSubviews[0])
    expect(stack.customSpacing(after: stack.arrangedSubviews[0]) == 45)
    root.layoutIfNeeded()
    expectSpans(stack, [[0, 80], [125, 80], [220, 80]])
    stack.setCustomSpacing(UIStackView.spacingUseDefault, after: stack.arrangedSubviews[0])
    stack.spacing = UIStackView.spacingUseSystem
    root.layoutIfNeeded()
    // The system spacing is 8: (300 − 16) / 3.
    let w = 284.0 / 3
    expectSpans(stack, [[0, w], [w + 8, w], [2 * w + 16, w]])
    stack.spacing = 0
    stack.isLayoutMarginsRelativeArrangement = true
    stack.layoutMargins = UIEdgeInsets(top: 5, left: 6, bottom: 5, right: 9)
    root.layoutIfNeeded()
    expectSpans(stack, [[6, 95], [101, 95], [196, 95]])
    expect(stack.arrangedSubviews.allSatisfy { $0.frame.minY == 5 && $0.frame.height == 40 })
}

@Test func arrangedSubviewsFollowInsertRemoveAndRemoveFromSuperview() {
    let (a, b, c) = (Block(10, 10), Block(20, 10), Block(30, 10))
    let stack = UIStackView(arrangedSubviews: [a, b])
    stack.insertArrangedSubview(c, at: 1)
    expect(stack.arrangedSubviews == [a, c, b])
    stack.insertArrangedSubview(a, at: 2)
    expect(stack.arrangedSubviews == [c, b, a])
    // Removed from the arrangement, it stays a subview, as in UIKit; it no longer takes room.
    stack.removeArrangedSubview(b)
    expect(stack.arrangedSubviews == [c, a] && b.superview === stack)
    stack.spacing = 10
    stack.distribution = .fillEqually
    let root = pinned(stack, in: CGSize(width: 110, height: 10))
    expectSpans(stack, [[0, 50], [60, 50]])
    a.removeFromSuperview()
    expect(stack.arrangedSubviews == [c])
    root.layoutIfNeeded()
    expect(c.frame.width == 110)
}

@Test func aStackInAStackSizesBothFromTheirViews() {
    let (a, b, c) = (Block(70, 20), Block(30, 40), Block(50, 30))
    let row = UIStackView(arrangedSubviews: [b, c])
    row.spacing = 10
    let column = UIStackView(arrangedSubviews: [a, row])
    column.axis = .vertical
    column.alignment = .leading
    column.spacing = 5
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    column.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(column)
    NSLayoutConstraint.activate([
        column.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 12),
        column.topAnchor.constraint(equalTo: root.topAnchor, constant: 7),
    ])
    root.layoutIfNeeded()
    // The row: 30 + 10 + 50 wide, as tall as its tallest view (its views fill its height).
    expect(row.frame == CGRect(x: 0, y: 25, width: 90, height: 40))
    expect(c.frame == CGRect(x: 40, y: 0, width: 50, height: 40))
    // The column: as wide as the wider of its views, 20 + 5 + 40 high.
    expect(column.frame == CGRect(x: 12, y: 7, width: 90, height: 65))
    expect(a.frame == CGRect(x: 0, y: 0, width: 70, height: 20))
    // Its fitting size is the same, the stack alone.
    let alone = UIStackView(arrangedSubviews: [Block(70, 20), Block(30, 40)])
    alone.axis = .vertical
    alone.spacing = 5
    expect(
        alone.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 70, height: 65))
}

/// A cell as apps write one: three colour bars in a horizontal stack pinned 10 points inside
/// the content view, filling it equally with 10 points between them.
final class StackedBarsCell: UICollectionViewCell {
    let stack = UIStackView(
        arrangedSubviews: [UIColor.red, .green, .blue].map { colour in
            let view = UIView()
            view.backgroundColor = colour
            return view
        })

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .white
        stack.distribution = .fillEqually
        stack.spacing = 10
        stack.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 10),
            stack.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -10),
            stack.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 10),
            stack.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -10),
        ])
    }

    required init?(coder: NSCoder) { nil }

    /// Odd items hide their green bar.
    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        stack.arrangedSubviews[1].isHidden = layoutAttributes.indexPath.item % 2 == 1
    }
}

@Test func aStackInACellIsDrawnWhereItsViewsLand() throws {
    let folder = NSTemporaryDirectory() + "framegen-stack-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    canvas: {width: 220, height: 150, scale: 1, background: "#000000"}
    content: {items: 2}
    layout: {type: uikit-flow, itemSize: [200, 60], minimumLineSpacing: 10, cell: bars}
    """.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let layouts = [
        UIKitLayout.descriptor(type: "uikit-flow", cells: ["bars": { StackedBarsCell(frame: $0) }]) { _ in
            UICollectionViewFlowLayout()
        }
    ]
    let image = try SceneRenderer(file: folder + "/s.yaml", layouts: layouts).render(frame: 0)
    let (red, green, blue, white) = (
        Color(r: 255, g: 0, b: 0), Color(r: 0, g: 255, b: 0), Color(r: 0, g: 0, b: 255),
        Color(r: 255, g: 255, b: 255)
    )
    // Item 0 from (10, 0): its stack from x 20 to 200, y 10 to 50; bars (180 − 20) / 3 = 53.3
    // wide: red 20 to 73.3, green 83.3 to 136.7, blue 146.7 to 200.
    expect(image[46, 30] == red && image[110, 30] == green && image[173, 30] == blue)
    expect(image[78, 30] == white && image[141, 30] == white && image[110, 5] == white)
    // Item 1 from (10, 70) hides its green bar: red 20 to 105, blue 115 to 200.
    expect(image[60, 100] == red && image[110, 100] == white && image[160, 100] == blue)
}

/// A self-sizing cell: a title and a body, both of several lines, in a vertical stack pinned to
/// the content view's margins.
final class StackedTextCell: UICollectionViewCell {
    static let title = "A title long enough to wrap onto a second line here"
    static let body =
        "And a body of text that wraps over several lines, as a card's description does in a list."
    let titleLabel = UILabel()
    let bodyLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        titleLabel.text = Self.title
        bodyLabel.text = Self.body
        bodyLabel.font = .systemFont(ofSize: 13)
        for label in [titleLabel, bodyLabel] {
            label.numberOfLines = 0
            label.preferredMaxLayoutWidth = 184
        }
        let stack = UIStackView(arrangedSubviews: [titleLabel, bodyLabel])
        stack.axis = .vertical
        stack.spacing = 6
        stack.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stack)
        let margins = contentView.layoutMarginsGuide
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            stack.topAnchor.constraint(equalTo: margins.topAnchor),
            stack.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
    }

    required init?(coder: NSCoder) { nil }
}

@Test func aSelfSizingCellTakesItsHeightFromAStackOfMultilineLabels() {
    var layout = UIKitLayout(
        name: "cards", parameters: ["cell": .string("c")], cells: ["c": { StackedTextCell(frame: $0) }],
        warnings: LayoutWarnings()
    ) { _ in
        let flow = UICollectionViewFlowLayout()
        flow.itemSize = CGSize(width: 200, height: 50)
        flow.estimatedItemSize = CGSize(width: 200, height: 50)
        flow.minimumLineSpacing = 0
        return flow
    }
    layout.prepare(
        CollectionViewState(
            size: Size(width: 200, height: 600), contentOffset: .zero,
            dataSource: CollectionViewDataSource(itemCounts: [3])))
    // Each label alone, wrapped at the same width on the same screen (the state's scale, 1):
    // the stack's two heights, 6 between, inside the content view's 8-point margins.
    func height(_ text: String, _ size: CGFloat) -> CGFloat {
        UIScreen.withMain(UIScreen(size: CGSize(width: 200, height: 600), scale: 1)) {
            let label = UILabel()
            label.text = text
            label.font = .systemFont(ofSize: size)
            label.numberOfLines = 0
            label.preferredMaxLayoutWidth = 184
            return label.intrinsicContentSize.height
        }
    }
    let title = height(StackedTextCell.title, 17)
    let body = height(StackedTextCell.body, 13)
    expect(title > 1.5 * UIFont.systemFont(ofSize: 17).lineHeight)
    expect(body > 2.5 * UIFont.systemFont(ofSize: 13).lineHeight)
    let expected = Double(8 + title + 6 + body + 8)
    let second = layout.layoutAttributesForItem(at: .init(section: 0, item: 1))?.frame
    expect(
        second.map { abs($0.height - expected) < 1e-6 && abs($0.minY - expected) < 1e-6 } == true,
        "\(String(describing: second)) expected height \(expected)")
}

@Test func aHiddenViewWithARequiredWidthOfItsOwnWarnsAndCollapses() {
    let lines = Lines()
    let collectionView = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 300, height: 300), collectionViewLayout: UICollectionViewFlowLayout()
    )
    collectionView.report = { lines.append($0) }
    let (a, b) = (Block(40, 10), UIView())
    b.widthAnchor.constraint(equalToConstant: 50).isActive = true
    let stack = UIStackView(arrangedSubviews: [a, b])
    stack.spacing = 10
    let root = pinned(stack, in: CGSize(width: 300, height: 10))
    collectionView.addSubview(root)
    // Shown: the plain view keeps its 50 points, the block (hugging 250) takes the rest.
    expectSpans(stack, [[0, 240], [250, 50]])
    expect(lines.all.isEmpty)
    // Hidden: the stack's zero length, installed first, holds; the view's own breaks, with a warning.
    b.isHidden = true
    root.layoutIfNeeded()
    expect(a.frame.width == 300 && b.frame.width == 0)
    expect(lines.all.count == 1 && lines.all.first?.contains("width == 50") == true, "\(lines.all)")
}

/// A stack view subclass as apps write one: its own `init(frame:)` and `init(coder:)`.
final class CardStack: UIStackView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        axis = .vertical
    }

    required init(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

@Test func aSubclassInheritsInitArrangedSubviews() {
    let stack = CardStack(arrangedSubviews: [Block(10, 20), Block(30, 40)])
    expect(stack.axis == .vertical && stack.arrangedSubviews.count == 2)
    expect(
        stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 30, height: 60))
}

/// A view that counts how often its intrinsic size is asked for.
final class CountingBlock: UIView {
    var asked = 0

    override var intrinsicContentSize: CGSize {
        asked += 1
        return CGSize(width: 40, height: 20)
    }
}

@Test func theEngineAsksAnIntrinsicSizeOnceABuildAndOnceAnUpdate() {
    let counted = CountingBlock()
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    counted.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(counted)
    counted.leadingAnchor.constraint(equalTo: root.leadingAnchor).isActive = true
    counted.topAnchor.constraint(equalTo: root.topAnchor).isActive = true
    root.layoutIfNeeded()
    expect(counted.frame == CGRect(x: 0, y: 0, width: 40, height: 20))
    expect(counted.asked == 1)
    // A new bounds size re-solves: the size is asked again, once.
    root.bounds.size = CGSize(width: 120, height: 100)
    root.layoutIfNeeded()
    expect(counted.asked == 2)
}

@Test func lastBaselineAlignsTheLabelsTextAndPutsTheRowAtTheBottom() {
    let (small, large) = smallAndLargeLabels()
    let stack = UIStackView(arrangedSubviews: [small, large])
    stack.alignment = .lastBaseline
    _ = pinned(stack, in: CGSize(width: 300, height: 100))
    // A one-line label's last baseline: its descender above its text's bottom, the text centred.
    func baseline(_ label: UILabel) -> CGFloat {
        label.frame.midY + label.font.lineHeight / 2 + label.font.descender
    }
    expect(abs(baseline(small) - baseline(large)) <= 1.0 / 3)
    expect(large.frame.maxY == 100 && small.frame.maxY < 100)
}
