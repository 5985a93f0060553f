import FrameGenCodecs
import FrameGenRaster
import Yams

/// A parsed scene or attribute file (YAML or JSON; JSON is read as YAML's flow syntax) as a plain
/// value tree, so that validation code never sees Yams' types and every message can name the
/// file and the key path of the value it is about.
public indirect enum DocumentValue: Sendable, Equatable {
    case map([(key: String, value: DocumentValue)])
    case list([DocumentValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    public static func == (a: DocumentValue, b: DocumentValue) -> Bool {
        switch (a, b) {
        case (.map(let x), .map(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.list(let x), .list(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    /// How a message names what was found: `a number (3)`, `a list`, `the string "abc"`.
    var found: String {
        switch self {
        case .map: return "a mapping"
        case .list(let l):
            // A short list of plain values is shown as written: [0, 0, -5, 10].
            if l.count <= 6,
                l.allSatisfy({
                    if case .number = $0 { true } else if case .string = $0 { true } else { false }
                })
            {
                return "[" + l.map(\.found).joined(separator: ", ") + "]"
            }
            return "a list of \(l.count)"
        case .string(let s): return "\"\(s.count > 40 ? String(s.prefix(40)) + "..." : s)\""
        case .number(let n): return formatNumber(n)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "nothing"
        }
    }
}

/// Scene and attribute files are small; anything larger is not one of them.
package let documentByteLimit = 64 << 20

/// Reads and parses a YAML or JSON file into a DocumentNode at the root key path.
public func readDocument(_ path: String) throws(FrameGenError) -> DocumentNode {
    let bytes: [UInt8]
    do {
        bytes = try FileIO.read(path, maxBytes: documentByteLimit)
    } catch {
        throw .badInput(path, error.reason)
    }
    return try parseDocument(String(decoding: bytes, as: UTF8.self), file: path)
}

/// Parses YAML or JSON text; `file` names it in messages.
public func parseDocument(_ text: String, file: String) throws(FrameGenError) -> DocumentNode {
    let root: Node?
    do {
        root = try Yams.compose(yaml: text)
    } catch let error as YamlError {
        if let (line, column, message) = yamlSyntaxProblem(error, text: text) {
            throw .badInput("\(file):\(line):\(column)", message)
        }
        throw .badInput(file, "is not valid YAML or JSON: \(yamlProblem(error))")
    } catch {
        throw .badInput(file, "is not valid YAML or JSON: \(error)")
    }
    guard let root else { throw .badInput(file, "is empty") }
    return DocumentNode(value: try convert(root, file: file, depth: 0), path: "", file: file)
}

/// libyaml's scanner and parser errors in framegen's words, at the line and column (from 1) where
/// they were noticed; nil for other errors.
func yamlSyntaxProblem(_ error: YamlError, text: String) -> (Int, Int, String)? {
    let context: YamlError.Context?
    let problem: String
    let mark: Mark
    switch error {
    case .scanner(let c, let p, let m, _), .parser(let c, let p, let m, _), .composer(let c, let p, let m, _):
        (context, problem, mark) = (c, p, m)
    default:
        return nil
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let line = mark.line >= 1 && mark.line <= lines.count ? Array(lines[mark.line - 1].unicodeScalars) : []
    let at = context.map { " at line \($0.mark.line), column \($0.mark.column)" } ?? ""
    // A tab where indentation or a token should start: YAML forbids tabs there.
    if let tab = line.firstIndex(of: "\t"), line[..<tab].allSatisfy({ $0 == " " }) || mark.column - 1 == tab {
        return (mark.line, tab + 1, "a tab indents this line; YAML indents with spaces only")
    }
    let c = context?.text ?? ""
    let message: String
    if c.contains("flow sequence") {
        message = "the list opened with [\(at) is not closed: a ] or a comma is missing"
    } else if c.contains("flow mapping") {
        message = "the mapping opened with {\(at) is not closed: a } or a comma is missing"
    } else if c.contains("quoted scalar") {
        message = "the quoted string opened\(at) is not closed"
    } else if problem.contains("mapping values are not allowed") {
        message =
            "a \":\" where no key can start: quote a value that contains \": \", or check the indentation"
    } else if problem.contains("did not find expected key") || problem.contains("did not find expected '-'") {
        message = "this line's indentation does not match the block\(at)"
    } else {
        message = "not valid YAML: \(problem)\(context.map { " (\($0.text)\(at))" } ?? "")"
    }
    return (mark.line, mark.column, message)
}

private func yamlProblem(_ error: YamlError) -> String {
    // Yams' descriptions repeat the offending line with a caret; the first line says it all.
    String("\(error)".split(separator: "\n").first ?? "")
}

private func convert(_ node: Node, file: String, depth: Int) throws(FrameGenError) -> DocumentValue {
    // Nesting this deep is never a scene; refusing it keeps a hostile file from exhausting the stack.
    if depth > 64 { throw .badInput(file, "nests deeper than 64 levels") }
    switch node {
    case .scalar(let s):
        // Quoted scalars are strings; plain ones are resolved with YAML 1.2's core schema
        // (true/false only, so a `no` or `on` stays text).
        guard s.style == .plain else { return .string(s.string) }
        switch s.string {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let n = Double(s.string),
            s.string.first.map({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." }) == true
        {
            return .number(n)
        }
        return .string(s.string)
    case .sequence(let seq):
        var out: [DocumentValue] = []
        for n in seq { out.append(try convert(n, file: file, depth: depth + 1)) }
        return .list(out)
    case .mapping(let map):
        var out: [(key: String, value: DocumentValue)] = []
        var seen = Set<String>()
        for (k, v) in map {
            let key = k.string ?? "\(k)"
            if !seen.insert(key).inserted { throw .badInput(file, "key \"\(key)\" appears twice") }
            out.append((key, try convert(v, file: file, depth: depth + 1)))
        }
        return .map(out)
    case .alias:
        throw .badInput(file, "uses a YAML alias, which scene files do not support")
    }
}

package func formatNumber(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return "\(x)"
}
