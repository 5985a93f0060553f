import Foundation

/// A colour space (Core Graphics' CGColorSpace). framegen draws and stores colours in sRGB
/// (CGColor.swift), so an RGB space of any name is sRGB's and the device spaces are sRGB and
/// grey; a space is what code passes along (Core Image's `render(_:toBitmap:...)`).
public final class CGColorSpace: Hashable, Sendable {
    public enum Model: Int32, Sendable {
        case unknown = -1
        case monochrome = 0
        case rgb = 1
    }

    public let name: String?
    public let model: Model

    public static let sRGB = "kCGColorSpaceSRGB"
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearGray = "kCGColorSpaceLinearGray"

    init(name: String?, model: Model) {
        self.name = name
        self.model = model
    }

    /// A named space: grey for the grey names, RGB for the others.
    public convenience init?(name: String) {
        let grey = name.contains("Gray")
        self.init(name: name, model: grey ? .monochrome : .rgb)
    }

    /// Whether colours in it are linear (`linearSRGB` and the like) rather than sRGB-encoded.
    public var isLinear: Bool { name?.contains("Linear") ?? false }

    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }

    public static func == (a: CGColorSpace, b: CGColorSpace) -> Bool {
        a.name == b.name && a.model == b.model
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(model)
    }
}

public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: nil, model: .rgb) }
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: nil, model: .monochrome) }
