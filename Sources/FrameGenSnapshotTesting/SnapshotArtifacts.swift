import Foundation
import FrameGenCodecs
import FrameGenComparison
import FrameGenRaster
import FrameGenUIKit
import Synchronization
import Testing

/// framegen's images of a failed snapshot, where `framegen golden` and `assertGolden` put theirs:
/// `$FRAMEGEN_ARTIFACTS` (default `.golden-artifacts` in the current folder) `/snapshots/`,
/// named after the running Swift Testing test (else `snapshot`) and a count, each
/// `-expected.png`, `-actual.png`, `-diff.png` and `-side-by-side.png`.
package enum SnapshotArtifacts {
    package struct Written: CustomStringConvertible {
        package var sideBySide: String
        package var difference: Data
        package var description: String { "framegen: expected | diff | actual in \(sideBySide)" }
    }

    private static let count = Mutex(0)

    package static func write(reference: UIImage, failure: UIImage) -> Written? {
        guard let old = straight(reference), let new = straight(failure), old.width == new.width,
            old.height == new.height
        else { return nil }
        let folder =
            (ProcessInfo.processInfo.environment["FRAMEGEN_ARTIFACTS"] ?? ".golden-artifacts") + "/snapshots"
        let n = count.withLock {
            $0 += 1
            return $0
        }
        let test = Test.current?.name.filter { $0.isLetter || $0.isNumber } ?? ""
        let stem = folder + "/" + (test.isEmpty ? "snapshot" : test) + "-\(n)"
        let diff = ImageComparison.diffImage(expected: old, actual: new, tolerance: .init(threshold: 0))
        let side = ImageComparison.labelledSideBySide(expected: old, diff: diff, actual: new)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (suffix, image) in [
                ("expected", old), ("actual", new), ("diff", diff), ("side-by-side", side),
            ] {
                try PNG.write(image, to: stem + "-" + suffix + ".png")
            }
            return Written(sideBySide: stem + "-side-by-side.png", difference: Data(try PNG.encode(diff)))
        } catch {
            return nil
        }
    }

    private static func straight(_ image: UIImage) -> StraightImage? {
        guard let b = image.bitmap,
            let premultiplied = Image(
                width: b.width, height: b.height, stride: b.width * 4, premultipliedBytes: b.pixels)
        else { return nil }
        return StraightImage(premultiplied)
    }
}
