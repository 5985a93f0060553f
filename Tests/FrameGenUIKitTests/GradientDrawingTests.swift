import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

/// Core Graphics' gradients in a context (`drawLinearGradient`, `drawRadialGradient`), as a
/// view's `draw(_:)` or an image renderer paints them: colours along the axis, nothing beyond the
/// ends unless the options say so, and the clip (docs/uikit.md "Drawing in draw(_:)").
@Suite struct GradientDrawingTests {
    static func image(_ paint: @escaping (CGContext) -> Void) -> UIImage {
        ImageDrawingTests.renderer(CGSize(width: 100, height: 20), scale: 1).image { paint($0.cgContext) }
    }

    static let redToBlue = CGGradient(
        colorsSpace: CGColorSpaceCreateDeviceRGB(),
        colors: [UIColor.red.cgColor, UIColor.blue.cgColor] as CFArray,
        locations: [0, 1])!

    @Test func aLinearGradientRunsAlongItsAxis() {
        let image = Self.image {
            $0.drawLinearGradient(Self.redToBlue, start: .zero, end: CGPoint(x: 100, y: 0), options: [])
        }
        // Pixel x's centre is x + 0.5 along 100 points: red falls from 255 to 0.
        for x in [0, 25, 50, 99] {
            let p = ImageDrawingTests.pixel(image, x, 10).map(Double.init)
            let t = (Double(x) + 0.5) / 100
            let (red, blue): (Double, Double) = (255 * (1 - t), 255 * t)
            expect(abs(p[0] - red) <= 1.5)
            expect(abs(p[2] - blue) <= 1.5)
            expect(p[3] == 255)
        }
    }

    @Test func beyondItsEndsNothingUnlessTheOptionsSay() {
        let start = CGPoint(x: 25, y: 0)
        let end = CGPoint(x: 75, y: 0)
        let bare = Self.image { $0.drawLinearGradient(Self.redToBlue, start: start, end: end, options: []) }
        expect(ImageDrawingTests.pixel(bare, 10, 5) == ImageDrawingTests.clear)
        expect(ImageDrawingTests.pixel(bare, 90, 5) == ImageDrawingTests.clear)
        expect(ImageDrawingTests.pixel(bare, 50, 5)[3] == 255)
        let extended = Self.image {
            $0.drawLinearGradient(
                Self.redToBlue, start: start, end: end,
                options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        expect(ImageDrawingTests.pixel(extended, 10, 5) == ImageDrawingTests.red)
        expect(ImageDrawingTests.pixel(extended, 90, 5) == ImageDrawingTests.blue)
        let before = Self.image {
            $0.drawLinearGradient(Self.redToBlue, start: start, end: end, options: .drawsBeforeStartLocation)
        }
        expect(ImageDrawingTests.pixel(before, 10, 5) == ImageDrawingTests.red)
        expect(ImageDrawingTests.pixel(before, 90, 5) == ImageDrawingTests.clear)
    }

    @Test func theClipAndTheContextsAlphaApply() {
        let image = Self.image {
            $0.clip(to: CGRect(x: 0, y: 0, width: 50, height: 20))
            $0.setAlpha(0.5)
            $0.drawLinearGradient(
                Self.redToBlue, start: .zero, end: CGPoint(x: 100, y: 0),
                options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        expect(ImageDrawingTests.pixel(image, 70, 5) == ImageDrawingTests.clear)
        let p = ImageDrawingTests.pixel(image, 10, 5)
        expect(p[3] == 128 || p[3] == 127)
    }

    @Test func aRadialGradientSpreadsFromItsCentreToTheEndCircle() {
        let whiteToBlack = CGGradient(
            colorsSpace: nil, colors: [UIColor.white.cgColor, UIColor.black.cgColor] as CFArray,
            locations: nil)!
        let image = ImageDrawingTests.renderer(CGSize(width: 100, height: 100), scale: 1).image {
            $0.cgContext.drawRadialGradient(
                whiteToBlack, startCenter: CGPoint(x: 50, y: 50), startRadius: 0,
                endCenter: CGPoint(x: 50, y: 50),
                endRadius: 40, options: [])
        }
        let centre = ImageDrawingTests.pixel(image, 50, 50)
        expect(centre[0] >= 250 && centre[3] == 255)
        // 20.5 points out (pixel 70's centre): about half way.
        let half = Double(ImageDrawingTests.pixel(image, 70, 50)[0])
        let expected: Double = 255 * (1 - 20.5 / 40)
        expect(abs(half - expected) <= 3)
        // Beyond the end circle: nothing.
        expect(ImageDrawingTests.pixel(image, 95, 50) == ImageDrawingTests.clear)
        expect(ImageDrawingTests.pixel(image, 50, 5) == ImageDrawingTests.clear)
    }
}
