import Foundation
import FrameGenQuartzCore

/// Which iOS recorded a suite's references, found from when they were committed
/// (docs/snapshot-testing.md "Which iOS recorded the references").
///
/// A reference image carries nothing of the release that drew it: the PNGs iOS writes have the
/// same chunks and the same EXIF from iOS 16 to 26 (measured on the corpus's suites). What is
/// reliable is a bound: a reference committed before iOS 18 was released (16 September 2024, with
/// Xcode 16) was drawn by iOS 17 or earlier. So when most of the images under the repository's
/// `__Snapshots__` folders (swift-snapshot-testing's) and `ReferenceImages` folders
/// (iOSSnapshotTestCase's) were last committed before that day, the suite draws as iOS 17, and
/// says so once. A later commit says nothing (teams record with an older Xcode for years), so
/// those suites keep the standard release. `FRAMEGEN_IOS_VERSION` and `.systemVersion` win.
package enum ReferenceRelease {
    /// iOS 18's release, 2024-09-16 00:00 UTC.
    static let iOS18Released: TimeInterval = 1_726_444_800

    /// What was found for the working folder's repository, once per process.
    private static let found: (major: Int, note: String)? = infer(
        in: FileManager.default.currentDirectoryPath)

    /// Follows the release the references tell, if they tell one; the first call says so.
    package static func follow() {
        guard let found, SystemRelease.fromEnvironment == nil else { return }
        _ = announced
        SystemRelease.follow(found: found.major)
    }

    private static let announced: Void = {
        guard let found else { return }
        FileHandle.standardError.write(Data(("framegen: " + found.note + "\n").utf8))
    }()

    /// The release the reference images of the git repository holding `folder` tell: 17 when more
    /// than half of those that exist were last committed before iOS 18's release, else nil (no
    /// repository, no git, no references, or most of them later).
    static func infer(in folder: String) -> (major: Int, note: String)? {
        guard let top = git(["rev-parse", "--show-toplevel"], in: folder)?.split(separator: "\n").first
        else { return nil }
        // Newest commit first: each file's first time is its last commit.
        guard
            let log = git(
                [
                    "log", "--format=%x01%ct", "--name-only", "--", ":(glob)**/__Snapshots__/**/*.png",
                    ":(glob)**/ReferenceImages*/**/*.png",
                ],
                in: String(top))
        else { return nil }
        var time: TimeInterval?
        var last: [Substring: TimeInterval] = [:]
        for line in log.split(separator: "\n") {
            if line.first == "\u{1}" {
                time = TimeInterval(line.dropFirst())
            } else if let time, last[line] == nil {
                last[line] = time
            }
        }
        let existing = last.filter { FileManager.default.fileExists(atPath: String(top) + "/" + $0.key) }
        guard !existing.isEmpty else { return nil }
        let before = existing.values.filter { $0 < iOS18Released }.count
        guard before * 2 > existing.count else { return nil }
        return (
            17,
            "drawing as iOS 17: \(before) of \(existing.count) reference images (__Snapshots__, ReferenceImages) were last "
                + "committed before iOS 18 was released (2024-09-16), so an older iOS recorded them; "
                + "FRAMEGEN_IOS_VERSION=18 draws as iOS 18"
        )
    }

    /// `git args` run in `folder`, its output; nil when git is missing or fails.
    private static func git(_ args: [String], in folder: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "core.quotePath=false", "-C", folder] + args
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
