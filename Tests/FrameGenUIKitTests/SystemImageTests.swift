import Foundation
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

/// `UIImage(systemName:)` gives framegen's documented stand-in glyph: a template image the size
/// of a symbol at its configuration, drawn in the image view's tint.
@Suite struct SystemImageTests {
    @Test func aSymbolIsAStandInOfItsConfiguredSize() throws {
        let screen = UIScreen(size: CGSize(width: 100, height: 100), scale: 2)
        try UIScreen.withMain(screen) {
            let star = try #require(UIImage(systemName: "star.fill"))
            expect(star.isSymbolImage)
            expect(star.renderingMode == .alwaysTemplate)
            // 17 points (the body style's) times 1.2, at the screen's scale.
            expect(star.size == CGSize(width: 20, height: 20) && star.scale == 2)
            expect(star.symbolConfiguration?.pointSize == 17 && star.symbolConfiguration?.weight == .regular)
            let big = try #require(
                UIImage(
                    systemName: "star",
                    withConfiguration: UIImage.SymbolConfiguration(pointSize: 30, weight: .bold)))
            expect(big.size == CGSize(width: 36, height: 36))
            let large = big.withConfiguration(UIImage.SymbolConfiguration(scale: .large))
            expect(large.size == CGSize(width: 47, height: 47))
            expect(large.symbolConfiguration?.weight == .bold)
            expect(UIImage().applyingSymbolConfiguration(.init(pointSize: 10)) == nil)
            expect(star.withRenderingMode(.alwaysOriginal).isSymbolImage)
            let headline = UIImage.SymbolConfiguration(textStyle: .headline)
            expect(headline.pointSize == 17)
        }
    }

    static func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> [UInt8] {
        let b = image.bitmap!
        let o = (y * b.width + x) * 4
        return Array(b.pixels[o..<(o + 4)])
    }

    /// The outline is opaque on its edge, clear inside; an image view draws it in its tint,
    /// `withTintColor` in the colour given.
    @Test func theGlyphIsAnOutlineDrawnInTheTint() throws {
        let screen = UIScreen(size: CGSize(width: 100, height: 100), scale: 1)
        try UIScreen.withMain(screen) {
            let glyph = try #require(UIImage(systemName: "square"))
            let b = try #require(glyph.bitmap)
            expect(b.width == 20)
            // The edge: 8% in (1.6 pt) plus half the 1.445 pt stroke, at the middle of the left side.
            expect(Self.pixel(glyph, 2, 10)[3] > 200)
            expect(Self.pixel(glyph, 10, 10)[3] == 0)
            expect(Self.pixel(glyph, 0, 10)[3] == 0)

            let view = UIImageView(image: glyph)
            view.tintColor = .systemRed
            let drawn = UIGraphicsImageRenderer(
                bounds: view.bounds, format: UIGraphicsImageRendererFormat(for: .init(displayScale: 1))
            )
            .image { view.layer.render(in: $0.cgContext) }
            let edge = Self.pixel(drawn, 2, 10)
            expect(edge[0] > 200 && edge[1] < 60 && edge[2] < 60)
            view.overrideUserInterfaceStyle = .dark
            let dark = UIGraphicsImageRenderer(
                bounds: view.bounds, format: UIGraphicsImageRendererFormat(for: .init(displayScale: 1))
            )
            .image { view.layer.render(in: $0.cgContext) }
            // systemRed's dark value is (255, 69, 58).
            expect(Self.pixel(dark, 2, 10)[1] > Self.pixel(drawn, 2, 10)[1])

            let green = glyph.withTintColor(.green)
            expect(green.renderingMode == .alwaysOriginal)
            let g = Self.pixel(green, 2, 10)
            expect(g[0] == 0 && g[1] == g[3] && g[2] == 0)
        }
    }
}
