import FrameGenGeometry
import FrameGenRaster
import Synchronization

/// Where a render put text, in the canvas's pixels: each text layer's box where its glyphs are
/// rasterised (the layer's bounds, which a label's ink is clipped to, and its text shadow), and
/// the boxes an image's own text was drawn in (`LayerContents.textRects`) carried through the
/// image's placement, each seen inside the clip it was drawn through. A snapshot test masks them
/// where framegen's fonts cannot match iOS's (FrameGenSnapshotTesting's `SnapshotText`), so that
/// every glyph framegen draws, in any view or image, is known, not only the labels a view tree
/// shows. Collected only while a render runs inside `collecting(_:)`: a scene's frames pay
/// nothing.
public final class TextInk: Sendable {
    /// The render collecting now on this task (or thread), if any.
    @TaskLocal static var current: TextInk?

    /// A render draws on one thread; the lock keeps a banded render, whose bands run on other
    /// threads (and see no collector), safe all the same.
    private let collected = Mutex<[Rect]>([])

    public init() {}

    /// The boxes, in pixels, in the order drawn.
    public var boxes: [Rect] { collected.withLock { $0 } }

    /// Runs `body` (a render) collecting its text's boxes into this.
    public func collecting<R>(_ body: () throws -> R) rethrows -> R {
        try TextInk.$current.withValue(self, operation: body)
    }

    /// Adds `box` (pixels) within `clip`; nothing when no render collects or nothing is left.
    static func add(_ box: Rect, within clip: PixelBox) {
        guard let ink = current else { return }
        let kept = box.within(clip)
        guard !kept.isEmpty else { return }
        ink.collected.withLock { $0.append(kept) }
    }

    /// How many boxes are collected before an offscreen drawing, for `settle` or `discard` after.
    static func mark() -> Int? { current.map { ink in ink.collected.withLock { $0.count } } }

    /// The boxes collected since `mark` were drawn into an offscreen image whose origin lies at
    /// `shift` in the image it is composited into, through `clip` there: moved and clipped so.
    static func settle(from mark: Int?, shift: (x: Int, y: Int), within clip: PixelBox) {
        guard let mark, let ink = current else { return }
        ink.collected.withLock { boxes in
            guard mark < boxes.count else { return }
            let moved = boxes[mark...].map {
                $0.offsetBy(dx: Double(shift.x), dy: Double(shift.y)).within(clip)
            }
            boxes.removeSubrange(mark...)
            boxes += moved.filter { !$0.isEmpty }
        }
    }

    /// The boxes collected since `mark` were drawn into a picture that is not shown as such (a
    /// shadow's caster, a mask's alpha, a transformed label's own pixels): dropped.
    /// Whether any were.
    @discardableResult
    static func discard(from mark: Int?) -> Bool {
        guard let mark, let ink = current else { return false }
        return ink.collected.withLock { boxes in
            guard mark < boxes.count else { return false }
            boxes.removeSubrange(mark...)
            return true
        }
    }

    /// A text layer's box, in its local points: its bounds (a label's ink is clipped to them)
    /// grown by a tenth of the font's size on every side, and across by `widthShare` of its
    /// width (at most two font sizes), and the area its control may put the text in
    /// (`LayerText.maskArea`). The box stands for where iOS draws the same text in San
    /// Francisco, whose ink differs from its stand-in's: overhanging the line box (descenders,
    /// accents), which iOS's labels do not clip, and a few per cent wider or narrower, an error
    /// that grows with the line: a label sized by its text ends where the stand-in's line
    /// ends, and iOS's longer line runs past it (Storytel's 15-point title, 6.7 % wider).
    static func box(of t: LayerText, bounds: Rect) -> Rect {
        let size = max(t.fontSize, 0)
        let margin = size / 10
        let across = margin + min(widthShare * max(bounds.width, 0), 2 * size)
        let box = bounds.insetBy(dx: -across, dy: -margin)
        guard let area = t.maskArea, !area.isEmpty else { return box }
        return box.union(area)
    }

    /// How much wider than the stand-in's a line of San Francisco may be: the stand-in's widths
    /// are within about 6 % of San Francisco's from 12 to 28 points (docs/decisions.md, "The
    /// system font's stand-in"), and 8 % leaves room for the weights measured less.
    static let widthShare = 0.08

    /// The box around `rect` (a layer's local points) mapped by `h`, rounded out to whole
    /// pixels; nil where the map sends a corner behind the eye or off to infinity.
    static func deviceBox(of rect: Rect, _ h: Homography) -> Rect? {
        var (x0, y0, x1, y1) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for p in [
            SIMD2(rect.minX, rect.minY), SIMD2(rect.maxX, rect.minY), SIMD2(rect.maxX, rect.maxY),
            SIMD2(rect.minX, rect.maxY),
        ] {
            let m = h.mapHomogeneous(p)
            guard m.z > 1e-9 else { return nil }
            let d = SIMD2(m.x, m.y) / m.z
            guard d.x.isFinite, d.y.isFinite else { return nil }
            (x0, y0, x1, y1) = (min(x0, d.x), min(y0, d.y), max(x1, d.x), max(y1, d.y))
        }
        let limit = 1e7
        return Rect(
            x: max(-limit, x0.rounded(.down)), y: max(-limit, y0.rounded(.down)),
            width: min(limit, x1.rounded(.up)) - max(-limit, x0.rounded(.down)),
            height: min(limit, y1.rounded(.up)) - max(-limit, y0.rounded(.down)))
    }
}

extension Rect {
    /// The part of the rect inside `box`; empty when they do not meet.
    fileprivate func within(_ box: PixelBox) -> Rect {
        intersection(
            Rect(
                x: Double(box.x0), y: Double(box.y0), width: Double(box.x1 - box.x0),
                height: Double(box.y1 - box.y0)))
    }
}
