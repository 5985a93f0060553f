import Foundation
import FrameGenCoreGraphics
import FrameGenRaster
import FrameGenUIKit
import FrameGenUIKitRendering
import SnapshotTesting

extension Diffing where Value == UIImage {
    /// A pixel-diffing strategy for images which requires a 100% match.
    public static var image: Diffing { .image() }

    /// A pixel-diffing strategy for images, as swift-snapshot-testing's on iOS: `precision` is
    /// the share of pixels that must match, `perceptualPrecision` how close (1 - ΔE 1994 / 100)
    /// a pixel must be to its reference to match; `scale` is the one the reference is read at
    /// (nil or 0: the main screen's). A failure also writes framegen's images of the difference
    /// (`SnapshotArtifacts`) and says the worst ΔE and where it is.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil)
        -> Diffing
    {
        // A suite draws and drops screen-sized images one after another: their memory is kept
        // for the next rather than faulted in again page by page (docs/decisions.md, "Memory").
        _ = ImageMemory.keepsFreedBuffers
        let imageScale = scale.flatMap { $0 == 0 ? nil : $0 } ?? UIScreen.main.scale
        let toData: (UIImage) -> Data = { $0.pngData() ?? SnapshotImages.empty.pngData() ?? Data() }
        return .diff(
            toData: toData,
            fromData: { UIImage(data: $0, scale: imageScale) ?? UIImage() }
        ) { old, new in
            guard
                let verdict = SnapshotImages.compare(
                    old, new, precision: precision, perceptualPrecision: perceptualPrecision)
            else { return nil }
            var message = verdict.message
            var attachments = [DiffAttachment.data(toData(old), name: "reference.png")]
            attachments.append(
                .data(toData(new.size == .zero ? SnapshotImages.empty : new), name: "failure.png"))
            if let artifacts = SnapshotArtifacts.write(reference: old, failure: new) {
                message += "\n" + artifacts.description
                attachments.append(.data(artifacts.difference, name: "difference.png"))
            }
            if let worst = verdict.worst { message += "\n" + worst }
            return (message, attachments)
        }
    }
}

extension Snapshotting where Value == UIImage, Format == UIImage {
    /// A snapshot strategy for comparing images based on pixel equality.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy for comparing images: `scale` is the one of the reference on disk.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil)
        -> Snapshotting
    {
        .init(
            pathExtension: "png",
            diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale))
    }
}

/// The comparison of `Diffing.image`, with swift-snapshot-testing's messages.
package enum SnapshotImages {
    package struct Verdict {
        package var message: String
        /// Where the largest ΔE is, when pixels differ.
        package var worst: String?
    }

    /// What the library shows for an image of no size: framegen draws no text in it (its fonts
    /// may be missing), a red 400 x 80 image.
    static var empty: UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 400, height: 80)).image { context in
            context.cgContext.setFillColor(UIColor.red.cgColor)
            context.fill(CGRect(x: 0, y: 0, width: 400, height: 80))
        }
    }

    /// Whether two pixel arrays hold the same bytes, by memcmp: Array's `==` goes element by
    /// element, milliseconds for an iPhone screen's 11.8 MB.
    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
            }
        }
    }

    /// How many pixels `where` marks differ between `a` and `b` (premultiplied RGBA of one size).
    static func differing(_ a: [UInt8], _ b: [UInt8], where marked: [Bool]) -> Int {
        guard a.count == b.count, marked.count * 4 == a.count else { return 0 }
        var count = 0
        for i in marked.indices where marked[i] {
            let p = i * 4
            if a[p] != b[p] || a[p + 1] != b[p + 1] || a[p + 2] != b[p + 2] || a[p + 3] != b[p + 3] {
                count += 1
            }
        }
        return count
    }

    /// One line naming the screen scale that would draw `new` at the reference's pixel size (a
    /// reference a 2x simulator recorded, checked at framegen's default 3x); nil when no scale
    /// from 1 to 3 would, or the image is already at that scale.
    package static func scaleHint(reference: UIImage.Bitmap, new: UIImage) -> String? {
        let (width, height) = (Double(new.size.width), Double(new.size.height))
        guard width > 0, height > 0 else { return nil }
        for scale in [3, 2, 1] where Double(scale) != Double(new.scale) {
            // A view's size in points rounds to the scale's pixels on either side.
            if abs(width * Double(scale) - Double(reference.width)) < 1,
                abs(height * Double(scale) - Double(reference.height)) < 1
            {
                return
                    "framegen: the reference is \(reference.width) x \(reference.height) pixels, this image's "
                    + "size at \(scale)x: a \(scale)x simulator recorded it, FRAMEGEN_SCREEN_SCALE=\(scale) draws at "
                    + "that scale (now \(Int(Double(new.scale).rounded())))"
            }
        }
        return nil
    }

    /// nil when the images match.
    package static func compare(_ old: UIImage, _ new: UIImage, precision: Float, perceptualPrecision: Float)
        -> Verdict?
    {
        guard let oldBitmap = old.bitmap else {
            return Verdict(message: "Reference image could not be loaded.")
        }
        guard let newBitmap = new.bitmap else {
            return Verdict(message: "Newly-taken snapshot could not be loaded.")
        }
        guard newBitmap.width != 0, newBitmap.height != 0 else {
            return Verdict(message: "Newly-taken snapshot is empty.")
        }
        guard oldBitmap.width == newBitmap.width, oldBitmap.height == newBitmap.height else {
            // As Apple's CGSize prints itself; Foundation on Linux writes `CGSize(width:height:)`.
            func text(_ s: CGSize) -> String { "(\(s.width), \(s.height))" }
            return Verdict(
                message: "Newly-taken snapshot@\(text(new.size)) does not match reference@\(text(old.size)).",
                worst: scaleHint(reference: oldBitmap, new: new))
        }
        // Text masking (SnapshotText): the labels' rectangles filled alike in both images.
        let rects = SnapshotText.take(for: new) ?? []
        var oldPixels = oldBitmap.pixels
        var newPixels = newBitmap.pixels
        let masked = SnapshotText.mask(
            rects, scale: new.scale, width: newBitmap.width, height: newBitmap.height, old: &oldPixels,
            new: &newPixels)
        var maskNote =
            rects.isEmpty
            ? nil
            : "framegen: text masked: \(rects.count) text runs, \(masked.count) pixels not compared (FRAMEGEN_SNAPSHOT_TEXT)"
        func passed() -> Verdict? {
            if let maskNote { FileHandle.standardError.write(Data((maskNote + "\n").utf8)) }
            return nil
        }
        // The library compares the new image as it is and then as its PNG reads back: a PNG
        // keeps straight alpha, so a translucent pixel's premultiplied bytes may move by one.
        if same(oldPixels, newPixels) { return passed() }
        guard let data = new.pngData(), let reread = UIImage(data: data)?.bitmap else {
            return Verdict(message: "Newly-taken snapshot's data could not be loaded.")
        }
        var rereadPixels = reread.pixels
        var unused = oldBitmap.pixels
        _ = SnapshotText.mask(
            rects, scale: new.scale, width: reread.width, height: reread.height, old: &unused,
            new: &rereadPixels)
        if same(oldPixels, rereadPixels) { return passed() }
        let result = PerceptualComparison(
            old: oldPixels, new: rereadPixels, width: oldBitmap.width, height: oldBitmap.height,
            perceptualPrecision: perceptualPrecision)
        var worst =
            "framegen: \(result.differingPixels) of \(oldBitmap.width * oldBitmap.height) pixels differ; "
            + "the worst ΔE 1994 is \(result.worstDeltaE) at pixel (\(result.worstPixel.x), \(result.worstPixel.y))"
        if result.worstDeltaE == 0 {
            // ΔE reads the premultiplied colours, so black over nothing and nothing are alike:
            // text drawn black into a transparent image differs in coverage alone.
            worst += " (they differ in alpha only, which ΔE does not measure)"
        }
        if let note = maskNote {
            // The glyphs' differences apart from the layout's: the pixels above differ outside
            // the text; these inside it, where iOS's font and framegen's draw differently.
            let inText = SnapshotImages.differing(oldBitmap.pixels, newBitmap.pixels, where: masked.covered)
            let glyphs = note + "; \(inText) of the masked pixels differ (the text's glyphs)"
            maskNote = glyphs
            worst += "\n" + glyphs
        }
        // Which release's drawing was compared: a suite recorded with an older Xcode fails along
        // its rounded edges until it says so (docs/snapshot-testing.md).
        worst +=
            "\nframegen: drawn as iOS \(UIDevice.current.systemVersion) (FRAMEGEN_IOS_VERSION=17 for references "
            + "recorded with Xcode 15 or earlier)"
        if precision >= 1, perceptualPrecision >= 1 {
            return Verdict(message: "Newly-taken snapshot does not match reference.", worst: worst)
        }
        guard result.matchingShare < precision else { return passed() }
        if perceptualPrecision < 1 {
            let lowest = 1 - min(result.worstDeltaE / 100, 1)
            return Verdict(
                message: """
                    The percentage of pixels that match \(result.matchingShare) is less than required \(precision)
                    The lowest perceptual color precision \(lowest) is less than required \(perceptualPrecision)
                    """, worst: worst)
        }
        return Verdict(
            message: "Actual image precision \(result.matchingShare) is less than required \(precision)",
            worst: worst)
    }
}
