import Foundation
import FrameGenCoreGraphics

public struct CIContextOption: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let workingColorSpace = CIContextOption(rawValue: "working_color_space")
    public static let outputColorSpace = CIContextOption(rawValue: "output_color_space")
    public static let workingFormat = CIContextOption(rawValue: "working_format")
    public static let useSoftwareRenderer = CIContextOption(rawValue: "software_renderer")
    public static let cacheIntermediates = CIContextOption(rawValue: "kCIContextCacheIntermediates")
    public static let priorityRequestLow = CIContextOption(rawValue: "priority_request_low")
    public static let highQualityDownsample = CIContextOption(rawValue: "high_quality_downsample")
}

/// Renders images into memory, on the CPU. Its working space is linear sRGB, as Core Image's
/// default: filters average and blend linear light; a `workingColorSpace` of `kCFNull` (any
/// `NSNull`) works on the encoded values, unmanaged, as Core Image does then.
open class CIContext: NSObject, @unchecked Sendable {
    /// Whether filters work on linear values.
    let linear: Bool

    public init(options: [CIContextOption: Any]? = nil) {
        linear = !(options?[.workingColorSpace] is NSNull)
        super.init()
    }

    public convenience override init() { self.init(options: nil) }

    /// Writes `image` over `bounds` (row 0 of the memory is the top of `bounds`), one pixel per
    /// unit. With no `colorSpace` the working space's values are written unconverted, as Core
    /// Image writes them; with one, sRGB-encoded (linear for a linear space's name).
    open func render(
        _ image: CIImage, toBitmap data: UnsafeMutableRawPointer, rowBytes: Int, bounds: CGRect,
        format: CIFormat,
        colorSpace: CGColorSpace?
    ) {
        let area = bounds.integral
        guard let bytesPerPixel = format.bytesPerPixel, !area.isNull, area.width.isFinite,
            area.height.isFinite,
            area.width * area.height <= CGFloat(Pixels.maximumCount),
            rowBytes >= Int(area.width) * bytesPerPixel
        else { return }
        let (width, height) = (Int(area.width), Int(area.height))
        let encode = linear && colorSpace.map { !$0.isLinear } == true
        for row in 0..<height {
            let y = area.maxY - CGFloat(row) - 0.5
            for column in 0..<width {
                let value = image.color(
                    at: CGPoint(x: area.minX + CGFloat(column) + 0.5, y: y), linear: linear)
                let out = encode ? ColorEncoding.encoded(value) : value
                format.write(out, to: data + row * rowBytes + column * bytesPerPixel)
            }
        }
    }
}
