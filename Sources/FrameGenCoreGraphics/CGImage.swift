import Foundation
import FrameGenGeometry
import FrameGenRaster

/// CGImageAlphaInfo: where a pixel's alpha lies and whether its colours are premultiplied by it.
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0
    case premultipliedLast = 1
    case premultipliedFirst = 2
    case last = 3
    case first = 4
    case noneSkipLast = 5
    case noneSkipFirst = 6
    case alphaOnly = 7
}

/// CGBitmapInfo: a CGImageAlphaInfo in its low bits, with the byte order and float flags.
public struct CGBitmapInfo: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    public static let byteOrderDefault = CGBitmapInfo([])
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}

/// A bitmap image (Core Graphics' CGImage): framegen's images are 8-bit sRGB with premultiplied
/// alpha, red first (`premultipliedLast`, default byte order), the compositor's working format,
/// whatever made them (docs/uikit.md "Images in a context"). Immutable, as in Apple's SDK.
public final class CGImage: Sendable {
    /// Premultiplied 8-bit RGBA rows, top first, without padding: the compositor's working
    /// format (Sources/FrameGenRaster/Color.swift), which a UIImage holds too.
    package struct Bitmap: Hashable, Sendable {
        package let width: Int
        package let height: Int
        package let pixels: [UInt8]
        /// Where text was drawn into the picture (an image renderer's), in its pixels: where it
        /// is drawn, its text is (a snapshot test masks it: FrameGenCompositor's TextInk). Empty
        /// for a decoded or generated image.
        package var textRects: [Rect] = []

        package init(width: Int, height: Int, pixels: [UInt8]) {
            precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4)
            self.width = width
            self.height = height
            self.pixels = pixels
        }

        /// A compositor's or decoder's image: its bytes as they are when its rows are packed (an
        /// iPhone screen's 11.8 MB are not copied), else each row's pixels without the padding.
        package init(_ image: FrameGenRaster.Image) {
            let row = image.width * 4
            if image.stride == row, image.bytes.count == row * image.height {
                self.init(width: image.width, height: image.height, pixels: image.bytes)
                return
            }
            var pixels: [UInt8] = []
            pixels.reserveCapacity(row * image.height)
            for y in 0..<image.height {
                pixels += image.bytes[(y * image.stride)..<(y * image.stride + row)]
            }
            self.init(width: image.width, height: image.height, pixels: pixels)
        }
    }

    package let bitmap: Bitmap

    /// nil for an empty bitmap: Core Graphics has no image without pixels.
    package init?(bitmap: Bitmap) {
        guard bitmap.width > 0, bitmap.height > 0 else { return nil }
        self.bitmap = bitmap
    }

    public var width: Int { bitmap.width }
    public var height: Int { bitmap.height }
    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { 32 }
    public var bytesPerRow: Int { bitmap.width * 4 }
    public var colorSpace: CGColorSpace? { CGColorSpace(name: CGColorSpace.sRGB) }
    public var alphaInfo: CGImageAlphaInfo { .premultipliedLast }
    public var bitmapInfo: CGBitmapInfo {
        CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue)
    }
    public var isMask: Bool { false }
    public var shouldInterpolate: Bool { true }

    /// The pixels inside `rect` (in pixels, origin at the top left, y down), after Core Graphics
    /// rounds it out to whole pixels (`integral`) and intersects it with the image; nil when
    /// nothing of the image is left, as Core Graphics answers NULL.
    public func cropping(to rect: CGRect) -> CGImage? {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else {
            return nil
        }
        let kept = rect.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !kept.isNull, kept.width >= 1, kept.height >= 1 else { return nil }
        let (x, y, w, h) = (Int(kept.minX), Int(kept.minY), Int(kept.width), Int(kept.height))
        if x == 0, y == 0, w == width, h == height { return self }
        let row = w * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: row * h) { out, count in
            bitmap.pixels.withUnsafeBufferPointer { source in
                guard let from = source.baseAddress, let to = out.baseAddress else { return }
                for line in 0..<h {
                    (to + line * row).update(from: from + ((y + line) * width + x) * 4, count: row)
                }
            }
            count = row * h
        }
        var cropped = Bitmap(width: w, height: h, pixels: pixels)
        let part = Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h))
        cropped.textRects = bitmap.textRects.compactMap { r in
            let inside = r.intersection(part)
            return inside.isEmpty ? nil : inside.offsetBy(dx: Double(-x), dy: Double(-y))
        }
        return CGImage(bitmap: cropped)
    }

    /// The image itself: framegen's images never change, so a copy may share them.
    public func copy() -> CGImage? { self }
}
