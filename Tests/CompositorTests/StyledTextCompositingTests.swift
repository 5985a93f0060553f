import FrameGenGeometry
import FrameGenRaster
import FrameGenText
import TestTiers
import Testing

@testable import FrameGenCompositor

/// A label's runs through the compositor: each run in its own colour; runs that do not cover the
/// string (or a run's size no text can be drawn at) draw the string in its one style rather than
/// failing the frame.
@Suite struct StyledTextCompositingTests {
    let text = TextRenderer()

    private func render(_ t: LayerText) throws -> Image {
        var l = Layer(size: Size(width: 200, height: 40), position: Point(x: 100, y: 20))
        l.text = t
        let view = ViewLayer(frame: Rect(x: 0, y: 0, width: 200, height: 40), layers: [l])
        return try Compositor.render(
            CanvasLayer(
                pixelWidth: 200, pixelHeight: 40, scale: 1, background: .color(.white), views: [view]),
            text: text)
    }

    /// Columns with red ink and with blue ink.
    private func inkColumns(_ image: Image) -> (red: [Int], blue: [Int]) {
        var red: [Int] = []
        var blue: [Int] = []
        for x in 0..<200 {
            for y in 0..<40 {
                let p = image[x, y]
                if Int(p.r) > Int(p.b) + 100 { red.append(x); break }
                if Int(p.b) > Int(p.r) + 100 { blue.append(x); break }
            }
        }
        return (red, blue)
    }

    @Test func eachRunIsFilledInItsColour() throws {
        var t = LayerText(string: "Red blue", fontSize: 20, bold: false, color: .black, alignment: .left)
        t.runs = [
            (StyledRun(length: 4, size: 20), Color(r: 255, g: 0, b: 0)),
            (StyledRun(length: 4, size: 20, weight: .bold), Color(r: 0, g: 0, b: 255)),
        ]
        let (red, blue) = inkColumns(try render(t))
        expect(!red.isEmpty && !blue.isEmpty)
        expect(red.max()! < blue.min()!)
    }

    @Test func runsThatDoNotFitTheStringDrawItInOneStyle() throws {
        let plain = LayerText(string: "Red blue", fontSize: 20, bold: false, color: .black, alignment: .left)
        let expected = try render(plain)
        for runs in [
            [(StyledRun(length: 3, size: 20), Color.white)], [(StyledRun(length: 8, size: 0), Color.white)],
        ] {
            var t = plain
            t.runs = runs
            try expect(try render(t) == expected)
        }
    }
}
