import Foundation

/// How the pixels of an image's or a bitmap context's memory are laid out, read from the
/// parameters Core Graphics takes (`bitsPerComponent`, `bitsPerPixel`, the colour space, the
/// bitmap info): 8-bit components only. A context draws into fewer layouts than an image can be
/// made from (`drawable`), as in Core Graphics.
package enum CGPixelLayout: Equatable, Sendable {
    /// 32 bits a pixel: where alpha is in memory (first or last), whether it is kept
    /// premultiplied, kept straight or skipped, and whether the 32-bit word is little-endian.
    case rgb32(alphaFirst: Bool, alpha: Alpha, little: Bool)
    /// 24 bits a pixel, red first, no alpha (an image's only).
    case rgb24
    /// 8 bits of grey a pixel, no alpha.
    case gray
    /// 8 bits of alpha a pixel (`alphaOnly`).
    case alpha

    package enum Alpha: Equatable, Sendable {
        case premultiplied, straight, skipped
    }

    /// The layout of these parameters, else why there is none (Core Graphics' "unsupported
    /// parameter combination", or a format framegen does not read: 16-bit and float
    /// components).
    package static func of(bitsPerComponent: Int, bitsPerPixel: Int, space: CGColorSpace?, info: CGBitmapInfo)
        -> Result<CGPixelLayout, Refusal>
    {
        let alpha = CGImageAlphaInfo(rawValue: info.rawValue & CGBitmapInfo.alphaInfoMask.rawValue)
        let order = CGBitmapInfo(rawValue: info.rawValue & CGBitmapInfo.byteOrderMask.rawValue)
        guard bitsPerComponent == 8, !info.contains(.floatComponents) else {
            let floats = info.contains(.floatComponents) ? ", floats" : ""
            return .failure(Refusal(why: "\(bitsPerComponent) bits a component\(floats): framegen reads 8"))
        }
        if alpha == .alphaOnly {
            return bitsPerPixel == 8 && order == .byteOrderDefault
                ? .success(.alpha) : .failure(Refusal(why: "alpha only, not 8 bits a pixel"))
        }
        switch space?.model {
        case .monochrome?:
            return alpha == CGImageAlphaInfo.none && bitsPerPixel == 8 && order == .byteOrderDefault
                ? .success(.gray) : .failure(Refusal(why: "grey with alpha, or not 8 bits a pixel"))
        case .rgb?:
            if bitsPerPixel == 24 {
                return alpha == CGImageAlphaInfo.none && order == .byteOrderDefault
                    ? .success(.rgb24) : .failure(Refusal(why: "24 bits a pixel with alpha"))
            }
            guard bitsPerPixel == 32 else {
                return .failure(Refusal(why: "RGB of \(bitsPerPixel) bits a pixel"))
            }
            guard order == .byteOrderDefault || order == .byteOrder32Big || order == .byteOrder32Little else {
                return .failure(Refusal(why: "a 16-bit byte order for 8-bit components"))
            }
            let little = order == .byteOrder32Little
            switch alpha {
            case .premultipliedLast?:
                return .success(.rgb32(alphaFirst: false, alpha: .premultiplied, little: little))
            case .premultipliedFirst?:
                return .success(.rgb32(alphaFirst: true, alpha: .premultiplied, little: little))
            case .last?: return .success(.rgb32(alphaFirst: false, alpha: .straight, little: little))
            case .first?: return .success(.rgb32(alphaFirst: true, alpha: .straight, little: little))
            case .noneSkipLast?: return .success(.rgb32(alphaFirst: false, alpha: .skipped, little: little))
            case .noneSkipFirst?: return .success(.rgb32(alphaFirst: true, alpha: .skipped, little: little))
            default: return .failure(Refusal(why: "RGB without alpha in 32 bits a pixel"))
            }
        default:
            return .failure(Refusal(why: "no colour space, and not alpha only"))
        }
    }

    /// Why there is no layout for a set of parameters.
    package struct Refusal: Error, Sendable {
        package let why: String
        package init(why: String) { self.why = why }
    }

    package var bytesPerPixel: Int {
        switch self {
        case .rgb32: 4
        case .rgb24: 3
        case .gray, .alpha: 1
        }
    }

    /// Whether a bitmap context draws into it: Core Graphics' contexts keep alpha premultiplied
    /// or skip it.
    package var drawable: Bool {
        switch self {
        case .rgb32(_, let alpha, _): alpha != .straight
        case .rgb24: false
        case .gray, .alpha: true
        }
    }

    /// Byte offsets of red, green, blue and alpha in a 32-bit pixel.
    package static func offsets(alphaFirst: Bool, little: Bool) -> (r: Int, g: Int, b: Int, a: Int) {
        switch (alphaFirst, little) {
        case (false, false): (0, 1, 2, 3)  // R G B A
        case (true, false): (1, 2, 3, 0)  // A R G B
        case (true, true): (2, 1, 0, 3)  // B G R A
        case (false, true): (3, 2, 1, 0)  // A B G R
        }
    }

    /// `width` x `height` pixels of this layout at `base`, `bytesPerRow` apart, as premultiplied
    /// RGBA rows, top first: skipped alpha and pixels without alpha read as opaque, straight
    /// alpha premultiplied (rounded), grey as grey, alpha only as black of that alpha.
    package func premultipliedRGBA(_ base: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int)
        -> [UInt8]
    {
        [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
            guard let to = out.baseAddress else { return }
            for y in 0..<height {
                let row = (base + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
                for x in 0..<width {
                    let o = to + (y * width + x) * 4
                    switch self {
                    case .rgb32(let alphaFirst, let alpha, let little):
                        let (r, g, b, a) = Self.offsets(alphaFirst: alphaFirst, little: little)
                        let p = row + x * 4
                        switch alpha {
                        case .premultiplied: (o[0], o[1], o[2], o[3]) = (p[r], p[g], p[b], p[a])
                        case .skipped: (o[0], o[1], o[2], o[3]) = (p[r], p[g], p[b], 255)
                        case .straight:
                            let k = Int(p[a])
                            func times(_ c: UInt8) -> UInt8 { UInt8((Int(c) * k + 127) / 255) }
                            (o[0], o[1], o[2], o[3]) = (times(p[r]), times(p[g]), times(p[b]), p[a])
                        }
                    case .rgb24:
                        let p = row + x * 3
                        (o[0], o[1], o[2], o[3]) = (p[0], p[1], p[2], 255)
                    case .gray:
                        (o[0], o[1], o[2], o[3]) = (row[x], row[x], row[x], 255)
                    case .alpha:
                        (o[0], o[1], o[2], o[3]) = (0, 0, 0, row[x])
                    }
                }
            }
            count = width * height * 4
        }
    }
}

/// CGColorRenderingIntent: kept; framegen converts no colours between spaces.
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0
    case absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

extension CGImage {
    /// An image of the pixels `provider` holds, laid out as the parameters say (docs/uikit.md
    /// "Bitmap contexts"): 8-bit components, RGB in 32 bits with alpha premultiplied, straight or
    /// skipped in either byte order, RGB in 24, grey, alpha only. Nil for another layout, a
    /// size past 16,384 pixels a side, fewer bytes a row than the pixels need or fewer bytes
    /// than the rows; `decode` and `intent` are kept by no one, as framegen maps no colours.
    public convenience init?(
        width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
        decode: UnsafePointer<CGFloat>?,
        shouldInterpolate: Bool, intent: CGColorRenderingIntent
    ) {
        guard (1...16384).contains(width), (1...16384).contains(height),
            case .success(let layout) = CGPixelLayout.of(
                bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel, space: space, info: bitmapInfo
            ),
            bytesPerRow >= width * layout.bytesPerPixel,
            provider.bytes.count >= bytesPerRow * (height - 1) + width * layout.bytesPerPixel
        else { return nil }
        let pixels = provider.bytes.withUnsafeBytes { raw in
            layout.premultipliedRGBA(raw.baseAddress!, width: width, height: height, bytesPerRow: bytesPerRow)
        }
        self.init(bitmap: Bitmap(width: width, height: height, pixels: pixels))
    }

    /// The image's pixels as `bitmapInfo` describes them: premultiplied 8-bit RGBA rows, red
    /// first, `bytesPerRow` apart.
    public var dataProvider: CGDataProvider? { CGDataProvider(data: Data(bitmap.pixels)) }
}

/// A range of a Core Foundation collection's elements.
public struct CFRange: Equatable, Sendable {
    public var location: CFIndex
    public var length: CFIndex

    public init(location: CFIndex, length: CFIndex) {
        self.location = location
        self.length = length
    }
}

public func CFRangeMake(_ location: CFIndex, _ length: CFIndex) -> CFRange {
    CFRange(location: location, length: length)
}

public func CFDataGetLength(_ data: CFData) -> CFIndex { data.count }

/// Copies the bytes of `range` into `buffer`; a range outside the data is a programming error
/// in Core Foundation, and copies nothing here.
public func CFDataGetBytes(_ data: CFData, _ range: CFRange, _ buffer: UnsafeMutablePointer<UInt8>) {
    guard range.location >= 0, range.length >= 0, range.location + range.length <= data.count else { return }
    data.withUnsafeBytes { raw in
        guard let base = raw.baseAddress else { return }
        buffer.update(from: base.assumingMemoryBound(to: UInt8.self) + range.location, count: range.length)
    }
}
