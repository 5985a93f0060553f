import Foundation
import FrameGenCoreGraphics
import FrameGenSnapshotTesting
import FrameGenUIKit

/// iOSSnapshotTestCase's comparison (`UIImage+Compare`): images of one pixel size, equal bytes
/// when both tolerances are 0; else a pixel differs when one of its premultiplied RGBA channels
/// differs by more than `perPixelTolerance` x 256, and the images match while the share of
/// differing pixels is at most `overallTolerance`.
enum FBImageComparison {
    struct Verdict {
        /// The library's description and reason.
        var description: String
        var reason: String
        /// framegen's lines: how many pixels differ, the worst ΔE and where, the text masked.
        var details: String?
    }

    /// nil when `image` matches `reference`. The new image is also compared as its PNG reads
    /// back, as the recorded reference holds it (a PNG keeps straight alpha, so a translucent
    /// pixel's premultiplied bytes may move by one); text is masked where the run masks it
    /// (`FRAMEGEN_SNAPSHOT_TEXT=mask`).
    static func compare(
        reference: UIImage, image: UIImage, perPixelTolerance: CGFloat, overallTolerance: CGFloat
    )
        -> Verdict?
    {
        guard let old = reference.bitmap, let new = image.bitmap else {
            return Verdict(description: "Images different", reason: "an image has no pixels")
        }
        guard old.width == new.width, old.height == new.height else {
            return Verdict(
                description: "Images different sizes",
                reason: "referenceImage:{\(old.width), \(old.height)}, image:{\(new.width), \(new.height)}")
        }
        let rects = SnapshotText.take(for: image) ?? []
        func matches(_ candidate: [UInt8]) -> Bool {
            var a = old.pixels
            var b = candidate
            SnapshotText.mask(
                rects, scale: image.scale, width: old.width, height: old.height, old: &a, new: &b)
            return within(a, b, perPixelTolerance: perPixelTolerance, overallTolerance: overallTolerance)
        }
        if matches(new.pixels) { return nil }
        if let data = image.pngData(), let reread = UIImage(data: data)?.bitmap,
            reread.width == new.width, reread.height == new.height, matches(reread.pixels)
        {
            return nil
        }
        // framegen's account of the difference, as its swift-snapshot-testing strategies give it.
        let details = SnapshotImages.compare(reference, image, precision: 1, perceptualPrecision: 1)?.worst
        return Verdict(
            description: "Images different",
            reason: String(
                format: "image pixels differed by more than %.2f%% from the reference image",
                Double(overallTolerance) * 100),
            details: details)
    }

    /// The library's rule over two premultiplied RGBA arrays of one size.
    static func within(_ a: [UInt8], _ b: [UInt8], perPixelTolerance: CGFloat, overallTolerance: CGFloat)
        -> Bool
    {
        guard a.count == b.count else { return false }
        if perPixelTolerance == 0, overallTolerance == 0 { return a == b }
        let pixels = a.count / 4
        guard pixels > 0 else { return true }
        var differing = 0
        for p in 0..<pixels {
            let o = p * 4
            if a[o] == b[o], a[o + 1] == b[o + 1], a[o + 2] == b[o + 2], a[o + 3] == b[o + 3] { continue }
            var same = perPixelTolerance != 0
            if same {
                for c in 0..<4 where CGFloat(abs(Int(a[o + c]) - Int(b[o + c]))) / 256 > perPixelTolerance {
                    same = false
                }
            }
            if !same {
                differing += 1
                if CGFloat(differing) / CGFloat(pixels) > overallTolerance { return false }
            }
        }
        return true
    }

    /// The library's three images of a failure in `folder`: `reference_NAME`, `failed_NAME` and
    /// `diff_NAME` (framegen's difference image, where iOS's blends the two); the side-by-side's
    /// path, or nil when nothing could be written.
    static func saveFailure(reference: Data, image: UIImage, in folder: String, name: String) -> String? {
        guard let failed = image.pngData() else { return nil }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try reference.write(to: URL(fileURLWithPath: folder + "/reference_" + name), options: .atomic)
            try failed.write(to: URL(fileURLWithPath: folder + "/failed_" + name), options: .atomic)
            guard let old = UIImage(data: reference, scale: image.scale),
                let written = SnapshotArtifacts.write(reference: old, failure: image)
            else { return folder + "/failed_" + name }
            try written.difference.write(to: URL(fileURLWithPath: folder + "/diff_" + name), options: .atomic)
            return written.sideBySide
        } catch {
            return nil
        }
    }
}

/// Why a verification failed, with the library's domain and codes.
enum FBSnapshotError: Error, CustomStringConvertible {
    case needsRecord(path: String, elsewhere: [String])
    case pngCreationFailed(path: String)
    case different(FBImageComparison.Verdict, path: String, written: String?)
    case unknown(path: String)

    static let domain = "FBSnapshotTestControllerErrorDomain"

    var code: Int {
        switch self {
        case .unknown: return 1
        case .needsRecord: return 2
        case .pngCreationFailed: return 3
        case .different(let verdict, _, _): return verdict.description == "Images different sizes" ? 4 : 5
        }
    }

    var description: String {
        var text: String
        switch self {
        case .needsRecord(let path, let elsewhere):
            text =
                "Unable to load reference image. Reference image not found. You need to run the test in record mode: \(path)"
            if !elsewhere.isEmpty {
                text +=
                    "\nframegen: this test's references here are \(elsewhere.joined(separator: ", ")): "
                    + "FRAMEGEN_SCREEN_SCALE sets the main screen's scale (now \(Int(UIScreen.main.scale.rounded())))"
            }
        case .pngCreationFailed(let path):
            text = "The image could not be written as a PNG: \(path)"
        case .different(let verdict, let path, let written):
            text = "\(verdict.description): \(verdict.reason) (\(path))"
            if let details = verdict.details { text += "\n" + details }
            if let written { text += "\nframegen: the failed images are beside \(written)" }
        case .unknown(let path):
            text = "The reference image could not be read: \(path)"
        }
        return "Error Domain=\(Self.domain) Code=\(code) \(text)"
    }

    static func describe(_ error: Error?) -> String {
        guard let error else { return "nil" }
        return (error as? FBSnapshotError)?.description ?? "\(error)"
    }
}

/// Where a suite's references are when nothing names the folder (`getReferenceImageDirectory`).
enum FBReferenceFolders {
    /// `ReferenceImages` in the nearest folder above `file` (or one of its subfolders) that holds
    /// a `ReferenceImages<suffix>` folder with the class's folder (`folder`, or `*.Class`) in it;
    /// the search stops at the repository's top (a `.git`).
    static func find(from file: String, folder: String) -> String? {
        let manager = FileManager.default
        let className = folder.split(separator: ".").last.map(String.init) ?? folder
        var dir = (file as NSString).deletingLastPathComponent
        for _ in 0..<12 {
            guard !dir.isEmpty, dir != "/" else { return nil }
            let children = ((try? manager.contentsOfDirectory(atPath: dir)) ?? []).sorted()
            for base in [dir] + children.filter({ !$0.hasPrefix(".") }).map({ dir + "/" + $0 }) {
                let entries =
                    base == dir ? children : ((try? manager.contentsOfDirectory(atPath: base)) ?? [])
                for entry in entries.sorted() where entry.hasPrefix("ReferenceImages") {
                    let references = base + "/" + entry
                    if manager.fileExists(atPath: references + "/" + folder)
                        || classFolder(in: references, className: className) != nil
                    {
                        return base + "/ReferenceImages"
                    }
                }
            }
            if children.contains(".git") { return nil }
            dir = (dir as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// The one folder of `directory` named `*.className` (or `className`), if there is one.
    static func classFolder(in directory: String, className: String) -> String? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            return nil
        }
        let matching = entries.filter { $0 == className || $0.hasSuffix("." + className) }
        return matching.count == 1 ? directory + "/" + matching[0] : nil
    }
}
