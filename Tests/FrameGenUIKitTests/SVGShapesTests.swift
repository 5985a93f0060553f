import Foundation
import FrameGenCoreGraphics
import FrameGenRaster
import FrameGenUIKitRendering
import TestTiers
import Testing

@testable import FrameGenUIKit

/// An asset catalog's SVG as iOS draws it: Core SVG hands each shape to Core Graphics, so an
/// icon's edges are those of the same path filled in a Core Graphics context.
@Suite struct SVGShapesTests {
    static func svg(_ body: String, width: Int = 12, height: Int = 8, viewBox: String = "0 0 24 16")
        -> [UInt8]
    {
        Array(
            (##"<svg width="\##(width)" height="\##(height)" viewBox="\##(viewBox)" xmlns="http://www.w3.org/2000/svg">"##
                + body + "</svg>").utf8)
    }

    static func drawn(_ document: [UInt8], width: Int = 36, height: Int = 24) throws -> [UInt8] {
        switch VectorImages.draw(svg: true, document, width: width, height: height) {
        case .success(let bitmap): return bitmap.pixels
        case .failure(let why): throw why
        }
    }

    static func pixels(_ document: SVGShapes.Document, _ width: Int, _ height: Int) throws -> [UInt8] {
        try #require(SVGShapes.draw(document, width: width, height: height)).pixels
    }

    /// `draw` in a 12 x 8 point image renderer at scale 3, black, its pixels.
    static func filledByCoreGraphics(_ draw: (CGContext) -> Void) throws -> [UInt8] {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        let image = UIGraphicsImageRenderer(size: CGSize(width: 12, height: 8), format: format).image {
            draw($0.cgContext)
        }
        return try #require(image.bitmap).pixels
    }

    /// A path of lines and cubics in a 2x view box: every pixel, edges included, as Core Graphics
    /// fills the same path at the image's pixels (librsvg's cairo would differ along the curve).
    @Test func aPathIsFilledAsCoreGraphicsFillsIt() throws {
        let icon = Self.svg(
            ##"<path d="M2 2 L20 3 C23 6 23 12 18 14 C12 16 4 15 3 9 Z" fill="currentColor"/>"##)
        let expected = try Self.filledByCoreGraphics { c in
            // The view box is twice the size in points: half of each coordinate.
            c.move(to: CGPoint(x: 1, y: 1))
            c.addLine(to: CGPoint(x: 10, y: 1.5))
            c.addCurve(
                to: CGPoint(x: 9, y: 7), control1: CGPoint(x: 11.5, y: 3), control2: CGPoint(x: 11.5, y: 6))
            c.addCurve(
                to: CGPoint(x: 1.5, y: 4.5), control1: CGPoint(x: 6, y: 8), control2: CGPoint(x: 2, y: 7.5))
            c.closePath()
            c.setFillColor(UIColor.black.cgColor)
            c.fillPath()
        }
        let pixels = try Self.drawn(icon)
        expect(pixels == expected)
        // Partly covered pixels along the curve: anti-aliased.
        expect(stride(from: 3, to: pixels.count, by: 4).contains { pixels[$0] > 0 && pixels[$0] < 255 })
    }

    /// A circle and a rounded rectangle are Core Graphics' ellipse and rounded rectangle.
    @Test func circlesAndRoundedRectanglesAreCoreGraphicsShapes() throws {
        let circle = try Self.drawn(Self.svg(##"<circle cx="8" cy="8" r="6" fill="#000"/>"##))
        let expectedCircle = try Self.filledByCoreGraphics { c in
            c.addEllipse(in: CGRect(x: 1, y: 1, width: 6, height: 6))
            c.setFillColor(UIColor.black.cgColor)
            c.fillPath()
        }
        expect(circle == expectedCircle)
        let rounded = try Self.drawn(Self.svg(##"<rect x="2" y="2" width="18" height="12" rx="4"/>"##))
        let expectedRounded = try Self.filledByCoreGraphics { c in
            c.addPath(
                CGPath(
                    roundedRect: CGRect(x: 1, y: 1, width: 9, height: 6), cornerWidth: 2, cornerHeight: 2,
                    transform: nil))
            c.setFillColor(UIColor.black.cgColor)
            c.fillPath()
        }
        expect(rounded == expectedRounded)
    }

    /// SVG's path grammar: relative commands, implicit linetos after a moveto, H and V, numbers
    /// run together, and the even-odd rule cutting a hole.
    @Test func pathGrammarAndFillRules() throws {
        let absolute = try #require(
            SVGShapes.parse(
                Self.svg(
                    ##"<path d="M4 4 L20 4 L20 12 L4 12 Z M8 6 L16 6 L16 10 L8 10 Z" fill-rule="evenodd"/>"##)
            ))
        let relative = try #require(
            SVGShapes.parse(
                Self.svg(##"<path d="m4 4 16 0v8H4z m4 2h8 0v4h-8e0z" style="fill-rule:evenodd"/>"##)))
        let a = try Self.pixels(absolute, 24, 16)
        try expect(a == Self.pixels(relative, 24, 16))
        func alpha(_ x: Int, _ y: Int) -> UInt8 { a[(y * 24 + x) * 4 + 3] }
        expect(alpha(5, 5) == 255 && alpha(12, 8) == 0)
        // Under the non-zero rule the same contours (both clockwise) fill the hole.
        let nonZero = try #require(
            SVGShapes.parse(Self.svg(##"<path d="M4 4 L20 4 L20 12 L4 12 Z M8 6 L16 6 L16 10 L8 10 Z"/>"##)))
        try expect(Self.pixels(nonZero, 24, 16)[(8 * 24 + 12) * 4 + 3] == 255)
    }

    /// An arc is the ellipse's curve: a circle drawn as two half-turn arcs covers the pixels a
    /// `circle` does, within a level along its edge.
    @Test func arcsFollowTheirEllipse() throws {
        let arcs = try #require(
            SVGShapes.parse(Self.svg(##"<path d="M2 8 A6 6 0 0 1 14 8 a6 6 0 1 1 -12 0z"/>"##)))
        let circle = try #require(SVGShapes.parse(Self.svg(##"<circle cx="8" cy="8" r="6"/>"##)))
        let a = try Self.pixels(arcs, 48, 32)
        let b = try Self.pixels(circle, 48, 32)
        expect(zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        expect(a.contains { $0 == 255 })
        // Curves millions of pixels long are not cut into chords here (each into 65,536).
        let curves = String(repeating: "C 1e9 0 1e9 1e9 0 1e9 ", count: 100)
        let huge = try #require(SVGShapes.parse(Self.svg(##"<path d="M0 0 "## + curves + ##"Z"/>"##)))
        expect(SVGShapes.draw(huge, width: 48, height: 32) == nil)
        // Radii too small to reach are scaled up: a half circle of radius 6 from radius 1.
        let small = try #require(SVGShapes.parse(Self.svg(##"<path d="M2 8 A1 1 0 0 1 14 8 Z"/>"##)))
        let half = try #require(SVGShapes.parse(Self.svg(##"<path d="M2 8 A6 6 0 0 1 14 8 Z"/>"##)))
        try expect(Self.pixels(small, 48, 32) == Self.pixels(half, 48, 32))
    }

    /// Colours, opacity and inheritance: a group's fill reaches its shapes, `currentColor` is the
    /// `color` property, a shape's opacity multiplies its fill's.
    @Test func paintIsInheritedAndMultiplied() throws {
        let document = try #require(
            SVGShapes.parse(
                Self.svg(
                    ##"<g fill="#FF0000" color="rgb(0, 0, 255)"><rect width="12" height="16"/>"##
                        + ##"<rect x="12" width="12" height="16" fill="currentColor" opacity="0.5"/></g>"##)))
        expect(
            document.shapes.map(\.color) == [Color(r: 255, g: 0, b: 0), Color(r: 0, g: 0, b: 255, a: 128)])
        let pixels = try Self.pixels(document, 24, 16)
        expect(Array(pixels[0..<4]) == [255, 0, 0, 255])
        expect(Array(pixels[(23 * 4)..<(24 * 4)]) == [0, 0, 128, 128])
        // No fill: nothing drawn.
        expect(
            SVGShapes.parse(Self.svg(##"<rect width="24" height="16" fill="none"/>"##))?.shapes.isEmpty
                == true)
    }

    /// Transforms compose from the outside in; `preserveAspectRatio` centres a view box that does
    /// not fill the image.
    @Test func transformsAndTheViewBoxPlaceShapes() throws {
        let moved = try #require(
            SVGShapes.parse(
                Self.svg(
                    ##"<g transform="translate(12 0)"><rect transform="scale(0.5, 1)" width="24" height="16"/></g>"##
                )))
        let pixels = try Self.pixels(moved, 24, 16)
        expect(pixels[(8 * 24 + 11) * 4 + 3] == 0 && pixels[(8 * 24 + 12) * 4 + 3] == 255)
        // A list applies its last transform first; a rotation about a point turns about it:
        // the left half (12 x 16) turned a half turn about (12, 8) is the right half.
        let turned = try #require(
            SVGShapes.parse(Self.svg(##"<rect width="12" height="16" transform="rotate(180 12 8)"/>"##)))
        let halves = try Self.pixels(turned, 24, 16)
        expect(halves[(8 * 24 + 11) * 4 + 3] == 0 && halves[(8 * 24 + 12) * 4 + 3] == 255)
        let listed = try #require(
            SVGShapes.parse(
                Self.svg(##"<rect width="6" height="16" transform="translate(12) scale(2 1)"/>"##)))
        try expect(Self.pixels(listed, 24, 16) == Self.pixels(moved, 24, 16))
        // A square box in a 2:1 image: centred, the sides empty.
        let square = try #require(
            SVGShapes.parse(
                Self.svg(##"<rect width="10" height="10"/>"##, width: 20, height: 10, viewBox: "0 0 10 10")))
        let wide = try Self.pixels(square, 20, 10)
        expect(
            wide[(5 * 20 + 4) * 4 + 3] == 0 && wide[(5 * 20 + 5) * 4 + 3] == 255
                && wide[(5 * 20 + 15) * 4 + 3] == 0)
        let stretched = try #require(
            SVGShapes.parse(
                Array(
                    ##"<svg viewBox="0 0 10 10" preserveAspectRatio="none"><rect width="10" height="10"/></svg>"##
                        .utf8)))
        try expect(Self.pixels(stretched, 20, 10).allSatisfy { $0 == 0 || $0 == 255 })
        try expect(Self.pixels(stretched, 20, 10)[3] == 255)
    }

    /// What is not filled shapes is left to librsvg: strokes, gradients, clips, text, a group's
    /// opacity, unknown colours; so are malformed paths.
    @Test func documentsBeyondFilledShapesAreLeftToTheLibrary() {
        for body in [
            ##"<path d="M0 0 L10 10" stroke="#000"/>"##,
            ##"<defs><linearGradient id="g"/></defs><rect width="4" height="4" fill="url(#g)"/>"##,
            ##"<rect width="4" height="4" clip-path="url(#c)"/>"##,
            ##"<text x="0" y="10">A</text>"##,
            ##"<g opacity="0.5"><rect width="4" height="4"/></g>"##,
            ##"<rect width="4" height="4" fill="papayawhip"/>"##,
            ##"<use href="#a"/>"##,
            ##"<path d="M0 0 L10"/>"##,
            ##"<path d="10 10"/>"##,
            ##"<path d="M0 0 X 10 10"/>"##,
        ] {
            expect(SVGShapes.parse(Self.svg(body)) == nil, "\(body)")
        }
        expect(SVGShapes.parse(Array("<svg><rect width=\"4\" height=\"4\"/></svg>".utf8)) == nil)  // no size
        expect(SVGShapes.parse(Array("<svg width=\"4\" height=\"4\"><rect".utf8)) == nil)  // not well-formed
        expect(SVGShapes.parse(Array("<html/>".utf8)) == nil)
    }

    /// A document that is filled shapes, with what does not draw (a title, empty definitions,
    /// a line without a stroke, hidden groups), is read.
    @Test func whatDrawsNothingDoesNotStopTheReader() throws {
        let document = try #require(
            SVGShapes.parse(
                Self.svg(
                    ##"<title>t</title><desc>d</desc><defs/><line x1="0" y1="0" x2="4" y2="4"/>"##
                        + ##"<g display="none"><text>x</text></g><rect width="4" height="4" class="a" id="b"/>"##
                )))
        expect(document.shapes.count == 1)
    }
}
