import CFrameGenKernels

/// A premultiplied RGBA8 image: `height` rows of `stride` bytes, 4 bytes a pixel (R, G, B, A).
/// A value type: copies are copy-on-write through the array storage.
public struct Image: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next (>= width * 4).
    public let stride: Int
    public var bytes: [UInt8]
    /// Where this image's pixel (0, 0) lies on the canvas it is drawn for: an offscreen
    /// image's box. Core Graphics' gradient dither is anchored at the canvas's pixel (0, 0).
    public var canvasOrigin = SIMD2<Int>(0, 0)

    /// A transparent image. Sizes must be positive and within `ImageLimits.default` (FrameGenCodecs);
    /// callers that take sizes from files check them first (see ImageLimits).
    public init(width: Int, height: Int, fill: Pixel = .clear) {
        precondition(width > 0 && height > 0, "image size must be positive")
        self.width = width
        self.height = height
        self.stride = width * 4
        // One pass: the pixel written straight into new storage (a frame's background is
        // mostly what it is filled with).
        let count = width * height * 4
        let word = PackedPixel.word(fill).littleEndian
        self.bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawPointer(buffer.baseAddress!).initializeMemory(
                as: UInt32.self, repeating: word, count: count / 4)
            initialized = count
        }
    }

    /// Wraps premultiplied bytes; nil when the buffer is too small for the size and stride.
    public init?(width: Int, height: Int, stride: Int, premultipliedBytes: [UInt8]) {
        guard width > 0, height > 0, stride >= width * 4,
            premultipliedBytes.count >= stride * (height - 1) + width * 4
        else { return nil }
        self.width = width
        self.height = height
        self.stride = stride
        self.bytes = premultipliedBytes
    }

    /// From straight-alpha RGBA8 rows (what PNG decoding yields), premultiplying: `Image(_:)` of
    /// the `StraightImage` they make; nil where they make none.
    public init?(width: Int, height: Int, straightRGBA: [UInt8]) {
        guard let straight = StraightImage(width: width, height: height, rgba: straightRGBA) else {
            return nil
        }
        self.init(straight)
    }

    /// Straight-alpha RGBA8 rows, tightly packed (what PNG encoding takes).
    public func straightRGBA() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    var s = y * stride
                    var d = y * width * 4
                    for _ in 0..<width {
                        let c = Pixel(r: src[s], g: src[s + 1], b: src[s + 2], a: src[s + 3])
                            .unpremultiplied
                        dst[d] = c.r
                        dst[d + 1] = c.g
                        dst[d + 2] = c.b
                        dst[d + 3] = c.a
                        s += 4
                        d += 4
                    }
                }
            }
        }
        return out
    }

    public var isOpaque: Bool {
        for y in 0..<height {
            var i = y * stride + 3
            for _ in 0..<width {
                if bytes[i] != 255 { return false }
                i += 4
            }
        }
        return true
    }

    public subscript(x: Int, y: Int) -> Pixel {
        get {
            let i = y * stride + x * 4
            return Pixel(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: bytes[i + 3])
        }
        set {
            let i = y * stride + x * 4
            bytes[i] = newValue.r
            bytes[i + 1] = newValue.g
            bytes[i + 2] = newValue.b
            bytes[i + 3] = newValue.a
        }
    }

    public mutating func fill(_ p: Pixel) {
        fill(p, rows: 0..<height)
    }

    /// Fills only `rows` (clamped to the image): one band of a frame drawn in parallel.
    public mutating func fill(_ p: Pixel, rows: Range<Int>) {
        let (w, stride) = (width, self.stride)
        let r = max(rows.lowerBound, 0)..<min(rows.upperBound, height)
        guard !r.isEmpty, w > 0 else { return }
        let word = PackedPixel.word(p)
        bytes.withUnsafeMutableBufferPointer { buf in
            let base = UnsafeMutableRawPointer(buf.baseAddress!)
            for y in r {
                (base + y * stride).initializeMemory(as: UInt32.self, repeating: word.littleEndian, count: w)
            }
        }
    }
}

/// How the process keeps the memory of images it frees (CFrameGenKernels' memory.c).
package enum ImageMemory {
    /// Once per process: freed memory is kept for reuse, up to 256 MiB, and blocks below 32 MiB
    /// (an iPhone or iPad screen's pixels) come from the heap. glibc otherwise hands the top of
    /// its heap back to the kernel whenever a few screen-sized buffers are freed together, and
    /// each new one is faulted in and zeroed page by page: half of a snapshot assertion's time
    /// for an iPhone screen (README, "Start-up"). For processes that draw and drop screen-sized
    /// images one after another, a test suite's; the renderer reuses its own buffers.
    package static let keepsFreedBuffers: Bool = ckernels_keep_freed_memory(256 << 20, 32 << 20) != 0

    /// Hands the allocator's free pages back to the system (glibc's `malloc_trim`).
    package static func returnFreePages() { ckernels_return_free_memory() }
}
