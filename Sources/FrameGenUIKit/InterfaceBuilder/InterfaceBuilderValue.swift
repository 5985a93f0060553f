import Foundation

/// What storyboards and nibs need of the program around them, that Swift on Linux does not give
/// by itself (docs/uikit.md, "Storyboards and nibs").
public enum InterfaceBuilder {
    /// `setValue(_:forKey:)` reached UIResponder's: nothing declared the key.
    static func warnUnknownKey(_ key: String, of object: AnyObject) {
        warn(
            "setValue(_:forKey: \"\(key)\"): \(type(of: object)) has no @IBOutlet or @IBInspectable property"
                + " of that name (iOS raises NSUnknownKeyException: not key value coding-compliant)")
    }

    /// `value` as the type of the property the port's `setValue(_:forKey:)` sets: itself when
    /// it is one, a number as the property's kind of number (a runtime attribute's numbers are
    /// Doubles here, NSNumbers on iOS), an array of objects as an array of the element type.
    /// nil when it cannot be, which leaves the property as it was.
    public static func value<T>(_ value: Any?, as type: T.Type) -> T? {
        if let value = value as? T { return value }
        switch value {
        case let x as Double: return converted(x, to: type)
        case let x as Int: return converted(Double(x), to: type)
        case let x as CGFloat: return converted(Double(x), to: type)
        case let flag as Bool: return converted(flag ? 1 : 0, to: type)
        default: return nil
        }
    }

    private static func converted<T>(_ x: Double, to type: T.Type) -> T? {
        let converted: Any? =
            switch type {
            case is CGFloat.Type, is CGFloat?.Type: CGFloat(x)
            case is Float.Type, is Float?.Type: Float(x)
            case is Double.Type, is Double?.Type: x
            case is Int.Type, is Int?.Type: x.isFinite && abs(x) < 9e18 ? Int(x) : nil
            case is Bool.Type, is Bool?.Type: x != 0
            default: nil
            }
        return converted as? T
    }
}
