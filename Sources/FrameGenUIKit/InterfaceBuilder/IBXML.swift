// A minimal, strict XML reader for Interface Builder documents (.storyboard, .xib).
//
// Not FoundationXML: it links libxml2, which the static `make install` build cannot carry. Xcode
// writes a small, regular subset of XML (no external entities, no internal DTD subset in
// practice), so a reader of the well-formedness rules alone is enough; anything outside them is
// an error with a line number rather than a guess, because a storyboard the reader misreads would
// surface much later as a wrong frame or a missing outlet.
//
// Robustness is the point as much as the format: the input comes from users' projects, so every
// read of a byte is preceded by a check of its index against the end, nesting is handled with an
// explicit stack (no recursion that input could deepen), and limits on size, depth and element
// count bound the work.

/// One element of an Interface Builder document.
struct IBElement: Sendable, Equatable {
    var name: String
    /// Attributes in document order (names are unique within an element; a duplicate is an error).
    var attributes: [(String, String)]
    var children: [IBElement]
    /// The element's character data (entities decoded), concatenated, untrimmed; "" when none.
    /// CDATA included.
    var text: String

    init(
        name: String, attributes: [(String, String)] = [], children: [IBElement] = [], text: String = ""
    ) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The value of the attribute named `attribute`, nil when the element has none.
    subscript(attribute: String) -> String? {
        for (name, value) in attributes where name == attribute { return value }
        return nil
    }

    /// The first child element whose `key` attribute equals `key` (IB marks a property's element
    /// so: <rect key="frame" .../>).
    func child(key: String) -> IBElement? {
        children.first { $0["key"] == key }
    }

    /// Child elements named `name`, in order.
    func children(named name: String) -> [IBElement] {
        children.filter { $0.name == name }
    }

    /// The first child named `name`.
    func first(_ name: String) -> IBElement? {
        children.first { $0.name == name }
    }

    // Written out because tuples do not conform to Equatable, so it cannot be synthesized.
    static func == (lhs: IBElement, rhs: IBElement) -> Bool {
        lhs.name == rhs.name && lhs.text == rhs.text
            && lhs.attributes.elementsEqual(rhs.attributes, by: ==) && lhs.children == rhs.children
    }
}

/// Why a document could not be read, and where.
struct IBXMLError: Error, CustomStringConvertible, Equatable {
    /// 1-based line of the problem.
    var line: Int
    /// What is wrong, e.g. "unclosed element <view>".
    var message: String
    var description: String { "line \(line): \(message)" }
}

/// Reads Interface Builder's XML.
enum IBXML {
    /// The largest document read: storyboards of real apps stay within a few megabytes, so this
    /// only stops a runaway input from holding the process.
    static let maximumBytes = 64 * 1024 * 1024
    /// The deepest nesting read; IB's documents nest a few dozen levels at most.
    static let maximumDepth = 256
    /// The most elements read in one document.
    static let maximumElements = 1_000_000

    /// The document's root element. Limits: at most 64 MB of input, nesting depth at most 256, at
    /// most 1_000_000 elements; beyond them, an IBXMLError naming the limit.
    static func parse(_ bytes: [UInt8]) throws(IBXMLError) -> IBElement {
        guard bytes.count <= maximumBytes else {
            throw IBXMLError(line: 1, message: "input of \(bytes.count) bytes exceeds the 64 MB limit")
        }
        // A buffer pointer rather than the array: in a debug build an array's subscript is a call
        // into unspecialized generic code, about twenty times slower per byte, and the scanning
        // loops touch every byte. Each read below is guarded by `i < end` instead.
        return try byteClasses.withUnsafeBufferPointer { (classes) throws(IBXMLError) -> IBElement in
            try bytes.withUnsafeBufferPointer { (buffer) throws(IBXMLError) -> IBElement in
                var reader = IBXMLReader(buffer, classes: classes)
                return try reader.document()
            }
        }
    }
}

// Byte values of the markup, named once: a literal in each comparison would be unreadable, and
// `UInt8(ascii:)` is a function call per byte in a debug build.
private let lessThan: UInt8 = 0x3C  // <
private let greaterThan: UInt8 = 0x3E  // >
private let ampersand: UInt8 = 0x26  // &
private let slash: UInt8 = 0x2F  // /
private let equals: UInt8 = 0x3D  // =
private let question: UInt8 = 0x3F  // ?
private let exclamation: UInt8 = 0x21  // !
private let doubleQuote: UInt8 = 0x22  // "
private let singleQuote: UInt8 = 0x27  // '
private let semicolon: UInt8 = 0x3B  // ;
private let hash: UInt8 = 0x23  // #
private let openBracket: UInt8 = 0x5B  // [
private let closeBracket: UInt8 = 0x5D  // ]
private let hyphen: UInt8 = 0x2D  // -
private let space: UInt8 = 0x20
private let tab: UInt8 = 0x09
private let lineFeed: UInt8 = 0x0A
private let carriageReturn: UInt8 = 0x0D

// Classes of bytes, one bit each in `byteClasses`. A table rather than comparisons because the
// scanning loops test every byte, and in a debug build one load costs a fraction of a chain of
// comparisons.
private let whitespaceClass: UInt8 = 1
/// XML's NameStartChar, with every non-ASCII byte admitted: the input is validated as UTF-8
/// first, and IB's names are ASCII, so the finer Unicode classes would only cost time.
private let nameStartClass: UInt8 = 2
/// XML's NameChar, as loosely.
private let nameClass: UInt8 = 4
/// What stops or complicates a run of text: '<', '&', '\r'.
private let textClass: UInt8 = 8
/// What stops or complicates an attribute's value: the quotes, '<', '&', and the line ends and
/// tab that normalization turns to spaces.
private let valueClass: UInt8 = 16

private let byteClasses: [UInt8] = (0..<256).map { (value: Int) -> UInt8 in
    let c = UInt8(value)
    var classes: UInt8 = 0
    if c == space || c == lineFeed || c == tab || c == carriageReturn { classes |= whitespaceClass }
    let letter = (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A)
    if letter || c == 0x5F || c == 0x3A || c >= 0x80 { classes |= nameStartClass | nameClass }  // _ :
    if (c >= 0x30 && c <= 0x39) || c == hyphen || c == 0x2E { classes |= nameClass }  // digits - .
    if c == lessThan || c == ampersand || c == carriageReturn { classes |= textClass }
    if c == lessThan || c == ampersand || c == doubleQuote || c == singleQuote { classes |= valueClass }
    if c == carriageReturn || c == lineFeed || c == tab { classes |= valueClass }
    return classes
}

/// The state of one parse: the input and the position in it.
private struct IBXMLReader {
    /// An element whose end tag is still to come.
    struct Open {
        var element: IBElement
        /// Its name's bytes, to compare with the end tag's without decoding it.
        var name: Range<Int>
        /// Where its start tag begins, for "unclosed element".
        var start: Int
    }

    /// How a run of character data is decoded.
    enum Content {
        /// Text between tags: entities decoded, line ends normalized to "\n".
        case text
        /// An attribute's value: as text, and then tabs and line ends become spaces (XML's
        /// attribute-value normalization; IB writes a wanted newline as &#10;, which survives).
        case attribute
        /// A CDATA section: line ends normalized, nothing else.
        case cdata
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// `byteClasses`, indexed by byte.
    let classes: UnsafeBufferPointer<UInt8>
    let end: Int
    var i = 0
    var elementCount = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.classes = classes
        self.end = bytes.count
    }

    // MARK: The document

    mutating func document() throws(IBXMLError) -> IBElement {
        if let bad = firstInvalidUTF8() { throw error("invalid UTF-8", at: bad) }
        if looks(at: "\u{FEFF}") { i += 3 }
        // The declaration may only open the document: anywhere else a parser would read it as a
        // processing instruction with a reserved target, which XML forbids.
        if looks(at: "<?xml"), i + 5 < end, isWhitespace(bytes[i + 5]) || bytes[i + 5] == question {
            try skipProcessingInstruction(declarationAllowed: true)
        }
        try skipMisc(doctypeAllowed: true)
        guard i < end else { throw error("no root element", at: i) }
        guard bytes[i] == lessThan else { throw error("text before the root element", at: i) }
        let root = try element()
        try skipMisc(doctypeAllowed: false)
        if i < end {
            throw error(
                bytes[i] == lessThan ? "more than one root element" : "text after the root element", at: i)
        }
        return root
    }

    /// Skips what may surround the root: whitespace, comments, processing instructions and, before
    /// the root, one document type declaration.
    mutating func skipMisc(doctypeAllowed: Bool) throws(IBXMLError) {
        var doctypeAllowed = doctypeAllowed
        while true {
            skipWhitespace()
            if looks(at: "<?") {
                try skipProcessingInstruction(declarationAllowed: false)
            } else if looks(at: "<!--") {
                try skipComment()
            } else if looks(at: "<!DOCTYPE") {
                guard doctypeAllowed else { throw error("unexpected <!DOCTYPE", at: i) }
                doctypeAllowed = false
                try skipDoctype()
            } else {
                return
            }
        }
    }

    /// The element whose start tag is at `i`, with everything in it, read with an explicit stack
    /// so that the input's nesting never becomes the reader's call depth.
    mutating func element() throws(IBXMLError) -> IBElement {
        var stack: [Open] = []
        while true {
            // At a start tag: the root's, or one found in the content below.
            let start = i
            guard stack.count < IBXML.maximumDepth else {
                throw error("elements nested deeper than \(IBXML.maximumDepth) (the limit)", at: start)
            }
            let (element, name, selfClosing) = try startTag()
            if selfClosing {
                guard !stack.isEmpty else { return element }
                stack[stack.count - 1].element.children.append(element)
            } else {
                stack.append(Open(element: element, name: name, start: start))
            }
            // The content of the innermost open element, up to the next start tag.
            content: while true {
                let textStart = i
                let plain: Bool
                (i, plain) = scan(from: i, stoppingAt: lessThan, noting: textClass)
                if i > textStart {
                    let text = try decode(textStart..<i, as: .text, plain: plain)
                    stack[stack.count - 1].element.text += text
                }
                guard i + 1 < end else {
                    let open = stack[stack.count - 1]
                    throw error("unclosed element <\(string(open.name))>", at: open.start)
                }
                switch bytes[i + 1] {
                case slash:
                    // Taken off the stack before its end tag is read: moved, not copied.
                    let open = stack.removeLast()
                    try endTag(closing: open)
                    guard !stack.isEmpty else { return open.element }
                    stack[stack.count - 1].element.children.append(open.element)
                case exclamation:
                    if looks(at: "<!--") {
                        try skipComment()
                    } else if looks(at: "<![CDATA[") {
                        let text = try cdata()
                        stack[stack.count - 1].element.text += text
                    } else {
                        throw error("unexpected markup <!", at: i)
                    }
                case question:
                    try skipProcessingInstruction(declarationAllowed: false)
                default:
                    break content
                }
            }
        }
    }

    // MARK: Tags

    /// Reads the start tag at `i`: the element with its attributes, its name's bytes, and whether
    /// the tag closed it (`<name ... />`).
    mutating func startTag() throws(IBXMLError) -> (IBElement, Range<Int>, Bool) {
        elementCount += 1
        guard elementCount <= IBXML.maximumElements else {
            throw error("more than \(IBXML.maximumElements) elements (the limit)", at: i)
        }
        i += 1  // <
        let nameRange = try name(after: "'<'")
        let tagName = string(nameRange)
        var attributes: [(String, String)] = []
        while true {
            let whitespaceStart = i
            skipWhitespace()
            guard i < end else { throw error("unexpected end of input in start tag <\(tagName)>", at: i) }
            let c = bytes[i]
            if c == greaterThan || c == slash {
                if c == slash {
                    guard i + 1 < end, bytes[i + 1] == greaterThan else {
                        throw error("expected '>' after '/' in <\(tagName)>", at: i)
                    }
                    i += 1
                }
                i += 1
                let element = IBElement(name: tagName, attributes: attributes)
                return (element, nameRange, c == slash)
            }
            guard classes[Int(c)] & nameStartClass != 0 else {
                throw error("unexpected \(describe(c)) in start tag <\(tagName)>", at: i)
            }
            // XML requires the space: `a="1"b="2"` is not well formed.
            guard i > whitespaceStart else {
                throw error("expected whitespace before an attribute in <\(tagName)>", at: i)
            }
            let attribute = try string(name(after: "whitespace"))
            skipWhitespace()
            guard i < end, bytes[i] == equals else {
                throw error("expected '=' after attribute \(attribute) in <\(tagName)>", at: i)
            }
            i += 1
            skipWhitespace()
            guard i < end, bytes[i] == doubleQuote || bytes[i] == singleQuote else {
                throw error("expected a quoted value for attribute \(attribute) in <\(tagName)>", at: i)
            }
            let quote = bytes[i]
            i += 1
            let valueStart = i
            let plain: Bool
            (i, plain) = scan(from: i, stoppingAt: quote, noting: valueClass)
            guard i < end else {
                throw error("unterminated value of attribute \(attribute) in <\(tagName)>", at: i)
            }
            // An unescaped '<' can only mean a broken document (a quote lost earlier), so say so
            // here rather than read on into the next tag.
            if !plain, let bad = firstIndex(of: lessThan, in: valueStart..<i) {
                throw error("'<' in the value of attribute \(attribute) in <\(tagName)>", at: bad)
            }
            let value = try decode(valueStart..<i, as: .attribute, plain: plain)
            i += 1  // the closing quote
            var k = 0
            while k < attributes.count {
                if attributes[k].0 == attribute {
                    throw error("duplicate attribute \(attribute) in <\(tagName)>", at: valueStart)
                }
                k += 1
            }
            // Room for what most of IB's elements carry (a rect's, a color's, a constraint's), so
            // that they allocate once; an element without attributes allocates nothing.
            if attributes.isEmpty { attributes.reserveCapacity(8) }
            attributes.append((attribute, value))
        }
    }

    /// Reads the end tag at `i`, which must close `open`.
    mutating func endTag(closing open: Open) throws(IBXMLError) {
        let tagStart = i
        i += 2  // </
        let nameRange = try name(after: "'</'")
        skipWhitespace()
        guard i < end, bytes[i] == greaterThan else {
            if i >= end { throw error("unexpected end of input in end tag </\(string(nameRange))>", at: i) }
            throw error("expected '>' in end tag </\(string(nameRange))>", at: i)
        }
        i += 1
        guard same(nameRange, open.name) else {
            throw error("mismatched </\(string(nameRange))>, expected </\(open.element.name)>", at: tagStart)
        }
    }

    /// Reads a name at `i`.
    mutating func name(after what: StaticString) throws(IBXMLError) -> Range<Int> {
        let start = i
        guard i < end else { throw error("unexpected end of input after \(what)", at: i) }
        guard classes[Int(bytes[i])] & nameStartClass != 0 else {
            throw error("expected a name after \(what)", at: i)
        }
        i = skip(nameClass, from: i + 1)
        return start..<i
    }

    mutating func skipWhitespace() {
        i = skip(whitespaceClass, from: i)
    }

    // The scanning loops below touch nearly every byte of a document, so they read through raw
    // pointers held in locals: in a debug build that is two to three times as fast as the
    // bounds-checked buffers held in `self`. Each loop's `j < end` is its bounds check, and a
    // class is looked up by a byte, so within the table's 256 entries.

    /// The index of the first byte from `start` on that is not of `byteClass`; `end` if none is.
    func skip(_ byteClass: UInt8, from start: Int) -> Int {
        guard let input = bytes.baseAddress, let table = classes.baseAddress else { return start }
        let end = self.end
        var j = start
        while j < end, table[Int(input[j])] & byteClass != 0 { j += 1 }
        return j
    }

    /// The index of the first `stop` byte from `start` on, `end` if none is, and whether no
    /// byte of `byteClass` but `stop` came before it (the run is plain: `decode` need only copy).
    func scan(from start: Int, stoppingAt stop: UInt8, noting byteClass: UInt8) -> (Int, Bool) {
        guard let input = bytes.baseAddress, let table = classes.baseAddress else { return (start, true) }
        let end = self.end
        var j = start
        var plain = true
        while j < end {
            let c = input[j]
            if table[Int(c)] & byteClass != 0 {
                if c == stop { break }
                plain = false
            }
            j += 1
        }
        return (j, plain)
    }

    /// The index of the first `byte` in `range`, nil if none is.
    func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        var j = range.lowerBound
        while j < range.upperBound {
            if bytes[j] == byte { return j }
            j += 1
        }
        return nil
    }

    func isWhitespace(_ c: UInt8) -> Bool {
        classes[Int(c)] & whitespaceClass != 0
    }

    // MARK: Markup that is skipped or taken whole

    /// Skips the comment at `i` (`<!-- ... -->`).
    mutating func skipComment() throws(IBXMLError) {
        let start = i
        i += 4  // <!--
        while i + 1 < end {
            if bytes[i] == hyphen, bytes[i + 1] == hyphen {
                // XML forbids "--" inside a comment; it can only end one.
                guard i + 2 < end, bytes[i + 2] == greaterThan else {
                    if i + 2 >= end { break }
                    throw error("'--' inside a comment", at: i)
                }
                i += 3
                return
            }
            i += 1
        }
        throw error("unterminated comment", at: start)
    }

    /// Skips the processing instruction at `i` (`<?target ... ?>`), the XML declaration among them
    /// when `declarationAllowed`.
    mutating func skipProcessingInstruction(declarationAllowed: Bool) throws(IBXMLError) {
        let start = i
        i += 2  // <?
        let target = try name(after: "'<?'")
        if !declarationAllowed, target.upperBound - target.lowerBound == 3,
            bytes[target.lowerBound] | 0x20 == 0x78, bytes[target.lowerBound + 1] | 0x20 == 0x6D,
            bytes[target.lowerBound + 2] | 0x20 == 0x6C
        {
            throw error("XML declaration not at the start of the document", at: start)
        }
        while i + 1 < end {
            if bytes[i] == question, bytes[i + 1] == greaterThan {
                i += 2
                return
            }
            i += 1
        }
        throw error("unterminated processing instruction", at: start)
    }

    /// Skips the document type declaration at `i`, with any internal subset: its brackets, its
    /// quoted strings and its comments may hold a '>' that does not end it.
    mutating func skipDoctype() throws(IBXMLError) {
        let start = i
        i += 9  // <!DOCTYPE
        var inSubset = false
        while i < end {
            let c = bytes[i]
            if c == doubleQuote || c == singleQuote {
                i += 1
                while i < end, bytes[i] != c { i += 1 }
            } else if inSubset, looks(at: "<!--") {
                try skipComment()
                continue
            } else if c == openBracket {
                inSubset = true
            } else if c == closeBracket {
                inSubset = false
            } else if c == greaterThan, !inSubset {
                i += 1
                return
            }
            i += 1
        }
        throw error("unterminated <!DOCTYPE", at: start)
    }

    /// Reads the CDATA section at `i` (`<![CDATA[ ... ]]>`): its text, taken as it is.
    mutating func cdata() throws(IBXMLError) -> String {
        let start = i
        i += 9  // <![CDATA[
        let textStart = i
        var plain = true
        while i + 2 < end {
            let c = bytes[i]
            if c == closeBracket, bytes[i + 1] == closeBracket, bytes[i + 2] == greaterThan {
                let text = try decode(textStart..<i, as: .cdata, plain: plain)
                i += 3
                return text
            }
            if c == carriageReturn { plain = false }
            i += 1
        }
        throw error("unterminated CDATA section", at: start)
    }

    // MARK: Character data

    /// The string of the bytes in `range`, decoded as `content`. `plain`: the caller saw no byte
    /// that needs more than UTF-8 decoding (no '&', no line end or tab that normalization changes),
    /// which is most of IB's text and spares building a copy.
    func decode(_ range: Range<Int>, as content: Content, plain: Bool) throws(IBXMLError) -> String {
        if plain { return string(range) }
        var out: [UInt8] = []
        out.reserveCapacity(range.upperBound - range.lowerBound)
        var j = range.lowerBound
        while j < range.upperBound {
            let c = bytes[j]
            if c == carriageReturn {
                // "\r\n" and a lone "\r" are both one line end (XML's end-of-line handling).
                out.append(content == .attribute ? space : lineFeed)
                j += 1
                if j < range.upperBound, bytes[j] == lineFeed { j += 1 }
            } else if content == .attribute, c == lineFeed || c == tab {
                out.append(space)
                j += 1
            } else if content != .cdata, c == ampersand {
                j = try reference(at: j, before: range.upperBound, into: &out)
            } else {
                out.append(c)
                j += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes the entity or character reference at `start` (its '&'), which must end before
    /// `limit`, onto `out`; returns the index after its ';'.
    func reference(at start: Int, before limit: Int, into out: inout [UInt8]) throws(IBXMLError) -> Int {
        var j = start + 1
        // The longest well-formed reference is &#x10FFFF; or a long entity name; anything that
        // runs further without a ';' is a stray '&', so give up early rather than scan the text.
        let searchEnd = min(limit, start + 34)
        while j < searchEnd, bytes[j] != semicolon, bytes[j] != ampersand, !isWhitespace(bytes[j]) { j += 1 }
        guard j < limit, bytes[j] == semicolon else {
            throw error("'&' not followed by an entity or character reference ending in ';'", at: start)
        }
        let body = (start + 1)..<j
        let after = j + 1
        guard !body.isEmpty else { throw error("empty entity reference &;", at: start) }
        if bytes[body.lowerBound] == hash {
            var k = body.lowerBound + 1
            let hex = k < body.upperBound && (bytes[k] == 0x78)  // x
            if hex { k += 1 }
            guard k < body.upperBound else {
                throw error("invalid character reference &\(string(body));", at: start)
            }
            var value: UInt32 = 0
            while k < body.upperBound {
                let d = bytes[k]
                let digit: UInt32
                if d >= 0x30 && d <= 0x39 {
                    digit = UInt32(d - 0x30)
                } else if hex, d >= 0x61 && d <= 0x66 {
                    digit = UInt32(d - 0x61 + 10)
                } else if hex, d >= 0x41 && d <= 0x46 {
                    digit = UInt32(d - 0x41 + 10)
                } else {
                    throw error("invalid character reference &\(string(body));", at: start)
                }
                value = value * (hex ? 16 : 10) + digit
                // Stops before the arithmetic could overflow: anything past this is not Unicode.
                guard value <= 0x10FFFF else {
                    throw error("invalid character reference &\(string(body));", at: start)
                }
                k += 1
            }
            // XML's Char production: no NUL, no other C0 control but tab and line ends, no
            // surrogate, no U+FFFE or U+FFFF.
            let isCharacter =
                value == 0x9 || value == 0xA || value == 0xD || (value >= 0x20 && value <= 0xD7FF)
                || (value >= 0xE000 && value <= 0xFFFD) || (value >= 0x10000 && value <= 0x10FFFF)
            guard isCharacter, let scalar = Unicode.Scalar(value) else {
                throw error("invalid character reference &\(string(body));", at: start)
            }
            UTF8.encode(scalar) { out.append($0) }
            return after
        }
        let replacement: UInt8
        switch string(body) {
        case "lt": replacement = lessThan
        case "gt": replacement = greaterThan
        case "amp": replacement = ampersand
        case "apos": replacement = singleQuote
        case "quot": replacement = doubleQuote
        case let name: throw error("unknown entity &\(name);", at: start)
        }
        out.append(replacement)
        return after
    }

    // MARK: Bytes

    /// Whether the input at `i` starts with `literal`.
    func looks(at literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard end - i >= count else { return false }
        let pointer = literal.utf8Start
        var k = 0
        while k < count {
            if bytes[i + k] != pointer[k] { return false }
            k += 1
        }
        return true
    }

    /// Whether the bytes of two ranges are the same.
    func same(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        // Bounds arithmetic rather than `count`: Range's is generic code, slow in a debug build.
        let count = a.upperBound - a.lowerBound
        guard b.upperBound - b.lowerBound == count else { return false }
        var k = 0
        while k < count {
            if bytes[a.lowerBound + k] != bytes[b.lowerBound + k] { return false }
            k += 1
        }
        return true
    }

    /// The bytes of `range` as a string; the input was validated as UTF-8 first, and ranges start
    /// and end at ASCII markup, so this never repairs anything.
    func string(_ range: Range<Int>) -> String {
        let count = range.upperBound - range.lowerBound
        guard count > 0, let base = bytes.baseAddress else { return "" }
        // A raw copy into the string's storage: `String(decoding:as:)` goes through generic
        // collection code, several times slower in a debug build, and a document makes a
        // string of each name and value.
        let source = UnsafeRawBufferPointer(start: base + range.lowerBound, count: count)
        return String(unsafeUninitializedCapacity: count) { storage in
            UnsafeMutableRawBufferPointer(storage).copyMemory(from: source)
            return count
        }
    }

    /// A byte as an error message names it.
    func describe(_ c: UInt8) -> String {
        c >= 0x21 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : "byte 0x\(String(c, radix: 16))"
    }

    /// The offset of the first byte that is not well-formed UTF-8 (Unicode's table 3-7: no
    /// overlong forms, no surrogates, nothing past U+10FFFF), nil when all are.
    func firstInvalidUTF8() -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var j = 0
        while j < end {
            // Eight bytes at a time while they are all ASCII, as nearly all of IB's are: a
            // quarter of the time of a byte at a time in a debug build.
            while end - j >= 8,
                raw.loadUnaligned(fromByteOffset: j, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                j += 8
            }
            guard j < end else { return nil }
            let c = bytes[j]
            if c < 0x80 {
                j += 1
                continue
            }
            let continuation: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            if c >= 0xC2 && c <= 0xDF {
                continuation = 1
            } else if c == 0xE0 {
                continuation = 2
                low = 0xA0
            } else if c == 0xED {
                continuation = 2
                high = 0x9F
            } else if c >= 0xE1 && c <= 0xEF {
                continuation = 2
            } else if c == 0xF0 {
                continuation = 3
                low = 0x90
            } else if c == 0xF4 {
                continuation = 3
                high = 0x8F
            } else if c >= 0xF1 && c <= 0xF3 {
                continuation = 3
            } else {
                return j
            }
            guard end - j > continuation else { return j }
            let second = bytes[j + 1]
            guard second >= low && second <= high else { return j }
            var k = 2
            while k <= continuation {
                let next = bytes[j + k]
                guard next >= 0x80 && next <= 0xBF else { return j }
                k += 1
            }
            j += continuation + 1
        }
        return nil
    }

    /// An error at byte `offset`, with its line counted then: only a failing parse pays for it.
    func error(_ message: String, at offset: Int) -> IBXMLError {
        var line = 1
        var j = 0
        let stop = min(offset, end)
        while j < stop {
            let c = bytes[j]
            // A lone "\r" ends a line as "\n" and "\r\n" do.
            if c == lineFeed || (c == carriageReturn && (j + 1 >= end || bytes[j + 1] != lineFeed)) {
                line += 1
            }
            j += 1
        }
        return IBXMLError(line: line, message: message)
    }
}
