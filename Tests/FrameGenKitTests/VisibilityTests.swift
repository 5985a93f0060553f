import Foundation
import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenRender
@testable import FrameGenScene

/// Issue 23 item 1: what a view draws is decided by where its elements are drawn (transform,
/// sublayerTransform, shadow, text), not by their untransformed frames.
@Suite struct VisibilityTests {
    private func frame(_ yaml: String, at t: Double = 0) throws -> (Timeline, AttributeFrame) {
        let timeline = try Timeline(scene(yaml))
        return (timeline, timeline.frame(at: t))
    }

    private func draw(_ timeline: Timeline, _ f: AttributeFrame) throws -> Image {
        let file = timeline.data.attributeFile(frames: [])
        let composer = try FrameComposer(
            canvas: timeline.scene.canvas, style: file.style, kindStyles: file.kindStyles)
        return try composer.render(f, scale: timeline.scene.canvas.scale)
    }

    /// The scene, shorter: at offset 156 on a 844 pt screen the bottom 12 pixel rows
    /// were empty and at 157 an 8 px band of tilted corners and shadow appeared at once. Here
    /// the fourth row's stacks (sections 6 and 7, frames from y = 22 + 3 x 163 = 511) lie just
    /// below the bounds (111 + 400 = 511); they tilt and cast their shadow above their frames,
    /// so the bottom row of pixels already shows them. Heavy: two 390 x 400 frames take seconds
    /// in a debug build.
    @Test(.heavy, .tags(.heavy)) func tiltedStacksDoNotPopInAtTheScreensEdge() throws {
        let yaml = """
            canvas: {width: 390, height: 400, scale: 1, background: "#2B2B2B"}
            layout: {type: album}
            content: {sections: [3, 5, 2, 4, 6, 3, 4, 2]}
            view: {contentOffset: [0, 111]}
            """
        let (timeline, f) = try frame(yaml)
        let below = f.views[0].elements.filter {
            $0.attributes.representedElementCategory == .cell
                && $0.attributes.frame.minY >= f.views[0].bounds.maxY
        }
        expect(Set(below.map(\.attributes.indexPath.section)) == [6, 7])
        let image = try draw(timeline, f)
        let wall = Pixel(r: 0x2B, g: 0x2B, b: 0x2B, a: 255)
        let bottom = (0..<image.width).filter { image[$0, image.height - 1] != wall }
        expect(bottom.count > 20, "\(bottom.count) drawn pixels in the bottom row")
        // One point further the band grows by about a point, not by 8.
        let (_, next) = try frame(yaml.replacingOccurrences(of: "111]", with: "112]"))
        let image112 = try draw(timeline, next)
        func drawnRows(_ i: Image) -> Int {
            (0..<20).filter { r in (0..<i.width).contains { i[$0, i.height - 1 - r] != wall } }.count
        }
        expect(drawnRows(image) >= 2 && drawnRows(image112) - drawnRows(image) <= 2)
    }

    /// Cells the pinch layout gathers toward the fingers come from grid places below the screen:
    /// asked by their frames, the layout left them out and the gathered cluster lacked its lower
    /// rows. All 24 are listed (and drawn) now.
    @Test func cellsATransformBringsOnScreenAreListed() throws {
        let (_, f) = try frame(
            """
            canvas: {width: 390, height: 500, scale: 0.5}
            content: {items: 24}
            layout: {type: pinch, itemSize: [110, 110]}
            timeline:
              - pinch: {scale: 0.3, center: [195, 250], duration: 0.6}
            """, at: 0.6)
        let cells = f.views[0].elements.filter { $0.attributes.representedElementCategory == .cell }
        expect(cells.count == 24)
        expect(cells.contains { $0.attributes.frame.minY > 500 })
    }

    /// The other way round: a layout that returns every element (the carousel) lists only those
    /// whose projected extent meets the canvas.
    @Test func elementsDrawnOffTheCanvasAreNotListed() throws {
        let (_, f) = try frame(
            """
            canvas: {width: 390, height: 844, scale: 1}
            content: {items: 12}
            layout: {type: carousel}
            """)
        let items = f.views[0].elements.map(\.attributes.indexPath.item).sorted()
        expect(items == [0, 1])
    }

    /// A shadow below an element that lies above the view reaches into it; its frame alone
    /// would not.
    @Test func aShadowReachesPastTheFrame() throws {
        let (_, f) = try frame(
            """
            canvas: {width: 200, height: 200, scale: 1}
            content: {items: 40}
            layout: {type: flow, itemSize: [90, 90], minimumLineSpacing: 20}
            cell: {shadow: {opacity: 1, radius: 2, offset: [0, 10]}}
            view: {contentOffset: [0, 92]}
            """)
        // Row 0 ends at y = 90, two points above the bounds; its shadow reaches 90 + 10 + 6.
        let rows = Set(f.views[0].elements.map { Int($0.attributes.frame.minY) })
        expect(rows.contains(0))
        // Row 3 (y = 330) starts 30 pt below the bounds (92 + 200 = 292 ... 330): out.
        expect(!rows.contains(330))
    }
}
