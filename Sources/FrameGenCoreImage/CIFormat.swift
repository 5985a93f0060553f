import Foundation
import FrameGenCoreGraphics

/// A bitmap's pixel format (Core Image's `CIFormat`): framegen reads and writes the 8-bit RGBA
/// orders and 32-bit float RGBA.
public struct CIFormat: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let ARGB8 = CIFormat(rawValue: 264)
    public static let BGRA8 = CIFormat(rawValue: 266)
    public static let RGBA8 = CIFormat(rawValue: 268)
    public static let RGBAh = CIFormat(rawValue: 2056)
    public static let RGBAf = CIFormat(rawValue: 2064)
    public static let A8 = CIFormat(rawValue: 267)
    public static let L8 = CIFormat(rawValue: 280)

    var bytesPerPixel: Int? {
        switch self {
        case .ARGB8, .BGRA8, .RGBA8: 4
        case .RGBAf: 16
        default: nil
        }
    }

    /// The pixel at `p`, premultiplied RGBA in 0...1.
    func read(_ p: UnsafeRawPointer) -> SIMD4<Float> {
        func byte(_ i: Int) -> Float { Float(p.load(fromByteOffset: i, as: UInt8.self)) / 255 }
        switch self {
        case .BGRA8: return SIMD4(byte(2), byte(1), byte(0), byte(3))
        case .ARGB8: return SIMD4(byte(1), byte(2), byte(3), byte(0))
        case .RGBAf: return p.loadUnaligned(as: SIMD4<Float>.self)
        default: return SIMD4(byte(0), byte(1), byte(2), byte(3))
        }
    }

    /// Writes `c` (premultiplied RGBA) at `p`, 8-bit values rounded to the nearest.
    func write(_ c: SIMD4<Float>, to p: UnsafeMutableRawPointer) {
        func bytes(_ a: Float, _ b: Float, _ c: Float, _ d: Float) {
            func byte(_ v: Float) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
            p.storeBytes(of: byte(a), toByteOffset: 0, as: UInt8.self)
            p.storeBytes(of: byte(b), toByteOffset: 1, as: UInt8.self)
            p.storeBytes(of: byte(c), toByteOffset: 2, as: UInt8.self)
            p.storeBytes(of: byte(d), toByteOffset: 3, as: UInt8.self)
        }
        switch self {
        case .BGRA8: bytes(c.z, c.y, c.x, c.w)
        case .ARGB8: bytes(c.w, c.x, c.y, c.z)
        case .RGBAf: p.storeBytes(of: c, as: SIMD4<Float>.self)
        default: bytes(c.x, c.y, c.z, c.w)
        }
    }
}

/// A colour as Core Image takes one: unpremultiplied sRGB components.
open class CIColor: NSObject, @unchecked Sendable {
    public let red: CGFloat
    public let green: CGFloat
    public let blue: CGFloat
    public let alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        super.init()
    }

    public convenience init(cgColor: CGColor) {
        let c = cgColor.components ?? [0, 0, 0, 0]
        if c.count == 2 {
            self.init(red: c[0], green: c[0], blue: c[0], alpha: c[1])
        } else {
            self.init(red: c[0], green: c[1], blue: c[2], alpha: c.count > 3 ? c[3] : 1)
        }
    }

    public static let clear = CIColor(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = CIColor(red: 0, green: 0, blue: 0)
    public static let white = CIColor(red: 1, green: 1, blue: 1)

    var premultiplied: SIMD4<Float> {
        let a = Float(alpha)
        return SIMD4(Float(red) * a, Float(green) * a, Float(blue) * a, a)
    }
}

/// Four numbers: a point, a rectangle (x, y, width, height) or a colour's components.
open class CIVector: NSObject, @unchecked Sendable {
    private let values: [CGFloat]

    public init(values: UnsafePointer<CGFloat>, count: Int) {
        self.values = Array(UnsafeBufferPointer(start: values, count: max(0, count)))
        super.init()
    }

    public init(x: CGFloat) {
        values = [x]
        super.init()
    }

    public init(x: CGFloat, y: CGFloat) {
        values = [x, y]
        super.init()
    }

    public init(x: CGFloat, y: CGFloat, z: CGFloat) {
        values = [x, y, z]
        super.init()
    }

    public init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
        values = [x, y, z, w]
        super.init()
    }

    public convenience init(cgRect r: CGRect) {
        self.init(x: r.origin.x, y: r.origin.y, z: r.size.width, w: r.size.height)
    }

    public convenience init(cgPoint p: CGPoint) { self.init(x: p.x, y: p.y) }

    public var count: Int { values.count }
    public func value(at index: Int) -> CGFloat { values.indices.contains(index) ? values[index] : 0 }
    public var x: CGFloat { value(at: 0) }
    public var y: CGFloat { value(at: 1) }
    public var z: CGFloat { value(at: 2) }
    public var w: CGFloat { value(at: 3) }
    public var cgRectValue: CGRect { CGRect(x: x, y: y, width: z, height: w) }
    public var cgPointValue: CGPoint { CGPoint(x: x, y: y) }
}

public let kCIInputImageKey = "inputImage"
public let kCIInputExtentKey = "inputExtent"
public let kCIInputColorKey = "inputColor"
public let kCIInputRadiusKey = "inputRadius"
public let kCIInputIntensityKey = "inputIntensity"
public let kCIOutputImageKey = "outputImage"
/// Core Foundation's null, which code gives Core Image for "no colour space".
public let kCFNull = NSNull()
