import Foundation
import FrameGenCoreGraphics

/// A Core Image filter by name. framegen has `CIAreaAverage` (the mean colour of an image over
/// `inputExtent`, one pixel), `CICrop` (`inputRectangle`) and `CIConstantColorGenerator`
/// (`inputColor`); any other name makes no filter (nil), as iOS answers for a name it lacks
/// (docs/uikit.md "Core Image").
open class CIFilter: NSObject, @unchecked Sendable {
    public static let names = ["CIAreaAverage", "CICrop", "CIConstantColorGenerator"]

    public let name: String
    private var values: [String: Any] = [:]

    public init?(name: String) {
        guard Self.names.contains(name) else { return nil }
        self.name = name
        super.init()
    }

    public convenience init?(name: String, parameters params: [String: Any]?) {
        self.init(name: name)
        for (key, value) in params ?? [:] { setValue(value, forKey: key) }
    }

    public class func filterNames(inCategory category: String?) -> [String] { names }

    open func setValue(_ value: Any?, forKey key: String) { values[key] = value }

    open func value(forKey key: String) -> Any? { key == kCIOutputImageKey ? outputImage : values[key] }

    open func setDefaults() {}

    open var inputKeys: [String] {
        switch name {
        case "CIAreaAverage": [kCIInputImageKey, kCIInputExtentKey]
        case "CICrop": [kCIInputImageKey, "inputRectangle"]
        default: [kCIInputColorKey]
        }
    }

    open var outputKeys: [String] { [kCIOutputImageKey] }

    open var attributes: [String: Any] { ["CIAttributeFilterName": name] }

    /// The output, or nil while an input it needs is missing.
    open var outputImage: CIImage? {
        switch name {
        case "CIAreaAverage":
            guard let image = values[kCIInputImageKey] as? CIImage else { return nil }
            let rect = (values[kCIInputExtentKey] as? CIVector)?.cgRectValue ?? image.extent
            guard !rect.isNull, !rect.isInfinite else { return nil }
            return CIImage(
                recipe: .areaAverage(image, rect),
                extent: CGRect(x: rect.minX.rounded(.down), y: rect.minY.rounded(.down), width: 1, height: 1))
        case "CICrop":
            guard let image = values[kCIInputImageKey] as? CIImage else { return nil }
            let rect = (values["inputRectangle"] as? CIVector)?.cgRectValue ?? image.extent
            return image.cropped(to: rect)
        default:
            guard let color = values[kCIInputColorKey] as? CIColor else { return nil }
            return CIImage(color: color)
        }
    }
}
