import Foundation
import Geometry
import Layout
import Motion
import Testing

@testable import FrameGenKit

private func timeline(_ yaml: String) throws -> Timeline { try Timeline(scene(yaml)) }

private func bounds(_ f: AttributeFrame) -> Rect { f.views[0].bounds }

private func cell(_ f: AttributeFrame, _ s: Int, _ i: Int) -> LayoutAttributes? {
    f.views[0].elements.map(\.attributes).first {
        $0.representedElementCategory == .cell && $0.indexPath == IndexPath(item: i, section: s)
    }
}

/// A 100 x 100 grid of 20 rows: 3 items per row of a 390-wide view; content 2190 high.
private let grid = """
    canvas: {width: 390, height: 844, scale: 1}
    content: {items: 60}
    layout: {type: flow, itemSize: [100, 100]}
    """

@Suite struct SceneAttributesTests {
    @Test func flowAttributesAtRestAreUIKitsLineFilling() throws {
        let f = try timeline(grid).frame(0)
        #expect(bounds(f) == Rect(x: 0, y: 0, width: 390, height: 844))
        // 3 items of 100 with at least 10 between fill 320 of 390: the 70 left is spread
        // between them, 10 + 35 each; lines 110 apart.
        #expect(cell(f, 0, 0)?.center == Point(x: 50, y: 50))
        #expect(cell(f, 0, 1)?.center == Point(x: 195, y: 50))
        #expect(cell(f, 0, 2)?.center == Point(x: 340, y: 50))
        #expect(cell(f, 0, 3)?.center == Point(x: 50, y: 160))
        // Rows 0-7 intersect the 844-high rect (row 7 spans 770-870), row 8 does not.
        #expect(f.views[0].elements.count == 24)
        #expect(f.views[0].elements[0].image == GeneratedImageName.photo(seed: 0, index: 0))
    }

    @Test func attributeFileRoundTripsExactly() throws {
        let t = try timeline(
            grid + """

                timeline:
                  - scroll: {to: [0, 333.3333], duration: 0.7}
                  - rotate: {to: landscape, duration: 0.3}
                """)
        let file = t.data.attributeFile(frames: (0..<t.frameCount).map(t.frame))
        let text = file.jsonText()
        let reread = try AttributeFile(document: parseDocument(text, file: "a.json"), folder: ".")
        #expect(reread.jsonText() == text)
        for (a, b) in zip(file.frames, reread.frames) {
            #expect(a.views[0].bounds == b.views[0].bounds)
            #expect(a.views[0].elements.map(\.attributes) == b.views[0].elements.map(\.attributes))
        }
    }

    @Test func attributeFileErrorsNameTheKeyPath() {
        func e(_ text: String) -> String {
            do {
                _ = try AttributeFile(document: parseDocument(text, file: "a.json"), folder: ".")
                return "no error"
            } catch { return error.description }
        }
        #expect(
            e(
                #"{"frames": [{"bounds": [0, 0, 10, 10], "elements": [{"category": "cel", "center": [0, 0], "size": [1, 1]}]}]}"#
            )
            .contains(
                "frames[0].elements[0].category: found \"cel\", expected cell, supplementary or decoration"))
        #expect(
            e(#"{"frames": [{"bounds": [0, 0, 10], "elements": []}]}"#).contains(
                "frames[0].bounds: found a list of 3, expected [x, y, width, height]"))
        #expect(
            e(
                #"{"frames": [{"bounds": [0, 0, 10, 10], "elements": [{"category": "cell", "center": [0, 0], "size": [1, 1], "transform3D": [1, 0]}]}]}"#
            )
            .contains("frames[0].elements[0].transform3D: found a list of 2, expected 16 numbers"))
        #expect(e(#"{"format": "other/2", "frames": []}"#).contains("format: found \"other/2\""))
        #expect(
            e(#"{"frames": [{"bounds": [0, 0, 10, 10], "elements": [], "colour": 1}]}"#).contains(
                "frames[0].colour: unknown key"))
    }
}

@Suite struct TimelineTests {
    @Test func frameCountIsFloorOfDurationTimesFpsPlusOne() throws {
        let t = try timeline(grid + "\ntimeline:\n  - wait: 2\n  - scroll: {to: [0, 100], duration: 0.51}")
        #expect(t.duration == 2.51)
        #expect(t.frameCount == 76)
    }

    @Test func scrollFollowsItsCurveAndClampsTheTarget() throws {
        let t = try timeline(
            grid + "\ntimeline:\n  - scroll: {to: [0, 5000], duration: 1, curve: easeInEaseOut}")
        // The target is clamped to contentSize - height = 2190 - 844.
        #expect(bounds(t.frame(at: 1)).minY == 1346)
        let p = TimingCurve.easeInEaseOut.progress(0.25)
        #expect(abs(bounds(t.frame(at: 0.25)).minY - 1346 * p) < 1e-9)
    }

    @Test func flingRestsWhereTheClosedFormSaysForBothRates() throws {
        for (rate, name) in [(DecelerationRate.normal, "normal"), (DecelerationRate.fast, "fast")] {
            let t = try timeline(
                grid
                    + "\ntimeline:\n  - scroll: {to: [0, 300], duration: 0}\n  - fling: {velocity: [0, 800], rate: \(name)}"
            )
            let d = Deceleration(startOffset: 300, velocity: 800, rate: rate)
            let m = ScrollMotion(
                offset: 300, velocity: 800, minOffset: 0, maxOffset: 1346, decelerationRate: rate)
            #expect(abs(t.duration - m.duration) < 1e-9)
            #expect(abs(bounds(t.frame(at: t.duration)).minY - d.restOffset) < 1e-9)
            // Mid-flight, the closed form: x0 + v0 (e^(k t) - 1) / k.
            #expect(abs(bounds(t.frame(at: 0.2)).minY - d.offset(at: 0.2)) < 1e-9)
        }
    }

    @Test func dragRubberBandsPastTheTopEdge() throws {
        let t = try timeline(grid + "\ntimeline:\n  - drag: {by: [0, 200], duration: 0.5}")
        // At the end of the drag the finger is 200 pt past the top: offset -(1 - 1 / (0.55 * 200 / 844 + 1)) * 844.
        let expected = -(1 - 1 / (0.55 * 200 / 844 + 1)) * 844
        #expect(abs(bounds(t.frame(at: 0.5 - 1e-9)).minY - expected) < 1e-3)
        // Then it springs back and rests at 0.
        #expect(bounds(t.frame(at: t.duration)).minY == 0)
        #expect(bounds(t.frame(at: 0.7)).minY < 0 && bounds(t.frame(at: 0.7)).minY > expected)
    }

    @Test func snappedFlingLandsExactlyOnTheLayoutsTarget() throws {
        let t = try timeline(
            """
            canvas: {width: 390, height: 300, scale: 1}
            content: {items: 30}
            layout: {type: coverflow}
            timeline:
              - fling: {velocity: [1234, 0]}
            """)
        let end = bounds(t.frame(at: t.duration)).minX
        // Cover flow snaps a cover's centre to the view's centre: 110 pt pitch.
        var layout = t.scene.views[0].makeLayout()
        layout.prepare(
            t.data.state(view: 0, bounds: Rect(x: end, y: 0, width: 390, height: 300), time: t.duration))
        let target = layout.targetContentOffset(
            forProposedContentOffset: Point(x: end, y: 0), withScrollingVelocity: .zero)
        #expect(abs(target.x - end) < 1e-9)
        #expect(end > 0)
    }

    @Test func pagingFlingGoesToTheNextPage() throws {
        let t = try timeline(
            """
            canvas: {width: 390, height: 300, scale: 1}
            view: {pagingEnabled: true}
            content: {items: 30}
            layout: {type: paging}
            timeline:
              - fling: {velocity: [400, 0]}
            """)
        #expect(bounds(t.frame(at: t.duration)).minX == 390)
    }

    @Test func deleteMidAnimationIsHalfwayThroughTheCurve() throws {
        let t = try timeline(
            grid + "\ntimeline:\n  - delete: {items: [[0, 0]], duration: 0.4, curve: linear}")
        let before = t.frame(at: 0)
        let mid = t.frame(at: 0.2)
        let after = t.frame(at: 0.4)
        // Item 1 moves into item 0's slot: halfway, halfway there.
        func photo(_ f: AttributeFrame, _ i: Int) -> AttributeElement? {
            f.views[0].elements.first { $0.image == GeneratedImageName.photo(seed: 0, index: i) }
        }
        let from = photo(before, 1)!.attributes.center
        #expect(from == Point(x: 195, y: 50))
        let to = cell(after, 0, 0)!.center
        #expect(to == Point(x: 50, y: 50))
        let moving = mid.views[0].elements.first { $0.image == GeneratedImageName.photo(seed: 0, index: 1) }!
        #expect(abs(moving.attributes.center.x - (from.x + to.x) / 2) < 1e-9)
        // The deleted item fades: alpha 0.5 halfway.
        let deleted = mid.views[0].elements.first { $0.image == GeneratedImageName.photo(seed: 0, index: 0) }!
        #expect(abs(deleted.attributes.alpha - 0.5) < 1e-9)
        #expect(!after.views[0].elements.contains { $0.image == GeneratedImageName.photo(seed: 0, index: 0) })
    }

    @Test func albumTiltInterpolatesWithoutASpin() {
        var a = LayoutAttributes.cell(
            IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var b = a
        a.transform3D = .makeRotation(-0.05, 0, 0, 1)
        b.transform3D = .makeRotation(2 * .pi + 0.05, 0, 0, 1)
        let mid = a.interpolated(to: b, progress: 0.5)
        // Halfway between -0.05 and +0.05 the short way is no rotation at all.
        #expect(abs(mid.transform3D.m12) < 1e-9 && abs(mid.transform3D.m11 - 1) < 1e-9)
    }

    @Test func rotationKeepsThePreviewsActivePhoto() throws {
        let t = try timeline(
            """
            canvas: {width: 844, height: 844, scale: 1}
            view: {frame: [227, 0, 390, 844]}
            content: {items: 10}
            layout: {type: preview}
            timeline:
              - scroll: {to: [1170, 0], duration: 0}
              - rotate: {to: landscape, duration: 0.3}
            """)
        let end = t.frame(at: t.duration)
        #expect(end.views[0].bounds == Rect(x: 3 * 844, y: 0, width: 844, height: 390))
        #expect(end.views[0].frame == Rect(x: 0, y: 227, width: 844, height: 390))
    }

    @Test func evaluationDoesNotDependOnEarlierFrames() throws {
        let yaml =
            grid + "\ntimeline:\n  - drag: {by: [0, -400], duration: 0.3}\n  - delete: {items: [[0, 3]]}"
        let a = try timeline(yaml)
        let b = try timeline(yaml)
        for i in 0..<a.frameCount { _ = a.frame(i) }
        let x = a.data.attributeFile(frames: [a.frame(17)]).jsonText()
        let y = b.data.attributeFile(frames: [b.frame(17)]).jsonText()
        #expect(x == y)
    }

    @Test func photosAppViewsFollowEachOther() throws {
        let t = try timeline(
            """
            canvas: {width: 390, height: 844, scale: 1}
            content: {items: 8}
            views:
              - {name: preview, frame: [0, 0, 390, 760], pagingEnabled: true, layout: {type: preview}}
              - {name: thumbnails, frame: [0, 770, 390, 66], layout: {type: thumbnails, syncWith: preview}}
            timeline:
              - tap: {item: [0, 3], view: thumbnails}
              - delete: {items: [[0, 3]], view: thumbnails}
              - wait: 0.2
            """)
        // The tap focuses photo 3: the preview pages to it and stays there.
        let afterTap = t.frame(at: 0.35)
        #expect(afterTap.views[0].bounds.minX == 3 * 390)
        // The delete reaches the preview too (one data source): photo 4 now shows on page 3.
        let end = t.frame(at: t.duration)
        #expect(end.views[0].bounds.minX == 3 * 390)
        #expect(end.views[0].elements.map(\.image) == [GeneratedImageName.photo(seed: 0, index: 4)])
    }
}
