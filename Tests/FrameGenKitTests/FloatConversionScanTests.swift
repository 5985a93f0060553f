import Foundation
import TestTiers
import Testing

/// `Int(x)` traps when x is NaN, infinite or past Int's range, and a layout or a file can make
/// any coordinate that (issue 24). Pixel code converts floating point to integers only through
/// `clampedInt(in:nan:)` (Geometry); this scan finds conversions written any other way. It reads
/// the source text, so it is a heuristic: a conversion counts as floating point when its
/// argument rounds, takes a square root, holds a decimal literal, or names something the file
/// declares (or computes) as Double or Float. A conversion whose bound is proven on the spot
/// carries `// checked: WHY` on its line.
@Suite struct FloatConversionScanTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Pixel code: where a computed coordinate, size or weight becomes an index or a byte.
    static let folders = [
        "Sources/FrameGenRaster", "Sources/FrameGenCodecs", "Sources/FrameGenComparison",
        "Sources/FrameGenCompositor", "Sources/FrameGenText",
        "Sources/FrameGenRender/Render", "Sources/FrameGenRender/Content", "Sources/FrameGenScene/Content",
        "Sources/FrameGenFuzzing",
    ]

    @Test func pixelCodeConvertsFloatsOnlyThroughClampedInt() throws {
        var found: [String] = []
        var scanned = 0
        for folder in Self.folders {
            let dir = Self.root + "/" + folder
            let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
            for name in names where name.hasSuffix(".swift") {
                let text = try String(contentsOfFile: dir + "/" + name, encoding: .utf8)
                scanned += 1
                for hit in FloatConversionScanner.unchecked(in: text) {
                    found.append("\(folder)/\(name):\(hit.line): \(hit.code)")
                }
            }
        }
        expect(scanned > 40, "the pixel code was not found")
        let list = found.joined(separator: "\n")
        expect(
            found.isEmpty,
            "floating point converted to an integer without clampedInt(in:nan:) (or a `// checked:` reason):\n\(list)"
        )
    }

    /// The scanner itself: what it must flag and what it must let through.
    @Test func scannerFlagsWhatItShould() {
        let flagged = [
            "let a = Int(x.rounded())",
            "let a = Int32((v * 255).rounded(.down))",
            "let a = UInt8(min(max(v, 0), 1) * 255 + 0.5)",
            "let a = Int(floor(v))",
            "func f(_ v: Double) -> Int { Int(v) }",
            "let s = scale * 2.0\nlet n = Int(s)",
            "let n = Int(Double(k) / 3)",
            "let (a, b) = (Double(y), 4)\nlet n = Int(a)",
        ]
        for code in flagged {
            expect(FloatConversionScanner.unchecked(in: code).count == 1, "\(code)")
        }
        let passed = [
            "let a = x.rounded().clampedInt(in: 0...9, nan: 0)",
            "let a = Int(truncatingIfNeeded: w >> 8)",
            "let a = UInt32(c) * 255",
            "let a = Int(x.rounded())  // checked: x is in 0...255 (clamped above)",
            "let n = Int(exactly: v.rounded())",
            "let n = Int(count)",
            "// let a = Int(x.rounded())",
        ]
        for code in passed {
            expect(FloatConversionScanner.unchecked(in: code).isEmpty, "\(code)")
        }
    }
}

enum FloatConversionScanner {
    struct Hit {
        var line: Int
        var code: String
    }

    static let integerTypes = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]

    /// Unlabelled integer conversions of floating-point expressions, without `// checked:`.
    static func unchecked(in text: String) -> [Hit] {
        let lines = text.components(separatedBy: "\n")
        let floats = floatNames(lines)
        var hits: [Hit] = []
        for (i, raw) in lines.enumerated() {
            if raw.contains("// checked:") { continue }
            let line = codePart(raw)
            for argument in conversionArguments(line) where isFloat(argument, floats.at(i)) {
                hits.append(Hit(line: i + 1, code: raw.trimmingCharacters(in: .whitespaces)))
                break
            }
        }
        return hits
    }

    /// The line without its comment (a `//` outside a string literal).
    static func codePart(_ line: String) -> String {
        var inString = false
        var previous: Character = " "
        var out = ""
        for c in line {
            if c == "\"" && previous != "\\" { inString.toggle() }
            if !inString && c == "/" && previous == "/" {
                out.removeLast()
                return out
            }
            out.append(c)
            previous = c
        }
        return out
    }

    /// The argument text of each unlabelled `IntN(...)` / `UIntN(...)` call on the line.
    static func conversionArguments(_ line: String) -> [String] {
        let chars = Array(line)
        var out: [String] = []
        var i = 0
        while i < chars.count {
            let before: Character = i == 0 ? " " : chars[i - 1]
            guard chars[i] == "I" || chars[i] == "U",
                !(before.isLetter || before.isNumber || before == "_" || before == ".")
            else {
                i += 1
                continue
            }
            var j = i
            while j < chars.count, chars[j].isLetter || chars[j].isNumber { j += 1 }
            let name = String(chars[i..<j])
            guard integerTypes.contains(name), j < chars.count, chars[j] == "(" else {
                i = max(j, i + 1)
                continue
            }
            var depth = 0
            var k = j
            var argument = ""
            while k < chars.count {
                if chars[k] == "(" { depth += 1 }
                if chars[k] == ")" {
                    depth -= 1
                    if depth == 0 { break }
                }
                if k > j { argument.append(chars[k]) }
                k += 1
            }
            let labelled = argument.range(of: #"^\s*\w+\s*:"#, options: .regularExpression) != nil
            if !labelled { out.append(argument) }
            i = j + 1
        }
        return out
    }

    static let floatMarkers = [
        #"\.rounded\b"#, #"\bfloor\("#, #"\bceil\("#, #"\.squareRoot\(\)"#, #"\bDouble\("#, #"\bFloat\("#,
        #"\b\d+\.\d+"#, #"\b\d+(\.\d+)?[eE][-+]?\d+"#, #"\.pi\b"#, #"\b(min|max|mid)[XY]\b"#,
    ]

    static func isFloat(_ expression: String, _ floats: Set<String>) -> Bool {
        // `UInt8(x.clampedInt(in: 0...255, nan: 0))`: the helper has done the checking.
        if expression.contains(".clampedInt(") { return false }
        for m in floatMarkers where expression.range(of: m, options: .regularExpression) != nil {
            return true
        }
        return identifiers(expression).contains { floats.contains($0) }
    }

    /// Identifiers not preceded by a dot (a member's name says nothing of its base's type).
    static func identifiers(_ expression: String) -> [String] {
        let ns = expression as NSString
        return identifier.matches(in: expression, range: NSRange(location: 0, length: ns.length)).map {
            ns.substring(with: $0.range(at: 1))
        }
    }

    static let identifier = try! NSRegularExpression(
        pattern: #"(?<![.\w])([A-Za-z_]\w*)"#)
    static let typed = try! NSRegularExpression(
        pattern: #"\b([A-Za-z_]\w*)\s*:\s*(Double|Float|CGFloat|SIMD\d<(Double|Float)>)\b"#
    )
    static let single = try! NSRegularExpression(
        pattern: #"\b(?:let|var)\s+([A-Za-z_]\w*)\s*(?::\s*\w+\s*)?=\s*(.+)$"#)
    static let tuple = try! NSRegularExpression(
        pattern: #"\b(?:let|var)\s+\(([^)]*)\)\s*=\s*\((.+)\)\s*$"#)

    /// Floating-point names with the lines they are visible on: from the line declaring them to
    /// the end of the block (braces) holding that line.
    struct Names {
        var entries: [(name: String, lines: ClosedRange<Int>)] = []
        func at(_ line: Int) -> Set<String> {
            Set(entries.lazy.filter { $0.lines.contains(line) }.map(\.name))
        }
    }

    /// Names the file declares as Double or Float (parameters, typed declarations), or binds to a
    /// floating-point expression, repeated until nothing new is found.
    static func floatNames(_ lines: [String]) -> Names {
        let code = lines.map(codePart)
        // The block each line starts in ends where the brace depth first falls below it.
        var depthAtStart: [Int] = []
        var depth = 0
        for line in code {
            depthAtStart.append(depth)
            for c in line {
                if c == "{" { depth += 1 }
                if c == "}" { depth -= 1 }
            }
        }
        func scope(_ i: Int) -> ClosedRange<Int> {
            var end = i
            while end + 1 < code.count, depthAtStart[end + 1] >= depthAtStart[i] { end += 1 }
            return i...end
        }
        var names = Names()
        var known = Set<String>()
        func add(_ name: String, _ i: Int) {
            guard !known.contains("\(name)@\(i)") else { return }
            known.insert("\(name)@\(i)")
            names.entries.append((name, scope(i)))
        }
        for (i, line) in code.enumerated() {
            let ns = line as NSString
            for m in typed.matches(in: line, range: NSRange(location: 0, length: ns.length)) {
                add(ns.substring(with: m.range(at: 1)), i)
            }
        }
        while true {
            let before = names.entries.count
            for (i, line) in code.enumerated() {
                let ns = line as NSString
                let range = NSRange(location: 0, length: ns.length)
                let visible = names.at(i)
                if let m = tuple.firstMatch(in: line, range: range) {
                    let left = ns.substring(with: m.range(at: 1)).split(separator: ",").map {
                        $0.trimmingCharacters(in: .whitespaces)
                    }
                    let right = topLevelParts(ns.substring(with: m.range(at: 2)))
                    for (l, r) in zip(left, right) where isFloat(r, visible) && !isInteger(r) { add(l, i) }
                } else if let m = single.firstMatch(in: line, range: range) {
                    // `let a = x, b > 0 else {`: the first binding only.
                    let value = topLevelParts(ns.substring(with: m.range(at: 2)))[0]
                    if isFloat(value, visible) && !isInteger(value) {
                        add(ns.substring(with: m.range(at: 1)), i)
                    }
                }
            }
            if names.entries.count == before { return names }
        }
    }

    /// An expression whose value is an integer whatever its parts (a conversion, a count).
    static func isInteger(_ value: String) -> Bool {
        let v = value.trimmingCharacters(in: .whitespaces)
        return v.contains(".clampedInt(") || v.hasSuffix(".bitPattern") || v.hasSuffix(".count")
            || integerTypes.contains { v.hasPrefix($0 + "(") }
    }

    static func topLevelParts(_ s: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for c in s {
            if c == "(" || c == "[" { depth += 1 }
            if c == ")" || c == "]" { depth -= 1 }
            if c == "," && depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(c)
            }
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts
    }
}
