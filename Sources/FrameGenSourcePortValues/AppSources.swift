import Foundation

/// The Swift files a target's `app-sources.txt` names, by the rules the FrameGenPort plugin
/// plans the build with (Plugins/FrameGenPort/Plugin.swift has the same function: a plugin
/// cannot use a library's code). The port reads the list again when it runs, because SwiftPM
/// plans a package's build again only when the package's own folders change, not when the
/// list or a folder of the app outside the package does.
public enum AppSources {
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The line `uikit init` writes to say which of the app's modules its files come from:
    /// they are all compiled into this one target, so an `import` of one of them names no module
    /// here and the port removes it.
    public static let mergedModulesPrefix = "# modules compiled into this target:"

    /// The line `uikit init` writes in the snapshot tests' list to name the app's library. An
    /// Xcode test target may compile the app's files itself, and its files then use the app's
    /// types with no import; here the tests see them through the library, so the port gives each
    /// test file that does not import it `@testable import` of it.
    public static let testedModulePrefix =
        "# the app's module, imported @testable by each file here that does not import it:"

    /// The module the list's `testedModulePrefix` line names, if it has one.
    public static func testedModule(listed text: String) -> String? {
        text.split(separator: "\n").first { $0.hasPrefix(testedModulePrefix) }
            .map { $0.dropFirst(testedModulePrefix.count).trimmingCharacters(in: .whitespaces) }
            .flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The module names the list's `mergedModulesPrefix` line gives (none without one).
    public static func mergedModules(listed text: String) -> Set<String> {
        var names: Set<String> = []
        for raw in text.split(separator: "\n") where raw.hasPrefix(mergedModulesPrefix) {
            for name in raw.dropFirst(mergedModulesPrefix.count).split(whereSeparator: {
                $0 == "," || $0 == " "
            }) {
                names.insert(String(name))
            }
        }
        return names
    }

    /// Each line a file or a folder (searched to any depth), relative to the package or
    /// absolute; `#` starts a comment. In a stable order, each file once.
    public static func files(listed text: String, list: String, package: String) throws(Problem) -> [String] {
        let manager = FileManager.default
        let packageURL = URL(fileURLWithPath: package)
        var files: [String] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line =
                raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
                .trimmingCharacters(in: .whitespaces) ?? ""
            guard !line.isEmpty else { continue }
            let url =
                line.hasPrefix("/")
                ? URL(fileURLWithPath: line) : packageURL.appending(path: line).standardizedFileURL
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw Problem(
                    description: "\(list):\(number + 1): \(line) does not exist (looked for \(url.path))")
            }
            if !isFolder.boolValue {
                files.append(url.path)
                continue
            }
            let found = manager.enumerator(at: url, includingPropertiesForKeys: nil)
            var inFolder: [String] = []
            while let next = found?.nextObject() as? URL {
                if next.pathExtension == "swift" { inFolder.append(next.standardizedFileURL.path) }
            }
            files += inFolder.sorted()
        }
        var seen: Set<String> = []
        return files.filter { seen.insert($0).inserted }
    }
}
