import Foundation
import FrameGenKit
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

/// A carousel section at rest: 200 x 150 groups, the first centred in a 400-point view (x 100),
/// 20 apart; with `scaled`, the visible-items handler scales each card by 1 - distance / width.
private func renderCarousel(scaled: Bool) throws -> StraightImage {
    let folder = NSTemporaryDirectory() + "framegen-compositional-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    canvas: {width: 400, height: 200, scale: 1, background: "#000000"}
    content: {items: 4}
    layout: {type: carousel}
    """.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let layouts = [
        UIKitLayout.descriptor(type: "carousel") { _ in
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .absolute(200), heightDimension: .absolute(150)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .groupPagingCentered
            section.interGroupSpacing = 20
            if scaled {
                section.visibleItemsInvalidationHandler = { items, offset, environment in
                    let width = environment.container.contentSize.width
                    for item in items {
                        let scale = 1 - abs(item.frame.midX - offset.x - width / 2) / width
                        item.transform = CGAffineTransform(scaleX: scale, y: scale)
                    }
                }
            }
            return UICollectionViewCompositionalLayout(section: section)
        }
    ]
    return try SceneRenderer(file: folder + "/s.yaml", layouts: layouts).render(frame: 0)
}

/// What the handler sets is drawn: the second card (x 320...520, centre 420) shrinks to 0.45
/// about its centre (x 375...465, y 41.25...108.75), so a corner of its slot shows the background.
@Test func aCarouselScaledByItsVisibleItemsHandlerIsDrawnScaled() throws {
    let black = Color(r: 0, g: 0, b: 0)
    let plain = try renderCarousel(scaled: false)
    let scaled = try renderCarousel(scaled: true)
    expect(plain[340, 20] != black)
    expect(scaled[340, 20] == black)
    expect(scaled[390, 75] != black)
    expect(scaled[390, 30] == black)
    // The centred card keeps its size: its corners are drawn in both.
    expect(plain[105, 5] != black && scaled[105, 5] != black)
    expect(scaled[95, 5] == black)
}
