import Foundation
import FrameGenGeometry
import FrameGenLayout
import FrameGenMotion
import TestTiers
import Testing

@testable import FrameGenScene

/// iCarousel driven by a scene's actions (docs/layouts-and-motion.md "iCarousel"): the carousel
/// scrolls, the collection view never does, and each action lasts until the carousel rests.
@Suite struct ICarouselSceneTests {
    func timeline(_ layout: String, _ actions: [String]) throws -> Timeline {
        let yaml =
            """
            canvas: {width: 390, height: 300, scale: 1}
            content: {items: 12}
            layout: \(layout)
            timeline:
            """ + actions.map { "\n  - " + $0 }.joined()
        return try Timeline(Scene(document: parseDocument(yaml, file: "test.yaml"), folder: "."))
    }

    /// The x of item `i`'s centre on screen (before the divide; linear items stay in plane).
    func x(_ t: Timeline, _ time: Double, _ i: Int) -> Double? {
        t.frame(at: time).views[0].elements.map(\.attributes).first {
            $0.indexPath == IndexPath(item: i, section: 0)
        }.map { $0.transform3D.m41 }
    }

    /// A drag of 300 pt in 0.5 s and its release: 1.5 items, then coasting onto item 3 in 1 s
    /// (ICarouselLayoutTests.dragThenDecelerate); the action lasts until the carousel rests.
    @Test func aDragScrollsTheCarouselNotTheView() throws {
        let t = try timeline(
            "{type: icarousel, itemSize: [200, 200]}", ["drag: {by: [-300, 0], duration: 0.5}"])
        expect(t.duration > 1.5 && t.duration < 1.6)
        for time in [0, 0.25, 1, t.duration] {
            expect(t.frame(at: time).views[0].bounds.origin == .zero)
        }
        expect(x(t, 0.25, 1).map { Swift.abs($0 - 50) < 1e-6 } == true)
        expect(x(t, t.duration, 3) == 0)
    }

    /// A fling goes to the carousel (a release at that velocity), not to the scroll view.
    @Test func aFlingIsTheCarouselsRelease() throws {
        let t = try timeline("{type: icarousel}", ["fling: {velocity: [1000, 0]}"])
        expect(t.duration > 0.8 && t.duration < 0.85)
        expect(x(t, t.duration, 2) == 0)
    }

    /// A tap at a point hits the item drawn there, through its transform: every item's
    /// untransformed frame is the centred [120, 270], and item 1 is drawn 150 pt right of it.
    @Test func aTapAtAPointHitsTheItemDrawnThere() throws {
        let t = try timeline("{type: icarousel, itemSize: [150, 150]}", ["tap: {at: [340, 150]}"])
        expect(Swift.abs(t.duration - 0.4) < 1e-9)
        expect(x(t, t.duration, 1) == 0)
    }

    /// A set keeps where the user scrolled: a tap brings item 3 to the centre, and a new style
    /// starts from there.
    @Test func aSetKeepsThePosition() throws {
        let t = try timeline(
            "{type: icarousel, style: coverFlow}",
            ["tap: {item: [0, 3]}", "set: {layout: {style: rotary}, duration: 0}", "wait: 0.2"])
        let last = t.frame(at: t.duration).views[0].elements.map(\.attributes)
        let front = try #require(last.max { $0.transform3D.m43 < $1.transform3D.m43 })
        expect(front.indexPath.item == 3)
    }
}
