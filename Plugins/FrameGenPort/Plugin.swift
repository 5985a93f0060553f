import Foundation
import PackagePlugin

/// Compiles an app's UIKit files, where they are and unchanged, into the target that uses this
/// plugin: the target's `app-sources.txt` lists them (files or folders, a line each, relative to
/// the package), and `framegen-port` writes each as Swift on Linux needs it into the build folder
/// (docs/uikit.md, "Bring your app"). The app's files are inputs of the build: an edit to one is
/// picked up by the next build, and a file added to a listed folder too (the plugin runs at every
/// build).
@main
struct FrameGenPort: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard target is SourceModuleTarget else { return [] }
        let list = target.directoryURL.appending(path: "app-sources.txt")
        guard let text = try? String(contentsOf: list, encoding: .utf8) else { return [] }
        let files = try appFiles(listed: text, in: list, package: context.package.directoryURL)
        guard !files.isEmpty else { return [] }

        let folder = context.pluginWorkDirectoryURL.appending(path: "Ported")
        var arguments = [
            "--log", context.pluginWorkDirectoryURL.appending(path: "port.log").path,
            "--list", list.path, "--package", context.package.directoryURL.path,
        ]
        var copies: [URL] = []
        var names: Set<String> = []
        for file in files {
            // Swift wants the files of a module to have distinct names; the copy's own name is
            // never shown (messages name the app's file).
            var name = file.deletingPathExtension().lastPathComponent
            var n = 2
            while names.contains(name.lowercased()) {
                name = file.deletingPathExtension().lastPathComponent + "-\(n)"
                n += 1
            }
            names.insert(name.lowercased())
            // A name of its own: `#fileID` of the copy and of the app file it stands for must differ.
            let copy = folder.appending(path: name + ".ported.swift")
            copies.append(copy)
            arguments += [file.path, copy.path]
        }
        return [
            .buildCommand(
                displayName: "Porting \(files.count) app file(s) for Linux into \(target.name)",
                executable: try context.tool(named: "framegen-port").url,
                arguments: arguments,
                // The listed folders too: a file added to one changes the folder, which runs the
                // port again, which then says how to have the build planned again.
                inputFiles: files + [list] + folders(listed: text, package: context.package.directoryURL),
                outputFiles: copies)
        ]
    }

    /// The Swift files `app-sources.txt` names, in a stable order: each line a file or a folder
    /// (searched to any depth), relative to the package or absolute; `#` starts a comment.
    /// (SourcePort's AppSources has the same rules, for the port's own check at every run.)
    func appFiles(listed text: String, in list: URL, package: URL) throws -> [URL] {
        let manager = FileManager.default
        var files: [URL] = []
        for (number, line, url) in entries(listed: text, package: package) {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw PortError(
                    "\(list.path):\(number + 1): \(line) does not exist (looked for \(url.path))")
            }
            if !isFolder.boolValue {
                files.append(url)
                continue
            }
            let found = manager.enumerator(at: url, includingPropertiesForKeys: nil)
            var inFolder: [URL] = []
            while let next = found?.nextObject() as? URL {
                if next.pathExtension == "swift" { inFolder.append(next.standardizedFileURL) }
            }
            files += inFolder.sorted { $0.path < $1.path }
        }
        var seen: Set<String> = []
        return files.filter { seen.insert($0.path).inserted }
    }

    /// The folders the list names and every folder in them.
    func folders(listed text: String, package: URL) -> [URL] {
        let manager = FileManager.default
        var out: [URL] = []
        for (_, _, url) in entries(listed: text, package: package) {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
                continue
            }
            out.append(url)
            let found = manager.enumerator(at: url, includingPropertiesForKeys: [.isDirectoryKey])
            while let next = found?.nextObject() as? URL {
                if (try? next.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                    out.append(next)
                }
            }
        }
        return out
    }

    /// Each entry of the list: its line number (from 0), its text, and where it points.
    func entries(listed text: String, package: URL) -> [(number: Int, line: String, url: URL)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, raw in
            let line =
                raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
                .trimmingCharacters(in: .whitespaces) ?? ""
            guard !line.isEmpty else { return nil }
            let url =
                line.hasPrefix("/")
                ? URL(fileURLWithPath: line) : package.appending(path: line).standardizedFileURL
            return (number, line, url)
        }
    }
}

struct PortError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
