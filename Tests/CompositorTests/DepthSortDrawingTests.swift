import Foundation
import FrameGenGeometry
import FrameGenRaster
import FrameGenText
import TestTiers
import Testing

@testable import FrameGenCompositor

/// Two 100 x 60 cards about the same centre (60, 40), turned opposite ways about the y axis
/// (`turn` and −`turn`): they cross along the vertical line x = 60. Red is given first and
/// green last, so in the order given green would cover red everywhere.
private func crossingCards(turn: Double = 0.6) -> [Layer] {
    [Color(r: 255, g: 0, b: 0), Color(r: 0, g: 255, b: 0)].enumerated().map { k, color in
        var l = Layer(size: Size(width: 100, height: 60), position: Point(x: 60, y: 40))
        l.backgroundColor = color
        l.transform = .makeRotation(k == 0 ? turn : -turn, 0, 1, 0)
        return l
    }
}

/// The depth a point of a card at `s` points right of its centre comes to once turned.
private func depth(_ s: Double, turned angle: Double) -> Double {
    let m = Transform3D.makeRotation(angle, 0, 1, 0)
    return s * m.m13
}

/// A layer of the view's size holding `sublayers`, drawn where they would be on their own.
private func parent(_ sublayers: [Layer]) -> Layer {
    var l = Layer(size: Size(width: 120, height: 80), position: Point(x: 60, y: 40))
    l.sublayers = sublayers
    return l
}

private func canvas(_ layers: [Layer], bands: Int = 1) throws -> Image {
    let view = ViewLayer(frame: Rect(x: 0, y: 0, width: 120, height: 80), layers: layers)
    let c = CanvasLayer(
        pixelWidth: 120, pixelHeight: 80, scale: 1, background: .color(Color(r: 0, g: 0, b: 0)),
        views: [view])
    return try Compositor.render(c, bands: bands, text: TextRenderer())
}

@Suite struct DepthSortDrawingTests {
    let red = Color(r: 255, g: 0, b: 0).premultiplied
    let green = Color(r: 0, g: 255, b: 0).premultiplied

    /// Left of the crossing and right of it, the nearer card shows, whatever the given order.
    private func expectNearerCardShows(_ image: Image) {
        // A point 15 points left of the centre on screen is s = −15 / cos(0.6) along each card.
        let s = -15 / cos(0.6)
        let leftNearer = depth(s, turned: 0.6) > depth(s, turned: -0.6) ? red : green
        let rightNearer = leftNearer == red ? green : red
        expect(image[45, 40] == leftNearer)
        expect(image[75, 40] == rightNearer)
        // Each pixel inside both cards is one card's colour, the cut leaving no seam of either
        // the background or a blend (the cards' own outer edges, at x 19 and 100, are away).
        for x in 22..<98 {
            for y in 12..<68 {
                let p = image[x, y]
                expect(p == red || p == green, "(\(x), \(y)): \(p)")
            }
        }
    }

    @Test func aViewsElementsKeepTheirDrawingOrder() throws {
        // A scene's elements are drawn in the documented order (docs/decisions.md "Drawing
        // order"): green, given last, covers red everywhere.
        let image = try canvas(crossingCards())
        expect(image[45, 40] == green && image[75, 40] == green)
    }

    @Test func crossingSublayersInterleaveByDepthInTheirSuperlayersPlane() throws {
        var tree = parent(crossingCards())
        let image = try canvas([tree])
        expectNearerCardShows(image)
        // The cut is the crossing's line: the colour changes between columns 59 and 60.
        expect(image[59, 40] != image[60, 40])
        expect(image[58, 40] == image[59, 40] && image[60, 40] == image[61, 40])
        // Clipping draws the sublayers offscreen first: the same order and cut.
        tree.masksToBounds = true
        expectNearerCardShows(try canvas([tree]))
    }

    @Test func aCardBehindAnotherIsCoveredWhateverTheGivenOrder() throws {
        // Green, flat and 200 points back, is given last.
        var cards = crossingCards()
        cards[0].transform = .makeRotation(0.3, 0, 1, 0)
        cards[1].transform = .identity
        cards[1].zPosition = -200
        let image = try canvas([parent(cards)])
        expect(image[60, 40] == red)
        // Where red does not reach, green shows: red spans 100 cos 0.3 = 95.5 points, from x 12.2.
        expect(image[11, 40] == green)
    }

    @Test func bandsDrawTheCutAsOneRenderDoes() throws {
        var cards = crossingCards(turn: 0.9)
        cards[0].shadow = LayerShadow(color: .black, opacity: 0.7, radius: 4, offset: Point(x: 3, y: 5))
        cards[1].opacity = 0.6
        cards[1].cornerRadius = 9
        let whole = try canvas([parent(cards)])
        for bands in [2, 3, 7, 80] {
            try expect(canvas([parent(cards)], bands: bands).bytes == whole.bytes, "bands \(bands)")
        }
    }

    @Test func renderInContextKeepsTheGivenOrder() throws {
        // `render(in:)` draws one sublayer after another through Core Graphics: green, given
        // last, covers red everywhere.
        var tree = parent(crossingCards())
        tree.isDrawnAsCoreGraphics = true
        for k in tree.sublayers.indices { tree.sublayers[k].isDrawnAsCoreGraphics = true }
        let image = try canvas([tree])
        expect(image[45, 40] == green && image[75, 40] == green)
    }
}
