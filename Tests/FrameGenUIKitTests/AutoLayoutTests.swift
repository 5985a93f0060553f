import Foundation
import FrameGenKit
import TestTiers
import Testing

import enum FrameGenLayout.LayoutRegistry

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

// Auto Layout on views and cells (docs/uikit.md "Auto Layout").

/// A cell as apps write it in code: an image view pinned to the content view's top-left with a
/// 4:3 aspect, a label beside it centred on it, its background red and the image view's blue.
final class PinnedCell: UICollectionViewCell {
    let imageView = UIImageView()
    let label = UILabel()
    /// The frames `layoutSubviews()` saw after `super.layoutSubviews()`.
    var seenImageFrame = CGRect.null
    var imageWidth: NSLayoutConstraint!

    override init(frame: CGRect) {
        super.init(frame: frame)
        imageView.backgroundColor = .blue
        label.backgroundColor = .green
        label.text = "Title"
        contentView.backgroundColor = .red
        for view in [imageView, label] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        imageWidth = imageView.widthAnchor.constraint(equalToConstant: 40)
        NSLayoutConstraint.activate([
            imageView.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
            imageView.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            imageWidth,
            imageView.heightAnchor.constraint(equalTo: imageView.widthAnchor, multiplier: 0.75),
            label.leadingAnchor.constraint(equalTo: imageView.trailingAnchor, constant: 8),
            label.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
            label.centerYAnchor.constraint(equalTo: imageView.centerYAnchor),
        ])
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        seenImageFrame = imageView.frame
    }
}

@Test func anchorsPlaceAContentViewsSubviews() {
    let cell = PinnedCell(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
    cell.layoutIfNeeded()
    expect(cell.imageView.frame == CGRect(x: 8, y: 8, width: 40, height: 30))
    // Leading 8 after the image, trailing at the 8-point margin; centred on the image (y 23)
    // at the label's intrinsic height, 17-point SF's line height on the 1/3-point grid.
    let lineHeight = UIFont.systemFont(ofSize: 17).lineHeight
    expect(cell.label.frame.minX == 56 && cell.label.frame.maxX == 192)
    expect(abs(cell.label.frame.height - lineHeight) <= 1.0 / 3)
    expect(abs(cell.label.frame.midY - 23) <= 1.0 / 3)
    // Constraints of one view are installed on it, as UIKit installs them.
    expect(cell.contentView.constraints.count == 5 && cell.imageView.constraints.count == 2)
}

@Test func aSubclassReadsTheSolvedFramesAfterSuperLayoutSubviews() {
    let cell = PinnedCell(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
    cell.layoutIfNeeded()
    expect(cell.seenImageFrame == CGRect(x: 8, y: 8, width: 40, height: 30))
}

@Test func aNewConstantOrNewBoundsLayOutAgainAtTheNextPass() {
    let cell = PinnedCell(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
    cell.layoutIfNeeded()
    cell.imageWidth.constant = 60
    expect(cell.imageView.frame.width == 40)
    cell.layoutIfNeeded()
    expect(cell.imageView.frame == CGRect(x: 8, y: 8, width: 60, height: 45))
    expect(cell.label.frame.minX == 76)
    // The cell grows, as a layout's new attributes make it: the content view follows its mask
    // and the label's trailing edge the new margin.
    cell.bounds = CGRect(x: 0, y: 0, width: 300, height: 60)
    cell.layoutIfNeeded()
    expect(cell.label.frame.maxX == 292)
    cell.imageWidth.isActive = false
    expect(!cell.contentView.constraints.contains(cell.imageWidth))
    cell.imageView.widthAnchor.constraint(equalTo: cell.contentView.widthAnchor, multiplier: 0.5).isActive =
        true
    cell.layoutIfNeeded()
    expect(cell.imageView.frame.width == 150 && cell.label.frame.minX == 166)
}

@Test func aRequiredConstraintBeatsAnOptionalOneAndPrioritiesRank() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
    let a = UIView()
    a.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(a)
    let low = a.widthAnchor.constraint(equalToConstant: 50)
    low.priority = .defaultLow
    let high = a.widthAnchor.constraint(equalToConstant: 80)
    high.priority = .defaultHigh
    NSLayoutConstraint.activate([
        a.leftAnchor.constraint(equalTo: root.leftAnchor), a.topAnchor.constraint(equalTo: root.topAnchor),
        a.heightAnchor.constraint(equalToConstant: 10), low, high,
    ])
    root.layoutIfNeeded()
    expect(a.frame.width == 80)
    a.widthAnchor.constraint(lessThanOrEqualToConstant: 70).isActive = true
    root.layoutIfNeeded()
    expect(a.frame.width == 70)
    expect(UILayoutPriority.required.rawValue == 1000 && UILayoutPriority.fittingSizeLevel.rawValue == 50)
}

// An app's own offset for priorities, as Tinder/Layout and many apps declare it (clamped to
// UIKit's range); it must be the only one a file importing UIKit sees, or `- 1` is ambiguous.
extension UILayoutPriority {
    fileprivate static func - (priority: UILayoutPriority, offset: Float) -> UILayoutPriority {
        UILayoutPriority(min(max(priority.rawValue - offset, 0), 1000))
    }
}

@Test func anAppsOwnPriorityOffsetIsTheOneUsed() {
    expect(UILayoutPriority.defaultHigh - 1 == UILayoutPriority(749))
    expect(UILayoutPriority.defaultLow - 300 == UILayoutPriority(0))
}

@Test func contentHuggingAndCompressionResistanceShareTheSpace() {
    // Two images side by side filling 200 points: the one that hugs less grows, the one that
    // resists less shrinks.
    func place(width: CGFloat, hugging: Bool) -> (CGFloat, CGFloat) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: width, height: 50))
        let small = UIImage(size: CGSize(width: 60, height: 20))
        let left = UIImageView(image: small)
        let right = UIImageView(image: small)
        for view in [left, right] {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
            view.topAnchor.constraint(equalTo: root.topAnchor).isActive = true
        }
        if hugging {
            left.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        } else {
            left.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        }
        NSLayoutConstraint.activate([
            left.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            right.leadingAnchor.constraint(equalTo: left.trailingAnchor),
            right.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        ])
        root.layoutIfNeeded()
        expect(left.frame.height == 20)
        return (left.frame.width, right.frame.width)
    }
    expect(place(width: 200, hugging: true) == (140, 60))
    expect(place(width: 100, hugging: false) == (40, 60))
}

@Test func unsatisfiableConstraintsWarnOnceNamingTheViewsAndBreakTheLastAdded() {
    let lines = Lines()
    let collectionView = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 300, height: 300), collectionViewLayout: UICollectionViewFlowLayout()
    )
    collectionView.report = { lines.append($0) }
    // The same conflict in two cells' worth of views: one warning.
    for _ in 0..<2 {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        collectionView.addSubview(root)
        let label = UILabel()
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        let last = label.widthAnchor.constraint(equalToConstant: 200)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            label.topAnchor.constraint(equalTo: root.topAnchor),
            last,
        ])
        root.layoutIfNeeded()
        expect(label.frame.minX == 10 && label.frame.width == 280)
    }
    // The same text each time, which the layout's warnings (LayoutWarnings) write once.
    expect(lines.all.count == 2 && Set(lines.all).count == 1)
    expect(lines.all.first?.contains("Unable to simultaneously satisfy constraints") == true)
    expect(lines.all.first?.contains("UILabel") == true && lines.all.first?.contains("width == 200") == true)
}

final class Lines: @unchecked Sendable {
    private(set) var all: [String] = []
    func append(_ line: String) { all.append(line) }
}

@Test func guidesMarginsAndSystemLayoutSizeFitting() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    root.layoutMargins = UIEdgeInsets(top: 4, left: 10, bottom: 6, right: 20)
    let guide = UILayoutGuide()
    root.addLayoutGuide(guide)
    let view = UIView()
    view.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(view)
    NSLayoutConstraint.activate([
        guide.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
        guide.widthAnchor.constraint(equalToConstant: 30),
        guide.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
        guide.heightAnchor.constraint(equalToConstant: 5),
        view.leadingAnchor.constraint(equalTo: guide.trailingAnchor),
        view.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
        view.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
        view.bottomAnchor.constraint(equalTo: root.layoutMarginsGuide.bottomAnchor),
    ])
    root.layoutIfNeeded()
    expect(guide.layoutFrame == CGRect(x: 10, y: 0, width: 30, height: 5))
    expect(view.frame == CGRect(x: 40, y: 4, width: 140, height: 90))
    expect(root.layoutMarginsGuide.layoutFrame == CGRect(x: 10, y: 4, width: 170, height: 90))

    // A cell sized by its content: 8 + 40 + 8 wide at a required width, 8 + 30 + 8 high.
    let cell = PinnedCell(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    cell.imageView.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor, constant: -8).isActive =
        true
    let fitted = cell.systemLayoutSizeFitting(
        CGSize(width: 250, height: 0), withHorizontalFittingPriority: .required,
        verticalFittingPriority: .fittingSizeLevel)
    expect(fitted == CGSize(width: 250, height: 46))
    expect(
        NSLayoutConstraint.Attribute.leading.rawValue == 5
            && NSLayoutConstraint.Relation.lessThanOrEqual.rawValue == -1)
}

@Test func aCellLaidOutByConstraintsIsDrawnWhereTheEnginePutsItsViews() throws {
    let folder = NSTemporaryDirectory() + "framegen-autolayout-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    canvas: {width: 220, height: 150, scale: 1, background: "#000000"}
    content: {items: 2}
    layout: {type: uikit-flow, itemSize: [200, 60], cell: pinned}
    """.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let layouts = [
        UIKitLayout.descriptor(type: "uikit-flow", cells: ["pinned": { PinnedCell(frame: $0) }]) { _ in
            UICollectionViewFlowLayout()
        }
    ]
    let image = try SceneRenderer(file: folder + "/s.yaml", layouts: layouts).render(frame: 0)
    // The flow centres the 200-point items: the first from (10, 0). Its image view at
    // (8, 8, 40, 30) in the cell: blue at (18 + 20, 8 + 15); red content beside and below it.
    expect(image[38, 23] == Color(r: 0, g: 0, b: 255))
    expect(image[14, 50] == Color(r: 255, g: 0, b: 0))
    // The label (green) from x 66 to 202, centred on y 23.
    expect(image[150, 23] == Color(r: 0, g: 255, b: 0))
    expect(image[205, 23] == Color(r: 255, g: 0, b: 0))
}

@Test func anImageSetAfterTheFirstPassGivesItsIntrinsicSize() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    let imageView = UIImageView()
    imageView.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(imageView)
    NSLayoutConstraint.activate([
        imageView.centerXAnchor.constraint(equalTo: root.centerXAnchor),
        imageView.centerYAnchor.constraint(equalTo: root.centerYAnchor),
    ])
    root.layoutIfNeeded()
    expect(imageView.frame.size == .zero)
    imageView.image = UIImage(size: CGSize(width: 40, height: 20))
    root.layoutIfNeeded()
    expect(imageView.frame == CGRect(x: 80, y: 40, width: 40, height: 20))
}

/// Every attribute of a view the engine places or of the root (read directly) agrees with the
/// same attribute of a view outside the region (read through its box).
@Test func everyAttributeReadsTheSameDirectlyAndThroughABox() {
    let attributes: [NSLayoutConstraint.Attribute] = [
        .left, .right, .top, .bottom, .leading, .trailing, .width, .height, .centerX, .centerY, .leftMargin,
        .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins,
        .centerYWithinMargins,
    ]
    let margins = UIEdgeInsets(top: 3, left: 5, bottom: 7, right: 11)
    for attribute in attributes {
        let cell = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let root = UIView(frame: cell.bounds)
        cell.addSubview(root)
        root.layoutMargins = margins
        cell.layoutMargins = margins
        let direct = UIView()
        let boxed = UIView()
        let placed = UIView()
        for view in [direct, boxed, placed] {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        placed.layoutMargins = margins
        NSLayoutConstraint.activate([
            // `placed` fills the root from (20, 30), 200 x 100: a view the engine places.
            placed.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 20),
            placed.topAnchor.constraint(equalTo: root.topAnchor, constant: 30),
            placed.widthAnchor.constraint(equalToConstant: 200),
            placed.heightAnchor.constraint(equalToConstant: 100),
        ])
        for (view, item) in [(direct, root as UIView), (boxed, cell)] {
            let axis = [.top, .bottom, .centerY, .topMargin, .bottomMargin, .centerYWithinMargins].contains(
                attribute)
            let own: NSLayoutConstraint.Attribute = axis ? .top : .left
            NSLayoutConstraint.activate([
                NSLayoutConstraint(
                    item: view, attribute: own, relatedBy: .equal, toItem: item, attribute: attribute,
                    multiplier: 1, constant: 0),
                NSLayoutConstraint(
                    item: view, attribute: axis ? .left : .top, relatedBy: .equal, toItem: placed,
                    attribute: attribute, multiplier: 1, constant: 0),
                view.widthAnchor.constraint(equalToConstant: 1),
                view.heightAnchor.constraint(equalToConstant: 1),
            ])
        }
        root.layoutIfNeeded()
        // The root and the cell have the same frame and margins: the same answer.
        expect(direct.frame == boxed.frame, "\(attribute.name)")
    }
}

@Test func aCellLaidOutByConstraintsIsFreedWithItsEngine() {
    weak var contentView: UIView?
    weak var label: UILabel?
    do {
        let cell = PinnedCell(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        cell.layoutIfNeeded()
        cell.imageWidth.constant = 50
        cell.layoutIfNeeded()
        contentView = cell.contentView
        label = cell.label
        expect(contentView != nil)
    }
    expect(contentView == nil && label == nil)
}

/// Older code sets its constraints up in `updateConstraints()`, once.
final class UpdatingView: UIView {
    let child = UIView()
    var updates = 0

    override class var requiresConstraintBasedLayout: Bool { true }

    override func updateConstraints() {
        if updates == 0 {
            child.translatesAutoresizingMaskIntoConstraints = false
            addSubview(child)
            NSLayoutConstraint.activate([
                child.centerXAnchor.constraint(equalTo: centerXAnchor),
                child.centerYAnchor.constraint(equalTo: centerYAnchor),
                child.widthAnchor.constraint(equalTo: widthAnchor, multiplier: 0.5),
                child.heightAnchor.constraint(equalToConstant: 10),
            ])
        }
        updates += 1
        super.updateConstraints()
    }
}

@Test func updateConstraintsRunsBeforeTheFirstSolveAndAfterSetNeedsUpdateConstraints() {
    let view = UpdatingView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
    view.layoutIfNeeded()
    expect(view.updates == 1)
    expect(view.child.frame == CGRect(x: 25, y: 20, width: 50, height: 10))
    view.layoutIfNeeded()
    expect(view.updates == 1)
    view.setNeedsUpdateConstraints()
    view.layoutIfNeeded()
    expect(view.updates == 2)
}

/// A title of two lines, a smaller caption on its first baseline at the right, and a note below
/// kept inside the content view at a priority below required.
@Test func baselinesAndInequalitiesPlaceLabelsAsTheirFontsSay() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 120))
    let title = UILabel()
    title.numberOfLines = 0
    title.text = "First line\nSecond line"
    let caption = UILabel()
    caption.font = .systemFont(ofSize: 13)
    caption.text = "caption"
    let note = UILabel()
    note.text = "note"
    for view in [title, caption, note] {
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
    }
    let bottom = note.bottomAnchor.constraint(lessThanOrEqualTo: root.bottomAnchor, constant: -8)
    bottom.priority = .defaultHigh
    NSLayoutConstraint.activate([
        title.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        title.widthAnchor.constraint(equalToConstant: 200),
        title.topAnchor.constraint(equalTo: root.topAnchor),
        caption.leadingAnchor.constraint(equalTo: title.trailingAnchor),
        caption.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        caption.firstBaselineAnchor.constraint(equalTo: title.firstBaselineAnchor),
        note.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        note.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        note.topAnchor.constraint(greaterThanOrEqualTo: title.bottomAnchor, constant: 4),
        bottom,
    ])
    root.layoutIfNeeded()
    let big = UIFont.systemFont(ofSize: 17)
    let small = UIFont.systemFont(ofSize: 13)
    let third: CGFloat = 1.0 / 3
    // Two lines of 17-point text; the caption's top where its ascender meets the title's first
    // baseline.
    expect(abs(title.frame.height - 2 * big.lineHeight) <= third)
    expect(abs(caption.frame.minY - (big.ascender - small.ascender)) <= third)
    expect(abs(caption.frame.height - small.lineHeight) <= third)
    // The note hugs its one line; its top no higher than 4 below the title, and its bottom
    // within 8 of the root's.
    expect(abs(note.frame.height - big.lineHeight) <= third)
    expect(note.frame.minY >= title.frame.maxY + 4 - third)
    expect(note.frame.maxY <= 112 + third)
    // A root too short for both: the optional bottom gives way, the required gap holds.
    root.bounds.size.height = 40
    root.layoutIfNeeded()
    expect(note.frame.minY >= title.frame.maxY + 4 - third)
}

@Test func cellsLaidOutByConstraintsGiveTheSameFramesOnSeveralThreadsInReverse() throws {
    let text = """
        canvas: {width: 220, height: 200, scale: 1, background: "#000000"}
        content: {items: 12}
        layout: {type: uikit-flow, itemSize: [200, 60], cell: pinned}
        timeline:
          - drag: {by: [0, -300], duration: 0.5}
        """
    let layouts = [
        UIKitLayout.descriptor(type: "uikit-flow", cells: ["pinned": { PinnedCell(frame: $0) }]) { _ in
            UICollectionViewFlowLayout()
        }
    ]
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + layouts)
    let timeline = try Timeline(scene)
    let serial = (0..<timeline.frameCount).map { "\(timeline.frame($0))" }
    // The frames carry the cells' layer trees: the image view where its constraints put it.
    expect(serial[0].contains("bounds: [0.0, 0.0, 40.0, 30.0], position: (28.0, 23.0)"))
    expect(framesDrawnInReverseOnSeveralThreads(timeline) == serial)
}

@Test func newLayoutMarginsLayOutAgainAtTheNextPass() {
    let cell = PinnedCell(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
    cell.layoutIfNeeded()
    expect(cell.label.frame.maxX == 192)
    cell.contentView.layoutMargins.right = 20
    cell.layoutIfNeeded()
    expect(cell.label.frame.maxX == 180)
}

/// A label pinned by its leading edge and centred vertically, as a row's title is: its width is
/// its text's, measured with the fonts it is drawn with (longer text, wider label; a second line
/// as wide as its longer line), so it is not 0 wide.
@Test func aLabelPinnedByOneEdgeTakesItsTextsWidth() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 60))
    let short = UILabel()
    let long = UILabel()
    short.text = "Hi"
    long.text = "Hi there, a longer title"
    for (label, y) in [(short, 10.0), (long, 40.0)] {
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
            label.centerYAnchor.constraint(equalTo: root.topAnchor, constant: y),
        ])
    }
    root.layoutIfNeeded()
    expect(abs(short.frame.minX - 8) < 1e-9)
    expect(short.frame.width > 10 && short.frame.width < 40)
    expect(long.frame.width > 5 * short.frame.width)
    let twoLines = UILabel()
    twoLines.numberOfLines = 0
    twoLines.text = "Hi\nHi there, a longer title"
    expect(twoLines.intrinsicContentSize.width == long.intrinsicContentSize.width)
    expect(twoLines.intrinsicContentSize.height > 1.9 * long.intrinsicContentSize.height)
    expect(UILabel().intrinsicContentSize == .zero, "an empty label is 0 x 0 on iOS")
}

/// A label of several lines pinned by both edges wraps its text at the width it is given, as
/// UIKit's automatic `preferredMaxLayoutWidth` does over two layout passes, and at an explicit
/// `preferredMaxLayoutWidth` at once; its height is its wrapped lines'.
@Test func aMultilineLabelWrapsAtItsWidth() {
    let text = "A title long enough to take several lines at this width"
    func label(in root: UIView) -> UILabel {
        let label = UILabel()
        label.numberOfLines = 0
        label.text = text
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        return label
    }
    let oneLine = UILabel()
    oneLine.text = text
    let lineHeight = oneLine.intrinsicContentSize.height
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 400))
    let automatic = label(in: root)
    root.layoutIfNeeded()
    root.layoutIfNeeded()
    expect(automatic.frame.width == 120)
    expect(automatic.frame.height >= 3 * lineHeight - 1e-9)
    let other = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 400))
    let explicit = label(in: other)
    explicit.preferredMaxLayoutWidth = 120
    other.layoutIfNeeded()
    expect(explicit.frame.height == automatic.frame.height)
    expect(explicit.intrinsicContentSize.width <= 120)
}

/// A scroll view laid out by its iOS 11 guides: content pinned to `contentLayoutGuide` sets the
/// content size and stays at the content's origin when scrolled; a view pinned to
/// `frameLayoutGuide` stays in the visible area.
@MainActor @Test func aScrollViewsGuidesSetItsContentSizeAndPinToItsFrame() {
    let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
    let content = UIView()
    let badge = UIView()
    for view in [content, badge] {
        view.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(view)
    }
    NSLayoutConstraint.activate([
        content.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
        content.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor),
        content.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor, constant: 10),
        content.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
        content.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
        content.heightAnchor.constraint(equalToConstant: 500),
        badge.topAnchor.constraint(equalTo: scroll.frameLayoutGuide.topAnchor, constant: 4),
        badge.trailingAnchor.constraint(equalTo: scroll.frameLayoutGuide.trailingAnchor, constant: -4),
        badge.widthAnchor.constraint(equalToConstant: 20),
        badge.heightAnchor.constraint(equalToConstant: 20),
    ])
    scroll.layoutIfNeeded()
    expect(content.frame == CGRect(x: 0, y: 10, width: 100, height: 500))
    expect(scroll.contentSize == CGSize(width: 100, height: 510))
    expect(scroll.contentLayoutGuide.layoutFrame == CGRect(x: 0, y: 0, width: 100, height: 510))
    expect(badge.frame == CGRect(x: 76, y: 4, width: 20, height: 20))
    scroll.contentOffset = CGPoint(x: 0, y: 60)
    scroll.layoutIfNeeded()
    expect(content.frame == CGRect(x: 0, y: 10, width: 100, height: 500))
    expect(badge.frame == CGRect(x: 76, y: 64, width: 20, height: 20))
    expect(scroll.frameLayoutGuide.layoutFrame == CGRect(x: 0, y: 60, width: 100, height: 200))
}

/// The keyboard guide with no keyboard shown: its top is the bottom of the safe area, so a
/// button pinned above it sits at the bottom, as on iOS with the keyboard down.
@MainActor @Test func theKeyboardGuideLiesAlongTheBottomWithNoKeyboard() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
    let button = UIView()
    button.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(button)
    NSLayoutConstraint.activate([
        button.bottomAnchor.constraint(equalTo: root.keyboardLayoutGuide.topAnchor, constant: -16),
        button.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
        button.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
        button.heightAnchor.constraint(equalToConstant: 44),
    ])
    root.layoutIfNeeded()
    expect(button.frame == CGRect(x: 16, y: 240, width: 168, height: 44))
    expect(root.keyboardLayoutGuide.layoutFrame == CGRect(x: 0, y: 300, width: 200, height: 0))
}

/// A view nothing places stays where UIKit leaves it: a snapshot test's helper takes a table
/// cell's content view out of autoresizing and pins only its width, and a spinner is centred in
/// it (mayur-ios-dev/Storytel-Assignment c7045d6, `QueryLoaderTableViewCell`, whose iOS 16
/// reference is 375 x 80 points). iOS keeps the content view at the cell's origin and centres the
/// spinner in it; solving for the content view instead put it at x −177.5 (a 375.333 point image
/// once its edges were rounded to pixels).
@Test func aViewNothingPlacesStaysAtItsSuperviewsOrigin() {
    let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
    let spinner = UIActivityIndicatorView(style: .medium)
    spinner.translatesAutoresizingMaskIntoConstraints = false
    cell.contentView.addSubview(spinner)
    let height = cell.contentView.heightAnchor.constraint(equalToConstant: 80)
    height.priority = .defaultHigh
    NSLayoutConstraint.activate([
        spinner.centerXAnchor.constraint(equalTo: cell.contentView.centerXAnchor),
        spinner.centerYAnchor.constraint(equalTo: cell.contentView.centerYAnchor), height,
    ])
    cell.contentView.translatesAutoresizingMaskIntoConstraints = false
    cell.contentView.widthAnchor.constraint(equalToConstant: 375).isActive = true
    cell.contentView.setNeedsLayout()
    cell.contentView.layoutIfNeeded()
    expect(cell.contentView.frame == CGRect(x: 0, y: 0, width: 375, height: 80))
    // Centred, its 20 point frame on the screen's pixels.
    expect(abs(spinner.center.x - 187.5) <= 1.0 / 3 && spinner.center.y == 40)
}

/// Auto Layout places alignment rectangles, not frames: a view that draws a 10-point shadow
/// around its content (`alignmentRectInsets`) gets a frame 10 points larger on each side than its
/// constraints say, and a subview pinned to its leading edge sits 10 points inside its bounds,
/// as UIKit lays them out.
@Test func constraintsPlaceAlignmentRectangles() {
    final class Shadowed: UIView {
        override var alignmentRectInsets: UIEdgeInsets {
            UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        }
    }
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let card = Shadowed()
    let badge = UIView()
    for view in [card, badge] { view.translatesAutoresizingMaskIntoConstraints = false }
    root.addSubview(card)
    card.addSubview(badge)
    NSLayoutConstraint.activate([
        card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
        card.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        card.widthAnchor.constraint(equalToConstant: 100),
        card.heightAnchor.constraint(equalToConstant: 50),
        badge.leadingAnchor.constraint(equalTo: card.leadingAnchor),
        badge.topAnchor.constraint(equalTo: card.topAnchor),
        badge.widthAnchor.constraint(equalToConstant: 20),
        badge.heightAnchor.constraint(equalToConstant: 20),
    ])
    root.layoutIfNeeded()
    expect(card.frame == CGRect(x: 10, y: 10, width: 120, height: 70), "\(card.frame)")
    expect(badge.frame == CGRect(x: 10, y: 10, width: 20, height: 20), "\(badge.frame)")
    expect(card.alignmentRect(forFrame: card.frame) == CGRect(x: 20, y: 20, width: 100, height: 50))
}
