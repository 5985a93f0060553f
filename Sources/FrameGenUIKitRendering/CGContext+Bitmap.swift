import Foundation
import FrameGenCoreGraphics
import FrameGenGeometry
import FrameGenRaster
import FrameGenUIKit

// Core Graphics' bitmap contexts, `CGContext(data:width:height:bitsPerComponent:bytesPerRow:
// space:bitmapInfo:)`: apps draw an image or a layer into one to read its pixels (a colour
// picked at a point, an image's average colour) or to make an image (docs/uikit.md "Bitmap
// contexts"). They are here, beside the image renderer, because they draw with the same
// compositor. The context records what is drawn as any framegen context does, and paints it
// into its memory in the layout `bitmapInfo` says:
// - into the app's memory after each drawing, as Core Graphics does, since the app may read it
//   at any moment;
// - into its own memory (data nil) when it is read (`data`, `makeImage()`).
// Its user space has its origin at the bottom left, y up, as a Core Graphics bitmap's does: an
// image drawn with `draw(_:in:)` comes out upright, and a layer rendered with `render(in:)`
// upside down, unless the app flips the context first.

/// A bitmap context's memory and the layout of its pixels.
final class BitmapMemory {
    let base: UnsafeMutableRawPointer
    let ownsMemory: Bool
    let width: Int
    let height: Int
    let bytesPerRow: Int
    let layout: CGPixelLayout
    let info: CGBitmapInfo
    let space: CGColorSpace?
    /// How much of the context's recording is in the memory already.
    var painted = (parts: 0, layers: 0)

    init(
        base: UnsafeMutableRawPointer, ownsMemory: Bool, width: Int, height: Int, bytesPerRow: Int,
        layout: CGPixelLayout, info: CGBitmapInfo, space: CGColorSpace?
    ) {
        self.base = base
        self.ownsMemory = ownsMemory
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.layout = layout
        self.info = info
        self.space = space
    }

    deinit { if ownsMemory { base.deallocate() } }

    /// The layout a context draws into for these parameters, else why Core Graphics (or
    /// framegen) refuses them: 32 bits a pixel for RGB, 8 for grey and alpha only, and alpha
    /// premultiplied or skipped.
    static func layout(bitsPerComponent: Int, space: CGColorSpace?, info: CGBitmapInfo) -> Result<
        CGPixelLayout, CGPixelLayout.Refusal
    > {
        let alpha = info.rawValue & CGBitmapInfo.alphaInfoMask.rawValue
        let bitsPerPixel =
            alpha == CGImageAlphaInfo.alphaOnly.rawValue || space?.model != .rgb
            ? bitsPerComponent : 4 * bitsPerComponent
        let found = CGPixelLayout.of(
            bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel, space: space, info: info)
        if case .success(let layout) = found, !layout.drawable {
            return .failure(
                .init(why: "straight alpha (Core Graphics draws into premultiplied or skipped alpha only)"))
        }
        return found
    }

    /// Paints `image` (premultiplied RGBA, the memory's size) over the memory with source-over,
    /// as Core Graphics paints: painting a batch of drawings as one picture over the memory
    /// equals painting each in turn, since source-over is associative.
    func paint(_ image: Image) {
        precondition(image.width == width && image.height == height)
        image.bytes.withUnsafeBufferPointer { source in
            guard let src = source.baseAddress else { return }
            for y in 0..<height {
                let from = src + y * image.stride
                let row = (base + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
                for x in 0..<width {
                    let s = from + x * 4
                    let sa = Int(s[3])
                    if sa == 0 && s[0] == 0 && s[1] == 0 && s[2] == 0 { continue }
                    let keep = 255 - sa
                    func over(_ c: UInt8, _ d: Int) -> Int { Int(c) + (d * keep + 127) / 255 }
                    switch layout {
                    case .rgb32(let alphaFirst, let alpha, let little):
                        let skipsAlpha = alpha == .skipped
                        let (r, g, b, a) = CGPixelLayout.offsets(alphaFirst: alphaFirst, little: little)
                        let p = row + x * 4
                        let da = skipsAlpha ? 255 : Int(p[a])
                        p[r] = UInt8(min(255, over(s[0], Int(p[r]))))
                        p[g] = UInt8(min(255, over(s[1], Int(p[g]))))
                        p[b] = UInt8(min(255, over(s[2], Int(p[b]))))
                        p[a] = skipsAlpha ? 255 : UInt8(min(255, over(s[3], da)))
                    case .gray:
                        // Opaque grey under the drawing; the result's luma (Rec. 601 weights),
                        // framegen's reading of a conversion Core Graphics does with its colour
                        // management.
                        let p = row + x
                        let d = Int(p[0])
                        let red = over(s[0], d)
                        let green = over(s[1], d)
                        let blue = over(s[2], d)
                        p[0] = UInt8(min(255, (299 * red + 587 * green + 114 * blue + 500) / 1000))
                    case .alpha:
                        let p = row + x
                        p[0] = UInt8(min(255, over(s[3], Int(p[0]))))
                    case .rgb24:
                        break  // never drawn into: `layout` refuses it
                    }
                }
            }
        }
    }

    /// The memory as an image's premultiplied RGBA rows.
    func bitmap() -> CGImage.Bitmap {
        CGImage.Bitmap(
            width: width, height: height,
            pixels: layout.premultipliedRGBA(base, width: width, height: height, bytesPerRow: bytesPerRow))
    }
}

extension CGContext {
    /// A bitmap context over `data` (the app's memory, which it keeps alive) or, for nil, memory
    /// of its own, cleared. framegen draws into 8-bit components: RGB with premultiplied or
    /// skipped alpha, first or last, in either 32-bit byte order; grey without alpha; alpha
    /// only. Nil, with a warning naming the parameters, where Core Graphics refuses them (an
    /// RGB context with non-premultiplied alpha) or framegen does not draw them (16-bit or
    /// float components), and for sizes past 16,384 pixels a side or 1 GiB. `bytesPerRow` 0:
    /// framegen's choice, the pixels' bytes rounded up to a multiple of 16.
    public convenience init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        func refuse(_ why: String) {
            FileHandle.standardError.write(
                Data(
                    "framegen: warning: CGContext(data:width: \(width), height: \(height), bitsPerComponent: \(bitsPerComponent), bytesPerRow: \(bytesPerRow), ...): nil, \(why)\n"
                        .utf8))
        }
        let layout: CGPixelLayout
        switch BitmapMemory.layout(bitsPerComponent: bitsPerComponent, space: space, info: info) {
        case .success(let found): layout = found
        case .failure(let refusal):
            refuse(refusal.why)
            return nil
        }
        let pixelBytes = layout.bytesPerPixel
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            refuse("a side outside 1...16384 pixels")
            return nil
        }
        let least = width * pixelBytes
        let row = bytesPerRow == 0 ? (least + 15) / 16 * 16 : bytesPerRow
        guard row >= least, row <= 1 << 20, row * height <= 1 << 30 else {
            refuse(row < least ? "bytes per row under the \(least) the pixels need" : "more than 1 GiB")
            return nil
        }
        let base: UnsafeMutableRawPointer
        if let data {
            base = data
        } else {
            base = UnsafeMutableRawPointer.allocate(byteCount: row * height, alignment: 16)
            base.initializeMemory(as: UInt8.self, repeating: 0, count: row * height)
        }
        let memory = BitmapMemory(
            base: base, ownsMemory: data == nil, width: width, height: height, bytesPerRow: row,
            layout: layout,
            info: info, space: layout == .alpha ? nil : space)
        self.init(boundsOrigin: .zero)
        bitmapMemory = memory
        // Core Graphics' space: origin at the bottom left, y up.
        concatenate(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height)))
        if data != nil { drawn = { _ = $0.paintBitmap() } }
        imageMaker = { context in
            guard let memory = context.paintBitmap() else { return nil }
            return CGImage(bitmap: memory.bitmap())
        }
    }

    /// Paints what was recorded since the last time into the memory; the memory, for a bitmap
    /// context.
    @discardableResult
    fileprivate func paintBitmap() -> BitmapMemory? {
        guard let memory = bitmapMemory as? BitmapMemory else { return nil }
        let start = memory.painted
        let now = (parts: recorded.count, layers: renderedLayers.count)
        guard now != start else { return memory }
        memory.painted = now
        let size = Size(width: Double(memory.width), height: Double(memory.height))
        if let drawing = LayerTreeDrawing.pixels(
            of: self, size: size, width: memory.width, height: memory.height, scale: 1, opaque: false,
            from: start)
        {
            memory.paint(drawing.0)
        }
        return memory
    }

    private var bitmap: BitmapMemory? { bitmapMemory as? BitmapMemory }

    /// The bitmap's memory, with everything drawn so far in it; nil for a context that is not a
    /// bitmap context of this kind (a view's, an image renderer's).
    public var data: UnsafeMutableRawPointer? { paintBitmap()?.base }
    public var width: Int { bitmap?.width ?? 0 }
    public var height: Int { bitmap?.height ?? 0 }
    public var bytesPerRow: Int { bitmap?.bytesPerRow ?? 0 }
    public var bitsPerComponent: Int { bitmap == nil ? 0 : 8 }
    public var bitsPerPixel: Int { (bitmap?.layout.bytesPerPixel ?? 0) * 8 }
    public var bitmapInfo: CGBitmapInfo { bitmap?.info ?? [] }
    public var alphaInfo: CGImageAlphaInfo {
        bitmap.flatMap { CGImageAlphaInfo(rawValue: $0.info.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) }
            ?? .none
    }
    public var colorSpace: CGColorSpace? { bitmap?.space }
}
