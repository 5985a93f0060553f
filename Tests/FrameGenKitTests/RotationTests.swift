import Foundation
import FrameGenGeometry
import FrameGenLayout
import TestTiers
import Testing

@testable import FrameGenScene

/// A rotation turns the window, so every view of the scene follows it (issue 23 item 3):
/// docs/design/motion.md §5 and docs/scene.md `rotatedFrame`.
@Suite struct RotationTests {
    /// The Photos app screen of examples/photos-app.yaml, on a square canvas.
    func photosApp(rotated: Bool, timeline: String = "  - rotate: {to: landscape, duration: 0.4}")
        -> String
    {
        """
        canvas: {width: 844, height: 844, scale: 1}
        content: {items: 8}
        views:
          - name: preview
            frame: [227, 0, 390, 760]
            \(rotated ? "rotatedFrame: [0, 227, 844, 306]" : "")
            pagingEnabled: true
            layout: {type: preview}
          - name: thumbnails
            frame: [227, 770, 390, 66]
            \(rotated ? "rotatedFrame: [0, 543, 844, 66]" : "")
            layout: {type: thumbnails, syncWith: preview}
        timeline:
          - drag: {by: [-220, 0], duration: 0.3, view: preview}
        \(timeline)
        """
    }

    func view(_ f: AttributeFrame, _ name: String) -> AttributeView {
        f.views.first { $0.name == name }!
    }

    /// Where the focused (widest) thumbnail shows in the strip, in the strip's coordinates.
    func focusedCentre(_ v: AttributeView) -> Double {
        let widest = v.elements.map(\.attributes).max { $0.size.width < $1.size.width }!
        return widest.center.x - v.bounds.minX + widest.transform3D.m41
    }

    @Test func everyViewTakesItsRotatedFrameAndItsLayoutTheNewBounds() throws {
        let t = try Timeline(scene(photosApp(rotated: true)))
        let end = t.frame(at: t.duration)
        let rotation = try #require(t.steps.first { $0.drives(1) && $0.drives(0) })
        let mid = t.frame(at: rotation.start + rotation.duration / 2)
        let rotationStart = t.frame(at: rotation.start)
        // Before: the portrait frames; after: the landscape ones, both views.
        expect(view(rotationStart, "preview").frame == Rect(x: 227, y: 0, width: 390, height: 760))
        expect(view(rotationStart, "thumbnails").frame == Rect(x: 227, y: 770, width: 390, height: 66))
        expect(view(end, "preview").frame == Rect(x: 0, y: 227, width: 844, height: 306))
        expect(view(end, "thumbnails").frame == Rect(x: 0, y: 543, width: 844, height: 66))
        expect(view(end, "preview").bounds.size == Size(width: 844, height: 306))
        expect(view(end, "thumbnails").bounds.size == Size(width: 844, height: 66))
        // Both animate: half-way (easeInEaseOut is symmetric) each frame is half-way.
        func near(_ a: Rect?, _ b: Rect) -> Bool {
            guard let a else { return false }
            return [a.minX - b.minX, a.minY - b.minY, a.width - b.width, a.height - b.height].allSatisfy {
                abs($0) < 1e-6
            }
        }
        expect(near(view(mid, "thumbnails").frame, Rect(x: 113.5, y: 656.5, width: 617, height: 66)))
        expect(near(view(mid, "preview").frame, Rect(x: 113.5, y: 113.5, width: 617, height: 533)))
        // The strip's layout had its bounds change: its focused thumbnail is centred in the
        // 844 pt strip (to the half pixel the offset's rounding leaves), not where 390 pt put it.
        let portraitCentre = focusedCentre(view(rotationStart, "thumbnails"))
        expect(abs(portraitCentre - 195) < 1)
        expect(abs(focusedCentre(view(end, "thumbnails")) - 422 - (portraitCentre - 195)) <= 0.5)
        // The preview keeps its photo: page 1 of 844 pt pages.
        expect(view(end, "preview").bounds.minX == 844)
        // The rotation ends where the strip, following the preview, then stays: no jump.
        let last = t.frame(at: rotation.start + rotation.duration - 1e-9)
        expect(abs(view(last, "thumbnails").bounds.minX - view(end, "thumbnails").bounds.minX) < 0.01)
    }

    /// Without `rotatedFrame` a view follows the window with every margin and size flexible:
    /// the window [227, 0, 390, 836] turns to 836 x 390 centred in the canvas, [4, 227, 836, 390].
    @Test func withoutRotatedFramesTheViewsScaleWithTheWindow() throws {
        let t = try Timeline(scene(photosApp(rotated: false)))
        let end = t.frame(at: t.duration)
        let sx = 836.0 / 390
        let sy = 390.0 / 836
        expect(
            view(end, "preview").frame
                == Rect(x: 4, y: 227, width: 390 * sx, height: 760 * sy))
        expect(
            view(end, "thumbnails").frame
                == Rect(x: 4, y: 227 + 770 * sy, width: 390 * sx, height: 66 * sy))
    }

    /// Turning back gives the scene's frames again, exactly.
    @Test func rotatingBackRestoresTheFrames() throws {
        let t = try Timeline(
            scene(
                photosApp(
                    rotated: true,
                    timeline: """
                          - rotate: {to: landscape, duration: 0.4}
                          - rotate: {to: portrait, duration: 0.4}
                        """)))
        let end = t.frame(at: t.duration)
        expect(view(end, "preview").frame == Rect(x: 227, y: 0, width: 390, height: 760))
        expect(view(end, "thumbnails").frame == Rect(x: 227, y: 770, width: 390, height: 66))
        expect(abs(focusedCentre(view(end, "thumbnails")) - 195) < 1)
    }

    @Test func namingAViewOnARotationIsAWarning() throws {
        let t = try Timeline(
            scene(
                photosApp(
                    rotated: true, timeline: "  - rotate: {to: landscape, duration: 0.4, view: preview}")))
        expect(
            t.warnings == [
                "test.yaml: timeline[1].view: a rotation turns the window with every view in it; naming preview changes nothing"
            ])
    }

    /// A single view's rotation is what it was: the view turned and centred in the canvas.
    @Test func aSingleViewTurnsCentredInTheCanvas() throws {
        let t = try Timeline(
            scene(
                """
                canvas: {width: 844, height: 844, scale: 1}
                view: {frame: [227, 0, 390, 844]}
                content: {items: 30}
                layout: {type: flow, itemSize: [100, 100]}
                timeline: [{rotate: {to: landscape, duration: 0.3}}]
                """))
        expect(t.frame(at: t.duration).views[0].frame == Rect(x: 0, y: 227, width: 844, height: 390))
        expect(t.frame(0).views[0].frame == Rect(x: 227, y: 0, width: 390, height: 844))
    }
}
