import ArgumentParser
import Foundation
import FrameGenCodecs
import FrameGenRender
import FrameGenScene
import FrameGenSourcePortValues

/// `framegen uikit ...`: an app's UIKit files in framegen.
struct UIKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uikit",
        abstract: "Bring an app's UIKit layouts and cells into framegen (docs/uikit.md, \"Bring your app\").",
        subcommands: [UIKitInitCommand.self])
}

/// `framegen uikit init DIR --sources PATH...`: a Swift package that compiles the app's files where
/// they are, unchanged (the FrameGenPort plugin ports copies at build time), registers the layout
/// and cell classes it finds, and has a starter scene and a golden test per layout.
///
/// Run again on the same folder, it makes the generated files again (the registration, the list of
/// sources, the golden tests) and adds scenes for new layouts; what is the user's (the package
/// manifest, `UserRegistration.swift`, the command's `main.swift`, existing scenes) it leaves.
struct UIKitInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make DIR a Swift package that renders and golden-tests an app's UIKit layouts.")

    @Argument(help: ArgumentHelp("The package's folder (made if missing).", valueName: "DIR"))
    var directory: String

    @Option(
        name: .customLong("sources"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "The app's Swift files or folders (searched to any depth); they stay where they are.",
            valueName: "PATH"))
    var sources: [String] = []

    @Option(
        name: .customLong("tests"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "The app's snapshot test files or folders, whose references stay where they are (default: the swift-snapshot-testing files beside every __Snapshots__ folder of the app's repository, and the iOSSnapshotTestCase files under every folder holding a ReferenceImages_64 folder).",
            valueName: "PATH"))
    var tests: [String] = []

    @Option(
        name: .customLong("dependency"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "A library the app imports, compiled through the port as a module of its own: a Swift package's folder (its library products), or NAME=FOLDER, a folder of Swift files compiled as module NAME (a CocoaPods pod). Give a library's own dependencies too, before it.",
            valueName: "PATH"))
    var dependencies: [String] = []

    @Option(
        name: .customLong("framegen"),
        help: ArgumentHelp(
            "The framegen package to depend on: a path or a git URL (default: the checkout this command was built from).",
            valueName: "PATH_OR_URL"))
    var framegen: String?

    /// Where the app's repository is found: its first file or folder, else its first test's.
    var anchor: String { sources.first ?? tests[0] }

    func validate() throws {
        if sources.isEmpty && tests.isEmpty {
            throw ValidationError(
                "give the app's files with --sources PATH... (or, for tests that need none of the app's files, only the tests with --tests PATH...)"
            )
        }
    }

    func run() throws {
        let manager = FileManager.default
        let cwd = manager.currentDirectoryPath
        let root = absolute(directory, from: cwd)
        // The app's files, found now for the scan (the plugin finds them again at each build).
        let files = try readSwiftFiles(sources, cwd: cwd, option: "--sources", what: "the app's Swift files")
        // Tests that draw UIKit's own views need no app files: then the library has none.
        guard !files.isEmpty || sources.isEmpty else {
            throw FrameGenError.badInput(sources.joined(separator: ", "), "no .swift files there")
        }
        let dependency = try framegenDependency(cwd: cwd, root: root)
        let candidates = try snapshotTestCandidates(cwd: cwd, root: root)
        let report: PortTool.ScanReport
        let tool = try portTool()
        do { report = try tool.scan(sources: files, tests: candidates) } catch {
            throw FrameGenError.badInput(nil, error.description)
        }
        guard report.testableImports.count == candidates.count else {
            throw FrameGenError.badInput(
                nil,
                "\(tool.path) answered for \(report.testableImports.count) test files of \(candidates.count)")
        }
        let scan = report.scan
        // Found test files are the app's when they name a type the app's files declare: another
        // project's tests in the same repository are not. Those `--tests` names are.
        // A suite's own base class for iOSSnapshotTestCase names no type of the app's, and its
        // tests need it.
        let chosen = candidates.indices.filter {
            tests.isEmpty
                ? namesAType(candidates[$0], scan.declaredTypes)
                    || candidates[$0].text.contains(": FBSnapshotTestCase")
                : true
        }
        var package = AppPackage(root: root, scan: scan, dependency: dependency)
        package.snapshotTests = chosen.map { relativePath(from: root, to: candidates[$0].path) }
        package.usesIOSSnapshotTestCase = chosen.contains {
            IOSSnapshotTestCaseFiles.uses(candidates[$0].text)
        }
        package.testsReadBundleModule = chosen.contains { candidates[$0].text.contains("Bundle.module") }
        package.assetCatalogs = findAssetCatalogs(
            in: repository(of: absolute(anchor, from: cwd)), skipping: root)
        package.appFonts = AppFonts.find(in: repository(of: absolute(anchor, from: cwd)), skipping: root)
        package.interfaceBuilderFiles = InterfaceBuilderFiles.find(
            in: repository(of: absolute(anchor, from: cwd)), skipping: root)
        // The tests' `@testable import MyApp` finds the app's files under the module name its
        // Xcode target gives them.
        package.appModule =
            package.existingModule
            ?? chosen.flatMap { report.testableImports[$0] }.first { !AppPackage.frameworks.contains($0) }
        try package.checkFolder()
        let found = try AppDependencies.modules(dependencies, cwd: cwd)
        package.dependencyModules = AppPackage.markingTestLibraries(found.modules)
        package.dependencyNotes = found.notes
        // Combine's module is built only for an app whose files (or tests, or libraries) import it.
        package.usesCombine =
            (files + chosen.map { candidates[$0] }).contains { SwiftImports.found("Combine", in: $0.text) }
            || package.dependencyModules.contains(where: \.importsCombine)
        if let clash = found.modules.first(where: { $0.name == package.module }) {
            throw FrameGenError.badInput(
                clash.given, "its module \(clash.name) has the name of the app's own library")
        }
        let sourceList = sources.map { relativePath(from: root, to: absolute($0, from: cwd)) }
        package.mergedModules = AppPackage.mergedModules(
            sources: sources.map { absolute($0, from: cwd) },
            repository: repository(of: absolute(anchor, from: cwd)))
        try package.write(sourceList: sourceList)
        FileHandleOutput.standardOutput.write(package.summary(fileCount: files.count, shownAs: directory))
    }

    /// The snapshot test files: those `--tests` names, else the Swift files calling
    /// swift-snapshot-testing beside each `__Snapshots__` folder of the repository holding the
    /// first of `--sources` (the nearest folder above it with a `.git`, else its folder), of
    /// which `run` keeps those naming the app's types.
    func snapshotTestCandidates(cwd: String, root: String) throws -> [SourcePort.File] {
        guard tests.isEmpty else {
            return try readSwiftFiles(tests, cwd: cwd, option: "--tests", what: "the app's snapshot tests")
        }
        let found = findSnapshotTests(in: repository(of: absolute(anchor, from: cwd)), skipping: root)
        return try readSwiftFiles(found, cwd: cwd, option: "--tests", what: "the app's snapshot tests")
    }

    /// The file uses an identifier the app declares as a type.
    func namesAType(_ file: SourcePort.File, _ appTypes: Set<String>) -> Bool {
        let words = Set(file.text.split { !($0.isLetter || $0.isNumber || $0 == "_") })
        return appTypes.contains { words.contains(Substring($0)) }
    }

    /// The `framegen-port` tool, which parses Swift for the scan (only it links SwiftSyntax, so
    /// that the command line builds in a fraction of the time: README, "Start-up"): beside this
    /// program (`make install` puts it there; a test build has SwiftPM's copy for the plugin),
    /// in the debug build of the checkout this program was built from, or built there now.
    func portTool() throws -> PortTool {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let checkout = Self.checkout
        let debug = checkout + "/.build/debug"
        if let tool = PortTool.find(in: [own.path, debug]) { return tool }
        guard FileManager.default.fileExists(atPath: checkout + "/Package.swift") else {
            throw FrameGenError.badInput(
                nil,
                "uikit init needs framegen-port (it reads Swift) beside \(own.path), and this framegen's checkout \(checkout) is gone: build it in a checkout with `swift build --product framegen-port` and put it beside framegen (`make install` installs both)"
            )
        }
        FileHandleOutput.standardError.write(
            "framegen: building framegen-port, the tool that reads Swift (SwiftSyntax), in \(debug): once, under a minute with the toolchain's SwiftSyntax\n"
        )
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // With the checkout's own build options (scripts/line-tables), so that its build folder
        // is not compiled again for other ones.
        build.arguments = [
            "sh", "-c",
            #"swift build --package-path "$1" $("$1/scripts/line-tables") --product framegen-port"#,
            "sh", checkout,
        ]
        // Its progress on standard error, so that standard output stays this command's summary.
        build.standardOutput = FileHandle.standardError
        do {
            try build.run()
            build.waitUntilExit()
        } catch {
            throw FrameGenError.badInput(nil, "cannot run `swift build` for framegen-port: \(error)")
        }
        guard build.terminationStatus == 0, let tool = PortTool.find(in: [debug]) else {
            throw FrameGenError.badInput(
                nil,
                "`swift build --product framegen-port` in \(checkout) failed (status \(build.terminationStatus)); if it said \"missing required module '_SwiftSyntaxCShims'\", delete \(checkout)/.build once: it holds the swift-syntax package's modules of an older framegen (README, \"Start-up\")"
            )
        }
        return tool
    }

    /// The checkout this program was built from: three folders above this file.
    static let checkout =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// `.package(...)` for framegen: a path (relative to DIR where it can be) or a URL.
    func framegenDependency(cwd: String, root: String) throws -> String {
        if let framegen, framegen.contains("://") || framegen.hasPrefix("git@") {
            return ".package(url: \(literal(framegen)), from: \(literal(FrameGenVersion.string)))"
        }
        let path: String
        if let framegen {
            path = absolute(framegen, from: cwd)
        } else {
            path = Self.checkout
            guard FileManager.default.fileExists(atPath: path + "/Package.swift") else {
                throw FrameGenError.badInput(
                    nil,
                    "this framegen was built from \(path), which is gone: give --framegen PATH_OR_URL (a checkout or the repository's URL)"
                )
            }
        }
        guard FileManager.default.fileExists(atPath: path + "/Package.swift") else {
            throw FrameGenError.badInput(
                framegen, "no Package.swift there: --framegen names framegen's checkout or URL")
        }
        return ".package(name: \"framegen\", path: \(literal(relativePath(from: root, to: path))))"
    }
}

/// The package `uikit init` makes: its names, its files, what the scan found.
struct AppPackage {
    let root: String
    let scan: AppScan
    let dependency: String
    /// The snapshot test files, relative to the package: a test target of their own when any.
    var snapshotTests: [String] = []
    /// The app's modules whose files `--sources` gives, all compiled into the one library: the
    /// port removes their imports (`AppSources.mergedModulesPrefix`).
    var mergedModules: [String] = []
    /// The modules of the libraries the app imports (`--dependency`), each a target of its own
    /// compiled through the port, which the app's library and its tests depend on.
    var dependencyModules: [DependencyModule] = []
    /// What reading them found worth saying (a C target left out, a dependency not given).
    var dependencyNotes: [String] = []
    /// Whether those tests are written for iOSSnapshotTestCase (FBSnapshotTestCase), whose
    /// module framegen's `iOSSnapshotTestCase` product gives them.
    var usesIOSSnapshotTestCase = false
    /// Whether the app's files, its tests or its libraries import Combine: then each target the
    /// port compiles depends on framegen's `FrameGenCombine`, which `import Combine` imports once
    /// ported (docs/uikit.md "Combine").
    var usesCombine = false
    /// Whether the snapshot tests read their own target's resources (`Bundle.module`, a Swift
    /// package's test target with resources): then the target gets a copy of the app's catalogs
    /// and fonts as its own resources, where `Bundle.module` finds them.
    var testsReadBundleModule = false
    /// The snapshot tests' target has resources of its own (`TestAssets`).
    var testsHaveResources: Bool { testsReadBundleModule && hasResources && !snapshotTests.isEmpty }
    /// The module the snapshot tests import with `@testable` (the app's, as Xcode names it),
    /// which the library of the app's files then takes as its name.
    var appModule: String?
    /// The app's asset catalogs (absolute paths), copied into the library's resources.
    var assetCatalogs: [String] = []
    /// The app's fonts: the files (absolute paths) and what its Info.plist files list under
    /// `UIAppFonts`, copied into the library's resources with an Info.plist listing them, where
    /// UIFont finds them as iOS does (docs/uikit.md "Fonts").
    var appFonts = AppFonts()
    /// The app's storyboards and nibs, copied into the library's resources where
    /// `UIStoryboard(name:bundle:)` and `UINib(nibName:bundle:)` find them.
    var interfaceBuilderFiles = InterfaceBuilderFiles()

    /// Whether the library has resources (`AppAssets`).
    var hasResources: Bool {
        !assetCatalogs.isEmpty || !appFonts.files.isEmpty || !interfaceBuilderFiles.files.isEmpty
    }

    /// Modules a test imports with `@testable` that are not the app's.
    static let frameworks: Set<String> = [
        "UIKit", "SnapshotTesting", "XCTest", "Testing", "Foundation", "FBSnapshotTestCase",
        "iOSSnapshotTestCase",
    ]

    init(root: String, scan: AppScan, dependency: String) {
        (self.root, self.scan, self.dependency) = (root, scan, dependency)
    }

    /// The executable: the folder's name as a command (`preview`); the library of the app's
    /// files: the same in UpperCamelCase with `App` (`PreviewApp`).
    var command: String {
        let name = (root as NSString).lastPathComponent.lowercased()
            .map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let joined = String(name).split(separator: "-").joined(separator: "-")
        return joined.first?.isLetter == true ? joined : "app-" + joined
    }
    var module: String {
        if let appModule, appModule.lowercased() != command.lowercased() { return appModule }
        return command.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            + "App"
    }
    var snapshotTarget: String { module + "SnapshotTests" }

    /// The library's name in a package an earlier run made, which its manifest (the user's) uses.
    var existingModule: String? {
        let sources = root + "/Sources"
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []
        return folders.sorted().first {
            FileManager.default.fileExists(atPath: "\(sources)/\($0)/app-sources.txt")
        }
    }

    static let marker = "Made by `framegen uikit init`"
    var makeable: [AppScan.Class] { scan.classes.filter { $0.cannotMake == nil } }
    /// The registered layouts the app shows in a collection view class of its own.
    var viewedLayouts: [AppScan.Class] {
        makeable.filter { $0.kind == .layout && $0.collectionView != nil }
    }

    /// DIR is new, empty, or this command's.
    func checkFolder() throws {
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: root), !entries.isEmpty else { return }
        let manifest = root + "/Package.swift"
        guard let text = manager.contents(atPath: manifest).flatMap({ String(data: $0, encoding: .utf8) }),
            text.contains(Self.marker)
        else {
            throw FrameGenError.badInput(
                root,
                "the folder holds files and no package made by framegen uikit init: give a new or empty folder"
            )
        }
    }

    /// The names the app's modules may have: each folder `--sources` gives (a file's folder); above
    /// it and inside it, each folder an Xcode project of its name sits beside
    /// (`DLCommons/DLCommons` with `DLCommons/DLCommons.xcodeproj`), that a `Sources` folder
    /// holds (a SwiftPM target's) or that holds a `Sources` folder (a Tuist module's,
    /// `Core/Common/Sources`): whichever of these a file imports has its files compiled into the
    /// same library here.
    static func mergedModules(sources: [String], repository: String) -> [String] {
        let manager = FileManager.default
        var names: [String] = []
        func add(_ name: String) {
            guard AppDependencies.isIdentifier(name), !frameworks.contains(name), !names.contains(name)
            else { return }
            names.append(name)
        }
        for source in sources {
            var path = (source as NSString).standardizingPath
            if path.hasSuffix(".swift") { path = (path as NSString).deletingLastPathComponent }
            guard path.hasPrefix(repository + "/") else { continue }
            var folder = repository
            let parts = path.dropFirst(repository.count + 1).split(separator: "/").map(String.init)
            for (i, part) in parts.enumerated() {
                if manager.fileExists(atPath: folder + "/" + part + ".xcodeproj")
                    || (folder as NSString).lastPathComponent == "Sources"
                    || (i + 1 < parts.count && parts[i + 1] == "Sources")
                {
                    add(part)
                }
                folder += "/" + part
            }
            add((path as NSString).lastPathComponent)
            // Modules inside the folder given: a Tuist or SwiftPM module's `Name/Sources`, a
            // SwiftPM package's `Sources/Name`, an Xcode project's `Name/` beside `Name.xcodeproj`.
            func walk(_ dir: String, depth: Int) {
                guard depth < 4, let entries = try? manager.contentsOfDirectory(atPath: dir) else { return }
                let isSources = (dir as NSString).lastPathComponent == "Sources"
                for entry in entries.sorted() where !entry.hasPrefix(".") {
                    var isFolder: ObjCBool = false
                    let child = dir + "/" + entry
                    guard manager.fileExists(atPath: child, isDirectory: &isFolder), isFolder.boolValue,
                        !entry.hasSuffix(".xcodeproj"), !entry.hasSuffix(".xcassets")
                    else { continue }
                    if isSources || manager.fileExists(atPath: child + "/Sources")
                        || entries.contains(entry + ".xcodeproj")
                    {
                        add(entry)
                    }
                    walk(child, depth: depth + 1)
                }
            }
            walk(path, depth: 0)
        }
        return names
    }

    /// The list's line naming the merged modules, less the library's own name.
    private var mergedModulesLine: String {
        let names = mergedModules.filter { $0 != module }
        return names.isEmpty
            ? "" : AppSources.mergedModulesPrefix + " " + names.joined(separator: ", ") + "\n"
    }

    func write(sourceList: [String]) throws {
        let library = "Sources/\(module)"
        try put(
            "\(library)/app-sources.txt",
            "# The app's files, compiled where they are through framegen's port (made by framegen uikit init).\n"
                + mergedModulesLine + sourceList.joined(separator: "\n") + "\n", replace: true)
        try put("\(library)/Registration.swift", registration, replace: true)
        try put("\(library)/UserRegistration.swift", userRegistration, replace: false)
        for dependency in dependencyModules {
            let folder = "Dependencies/\(dependency.name)"
            try put(
                "\(folder)/app-sources.txt",
                "# The files of module \(dependency.name) (--dependency \(dependency.given)), compiled where they are through framegen's port (made by framegen uikit init).\n"
                    + dependency.sources.map { relativePath(from: root, to: $0) }.joined(separator: "\n")
                    + "\n",
                replace: true)
            // SwiftPM wants a Swift file of the target's own beside the ones the port writes.
            // A library for tests sees XCTest's attachments and the image strategies in every file.
            try put(
                "\(folder)/FrameGenDependencyModule.swift",
                "// \(Self.marker): module \(dependency.name), whose files app-sources.txt lists.\n"
                    + (dependency.forTests ? "@_exported import FrameGenSnapshotTesting\n" : ""),
                replace: true)
        }
        try put("Package.swift", manifest, replace: false)
        try put("Sources/\(command)/main.swift", main, replace: false)
        for layout in makeable where layout.kind == .layout {
            try put("scenes/\(layout.name).yaml", scene(for: layout), replace: false)
        }
        try put("Tests/\(module)Tests/GoldenTests.swift", goldenTests, replace: true)
        if hasResources { try copyResources(to: "\(library)/AppAssets") }
        if testsHaveResources { try copyResources(to: "Tests/\(snapshotTarget)/TestAssets") }
        // The folder the manifest excludes exists from the start: SwiftPM warns at every build
        // about an excluded path that does not.
        if !snapshotTests.isEmpty {
            try put(
                "Tests/\(snapshotTarget)/app-sources.txt",
                "# The app's snapshot tests, compiled where they are through framegen's port, their __Snapshots__ beside them (made by framegen uikit init).\n"
                    + mergedModulesLine + AppSources.testedModulePrefix + " \(module)\n"
                    + snapshotTests.joined(separator: "\n") + "\n", replace: true)
            try put("Tests/\(snapshotTarget)/Linux.swift", snapshotSupport, replace: true)
        }
        try put(
            "Tests/\(module)Tests/__Golden__/README.txt",
            "The golden frames `swift test` records (made by framegen uikit init): look at them before you commit them.\n",
            replace: false)
    }

    /// The catalogs, the fonts, the storyboards and the nibs, copied anew into `folder` of the
    /// package (a SwiftPM resource of the library, where `UIColor(named:)` and `UIImage(named:)`
    /// find the catalogs: docs/uikit.md "Asset catalogs"; UIFont the fonts, "Fonts"; UIKit's
    /// loader the storyboards and nibs, "Storyboards and nibs"), without what UIKit never reads
    /// from a catalog (app icons, launch images). Copied beside the old copy first and swapped
    /// in, so that a failed copy leaves the old one whole.
    private func copyResources(to folder: String) throws {
        let manager = FileManager.default
        let final = root + "/" + folder
        let fresh = final + ".new"
        do {
            try? manager.removeItem(atPath: fresh)
            try manager.createDirectory(atPath: fresh, withIntermediateDirectories: true)
            var names: Set<String> = []
            for catalog in assetCatalogs {
                // Two catalogs of one name (two targets' Assets.xcassets) both go in.
                var name = (catalog as NSString).lastPathComponent
                var n = 2
                while names.contains(name) {
                    name =
                        ((catalog as NSString).lastPathComponent as NSString).deletingPathExtension
                        + "-\(n).xcassets"
                    n += 1
                }
                names.insert(name)
                try copyCatalogFolder(catalog, to: fresh + "/" + name)
            }
            try appFonts.copy(into: fresh)
            try interfaceBuilderFiles.copy(into: fresh + "/" + InterfaceBuilderFiles.folder)
            try? manager.removeItem(atPath: final)
            try manager.moveItem(atPath: fresh, toPath: final)
        } catch {
            try? manager.removeItem(atPath: fresh)
            throw FrameGenError.cannotWrite(final, "\(error)")
        }
    }

    private func copyCatalogFolder(_ from: String, to: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: to, withIntermediateDirectories: true)
        for entry in try manager.contentsOfDirectory(atPath: from).sorted() where !entry.hasPrefix(".") {
            let ext = (entry as NSString).pathExtension
            guard ext != "appiconset" && ext != "launchimage" else { continue }
            var isFolder: ObjCBool = false
            let source = from + "/" + entry
            guard manager.fileExists(atPath: source, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                try copyCatalogFolder(source, to: to + "/" + entry)
            } else {
                try manager.copyItem(atPath: source, toPath: to + "/" + entry)
            }
        }
    }

    /// Writes a file of the package atomically; an existing one only where `replace`.
    private func put(_ path: String, _ text: String, replace: Bool) throws {
        let full = root + "/" + path
        if !replace, FileManager.default.fileExists(atPath: full) { return }
        do {
            try FileIO.makeDirectory((full as NSString).deletingLastPathComponent)
            try FileIO.writeAtomically(Array(text.utf8), to: full)
        } catch {
            throw FrameGenError.cannotWrite(full, "\(error)")
        }
    }

    var manifest: String {
        """
        // swift-tools-version: 6.1
        // \(Self.marker): the app's UIKit files (Sources/\(module)/app-sources.txt), compiled
        // where they are and unchanged through framegen's port, with framegen's command line and
        // golden tests. This file is yours: `framegen uikit init` never writes it again.
        import PackageDescription

        let package = Package(
            name: \(literal(command)),
            dependencies: [
                \(dependency),\(snapshotTests.isEmpty && !dependencyModules.contains(where: \.forTests) ? "" : "\n        .package(url: \"https://github.com/pointfreeco/swift-snapshot-testing\", from: \"1.17.0\"),")
            ],
            targets: [
                // The app's files (app-sources.txt) and their registration; Swift 5 mode, as apps are.
                .target(
                    name: \(literal(module)),
                    dependencies: [
                        .product(name: "UIKit", package: "framegen"),
                        .product(name: "FrameGenLayouts", package: "framegen"),\(combineEntry)\(dependencyEntries(dependencyModules.filter { !$0.forTests }.map(\.name)))
                    ],
                    exclude: ["app-sources.txt"],\(!hasResources ? "" : "\n            // The app's asset catalogs, fonts, storyboards and nibs, copied by each `framegen uikit init`: UIColor(named:), UIImage(named:), UIFont(name:size:), UIStoryboard(name:bundle:).\n            resources: [.copy(\"AppAssets\")],")
                    swiftSettings: [.swiftLanguageMode(.v5)],
                    plugins: [.plugin(name: "FrameGenPort", package: "framegen")]),
                // `swift run \(command) render scenes/NAME.yaml --video NAME.gif`
                .executableTarget(
                    name: \(literal(command)),
                    dependencies: [\(literal(module)), .product(name: "FrameGenCommandLine", package: "framegen")]),
                // `swift test`: the first run records the golden frames (and fails, so that you
                // look at them in Tests/\(module)Tests/__Golden__); the next ones check them.
                .testTarget(
                    name: \(literal(module + "Tests")),
                    dependencies: [
                        \(literal(module)), .product(name: "UIKit", package: "framegen"),
                        .product(name: "FrameGenTesting", package: "framegen"),
                    ],
                    exclude: ["__Golden__"]),\(snapshotTargetEntry)\(dependencyTargets)
            ]
        )

        """
    }

    /// A test library's entries: framegen's snapshot testing (XCTest's attachments, the image
    /// strategies) and swift-snapshot-testing.
    var testingEntries: String {
        "\n                .product(name: \"FrameGenSnapshotTesting\", package: \"framegen\"),"
            + "\n                .product(name: \"SnapshotTesting\", package: \"swift-snapshot-testing\"),"
    }

    /// `modules` with what their files import marked, each file read once: those for tests
    /// (`DependencyModule.forTests`: importing XCTest, Testing or SnapshotTesting, or a module
    /// for tests) and those importing Combine.
    static func markingTestLibraries(_ modules: [DependencyModule]) -> [DependencyModule] {
        var marked = modules.map { module in
            var module = module
            for file in module.sources.flatMap(AppDependencies.swiftFilesUnder) {
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
                module.forTests =
                    module.forTests
                    || ["XCTest", "Testing", "SnapshotTesting"].contains { SwiftImports.found($0, in: text) }
                module.importsCombine = module.importsCombine || SwiftImports.found("Combine", in: text)
            }
            return module
        }
        // A module importing one for tests is one too (modules are given in dependency order,
        // but a package's may not be): until nothing changes.
        var changed = true
        while changed {
            changed = false
            let forTests = Set(marked.filter(\.forTests).map(\.name))
            for i in marked.indices
            where !marked[i].forTests && marked[i].dependencies.contains(where: forTests.contains) {
                marked[i].forTests = true
                changed = true
            }
        }
        return marked
    }

    /// framegen's Combine as an entry of a target's `dependencies:` list, when the app uses it.
    var combineEntry: String {
        usesCombine ? "\n                .product(name: \"FrameGenCombine\", package: \"framegen\")," : ""
    }

    /// Modules as entries of a target's `dependencies:` list, one a line.
    func dependencyEntries(_ names: [String]) -> String {
        names.map { "\n                \(literal($0))," }.joined()
    }

    /// The manifest's targets of the libraries the app imports (`--dependency`).
    var dependencyTargets: String {
        dependencyModules.map { dependency in
            """

                    // \(dependency.name), of --dependency \(dependency.given): its files (\(dependency.name)/app-sources.txt)
                    // compiled where they are through the port, as a module of its own.
                    .target(
                        name: \(literal(dependency.name)),
                        dependencies: [
                            .product(name: "UIKit", package: "framegen"),\(combineEntry)\(dependency.forTests ? testingEntries : "")\(dependencyEntries(dependency.dependencies))
                        ],
                        path: \(literal("Dependencies/" + dependency.name)),
                        exclude: ["app-sources.txt"],
                        swiftSettings: [.swiftLanguageMode(.v5)],
                        plugins: [.plugin(name: "FrameGenPort", package: "framegen")]),
            """
        }.joined()
    }

    /// The manifest's test target of the app's snapshot tests, when it has any.
    var snapshotTargetEntry: String {
        guard !snapshotTests.isEmpty else { return "" }
        return """

                    // The app's snapshot tests (Tests/\(snapshotTarget)/app-sources.txt), compiled where
                    // they are, against the references beside them: `swift test --filter \(snapshotTarget)`
                    // (docs/snapshot-testing.md).
                    .testTarget(
                        name: \(literal(snapshotTarget)),
                        dependencies: [
                            \(literal(module)), .product(name: "UIKit", package: "framegen"),
                            .product(name: "FrameGenSnapshotTesting", package: "framegen"),
                            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),\(combineEntry)\(dependencyEntries(dependencyModules.map(\.name)))\(usesIOSSnapshotTestCase ? "\n                .product(name: \"iOSSnapshotTestCase\", package: \"framegen\")," : "")
                        ],
                        exclude: ["app-sources.txt"],\(!testsHaveResources ? "" : "\n            // The catalogs, fonts, storyboards and nibs again, as the tests' own resources: their Bundle.module.\n            resources: [.copy(\"TestAssets\")],")
                        swiftSettings: [.swiftLanguageMode(.v5)],
                        plugins: [.plugin(name: "FrameGenPort", package: "framegen")]),
            """
    }

    /// The snapshot test target's own file: what the tests need on Linux.
    var snapshotSupport: String {
        """
        // \(Self.marker), and made again by its next run: what the app's snapshot tests
        // (app-sources.txt, compiled where they are) need on Linux (docs/snapshot-testing.md).
        // The image strategies and the library's types (ViewImageConfig), for every file of the target.
        @_exported import FrameGenSnapshotTesting
        // For test files that name UIKit's types without importing it (XCTest brings it on iOS).
        @_exported import UIKit
        @testable import \(module)

        """
    }

    var registration: String {
        var text = """
            // \(Self.marker) from the app's files, and made again by its next run: put your own
            // registrations (a delegate, a data source, a layout without init()) in
            // UserRegistration.swift, whose entries win over these.
            import UIKit

            import struct FrameGenLayout.LayoutDescriptor

            /// The app's layouts and cells by class name, for scenes (`layout: {type: NAME, cell: NAME}`),
            /// the command line and the golden tests; and the app's collection views, by the name of
            /// the layout each shows.
            public enum Registration {
                public static let layouts = found.layouts.merging(UserRegistration.layouts) { _, user in user }
                public static let cells = found.cells.merging(UserRegistration.cells) { _, user in user }
                public static let collectionViews = found.collectionViews.merging(UserRegistration.collectionViews) {
                    _, user in user
                }

                /// The layouts as framegen's descriptors, for `assertGolden(scene:layouts:)`.
                public static func descriptors() throws -> [LayoutDescriptor] {
                    try UIKitLayout.descriptors(layouts: layouts, cells: cells, collectionViews: collectionViews)
                }

                static let found: (
                    layouts: [String: UIKitLayout.Factory], cells: [String: UICollectionViewCellFactory],
                    collectionViews: [String: UIKitLayout.CollectionViewFactory]
                ) = (

            """
        // An app of cells only (or layouts only) has an empty dictionary, which Swift writes `[:]`.
        func dictionary(_ label: String, _ entries: [String]) -> String {
            guard !entries.isEmpty else { return "        \(label): [:]" }
            return "        \(label): [\n" + entries.map { "            \($0),\n" }.joined() + "        ]"
        }
        // A layout the app's code turns sideways after making it (a view controller's `layout
        // .scrollDirection = .horizontal`) is turned so by its factory too.
        let layoutEntries = makeable.filter { $0.kind == .layout }.map {
            guard $0.setsScrollDirection else { return "\(literal($0.name)): { _ in \($0.name)() }" }
            return """
                \(literal($0.name)): { _ in
                                // \($0.horizontalBecause ?? "the app's code sets it")
                                let layout = \($0.name)()
                                layout.scrollDirection = .horizontal
                                return layout
                            }
                """
        }
        let cellEntries = makeable.filter { $0.kind == .cell || $0.kind == .reusableView }.map {
            "\(literal($0.name)): { \($0.name)(frame: $0) }"
        }
        let viewEntries = viewedLayouts.map {
            "\(literal($0.name)): { \($0.collectionView!)(frame: $0, collectionViewLayout: $1) }"
        }
        text +=
            dictionary("layouts", layoutEntries) + ",\n" + dictionary("cells", cellEntries) + ",\n"
            + dictionary("collectionViews", viewEntries) + "\n    )\n}\n"
        // A UserRegistration.swift an earlier `uikit init` made has no `collectionViews`: none,
        // then (the enum's own, when it has one, is the nearer declaration and wins).
        text += """

            /// For a `UserRegistration` without collection views of its own.
            protocol UserCollectionViews {}
            extension UserCollectionViews {
                static var collectionViews: [String: UIKitLayout.CollectionViewFactory] { [:] }
            }
            extension UserRegistration: UserCollectionViews {}

            """
        let unmade = scan.classes.filter { $0.cannotMake != nil }
        if !unmade.isEmpty {
            text +=
                "\n// Not registered: framegen cannot make these as UIKit would (add them to UserRegistration.swift).\n"
            for found in unmade {
                text += "//   \(found.name) (\(found.file):\(found.line)): \(found.cannotMake!)\n"
            }
        }
        return text
    }

    var userRegistration: String {
        """
        // Your registrations, which win over Registration.swift's (made by `framegen uikit init`,
        // which never writes this file again). A layout's factory does what the app's view
        // controller does before the collection view appears: set a delegate or a data source,
        // register cell classes (docs/uikit.md, "Cells").
        import UIKit

        enum UserRegistration {
            static let layouts: [String: UIKitLayout.Factory] = [:]
            // For example, a layout whose delegate the app's view controller sets:
            //     static let layouts: [String: UIKitLayout.Factory] = [
            //         "WheelLayout": { collectionView in
            //             let layout = WheelLayout()
            //             layout.delegate = WheelDelegate()
            //             return layout
            //         },
            //     ]
            static let cells: [String: UICollectionViewCellFactory] = [:]
            // The collection view a layout is shown in, by the layout's name (docs/uikit.md, "Your
            // own collection view").
            static let collectionViews: [String: UIKitLayout.CollectionViewFactory] = [:]
        }

        """
    }

    var main: String {
        """
        import FrameGenCommandLine
        import \(module)

        // framegen's whole command line with the app's layouts, cells and collection views
        // (Registration.swift).
        FrameGenCommandLine.main(
            layouts: Registration.layouts, cells: Registration.cells,
            collectionViews: Registration.collectionViews)

        """
    }

    /// A drag and a fling along the layout's axis, and a delete and an insert where the layout
    /// animates updates; drawn with the cell class the app's code gives the layout, else the
    /// first the app has, if any.
    func scene(for layout: AppScan.Class) -> String {
        let sideways = layout.scrollsHorizontally
        let drag = sideways ? "[-300, 0]" : "[0, -300]"
        let fling = sideways ? "[2500, 0]" : "[0, 2500]"
        let cells = makeable.filter { $0.kind == .cell }
        let cell = cells.first { $0.name == layout.cell } ?? cells.first
        var layoutKeys = "type: \(layout.name)"
        if let cell { layoutKeys += ", cell: \(cell.name)" }
        var text = """
            # A starter scene for \(layout.name) (\(Self.marker); yours to change: it is not
            # written again). docs/scene.md lists every key.

            """
        if let because = layout.horizontalBecause { text += "# It scrolls sideways: \(because).\n" }
        if let view = layout.collectionView, makeable.contains(where: { $0.name == view }) {
            text += "# Shown in the app's \(view) (Registration.swift, collectionViews).\n"
        }
        text += """
            name: \(layout.name)
            canvas: {width: 390, height: 844, scale: 1}
            content: {items: 30}
            layout: {\(layoutKeys)}

            """
        let others = cells.filter { $0.name != cell?.name }
        if !others.isEmpty {
            text += "# Other cells of the app: \(others.map(\.name).joined(separator: ", "))\n"
        }
        text += """
            timeline:
              - wait: 0.3
              - drag: {by: \(drag), duration: 0.4}
              - wait: 0.3
              - fling: {velocity: \(fling)}

            """
        if layout.animatesUpdates {
            text += """
                  - delete: {items: [[0, 1]]}
                  - wait: 0.3
                  - insert: {items: [[0, 1]]}
                  - wait: 0.3

                """
        }
        return text
    }

    var goldenTests: String {
        var text = """
            // \(Self.marker), and made again by its next run: a golden test per starter scene.
            // `swift test` records the frames the first time (Tests/\(module)Tests/__Golden__), and
            // checks them after; FRAMEGEN_RECORD=all records them again. Add tests in files of
            // your own.
            import FrameGenTesting
            import Testing
            import UIKit
            import \(module)

            """
        for layout in makeable where layout.kind == .layout {
            text += """

                @Test func \(lowerCamel(layout.name))() throws {
                    assertGolden(
                        scene: "../../scenes/\(layout.name).yaml", frames: [0, 12, 24, 36],
                        layouts: try Registration.descriptors())
                }

                """
        }
        return text
    }

    func summary(fileCount: Int, shownAs directory: String) -> String {
        let layouts = makeable.filter { $0.kind == .layout }.map(\.name)
        let cells = makeable.filter { $0.kind == .cell || $0.kind == .reusableView }.map(\.name)
        let views = makeable.filter { $0.kind == .collectionView }.map(\.name)
        var text = "Made \(directory) from \(fileCount) app file(s):\n"
        text += "  layouts: \(layouts.isEmpty ? "none" : layouts.joined(separator: ", "))\n"
        text += "  cells and views: \(cells.isEmpty ? "none" : cells.joined(separator: ", "))\n"
        if !views.isEmpty { text += "  collection views: \(views.joined(separator: ", "))\n" }
        // What each starter scene takes from the app's code, so that a wrong guess is seen.
        for layout in makeable where layout.kind == .layout {
            var found: [String] = []
            if let because = layout.horizontalBecause { found.append("scrolls sideways (\(because))") }
            if let cell = layout.cell { found.append("cell \(cell)") }
            if let view = layout.collectionView, views.contains(view) { found.append("in \(view)") }
            if !found.isEmpty { text += "  \(layout.name): \(found.joined(separator: "; "))\n" }
        }
        if !viewedLayouts.isEmpty,
            let main = try? String(contentsOfFile: root + "/Sources/\(command)/main.swift", encoding: .utf8),
            !main.contains("collectionViews")
        {
            text +=
                "  Sources/\(command)/main.swift (yours, from an earlier uikit init) does not pass collectionViews: add `collectionViews: Registration.collectionViews` to its FrameGenCommandLine.main(...)\n"
        }
        let unmade = scan.classes.filter { $0.cannotMake != nil }
        if !unmade.isEmpty {
            text += "  not registered (add them to Sources/\(module)/UserRegistration.swift):\n"
            for found in unmade {
                text += "    \(found.name) (\(found.file):\(found.line)): \(found.cannotMake!)\n"
            }
        }
        if !scan.appleOnlyImports.isEmpty {
            text +=
                "  files importing Apple frameworks Linux has no module for (take them off Sources/\(module)/app-sources.txt, or give the package a module of that name):\n"
            for found in scan.appleOnlyImports {
                text += "    \(found.file):\(found.line): import \(found.module)\n"
            }
        }
        for layout in scan.layouts where !layout.needs.isEmpty {
            text +=
                "  \(layout.name) has a \(layout.needs.joined(separator: " and a ")) of the app's: set one in its factory in UserRegistration.swift if it needs one\n"
        }
        if !appFonts.files.isEmpty {
            text +=
                "  fonts, copied into Sources/\(module)/AppAssets with an Info.plist listing \(appFonts.listed.count) of them under UIAppFonts as the app's does (run uikit init again after changing them): "
                + appFonts.files.map { relativePath(from: root, to: $0) }.joined(separator: ", ") + "\n"
        }
        if !assetCatalogs.isEmpty {
            text +=
                "  asset catalogs, copied into Sources/\(module)/AppAssets (run uikit init again after changing them): "
                + assetCatalogs.map { relativePath(from: root, to: $0) }.joined(separator: ", ") + "\n"
        }
        if !interfaceBuilderFiles.files.isEmpty {
            let count = interfaceBuilderFiles.files.count
            text +=
                "  storyboards and nibs, \(count) file\(count == 1 ? "" : "s") copied into Sources/\(module)/AppAssets/\(InterfaceBuilderFiles.folder) (run uikit init again after changing them): "
                + interfaceBuilderFiles.files.map { relativePath(from: root, to: $0) }.joined(separator: ", ")
                + "\n"
        }
        if !interfaceBuilderFiles.launchScreens.isEmpty {
            text +=
                "  launch screens, not copied (framegen shows no launch screen): "
                + interfaceBuilderFiles.launchScreens.map { relativePath(from: root, to: $0) }.joined(
                    separator: ", ") + "\n"
        }
        if !dependencyModules.isEmpty {
            text +=
                "  dependencies, each a module of its own through the port (Dependencies/NAME/app-sources.txt): "
                + dependencyModules.map {
                    $0.name + ($0.forTests ? " (for tests: the snapshot tests' only)" : "")
                }
                .joined(separator: ", ") + "\n"
        }
        for note in dependencyNotes { text += "  \(note)\n" }
        if !snapshotTests.isEmpty {
            text +=
                "  snapshot tests: \(snapshotTests.count) file(s) in Tests/\(snapshotTarget)/app-sources.txt, as module \(module)'s tests (their references stay beside them)\n"
        }
        text += """
            Next:
              cd \(directory)
              swift run \(command) layouts
            \(layouts.first.map { "  swift run \(command) render scenes/\($0).yaml --video \($0).gif\n" } ?? "")\
              swift test      # the first time records the golden frames and fails, so that you look at them
              swift test      # then checks them

            """
        if !snapshotTests.isEmpty {
            text +=
                "  FRAMEGEN_SCREEN_SCALE=3 swift test --filter \(snapshotTarget)   # the app's snapshot tests, at the references' scale\n"
        }
        return text
    }
}

/// `wheelLayout` from `WheelLayout`, for a test's name.
private func lowerCamel(_ name: String) -> String {
    name.prefix(1).lowercased() + name.dropFirst()
}

/// A string as a Swift literal.
private func literal(_ string: String) -> String {
    "\"" + string.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        + "\""
}

func absolute(_ path: String, from cwd: String) -> String {
    let joined = path.hasPrefix("/") ? path : cwd + "/" + path
    return URL(fileURLWithPath: joined).standardizedFileURL.path
}

/// `to` relative to the folder `from`, both absolute (`../app/Layouts`).
func relativePath(from: String, to: String) -> String {
    let a = from.split(separator: "/")
    let b = to.split(separator: "/")
    var common = 0
    while common < a.count, common < b.count, a[common] == b[common] { common += 1 }
    let up = Array(repeating: "..", count: a.count - common)
    let parts = up + b[common...].map(String.init)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
}

/// The Swift files under a folder, to any depth, in a stable order.
func swiftFiles(in folder: String) -> [String] {
    let found = FileManager.default.enumerator(atPath: folder)
    var files: [String] = []
    while let next = found?.nextObject() as? String {
        if next.hasSuffix(".swift") { files.append(folder + "/" + next) }
    }
    return files.sorted()
}

/// The Swift files that `paths` name (files, or folders searched to any depth), read as text; a
/// path that does not exist is named with the option that takes it.
private func readSwiftFiles(_ paths: [String], cwd: String, option: String, what: String) throws
    -> [SourcePort.File]
{
    let manager = FileManager.default
    var files: [SourcePort.File] = []
    for given in paths {
        let path = absolute(given, from: cwd)
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw FrameGenError.badInput(given, "no such file or folder (give \(what) with \(option))")
        }
        for file in isFolder.boolValue ? swiftFiles(in: path) : [path] {
            guard let data = manager.contents(atPath: file), let text = String(data: data, encoding: .utf8)
            else { throw FrameGenError.badInput(file, "cannot read it as UTF-8 text") }
            files.append(SourcePort.File(path: file, text: text))
        }
    }
    return files
}

/// The repository holding `path`: the nearest folder above it with a `.git`, else its folder.
private func repository(of path: String) -> String {
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    let start =
        manager.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        ? path : (path as NSString).deletingLastPathComponent
    var folder = start
    while folder != "/" && !folder.isEmpty {
        if manager.fileExists(atPath: folder + "/.git") { return folder }
        folder = (folder as NSString).deletingLastPathComponent
    }
    return start
}

/// Visits each folder under `folder` (to a depth of 8; hidden folders, build products,
/// dependencies and `skipping` left out), in a stable order, with its entries; `visit` answers
/// whether to go into the folder's subfolders.
private func walkRepository(_ folder: String, skipping package: String, _ visit: (String, [String]) -> Bool) {
    let manager = FileManager.default
    let skipped: Set<String> = ["Pods", "Carthage", "DerivedData", "node_modules", "build", "Build"]
    func walk(_ dir: String, depth: Int) {
        guard depth <= 8, dir != package, let entries = try? manager.contentsOfDirectory(atPath: dir) else {
            return
        }
        guard visit(dir, entries.sorted()) else { return }
        for name in entries.sorted()
        where !name.hasPrefix(".") && !skipped.contains(name) && name != "__Snapshots__"
            && !name.hasPrefix("ReferenceImages")
        {
            var isFolder: ObjCBool = false
            let path = dir + "/" + name
            if manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                walk(path, depth: depth + 1)
            }
        }
    }
    walk(folder, depth: 0)
}

/// Whether a file imports a module: `import Combine`, with attributes (`@preconcurrency`) or a
/// kind (`import class Combine.AnyCancellable`), at the start of a line.
enum SwiftImports {
    static func found(_ module: String, in text: String) -> Bool {
        text.split(separator: "\n", omittingEmptySubsequences: true).contains { line in
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
            while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
            guard words.first == "import" else { return false }
            words = words.dropFirst()
            if let kind = words.first, importKinds.contains(String(kind)) { words = words.dropFirst() }
            guard let path = words.first else { return false }
            return path == module || path.hasPrefix(module + ".")
        }
    }

    static let importKinds: Set<String> = [
        "typealias", "struct", "class", "enum", "protocol", "let", "var", "func",
    ]
}

/// The Swift files of iOSSnapshotTestCase's suites (FBSnapshotTestCase's): they import it,
/// subclass its test case or call its verifications.
enum IOSSnapshotTestCaseFiles {
    static func uses(_ text: String) -> Bool {
        text.contains("FBSnapshot") || text.contains("iOSSnapshotTestCase")
    }
}

/// The Swift files calling swift-snapshot-testing beside each `__Snapshots__` folder under
/// `folder`, and those of iOSSnapshotTestCase under each folder holding a `ReferenceImages_64`
/// (or other suffix's) folder.
private func findSnapshotTests(in folder: String, skipping package: String) -> [String] {
    var found: [String] = []
    var referenceRoots: [String] = []
    walkRepository(folder, skipping: package) { dir, entries in
        if entries.contains(where: { $0.hasPrefix("ReferenceImages") }) { referenceRoots.append(dir) }
        if referenceRoots.contains(where: { dir == $0 || dir.hasPrefix($0 + "/") }) {
            for name in entries where name.hasSuffix(".swift") {
                let path = dir + "/" + name
                if let text = FileManager.default.contents(atPath: path).flatMap({
                    String(data: $0, encoding: .utf8)
                }),
                    IOSSnapshotTestCaseFiles.uses(text)
                {
                    found.append(path)
                }
            }
        }
        if entries.contains("__Snapshots__") {
            for name in entries where name.hasSuffix(".swift") {
                let path = dir + "/" + name
                guard
                    let text = FileManager.default.contents(atPath: path).flatMap({
                        String(data: $0, encoding: .utf8)
                    }),
                    text.contains("assertSnapshot") || text.contains("verifySnapshot")
                else { continue }
                found.append(path)
            }
        }
        return true
    }
    return found
}

/// The asset catalogs (`*.xcassets` folders) under `folder`.
private func findAssetCatalogs(in folder: String, skipping package: String) -> [String] {
    var found: [String] = []
    walkRepository(folder, skipping: package) { dir, _ in
        guard dir.hasSuffix(".xcassets") else { return true }
        found.append(dir)
        return false
    }
    return found
}

/// The fonts an app bundles: its font files and the `UIAppFonts` its Info.plist files list. On
/// iOS only the listed ones are registered; every file is copied so that UIFont's warning can
/// name a file the app forgot to list.
struct AppFonts {
    var files: [String] = []
    var listed: [String] = []

    static func isFontFile(_ name: String) -> Bool {
        ["ttf", "otf", "ttc", "otc"].contains((name as NSString).pathExtension.lowercased())
    }

    /// The font files and the listed names under `folder` (Info.plist and `*-Info.plist`, as
    /// Xcode names them).
    static func find(in folder: String, skipping package: String) -> AppFonts {
        var found = AppFonts()
        walkRepository(folder, skipping: package) { dir, entries in
            for name in entries where isFontFile(name) { found.files.append(dir + "/" + name) }
            for name in entries where name == "Info.plist" || name.hasSuffix("-Info.plist") {
                guard let data = FileManager.default.contents(atPath: dir + "/" + name),
                    let info = try? PropertyListSerialization.propertyList(from: data, format: nil)
                        as? [String: Any],
                    let fonts = info["UIAppFonts"] as? [String]
                else { continue }
                for font in fonts where !font.isEmpty && !found.listed.contains(font) {
                    found.listed.append(font)
                }
            }
            return true
        }
        return found
    }

    /// Copies each listed font to its listed path under `folder` (Xcode copies an app's fonts to
    /// the bundle's top, so a bare name is the file of that name), every other file by its name,
    /// and writes `folder/Info.plist` with the list.
    func copy(into folder: String) throws {
        guard !files.isEmpty else { return }
        let manager = FileManager.default
        var copied: Set<String> = []
        func put(_ file: String, at path: String) throws {
            let target = folder + "/" + path
            guard !manager.fileExists(atPath: target) else { return }
            try manager.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try manager.copyItem(atPath: file, toPath: target)
            copied.insert(file)
        }
        for entry in listed {
            let name = (entry as NSString).lastPathComponent
            let file =
                files.first { $0.hasSuffix("/" + entry) }
                ?? files.first { ($0 as NSString).lastPathComponent == name }
            // A listed file the app lacks stays listed: UIFont's warning names it, as a missing
            // font is found on iOS.
            if let file, !entry.contains("..") { try put(file, at: entry) }
        }
        for file in files where !copied.contains(file) {
            try put(file, at: (file as NSString).lastPathComponent)
        }
        let plist = try PropertyListSerialization.data(
            fromPropertyList: ["UIAppFonts": listed], format: .xml, options: 0)
        try plist.write(to: URL(fileURLWithPath: folder + "/Info.plist"))
    }
}

/// The storyboards and nibs of an app (`*.storyboard`, `*.xib`), each copied to its path
/// relative to the app's folder under the resources' `InterfaceBuilder` folder: UIKit's loader
/// finds `Main.storyboard` at any depth, and keeping the path keeps a `Base.lproj` copy apart
/// from another language's. Launch screens are left out: framegen shows none.
struct InterfaceBuilderFiles {
    static let folder = "InterfaceBuilder"
    /// The app's folder, which the copies' paths are relative to.
    var root = ""
    var files: [String] = []
    /// The launch screens left out: the files Info.plist names under `UILaunchStoryboardName`,
    /// and any `LaunchScreen.storyboard`.
    var launchScreens: [String] = []

    static func isInterfaceBuilderFile(_ name: String) -> Bool {
        ["storyboard", "xib"].contains((name as NSString).pathExtension.lowercased())
    }

    /// The storyboards and nibs under `folder`, which `walkRepository` walks (so not those of
    /// `__Snapshots__`, build products, Pods, Carthage, hidden folders, or `skipping`).
    static func find(in folder: String, skipping package: String) -> InterfaceBuilderFiles {
        var found = InterfaceBuilderFiles(root: folder)
        var launchNames: Set<String> = ["LaunchScreen"]
        // A storyboard an Info.plist names as the app's or a scene's (UIMainStoryboardFile,
        // UISceneStoryboardFile) is kept, even where it is the launch screen too.
        var mainNames: Set<String> = []
        func stem(_ name: String) -> String {
            ((name as NSString).lastPathComponent as NSString).deletingPathExtension
        }
        func collectMainNames(_ value: Any) {
            if let dictionary = value as? [String: Any] {
                for (key, inner) in dictionary {
                    if ["UIMainStoryboardFile", "UISceneStoryboardFile"].contains(key),
                        let name = inner as? String
                    {
                        mainNames.insert(stem(name))
                    }
                    collectMainNames(inner)
                }
            } else if let array = value as? [Any] {
                for inner in array { collectMainNames(inner) }
            }
        }
        var all: [String] = []
        walkRepository(folder, skipping: package) { dir, entries in
            for name in entries where isInterfaceBuilderFile(name) { all.append(dir + "/" + name) }
            for name in entries where name == "Info.plist" || name.hasSuffix("-Info.plist") {
                guard let data = FileManager.default.contents(atPath: dir + "/" + name),
                    let info = try? PropertyListSerialization.propertyList(from: data, format: nil)
                        as? [String: Any]
                else { continue }
                if let launch = info["UILaunchStoryboardName"] as? String, !launch.isEmpty {
                    launchNames.insert(stem(launch))
                }
                collectMainNames(info)
            }
            // A catalog holds no storyboard, and has many folders.
            return !dir.hasSuffix(".xcassets")
        }
        for file in all {
            let name = stem(file)
            if launchNames.contains(name), !mainNames.contains(name) {
                found.launchScreens.append(file)
            } else {
                found.files.append(file)
            }
        }
        return found
    }

    /// Copies each file to its path relative to `root` under `folder`.
    func copy(into folder: String) throws {
        let manager = FileManager.default
        for file in files {
            let target = folder + "/" + relativePath(from: root, to: file)
            try manager.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try manager.copyItem(atPath: file, toPath: target)
        }
    }
}
