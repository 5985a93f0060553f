import Foundation
import FrameGenGeometry
import FrameGenLayout
import TestTiers
import Testing

@testable import FrameGenScene

/// docs/layouts-and-motion.md "Pixel alignment": every content offset the timeline shows is on
/// the screen's pixel grid, as UIScrollView rounds what it is given, and the flow layout's frames
/// are too.
@Suite struct PixelAlignmentTests {
    func frames(_ yaml: String) throws -> [AttributeFrame] {
        let t = try Timeline(scene(yaml))
        return (0..<t.frameCount).map(t.frame)
    }

    @Test func gridRoundsTiesUpAsUIScrollViewDoes() {
        expect(PixelGrid(scale: 3).round(-187.5) == -562.0 / 3)
        expect(PixelGrid(scale: 1).round(3.8) == 4)
        expect(PixelGrid(scale: 2).round(-0.25) == 0)
        expect(PixelGrid(scale: 2).round(0.25) == 0.5)
        expect(PixelGrid(scale: 0).round(2.5) == 3)
        expect(PixelGrid(scale: 3).contains(-562.0 / 3) && !PixelGrid(scale: 3).contains(-187.5))
    }

    @Test func aSceneOffsetReadsBackRounded() throws {
        let f = try frames(
            """
            canvas: {width: 375, height: 812, scale: 3}
            content: {items: 30}
            layout: {type: flow, scrollDirection: horizontal, itemSize: [100, 100]}
            view: {contentInset: [0, 187.5, 0, 187.5], contentOffset: [-187.5, 0]}
            """)
        expect(f[0].views[0].bounds.minX == -562.0 / 3)
        expect(f[0].views[0].bounds.minX == -187.33333333333334)
    }

    @Test func aScrollTargetReadsBackRounded() throws {
        let f = try frames(
            """
            canvas: {width: 320, height: 480, scale: 1}
            content: {items: 60}
            layout: {type: flow, itemSize: [100, 100]}
            timeline: [{scroll: {to: [0, 3.8], duration: 0.2}}]
            """)
        expect(f.last!.views[0].bounds.minY == 4.0)
        for frame in f { expect(PixelGrid(scale: 1).contains(frame.views[0].bounds.minY)) }
    }

    /// A fling (with its snap-free deceleration into the end's spring back), a drag past the
    /// start (rubber band and spring back) and a paging view: every frame's offset and every
    /// flow frame, at a fractional item size, on the 3x grid; so every cell's place on screen is.
    @Test func motionAndFlowFramesStayOnTheGrid() throws {
        for scale in [2.0, 3.0] {
            let g = PixelGrid(scale: scale)
            let f = try frames(
                """
                canvas: {width: 375, height: 667, scale: \(scale)}
                content: {sections: [40, 50]}
                layout: {type: flow, itemSize: [103.7, 77.35], minimumLineSpacing: 7.3, headerReferenceSize: [0, 33.3]}
                fps: 60
                timeline:
                  - fling: {velocity: [0, 2333.3]}
                  - drag: {by: [0, 2000.1], duration: 0.35}
                  - fling: {velocity: [0, -777.7]}
                """)
            var moving = Set<Double>()
            for frame in f {
                let b = frame.views[0].bounds
                expect(g.contains(b.minX) && g.contains(b.minY), "offset \(b.origin) at \(frame.time)")
                moving.insert(b.minY)
                for e in frame.views[0].elements {
                    let r = e.attributes.frame
                    expect(
                        g.contains(r.minX) && g.contains(r.minY) && g.contains(r.width)
                            && g.contains(r.height),
                        "\(e.attributes.indexPath) \(r)")
                }
            }
            // It moved (more than a few offsets), so the check covered motion.
            expect(moving.count > 30)
        }
    }

    @Test func pagingAndRubberBandOffsetsStayOnTheGrid() throws {
        let g = PixelGrid(scale: 3)
        let f = try frames(
            """
            canvas: {width: 375, height: 667, scale: 3}
            content: {items: 12}
            layout: {type: paging}
            view: {pagingEnabled: true}
            timeline:
              - drag: {by: [-217.7, 0], duration: 0.3}
              - drag: {by: [500.3, 0], duration: 0.4}
            """)
        for frame in f {
            let b = frame.views[0].bounds
            expect(g.contains(b.minX) && g.contains(b.minY), "offset \(b.origin) at \(frame.time)")
        }
    }
}
