import FrameGenUIKit
import Testing

// What Apple documents for UIKit's values and views.

@Test func colorsHaveAppleComponents() {
    var r: CGFloat = -1
    var g: CGFloat = -1
    var b: CGFloat = -1
    var a: CGFloat = -1
    #expect(UIColor.orange.getRed(&r, green: &g, blue: &b, alpha: &a))
    #expect([r, g, b, a] == [1, 0.5, 0, 1])
    UIColor.gray.getRed(&r, green: &g, blue: &b, alpha: &a)
    #expect([r, g, b, a] == [0.5, 0.5, 0.5, 1])
    #expect(UIColor.red.cgColor.components == [1, 0, 0, 1])
    #expect(UIColor.white.cgColor.components == [1, 1])
    #expect(UIColor.clear.cgColor.alpha == 0)
    #expect(UIColor.darkGray == UIColor(white: 1 / 3, alpha: 1))
    #expect(UIColor.purple == UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1))
    #expect(UIColor.brown == UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1))
    #expect(UIColor(white: 0, alpha: 1) != UIColor(red: 0, green: 0, blue: 0, alpha: 1))
    #expect(UIColor.red.withAlphaComponent(0.25).cgColor.components == [1, 0, 0, 0.25])
    #expect(UIColor.black.withAlphaComponent(0.5).cgColor.components == [0, 0.5])
    var w: CGFloat = -1
    #expect(UIColor.lightGray.getWhite(&w, alpha: &a) && w == 2 / 3)
    #expect(!UIColor.red.getWhite(&w, alpha: &a))
    #expect(UIColor.red.description == "UIExtendedSRGBColorSpace 1 0 0 1")
    #expect(UIColor.black.description == "UIExtendedGrayColorSpace 0 1")
}

@Test func hueSaturationBrightnessRoundTrip() {
    #expect(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1) == .red)
    #expect(UIColor(hue: 1 / 3, saturation: 1, brightness: 1, alpha: 1) == .green)
    #expect(UIColor(hue: 2 / 3, saturation: 1, brightness: 1, alpha: 1) == .blue)
    let color = UIColor(hue: 0.8, saturation: 0.5, brightness: 0.6, alpha: 0.9)
    var h: CGFloat = 0
    var s: CGFloat = 0
    var v: CGFloat = 0
    var a: CGFloat = 0
    #expect(color.getHue(&h, saturation: &s, brightness: &v, alpha: &a))
    #expect(abs(h - 0.8) < 1e-12 && abs(s - 0.5) < 1e-12 && abs(v - 0.6) < 1e-12 && a == 0.9)
}

@Test func fontsHaveSizeWeightAndSystemMetrics() {
    let body = UIFont.systemFont(ofSize: 17)
    #expect(
        body.pointSize == 17 && body.fontName == ".SFUI-Regular" && body.familyName == ".AppleSystemUIFont")
    // iOS reports 20.287109375 for the 17-point system font.
    #expect(abs(body.lineHeight - 20.287109375) < 1e-9)
    #expect(UIFont.boldSystemFont(ofSize: 12).fontName == ".SFUI-Bold")
    #expect(UIFont.systemFont(ofSize: 12, weight: .semibold).fontName == ".SFUI-Semibold")
    #expect(UIFont.systemFont(ofSize: 12) == UIFont.systemFont(ofSize: 12))
    #expect(UIFont.systemFont(ofSize: 12) != UIFont.boldSystemFont(ofSize: 12))
    #expect(body.withSize(20).pointSize == 20)
    let headline = UIFont.preferredFont(forTextStyle: .headline)
    #expect(headline.pointSize == 17 && headline.fontName == ".SFUI-Semibold")
    #expect(UIFont(name: "Helvetica-Bold", size: 14)?.familyName == "Helvetica")
    #expect(UIFont(name: "", size: 14) == nil)
    #expect(UIFont.Weight.bold.rawValue == 0.4 && UIFont.Weight.medium.rawValue == 0.23)
}

@Test func namedImagesResolveOnlyThroughFramegen() {
    #expect(UIImage(named: "photo") == nil)
    #expect(UIImage(systemName: "star") == nil)
    #expect(UIImage().size == .zero)
    let resolved = UIImage.withNamedImages({ name in
        name == "photo"
            ? UIImage(bitmap: .init(width: 6, height: 3, pixels: .init(repeating: 255, count: 72)), scale: 3)
            : nil
    }) {
        (UIImage(named: "photo"), UIImage(named: "other"))
    }
    #expect(resolved.0?.size == CGSize(width: 2, height: 1) && resolved.0?.scale == 3)
    #expect(resolved.1 == nil)
    let template = resolved.0?.withRenderingMode(.alwaysTemplate)
    #expect(template?.renderingMode == .alwaysTemplate && template?.size == CGSize(width: 2, height: 1))
}

@Test func theMainScreenIsTheBoundOne() {
    #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 390, height: 844))
    #expect(UIScreen.main.scale == 3 && UIScreen.main.nativeScale == 3)
    #expect(UIScreen.main.nativeBounds.size == CGSize(width: 1170, height: 2532))
    let canvas = UIScreen(size: CGSize(width: 1920, height: 1080), scale: 1)
    let seen = UIScreen.withMain(canvas) {
        UIScreen.withMain(UIScreen(size: CGSize(width: 10, height: 10), scale: 2)) { UIScreen.main.scale }
            + UIScreen.main.bounds.width
    }
    #expect(seen == 1922)
    #expect(UIScreen.main.bounds.width == 390)
}

@Test func edgeInsetsInsetRects() {
    let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    #expect(
        CGRect(x: 0, y: 0, width: 100, height: 50).inset(by: insets)
            == CGRect(x: 2, y: 1, width: 94, height: 46))
    #expect(UIEdgeInsets.zero == UIEdgeInsets() && UIEdgeInsets.zero != insets)
    // Not standardised: too large an inset leaves a negative size, as on iOS (`width` reads it
    // standardised, as CGRectGetWidth does).
    #expect(CGRect(x: 0, y: 0, width: 4, height: 4).inset(by: insets).size.width == -2)
}
