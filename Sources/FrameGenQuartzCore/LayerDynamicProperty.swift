import Foundation
import FrameGenCoreGraphics

/// framegen's, not Apple's: what the port makes of a layer subclass's `@NSManaged` property
/// (docs/uikit.md "Drawing in draw(_:)"). On iOS Core Animation stores such a property itself:
/// it starts at zero (nil for an object), and a change marks the layer for display when the
/// class's `needsDisplay(forKey:)` answers true for its name, which is how an animatable
/// progress or chart layer redraws. Swift on Linux has no Objective-C runtime to store it, so
/// the port writes `@LayerDynamicProperty(key: "name")` in its place, which does the same.
@propertyWrapper
public struct LayerDynamicProperty<Value> {
    /// nil until set, for a value with no zero (an object: `@NSManaged var color: UIColor`).
    private var stored: Value?
    /// The property's name, as `needsDisplay(forKey:)` is asked it.
    public let key: String

    public init(key: String) where Value: LayerDynamicValue {
        stored = Value.layerDefault
        self.key = key
    }

    /// A property of a type with no zero, an object's: it is the class's
    /// `defaultValue(forKey:)` until set. On iOS a non-optional object property read before it
    /// is set is nil where Swift promised a value; here such a read stops the program, naming it.
    public init(key: String) {
        stored = nil
        self.key = key
    }

    public init(wrappedValue: Value, key: String) {
        stored = wrappedValue
        self.key = key
    }

    @available(*, unavailable, message: "a layer's dynamic property lives in a CALayer subclass")
    public var wrappedValue: Value {
        get { fatalError("a layer's dynamic property lives in a CALayer subclass") }
        set { fatalError("a layer's dynamic property lives in a CALayer subclass") }
    }

    public static subscript<Layer: CALayer>(
        _enclosingInstance layer: Layer, wrapped wrappedKeyPath: ReferenceWritableKeyPath<Layer, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Layer, LayerDynamicProperty<Value>>
    ) -> Value {
        get {
            let property = layer[keyPath: storageKeyPath]
            if let value = property.stored { return value }
            if let value = type(of: layer).defaultValue(forKey: property.key) as? Value { return value }
            fatalError(
                "\(type(of: layer)).\(property.key) (@NSManaged) was read before it was set, and the class's defaultValue(forKey:) gives none: on iOS it would be nil where its type promises a value"
            )
        }
        set {
            layer[keyPath: storageKeyPath].stored = newValue
            if type(of: layer).needsDisplay(forKey: layer[keyPath: storageKeyPath].key) {
                layer.setNeedsDisplay()
            }
        }
    }
}

/// A value a layer's dynamic property starts at before it is set: Core Animation's zero.
public protocol LayerDynamicValue {
    static var layerDefault: Self { get }
}

extension CGFloat: LayerDynamicValue { public static var layerDefault: CGFloat { 0 } }
extension Double: LayerDynamicValue { public static var layerDefault: Double { 0 } }
extension Float: LayerDynamicValue { public static var layerDefault: Float { 0 } }
extension Int: LayerDynamicValue { public static var layerDefault: Int { 0 } }
extension Bool: LayerDynamicValue { public static var layerDefault: Bool { false } }
extension CGPoint: LayerDynamicValue { public static var layerDefault: CGPoint { .zero } }
extension CGSize: LayerDynamicValue { public static var layerDefault: CGSize { .zero } }
extension CGRect: LayerDynamicValue { public static var layerDefault: CGRect { .zero } }
extension CATransform3D: LayerDynamicValue {
    public static var layerDefault: CATransform3D { CATransform3DIdentity }
}
extension CGAffineTransform: LayerDynamicValue {
    public static var layerDefault: CGAffineTransform { .identity }
}
extension Optional: LayerDynamicValue { public static var layerDefault: Optional { nil } }
extension Array: LayerDynamicValue { public static var layerDefault: Array { [] } }
extension String: LayerDynamicValue { public static var layerDefault: String { "" } }
