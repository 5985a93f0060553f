import FBSnapshotTestCase
import Foundation
import UIKit
import XCTest

@testable import iOSSnapshotTestCase

/// iOSSnapshotTestCase's test case as its suites use it on iOS: where it records and reads a
/// reference, its file names, its tolerances, its messages.
final class FBSnapshotTestCaseTests: FBSnapshotTestCase {
    private var folder = ""

    override func setUp() {
        super.setUp()
        folder = NSTemporaryDirectory() + "fbsnapshot-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    private func square(_ color: UIColor, corner: UIColor? = nil) -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 8))
        view.backgroundColor = color
        if let corner {
            let dot = UIView(frame: CGRect(x: 0, y: 0, width: 1, height: 1))
            dot.backgroundColor = corner
            view.addSubview(dot)
        }
        return view
    }

    private func verify(
        _ view: UIView, identifier: String? = nil, pixel: CGFloat = 0, overall: CGFloat = 0,
        from: String? = nil
    ) -> String? {
        snapshotVerifyViewOrLayer(
            view, identifier: identifier, suffixes: FBSnapshotTestCaseDefaultSuffixes(),
            perPixelTolerance: pixel,
            overallTolerance: overall, defaultReferenceDirectory: from ?? folder + "/ReferenceImages",
            defaultImageDiffDirectory: folder + "/FailureDiffs")
    }

    private var scale: Int { Int(UIScreen.main.scale.rounded()) }

    /// Record mode writes `ReferenceImages_64/Module.Class/test@Nx.png` (and says the test did
    /// not compare); the same view then matches, and a changed pixel fails with the library's
    /// message, its three images written.
    func testRecordsThenComparesAtTheScreensScale() throws {
        recordMode = true
        XCTAssertEqual(
            verify(square(.red)),
            "Test ran in record mode. Reference image is now saved. Disable record mode to perform an actual snapshot comparison!"
        )
        let reference =
            folder
            + "/ReferenceImages_64/\(String(reflecting: Self.self))/testRecordsThenComparesAtTheScreensScale@\(scale)x.png"
        let recorded = try XCTUnwrap(UIImage(data: Data(contentsOf: URL(fileURLWithPath: reference))))
        XCTAssertEqual(recorded.size, CGSize(width: 10 * scale, height: 8 * scale))

        recordMode = false
        XCTAssertNil(verify(square(.red)))
        let failure = try XCTUnwrap(verify(square(.red, corner: .blue)))
        XCTAssertTrue(failure.hasPrefix("Snapshot comparison failed: "), failure)
        XCTAssertTrue(failure.contains("Images different"), failure)
        XCTAssertTrue(
            failure.contains("framegen: \(scale * scale) of \(80 * scale * scale) pixels differ"), failure)
        let failed = folder + "/FailureDiffs/\(String(reflecting: Self.self))/"
        for prefix in ["reference_", "failed_", "diff_"] {
            XCTAssertTrue(
                FileManager.default.fileExists(
                    atPath: failed + prefix + "testRecordsThenComparesAtTheScreensScale@\(scale)x.png"),
                prefix)
        }
        // The share of pixels that may differ: one pixel of 80 points' worth.
        let share = CGFloat(scale * scale) / CGFloat(80 * scale * scale)
        XCTAssertNil(verify(square(.red, corner: .blue), overall: share))
        XCTAssertNotNil(verify(square(.red, corner: .blue), overall: share * 0.99))
    }

    /// An identifier joins the name with `_`; the name's spaces and punctuation become `_`
    /// before the scale is added; a size change is reported as the library reports it.
    func testIdentifierNamesTheFileAndSizesMustMatch() throws {
        recordMode = true
        _ = verify(square(.green), identifier: "dark mode-1")
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: folder
                    + "/ReferenceImages_64/\(String(reflecting: Self.self))/testIdentifierNamesTheFileAndSizesMustMatch_dark_mode_1@\(scale)x.png"
            ))
        recordMode = false
        let wider = square(.green)
        wider.frame.size.width = 11
        let failure = try XCTUnwrap(verify(wider, identifier: "dark mode-1"))
        XCTAssertTrue(
            failure.contains(
                "Images different sizes: referenceImage:{\(10 * scale), \(8 * scale)}, image:{\(11 * scale), \(8 * scale)}"
            ),
            failure)
    }

    /// A missing reference fails (iOSSnapshotTestCase never records by itself), naming the file
    /// and the references at other scales.
    func testAMissingReferenceFailsAndNamesOtherScales() throws {
        let classFolder = folder + "/ReferenceImages_64/\(String(reflecting: Self.self))"
        try FileManager.default.createDirectory(atPath: classFolder, withIntermediateDirectories: true)
        let other = scale == 2 ? 3 : 2
        try XCTUnwrap(square(.red).asImage().pngData()).write(
            to: URL(
                fileURLWithPath: classFolder + "/testAMissingReferenceFailsAndNamesOtherScales@\(other)x.png")
        )
        let failure = try XCTUnwrap(verify(square(.red)))
        XCTAssertTrue(failure.contains("Unable to load reference image"), failure)
        XCTAssertTrue(
            failure.contains("testAMissingReferenceFailsAndNamesOtherScales@\(other)x.png"), failure)
        XCTAssertTrue(failure.contains("FRAMEGEN_SCREEN_SCALE"), failure)
    }

    /// Xcode's test target names the module of the class's folder (`AppTests.Class`); the
    /// package on Linux may name it otherwise, and the folder is still found.
    func testTheClassFolderOfAnotherModuleIsFound() throws {
        recordMode = true
        _ = verify(square(.orange))
        let base = folder + "/ReferenceImages_64/"
        try FileManager.default.moveItem(
            atPath: base + String(reflecting: Self.self),
            toPath: base + "SomeAppTests.FBSnapshotTestCaseTests")
        recordMode = false
        XCTAssertNil(verify(square(.orange)))
        XCTAssertNotNil(verify(square(.purple)))
    }

    /// With no folder named (no FB_REFERENCE_IMAGE_DIR, as on Linux), the nearest folder above
    /// the test file holding the class's `ReferenceImages_64` folder is used.
    func testTheReferencesAreFoundAboveTheTestFile() throws {
        let repository = folder + "/repo"
        let references = repository + "/AppTests/ReferenceImages_64/AppTests.FBSnapshotTestCaseTests"
        try FileManager.default.createDirectory(atPath: references, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: repository + "/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: repository + "/AppTests/Features/Login", withIntermediateDirectories: true)
        try XCTUnwrap(square(.red).asImage().pngData()).write(
            to: URL(fileURLWithPath: references + "/testTheReferencesAreFoundAboveTheTestFile@\(scale)x.png"))
        let testFile = repository + "/AppTests/Features/Login/LoginTests.swift"
        let found = try XCTUnwrap(
            FBReferenceFolders.find(from: testFile, folder: String(reflecting: Self.self)))
        XCTAssertEqual(found, repository + "/AppTests/ReferenceImages")
        XCTAssertNil(verify(square(.red), from: found))
        // One folder down from an ancestor (references beside the tests' folder) is found too.
        XCTAssertEqual(
            FBReferenceFolders.find(
                from: repository + "/OtherTests/LoginTests.swift", folder: "X.FBSnapshotTestCaseTests"),
            repository + "/AppTests/ReferenceImages")
        // Not a repository's references for another class, and not above the repository's top.
        XCTAssertNil(FBReferenceFolders.find(from: testFile, folder: "AppTests.Other"))
    }

    /// Per-pixel tolerance is a share of 256 per channel (iOSSnapshotTestCase's "each shade is
    /// 0.390625 %"): 3 levels off is 1.17 %.
    func testPerPixelToleranceIsAShareOf256() throws {
        recordMode = true
        _ = verify(square(UIColor(red: 100 / 255, green: 100 / 255, blue: 100 / 255, alpha: 1)))
        recordMode = false
        let near = square(UIColor(red: 103 / 255, green: 100 / 255, blue: 100 / 255, alpha: 1))
        XCTAssertNotNil(verify(near, pixel: 0.011))
        XCTAssertNil(verify(near, pixel: 0.012))
    }
}

extension UIView {
    fileprivate func asImage() -> UIImage {
        UIGraphicsImageRenderer(bounds: bounds).image { layer.render(in: $0.cgContext) }
    }
}
