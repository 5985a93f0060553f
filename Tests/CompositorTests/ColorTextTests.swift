import FrameGenGeometry
import FrameGenRaster
import FrameGenText
import TestTiers
import Testing

@testable import FrameGenCompositor

/// Colour glyphs (emoji) through the compositor: drawn in their own colours whatever the text
/// colour, at the layer's opacity, upright and through a transform.
@Suite struct ColorTextTests {
    let text = TextRenderer()

    private func pinkPixels(_ transform: Transform3D = .identity, opacity: Double = 1) throws -> (
        pink: Int, ink: Int
    ) {
        var l = Layer(size: Size(width: 80, height: 60), position: Point(x: 48, y: 48))
        l.transform = transform
        l.opacity = opacity
        // Black text colour: anything pink comes from the emoji's own colours.
        l.text = LayerText(string: "🌸", fontSize: 40, bold: false, color: .black)
        let view = ViewLayer(frame: Rect(x: 0, y: 0, width: 96, height: 96), layers: [l])
        let out = try Compositor.render(
            CanvasLayer(pixelWidth: 96, pixelHeight: 96, scale: 1, background: .color(.white), views: [view]),
            text: text)
        var pink = 0
        var ink = 0
        for y in 0..<96 {
            for x in 0..<96 {
                let p = out[x, y]
                if p != Color.white.premultiplied { ink += 1 }
                if Int(p.r) > Int(p.g) + 40 { pink += 1 }
            }
        }
        return (pink, ink)
    }

    @Test func emojiKeepTheirColoursUprightAndTransformed() throws {
        let upright = try pinkPixels()
        expect(upright.pink > 300, "\(upright)")
        let rotated = try pinkPixels(Transform3D.identity.rotated(0.3, 0, 0, 1))
        expect(rotated.pink > 300, "\(rotated)")
        expect(abs(rotated.ink - upright.ink) < upright.ink / 4)
    }

    @Test func emojiFadeWithTheLayer() throws {
        let faded = try pinkPixels(opacity: 0.25)
        let full = try pinkPixels()
        expect(faded.ink >= full.ink * 3 / 4)
        expect(faded.pink < full.pink / 2, "\(faded) vs \(full)")
    }
}
