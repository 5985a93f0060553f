import Foundation
import Testing

/// Swift Testing's `#expect(condition)` as a function, for the test targets of this package.
///
/// `#expect` is a macro: each use is expanded and its expansion type-checked, and for a
/// comparison (`a == b`) the expansion is a generic call over a closure that the type checker
/// solves against every `==` there is. Measured on 2026-11-27 (docs/decisions.md, "Build
/// options"), that made a use cost about 20 ms of compile time against 4 ms for this function:
/// 5,900 uses, about 115 s of the test build's compiler time, a third of the tests' own. A failure
/// here reports the expression's source text (read from the test's file) and the comment; it does
/// not print the operands' values, so a comparison whose values matter on failure says them in
/// its comment. `#expect(throws:)`, `#require` and the examples' tests keep the macros.
public func expect(
    _ condition: @autoclosure () throws -> Bool,
    _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) rethrows {
    if try condition() { return }
    var text = "Expectation failed"
    if let expression = ExpectationSource.expression(at: sourceLocation) {
        text += ": " + expression
    }
    if let comment = comment() {
        text += "\n" + comment.rawValue
    }
    Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
}

/// The source text of the first argument of the `expect(` call at a source location, if the
/// location's line holds one.
enum ExpectationSource {
    static func expression(at location: SourceLocation) -> String? {
        guard let data = FileManager.default.contents(atPath: location.filePath),
            let source = String(data: data, encoding: .utf8)
        else { return nil }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard location.line >= 1, location.line <= lines.count else { return nil }
        // A helper that passes its caller's location on is not an `expect(` call: nothing is read.
        guard lines[location.line - 1].contains("expect(") else { return nil }
        let rest = lines[(location.line - 1)...].joined(separator: "\n")
        return firstArgument(ofCallIn: rest)
    }

    /// The text between `expect(` and the first comma or closing parenthesis at the call's own
    /// depth, outside string literals, with runs of white space made one space.
    static func firstArgument(ofCallIn text: String) -> String? {
        guard let open = text.range(of: "expect(") else { return nil }
        var depth = 0
        var inString = false
        var escaped = false
        var argument = ""
        for character in text[open.upperBound...] {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                argument.append(character)
                continue
            }
            switch character {
            case "\"": inString = true
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                if depth == 0 { return collapsed(argument) }
                depth -= 1
            case "," where depth == 0: return collapsed(argument)
            default: break
            }
            argument.append(character)
        }
        return nil
    }

    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
