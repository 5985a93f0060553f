import Foundation
import FrameGenScene

/// A module of a library the app depends on (SnapKit, Nuke, a package of the team's own), which
/// `uikit init --dependency` compiles through the port as a target of its own, under its own
/// name, so that the app's `import SnapKit` and `SnapKit.Constraint` mean what they mean on iOS
/// (docs/uikit.md, "The app's dependencies").
struct DependencyModule: Equatable {
    /// The module's name, as the app imports it.
    var name: String
    /// Its Swift files or folders (absolute paths), compiled where they are.
    var sources: [String]
    /// The other dependency modules it imports, by module name.
    var dependencies: [String]
    /// The `--dependency` argument it came from, for messages.
    var given: String
    /// Whether it is a library for tests (its files import XCTest, Testing or SnapshotTesting,
    /// or it imports such a module): then only the snapshot tests depend on it, with framegen's
    /// snapshot testing, as an app's test target alone links its test helpers on iOS.
    var forTests = false
    /// Whether one of its files imports Combine (framegen's `FrameGenCombine` then).
    var importsCombine = false
}

/// Reads `--dependency` arguments: a Swift package's folder (its library products' targets, as its
/// `Package.swift` declares them), or `NAME=PATH`, a folder of Swift files compiled as module
/// `NAME` (a CocoaPods pod, a vendored copy).
enum AppDependencies {
    /// Module names framegen's package provides itself: a dependency of that name would be a
    /// second module of it.
    static let providedByFramegen: Set<String> = [
        "UIKit", "QuartzCore", "CoreGraphics", "SnapshotTesting", "iOSSnapshotTestCase", "FBSnapshotTestCase",
    ]

    /// Every module of every argument, in the order given, with each module's dependencies
    /// resolved to the modules of the other arguments (a package's product dependency names a
    /// product of another package given). `manifest` reads a package's `Package.swift` as JSON
    /// (`swift package dump-package`); a test gives its own.
    static func modules(
        _ arguments: [String], cwd: String,
        manifest: (String) throws -> Data = AppDependencies.dumpPackage
    ) throws -> (modules: [DependencyModule], notes: [String]) {
        var modules: [DependencyModule] = []
        var notes: [String] = []
        // Per package: its products' names and the module names each product gives.
        var products: [String: [String]] = [:]
        // Per module: the products and names it asks for that its own package does not have.
        var wanted: [String: [String]] = [:]
        for argument in arguments {
            var name: String?
            var path = argument
            if let equals = argument.firstIndex(of: "="), !argument[..<equals].contains("/") {
                name = String(argument[..<equals])
                path = String(argument[argument.index(after: equals)...])
            }
            let folder = absolute(path, from: cwd)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue
            else {
                throw FrameGenError.badInput(
                    path, "no such folder (--dependency takes a package's folder or NAME=FOLDER)")
            }
            if name == nil, FileManager.default.fileExists(atPath: folder + "/Package.swift") {
                let data = try manifest(folder)
                let package = try readPackage(data, folder: folder, given: argument)
                for module in package.modules {
                    wanted[module.name] = package.external[module.name] ?? []
                }
                modules += package.modules
                notes += package.notes
                for (product, targets) in package.products { products[product] = targets }
            } else {
                let module = name ?? (folder as NSString).lastPathComponent
                guard isIdentifier(module) else {
                    throw FrameGenError.badInput(
                        argument,
                        "\(module) is not a module name: give NAME=FOLDER with the name the app imports")
                }
                // A folder's imports are not declared: it may use any module given before it.
                modules.append(
                    DependencyModule(
                        name: module, sources: [folder], dependencies: modules.map(\.name), given: argument))
            }
        }
        var seen: Set<String> = []
        for module in modules {
            guard !providedByFramegen.contains(module.name) else {
                throw FrameGenError.badInput(
                    module.given, "module \(module.name) is framegen's own: leave this dependency out")
            }
            guard seen.insert(module.name).inserted else {
                throw FrameGenError.badInput(module.given, "a second module named \(module.name)")
            }
        }
        for index in modules.indices {
            for product in wanted[modules[index].name] ?? [] {
                if let targets = products[product] {
                    modules[index].dependencies += targets.filter {
                        !modules[index].dependencies.contains($0)
                    }
                } else if seen.contains(product) {
                    if !modules[index].dependencies.contains(product) {
                        modules[index].dependencies.append(product)
                    }
                } else if !providedByFramegen.contains(product) {
                    notes.append(
                        "\(modules[index].name) depends on \(product), which no --dependency gives: give its package too if the build needs it"
                    )
                }
            }
        }
        return (modules, notes)
    }

    /// One package's library modules (the targets its library products name, and the targets
    /// those depend on in the package), from `swift package dump-package`'s JSON.
    static func readPackage(_ data: Data, folder: String, given: String) throws -> (
        modules: [DependencyModule], products: [String: [String]], external: [String: [String]],
        notes: [String]
    ) {
        guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let targets = json["targets"] as? [[String: Any]]
        else {
            throw FrameGenError.badInput(
                folder + "/Package.swift", "its description (swift package dump-package) has no targets")
        }
        let byName = Dictionary(targets.compactMap { t in (t["name"] as? String).map { ($0, t) } }) { a, _ in
            a
        }
        var products: [String: [String]] = [:]
        for product in json["products"] as? [[String: Any]] ?? [] {
            guard let name = product["name"] as? String, let type = product["type"] as? [String: Any],
                type["library"] != nil
            else { continue }
            products[name] = product["targets"] as? [String] ?? []
        }
        // The library targets, then what they depend on inside the package, in the package's order.
        var chosen: Set<String> = Set(products.values.joined())
        var grew = true
        while grew {
            grew = false
            for name in chosen {
                for dependency in dependencyNames(byName[name])
                where byName[dependency.name] != nil && dependency.inPackage {
                    if chosen.insert(dependency.name).inserted { grew = true }
                }
            }
        }
        var modules: [DependencyModule] = []
        var external: [String: [String]] = [:]
        var notes: [String] = []
        for target in targets {
            guard let name = target["name"] as? String, chosen.contains(name) else { continue }
            guard target["type"] as? String == "regular" else { continue }
            guard let path = targetFolder(target, name: name, package: folder) else {
                throw FrameGenError.badInput(
                    folder + "/Package.swift",
                    "no folder for its target \(name) (Sources/\(name) or the target's path)")
            }
            var sources: [String]
            if let listed = target["sources"] as? [String] {
                sources = listed.map { path + "/" + $0 }
            } else {
                sources = [path]
            }
            let excluded = (target["exclude"] as? [String] ?? []).map { path + "/" + $0 }
            if !excluded.isEmpty {
                // Listed file by file, without the excluded ones: app-sources.txt has no exclusions.
                sources = sources.flatMap { swiftFilesUnder($0) }.filter { file in
                    !excluded.contains { file == $0 || file.hasPrefix($0 + "/") }
                }
            }
            guard sources.contains(where: { !swiftFilesUnder($0).isEmpty }) else {
                notes.append(
                    "\(name) of \(given) has no Swift files (C or Objective-C): left out, as Linux has no Objective-C"
                )
                continue
            }
            if let resources = target["resources"] as? [Any], !resources.isEmpty {
                notes.append(
                    "\(name) of \(given) has resources, which are not copied: code reading Bundle.module does not compile"
                )
            }
            var inside: [String] = []
            for dependency in dependencyNames(target) {
                if dependency.inPackage && byName[dependency.name] != nil {
                    inside.append(dependency.name)
                } else {
                    external[name, default: []].append(dependency.name)
                }
            }
            modules.append(DependencyModule(name: name, sources: sources, dependencies: inside, given: given))
        }
        // A target left out (C) is not a dependency of the others.
        let kept = Set(modules.map(\.name))
        for index in modules.indices { modules[index].dependencies.removeAll { !kept.contains($0) } }
        for (product, names) in products { products[product] = names.filter(kept.contains) }
        return (modules, products, external, notes)
    }

    /// A target's dependencies: `byName` (a target of the package, else a product), `target`, and
    /// `product` (of another package, by product name).
    static func dependencyNames(_ target: [String: Any]?) -> [(name: String, inPackage: Bool)] {
        var names: [(String, Bool)] = []
        for entry in target?["dependencies"] as? [[String: Any]] ?? [] {
            if let value = entry["byName"] as? [Any], let name = value.first as? String {
                names.append((name, true))
            } else if let value = entry["target"] as? [Any], let name = value.first as? String {
                names.append((name, true))
            } else if let value = entry["product"] as? [Any], let name = value.first as? String {
                names.append((name, false))
            }
        }
        return names
    }

    /// The target's folder: its `path`, else the first of SwiftPM's default folders that exists.
    static func targetFolder(_ target: [String: Any], name: String, package: String) -> String? {
        if let path = target["path"] as? String { return package + "/" + path }
        for parent in ["Sources", "Source", "src", "srcs"] {
            var isFolder: ObjCBool = false
            let folder = package + "/" + parent + "/" + name
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue {
                return folder
            }
        }
        return nil
    }

    /// `swift package dump-package` in the package's folder: its manifest as JSON.
    static func dumpPackage(_ folder: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", folder, "dump-package"]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw FrameGenError.badInput(
                folder + "/Package.swift", "cannot run `swift package dump-package`: \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FrameGenError.badInput(
                folder + "/Package.swift",
                "swift package dump-package cannot read it (status \(process.terminationStatus), above)")
        }
        return data
    }

    /// The Swift files a source path names: the file, or those under the folder.
    static func swiftFilesUnder(_ path: String) -> [String] {
        if path.hasSuffix(".swift") { return FileManager.default.fileExists(atPath: path) ? [path] : [] }
        return swiftFiles(in: path)
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else {
            return false
        }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
        }
    }
}
