import Foundation
import FrameGenGeometry
import FrameGenKit
import TestTiers
import Testing

import struct FrameGenLayout.LayerSnapshot
import enum FrameGenLayout.LayoutRegistry

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

// A rotation is an animated bounds change (docs/uikit.md "Animations"): the cells get their
// final attributes once, inside the rotation's animation, and are laid out once at their final
// size; Core Animation moves every layer that changed from where it was shown.

/// One page as large as the collection view, as a pager's.
private final class PageLayout: UICollectionViewLayout {
    override var collectionViewContentSize: CGSize { collectionView?.bounds.size ?? .zero }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.item == 0, let view = collectionView else { return nil }
        let a = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        a.frame = CGRect(origin: view.bounds.origin, size: view.bounds.size)
        return a
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        layoutAttributesForItem(at: IndexPath(item: 0, section: 0)).map { [$0] }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
}

/// A photo twice as wide as high, aspect-fitted in the page by `layoutSubviews()`: its window's
/// place is not a linear function of the page's size. Counts its layout passes by page size.
private final class AspectFitCell: UICollectionViewCell {
    static let aspectRatio: CGFloat = 2
    let photo = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        photo.backgroundColor = .blue
        contentView.addSubview(photo)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func layoutSubviews() {
        super.layoutSubviews()
        photo.frame = AspectFitCell.fit(contentView.bounds.size)
    }

    static func fit(_ page: CGSize) -> CGRect {
        if aspectRatio > page.width / page.height {
            let h = page.width / aspectRatio
            return CGRect(x: 0, y: (page.height - h) / 2, width: page.width, height: h)
        }
        let w = page.height * aspectRatio
        return CGRect(x: (page.width - w) / 2, y: 0, width: w, height: page.height)
    }
}

/// The default rotating window (a 390 x 844 view) turned to landscape over 0.4 s with `curve`,
/// after a wait of 0.2 s, at 10 frames a second: frame 4 is half the rotation's time.
private func rotation(curve: String) throws -> Timeline {
    let text = """
        canvas: {scale: 1}
        fps: 10
        content: {items: 1}
        layout: {type: page, cell: aspect-fit}
        timeline:
          - wait: 0.2
          - rotate: {to: landscape, duration: 0.4, curve: \(curve)}
        """
    let layouts = [
        UIKitLayout.descriptor(type: "page", cells: ["aspect-fit": { AspectFitCell(frame: $0) }]) { _ in
            PageLayout()
        }
    ]
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + layouts)
    return try Timeline(scene)
}

/// The frame of the (only) blue layer in the cell's tree drawn at `frame`, in the cell's
/// coordinates: each layer's presentation position less its anchor's share of its size, in its
/// superlayer's bounds.
private func photoWindow(_ timeline: Timeline, frame: Int) throws -> CGRect {
    let cell = try #require(timeline.frame(frame).views[0].elements.first?.content)
    func find(_ s: LayerSnapshot, origin: Point) -> CGRect? {
        let frame = CGRect(
            x: origin.x + s.position.x - s.anchorPoint.x * s.bounds.width,
            y: origin.y + s.position.y - s.anchorPoint.y * s.bounds.height,
            width: s.bounds.width, height: s.bounds.height)
        if s.backgroundColor == LayerSnapshot.Color(red: 0, green: 0, blue: 1, alpha: 1) { return frame }
        let inner = Point(x: frame.minX - s.bounds.minX, y: frame.minY - s.bounds.minY)
        return s.sublayers.lazy.compactMap { find($0, origin: inner) }.first
    }
    let inner = Point(x: -cell.bounds.minX, y: -cell.bounds.minY)
    return try #require(cell.sublayers.lazy.compactMap { find($0, origin: inner) }.first)
}

private func lerp(_ a: CGRect, _ b: CGRect, _ p: CGFloat) -> CGRect {
    CGRect(
        x: a.minX + (b.minX - a.minX) * p, y: a.minY + (b.minY - a.minY) * p,
        width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p)
}

private func close(_ a: CGRect, _ b: CGRect) -> Bool {
    abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9
        && abs(a.height - b.height) < 1e-9
}

@Test func aSubviewMidRotationIsBetweenItsTwoLayoutsNotTheLayoutOfTheSizeBetween() throws {
    let timeline = try rotation(curve: "easeIn")
    let portrait = AspectFitCell.fit(CGSize(width: 390, height: 844))
    let landscape = AspectFitCell.fit(CGSize(width: 844, height: 390))
    try expect(close(try photoWindow(timeline, frame: 0), portrait))
    try expect(close(try photoWindow(timeline, frame: timeline.frameCount - 1), landscape))
    // Half the rotation's time: the curve's progress (ease in, Core Animation's control points).
    let c = CGFloat(bezierProgress(0.42, 0, 1, 1, at: 0.5))
    let mid = try photoWindow(timeline, frame: 4)
    expect(close(mid, lerp(portrait, landscape, c)), "\(mid)")
    // Not the aspect fit of the page's size at that instant, which a layout at each instant
    // would give.
    let page = CGSize(width: 390 + (844 - 390) * c, height: 844 + (390 - 844) * c)
    let perInstant = AspectFitCell.fit(page)
    expect(abs(mid.width - perInstant.width) > 10, "\(mid) against \(perInstant)")
    // The cell itself moves with the timeline's interpolation of its attributes.
    let element = try #require(timeline.frame(4).views[0].elements.first)
    expect(abs(element.attributes.size.width - page.width) < 1e-9)
    expect(abs((element.content?.bounds.width ?? 0) - page.width) < 1e-9)
}

@Test func aRotationsFramesDrawnInReverseOnSeveralThreadsEqualSerialOnes() throws {
    let timeline = try rotation(curve: "easeInEaseOut")
    let count = timeline.frameCount
    expect(count == 7)
    let serial = (0..<count).map { "\(timeline.frame($0))" }
    expect(framesDrawnInReverseOnSeveralThreads(timeline) == serial)
}
