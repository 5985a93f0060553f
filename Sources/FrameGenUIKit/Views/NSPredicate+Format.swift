import Foundation

// `NSPredicate(format:)`, which Foundation on Linux marks unavailable (it has no key-value coding
// to read key paths with). Apps use it on strings most of all: `NSPredicate(format: "SELF MATCHES
// %@", emailPattern).evaluate(with: text)` to check what a field holds. framegen parses the
// format language and evaluates what it can without key-value coding: comparisons of the
// evaluated object itself, `SELF` (docs/uikit.md "Predicates"). A format that does not parse ends
// the process as iOS's NSInvalidArgumentException does; one that reads a key path ends it with a
// message saying so, rather than answer wrongly.

extension NSPredicate {
    /// A predicate of `predicateFormat`, its `%@`, `%d`, `%f` (and the like) taking `args` in turn.
    public convenience init(format predicateFormat: String, _ args: CVarArg...) {
        self.init(format: predicateFormat, argumentArray: args)
    }

    /// As `init(format:_:)`, with the arguments in an array (any values: strings, numbers,
    /// arrays for `IN`).
    public convenience init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        let node: PredicateFormat.Node
        do {
            var parser = PredicateFormat.Parser(predicateFormat, arguments: arguments ?? [])
            node = try parser.parse()
        } catch {
            switch error {
            case .syntax(let why):
                NSException(
                    name: .invalidArgumentException,
                    reason: "Unable to parse the format string \"\(predicateFormat)\" (\(why))"
                ).raise()
            case .keyPath(let path):
                UIKitException.terminate(
                    "NSPredicate(format: \"\(predicateFormat)\") reads the key path \(path): framegen's predicates compare SELF only, as there is no key-value coding on Linux (docs/uikit.md \"Predicates\")"
                )
            }
            fatalError("unreachable: raise() ends the process")
        }
        self.init { object, _ in node.evaluate(PredicateFormat.Value(object)) }
    }
}

/// The predicate format language (Apple's "Predicate Format String Syntax"), SELF's part.
enum PredicateFormat {
    enum Failure: Error {
        case syntax(String)
        case keyPath(String)
    }

    /// A value a comparison sees.
    enum Value {
        case string(String)
        case number(Double)
        case array([Value])
        case null

        init(_ any: Any?) {
            switch any {
            case nil: self = .null
            case let s as String: self = .string(s)
            case let s as NSString: self = .string(s as String)
            case let b as Bool: self = .number(b ? 1 : 0)
            case let n as NSNumber: self = .number(n.doubleValue)
            case let i as Int: self = .number(Double(i))
            case let d as Double: self = .number(d)
            case let f as Float: self = .number(Double(f))
            case let c as CGFloat: self = .number(Double(c))
            case let a as [Any]: self = .array(a.map { Value($0) })
            case let a as NSArray: self = .array(a.map { Value($0) })
            case let s as Set<AnyHashable>: self = .array(s.map { Value($0.base) })
            default: self = .string(String(describing: any!))
            }
        }
    }

    struct Options {
        var caseInsensitive = false
        var diacriticInsensitive = false

        func fold(_ s: String) -> String {
            var options: String.CompareOptions = []
            if caseInsensitive { options.insert(.caseInsensitive) }
            if diacriticInsensitive { options.insert(.diacriticInsensitive) }
            return options.isEmpty ? s : s.folding(options: options, locale: nil)
        }
    }

    enum Operator: String {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual =
            ">="
        case matches = "MATCHES", contains = "CONTAINS", beginsWith = "BEGINSWITH", endsWith = "ENDSWITH"
        case like = "LIKE", `in` = "IN"
    }

    enum Operand {
        case this
        case constant(Value)
    }

    indirect enum Node {
        case constant(Bool)
        case not(Node)
        case and(Node, Node)
        case or(Node, Node)
        case comparison(Operand, Operator, Options, Operand)

        func evaluate(_ object: Value) -> Bool {
            switch self {
            case .constant(let b): return b
            case .not(let n): return !n.evaluate(object)
            case .and(let a, let b): return a.evaluate(object) && b.evaluate(object)
            case .or(let a, let b): return a.evaluate(object) || b.evaluate(object)
            case .comparison(let l, let op, let options, let r):
                func value(_ o: Operand) -> Value {
                    if case .constant(let v) = o { return v }
                    return object
                }
                return Self.compare(value(l), op, options, value(r))
            }
        }

        static func compare(_ l: Value, _ op: Operator, _ options: Options, _ r: Value) -> Bool {
            switch (op, l, r) {
            case (.in, _, .array(let items)):
                return items.contains { compare(l, .equal, options, $0) }
            case (.in, .string(let a), .string(let b)):
                return options.fold(b).contains(options.fold(a))
            case (.contains, .array(let items), _):
                return items.contains { compare($0, .equal, options, r) }
            case (_, .string(let a), .string(let b)):
                let (x, y) = (options.fold(a), options.fold(b))
                switch op {
                case .equal: return x == y
                case .notEqual: return x != y
                case .less: return x < y
                case .lessOrEqual: return x <= y
                case .greater: return x > y
                case .greaterOrEqual: return x >= y
                case .contains: return x.contains(y)
                case .beginsWith: return x.hasPrefix(y)
                case .endsWith: return x.hasSuffix(y)
                case .matches: return matches(x, pattern: y, options)
                case .like: return matches(x, pattern: likePattern(y), options)
                case .in: return false
                }
            case (_, .number(let a), .number(let b)):
                switch op {
                case .equal: return a == b
                case .notEqual: return a != b
                case .less: return a < b
                case .lessOrEqual: return a <= b
                case .greater: return a > b
                case .greaterOrEqual: return a >= b
                default: return false
                }
            case (.equal, .null, .null): return true
            case (.notEqual, .null, .null): return false
            case (.equal, _, _): return false
            case (.notEqual, _, _): return true
            default: return false
            }
        }

        /// MATCHES: the whole string against an ICU regular expression.
        static func matches(_ s: String, pattern: String, _ options: Options) -> Bool {
            guard
                let regex = try? NSRegularExpression(
                    pattern: "^(?:" + pattern + ")$",
                    options: options.caseInsensitive ? [.caseInsensitive] : [])
            else { return false }
            return regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil
        }

        /// LIKE's `*` and `?` as a regular expression, everything else literal.
        static func likePattern(_ like: String) -> String {
            var out = ""
            for c in like {
                switch c {
                case "*": out += ".*"
                case "?": out += "."
                default: out += NSRegularExpression.escapedPattern(for: String(c))
                }
            }
            return out
        }
    }

    struct Parser {
        private let text: [Character]
        private var at = 0
        private var arguments: [Any]

        init(_ format: String, arguments: [Any]) {
            text = Array(format)
            self.arguments = arguments
        }

        mutating func parse() throws(Failure) -> Node {
            let node = try or()
            skipSpaces()
            guard at == text.count else { throw .syntax("unexpected \"\(String(text[at...]))\"") }
            return node
        }

        private mutating func skipSpaces() {
            while at < text.count, text[at].isWhitespace { at += 1 }
        }

        /// The next word (letters), upper-cased, without taking it.
        private mutating func peekWord() -> String {
            skipSpaces()
            var end = at
            while end < text.count, text[end].isLetter { end += 1 }
            return String(text[at..<end]).uppercased()
        }

        private mutating func take(_ symbol: String) -> Bool {
            skipSpaces()
            let s = Array(symbol)
            guard at + s.count <= text.count, Array(text[at..<(at + s.count)]) == s else { return false }
            at += s.count
            return true
        }

        private mutating func takeWord(_ words: String...) -> Bool {
            let word = peekWord()
            guard words.contains(word) else { return false }
            at += word.count
            return true
        }

        private mutating func or() throws(Failure) -> Node {
            var node = try and()
            while takeWord("OR") || take("||") { node = .or(node, try and()) }
            return node
        }

        private mutating func and() throws(Failure) -> Node {
            var node = try not()
            while takeWord("AND") || take("&&") { node = .and(node, try not()) }
            return node
        }

        private mutating func not() throws(Failure) -> Node {
            if takeWord("NOT") || (peekSymbol("!") && !peekSymbol("!=") && take("!")) {
                return .not(try not())
            }
            return try primary()
        }

        private mutating func peekSymbol(_ symbol: String) -> Bool {
            skipSpaces()
            let s = Array(symbol)
            return at + s.count <= text.count && Array(text[at..<(at + s.count)]) == s
        }

        private mutating func primary() throws(Failure) -> Node {
            if take("(") {
                let node = try or()
                guard take(")") else { throw .syntax("a \"(\" without its \")\"") }
                return node
            }
            if takeWord("TRUEPREDICATE") { return .constant(true) }
            if takeWord("FALSEPREDICATE") { return .constant(false) }
            let left = try operand()
            let (op, options) = try comparisonOperator()
            let right = try operand()
            return .comparison(left, op, options, right)
        }

        private mutating func comparisonOperator() throws(Failure) -> (Operator, Options) {
            skipSpaces()
            let symbols: [(String, Operator)] = [
                ("==", .equal), ("!=", .notEqual), ("<>", .notEqual), ("<=", .lessOrEqual),
                ("=<", .lessOrEqual),
                (">=", .greaterOrEqual), ("=>", .greaterOrEqual), ("=", .equal), ("<", .less),
                (">", .greater),
            ]
            var found: Operator?
            for (symbol, op) in symbols where take(symbol) {
                found = op
                break
            }
            if found == nil {
                let word = peekWord()
                if let op = Operator(rawValue: word), word.first?.isLetter == true {
                    at += word.count
                    found = op
                }
            }
            guard let op = found else { throw .syntax("no comparison at \"\(String(text[at...]))\"") }
            var options = Options()
            if take("[") {
                while at < text.count, text[at] != "]" {
                    switch text[at] {
                    case "c", "C": options.caseInsensitive = true
                    case "d", "D": options.diacriticInsensitive = true
                    case "n", "N", "l", "L": break
                    default: throw .syntax("an unknown option \"\(text[at])\"")
                    }
                    at += 1
                }
                guard take("]") else { throw .syntax("a \"[\" without its \"]\"") }
            }
            return (op, options)
        }

        private mutating func operand() throws(Failure) -> Operand {
            skipSpaces()
            guard at < text.count else { throw .syntax("the format ends where a value should be") }
            let c = text[at]
            if c == "%" {
                // A length modifier (l, ll, h, q, z), then the conversion.
                at += 1
                while at < text.count, "lhqz".contains(text[at]) { at += 1 }
                guard at < text.count else { throw .syntax("a % without its conversion") }
                let conversion = text[at]
                at += 1
                if conversion == "K" { throw .keyPath("given as %K") }
                guard "@diuoxXfeEgGcs".contains(conversion) else {
                    throw .syntax("an unknown conversion %\(conversion)")
                }
                guard !arguments.isEmpty else { throw .syntax("more %-values than arguments") }
                return .constant(Value(arguments.removeFirst()))
            }
            if c == "'" || c == "\"" {
                at += 1
                var s = ""
                while at < text.count, text[at] != c {
                    if text[at] == "\\", at + 1 < text.count { at += 1 }
                    s.append(text[at])
                    at += 1
                }
                guard at < text.count else { throw .syntax("a string without its closing quote") }
                at += 1
                return .constant(.string(s))
            }
            if c == "{" {
                at += 1
                var items: [Value] = []
                while !take("}") {
                    guard case .constant(let v) = try operand() else { throw .syntax("SELF inside an array") }
                    items.append(v)
                    _ = take(",")
                    guard at < text.count else { throw .syntax("a \"{\" without its \"}\"") }
                }
                return .constant(.array(items))
            }
            if c.isNumber || c == "-" || c == "." {
                var end = at + 1
                while end < text.count, text[end].isNumber || text[end] == "." || text[end] == "e" {
                    end += 1
                }
                guard let n = Double(String(text[at..<end])) else {
                    throw .syntax("a number that does not read")
                }
                at = end
                return .constant(.number(n))
            }
            let word = peekWord()
            switch word {
            case "SELF":
                at += word.count
                if peekSymbol(".") { throw .keyPath("SELF.…") }
                return .this
            case "TRUE", "YES":
                at += word.count
                return .constant(.number(1))
            case "FALSE", "NO":
                at += word.count
                return .constant(.number(0))
            case "NIL", "NULL":
                at += word.count
                return .constant(.null)
            case "":
                throw .syntax("no value at \"\(String(text[at...]))\"")
            default:
                var end = at
                while end < text.count,
                    text[end].isLetter || text[end].isNumber || "._@$#".contains(text[end])
                {
                    end += 1
                }
                throw .keyPath(String(text[at..<end]))
            }
        }
    }
}
