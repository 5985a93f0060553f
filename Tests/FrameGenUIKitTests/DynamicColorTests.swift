import Foundation
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

/// Dynamic colours as UIKit resolves them (UIColor.init(dynamicProvider:), resolvedColor(with:),
/// UITraitCollection.current) and the system colours' light and dark values from Apple's
/// Human Interface Guidelines.
@Suite struct DynamicColorTests {
    static let light = UITraitCollection(userInterfaceStyle: .light)
    static let dark = UITraitCollection(userInterfaceStyle: .dark)
    static let darkElevated = UITraitCollection(traitsFrom: [dark, .init(userInterfaceLevel: .elevated)])

    /// 0...255 components and alpha of `color` under `traits`.
    static func rgba(_ color: UIColor, _ traits: UITraitCollection) -> [Double] {
        let c = color.resolvedColor(with: traits).cgColor.rgba
        return [c.red * 255, c.green * 255, c.blue * 255].map { ($0 * 1000).rounded() / 1000 } + [c.alpha]
    }

    static func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> [UInt8] {
        let b = image.bitmap!
        let o = (y * b.width + x) * 4
        return Array(b.pixels[o..<(o + 4)])
    }

    static func image(of view: UIView) -> UIImage {
        UIGraphicsImageRenderer(
            bounds: view.bounds, format: UIGraphicsImageRendererFormat(for: .init(displayScale: 1))
        )
        .image { view.layer.render(in: $0.cgContext) }
    }

    @Test func aProviderColourResolvesUnderTheTraitsItIsGiven() {
        var asked: [UIUserInterfaceStyle] = []
        let color = UIColor { traits in
            asked.append(traits.userInterfaceStyle)
            return traits.userInterfaceStyle == .dark ? .black : .white
        }
        expect(color.resolvedColor(with: Self.dark) == .black)
        expect(color.resolvedColor(with: Self.light) == .white)
        // An unspecified style is not dark: the provider decides, and this one answers white.
        expect(color.resolvedColor(with: UITraitCollection()) == .white)
        expect(asked == [.dark, .light, .unspecified])
        // A fixed colour is itself.
        let red = UIColor.red
        expect(red.resolvedColor(with: Self.dark) === red)
    }

    @Test func cgColorResolvesWithTheCurrentTraits() {
        let color = UIColor(dynamicProvider: { $0.userInterfaceStyle == .dark ? .red : .blue })
        expect(color.cgColor.components == [0, 0, 1, 1])
        Self.dark.performAsCurrent {
            expect(UITraitCollection.current.userInterfaceStyle == .dark)
            expect(color.cgColor.components == [1, 0, 0, 1])
            var r: CGFloat = 0
            color.getRed(&r, green: nil, blue: nil, alpha: nil)
            expect(r == 1)
        }
        expect(UITraitCollection.current.userInterfaceStyle == .light)
        // A dark screen is the current traits where nothing set them.
        UIScreen.withMain(UIScreen(size: CGSize(width: 10, height: 10), scale: 1, userInterfaceStyle: .dark))
        {
            expect(color.cgColor.components == [1, 0, 0, 1])
        }
    }

    @Test func aDynamicColourWithAlphaStaysDynamic() {
        let faded = UIColor.systemBlue.withAlphaComponent(0.5)
        expect(Self.rgba(faded, Self.light) == [0, 122, 255, 0.5])
        expect(Self.rgba(faded, Self.dark) == [10, 132, 255, 0.5])
    }

    @Test func systemColoursAreOneObjectEachAndNotTheirLightValue() {
        expect(UIColor.label == UIColor.label)
        expect(UIColor.systemBackground != UIColor.white)
        expect(UIColor.systemBackground.resolvedColor(with: Self.light) == UIColor.white)
        expect(UIColor.label.resolvedColor(with: Self.light) == UIColor(white: 0, alpha: 1))
        expect(UIColor.systemBlue.description == "<UIDynamicSystemColor: name = systemBlueColor>")
    }

    /// iOS 13 and 14's values, default contrast (Apple's Human Interface Guidelines, "Color").
    @Test(
        arguments: [
            ("systemBackground", UIColor.systemBackground, [255, 255, 255, 1], [0, 0, 0, 1]),
            ("secondarySystemBackground", .secondarySystemBackground, [242, 242, 247, 1], [28, 28, 30, 1]),
            ("tertiarySystemBackground", .tertiarySystemBackground, [255, 255, 255, 1], [44, 44, 46, 1]),
            ("systemGroupedBackground", .systemGroupedBackground, [242, 242, 247, 1], [0, 0, 0, 1]),
            (
                "secondarySystemGroupedBackground", .secondarySystemGroupedBackground, [255, 255, 255, 1],
                [28, 28, 30, 1]
            ),
            (
                "tertiarySystemGroupedBackground", .tertiarySystemGroupedBackground, [242, 242, 247, 1],
                [44, 44, 46, 1]
            ),
            ("label", .label, [0, 0, 0, 1], [255, 255, 255, 1]),
            ("secondaryLabel", .secondaryLabel, [60, 60, 67, 0.6], [235, 235, 245, 0.6]),
            ("tertiaryLabel", .tertiaryLabel, [60, 60, 67, 0.3], [235, 235, 245, 0.3]),
            ("quaternaryLabel", .quaternaryLabel, [60, 60, 67, 0.18], [235, 235, 245, 0.16]),
            ("placeholderText", .placeholderText, [60, 60, 67, 0.3], [235, 235, 245, 0.3]),
            ("systemFill", .systemFill, [120, 120, 128, 0.2], [120, 120, 128, 0.36]),
            ("secondarySystemFill", .secondarySystemFill, [120, 120, 128, 0.16], [120, 120, 128, 0.32]),
            ("tertiarySystemFill", .tertiarySystemFill, [118, 118, 128, 0.12], [118, 118, 128, 0.24]),
            ("quaternarySystemFill", .quaternarySystemFill, [116, 116, 128, 0.08], [118, 118, 128, 0.18]),
            ("separator", .separator, [60, 60, 67, 0.29], [84, 84, 88, 0.6]),
            ("opaqueSeparator", .opaqueSeparator, [198, 198, 200, 1], [56, 56, 58, 1]),
            ("link", .link, [0, 122, 255, 1], [9, 132, 255, 1]),
            ("systemBlue", .systemBlue, [0, 122, 255, 1], [10, 132, 255, 1]),
            ("systemRed", .systemRed, [255, 59, 48, 1], [255, 69, 58, 1]),
            ("systemGreen", .systemGreen, [52, 199, 89, 1], [48, 209, 88, 1]),
            ("systemOrange", .systemOrange, [255, 149, 0, 1], [255, 159, 10, 1]),
            ("systemYellow", .systemYellow, [255, 204, 0, 1], [255, 214, 10, 1]),
            ("systemPink", .systemPink, [255, 45, 85, 1], [255, 55, 95, 1]),
            ("systemPurple", .systemPurple, [175, 82, 222, 1], [191, 90, 242, 1]),
            ("systemTeal", .systemTeal, [90, 200, 250, 1], [100, 210, 255, 1]),
            ("systemIndigo", .systemIndigo, [88, 86, 214, 1], [94, 92, 230, 1]),
            ("systemMint", .systemMint, [0, 199, 190, 1], [99, 230, 226, 1]),
            ("systemCyan", .systemCyan, [50, 173, 230, 1], [100, 210, 255, 1]),
            ("systemBrown", .systemBrown, [162, 132, 94, 1], [172, 142, 104, 1]),
            ("systemGray", .systemGray, [142, 142, 147, 1], [142, 142, 147, 1]),
            ("systemGray2", .systemGray2, [174, 174, 178, 1], [99, 99, 102, 1]),
            ("systemGray3", .systemGray3, [199, 199, 204, 1], [72, 72, 74, 1]),
            ("systemGray4", .systemGray4, [209, 209, 214, 1], [58, 58, 60, 1]),
            ("systemGray5", .systemGray5, [229, 229, 234, 1], [44, 44, 46, 1]),
            ("systemGray6", .systemGray6, [242, 242, 247, 1], [28, 28, 30, 1]),
        ] as [(String, UIColor, [Double], [Double])])
    func systemColoursHaveIOSValuesInBothStyles(name: String, color: UIColor, light: [Double], dark: [Double])
    {
        expect(Self.rgba(color, Self.light) == light, "\(name) light")
        expect(Self.rgba(color, Self.dark) == dark, "\(name) dark")
        // Unspecified (a collection that names no style) is light, as UIKit resolves it.
        expect(Self.rgba(color, UITraitCollection()) == light, "\(name) unspecified")
    }

    /// Content at the elevated level (a sheet) has lighter dark backgrounds.
    @Test func elevatedBackgroundsAreLighterInTheDark() {
        expect(Self.rgba(.systemBackground, Self.darkElevated) == [28, 28, 30, 1])
        expect(Self.rgba(.secondarySystemBackground, Self.darkElevated) == [44, 44, 46, 1])
        expect(Self.rgba(.tertiarySystemBackground, Self.darkElevated) == [58, 58, 60, 1])
        expect(Self.rgba(.systemGroupedBackground, Self.darkElevated) == [28, 28, 30, 1])
        expect(Self.rgba(.label, Self.darkElevated) == [255, 255, 255, 1])
    }

    /// A view's dynamic background is drawn with the view's traits: its own override, a dark
    /// superview's, a dark screen's; its getter gives back the colour that was set.
    @Test func aViewsBackgroundIsDrawnWithItsTraits() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        view.backgroundColor = .systemBackground
        expect(view.backgroundColor === UIColor.systemBackground)
        expect(Self.pixel(Self.image(of: view), 1, 1) == [255, 255, 255, 255])
        view.overrideUserInterfaceStyle = .dark
        expect(Self.pixel(Self.image(of: view), 1, 1) == [0, 0, 0, 255])
        expect(view.backgroundColor === UIColor.systemBackground)

        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 8, height: 8))
        parent.overrideUserInterfaceStyle = .dark
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        child.backgroundColor = .secondarySystemBackground
        parent.addSubview(child)
        expect(Self.pixel(Self.image(of: parent), 1, 1) == [28, 28, 30, 255])

        UIScreen.withMain(UIScreen(size: CGSize(width: 8, height: 8), scale: 1, userInterfaceStyle: .dark)) {
            let onDark = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
            onDark.backgroundColor = .systemGroupedBackground
            expect(onDark.traitCollection.userInterfaceStyle == .dark)
            expect(Self.pixel(Self.image(of: onDark), 1, 1) == [0, 0, 0, 255])
            onDark.overrideUserInterfaceStyle = .light
            expect(Self.pixel(Self.image(of: onDark), 1, 1) == [242, 242, 247, 255])
        }
    }

    /// A colour set on a layer is a CGColor: resolved once, with the current traits of that
    /// moment, and drawn so whatever the view's traits later are, as on iOS.
    @Test func aLayerColourIsResolvedWhenItIsSet() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        view.overrideUserInterfaceStyle = .dark
        view.layer.backgroundColor = UIColor.systemBackground.cgColor
        expect(Self.pixel(Self.image(of: view), 1, 1) == [255, 255, 255, 255])
        view.traitCollection.performAsCurrent {
            view.layer.backgroundColor = UIColor.systemBackground.cgColor
        }
        expect(Self.pixel(Self.image(of: view), 1, 1) == [0, 0, 0, 255])
    }

    /// draw(_:) runs with the view's traits current, and again when its appearance changes.
    @Test func drawRunsWithTheViewsTraitsAndAgainInTheOtherAppearance() {
        final class Swatch: UIView {
            var draws = 0
            override func draw(_ rect: CGRect) {
                draws += 1
                UIColor.label.setFill()
                UIBezierPath(rect: bounds).fill()
            }
        }
        let view = Swatch(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        expect(Self.pixel(Self.image(of: view), 1, 1) == [0, 0, 0, 255])
        expect(Self.pixel(Self.image(of: view), 1, 1) == [0, 0, 0, 255])
        expect(view.draws == 1)
        view.overrideUserInterfaceStyle = .dark
        expect(Self.pixel(Self.image(of: view), 1, 1) == [255, 255, 255, 255])
        expect(view.draws == 2)
    }

    /// A label's default text colour is `.label`: white text in the dark.
    @Test func aLabelsTextIsDrawnInItsAppearance() {
        func brightest(_ style: UIUserInterfaceStyle) -> UInt8 {
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
            label.text = "HHH"
            label.font = .boldSystemFont(ofSize: 18)
            label.overrideUserInterfaceStyle = style
            let image = Self.image(of: label)
            let b = image.bitmap!
            return stride(from: 0, to: b.pixels.count, by: 4).map { b.pixels[$0] }.max() ?? 0
        }
        expect(brightest(.dark) > 200)
        expect(brightest(.light) < 60)
    }
}
