import FrameGenCodecs
import FrameGenComparison
import FrameGenRaster
import FrameGenScene

/// A render checked against its reference file, and the images a reviewer needs when it fails:
/// the one check that `framegen golden check` and FrameGenTesting's assertions share. The
/// images are `<stem>-expected.png`, `<stem>-actual.png`, `<stem>-diff.png` and
/// `<stem>-side-by-side.png` in one folder (docs/golden-testing.md, "Artifacts"; docs/library.md).
public struct GoldenFrameCheck: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// Within the tolerance.
        case match
        /// Past the tolerance.
        case differs
        /// There is no reference file.
        case missing
        /// The reference file does not decode (`reason` says why).
        case unreadable
    }

    public var outcome: Outcome
    /// Why the reference is unreadable.
    public var reason = ""
    /// The comparison, when the reference was read.
    public var comparison: ImageComparison?
    /// The images written, as names in the artifacts folder: expected, actual, diff and side by
    /// side for a difference; the render alone for a missing or unreadable reference.
    public var images: [String] = []

    /// The endings of the images, in the order a difference writes them.
    public static let artifactSuffixes = ["expected", "actual", "diff", "side-by-side"]

    /// Reads `reference` and compares `actual` with it. A failure writes its images into
    /// `artifacts` (unless `writesArtifacts` is false: the caller records the render instead); a
    /// match removes the images an earlier failure of `stem` left there.
    public init(
        reference: String, actual: StraightImage, tolerance: ImageComparison.Tolerance,
        artifacts folder: String,
        stem: String, writesArtifacts: Bool = true
    ) throws(FrameGenError) {
        func save(_ images: [(suffix: String, image: StraightImage)]) throws(FrameGenError) -> [String] {
            guard writesArtifacts else { return [] }
            do { try FileIO.makeDirectory(folder) } catch { throw .cannotWrite(folder, error.reason) }
            var names: [String] = []
            for (suffix, image) in images {
                let name = stem + "-" + suffix + ".png"
                let path = folder + "/" + name
                do { try PNG.write(image, to: path) } catch { throw .cannotWrite(path, error.reason) }
                names.append(name)
            }
            return names
        }
        guard FileIO.fileExists(reference) else {
            outcome = .missing
            images = try save([("actual", actual)])
            return
        }
        let expected: StraightImage
        do {
            expected = try PNG.decodeStraight(file: reference)
        } catch {
            outcome = .unreadable
            reason = error.reason
            images = try save([("actual", actual)])
            return
        }
        let comparison = ImageComparison(expected: expected, actual: actual, tolerance: tolerance)
        self.comparison = comparison
        if comparison.passes(tolerance.allowance) {
            outcome = .match
            for suffix in Self.artifactSuffixes {
                try? FileIO.remove(folder + "/" + stem + "-" + suffix + ".png")
            }
            return
        }
        outcome = .differs
        let diff = ImageComparison.diffImage(expected: expected, actual: actual, tolerance: tolerance)
        images = try save([
            ("expected", expected), ("actual", actual), ("diff", diff),
            (
                "side-by-side",
                ImageComparison.labelledSideBySide(expected: expected, diff: diff, actual: actual)
            ),
        ])
    }
}
