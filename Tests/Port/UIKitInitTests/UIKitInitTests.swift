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
        let listed = try #require(sources.split(separator: "\n").first { !$0.hasPrefix("#") })
        #expect(URL(fileURLWithPath: root + "/wheel-preview/" + listed).standardizedFileURL.path == Self.app)
        // The folder given is a module of the app's, whose imports the port removes.
        #expect(sources.contains("\n# modules compiled into this target: PortedApp\n"))
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
        // An app that imports no Combine builds none.
        #expect(try !read("pkg/Package.swift").contains("FrameGenCombine"))
        #expect(
            registration.contains(
                "        layouts: [:],\n        cells: [\n            \"SwipeCell\": { SwipeCell(frame: $0) },\n        ],\n        collectionViews: [:]\n    )"
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

    /// An app of three layouts as view controllers use them: a flow layout the controller turns
    /// sideways and shows in the app's own collection view class, a feed as tall as its items
    /// whose data source dequeues its cell by a cast, a strip whose content is as tall as the
    /// view and whose cells come from a cell registration. Each starter scene drags the way its
    /// layout scrolls and draws the layout's cell, not the app's first; the registration turns
    /// the carousel's layout as its controller does, and makes its collection view, which the
    /// command line and the golden tests are given with no edit.
    @Test func scenesThatMoveAsTheAppsLayoutsScroll() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/app", withIntermediateDirectories: true)
        let files = [
            "Cells.swift": """
            import UIKit
            final class AardvarkCell: UICollectionViewCell {}
            final class BadgeCell: UICollectionViewCell {}
            final class PosterCell: UICollectionViewCell {}
            final class StoryCell: UICollectionViewCell {}
            """,
            "Carousel.swift": """
            import UIKit
            final class CarouselLayout: UICollectionViewFlowLayout {}
            final class CarouselView: UICollectionView {}
            final class CarouselViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let layout = CarouselLayout()
                    layout.scrollDirection = .horizontal
                    layout.itemSize = CGSize(width: 160, height: 240)
                    let carousel = CarouselView(frame: view.bounds, collectionViewLayout: layout)
                    carousel.register(PosterCell.self, forCellWithReuseIdentifier: "poster")
                    view.addSubview(carousel)
                }
            }
            """,
            "Feed.swift": """
            import UIKit
            final class FeedLayout: UICollectionViewLayout {
                override var collectionViewContentSize: CGSize {
                    CGSize(width: collectionView?.bounds.width ?? 0, height: 3000)
                }
            }
            final class FeedController: UICollectionViewController {
                init() { super.init(collectionViewLayout: FeedLayout()) }
                required init?(coder: NSCoder) { fatalError() }
                override func collectionView(
                    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
                ) -> UICollectionViewCell {
                    collectionView.dequeueReusableCell(withReuseIdentifier: "story", for: indexPath) as! StoryCell
                }
            }
            """,
            "Strip.swift": """
            import UIKit
            final class StripLayout: UICollectionViewLayout {
                override var collectionViewContentSize: CGSize {
                    guard let collectionView else { return .zero }
                    let count = collectionView.numberOfItems(inSection: 0)
                    return CGSize(width: CGFloat(count) * 100, height: collectionView.bounds.height)
                }
            }
            final class StripController: UIViewController {
                let strip = UICollectionView(frame: .zero, collectionViewLayout: StripLayout())
                let badges = UICollectionView.CellRegistration<BadgeCell, Int> { _, _, _ in }
            }
            """,
        ]
        for (name, text) in files {
            try text.write(toFile: root + "/app/" + name, atomically: true, encoding: .utf8)
        }
        let made = try runFramegen(["uikit", "init", root + "/pkg", "--sources", root + "/app"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("layouts: CarouselLayout, FeedLayout, StripLayout"))
        #expect(made.stdout.contains("cells and views: AardvarkCell, BadgeCell, PosterCell, StoryCell"))
        #expect(made.stdout.contains("collection views: CarouselView"))
        #expect(
            made.stdout.contains(
                "CarouselLayout: scrolls sideways (Carousel.swift:8: the app sets scrollDirection = .horizontal on one); cell PosterCell; in CarouselView"
            ))

        let carousel = try read("pkg/scenes/CarouselLayout.yaml")
        #expect(carousel.contains("layout: {type: CarouselLayout, cell: PosterCell}"))
        #expect(
            carousel.contains("drag: {by: [-300, 0]") && carousel.contains("fling: {velocity: [2500, 0]}"))
        #expect(carousel.contains("# Shown in the app's CarouselView"))
        let feed = try read("pkg/scenes/FeedLayout.yaml")
        #expect(feed.contains("layout: {type: FeedLayout, cell: StoryCell}"))
        #expect(feed.contains("drag: {by: [0, -300]") && feed.contains("fling: {velocity: [0, 2500]}"))
        #expect(!feed.contains("Shown in"))
        let strip = try read("pkg/scenes/StripLayout.yaml")
        #expect(strip.contains("layout: {type: StripLayout, cell: BadgeCell}"))
        #expect(strip.contains("drag: {by: [-300, 0]"))

        let registration = try read("pkg/Sources/PkgApp/Registration.swift")
        // The class alone makes a vertical flow layout: the factory turns it as the controller does.
        #expect(
            registration.contains(
                """
                            "CarouselLayout": { _ in
                                // Carousel.swift:8: the app sets scrollDirection = .horizontal on one
                                let layout = CarouselLayout()
                                layout.scrollDirection = .horizontal
                                return layout
                            },
                """))
        // The strip's content size turns it by itself.
        #expect(registration.contains("\"StripLayout\": { _ in StripLayout() },"))
        #expect(
            registration.contains(
                """
                        collectionViews: [
                            "CarouselLayout": { CarouselView(frame: $0, collectionViewLayout: $1) },
                        ]
                """))
        #expect(!registration.contains("\"CarouselView\": { CarouselView(frame: $0) }"))
        #expect(
            registration.contains(
                "try UIKitLayout.descriptors(layouts: layouts, cells: cells, collectionViews: collectionViews)"
            ))
        #expect(
            try read("pkg/Sources/pkg/main.swift").contains("collectionViews: Registration.collectionViews"))
        #expect(
            try read("pkg/Sources/PkgApp/UserRegistration.swift").contains(
                "static let collectionViews: [String: UIKitLayout.CollectionViewFactory] = [:]"))
        #expect(!made.stdout.contains("does not pass collectionViews"))

        // A package an earlier uikit init made: its main.swift (the user's, not written again)
        // passes no collection views, which the next run says how to add; its UserRegistration
        // has none, for which Registration.swift gives an empty default.
        try
            "import FrameGenCommandLine\nimport PkgApp\nFrameGenCommandLine.main(layouts: Registration.layouts, cells: Registration.cells)\n"
            .write(toFile: root + "/pkg/Sources/pkg/main.swift", atomically: true, encoding: .utf8)
        let again = try runFramegen(["uikit", "init", root + "/pkg", "--sources", root + "/app"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            again.stdout.contains(
                "main.swift (yours, from an earlier uikit init) does not pass collectionViews"))
        #expect(
            try read("pkg/Sources/PkgApp/Registration.swift").contains(
                "extension UserRegistration: UserCollectionViews {}"))
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
        // Test files that name the app's types with no import (their Xcode target compiled the
        // app's files) import the library, as the port reads from this line.
        #expect(
            list.contains(
                "\n# the app's module, imported @testable by each file here that does not import it: MyApp\n")
        )
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

    /// A suite of tests that draw UIKit's own views (a library's tests of its UIKit helpers)
    /// needs none of the app's files: `--tests` alone makes the package, its library empty.
    @Test func testsThatNeedNoAppFiles() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(
            atPath: root + "/repo/Tests/__Snapshots__", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: root + "/repo/.git", withIntermediateDirectories: true)
        try """
        import SnapshotTesting
        import XCTest
        final class LabelTests: XCTestCase {
            func testLabel() { assertSnapshot(of: UILabel(), as: .image) }
        }

        """.write(toFile: root + "/repo/Tests/LabelTests.swift", atomically: true, encoding: .utf8)
        let made = try runFramegen(["uikit", "init", root + "/repo/preview", "--tests", root + "/repo/Tests"])
        #expect(made.status == 0, "\(made.stderr)")
        let list = try read("repo/preview/Tests/PreviewAppSnapshotTests/app-sources.txt")
        #expect(list.contains("../Tests/LabelTests.swift"))
        let library = try read("repo/preview/Sources/PreviewApp/app-sources.txt")
        #expect(library.split(separator: "\n").allSatisfy { $0.hasPrefix("#") })
        let neither = try runFramegen(["uikit", "init", root + "/repo/none"])
        #expect(neither.status != 0)
        #expect(neither.stderr.contains("--tests PATH"))
    }

    /// An app of several modules (an Xcode project per module, or SwiftPM targets under
    /// `Sources`): all compiled into one library, whose lists name them for the port, which then
    /// removes their imports (PortedAppTests builds through such a list).
    @Test func anAppOfSeveralModules() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        for folder in [
            ".git", "Kit.xcodeproj", "Kit/Anchors", "Package/Sources/Theme", "Core/Common/Sources/Core",
        ] {
            try manager.createDirectory(atPath: root + "/repo/" + folder, withIntermediateDirectories: true)
        }
        try "import UIKit\nfinal class Anchor {}\n".write(
            toFile: root + "/repo/Kit/Anchors/Anchor.swift", atomically: true, encoding: .utf8)
        try "import UIKit\nimport Kit\nfinal class TileCell: UICollectionViewCell {}\n".write(
            toFile: root + "/repo/Package/Sources/Theme/TileCell.swift", atomically: true, encoding: .utf8)
        try "final class Actions {}\n".write(
            toFile: root + "/repo/Core/Common/Sources/Core/Actions.swift", atomically: true, encoding: .utf8)
        let made = try runFramegen([
            "uikit", "init", root + "/repo/preview", "--sources", root + "/repo/Kit/Anchors",
            root + "/repo/Package/Sources/Theme", root + "/repo/Core",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let list = try read("repo/preview/Sources/PreviewApp/app-sources.txt")
        // A Tuist module inside a folder given (Core/Common/Sources) is one too; a package's folder
        // above its Sources is named as well, which no file imports.
        #expect(
            list.contains(
                "\n# modules compiled into this target: Kit, Anchors, Package, Theme, Core, Common\n"))
    }

    /// The libraries an app imports (`--dependency`): a Swift package's library targets, read
    /// from its manifest, and a folder of a pod's files under the name given, each a target of
    /// its own through the port; a target's dependency on another package's product is that
    /// package's module; the app's library and its tests depend on them all. A C target is left
    /// out, and what cannot be a dependency is refused before anything is written.
    @Test func anAppsDependencies() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        for folder in [
            "repo/.git", "repo/MyApp", "Kit/Sources/KitCore", "Kit/Sources/Kit/Old", "Kit/Sources/CKit",
            "Anchors/Sources", "Pods/Stack/Source", "Pods/Checks/Source",
        ] {
            try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        func write(_ text: String, _ path: String) throws {
            try text.write(toFile: root + "/" + path, atomically: true, encoding: .utf8)
        }
        try write(
            "import UIKit\nimport Kit\nfinal class TileCell: UICollectionViewCell {}\n",
            "repo/MyApp/Tile.swift")
        try write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Kit",
                products: [.library(name: "Kit", targets: ["Kit"])],
                dependencies: [.package(url: "https://example.com/Anchors.git", from: "1.0.0")],
                targets: [
                    .target(name: "CKit"),
                    .target(name: "KitCore", dependencies: ["CKit"]),
                    .target(name: "Kit", dependencies: ["KitCore", .product(name: "Anchors", package: "Anchors")], exclude: ["Old"]),
                    .testTarget(name: "KitTests", dependencies: ["Kit"]),
                ]
            )

            """, "Kit/Package.swift")
        try write("public struct Core {}\n", "Kit/Sources/KitCore/Core.swift")
        try write("import KitCore\npublic struct Kit {}\n", "Kit/Sources/Kit/Kit.swift")
        try write("struct Old {}\n", "Kit/Sources/Kit/Old/Old.swift")
        try write("int ckit(void) { return 0; }\n", "Kit/Sources/CKit/ckit.c")
        try write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Anchors",
                products: [.library(name: "Anchors", targets: ["AnchorsKit"])],
                targets: [.target(name: "AnchorsKit", path: "Sources")]
            )

            """, "Anchors/Package.swift")
        try write("public struct Anchor {}\n", "Anchors/Sources/Anchor.swift")
        try write("@preconcurrency import Combine\npublic struct Stack {}\n", "Pods/Stack/Source/Stack.swift")
        try write(
            "import UIKit\nimport XCTest\npublic func check(_ view: UIView) {}\n",
            "Pods/Checks/Source/Checks.swift")

        let made = try runFramegen([
            "uikit", "init", root + "/repo/preview", "--sources", root + "/repo/MyApp", "--dependency",
            root + "/Kit", root + "/Anchors", "StackKit=" + root + "/Pods/Stack/Source",
            "Checks=" + root + "/Pods/Checks/Source",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("dependencies, each a module of its own through the port"))
        #expect(made.stdout.contains("CKit of"), "the C target is named as left out")
        let manifest = try read("repo/preview/Package.swift")
        for module in ["KitCore", "Kit", "AnchorsKit", "StackKit"] {
            #expect(manifest.contains("name: \"\(module)\""), "a target for \(module)")
            #expect(manifest.contains("path: \"Dependencies/\(module)\""))
            let list = try read("repo/preview/Dependencies/\(module)/app-sources.txt")
            #expect(list.hasPrefix("# The files of module \(module)"))
        }
        #expect(!manifest.contains("\"CKit\""))
        // Kit's own dependency in the package, and its product dependency, are its target's.
        let kit = try #require(manifest.range(of: "name: \"Kit\""))
        let kitEntry = String(manifest[kit.lowerBound...].prefix(400))
        #expect(kitEntry.contains("\"KitCore\","))
        #expect(kitEntry.contains("\"AnchorsKit\","))
        // A folder's module may import those given before it.
        let stack = try #require(manifest.range(of: "name: \"StackKit\""))
        #expect(String(manifest[stack.lowerBound...].prefix(400)).contains("\"AnchorsKit\","))
        // The excluded folder's file is not listed; the others are, relative to the package.
        let kitList = try read("repo/preview/Dependencies/Kit/app-sources.txt")
        #expect(kitList.contains("../../Kit/Sources/Kit/Kit.swift\n"))
        #expect(!kitList.contains("Old"))
        #expect(
            try read("repo/preview/Dependencies/AnchorsKit/app-sources.txt").contains(
                "../../Anchors/Sources\n"))
        // The app's library depends on each.
        let app = try #require(manifest.range(of: "name: \"PreviewApp\""))
        #expect(String(manifest[app.lowerBound...].prefix(400)).contains("\"StackKit\","))
        // A library importing Combine gives every target the port compiles framegen's Combine.
        #expect(
            manifest.components(separatedBy: ".product(name: \"FrameGenCombine\", package: \"framegen\"),")
                .count
                == 1 + 1 + 5)
        // A library for tests (it imports XCTest) is not the app's: it gets framegen's snapshot
        // testing, in every file.
        #expect(!String(manifest[app.lowerBound...].prefix(400)).contains("\"Checks\","))
        let checks = try #require(manifest.range(of: "name: \"Checks\""))
        #expect(
            String(manifest[checks.lowerBound...].prefix(500)).contains(
                ".product(name: \"FrameGenSnapshotTesting\", package: \"framegen\"),"))
        #expect(manifest.contains(".package(url: \"https://github.com/pointfreeco/swift-snapshot-testing\""))
        #expect(
            try read("repo/preview/Dependencies/Checks/FrameGenDependencyModule.swift").contains(
                "@_exported import FrameGenSnapshotTesting"))
        #expect(
            try !read("repo/preview/Dependencies/Kit/FrameGenDependencyModule.swift").contains("@_exported"))

        for refused in [
            ["UIKit=" + root + "/Pods/Stack/Source"], [root + "/nowhere"],
            [root + "/Anchors", root + "/Anchors"],
        ] {
            let again = try runFramegen(
                ["uikit", "init", root + "/repo/other", "--sources", root + "/repo/MyApp", "--dependency"]
                    + refused)
            #expect(again.status == 2, "\(refused)")
            #expect(!manager.fileExists(atPath: root + "/repo/other"), "nothing written for \(refused)")
        }
    }

    /// An iOSSnapshotTestCase suite: its files under the folder holding `ReferenceImages_64` are
    /// found (its own base class too, which names no type of the app's), and the test target
    /// gets framegen's iOSSnapshotTestCase.
    @Test func anAppsIOSSnapshotTestCaseSuite() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        for folder in [
            ".git", "MyApp", "MyAppTests/ReferenceImages_64/MyAppTests.TileTests", "MyAppTests/Helpers",
        ] {
            try manager.createDirectory(atPath: root + "/repo/" + folder, withIntermediateDirectories: true)
        }
        try "import UIKit\nfinal class TileCell: UICollectionViewCell {}\n".write(
            toFile: root + "/repo/MyApp/Cells.swift", atomically: true, encoding: .utf8)
        try "import FBSnapshotTestCase\nclass SnapshotTestCase: FBSnapshotTestCase {}\n".write(
            toFile: root + "/repo/MyAppTests/Helpers/SnapshotTestCase.swift", atomically: true,
            encoding: .utf8)
        let test = """
            import FBSnapshotTestCase
            @testable import MyApp

            final class TileTests: SnapshotTestCase {
                func testTile() { FBSnapshotVerifyView(TileCell(frame: .zero)) }
            }

            """
        try test.write(toFile: root + "/repo/MyAppTests/TileTests.swift", atomically: true, encoding: .utf8)
        try "import XCTest\nfinal class UnitTests: XCTestCase {}\n".write(
            toFile: root + "/repo/MyAppTests/UnitTests.swift", atomically: true, encoding: .utf8)
        let made = try runFramegen([
            "uikit", "init", root + "/repo/preview", "--sources", root + "/repo/MyApp",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let list = try read("repo/preview/Tests/MyAppSnapshotTests/app-sources.txt")
        #expect(list.contains("../MyAppTests/TileTests.swift\n"))
        #expect(list.contains("../MyAppTests/Helpers/SnapshotTestCase.swift\n"))
        #expect(!list.contains("UnitTests.swift"))
        let manifest = try read("repo/preview/Package.swift")
        #expect(manifest.contains(".product(name: \"iOSSnapshotTestCase\", package: \"framegen\")"))
    }

    /// The app's asset catalogs: copied into the library's resources without their app icons,
    /// anew by each run (a colour set removed from the app goes), the manifest naming them.
    /// A Swift package's tests that read their own resources (`UIColor(named:in: Bundle.module,
    /// compatibleWith:)`) get the catalogs as the snapshot target's own resources too, so that
    /// the target has a `Bundle.module`; tests that do not read it get none.
    @Test func testsThatReadTheirOwnBundle() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        for folder in [
            ".git", "Sources/Kit", "Tests/KitTests/__Snapshots__/TintTests",
            "Tests/KitTests/Assets.xcassets/Tint.colorset",
        ] {
            try manager.createDirectory(atPath: root + "/repo/" + folder, withIntermediateDirectories: true)
        }
        try "{\"colors\":[]}".write(
            toFile: root + "/repo/Tests/KitTests/Assets.xcassets/Tint.colorset/Contents.json",
            atomically: true,
            encoding: .utf8)
        try "import UIKit\npublic final class Swatch: UIView {}\n".write(
            toFile: root + "/repo/Sources/Kit/Swatch.swift", atomically: true, encoding: .utf8)
        let test = """
            import SnapshotTesting
            import XCTest
            @testable import Kit

            final class TintTests: XCTestCase {
                func testTint() {
                    let swatch = Swatch()
                    swatch.backgroundColor = UIColor(named: "Tint", in: Bundle.module, compatibleWith: nil)
                    assertSnapshot(of: swatch, as: .image)
                }
            }

            """
        try test.write(
            toFile: root + "/repo/Tests/KitTests/TintTests.swift", atomically: true, encoding: .utf8)
        let made = try runFramegen([
            "uikit", "init", root + "/repo/preview", "--sources", root + "/repo/Sources/Kit",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let manifest = try read("repo/preview/Package.swift")
        let tests = try #require(manifest.range(of: "name: \"KitSnapshotTests\""))
        #expect(
            String(manifest[tests.lowerBound...].prefix(700)).contains("resources: [.copy(\"TestAssets\")]"))
        #expect(
            manager.fileExists(
                atPath: root
                    + "/repo/preview/Tests/KitSnapshotTests/TestAssets/Assets.xcassets/Tint.colorset/Contents.json"
            ))

        try test.replacingOccurrences(of: "Bundle.module", with: "nil").write(
            toFile: root + "/repo/Tests/KitTests/TintTests.swift", atomically: true, encoding: .utf8)
        let again = try runFramegen([
            "uikit", "init", root + "/repo/other", "--sources", root + "/repo/Sources/Kit",
        ])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try !read("repo/other/Package.swift").contains("TestAssets"))
    }

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

    /// The app's fonts: every font file copied into the library's resources, a listed one where
    /// its Info.plist's UIAppFonts puts it (Xcode copies fonts to the bundle's top), with an
    /// Info.plist listing what the app's lists, so that UIFont registers the same fonts as iOS.
    @Test func anAppsFonts() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        for folder in [".git", "MyApp/Fonts", "MyApp/Supporting"] {
            try manager.createDirectory(atPath: root + "/repo/" + folder, withIntermediateDirectories: true)
        }
        try Data("brand".utf8).write(to: URL(fileURLWithPath: root + "/repo/MyApp/Fonts/Brand-Bold.ttf"))
        try Data("other".utf8).write(to: URL(fileURLWithPath: root + "/repo/MyApp/Fonts/Unlisted.otf"))
        let info = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleName": "MyApp", "UIAppFonts": ["Brand-Bold.ttf", "Missing.ttf"]],
            format: .xml, options: 0)
        try info.write(to: URL(fileURLWithPath: root + "/repo/MyApp/Supporting/Info.plist"))
        try "import UIKit\nfinal class TileCell: UICollectionViewCell {}\n"
            .write(toFile: root + "/repo/MyApp/Cells.swift", atomically: true, encoding: .utf8)
        let made = try runFramegen([
            "uikit", "init", root + "/repo/preview", "--sources", root + "/repo/MyApp",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("fonts, copied into Sources/PreviewApp/AppAssets"))
        let assets = root + "/repo/preview/Sources/PreviewApp/AppAssets"
        #expect(
            try manager.contentsOfDirectory(atPath: assets).sorted() == [
                "Brand-Bold.ttf", "Info.plist", "Unlisted.otf",
            ])
        let copied = try PropertyListSerialization.propertyList(
            from: try Data(contentsOf: URL(fileURLWithPath: assets + "/Info.plist")), format: nil)
        #expect((copied as? [String: Any])?["UIAppFonts"] as? [String] == ["Brand-Bold.ttf", "Missing.ttf"])
        #expect(try read("repo/preview/Package.swift").contains("resources: [.copy(\"AppAssets\")]"))
    }

    /// The app's storyboards and nibs: each copied into the library's resources under
    /// `InterfaceBuilder`, at its path in the app's folder (a `Base.lproj` one apart from
    /// another language's), where framegen's loader finds `Main.storyboard` at any depth; not
    /// the launch screens (LaunchScreen.storyboard, and the one Info.plist names), nor what
    /// build products, Pods, hidden folders and snapshot folders hold.
    @Test func anAppsStoryboardsAndNibs() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        for folder in [
            ".git", ".build/Debug", "MyApp/Base.lproj", "MyApp/fr.lproj", "MyApp/Views", "MyApp/Supporting",
            "MyApp/__Snapshots__", "Pods/Lib", "DerivedData/MyApp",
        ] {
            try manager.createDirectory(atPath: root + "/repo/" + folder, withIntermediateDirectories: true)
        }
        let document =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"/>\n"
        for file in [
            "MyApp/Base.lproj/Main.storyboard", "MyApp/fr.lproj/Main.storyboard", "MyApp/Views/Card.xib",
            "MyApp/Base.lproj/LaunchScreen.storyboard", "MyApp/Splash.storyboard",
            "MyApp/__Snapshots__/Old.xib",
            "Pods/Lib/Lib.xib", ".build/Debug/Built.storyboard", "DerivedData/MyApp/Derived.xib",
        ] {
            try document.write(toFile: root + "/repo/" + file, atomically: true, encoding: .utf8)
        }
        let info = try PropertyListSerialization.data(
            fromPropertyList: ["UILaunchStoryboardName": "Splash", "UIMainStoryboardFile": "Main"],
            format: .xml, options: 0)
        try info.write(to: URL(fileURLWithPath: root + "/repo/MyApp/Supporting/Info.plist"))
        try "import UIKit\nfinal class TileCell: UICollectionViewCell {}\n"
            .write(toFile: root + "/repo/MyApp/Cells.swift", atomically: true, encoding: .utf8)
        let made = try runFramegen([
            "uikit", "init", root + "/repo/preview", "--sources", root + "/repo/MyApp",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(
            made.stdout.contains(
                "storyboards and nibs, 3 files copied into Sources/PreviewApp/AppAssets/InterfaceBuilder"))
        #expect(
            made.stdout.contains(
                "launch screens, not copied (framegen shows no launch screen): ../MyApp/Splash.storyboard, ../MyApp/Base.lproj/LaunchScreen.storyboard"
            ))
        let copies = root + "/repo/preview/Sources/PreviewApp/AppAssets/InterfaceBuilder"
        let found = (manager.enumerator(atPath: copies)?.allObjects as? [String] ?? []).filter {
            $0.hasSuffix(".storyboard") || $0.hasSuffix(".xib")
        }
        #expect(
            found.sorted() == [
                "MyApp/Base.lproj/Main.storyboard", "MyApp/Views/Card.xib", "MyApp/fr.lproj/Main.storyboard",
            ])
        #expect(try String(contentsOfFile: copies + "/MyApp/Views/Card.xib", encoding: .utf8) == document)
        #expect(try read("repo/preview/Package.swift").contains("resources: [.copy(\"AppAssets\")]"))

        // Run again, it copies what the app has then.
        try manager.removeItem(atPath: root + "/repo/MyApp/Views/Card.xib")
        let again = try runFramegen([
            "uikit", "init", root + "/repo/preview", "--sources", root + "/repo/MyApp",
        ])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!manager.fileExists(atPath: copies + "/MyApp/Views/Card.xib"))
        #expect(manager.fileExists(atPath: copies + "/MyApp/Base.lproj/Main.storyboard"))
    }
}
