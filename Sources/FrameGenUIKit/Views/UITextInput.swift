import Foundation

// Positions and ranges in a text input's text (UIKit's UITextInput), as code reads a field's
// selection or asks where its caret goes. UIKit's are opaque objects each input makes; framegen's
// hold an offset in the text's UTF-16 units, as NSRange counts (docs/uikit.md "Controls").

/// A place in a text input's text.
open class UITextPosition: NSObject {
    /// The UTF-16 offset from the text's start.
    let offset: Int

    /// A position at the text's start, as a subclass of UIKit's starts.
    public override convenience init() { self.init(offset: 0) }

    init(offset: Int) {
        self.offset = offset
        super.init()
    }

    open override func isEqual(_ object: Any?) -> Bool { (object as? UITextPosition)?.offset == offset }
    open override var hash: Int { offset }
}

/// A range of a text input's text, from `start` to `end`.
open class UITextRange: NSObject {
    private let from: UITextPosition
    private let to: UITextPosition

    /// An empty range at the text's start, as a subclass of UIKit's starts.
    public override convenience init() { self.init(from: UITextPosition(), to: UITextPosition()) }

    init(from: UITextPosition, to: UITextPosition) {
        (self.from, self.to) = (from, to)
        super.init()
    }

    open var start: UITextPosition { from }
    open var end: UITextPosition { to }
    open var isEmpty: Bool { from.offset == to.offset }
}

/// The text's positions, ranges and the caret, shared by text inputs over a plain string.
enum TextPositions {
    static func position(_ p: UITextPosition, offset: Int, in text: String) -> UITextPosition? {
        let moved = p.offset + offset
        return (0...text.utf16.count).contains(moved) ? UITextPosition(offset: moved) : nil
    }

    static func range(from: UITextPosition, to: UITextPosition, in text: String) -> UITextRange? {
        let bounds = 0...text.utf16.count
        guard bounds.contains(from.offset), bounds.contains(to.offset) else { return nil }
        return from.offset <= to.offset ? UITextRange(from: from, to: to) : UITextRange(from: to, to: from)
    }

    static func text(in range: UITextRange, of text: String) -> String? {
        let utf16 = text.utf16
        guard range.start.offset >= 0, range.end.offset <= utf16.count, range.start.offset <= range.end.offset
        else { return nil }
        let start = utf16.index(utf16.startIndex, offsetBy: range.start.offset)
        let end = utf16.index(utf16.startIndex, offsetBy: range.end.offset)
        return String(utf16[start..<end])
    }

    static func compare(_ a: UITextPosition, _ b: UITextPosition) -> ComparisonResult {
        a.offset < b.offset ? .orderedAscending : a.offset > b.offset ? .orderedDescending : .orderedSame
    }
}
