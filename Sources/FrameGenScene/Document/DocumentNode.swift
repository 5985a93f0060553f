import FrameGenGeometry

/// A value of a document together with where it is (file and key path), with typed accessors
/// whose errors say: the file, the key path, what was found and what was expected.
public struct DocumentNode: Sendable {
    public let value: DocumentValue
    /// `timeline[3].scroll.duration`; empty at the root.
    public let path: String
    public let file: String

    public init(value: DocumentValue, path: String, file: String) {
        self.value = value
        self.path = path
        self.file = file
    }

    public func error(_ expected: String) -> FrameGenError {
        .badInput(file, "\(path.isEmpty ? "the document" : path): found \(value.found), expected \(expected)")
    }

    public func problem(_ message: String) -> FrameGenError {
        .badInput(file, "\(path.isEmpty ? "the document" : path): \(message)")
    }

    func child(_ key: String, _ value: DocumentValue) -> DocumentNode {
        DocumentNode(value: value, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    public var isNull: Bool { value == .null }

    public func number() throws(FrameGenError) -> Double {
        guard case .number(let n) = value, n.isFinite else { throw error("a finite number") }
        return n
    }

    public func number(in range: ClosedRange<Double>) throws(FrameGenError) -> Double {
        guard case .number(let n) = value, range.contains(n) else {
            throw error(
                "a number from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound))")
        }
        return n
    }

    public func positive() throws(FrameGenError) -> Double {
        let n = try number()
        guard n > 0 else { throw error("a number greater than 0") }
        return n
    }

    public func nonNegative() throws(FrameGenError) -> Double {
        let n = try number()
        guard n >= 0 else { throw error("a number of 0 or more") }
        return n
    }

    public func integer(in range: ClosedRange<Int>) throws(FrameGenError) -> Int {
        guard case .number(let n) = value, n == n.rounded(), Double(range.lowerBound) <= n,
            n <= Double(range.upperBound)
        else { throw error("a whole number from \(range.lowerBound) to \(range.upperBound)") }
        return Int(n)
    }

    public func string() throws(FrameGenError) -> String {
        guard case .string(let s) = value else { throw error("a string") }
        return s
    }

    /// A string that is drawn as text: a title, a header's text template, an element's label.
    /// Longer ones are refused here, before any glyph is shaped or any mask allocated.
    public func text() throws(FrameGenError) -> String {
        let s = try string()
        guard s.unicodeScalars.count <= maximumTextLength else {
            throw problem(
                "text of \(s.unicodeScalars.count) characters is over the limit of \(maximumTextLength)")
        }
        return s
    }

    public func bool() throws(FrameGenError) -> Bool {
        guard case .bool(let b) = value else { throw error("true or false") }
        return b
    }

    public func list() throws(FrameGenError) -> [DocumentNode] {
        guard case .list(let items) = value else { throw error("a list") }
        return items.enumerated().map {
            DocumentNode(value: $1, path: "\(path)[\($0)]", file: file)
        }
    }

    /// A list of exactly `count` finite numbers (`[x, y]`, `[top, left, bottom, right]`...),
    /// each at most `limit` in magnitude when one is given.
    public func numbers(_ count: Int, _ what: String, within limit: Double? = nil) throws(FrameGenError)
        -> [Double]
    {
        guard case .list(let items) = value, items.count == count else { throw error(what) }
        var out: [Double] = []
        for (i, item) in items.enumerated() {
            guard case .number(let n) = item, n.isFinite else {
                throw element(i).error("a number (of \(what))")
            }
            if let limit, abs(n) > limit {
                throw element(i).error(
                    "a number from \(formatNumber(-limit)) to \(formatNumber(limit)) (of \(what))")
            }
            out.append(n)
        }
        return out
    }

    /// The i-th element of a list, for messages about it (`key[i]`).
    public func element(_ i: Int) -> DocumentNode {
        guard case .list(let items) = value, items.indices.contains(i) else { return self }
        return DocumentNode(value: items[i], path: "\(path)[\(i)]", file: file)
    }

    public func point(within limit: Double? = nil) throws(FrameGenError) -> Point {
        let v = try numbers(2, "[x, y]", within: limit)
        return Point(x: v[0], y: v[1])
    }

    public func size(within limit: Double? = nil) throws(FrameGenError) -> Size {
        let v = try numbers(2, "[width, height]", within: limit)
        guard v[0] >= 0, v[1] >= 0 else { throw error("[width, height] of 0 or more") }
        return Size(width: v[0], height: v[1])
    }

    public func rect(within limit: Double? = nil) throws(FrameGenError) -> Rect {
        let v = try numbers(4, "[x, y, width, height]", within: limit)
        guard v[2] >= 0, v[3] >= 0 else { throw error("[x, y, width, height] with a size of 0 or more") }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// The value as a mapping whose keys are checked against `allowed` when `finish` is called.
    public func map(_ what: String = "a mapping") throws(FrameGenError) -> DocumentMap {
        guard case .map(let pairs) = value else { throw error(what) }
        return DocumentMap(node: self, pairs: pairs)
    }
}

/// A mapping being read: every key that is looked at is remembered, and `finish(allowed:)`
/// reports any other key as unknown, with a did-you-mean when one allowed key is close.
public struct DocumentMap: Sendable {
    public let node: DocumentNode
    let pairs: [(key: String, value: DocumentValue)]

    public var keys: [String] { pairs.map(\.key) }

    public subscript(_ key: String) -> DocumentNode? {
        guard let v = pairs.first(where: { $0.key == key })?.value else { return nil }
        return node.child(key, v)
    }

    /// The same mapping without `key` (already read by the caller).
    public func without(_ key: String) -> DocumentMap {
        DocumentMap(node: node, pairs: pairs.filter { $0.key != key })
    }

    public func required(_ key: String) throws(FrameGenError) -> DocumentNode {
        guard let n = self[key] else { throw node.problem("missing key \"\(key)\"") }
        return n
    }

    /// Throws for the first key not in `allowed`.
    public func check(allowed: [String]) throws(FrameGenError) {
        for (key, _) in pairs where !allowed.contains(key) {
            let at = node.path.isEmpty ? key : "\(node.path).\(key)"
            var message = "\(at): unknown key"
            if let close = closestName(to: key, in: allowed) { message += " (did you mean \"\(close)\"?)" }
            message += "; expected one of: " + allowed.joined(separator: ", ")
            throw .badInput(node.file, message)
        }
    }
}

/// The allowed name within edit distance 2 (or a third of the length) of `name`, if one is.
public func closestName(to name: String, in names: [String]) -> String? {
    let limit = max(2, name.count / 3)
    // Ties go to a name the typo begins (`aspectfil` is `aspectFill` cut short).
    let scored = names.map { candidate in
        (
            candidate,
            editDistance(name.lowercased(), candidate.lowercased()) * 2
                - (candidate.lowercased().hasPrefix(name.lowercased()) ? 1 : 0)
        )
    }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit * 2 else { return nil }
    return best.0
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(
                previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

/// The longest text an element may carry (Unicode scalars): titles and labels are short, and a
/// longer string is a mistake (a file pasted into a title) that would only make huge masks.
public let maximumTextLength = 10_000
