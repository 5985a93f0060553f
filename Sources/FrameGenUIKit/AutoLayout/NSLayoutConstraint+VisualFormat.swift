import Foundation

extension NSLayoutConstraint {
    /// The visual format language's options: an alignment of every view the format names, and
    /// the direction of `H:` formats. Raw values as UIKit's (an alignment is `1 << attribute`).
    public struct FormatOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)
        public static let directionLeadingToTrailing = FormatOptions([])
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        public static let directionMask = FormatOptions(rawValue: 0x3 << 16)
        public static let spacingEdgeToEdge = FormatOptions([])
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
        public static let spacingMask = FormatOptions(rawValue: 1 << 19)
    }

    /// The constraints a visual format string describes (`"H:|-[title]-8-[badge(24)]-|"`), not
    /// yet active, as UIKit returns them. Apple's grammar: an optional `H:` or `V:`, the
    /// superview `|` at either end, views in brackets with an optional list of size predicates,
    /// connections `-`, `-N-`, `-(>=N@priority,...)-` or none; a predicate's constant is a number,
    /// a name in `metrics`, or another view (equal sizes). A standard space (`-`) is 8 points
    /// between views and 20 to the superview's edge. A format UIKit cannot parse ends the program
    /// with UIKit's message, as its exception ends an app (docs/uikit.md, "Auto Layout").
    public class func constraints(
        withVisualFormat format: String, options: FormatOptions = [], metrics: [String: Any]?,
        views: [String: Any]
    ) -> [NSLayoutConstraint] {
        do {
            var parser = VisualFormatParser(
                format: format, options: options, metrics: metrics ?? [:], views: views)
            return try parser.parse()
        } catch {
            UIKitException.terminate(
                UIKitException.line(
                    "Unable to parse constraint format: \(error.reason)\n\(format)",
                    during: UIKitException.currentCall))
        }
    }
}

private struct VisualFormatError: Error {
    let reason: String
}

/// Apple's visual format language, read left to right into constraints.
private struct VisualFormatParser {
    let format: String
    let options: NSLayoutConstraint.FormatOptions
    let metrics: [String: Any]
    let views: [String: Any]
    private var characters: [Character]
    private var index = 0
    private var constraints: [NSLayoutConstraint] = []
    private var vertical = false

    init(
        format: String, options: NSLayoutConstraint.FormatOptions, metrics: [String: Any],
        views: [String: Any]
    ) {
        self.format = format
        self.options = options
        self.metrics = metrics
        self.views = views
        characters = Array(format.filter { !$0.isWhitespace })
    }

    /// One spacing or size predicate: `>=50@750`, `==other`.
    struct Predicate {
        var relation: NSLayoutConstraint.Relation = .equal
        var constant: CGFloat = 0
        var view: AnyObject?
        var priority: Float = 1000
    }

    private var leadingEdge: NSLayoutConstraint.Attribute {
        if vertical { return .top }
        if options.contains(.directionLeftToRight) { return .left }
        if options.contains(.directionRightToLeft) { return .right }
        return .leading
    }
    private var trailingEdge: NSLayoutConstraint.Attribute {
        if vertical { return .bottom }
        if options.contains(.directionLeftToRight) { return .right }
        if options.contains(.directionRightToLeft) { return .left }
        return .trailing
    }

    mutating func parse() throws(VisualFormatError) -> [NSLayoutConstraint] {
        if characters.count >= 2, characters[1] == ":" {
            switch characters[0] {
            case "H": vertical = false
            case "V": vertical = true
            default: throw VisualFormatError(reason: "Expected 'H' or 'V' before ':'")
            }
            index = 2
        }
        var previous: AnyObject?
        var pendingSpace: [Predicate]?
        var startsAtSuperview = false
        if peek == "|" {
            index += 1
            startsAtSuperview = true
            pendingSpace = try connection(toSuperview: true)
        }
        var named: [AnyObject] = []
        while peek == "[" {
            let view = try viewItem()
            if let previousView = previous {
                for space in pendingSpace ?? [Predicate()] {
                    addSpace(view, leadingEdge, space, previousView, trailingEdge)
                }
            } else if startsAtSuperview, let superview = (view as? UIView)?.superview {
                for space in pendingSpace ?? [Predicate()] {
                    addSpace(view, leadingEdge, space, superview, leadingEdge)
                }
            } else if startsAtSuperview {
                throw VisualFormatError(
                    reason:
                        "Unable to interpret '|' character, because the related view doesn't have a superview"
                )
            }
            named.append(view)
            previous = view
            pendingSpace = nil
            if peek == "|" { break }
            if peek == "-" {
                pendingSpace = try connection(toSuperview: false)
            } else if peek != nil, peek != "[" {
                throw VisualFormatError(reason: "Expected a view or '|'")
            }
        }
        guard let last = previous else { throw VisualFormatError(reason: "Expected a view") }
        if peek == "|" {
            index += 1
            guard let superview = (last as? UIView)?.superview else {
                throw VisualFormatError(
                    reason:
                        "Unable to interpret '|' character, because the related view doesn't have a superview"
                )
            }
            // The space to the trailing edge: superview.trailing (relation) last.trailing + c.
            for space in pendingSpace ?? [Predicate()] {
                var space = space
                space.constant = space.constant == Self.standard ? 20 : space.constant
                addSpace(superview, trailingEdge, space, last, trailingEdge)
            }
        } else if pendingSpace != nil {
            throw VisualFormatError(reason: "Expected a view or '|' after a connection")
        }
        guard index == characters.count else {
            throw VisualFormatError(reason: "Unexpected '\(characters[index])'")
        }
        alignments(named)
        return constraints
    }

    /// Marks a standard space until its ends are known (8 between views, 20 to the superview).
    private static let standard: CGFloat = -.greatestFiniteMagnitude

    private var peek: Character? { index < characters.count ? characters[index] : nil }

    /// `-`, `-N-`, `-(…)-`, read from the first `-`; nil for no connection.
    private mutating func connection(toSuperview: Bool) throws(VisualFormatError) -> [Predicate]? {
        guard peek == "-" else { return nil }
        index += 1
        // `-` alone, followed by a view or the superview: the standard space.
        if peek == "[" || peek == "|" {
            return [Predicate(constant: toSuperview ? 20 : (peek == "|" ? Self.standard : 8))]
        }
        let predicates: [Predicate]
        if peek == "(" {
            predicates = try predicateList()
        } else {
            predicates = [try predicate()]
        }
        guard peek == "-" else { throw VisualFormatError(reason: "Expected '-' after a connection's space") }
        index += 1
        return predicates
    }

    /// `[name]` or `[name(predicates)]`, with its size constraints.
    private mutating func viewItem() throws(VisualFormatError) -> AnyObject {
        index += 1
        var name = ""
        while let c = peek, c.isLetter || c.isNumber || c == "_" {
            name.append(c)
            index += 1
        }
        guard !name.isEmpty, let view = views[name] else {
            throw VisualFormatError(
                reason: name.isEmpty
                    ? "Expected a view name" : "\(name) is not a key in the views dictionary.")
        }
        let object = view as AnyObject
        if peek == "(" {
            let size: NSLayoutConstraint.Attribute = vertical ? .height : .width
            for predicate in try predicateList() { add(object, size, predicate, predicate.view, size) }
        }
        guard peek == "]" else { throw VisualFormatError(reason: "Expected ']'") }
        index += 1
        return object
    }

    private mutating func predicateList() throws(VisualFormatError) -> [Predicate] {
        index += 1
        var list = [try predicate()]
        while peek == "," {
            index += 1
            list.append(try predicate())
        }
        guard peek == ")" else { throw VisualFormatError(reason: "Expected ')'") }
        index += 1
        return list
    }

    private mutating func predicate() throws(VisualFormatError) -> Predicate {
        var result = Predicate()
        if index + 1 < characters.count, characters[index + 1] == "=" {
            switch characters[index] {
            case "=": result.relation = .equal
            case "<": result.relation = .lessThanOrEqual
            case ">": result.relation = .greaterThanOrEqual
            default: throw VisualFormatError(reason: "Expected a relation")
            }
            index += 2
        }
        let object = token()
        if let number = Double(object) {
            result.constant = CGFloat(number)
        } else if let metric = metrics[object] {
            result.constant = try value(metric, named: object)
        } else if let view = views[object] {
            result.view = view as AnyObject
        } else {
            throw VisualFormatError(
                reason: object.isEmpty
                    ? "Expected a number, a metric or a view"
                    : "\(object) is not a key in the metrics or views dictionaries.")
        }
        if peek == "@" {
            index += 1
            let priority = token()
            if let number = Float(priority) {
                result.priority = number
            } else if let metric = metrics[priority] {
                result.priority = Float(try value(metric, named: priority))
            } else {
                throw VisualFormatError(reason: "Expected a priority")
            }
        }
        return result
    }

    private mutating func token() -> String {
        var text = ""
        while let c = peek,
            c.isLetter || c.isNumber || c == "_" || c == "."
                || (c == "-" && text.isEmpty && index + 1 < characters.count
                    && characters[index + 1].isNumber)
        {
            text.append(c)
            index += 1
        }
        return text
    }

    private func value(_ metric: Any, named name: String) throws(VisualFormatError) -> CGFloat {
        switch metric {
        case let v as CGFloat: return v
        case let v as Double: return CGFloat(v)
        case let v as Int: return CGFloat(v)
        case let v as Float: return CGFloat(v)
        case let v as NSNumber: return CGFloat(v.doubleValue)
        default: throw VisualFormatError(reason: "The metric \(name) is not a number")
        }
    }

    /// `first.attribute (relation) second.attribute + constant` at the predicate's priority.
    /// A space along the line, `first.attribute = second.secondAttribute + c`, the later item
    /// first. Read right to left with explicit edges (`.directionRightToLeft`), the line runs
    /// towards smaller x, so the space is measured the other way: the items swap, and
    /// `|-10-[a]` puts a's right edge 10 points inside the superview's right edge.
    private mutating func addSpace(
        _ first: AnyObject, _ attribute: NSLayoutConstraint.Attribute, _ predicate: Predicate,
        _ second: AnyObject, _ secondAttribute: NSLayoutConstraint.Attribute
    ) {
        if !vertical && options.contains(.directionRightToLeft) {
            add(second, secondAttribute, predicate, first, attribute)
        } else {
            add(first, attribute, predicate, second, secondAttribute)
        }
    }

    private mutating func add(
        _ first: AnyObject, _ attribute: NSLayoutConstraint.Attribute, _ predicate: Predicate,
        _ second: AnyObject?,
        _ secondAttribute: NSLayoutConstraint.Attribute
    ) {
        let constant = predicate.constant == Self.standard ? 8 : predicate.constant
        let constraint = NSLayoutConstraint(
            item: first, attribute: attribute, relatedBy: predicate.relation, toItem: second,
            attribute: second == nil ? .notAnAttribute : secondAttribute, multiplier: 1,
            constant: predicate.view == nil ? constant : 0)
        constraint.priority = UILayoutPriority(predicate.priority)
        constraints.append(constraint)
    }

    /// The options' alignments: each view after the first aligned with the one before.
    private mutating func alignments(_ named: [AnyObject]) {
        let all: [(NSLayoutConstraint.FormatOptions, NSLayoutConstraint.Attribute)] = [
            (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top),
            (.alignAllBottom, .bottom),
            (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
            (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline),
            (.alignAllFirstBaseline, .firstBaseline),
        ]
        for (option, attribute) in all where options.contains(option) {
            for (a, b) in zip(named, named.dropFirst()) {
                constraints.append(
                    NSLayoutConstraint(
                        item: b, attribute: attribute, relatedBy: .equal, toItem: a, attribute: attribute,
                        multiplier: 1, constant: 0))
            }
        }
    }
}
