import Foundation
import TestTiers
import Testing

@testable import FrameGenSnapshotTesting

/// A reference committed before iOS 18's release (2024-09-16) was drawn by iOS 17 or earlier, so
/// a suite whose references mostly were draws as iOS 17 (docs/snapshot-testing.md "Which iOS
/// recorded the references"); a later commit bounds nothing.
@Suite struct ReferenceReleaseTests {
    /// A git repository in a fresh folder, committing as of a given date.
    struct Repository {
        let root = NSTemporaryDirectory() + "framegen-references-" + UUID().uuidString

        init() throws {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try run(["init", "-q"])
        }

        func run(_ args: [String], date: String? = nil) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments =
                [
                    "git", "-C", root, "-c", "user.name=t", "-c", "user.email=t@t", "-c",
                    "commit.gpgsign=false",
                ] + args
            if let date {
                process.environment = ProcessInfo.processInfo.environment.merging([
                    "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date,
                ]) { $1 }
            }
            try process.run()
            process.waitUntilExit()
            expect(process.terminationStatus == 0)
        }

        /// `names` written under a test folder's `__Snapshots__` and committed on `date`.
        func commit(_ names: [String], on date: String) throws {
            let folder = root + "/Tests/AppTests/__Snapshots__/ViewTests"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for name in names {
                try Data((name + date).utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
            }
            try run(["add", "-A"])
            try run(["commit", "-q", "-m", "references"], date: date)
        }
    }

    @Test func referencesCommittedBeforeIOS18DrawAsIOS17() throws {
        let repository = try Repository()
        try repository.commit(["a.1.png", "b.1.png", "c.1.png"], on: "2023-06-01T12:00:00Z")
        let found = ReferenceRelease.infer(in: repository.root + "/Tests")
        expect(found?.major == 17)
        expect(found?.note.contains("3 of 3 reference images") == true)
    }

    @Test func mostlyLaterReferencesTellNothing() throws {
        let repository = try Repository()
        try repository.commit(["a.1.png", "b.1.png"], on: "2023-06-01T12:00:00Z")
        // Re-recorded after iOS 18's release: each file's last commit is what counts.
        try repository.commit(["b.1.png", "c.1.png", "d.1.png"], on: "2024-09-17T12:00:00Z")
        expect(ReferenceRelease.infer(in: repository.root) == nil)
    }

    @Test func aDayBeforeTheReleaseStillCounts() throws {
        let repository = try Repository()
        try repository.commit(["a.1.png", "b.1.png"], on: "2024-09-15T23:00:00Z")
        try repository.commit(["c.1.png"], on: "2025-01-01T12:00:00Z")
        expect(ReferenceRelease.infer(in: repository.root)?.major == 17)
    }

    @Test func aFolderOutsideARepositoryOrWithoutReferencesTellsNothing() throws {
        let repository = try Repository()
        expect(ReferenceRelease.infer(in: repository.root) == nil)
        let bare = NSTemporaryDirectory() + "framegen-no-repository-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: bare, withIntermediateDirectories: true)
        expect(ReferenceRelease.infer(in: bare) == nil)
    }
}
