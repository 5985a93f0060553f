import Foundation
import Testing

/// `framegen uikit init`: a package from an app's files (Tests/Port/PortedApp, written for iOS), what
/// it registers, which of its files a second run keeps, and what it refuses. That the package it
/// makes builds and renders is checked by hand (docs/uikit.md, "Bring your app": its build is
/// minutes); the PortedAppTests target compiles the same files through the same plugin.
@Suite struct UIKitInitTests {
    let root = NSTemporaryDirectory() + "framegen-uikit-init-" + UUID().uuidString
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PortedApp").path

    func read(_ path: String) throws -> String {
        try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    @Test func aPackageFromAnAppsFiles() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let made = try runFramegen(["uikit", "init", root + "/wheel-preview", "--sources", Self.app])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("layouts: GuardedFlow, WheelLayout"))
        #expect(made.stdout.contains("cells and views: BannerCell, SpokeCell"))
        #expect(
            made.stdout.contains(
                "swift run wheel-preview render scenes/GuardedFlow.yaml --video GuardedFlow.gif"))

        let package = "wheel-preview/"
        let manifest = try read(package + "Package.swift")
        #expect(manifest.contains(".plugin(name: \"FrameGenPort\", package: \"framegen\")"))
        #expect(manifest.contains("name: \"WheelPreviewApp\""))
        // framegen as a path from the package to this checkout.
        let framegen = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
        let path = try #require(
            manifest.split(separator: "\"").first { $0.hasSuffix("..") || $0.contains("../") })
        #expect(
            URL(fileURLWithPath: root + "/wheel-preview/" + path).standardizedFileURL.path
                == URL(fileURLWithPath: framegen).standardizedFileURL.path)
        let registration = try read(package + "Sources/WheelPreviewApp/Registration.swift")
        #expect(registration.contains("\"WheelLayout\": { _ in WheelLayout() },"))
        #expect(registration.contains("\"GuardedFlow\": { _ in GuardedFlow() },"))
        #expect(registration.contains("\"SpokeCell\": { SpokeCell(frame: $0) },"))
        let sources = try read(package + "Sources/WheelPreviewApp/app-sources.txt")
        #expect(
            URL(fileURLWithPath: root + "/wheel-preview/" + sources.split(separator: "\n")[1])
                .standardizedFileURL.path
                == Self.app)
        let scene = try read(package + "scenes/WheelLayout.yaml")
        #expect(scene.contains("layout: {type: WheelLayout, cell: BannerCell}"))
        #expect(scene.contains("# Other cells of the app: SpokeCell"))
        #expect(scene.contains("drag: {by: [0, -300]"))
        // The folder the manifest excludes is there, so that SwiftPM does not warn.
        #expect(manifest.contains("exclude: [\"__Golden__\"]"))
        #expect(
            FileManager.default.fileExists(
                atPath: root + "/" + package + "Tests/WheelPreviewAppTests/__Golden__"))
        let tests = try read(package + "Tests/WheelPreviewAppTests/GoldenTests.swift")
        #expect(tests.contains("scene: \"../../scenes/WheelLayout.yaml\""))

        // Again: the user's files stay, the generated ones are made again.
        try "// mine\n".write(
            toFile: root + "/wheel-preview/Sources/WheelPreviewApp/UserRegistration.swift", atomically: true,
            encoding: .utf8)
        try "# mine\n".write(
            toFile: root + "/wheel-preview/scenes/WheelLayout.yaml", atomically: true, encoding: .utf8)
        try "// stale\n".write(
            toFile: root + "/wheel-preview/Sources/WheelPreviewApp/Registration.swift", atomically: true,
            encoding: .utf8)
        #expect(
            try runFramegen(["uikit", "init", root + "/wheel-preview", "--sources", Self.app]).status == 0)
        #expect(try read(package + "Sources/WheelPreviewApp/UserRegistration.swift") == "// mine\n")
        #expect(try read(package + "scenes/WheelLayout.yaml") == "# mine\n")
        #expect(try read(package + "Sources/WheelPreviewApp/Registration.swift").contains("WheelLayout()"))
    }

    /// An app of cells only (SwipeCellKit's shape): an empty dictionary of layouts, written as
    /// Swift writes one.
    @Test func anAppOfCellsOnly() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/app", withIntermediateDirectories: true)
        try "import UIKit\nclass SwipeCell: UICollectionViewCell {}\n".write(
            toFile: root + "/app/SwipeCell.swift", atomically: true, encoding: .utf8)
        let made = try runFramegen(["uikit", "init", root + "/pkg", "--sources", root + "/app"])
        #expect(made.status == 0, "\(made.stderr)")
        let registration = try read("pkg/Sources/PkgApp/Registration.swift")
        #expect(
            registration.contains(
                "        layouts: [:],\n        cells: [\n            \"SwipeCell\": { SwipeCell(frame: $0) },\n        ]\n    )"
            ))
    }

    /// A layout's delegate of the app's is one to set in the layout's factory; a private
    /// property of such a type is the layout's own business, which no factory can set. A file
    /// importing SwiftUI is named with its line; a layout paging sideways by default gets a
    /// sideways starter scene.
    @Test func itNamesTheDelegatesAFactorySetsNotPrivateProperties() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/app", withIntermediateDirectories: true)
        try """
        import UIKit
        protocol PagingDelegate: AnyObject { func pageChanged() }
        protocol Cancelable { func cancel() }
        class PagingLayout: UICollectionViewLayout {
            weak var delegate: PagingDelegate?
            private var running: Cancelable?
            public var scrollDirection: UICollectionView.ScrollDirection = .horizontal
        }
        """.write(toFile: root + "/app/PagingLayout.swift", atomically: true, encoding: .utf8)
        try "import Foundation\nimport SwiftUI\nstruct PagingView: View {}\n".write(
            toFile: root + "/app/PagingView.swift", atomically: true, encoding: .utf8)
        let made = try runFramegen(["uikit", "init", root + "/pkg", "--sources", root + "/app"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(
            made.stdout.contains("PagingLayout has a PagingDelegate of the app's: set one in its factory"))
        #expect(!made.stdout.contains("Cancelable"))
        // A layout whose own scrollDirection defaults to horizontal is dragged sideways.
        #expect(try read("pkg/scenes/PagingLayout.yaml").contains("drag: {by: [-300, 0]"))
        // A file the build would stop at, named before the build.
        #expect(made.stdout.contains("files importing Apple frameworks Linux has no module for"))
        #expect(made.stdout.contains("PagingView.swift:2: import SwiftUI"))
    }

    @Test func whatItRefuses() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/mine", withIntermediateDirectories: true)
        try "x".write(toFile: root + "/mine/notes.txt", atomically: true, encoding: .utf8)
        let occupied = try runFramegen(["uikit", "init", root + "/mine", "--sources", Self.app])
        #expect(occupied.status == 2)
        #expect(occupied.stderr.contains("no package made by framegen uikit init"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/mine") == ["notes.txt"])

        let missing = try runFramegen(["uikit", "init", root + "/new", "--sources", root + "/nowhere"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nowhere: no such file or folder"))
        #expect(!FileManager.default.fileExists(atPath: root + "/new"))
        #expect(try runFramegen(["uikit", "init", root + "/new"]).status == 2)
    }

    /// An app whose repository has swift-snapshot-testing tests with their references: a test
    /// target of them, compiled where they are through the port, the library named as their
    /// `@testable import` names the app, its final cells made by their class. Another project's
    /// snapshot tests in the same repository, which name none of the app's types, are left out;
    /// `--tests` names the files itself.
    @Test func anAppsSnapshotTests() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        for folder in [
            ".git", "MyApp", "MyAppTests/__Snapshots__/TileTests", "Other/__Snapshots__/OtherTests",
        ] {
            try manager.createDirectory(atPath: root + "/repo/" + folder, withIntermediateDirectories: true)
        }
        try
            "import UIKit\nfinal class TileCell: UICollectionViewCell {}\nclass PlainCell: UICollectionViewCell {}\n"
            .write(toFile: root + "/repo/MyApp/Cells.swift", atomically: true, encoding: .utf8)
        let test = """
            import SnapshotTesting
            import XCTest
            @testable import MyApp

            final class TileTests: XCTestCase {
                func testTile() { assertSnapshot(of: TileCell(frame: .zero), as: .image) }
            }

            """
        try test.write(toFile: root + "/repo/MyAppTests/TileTests.swift", atomically: true, encoding: .utf8)
        try "import SnapshotTesting\n// assertSnapshot(of: Gauge(), as: .image)\n".write(
            toFile: root + "/repo/Other/OtherTests.swift", atomically: true, encoding: .utf8)
        let made = try runFramegen([
            "uikit", "init", root + "/repo/preview", "--sources", root + "/repo/MyApp",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("snapshot tests: 1 file(s) in Tests/MyAppSnapshotTests/app-sources.txt"))
        let manifest = try read("repo/preview/Package.swift")
        #expect(manifest.contains("name: \"MyApp\""))
        #expect(manifest.contains("name: \"MyAppSnapshotTests\""))
        #expect(
            manifest.contains(
                ".package(url: \"https://github.com/pointfreeco/swift-snapshot-testing\", from: \"1.17.0\")"))
        #expect(manifest.contains(".product(name: \"FrameGenSnapshotTesting\", package: \"framegen\")"))
        let list = try read("repo/preview/Tests/MyAppSnapshotTests/app-sources.txt")
        #expect(list.hasSuffix("\n../MyAppTests/TileTests.swift\n"))
        let support = try read("repo/preview/Tests/MyAppSnapshotTests/Linux.swift")
        #expect(support.contains("@testable import MyApp"))
        #expect(support.contains("@_exported import UIKit"))
        // The port makes the app's cell classes by their class (makeByClass), final or not.
        #expect(!support.contains("ReusableViewByClass"))
        #expect(!support.contains("PlainCell"))
        #expect(try read("repo/preview/Sources/preview/main.swift").contains("import MyApp"))

        // Named by --tests: that file only, even one of no app type.
        let named = try runFramegen([
            "uikit", "init", root + "/repo/named", "--sources", root + "/repo/MyApp", "--tests",
            root + "/repo/Other/OtherTests.swift",
        ])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(
            try read("repo/named/Tests/NamedAppSnapshotTests/app-sources.txt").contains("OtherTests.swift"))
        let nowhere = try runFramegen([
            "uikit", "init", root + "/repo/gone", "--sources", root + "/repo/MyApp", "--tests",
            root + "/repo/nowhere",
        ])
        #expect(nowhere.status == 2)
        #expect(nowhere.stderr.contains("nowhere: no such file or folder"))
    }

    /// The app's asset catalogs: copied into the library's resources without their app icons,
    /// anew by each run (a colour set removed from the app goes), the manifest naming them.
    @Test func anAppsAssetCatalogs() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        let catalog = root + "/repo/MyApp/Assets.xcassets"
        for folder in [
            ".git", "MyApp/Assets.xcassets/Brand.colorset", "MyApp/Assets.xcassets/AppIcon.appiconset",
            "MyApp/Assets.xcassets/Old.colorset", "Widget/Assets.xcassets/Tint.colorset",
            "Pods/Lib/Pod.xcassets",
        ] {
            try manager.createDirectory(atPath: root + "/repo/" + folder, withIntermediateDirectories: true)
        }
        for set in [
            "MyApp/Assets.xcassets/Brand.colorset", "MyApp/Assets.xcassets/Old.colorset",
            "Widget/Assets.xcassets/Tint.colorset", "MyApp/Assets.xcassets/AppIcon.appiconset",
        ] {
            try "{\"colors\":[]}".write(
                toFile: root + "/repo/\(set)/Contents.json", atomically: true, encoding: .utf8)
        }
        try "import UIKit\nfinal class TileCell: UICollectionViewCell {}\n"
            .write(toFile: root + "/repo/MyApp/Cells.swift", atomically: true, encoding: .utf8)
        let made = try runFramegen([
            "uikit", "init", root + "/repo/preview", "--sources", root + "/repo/MyApp",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("asset catalogs, copied into Sources/PreviewApp/AppAssets"))
        let assets = root + "/repo/preview/Sources/PreviewApp/AppAssets"
        #expect(
            try manager.contentsOfDirectory(atPath: assets).sorted() == [
                "Assets-2.xcassets", "Assets.xcassets",
            ])
        #expect(
            try manager.contentsOfDirectory(atPath: assets + "/Assets.xcassets").sorted() == [
                "Brand.colorset", "Old.colorset",
            ])
        #expect(manager.fileExists(atPath: assets + "/Assets-2.xcassets/Tint.colorset/Contents.json"))
        #expect(try read("repo/preview/Package.swift").contains("resources: [.copy(\"AppAssets\")]"))

        try manager.removeItem(atPath: catalog + "/Old.colorset")
        let again = try runFramegen([
            "uikit", "init", root + "/repo/preview", "--sources", root + "/repo/MyApp",
        ])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try manager.contentsOfDirectory(atPath: assets + "/Assets.xcassets") == ["Brand.colorset"])
        #expect(!manager.fileExists(atPath: assets + ".new"))
    }
}
