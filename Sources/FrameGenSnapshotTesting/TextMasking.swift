import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit

/// San Francisco, the system font iOS draws text with, does not exist on Linux: framegen draws a
/// system font's text with DejaVu Sans, so the text of a reference recorded on iOS never matches
/// pixel for pixel. With text masking on (`FRAMEGEN_SNAPSHOT_TEXT=mask` in the environment, or
/// `SnapshotText.withMasking`), the view strategies note where the labels' text is drawn, and
/// `Diffing.image` compares both images with those rectangles filled alike: everything but the
/// text is compared. A comparison that masked text says so, on a failure in the message and on
/// a pass on standard error, so that no test passes silently because text was skipped.
/// Text in a font the package bundles (`UIFont(name:size:)`) needs no mask when the app registers
/// it as on iOS (UIAppFonts, Core Text's font manager): it is drawn from its own file
/// (docs/snapshot-testing.md "Text").
public enum SnapshotText {
    @TaskLocal static var taskMasking: Bool?

    /// Whether the strategies mask text now: `withMasking`'s value, else the environment's.
    public static var isMasking: Bool {
        taskMasking ?? (ProcessInfo.processInfo.environment["FRAMEGEN_SNAPSHOT_TEXT"] == "mask")
    }

    /// Runs `body` with text masking on (or off).
    public static func withMasking<R>(_ masking: Bool = true, _ body: () throws -> R) rethrows -> R {
        try $taskMasking.withValue(masking, operation: body)
    }

    /// Notes the text rectangles of an image drawn while masking, in the image's points, on the
    /// image (not in a table by its address: a freed image's address is reused by the next, which
    /// then compared with the old one's text masked, in a test that masked nothing).
    static func note(_ rects: [CGRect], for image: UIImage) {
        guard isMasking else { return }
        image.maskedTextRects = rects
    }

    static func take(for image: UIImage) -> [CGRect]? { image.maskedTextRects }

    /// Where `root`'s labels draw their text, in `root`'s bounds: each visible label with text,
    /// its whole bounds (its lines' extent is the font's to decide).
    static func rects(in root: UIView) -> [CGRect] {
        var out: [CGRect] = []
        func visit(_ view: UIView) {
            guard !view.isHidden, view.alpha > 0 else { return }
            if let label = view as? UILabel, let text = label.text, !text.isEmpty {
                out.append(label.convert(label.bounds, to: root))
            }
            view.subviews.forEach(visit)
        }
        visit(root)
        return out
    }

    /// `old` and `new` (premultiplied RGBA, `width` x `height` pixels at `scale`) with the
    /// rectangles filled with transparent black in both; how many pixels that covered.
    static func mask(
        _ rects: [CGRect], scale: CGFloat, width: Int, height: Int, old: inout [UInt8], new: inout [UInt8]
    ) -> Int {
        var covered = Set<Int>()
        for r in rects {
            let x0 = max(0, Int((r.minX * scale).rounded(.down)))
            let y0 = max(0, Int((r.minY * scale).rounded(.down)))
            let x1 = min(width, Int((r.maxX * scale).rounded(.up)))
            let y1 = min(height, Int((r.maxY * scale).rounded(.up)))
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let i = y * width + x
                    covered.insert(i)
                    for c in 0..<4 {
                        old[i * 4 + c] = 0
                        new[i * 4 + c] = 0
                    }
                }
            }
        }
        return covered.count
    }
}
