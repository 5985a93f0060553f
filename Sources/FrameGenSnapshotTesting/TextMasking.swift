import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit

/// San Francisco, the system font iOS draws text with, does not exist on Linux: framegen draws a
/// system font's text with a stand-in (Liberation Sans), so the text of a reference recorded on
/// iOS never matches pixel for pixel. With text masking on (`FRAMEGEN_SNAPSHOT_TEXT=mask` in the
/// environment, or `SnapshotText.withMasking`), `Diffing.image` compares both images with the new
/// image's text rectangles filled alike: everything but the text is compared. The rectangles are where
/// framegen drew glyphs while it made the image (FrameGenCompositor's TextInk): every text
/// layer's box (a label's, a text field's, a button title's, `NSString.draw`'s and a CATextLayer's,
/// in a view or in a view's `draw(_:)`), and the text of an image drawn into it (an image
/// renderer's picture keeps its own, carried to wherever an image view or `UIImage.draw` puts it).
/// A comparison that masked text says so, on a failure in the message and on a pass on standard
/// error, so that no test passes silently because text was skipped.
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

    /// Notes, on an image a strategy drew while masking, where its text lies (`rects(in:)`), on
    /// the image itself (not in a table by its address: a freed image's address is reused by the
    /// next, which then compared with the old one's text masked, in a test that masked nothing).
    static func note(for image: UIImage) {
        guard isMasking else { return }
        image.maskedTextRects = rects(in: image)
    }

    /// `image`, noted (`note(for:)`): for another harness's strategies (iOSSnapshotTestCase).
    package static func noted(_ image: UIImage) -> UIImage {
        note(for: image)
        return image
    }

    /// The rectangles to mask in `image`: those a strategy noted, else, while masking, where
    /// text was drawn into it (an image a test snapshots as it is).
    package static func take(for image: UIImage) -> [CGRect]? {
        image.maskedTextRects ?? (isMasking ? rects(in: image) : nil)
    }

    /// Where framegen drew text into `image`, in its points: the boxes its render recorded, less
    /// those inside another (text in an image under a label's box; the same box noted twice), so
    /// that the message's count of text runs counts what is masked.
    static func rects(in image: UIImage) -> [CGRect] {
        let scale = image.scale > 0 ? image.scale : 1
        let boxes = (image.bitmap?.textRects ?? []).map {
            CGRect(
                x: CGFloat($0.minX) / scale, y: CGFloat($0.minY) / scale, width: CGFloat($0.width) / scale,
                height: CGFloat($0.height) / scale)
        }
        var kept: [CGRect] = []
        for (i, box) in boxes.enumerated() {
            // Of equal boxes, the first is kept.
            let inside = boxes.enumerated().contains { j, other in
                j != i && other.contains(box) && (other != box || j < i)
            }
            if !inside { kept.append(box) }
        }
        return kept
    }

    /// `old` and `new` (premultiplied RGBA, `width` x `height` pixels at `scale`) with the
    /// rectangles filled with transparent black in both; which pixels that covered (row by row,
    /// true where masked), and how many.
    @discardableResult
    package static func mask(
        _ rects: [CGRect], scale: CGFloat, width: Int, height: Int, old: inout [UInt8], new: inout [UInt8]
    ) -> (covered: [Bool], count: Int) {
        guard !rects.isEmpty, width > 0, height > 0 else { return ([], 0) }
        var covered = [Bool](repeating: false, count: width * height)
        var count = 0
        for r in rects {
            let x0 = max(0, Int((r.minX * scale).rounded(.down)))
            let y0 = max(0, Int((r.minY * scale).rounded(.down)))
            let x1 = min(width, Int((r.maxX * scale).rounded(.up)))
            let y1 = min(height, Int((r.maxY * scale).rounded(.up)))
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let i = y * width + x
                    if !covered[i] {
                        covered[i] = true
                        count += 1
                    }
                    for c in 0..<4 {
                        old[i * 4 + c] = 0
                        new[i * 4 + c] = 0
                    }
                }
            }
        }
        return (covered, count)
    }
}
