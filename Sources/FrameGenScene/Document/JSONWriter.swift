/// Writes a document value as JSON. Numbers use Swift's shortest representation that parses back
/// to the same Double (whole numbers without a fraction), so a file re-reads to identical values;
/// keys keep their order, so the same value always gives the same bytes.
public func jsonText(_ value: DocumentValue, indent: Int = 0, compactDepth: Int = 3) -> String {
    var out = ""
    writeJSON(value, into: &out, level: 0, indent: indent, compactDepth: compactDepth)
    out.append("\n")
    return out
}

/// Levels below `compactDepth` go one entry per line; deeper ones (elements' fields) on one line,
/// so that a frame of a hundred elements stays a readable hundred lines.
private func writeJSON(
    _ value: DocumentValue, into out: inout String, level: Int, indent: Int, compactDepth: Int
) {
    let multiline = level < compactDepth
    let pad = String(repeating: " ", count: (level + 1) * 2)
    let closePad = String(repeating: " ", count: level * 2)
    switch value {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += jsonNumber(n)
    case .string(let s): out += jsonString(s)
    case .list(let items):
        let scalars = items.allSatisfy { if case .number = $0 { true } else { false } }
        if items.isEmpty || scalars || !multiline {
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                writeJSON(item, into: &out, level: level + 1, indent: indent, compactDepth: compactDepth)
            }
            out += "]"
        } else {
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                writeJSON(item, into: &out, level: level + 1, indent: indent, compactDepth: compactDepth)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += closePad + "]"
        }
    case .map(let pairs):
        if pairs.isEmpty || !multiline {
            out += "{"
            for (i, pair) in pairs.enumerated() {
                if i > 0 { out += ", " }
                out += jsonString(pair.key) + ": "
                writeJSON(
                    pair.value, into: &out, level: level + 1, indent: indent, compactDepth: compactDepth)
            }
            out += "}"
        } else {
            out += "{\n"
            for (i, pair) in pairs.enumerated() {
                out += pad + jsonString(pair.key) + ": "
                writeJSON(
                    pair.value, into: &out, level: level + 1, indent: indent, compactDepth: compactDepth)
                out += i == pairs.count - 1 ? "\n" : ",\n"
            }
            out += closePad + "}"
        }
    }
}

package func jsonNumber(_ n: Double) -> String {
    guard n.isFinite else { return "null" }
    if n == n.rounded(), abs(n) < 1e15 {
        // -0 is written as 0: it renders identically and reads better.
        return String(Int64(n))
    }
    return "\(n)"
}

/// A JSON string literal (RFC 8259 escaping).
package func jsonString(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}
