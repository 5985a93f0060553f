import Foundation
import TestTiers
import Testing

/// The README's module map ("Architecture": a row per module, its one job and the modules it may
/// import) is the map the code follows: every `import` in a module's sources names a module its
/// row allows, every module has a row, and every row names a module. A change that breaks the
/// layering (QuartzCore importing UIKit, the scene model importing the render pipeline) fails
/// here with the file and the import, and the fix is either the code or, said in the README, the map.
@Suite struct ModuleMapTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The toolchain's and the system's modules, which any module may import.
    static let system: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "Glibc", "Musl", "Darwin", "Dispatch",
        "Synchronization",
        "_Concurrency", "os",
    ]

    /// A module's row: the modules it may import.
    struct Row {
        let module: String
        let mayImport: Set<String>
    }

    /// The rows of the README's table under "## Architecture": `| `Name` | job | `A`, `B` |`.
    static func map() throws -> [String: Row] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "\n## Architecture\n") else { return [:] }
        let section = readme[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        var rows: [String: Row] = [:]
        for line in section[..<end].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4 else { continue }
            // A row may name several modules with one job (the system's font libraries).
            for module in names(in: cells[1]) {
                rows[module] = Row(module: module, mayImport: Set(names(in: cells[3])))
            }
        }
        return rows
    }

    /// The words between backticks in a table cell.
    static func names(in cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// Each module of Sources/ (Swift, C, or a system library's) with its folder: Apple-named ones
    /// sit in AppleNames/.
    static func modules() throws -> [(name: String, folder: URL)] {
        let fm = FileManager.default
        let sources = root.appendingPathComponent("Sources")
        var result: [(String, URL)] = []
        for name in try fm.contentsOfDirectory(atPath: sources.path).sorted() {
            let folder = sources.appendingPathComponent(name)
            if name == "AppleNames" {
                for inner in try fm.contentsOfDirectory(atPath: folder.path).sorted() {
                    result.append((inner, folder.appendingPathComponent(inner)))
                }
            } else {
                result.append((name, folder))
            }
        }
        return result
    }

    static func swiftFiles(in folder: URL) -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    /// The modules a file imports: `import X`, `@_exported import X`, `import struct X.Y`.
    static func imports(of text: String) -> [(line: Int, module: String)] {
        var result: [(Int, String)] = []
        // Inside a multi-line string literal (source a program writes), an import is text.
        var inString = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let quotes = raw.components(separatedBy: "\"\"\"").count - 1
            if inString || quotes > 0 {
                if quotes % 2 == 1 { inString.toggle() }
                continue
            }
            let code = raw.range(of: "//").map { raw[..<$0.lowerBound] } ?? raw[...]
            var words = code.split(separator: " ").map(String.init)
            while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { continue }
            let kinds: Set<String> = [
                "struct", "class", "enum", "protocol", "func", "var", "let", "typealias",
            ]
            let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            result.append((index + 1, String(path.split(separator: ".")[0])))
        }
        return result
    }

    @Test func everyImportIsOneTheMapAllows() throws {
        let map = try Self.map()
        expect(map.count > 20, "the README's Architecture table gave \(map.count) rows")
        var problems: [String] = []
        for (module, folder) in try Self.modules() {
            guard let row = map[module] else {
                problems.append("Sources: \(module) has no row in the README's module map")
                continue
            }
            for file in Self.swiftFiles(in: folder) {
                let text = try String(contentsOf: file, encoding: .utf8)
                for (line, imported) in Self.imports(of: text)
                where !Self.system.contains(imported) && !row.mayImport.contains(imported)
                    && imported != module
                {
                    let relative = file.path.dropFirst(Self.root.path.count + 1)
                    problems.append(
                        "\(relative):\(line): \(module) imports \(imported), which its row does not allow")
                }
            }
        }
        expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func everyRowNamesAModuleAndOnlyModules() throws {
        let map = try Self.map()
        let modules = Set(try Self.modules().map(\.name))
        // Packages' modules the map may name besides framegen's own.
        let external: Set<String> = [
            "ArgumentParser", "Yams", "SnapshotTesting", "SwiftSyntax", "SwiftParser", "Testing", "XCTest",
            "OpenCombine", "OpenCombineDispatch", "OpenCombineFoundation",
        ]
        for row in map.values {
            expect(modules.contains(row.module), "the map has a row for \(row.module), which Sources/ lacks")
            for name in row.mayImport where !modules.contains(name) && !external.contains(name) {
                Issue.record(
                    "\(row.module)'s row allows \(name), which is no module of framegen's nor a package's")
            }
        }
    }

    /// The parser itself, on the shapes of import the sources use.
    @Test func importsAreReadInEveryForm() {
        let text = """
            import Foundation
            @_exported import FrameGenQuartzCore
            import struct Foundation.IndexPath  // over Layout's
            @testable import FrameGenLayout
            // import Commented
            // The image types, so that a user needs no import of the pixel modules.
            let importance = 1
            let generated = \"\"\"
                import Generated
                \"\"\"
            import Last
            """
        expect(
            Self.imports(of: text).map(\.module) == [
                "Foundation", "FrameGenQuartzCore", "Foundation", "FrameGenLayout", "Last",
            ])
    }
}
