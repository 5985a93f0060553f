import Foundation
import FrameGenKit
import FrameGenRaster
import TestTiers
import Testing

import struct FrameGenLayout.LayoutDescriptor

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

/// A decoration view as layouts register them: a green square whose alpha its apply(_:) halves
/// for the second section's.
final class GreenBadgeView: UICollectionReusableView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .green
    }

    required init?(coder: NSCoder) { nil }

    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        backgroundColor = layoutAttributes.indexPath.section == 0 ? .green : .blue
    }
}

/// Two 40 x 40 items in a row at y 10, and a 20 x 20 badge of kind `badge` beside each
/// section's first item, registered in init() as layouts do.
final class BadgeLayout: UICollectionViewLayout {
    init(registering viewClass: AnyClass?) {
        super.init()
        register(viewClass, forDecorationViewOfKind: "badge")
    }

    required init?(coder: NSCoder) { nil }

    override var collectionViewContentSize: CGSize { CGSize(width: 100, height: 200) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<collectionView!.numberOfSections).flatMap { s -> [UICollectionViewLayoutAttributes] in
            let item = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: s))
            item.frame = CGRect(x: 10, y: 10 + 60 * CGFloat(s), width: 40, height: 40)
            let caption = UICollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: "caption", with: IndexPath(item: 0, section: s))
            caption.frame = CGRect(x: 10, y: 50 + 60 * CGFloat(s), width: 40, height: 8)
            return [
                item, caption,
                layoutAttributesForDecorationView(ofKind: "badge", at: IndexPath(item: 0, section: s))!,
            ]
        }
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        layoutAttributesForElements(in: .zero)?.first {
            $0.representedElementKind == elementKind && $0.indexPath == indexPath
        }
    }

    override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        let a = UICollectionViewLayoutAttributes(forDecorationViewOfKind: elementKind, with: indexPath)
        a.frame = CGRect(x: 60, y: 20 + 60 * CGFloat(indexPath.section), width: 20, height: 20)
        return a
    }
}

/// A supplementary view of the layout's own kind `caption`: an orange bar.
final class CaptionView: UICollectionReusableView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .orange
    }

    required init?(coder: NSCoder) { nil }
}

private func renderBadges(registering viewClass: AnyClass?, warnings: LayoutWarnings, layoutKeys: String = "")
    throws -> StraightImage
{
    let folder = NSTemporaryDirectory() + "framegen-decoration-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    canvas: {width: 100, height: 200, scale: 1, background: "#000000"}
    content: {sections: [1, 1]}
    layout: {type: badges\(layoutKeys)}
    cell: {background: "#FF0000"}
    decoration: {badge: {background: "#FFFFFF"}}
    supplementary: {caption: {background: "#FFFFFF"}}
    """.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let layouts = [
        UIKitLayout.descriptor(
            type: "badges",
            cells: ["badge": { GreenBadgeView(frame: $0) }, "caption-view": { CaptionView(frame: $0) }],
            supplementaryKinds: ["caption"], warnings: warnings
        ) {
            _ in BadgeLayout(registering: viewClass)
        }
    ]
    return try SceneRenderer(file: folder + "/s.yaml", layouts: layouts).render(frame: 0)
}

/// A decoration kind whose class the layout registered is drawn with views of that class, made
/// by the program's factory and applied their attributes, as UIKit makes them (no data source),
/// while the items keep the scene's style; without a registration, the scene's style for the
/// kind draws it.
@Test func decorationViewsAreDrawnWithTheClassTheLayoutRegistered() throws {
    let warnings = LinesBox()
    let sink = LayoutWarnings { warnings.append($0) }
    let image = try renderBadges(registering: GreenBadgeView.self, warnings: sink)
    // The item: the scene's cell style (its generated photo), not a view.
    expect(image[30, 30] != Color(r: 0, g: 0, b: 0) && image[30, 30] != Color(r: 0, g: 255, b: 0))
    expect(image[70, 30] == Color(r: 0, g: 255, b: 0))
    expect(image[70, 90] == Color(r: 0, g: 0, b: 255))
    expect(warnings.all.isEmpty, "\(warnings.all)")
    let styled = try renderBadges(registering: nil, warnings: sink)
    expect(styled[70, 30] == Color(r: 255, g: 255, b: 255))
    // A class the program has no factory for: one warning, a plain (transparent) view.
    let unknown = try renderBadges(registering: TitleView.self, warnings: sink)
    expect(unknown[70, 30] == Color(r: 0, g: 0, b: 0))
    expect(warnings.all.count == 1 && warnings.all[0].contains("TitleView"), "\(warnings.all)")
}

/// A supplementary kind of the layout's own is drawn with the class the scene names under the
/// kind's key (`caption: caption-view`), as `header:` and `footer:` name UIKit's; without the
/// key, with the scene's style for the kind.
@Test func supplementaryViewsOfALayoutsOwnKindAreDrawnWithTheNamedClass() throws {
    let sink = LayoutWarnings { _ in }
    let named = try renderBadges(registering: nil, warnings: sink, layoutKeys: ", caption: caption-view")
    expect(named[30, 54] == Color(r: 255, g: 128, b: 0))
    expect(named[30, 114] == Color(r: 255, g: 128, b: 0))
    let styled = try renderBadges(registering: nil, warnings: sink)
    expect(styled[30, 54] == Color(r: 255, g: 255, b: 255))
}
