import Foundation
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

/// CATextLayer: its string drawn from the top of its bounds, as a label draws text, aligned by
/// its alignment mode and wrapped only when asked (docs/uikit.md "What is there").
@Suite struct TextLayerTests {
    /// The box of pixels that are not white, or nil.
    @MainActor static func ink(_ layer: CATextLayer, size: CGSize = CGSize(width: 200, height: 100))
        -> CGRect?
    {
        let view = UIView(frame: CGRect(origin: .zero, size: size))
        view.backgroundColor = .white
        layer.frame = view.bounds
        view.layer.addSublayer(layer)
        let image = ImageDrawingTests.renderer(size, scale: 1).image { view.layer.render(in: $0.cgContext) }
        var box: CGRect?
        for y in 0..<Int(size.height) {
            for x in 0..<Int(size.width) where ImageDrawingTests.pixel(image, x, y) != [255, 255, 255, 255] {
                box = (box ?? CGRect(x: x, y: y, width: 1, height: 1)).union(
                    CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return box
    }

    @MainActor static func layer(_ string: String) -> CATextLayer {
        let layer = CATextLayer()
        layer.string = string
        layer.fontSize = 20
        layer.foregroundColor = UIColor.black.cgColor
        return layer
    }

    @MainActor @Test func itsStringIsDrawnFromTheTopAndAligned() throws {
        let left = try #require(Self.ink(Self.layer("Hello")))
        expect(left.minY < 10 && left.maxY < 30)
        expect(left.minX < 5)
        let centred = Self.layer("Hello")
        centred.alignmentMode = .center
        let middle = try #require(Self.ink(centred))
        expect(abs(middle.midX - 100) <= 2)
        expect(middle.width == left.width)
        let right = Self.layer("Hello")
        right.alignmentMode = .right
        try expect(#require(Self.ink(right)).maxX > 195)
    }

    @MainActor @Test func itWrapsOnlyWhenAsked() throws {
        let text = "A long line of words that cannot fit in two hundred points"
        let single = try #require(Self.ink(Self.layer(text)))
        expect(single.maxY < 30)
        let wrapped = Self.layer(text)
        wrapped.isWrapped = true
        let lines = try #require(Self.ink(wrapped))
        expect(lines.maxY > 40)
        expect(lines.maxX <= 200)
    }

    @MainActor @Test func anAttributedStringKeepsItsOwnAttributes() throws {
        let layer = CATextLayer()
        layer.string = NSAttributedString(
            string: "Hi", attributes: [.font: UIFont.systemFont(ofSize: 40), .foregroundColor: UIColor.red])
        let box = try #require(Self.ink(layer))
        expect(box.height > 20)  // 40 points, not the layer's 36 default nor 20
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        expect(
            CATextLayer().fontSize == 36 && CATextLayer().foregroundColor == CGColor.white
                && view.layer.sublayers == nil)
    }
}
