/// The position of an element: its section and its item within the section (UIKit's IndexPath
/// for collection views). Ordered section first, then item, as UIKit sorts index paths.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(item: Int, section: Int) {
        self.section = section
        self.item = item
    }

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }

    public var description: String { "[\(section), \(item)]" }
}
