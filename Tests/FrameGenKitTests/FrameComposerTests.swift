import Geometry
import Layout
import Raster
import Testing

@testable import FrameGenKit

@Suite struct FrameComposerTests {
    private func square(_ color: String, z: Int, transform: Transform3D = .identity) throws
        -> AttributeElement
    {
        var a = LayoutAttributes.cell(
            IndexPath(item: 0, section: 0), frame: Rect(x: 10, y: 10, width: 20, height: 20))
        a.zIndex = z
        a.transform3D = transform
        var style = ElementStyle()
        style.background = Color(parsing: color)
        return AttributeElement(attributes: a, style: style)
    }

    private func centre(_ view: AttributeView) throws -> Pixel {
        let canvas = Canvas(width: 40, height: 40, scale: 1, background: .color(.black))
        let composer = try FrameComposer(canvas: canvas, style: ElementStyle(), kindStyles: [:])
        return try composer.render(AttributeFrame(index: 0, time: 0, views: [view]), scale: 1)[20, 20]
    }

    @Test func zIndexWinsOverFileOrder() throws {
        let view = AttributeView(
            bounds: Rect(x: 0, y: 0, width: 40, height: 40),
            elements: [try square("#FF0000", z: 2), try square("#00FF00", z: 1)])
        #expect(try centre(view) == Color(r: 255, g: 0, b: 0).premultiplied)
    }

    @Test func depthOrderDrawsNearerElementsLater() throws {
        // The green square is nearer (z 50) but has the lower zIndex: depth order puts it on top.
        var view = AttributeView(
            bounds: Rect(x: 0, y: 0, width: 40, height: 40),
            elements: [
                try square("#FF0000", z: 2),
                try square("#00FF00", z: 1, transform: .makeTranslation(0, 0, 50)),
            ])
        #expect(try centre(view) == Color(r: 255, g: 0, b: 0).premultiplied)
        view.drawingOrder = .depth
        #expect(try centre(view) == Color(r: 0, g: 255, b: 0).premultiplied)
    }

    @Test func cellsSharingAnEdgeShowNoSeamWhileScrolled() throws {
        // Two white pages side by side, scrolled by a fraction of a pixel: the shared edge stays
        // on a pixel boundary, so no column lets the black background through.
        func page(_ i: Int) -> AttributeElement {
            var a = LayoutAttributes.cell(
                IndexPath(item: i, section: 0), frame: Rect(x: Double(i) * 20, y: 0, width: 20, height: 40))
            a.zIndex = 0
            var style = ElementStyle()
            style.background = .white
            return AttributeElement(attributes: a, style: style)
        }
        let view = AttributeView(
            bounds: Rect(x: 10.3, y: 0, width: 40, height: 40), elements: [page(0), page(1)])
        let canvas = Canvas(width: 40, height: 40, scale: 1, background: .color(.black))
        let composer = try FrameComposer(canvas: canvas, style: ElementStyle(), kindStyles: [:])
        let image = try composer.render(AttributeFrame(index: 0, time: 0, views: [view]), scale: 1)
        for x in 0..<30 { #expect(image[x, 20] == Color.white.premultiplied, "column \(x)") }
    }
}
