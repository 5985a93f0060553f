import Foundation
import FrameGenGeometry
import FrameGenKit
import TestTiers
import Testing

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

/// Item 0 is a tenth of `UIScreen.main.bounds`; item 1 is `nativeBounds.width` / 100 wide and
/// `nativeScale` x 10 high: the attributes show the screen the layout saw.
private final class ScreenSizedLayout: UICollectionViewLayout {
    private var items: [UICollectionViewLayoutAttributes] = []

    override func prepare() {
        let screen = UIScreen.main
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        a.frame = CGRect(x: 0, y: 0, width: screen.bounds.width / 10, height: screen.bounds.height / 10)
        let b = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 1, section: 0))
        b.frame = CGRect(
            x: 0, y: 100, width: screen.nativeBounds.width / 100, height: screen.nativeScale * 10)
        items = [a, b]
    }

    override var collectionViewContentSize: CGSize { collectionView?.bounds.size ?? .zero }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        items
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
}

/// Green while the screen it is shown on is wider than high, red otherwise.
private final class OrientationCell: UICollectionViewCell {
    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        let bounds = UIScreen.main.bounds
        contentView.backgroundColor = bounds.width > bounds.height ? .green : .red
    }
}

/// A rotating scene with the default canvas (844 x 844, the 390 x 844 view centred in it):
/// a wait, then a quarter turn to landscape over 0.4 s.
private func renderer() throws -> SceneRenderer {
    let folder = NSTemporaryDirectory() + "framegen-screen-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    canvas: {scale: 2, background: "#000000"}
    fps: 10
    content: {items: 2}
    layout: {type: screen, cell: orientation}
    timeline:
      - wait: 0.2
      - rotate: {to: landscape, duration: 0.4}
    """.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let layouts = [
        UIKitLayout.descriptor(type: "screen", cells: ["orientation": { OrientationCell(frame: $0) }]) { _ in
            ScreenSizedLayout()
        }
    ]
    return try SceneRenderer(file: folder + "/s.yaml", layouts: layouts)
}

@Test func uiScreenMainIsTheWindowTurnedFromTheRotationsStart() throws {
    let r = try renderer()
    func sizes(_ frame: Int) throws -> [Size] {
        r.source.frame(frame).views[0].elements.map(\.attributes.size)
    }
    // Before the rotation: the window (the view's frame, 390 x 844), not the square canvas,
    // at the canvas scale; nativeBounds in pixels.
    try expect(sizes(0) == [Size(width: 39, height: 84.4), Size(width: 7.8, height: 20)])
    // After it: the window turned, 844 x 390; nativeBounds stays portrait-up, as on iOS.
    let last = r.frameCount - 1
    let after = try sizes(last)
    // (The last frame is the rotation's end, interpolated to progress 1: equal to 1e-9.)
    let expected = [Size(width: 84.4, height: 39), Size(width: 7.8, height: 20)]
    expect(
        zip(after, expected).allSatisfy {
            abs($0.width - $1.width) < 1e-9 && abs($0.height - $1.height) < 1e-9
        },
        "\(after)")
    // During it, the screen is already the turned one, as iOS reports it from the rotation's
    // start: the cell, given its final attributes at the rotation's start inside the rotation's
    // animation, reads a landscape screen there, and its new background animates with the
    // rotation (docs/uikit.md "Animations"): half way at mid-turn (t = 0.4, ease in and out).
    func colour(_ frame: Int) throws -> Color {
        let view = r.source.frame(frame).views[0]
        let centre = try #require(view.elements.first).attributes.center
        let origin = view.frame?.origin ?? .zero
        let image = try r.render(frame: frame)
        return image[
            Int((origin.x + centre.x - view.bounds.minX) * 2),
            Int((origin.y + centre.y - view.bounds.minY) * 2)]
    }
    try expect(colour(0) == Color(r: 255, g: 0, b: 0))
    let mid = try colour(4)
    expect(abs(Double(mid.r) - 127.5) <= 1 && abs(Double(mid.g) - 127.5) <= 1 && mid.b == 0, "\(mid)")
    try expect(colour(5).g > mid.g)
    try expect(colour(last) == Color(r: 0, g: 255, b: 0))
}

/// The screen outside a render: the simulator's size and scale from the environment, so that a
/// suite recorded on an iPhone 11 (414 x 896 at 2x) is drawn at that size; a value out of range
/// is not used and is named.
@Test func theUnboundScreenTakesTheEnvironmentsSizeAndScale() {
    var warnings: [String] = []
    let eleven = UIScreen.fromEnvironment(["FRAMEGEN_SCREEN_SIZE": "414x896", "FRAMEGEN_SCREEN_SCALE": "2"]) {
        warnings.append($0)
    }
    expect(eleven.bounds == CGRect(x: 0, y: 0, width: 414, height: 896) && eleven.scale == 2)
    expect(eleven.nativeBounds.size == CGSize(width: 828, height: 1792))
    let plain = UIScreen.fromEnvironment([:]) { warnings.append($0) }
    expect(plain.bounds.size == CGSize(width: 390, height: 844) && plain.scale == 3)
    expect(warnings.isEmpty)
    for (size, scale) in [("414", "4"), ("0x896", "nan"), ("nanx10", "2.5"), ("414x896x2", "")] {
        let screen = UIScreen.fromEnvironment(["FRAMEGEN_SCREEN_SIZE": size, "FRAMEGEN_SCREEN_SCALE": scale])
        {
            warnings.append($0)
        }
        expect(screen.bounds.size == CGSize(width: 390, height: 844) && screen.scale == 3)
    }
    expect(warnings.count == 8)
    expect(warnings[0] == "FRAMEGEN_SCREEN_SCALE=4 is not 1, 2 or 3; using the default")
    expect(
        warnings[1]
            == "FRAMEGEN_SCREEN_SIZE=414 is not WIDTHxHEIGHT in points, each 1 to 4096; using the default")
}
