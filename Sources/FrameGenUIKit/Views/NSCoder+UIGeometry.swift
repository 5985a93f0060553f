import Foundation
import FrameGenCoreGraphics

/// UIKit's geometry strings and their coding (UIGeometry.h): `NSCoder.string(for:)` and
/// `NSCoder.cgRect(for:)` (`NSStringFromCGRect` and `CGRectFromString` in Objective-C), and
/// `encode(_:forKey:)` / `decodeUIEdgeInsets(forKey:)`, which archive a value as that string, as
/// UIKit does (Foundation's own `encode(_:forKey:)` of a point, size and rectangle does the
/// same). The strings are iOS's: `{x, y}`, `{{x, y}, {w, h}}`, `[a, b, c, d, tx, ty]`, insets
/// `{top, left, bottom, right}`, each number as `%.17g` prints it (`20.333333333333332`, `375`).
/// Reading one takes its numbers in order and leaves any that are missing zero, as UIKit's
/// parser does with a malformed string.
extension NSCoder {
    public static func string(for point: CGPoint) -> String { "{\(g(point.x)), \(g(point.y))}" }
    public static func string(for vector: CGVector) -> String { "{\(g(vector.dx)), \(g(vector.dy))}" }
    public static func string(for size: CGSize) -> String { "{\(g(size.width)), \(g(size.height))}" }
    public static func string(for rect: CGRect) -> String {
        "{\(string(for: rect.origin)), \(string(for: rect.size))}"
    }
    public static func string(for transform: CGAffineTransform) -> String {
        "["
            + [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map(g)
            .joined(separator: ", ") + "]"
    }
    public static func string(for insets: UIEdgeInsets) -> String {
        "{\(g(insets.top)), \(g(insets.left)), \(g(insets.bottom)), \(g(insets.right))}"
    }
    public static func string(for insets: NSDirectionalEdgeInsets) -> String {
        "{\(g(insets.top)), \(g(insets.leading)), \(g(insets.bottom)), \(g(insets.trailing))}"
    }
    public static func string(for offset: UIOffset) -> String {
        "{\(g(offset.horizontal)), \(g(offset.vertical))}"
    }

    public static func cgPoint(for string: String) -> CGPoint {
        let n = numbers(string, 2)
        return CGPoint(x: n[0], y: n[1])
    }
    public static func cgVector(for string: String) -> CGVector {
        let n = numbers(string, 2)
        return CGVector(dx: n[0], dy: n[1])
    }
    public static func cgSize(for string: String) -> CGSize {
        let n = numbers(string, 2)
        return CGSize(width: n[0], height: n[1])
    }
    public static func cgRect(for string: String) -> CGRect {
        let n = numbers(string, 4)
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
    public static func cgAffineTransform(for string: String) -> CGAffineTransform {
        let n = numbers(string, 6)
        return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }
    public static func uiEdgeInsets(for string: String) -> UIEdgeInsets {
        let n = numbers(string, 4)
        return UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }
    public static func nsDirectionalEdgeInsets(for string: String) -> NSDirectionalEdgeInsets {
        let n = numbers(string, 4)
        return NSDirectionalEdgeInsets(top: n[0], leading: n[1], bottom: n[2], trailing: n[3])
    }
    public static func uiOffset(for string: String) -> UIOffset {
        let n = numbers(string, 2)
        return UIOffset(horizontal: n[0], vertical: n[1])
    }

    public func encode(_ vector: CGVector, forKey key: String) {
        encodeString(NSCoder.string(for: vector), key)
    }
    public func encode(_ transform: CGAffineTransform, forKey key: String) {
        encodeString(NSCoder.string(for: transform), key)
    }
    public func encode(_ insets: UIEdgeInsets, forKey key: String) {
        encodeString(NSCoder.string(for: insets), key)
    }
    public func encode(_ insets: NSDirectionalEdgeInsets, forKey key: String) {
        encodeString(NSCoder.string(for: insets), key)
    }
    public func encode(_ offset: UIOffset, forKey key: String) {
        encodeString(NSCoder.string(for: offset), key)
    }

    // Foundation on Linux encodes CGPoint, CGSize and CGRect itself (`encode(_: NSRect, forKey:)`,
    // the same string): UIKit's names read them back, zero for a key that is not there, as on
    // iOS (Linux's `decodePoint(forKey:)` stops the program there).
    public func decodeCGPoint(forKey key: String) -> CGPoint {
        containsValue(forKey: key) ? decodePoint(forKey: key) : .zero
    }
    public func decodeCGVector(forKey key: String) -> CGVector { NSCoder.cgVector(for: decodedString(key)) }
    public func decodeCGSize(forKey key: String) -> CGSize {
        containsValue(forKey: key) ? decodeSize(forKey: key) : .zero
    }
    public func decodeCGRect(forKey key: String) -> CGRect {
        containsValue(forKey: key) ? decodeRect(forKey: key) : .zero
    }
    public func decodeCGAffineTransform(forKey key: String) -> CGAffineTransform {
        NSCoder.cgAffineTransform(for: decodedString(key))
    }
    public func decodeUIEdgeInsets(forKey key: String) -> UIEdgeInsets {
        NSCoder.uiEdgeInsets(for: decodedString(key))
    }
    public func decodeDirectionalEdgeInsets(forKey key: String) -> NSDirectionalEdgeInsets {
        NSCoder.nsDirectionalEdgeInsets(for: decodedString(key))
    }
    public func decodeUIOffset(forKey key: String) -> UIOffset { NSCoder.uiOffset(for: decodedString(key)) }

    private func encodeString(_ string: String, _ key: String) {
        encode(NSString(string: string), forKey: key)
    }

    /// The string archived under `key`, or none (then every number is zero, as on iOS).
    private func decodedString(_ key: String) -> String {
        guard containsValue(forKey: key) else { return "" }
        return decodeObject(of: NSString.self, forKey: key).map { String($0) } ?? ""
    }

    private static func g(_ value: CGFloat) -> String { String(format: "%.17g", Double(value)) }

    /// The first `count` numbers of `string`, in order, zero where there are fewer.
    private static func numbers(_ string: String, _ count: Int) -> [CGFloat] {
        var found: [CGFloat] = []
        let scanner = Scanner(string: string)
        scanner.charactersToBeSkipped = CharacterSet(charactersIn: "{}[], \t\n")
        while found.count < count, !scanner.isAtEnd {
            if let value = scanner.scanDouble() {
                found.append(CGFloat(value))
            } else {
                _ = scanner.scanCharacter()
            }
        }
        return found + Array(repeating: 0, count: count - found.count)
    }
}
