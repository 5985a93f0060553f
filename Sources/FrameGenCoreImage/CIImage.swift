import Foundation
import FrameGenCoreGraphics

/// An image as Core Image has one: a recipe, evaluated when a context renders it, in a plane
/// whose y axis points up (row 0 of a bitmap is the top of its extent). framegen has what apps
/// ask of Core Image most (an image's average colour): images of bitmaps and colours, crops, and
/// the filters `CIFilter` lists (docs/uikit.md "Core Image").
open class CIImage: NSObject, @unchecked Sendable {
    indirect enum Recipe {
        /// Premultiplied, sRGB-encoded RGBA, rows from the bottom, `origin` at the first pixel's
        /// corner.
        case pixels(Pixels, origin: CGPoint)
        case color(SIMD4<Float>)
        case cropped(CIImage, CGRect)
        /// The mean of `image` over `rect` (whole pixels), one pixel at `rect`'s origin.
        case areaAverage(CIImage, CGRect)
    }

    let recipe: Recipe
    public let extent: CGRect

    init(recipe: Recipe, extent: CGRect) {
        self.recipe = recipe
        self.extent = extent
        super.init()
    }

    /// An image of one colour, infinite.
    public convenience init(color: CIColor) {
        self.init(recipe: .color(color.premultiplied), extent: .infinite)
    }

    public class func empty() -> CIImage { CIImage(recipe: .color(.zero), extent: .null) }

    /// An image of a bitmap's pixels: `RGBA8`, `BGRA8`, `ARGB8` or `RGBAf`, premultiplied, its
    /// first row the top; an empty image for another format or too little data.
    public convenience init(
        bitmapData data: Data, bytesPerRow: Int, size: CGSize, format: CIFormat, colorSpace: CGColorSpace?
    ) {
        let width = Int(size.width.isFinite ? max(0, size.width) : 0)
        let height = Int(size.height.isFinite ? max(0, size.height) : 0)
        guard
            let pixels = Pixels(
                data: data, bytesPerRow: bytesPerRow, width: width, height: height, format: format)
        else {
            self.init(recipe: .color(.zero), extent: .null)
            return
        }
        self.init(
            recipe: .pixels(pixels, origin: .zero), extent: CGRect(x: 0, y: 0, width: width, height: height))
    }

    open func cropped(to rect: CGRect) -> CIImage {
        CIImage(recipe: .cropped(self, rect), extent: extent.intersection(rect))
    }

    /// The filter's output, or an empty image for a filter framegen does not have.
    open func applyingFilter(_ filterName: String, parameters: [String: Any]) -> CIImage {
        var all = parameters
        all[kCIInputImageKey] = self
        return CIFilter(name: filterName, parameters: all)?.outputImage ?? .empty()
    }

    open func applyingFilter(_ filterName: String) -> CIImage { applyingFilter(filterName, parameters: [:]) }

    open var properties: [String: Any] { [:] }

    // MARK: Evaluation

    /// The premultiplied colour at `point`, in the working space: sRGB-encoded, or linear.
    func color(at point: CGPoint, linear: Bool) -> SIMD4<Float> {
        switch recipe {
        case .pixels(let pixels, let origin):
            let x = Int((point.x - origin.x).rounded(.down))
            let y = Int((point.y - origin.y).rounded(.down))
            guard x >= 0, y >= 0, x < pixels.width, y < pixels.height else { return .zero }
            let value = pixels.values[y * pixels.width + x]
            return linear ? ColorEncoding.linear(value) : value
        case .color(let value):
            return linear ? ColorEncoding.linear(value) : value
        case .cropped(let image, let rect):
            return rect.contains(point) ? image.color(at: point, linear: linear) : .zero
        case .areaAverage(let image, let rect):
            guard extent.contains(point) else { return .zero }
            return Self.average(of: image, over: rect, linear: linear)
        }
    }

    /// The mean of the pixel centres inside `rect` (a whole-pixel rectangle).
    static func average(of image: CIImage, over rect: CGRect, linear: Bool) -> SIMD4<Float> {
        let area = rect.integral
        guard !area.isNull, area.width.isFinite, area.height.isFinite, area.width * area.height > 0,
            area.width * area.height <= CGFloat(Pixels.maximumCount)
        else { return .zero }
        var sum = SIMD4<Double>.zero
        for y in Int(area.minY)..<Int(area.maxY) {
            for x in Int(area.minX)..<Int(area.maxX) {
                let c = image.color(at: CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5), linear: linear)
                sum += SIMD4<Double>(Double(c.x), Double(c.y), Double(c.z), Double(c.w))
            }
        }
        let mean = sum / Double(area.width * area.height)
        return SIMD4<Float>(Float(mean.x), Float(mean.y), Float(mean.z), Float(mean.w))
    }
}

/// A bitmap's pixels, premultiplied RGBA in 0...1, sRGB-encoded, rows from the bottom.
package struct Pixels {
    /// No image larger than this many pixels (a size field is never trusted): read, averaged
    /// or written.
    package static let maximumCount = 1 << 26

    let width: Int
    let height: Int
    let values: [SIMD4<Float>]

    init(width: Int, height: Int, values: [SIMD4<Float>]) {
        (self.width, self.height, self.values) = (width, height, values)
    }

    /// From memory rows top first, as `CIImage(bitmapData:...)` and `UIImage` hold them.
    init?(data: Data, bytesPerRow: Int, width: Int, height: Int, format: CIFormat) {
        guard width > 0, height > 0, width <= Self.maximumCount / height,
            let bytesPerPixel = format.bytesPerPixel, bytesPerRow >= width * bytesPerPixel,
            data.count >= bytesPerRow * (height - 1) + width * bytesPerPixel
        else { return nil }
        var values = [SIMD4<Float>](repeating: .zero, count: width * height)
        data.withUnsafeBytes { raw in
            for row in 0..<height {
                let line = raw.baseAddress! + row * bytesPerRow
                for x in 0..<width {
                    values[(height - 1 - row) * width + x] = format.read(line + x * bytesPerPixel)
                }
            }
        }
        self.init(width: width, height: height, values: values)
    }
}

/// sRGB's transfer function on premultiplied colours (unpremultiplied first).
enum ColorEncoding {
    static func linear(_ c: SIMD4<Float>) -> SIMD4<Float> {
        guard c.w > 0 else { return .zero }
        func decode(_ v: Float) -> Float {
            let u = v / c.w
            return (u <= 0.04045 ? u / 12.92 : powf((u + 0.055) / 1.055, 2.4)) * c.w
        }
        return SIMD4(decode(c.x), decode(c.y), decode(c.z), c.w)
    }

    static func encoded(_ c: SIMD4<Float>) -> SIMD4<Float> {
        guard c.w > 0 else { return .zero }
        func encode(_ v: Float) -> Float {
            let u = max(0, v / c.w)
            return (u <= 0.0031308 ? u * 12.92 : 1.055 * powf(u, 1 / 2.4) - 0.055) * c.w
        }
        return SIMD4(encode(c.x), encode(c.y), encode(c.z), c.w)
    }
}
