import Foundation
import UIKit
import XCTest

@testable import FrameGenSnapshotTesting

/// XCTest's activities and attachments as a suite's helpers use them on iOS: a step run as an
/// activity returns what it returns, and what it attaches is kept as Xcode keeps it, here in
/// the artifacts folder when the test ends: `.keepAlways` always, `.deleteOnSuccess` (the
/// default) only for a failed test.
final class AttachmentTests: XCTestCase {
    func testActivitiesAndAttachmentsAreKeptAsXcodeKeepsThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("attachments-\(UUID())")
            .path
        setenv("FRAMEGEN_ARTIFACTS", folder, 1)
        defer {
            unsetenv("FRAMEGEN_ARTIFACTS")
            try? FileManager.default.removeItem(atPath: folder)
        }
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 3)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 3))
        }
        let size = XCTContext.runActivity(named: "draw the badge") { activity -> CGSize in
            XCTAssertEqual(activity.name, "draw the badge")
            let kept = XCTAttachment(image: image)
            kept.name = "badge"
            kept.lifetime = .keepAlways
            activity.add(kept)
            return image.size
        }
        XCTAssertEqual(size, CGSize(width: 4, height: 3))
        let note = XCTAttachment(string: "only if it fails")
        note.name = "note"
        XCTAssertEqual(note.lifetime, .deleteOnSuccess)
        add(note)

        AttachmentStore.finished("AttachmentTests.passing", failed: false)
        let passing = folder + "/attachments/AttachmentTests/passing"
        let png = try XCTUnwrap(FileManager.default.contents(atPath: passing + "/badge.png"))
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertFalse(FileManager.default.fileExists(atPath: passing + "/note.txt"))

        add(note)
        AttachmentStore.finished("AttachmentTests.failing", failed: true)
        XCTAssertEqual(
            FileManager.default.contents(atPath: folder + "/attachments/AttachmentTests/failing/note.txt"),
            Data("only if it fails".utf8))
    }
}
