import Foundation
import TestTiers
import Testing

/// Every citation of a Markdown document in the repository's sources, tests, scripts and docs
/// names a file the repository has, and a section that file has. A comment such as
/// `docs/design/rendering.md §3` or `docs/decisions.md "Drawing order"`, or a Markdown link
/// `[x](formats.md#3-command-line)`, is only useful to a reader who can open it; documents kept
/// outside the repository are not. See docs/design/README.md.
///
/// What counts as a citation: a word ending in `.md` (a path such as `docs/formats.md`, or a
/// bare name such as `formats.md`, resolved against the citing file's folder, the repository
/// root, docs/ and docs/design/; web addresses are skipped), then optionally `'s`, `,` or `:`,
/// and a section: `§N` or `section N` (a heading numbered N, as in `## 3. Command line` or
/// `### 8.3 Continuous corners`), `"Name"` (a heading with that text), `#anchor` (GitHub's
/// anchor of a heading), or an outline number such as `A.3` or `Part B`, which must then be a
/// heading's number too. Lists such as `§3.2, §3.3` are checked item by item.
@Suite struct DocCitationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Folders scanned whole and single files, relative to the root.
    static let scanned = ["Sources", "Tests", "fuzz", "scripts", "docs", "README.md", "Package.swift"]
    static let textExtensions: Set<String> = ["swift", "md", "c", "h", "cpp", "sh", "py", "txt", "supp"]

    @Test func everyCitedDocumentAndSectionIsInTheRepository() throws {
        var problems: [String] = []
        var count = 0
        var headingCache: [String: Headings] = [:]
        for file in Self.files() {
            let relative = String(file.path.dropFirst(Self.root.path.count + 1))
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for citation in Self.citations(in: text) {
                count += 1
                let place = "\(relative):\(citation.line): \(citation.document)"
                guard let target = Self.resolve(citation.document, citedFrom: file) else {
                    problems.append("\(place): no such file in the repository")
                    continue
                }
                let headings: Headings
                if let cached = headingCache[target.path] {
                    headings = cached
                } else {
                    headings = Headings(markdown: (try? String(contentsOf: target, encoding: .utf8)) ?? "")
                    headingCache[target.path] = headings
                }
                for section in citation.sections where !headings.contains(section) {
                    problems.append("\(place): no section \(section) there")
                }
            }
        }
        expect(count > 50, "the scan found only \(count) citations; is the root \(Self.root.path)?")
        expect(
            problems.isEmpty,
            "\(problems.count) citations the repository cannot follow:\n\(problems.joined(separator: "\n"))")
    }

    @Test func theScannerSeesCitationsInTheirUsualForms() {
        func parse(_ s: String) -> [String] {
            Self.citations(in: s).map { c in
                ([c.document] + c.sections.map(\.description)).joined(separator: " ")
            }
        }
        expect(parse("/// (rendering.md A.3), so") == ["rendering.md number A.3"])
        expect(
            parse("// docs/design/motion.md §3.2, §3.3: x") == ["docs/design/motion.md number 3.2 number 3.3"]
        )
        expect(parse("/// (docs/design/layouts.md\n/// §3.3), and") == ["docs/design/layouts.md number 3.3"])
        expect(
            parse("// docs/design/rendering.md §2.2's entries.") == ["docs/design/rendering.md number 2.2"])
        expect(
            parse(#"see docs/decisions.md "Drawing order"."#) == [#"docs/decisions.md name "Drawing order""#])
        expect(parse("(formats.md section 3)") == ["formats.md number 3"])
        expect(parse("layouts.md Part A") == ["layouts.md number A"])
        expect(parse("[formats](formats.md#2-attribute-files)") == ["formats.md anchor 2-attribute-files"])
        expect(parse("with layouts.md's defaults") == ["layouts.md"])
        expect(parse("https://example.com/x/README.md and notes.mdx") == [])
        let h = Headings(
            markdown:
                "# T\n## 3. Command line\n```\n# not a heading\n```\n### 8.3 Continuous corners\n#### `flow`\n"
        )
        expect(h.contains(.number("3")) && h.contains(.number("8.3")) && !h.contains(.number("8")))
        expect(
            h.contains(.name("Command line")) && h.contains(.name("flow"))
                && !h.contains(.name("not a heading")))
        expect(h.contains(.anchor("3-command-line")) && h.contains(.anchor("83-continuous-corners")))
        expect(!h.contains(.number("A.3")))
    }

    // MARK: - Scanning

    struct Citation {
        var document: String
        var sections: [Section]
        var line: Int
    }

    enum Section: Equatable, CustomStringConvertible {
        case number(String), name(String), anchor(String)
        var description: String {
            switch self {
            case .number(let n): "number \(n)"
            case .name(let n): "name \"\(n)\""
            case .anchor(let a): "anchor \(a)"
            }
        }
    }

    static func files() -> [URL] {
        let fm = FileManager.default
        var result: [URL] = []
        for entry in scanned {
            let url = root.appendingPathComponent(entry)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                result.append(url)
                continue
            }
            guard let walker = fm.enumerator(at: url, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker {
                let name = file.lastPathComponent
                // Test fixtures are data, and this file's own examples are not citations.
                if name == "Fixtures" || name == "__Golden__" || name.hasPrefix(".") {
                    walker.skipDescendants()
                    continue
                }
                if name == "DocCitationTests.swift" { continue }
                if textExtensions.contains(file.pathExtension) { result.append(file) }
            }
        }
        return result
    }

    static func isPathByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
            || b == 0x2D || b == 0x2E || b == 0x2F  // _ - . /
    }

    /// The citations in `text`, found by looking for ".md" (no regular expressions: the scan of
    /// the whole repository stays in milliseconds).
    static func citations(in text: String) -> [Citation] {
        let bytes = Array(text.utf8)
        var result: [Citation] = []
        var i = 0
        var line = 1
        var lineCountedTo = 0
        while i + 3 <= bytes.count {
            // ".md" not followed by a letter, digit or underscore (so not ".mdx").
            let next = i + 3 < bytes.count ? bytes[i + 3] : 0x20
            guard bytes[i] == 0x2E, bytes[i + 1] == 0x6D, bytes[i + 2] == 0x64,
                !(isPathByte(next) && next != 0x2E && next != 0x2F && next != 0x2D)
            else {
                i += 1
                continue
            }
            var start = i
            while start > 0 && isPathByte(bytes[start - 1]) { start -= 1 }
            let end = i + 3
            i = end
            while lineCountedTo < start {
                if bytes[lineCountedTo] == 0x0A { line += 1 }
                lineCountedTo += 1
            }
            // Web addresses (scheme://host/...) are not the repository's documents.
            if start >= 1 && bytes[start - 1] == 0x3A { continue }
            var name = String(decoding: bytes[start..<end], as: UTF8.self)
            while name.hasPrefix("./") { name.removeFirst(2) }
            guard name != ".md", !name.hasPrefix("/"), !name.hasPrefix(".") || name.hasPrefix("../") else {
                continue
            }
            result.append(Citation(document: name, sections: sections(after: end, in: bytes), line: line))
        }
        return result
    }

    /// The sections cited right after a document name that ends at `end`.
    static func sections(after end: Int, in bytes: [UInt8]) -> [Section] {
        var p = end
        func peek(_ s: String) -> Bool {
            let u = Array(s.utf8)
            return p + u.count <= bytes.count && Array(bytes[p..<(p + u.count)]) == u
        }
        // A Markdown anchor: file.md#anchor.
        if peek("#") {
            var q = p + 1
            while q < bytes.count, isPathByte(bytes[q]) || bytes[q] >= 0x80 { q += 1 }
            return [.anchor(String(decoding: bytes[(p + 1)..<q], as: UTF8.self))]
        }
        if peek("'s") { p += 2 }
        // Blanks, one "," or ":", and the markers of a comment continued on the next line.
        func skipSeparators(allowComma: Bool) {
            var sawNewline = false
            var sawComma = false
            while p < bytes.count {
                let b = bytes[p]
                if b == 0x20 || b == 0x09 {
                    p += 1
                } else if b == 0x0A && !sawNewline {
                    sawNewline = true
                    p += 1
                    while p < bytes.count && (bytes[p] == 0x20 || bytes[p] == 0x09) { p += 1 }
                    while p < bytes.count && (bytes[p] == 0x2F || bytes[p] == 0x2A) { p += 1 }  // // /// *
                } else if (b == 0x2C || b == 0x3A) && allowComma && !sawComma {
                    sawComma = true
                    p += 1
                } else {
                    break
                }
            }
        }
        func number(prefixLetters: Bool) -> String? {
            var q = p
            var s = ""
            // An outline number of the kind A.3 or B.1.2 (letter, dot, digits).
            if prefixLetters, q + 2 < bytes.count, bytes[q] >= 0x41, bytes[q] <= 0x5A, bytes[q + 1] == 0x2E,
                bytes[q + 2] >= 0x30, bytes[q + 2] <= 0x39
            {
                s.append(Character(UnicodeScalar(bytes[q])))
                s.append(".")
                q += 2
            }
            let digitsStart = q
            while q < bytes.count {
                if bytes[q] >= 0x30 && bytes[q] <= 0x39 {
                    s.append(Character(UnicodeScalar(bytes[q])))
                    q += 1
                } else if bytes[q] == 0x2E, q + 1 < bytes.count, bytes[q + 1] >= 0x30, bytes[q + 1] <= 0x39 {
                    s.append(".")
                    q += 1
                } else {
                    break
                }
            }
            guard q > digitsStart else { return nil }
            p = q
            return s
        }

        func section() -> Section? {
            if peek("§") {
                p += "§".utf8.count
                return number(prefixLetters: true).map(Section.number)
            }
            if peek("section ") {
                let before = p
                p += 8
                if let n = number(prefixLetters: true) { return .number(n) }
                p = before
                return nil
            }
            if peek("Part "), p + 5 < bytes.count, bytes[p + 5] >= 0x41, bytes[p + 5] <= 0x5A {
                let letter = String(Character(UnicodeScalar(bytes[p + 5])))
                p += 6
                return .number(letter)
            }
            if peek("\"") || peek("“"), p > 0, bytes[p - 1] == 0x20 || bytes[p - 1] == 0x0A {
                let open = peek("\"") ? 1 : "“".utf8.count
                let close = peek("\"") ? Array("\"".utf8) : Array("”".utf8)
                var q = p + open
                while q < bytes.count, bytes[q] != 0x0A {
                    if Array(bytes[q..<min(q + close.count, bytes.count)]) == close { break }
                    q += 1
                }
                guard q < bytes.count, bytes[q] != 0x0A else { return nil }
                let name = String(decoding: bytes[(p + open)..<q], as: UTF8.self)
                p = q + close.count
                return .name(name)
            }
            if p + 2 < bytes.count, bytes[p] >= 0x41, bytes[p] <= 0x5A, bytes[p + 1] == 0x2E,
                bytes[p + 2] >= 0x30, bytes[p + 2] <= 0x39
            {
                return number(prefixLetters: true).map(Section.number)
            }
            return nil
        }

        var result: [Section] = []
        while true {
            let before = p
            skipSeparators(allowComma: true)
            if peek("and ") { p += 4 }
            if let s = section() {
                result.append(s)
            } else {
                p = before
                break
            }
        }
        return result
    }

    /// The file a cited name means: a path from the citing file's folder or the root, or a bare
    /// name in docs/ or docs/design/.
    static func resolve(_ document: String, citedFrom file: URL) -> URL? {
        let bases = [
            file.deletingLastPathComponent(), root, root.appendingPathComponent("docs"),
            root.appendingPathComponent("docs/design"),
        ]
        for base in bases {
            let url = base.appendingPathComponent(document).standardizedFileURL
            guard url.path.hasPrefix(root.path + "/") else { continue }  // never outside the repository
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return nil
    }

    // MARK: - Headings

    struct Headings {
        var numbers: Set<String> = []
        var names: Set<String> = []
        var anchors: Set<String> = []

        init(markdown: String) {
            var inFence = false
            for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("```") || line.hasPrefix("~~~") {
                    inFence.toggle()
                    continue
                }
                guard !inFence, line.hasPrefix("#") else { continue }
                let hashes = line.prefix { $0 == "#" }.count
                guard hashes <= 6, line.dropFirst(hashes).first == " " else { continue }
                let text = line.dropFirst(hashes).trimmingCharacters(in: .whitespaces)
                anchors.insert(Self.anchor(text))
                var rest = Substring(text)
                if rest.hasPrefix("§") { rest = rest.dropFirst() }
                // A leading number: "3. Command line", "8.3 Continuous corners", "A.3 ...".
                let token = rest.prefix { $0.isNumber || $0 == "." || ($0.isUppercase && $0.isLetter) }
                var number = String(token)
                while number.hasSuffix(".") { number.removeLast() }
                let afterToken = rest.dropFirst(token.count)
                if !number.isEmpty, number.contains(where: \.isNumber),
                    afterToken.isEmpty || afterToken.first == " "
                {
                    numbers.insert(number)
                    rest = afterToken
                }
                names.insert(Self.plain(String(text)))
                names.insert(Self.plain(String(rest)))
            }
        }

        func contains(_ section: Section) -> Bool {
            switch section {
            case .number(let n): numbers.contains(n)
            case .name(let n): names.contains(Self.plain(n))
            case .anchor(let a): anchors.contains(a.lowercased())
            }
        }

        /// Heading text without Markdown marks, lowercased, blanks collapsed.
        static func plain(_ s: String) -> String {
            s.filter { $0 != "`" && $0 != "*" && $0 != "_" }.lowercased()
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }

        /// GitHub's anchor for a heading: lowercased, punctuation dropped, spaces to hyphens.
        static func anchor(_ s: String) -> String {
            var result = ""
            for c in s.lowercased() {
                if c.isLetter || c.isNumber || c == "-" || c == "_" {
                    result.append(c)
                } else if c == " " {
                    result.append("-")
                }
            }
            return result
        }
    }
}
