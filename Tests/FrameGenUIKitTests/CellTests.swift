import Foundation
import FrameGenGeometry
import FrameGenKit
import TestTiers
import Testing

import struct FrameGenLayout.LayerSnapshot
import struct FrameGenLayout.LayoutDescriptor

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

/// Attributes as carousel layouts write them: an anchor point and a colour of their own,
/// read by the cell's apply(_:).
final class SwatchAttributes: UICollectionViewLayoutAttributes {
    var anchor = CGPoint(x: 0.5, y: 0.5)
    var hue: CGFloat = 0

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! SwatchAttributes
        copy.anchor = anchor
        copy.hue = hue
        return copy
    }
}

/// A column of 40 x 40 items, 50 points apart, from (20, 10); item 2 turns a quarter about its
/// top-left corner (its attributes' anchor); the view scrolls.
final class SwatchLayout: UICollectionViewLayout {
    override class var layoutAttributesClass: AnyClass { SwatchAttributes.self }
    private var cache: [SwatchAttributes] = []
    /// Item 0's content shrinks to half through cellForItem(at:) once the view has scrolled.
    var shrinksFirstCell = false

    override func prepare() {
        super.prepare()
        let cv = collectionView!
        cache = (0..<cv.numberOfItems(inSection: 0)).map { item in
            let a = SwatchAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(x: 20, y: 10 + 50 * CGFloat(item), width: 40, height: 40)
            a.hue = item % 2 == 0 ? 0 : 2.0 / 3
            if item == 2 {
                a.anchor = .zero
                a.transform3D = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
            }
            return a
        }
        if shrinksFirstCell, cv.contentOffset.y > 0 {
            cv.cellForItem(at: IndexPath(item: 0, section: 0))?.contentView.transform = CGAffineTransform(
                scaleX: 0.5, y: 0.5)
        }
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: 100, height: 10 + 50 * CGFloat(cache.count))
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }.map { $0.copy() as! UICollectionViewLayoutAttributes }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.indices.contains(indexPath.item)
            ? cache[indexPath.item].copy() as? UICollectionViewLayoutAttributes : nil
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
}

/// A cell as iOS apps write it (`override init(frame:)`): its content view takes the colour of
/// the attributes' hue, with a rounded, clipped corner; a child reaching out of the content view
/// is clipped away; a translucent badge (alpha 0.5) holds an opaque child (group opacity).
final class SwatchCell: UICollectionViewCell {
    let outside = UIView(frame: CGRect(x: -15, y: 0, width: 15, height: 40))
    let badge = UIView(frame: CGRect(x: 20, y: 20, width: 20, height: 20))
    private(set) var reuses = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.layer.cornerRadius = 10
        contentView.clipsToBounds = true
        outside.backgroundColor = .green
        contentView.addSubview(outside)
        badge.backgroundColor = .white
        badge.alpha = 0.5
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        inner.backgroundColor = .black
        badge.addSubview(inner)
        contentView.addSubview(badge)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
    }

    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        let a = layoutAttributes as! SwatchAttributes
        contentView.backgroundColor = UIColor(hue: a.hue, saturation: 1, brightness: 1, alpha: 1)
        layer.anchorPoint = a.anchor
        center.x += (a.anchor.x - 0.5) * bounds.width
        center.y += (a.anchor.y - 0.5) * bounds.height
    }
}

/// A cell with only a background view (yellow) and a selected one (cyan, not shown unselected),
/// and a content view holding a 10-point magenta square at its top left.
final class BackgroundCell: UICollectionViewCell {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundView = UIView()
        backgroundView?.backgroundColor = .yellow
        selectedBackgroundView = UIView()
        selectedBackgroundView?.backgroundColor = .cyan
        let square = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        square.backgroundColor = .magenta
        contentView.addSubview(square)
    }

    required init?(coder: NSCoder) { nil }
}

/// A cell showing a two-pixel image (red, blue) from a PNG file, stretched over it.
final class ImageCell: UICollectionViewCell {
    static let file: String = {
        let path = NSTemporaryDirectory() + "framegen-cells-\(UUID().uuidString).png"
        try! StraightImage(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 255])!.write(to: path)
        return path
    }()

    override init(frame: CGRect) {
        super.init(frame: frame)
        let imageView = UIImageView(image: UIImage(contentsOfFile: ImageCell.file))
        imageView.frame = contentView.bounds
        imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(imageView)
    }

    required init?(coder: NSCoder) { nil }
}

/// A section header as apps write them: an orange bar with the section's number, set from the
/// attributes' index path in apply(_:).
final class TitleView: UICollectionReusableView {
    let label = UILabel(frame: CGRect(x: 4, y: 0, width: 30, height: 20))

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .orange
        addSubview(label)
    }

    required init?(coder: NSCoder) { nil }

    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        label.text = "\(layoutAttributes.indexPath.section + 1)"
    }
}

private let swatchCells: [String: UICollectionViewCellFactory] = [
    "swatch": { SwatchCell(frame: $0) }, "background": { BackgroundCell(frame: $0) },
    "image": { ImageCell(frame: $0) }, "title": { TitleView(frame: $0) },
]

private func render(_ scene: String, frame: Int = 0, shrink: Bool = false) throws -> StraightImage {
    let folder = NSTemporaryDirectory() + "framegen-cells-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try scene.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let layouts = [
        UIKitLayout.descriptor(type: "swatches", cells: swatchCells) { _ in
            let layout = SwatchLayout()
            layout.shrinksFirstCell = shrink
            return layout
        }
    ]
    return try SceneRenderer(file: folder + "/s.yaml", layouts: layouts).render(frame: frame)
}

private let scene = """
    canvas: {width: 100, height: 200, scale: 1, background: "#000000"}
    content: {items: 4}
    layout: {type: swatches, cell: swatch}
    """

@Test func aCellDrawsItsViewTreeWithItsAttributesSubclass() throws {
    let image = try render(scene)
    // Item 0: red (hue 0), item 1: blue (hue 2/3), read from the subclass in apply(_:).
    expect(image[30, 15] == Color(r: 255, g: 0, b: 0))
    expect(image[30, 65] == Color(r: 0, g: 0, b: 255))
    // The rounded, clipped content view: its corner pixel shows the background.
    expect(image[20, 10] == Color(r: 0, g: 0, b: 0))
    // The child reaching 15 points left of the content view is clipped away.
    expect(image[12, 30] == Color(r: 0, g: 0, b: 0))
    // The badge (white, alpha 0.5) with an opaque black child: as one group, half black over
    // red, not the black child drawn at half over the badge's half-white.
    expect(image[50, 40] == Color(r: 127, g: 0, b: 0))
    // Item 2 turns a quarter about its top-left corner (its attributes' anchor, set in
    // apply(_:)): it lies left of x = 20, from y = 110 down.
    expect(image[5, 125] == Color(r: 255, g: 0, b: 0))
    expect(image[30, 125] == Color(r: 0, g: 0, b: 0))
}

@Test func aContentViewTransformedThroughCellForItemIsDrawn() throws {
    let scrolled = scene + "\ntimeline: [{scroll: {to: [0, 4], duration: 0.1}}]\n"
    let first = try render(scrolled, frame: 0, shrink: true)
    expect(first[22, 30] == Color(r: 255, g: 0, b: 0))
    let last = try render(scrolled, frame: 3, shrink: true)
    // Item 0 at y 6...46 after the scroll; its content view at half size about its centre
    // (30...50 across), so its left edge shows the background and its middle stays red.
    expect(last[25, 26] == Color(r: 0, g: 0, b: 0))
    expect(last[40, 20] == Color(r: 255, g: 0, b: 0))
}

@Test func cellsAreReusedAndCellForItemAnswersTheDrawnCells() throws {
    let host = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 100, height: 60), collectionViewLayout: SwatchLayout())
    host.data = .init(itemCounts: [4])
    host.cells.configure(registered: swatchCells, sceneCell: "swatch")
    let layout = host.collectionViewLayout
    layout.prepare()
    func pass() -> [UICollectionReusableView?] {
        let objects = (layout.layoutAttributesForElements(in: host.bounds) ?? []).sorted {
            $0.indexPath < $1.indexPath
        }
        return host.cells.display(objects, in: host)
    }
    let first = pass()
    expect(first.count == 2)
    expect(
        host.indexPathsForVisibleItems == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
    expect(host.cellForItem(at: IndexPath(item: 0, section: 0)) === first[0])
    expect(host.visibleCells.count == 2)
    host.contentOffset = CGPoint(x: 0, y: 105)
    let second = pass()
    // Items 2 and 3 take the cells of items 0 and 1, each after prepareForReuse().
    expect(second.count == 2)
    expect(second[0] === first[0] && second[1] === first[1])
    expect((second[0] as? SwatchCell)?.reuses == 1)
    expect(host.cellForItem(at: IndexPath(item: 0, section: 0)) == nil)
    expect(first[0]?.superview === host)
}

@Test func parallelFramesEqualSerialOnesWithCells() throws {
    let scrolled = scene + "\ntimeline: [{scroll: {to: [0, 60], duration: 0.2}}]\n"
    let serial = try (0..<7).map { try render(scrolled, frame: $0, shrink: true) }
    let parallel = Mutex2<[Int: StraightImage]>([:])
    DispatchQueue.concurrentPerform(iterations: 7) { i in
        let image = try? render(scrolled, frame: 6 - i, shrink: true)
        parallel.set(6 - i, image)
    }
    for i in 0..<7 { expect(parallel.get(i) == serial[i], "frame \(i)") }
}

/// A lock-guarded dictionary for the parallel test.
final class Mutex2<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func set<K: Hashable, V>(_ k: K, _ v: V?) where Value == [K: V] {
        lock.lock()
        value[k] = v
        lock.unlock()
    }
    func get<K: Hashable, V>(_ k: K) -> V? where Value == [K: V] {
        lock.lock()
        defer { lock.unlock() }
        return value[k]
    }
}

@Test func cellsAreDrawnThroughAnUpdateAnimation() throws {
    // Item 0 is deleted over 0.3 s: it fades out where it was while item 1 (blue, hue 2/3)
    // moves up into its place, becoming item 0 (red). Mid-way, both are cells, not styles.
    let deleting = scene + "\ntimeline: [{delete: {items: [[0, 0]], duration: 0.3, curve: linear}}]\n"
    let mid = try render(deleting, frame: 5)
    // Item 1's cell halfway from y 60 to y 10 (35...75), applied with its new index path's
    // attributes (hue 0, red), over the fading old item 0 (red): red above its badge.
    expect(mid[30, 45] == Color(r: 255, g: 0, b: 0))
    // Item 2's cell (blue at its new index path 1) turning from 0 to a quarter: at 45 degrees,
    // its centre is blue; item 3's (red, turning the other way) likewise red.
    expect(mid[40, 90] == Color(r: 0, g: 0, b: 255))
    // The last frame: the old item 1 at the top, as item 0.
    let end = try render(deleting, frame: 9)
    expect(end[30, 15] == Color(r: 255, g: 0, b: 0))
}

@Test func aCellsBackgroundViewFillsItBehindTheContentView() throws {
    let image = try render(scene.replacingOccurrences(of: "cell: swatch", with: "cell: background"))
    expect(image[25, 15] == Color(r: 255, g: 0, b: 255))
    expect(image[40, 30] == Color(r: 255, g: 255, b: 0))
    expect(image[59, 49] == Color(r: 255, g: 255, b: 0))
    expect(image[61, 30] == Color(r: 0, g: 0, b: 0))
    let cell = BackgroundCell(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    expect(cell.subviews.map(\.backgroundColor) == [.yellow, nil])
    cell.isSelected = true
    expect(cell.subviews.map(\.backgroundColor) == [.yellow, .cyan, nil])
    cell.isSelected = false
    expect(cell.subviews.count == 2)
}

@Test func anImageViewShowsAnImageFileWithItsContentMode() throws {
    expect(UIImage(contentsOfFile: ImageCell.file)?.size == CGSize(width: 2, height: 1))
    expect(UIImage(contentsOfFile: "/nonexistent/framegen.png") == nil)
    let image = try render(scene.replacingOccurrences(of: "cell: swatch", with: "cell: image"))
    // scaleToFill: the red pixel over the left half of the 40-point cell, the blue one over
    // the right half (blended across the middle).
    expect(image[22, 30] == Color(r: 255, g: 0, b: 0))
    expect(image[58, 30] == Color(r: 0, g: 0, b: 255))
    expect(image[10, 30] == Color(r: 0, g: 0, b: 0))
}

@Test func aFlowLayoutsHeadersAreDrawnWithTheirOwnViewClass() throws {
    let folder = NSTemporaryDirectory() + "framegen-cells-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    canvas: {width: 100, height: 200, scale: 1, background: "#000000"}
    content: {sections: [2, 2]}
    layout: {type: uikit-flow, itemSize: [40, 40], headerReferenceSize: [100, 20], cell: background, header: title}
    """.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let layouts = [
        UIKitLayout.descriptor(type: "uikit-flow", cells: swatchCells) { _ in UICollectionViewFlowLayout() }
    ]
    let image = try SceneRenderer(file: folder + "/s.yaml", layouts: layouts).render(frame: 0)
    // Section 1's header across the top, orange; its items below it (yellow backgrounds).
    expect(image[95, 10] == Color(r: 255, g: 128, b: 0))
    expect(image[20, 40] == Color(r: 255, g: 255, b: 0))
    // Section 2's header below section 1's row of items (20 + 40 + 0 insets).
    expect(image[95, 70] == Color(r: 255, g: 128, b: 0))
}

@Test func aTappedItemsCellIsSelectedAndShowsItsSelectedBackground() throws {
    let tapped =
        scene.replacingOccurrences(of: "cell: swatch", with: "cell: background")
        + "\ntimeline: [{wait: 0.1}, {tap: {item: [0, 1]}}]\n"
    let folder = NSTemporaryDirectory() + "framegen-cells-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try tapped.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    final class Selecting: UICollectionViewDelegate {}
    let layouts = [
        UIKitLayout.descriptor(type: "swatches", cells: swatchCells) { collectionView in
            collectionView.delegate = Selecting()
            return SwatchLayout()
        }
    ]
    let renderer = try SceneRenderer(file: folder + "/s.yaml", layouts: layouts)
    let before = try renderer.render(frame: 0)
    expect(before[40, 80] == Color(r: 255, g: 255, b: 0))
    let after = try renderer.render(frame: renderer.frameCount - 1)
    // Item 1 selected: its selected background (cyan) over its background; item 0 unchanged.
    expect(after[40, 80] == Color(r: 0, g: 255, b: 255))
    expect(after[40, 30] == Color(r: 255, g: 255, b: 0))
}
