@testable import FrameGenScene

/// A JSON Schema (draft 2020-12) validator for the keywords docs/scene.schema.json uses, over the
/// value tree FrameGenKit's Document reader makes of YAML and JSON. A schema using any other
/// keyword is refused when loaded: a keyword this validator silently skipped would make the
/// schema look stricter than anything here checks.
struct JSONSchemaValidator {
    struct SchemaError: Error, CustomStringConvertible {
        let description: String
    }

    /// Keywords that only annotate (editors show them; validation ignores them).
    static let annotations: Set<String> = [
        "$schema", "$id", "$comment", "$defs", "title", "description", "default", "examples",
    ]
    static let assertions: Set<String> = [
        "$ref", "type", "properties", "required", "additionalProperties", "enum", "const", "items",
        "prefixItems", "minItems", "maxItems", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "oneOf", "anyOf", "allOf", "not", "if", "then", "else", "pattern",
    ]

    let root: DocumentValue

    init(_ root: DocumentValue) throws(SchemaError) {
        self.root = root
        try check(root, at: "#")
    }

    /// Every problem of `value`, each as `path: what`; empty when it is valid.
    func validate(_ value: DocumentValue) -> [String] {
        var problems: [String] = []
        validate(value, against: root, at: "", into: &problems)
        return problems
    }

    /// Every problem of `value` against a part of the schema (references resolve in the whole).
    func validate(_ value: DocumentValue, against schema: DocumentValue) -> [String] {
        var problems: [String] = []
        validate(value, against: schema, at: "", into: &problems)
        return problems
    }

    // MARK: Schema checking

    private func check(_ schema: DocumentValue, at path: String) throws(SchemaError) {
        if case .bool = schema { return }
        guard case .map(let pairs) = schema else { throw SchemaError(description: "\(path): not a schema") }
        for (key, value) in pairs {
            let here = "\(path)/\(key)"
            guard Self.annotations.contains(key) || Self.assertions.contains(key) else {
                throw SchemaError(description: "\(here): keyword not supported by this validator")
            }
            switch key {
            case "$defs", "properties":
                guard case .map(let children) = value else {
                    throw SchemaError(description: "\(here): not a mapping")
                }
                for (name, child) in children { try check(child, at: "\(here)/\(name)") }
            case "additionalProperties", "items", "not", "if", "then", "else":
                try check(value, at: here)
            case "prefixItems", "oneOf", "anyOf", "allOf":
                guard case .list(let list) = value, !list.isEmpty else {
                    throw SchemaError(description: "\(here): not a non-empty list")
                }
                for (i, child) in list.enumerated() { try check(child, at: "\(here)/\(i)") }
            case "$ref":
                guard case .string(let ref) = value, resolve(ref) != nil else {
                    throw SchemaError(description: "\(here): unresolvable reference")
                }
            case "pattern":
                guard case .string(let p) = value, (try? Regex(p)) != nil else {
                    throw SchemaError(description: "\(here): not a regular expression")
                }
            default: break
            }
        }
    }

    /// `#` or `#/$defs/NAME` (the only references the schema needs).
    private func resolve(_ ref: String) -> DocumentValue? {
        if ref == "#" { return root }
        guard ref.hasPrefix("#/$defs/"), let defs = member(root, "$defs") else { return nil }
        return member(defs, String(ref.dropFirst("#/$defs/".count)))
    }

    // MARK: Validation

    private func validate(
        _ value: DocumentValue, against schema: DocumentValue, at path: String, into problems: inout [String]
    ) {
        let at = path.isEmpty ? "(root)" : path
        switch schema {
        case .bool(true): return
        case .bool(false):
            problems.append("\(at): not allowed here")
            return
        default: break
        }
        if case .string(let ref)? = member(schema, "$ref"), let target = resolve(ref) {
            validate(value, against: target, at: path, into: &problems)
        }
        if let type = member(schema, "type") {
            let names: [String]
            switch type {
            case .string(let s): names = [s]
            case .list(let l): names = l.compactMap { if case .string(let s) = $0 { s } else { nil } }
            default: names = []
            }
            if !names.contains(where: { Self.has(value, type: $0) }) {
                problems.append(
                    "\(at): found \(value.found), expected type \(names.joined(separator: " or "))")
                return
            }
        }
        if case .list(let options)? = member(schema, "enum"),
            !options.contains(where: { Self.equal($0, value) })
        {
            problems.append(
                "\(at): \(value.found) is not one of \(options.map(\.found).joined(separator: ", "))")
        }
        if let c = member(schema, "const"), !Self.equal(c, value) {
            problems.append("\(at): found \(value.found), expected \(c.found)")
        }
        if case .number(let n) = value {
            let bounds: [(String, (Double, Double) -> Bool)] = [
                ("minimum", { $0 >= $1 }), ("maximum", { $0 <= $1 }),
                ("exclusiveMinimum", { $0 > $1 }), ("exclusiveMaximum", { $0 < $1 }),
            ]
            for (keyword, holds) in bounds {
                if case .number(let limit)? = member(schema, keyword), !holds(n, limit) {
                    problems.append("\(at): \(value.found) fails \(keyword) \(limit.found)")
                }
            }
        }
        if case .string(let s) = value, case .string(let p)? = member(schema, "pattern"),
            let regex = try? Regex(p), s.firstMatch(of: regex) == nil
        {
            problems.append("\(at): \(value.found) does not match \(p)")
        }
        if case .map(let pairs) = value {
            validateObject(pairs, against: schema, at: path, into: &problems)
        }
        if case .list(let items) = value {
            validateArray(items, against: schema, at: path, into: &problems)
        }
        validateCombinations(value, against: schema, at: path, into: &problems)
    }

    private func validateObject(
        _ pairs: [(key: String, value: DocumentValue)], against schema: DocumentValue, at path: String,
        into problems: inout [String]
    ) {
        if case .list(let required)? = member(schema, "required") {
            for case .string(let key) in required where !pairs.contains(where: { $0.key == key }) {
                problems.append("\(path.isEmpty ? "(root)" : path): missing key \"\(key)\"")
            }
        }
        let properties = member(schema, "properties")
        let additional = member(schema, "additionalProperties")
        for (key, child) in pairs {
            let childPath = path.isEmpty ? key : "\(path).\(key)"
            if let properties, let s = member(properties, key) {
                validate(child, against: s, at: childPath, into: &problems)
            } else if let additional {
                if additional == .bool(false) {
                    problems.append("\(childPath): unknown key")
                } else {
                    validate(child, against: additional, at: childPath, into: &problems)
                }
            }
        }
    }

    private func validateArray(
        _ items: [DocumentValue], against schema: DocumentValue, at path: String,
        into problems: inout [String]
    ) {
        if case .number(let n)? = member(schema, "minItems"), Double(items.count) < n {
            problems.append("\(path): \(items.count) items, expected at least \(n.found)")
        }
        if case .number(let n)? = member(schema, "maxItems"), Double(items.count) > n {
            problems.append("\(path): \(items.count) items, expected at most \(n.found)")
        }
        var prefix = 0
        if case .list(let schemas)? = member(schema, "prefixItems") {
            prefix = schemas.count
            for (i, (item, s)) in zip(items, schemas).enumerated() {
                validate(item, against: s, at: "\(path)[\(i)]", into: &problems)
            }
        }
        if let s = member(schema, "items") {
            for i in items.indices where i >= prefix {
                validate(items[i], against: s, at: "\(path)[\(i)]", into: &problems)
            }
        }
    }

    private func validateCombinations(
        _ value: DocumentValue, against schema: DocumentValue, at path: String, into problems: inout [String]
    ) {
        let at = path.isEmpty ? "(root)" : path
        func passes(_ s: DocumentValue) -> Bool {
            var scratch: [String] = []
            validate(value, against: s, at: path, into: &scratch)
            return scratch.isEmpty
        }
        if case .list(let all)? = member(schema, "allOf") {
            for s in all { validate(value, against: s, at: path, into: &problems) }
        }
        if case .list(let any)? = member(schema, "anyOf"), !any.contains(where: passes) {
            problems.append("\(at): \(value.found) matches none of anyOf's \(any.count) schemas")
        }
        if case .list(let one)? = member(schema, "oneOf") {
            let matching = one.filter(passes).count
            if matching != 1 {
                problems.append(
                    "\(at): \(value.found) matches \(matching) of oneOf's schemas, expected exactly 1")
            }
        }
        if let not = member(schema, "not"), passes(not) {
            problems.append("\(at): matches a schema it must not (\(not.found))")
        }
        if let condition = member(schema, "if") {
            if let then = member(schema, "then"), passes(condition) {
                validate(value, against: then, at: path, into: &problems)
            } else if let otherwise = member(schema, "else"), !passes(condition) {
                validate(value, against: otherwise, at: path, into: &problems)
            }
        }
    }

    // MARK: Values

    static func has(_ value: DocumentValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .map), ("array", .list), ("string", .string), ("boolean", .bool), ("null", .null):
            return true
        case ("number", .number(let n)): return n.isFinite
        case ("integer", .number(let n)): return n.isFinite && n == n.rounded()
        default: return false
        }
    }

    /// JSON equality: mappings compare regardless of key order.
    static func equal(_ a: DocumentValue, _ b: DocumentValue) -> Bool {
        switch (a, b) {
        case (.map(let x), .map(let y)):
            return x.count == y.count
                && x.allSatisfy { pair in y.contains { $0.key == pair.key && equal($0.value, pair.value) } }
        case (.list(let x), .list(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        default: return a == b
        }
    }
}

/// The value of `key` in a mapping; nil for a missing key or a value that is not a mapping.
func member(_ value: DocumentValue, _ key: String) -> DocumentValue? {
    guard case .map(let pairs) = value else { return nil }
    return pairs.first { $0.key == key }?.value
}

extension Double {
    fileprivate var found: String { DocumentValue.number(self).found }
}
