/// How a stored image is turned to be shown: EXIF's orientation tag (0x0112, values 1-8) under
/// UIImage.Orientation's names (the raw value is the EXIF value). Cameras store the sensor's
/// rows and record the turn here instead of rotating the pixels.
public enum ImageOrientation: Int, Sendable, Equatable, CaseIterable {
    case up = 1
    case upMirrored = 2
    case down = 3
    case downMirrored = 4
    case leftMirrored = 5
    case right = 6
    case rightMirrored = 7
    case left = 8

    /// UIKit's name, as `image info` prints it.
    public var name: String {
        switch self {
        case .up: return "up"
        case .upMirrored: return "upMirrored"
        case .down: return "down"
        case .downMirrored: return "downMirrored"
        case .leftMirrored: return "leftMirrored"
        case .right: return "right"
        case .rightMirrored: return "rightMirrored"
        case .left: return "left"
        }
    }

    /// The shown image is the stored one turned a quarter: width and height trade places.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// Where shown pixel (dx, dy) comes from in a stored `width` x `height` image, as one linear
    /// map of pixel indices: base + dx * column + dy * row.
    func sourceSteps(width w: Int, height h: Int) -> (base: Int, column: Int, row: Int) {
        // sx = a dx + b dy + c and sy = e dx + f dy + g, flattened with sy * w.
        let (a, b, c, e, f, g): (Int, Int, Int, Int, Int, Int)
        switch self {
        case .up: (a, b, c, e, f, g) = (1, 0, 0, 0, 1, 0)
        case .upMirrored: (a, b, c, e, f, g) = (-1, 0, w - 1, 0, 1, 0)
        case .down: (a, b, c, e, f, g) = (-1, 0, w - 1, 0, -1, h - 1)
        case .downMirrored: (a, b, c, e, f, g) = (1, 0, 0, 0, -1, h - 1)
        case .leftMirrored: (a, b, c, e, f, g) = (0, 1, 0, 1, 0, 0)
        case .right: (a, b, c, e, f, g) = (0, 1, 0, -1, 0, h - 1)
        case .rightMirrored: (a, b, c, e, f, g) = (0, -1, w - 1, -1, 0, h - 1)
        case .left: (a, b, c, e, f, g) = (0, -1, w - 1, 1, 0, 0)
        }
        return (c + g * w, a + e * w, b + f * w)
    }

    /// Packed 4-byte pixels of a stored `width` x `height` image turned to be shown; returns the
    /// shown size. `.up` returns the input itself (no copy).
    package func apply(_ pixels: [UInt8], width: Int, height: Int) -> (
        width: Int, height: Int, pixels: [UInt8]
    ) {
        if self == .up { return (width, height, pixels) }
        let (ow, oh) = swapsAxes ? (height, width) : (width, height)
        let (base, column, row) = sourceSteps(width: width, height: height)
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBytes { raw in
            out.withUnsafeMutableBytes { outRaw in
                let src = raw.bindMemory(to: UInt32.self)
                let dst = outRaw.bindMemory(to: UInt32.self)
                guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                var di = 0
                for dy in 0..<oh {
                    var si = base + dy * row
                    for _ in 0..<ow {
                        d[di] = s[si]
                        si += column
                        di += 1
                    }
                }
            }
        }
        return (ow, oh, out)
    }

    /// The orientation a JPEG's EXIF block records, `.up` when it has none. Every offset is
    /// checked against the segment it lies in; a malformed or out-of-range EXIF block is ignored
    /// (as browsers ignore it) rather than failing an image whose pixels are fine.
    public static func exif(inJPEG bytes: [UInt8]) -> ImageOrientation {
        bytes.withUnsafeBufferPointer { exif(inJPEG: $0) } ?? .up
    }

    static func exif(inJPEG b: UnsafeBufferPointer<UInt8>) -> ImageOrientation? {
        let n = b.count
        guard n >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var p = 2
        // Segments up to the first scan: metadata comes before it.
        while n - p >= 4 {
            guard b[p] == 0xFF else { return nil }
            let marker = b[p + 1]
            if marker == 0xFF {
                p += 1  // a fill byte before the marker
                continue
            }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) {
                p += 2  // markers without a length
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(b[p + 2]) << 8 | Int(b[p + 3])
            guard length >= 2, length <= n - p - 2 else { return nil }
            let start = p + 4
            let end = p + 2 + length
            let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
            if marker == 0xE1, end - start >= 6, (0..<6).allSatisfy({ b[start + $0] == exifHeader[$0] }) {
                return orientation(tiff: UnsafeBufferPointer(rebasing: b[(start + 6)..<end]))
            }
            p = end
        }
        return nil
    }

    /// Tag 0x0112 of IFD0 in a TIFF block (offsets count from the block's first byte).
    static func orientation(tiff t: UnsafeBufferPointer<UInt8>) -> ImageOrientation? {
        let n = t.count
        guard n >= 8 else { return nil }
        let little: Bool
        switch (t[0], t[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int {
            little ? Int(t[i]) | Int(t[i + 1]) << 8 : Int(t[i]) << 8 | Int(t[i + 1])
        }
        func u32(_ i: Int) -> Int { little ? u16(i) | u16(i + 2) << 16 : u16(i) << 16 | u16(i + 2) }
        guard u16(2) == 42 else { return nil }
        let ifd = u32(4)
        guard ifd >= 8, ifd <= n - 2 else { return nil }
        let count = u16(ifd)
        for k in 0..<count {
            let entry = ifd + 2 + 12 * k
            guard entry <= n - 12 else { return nil }
            guard u16(entry) == 0x0112 else { continue }
            // SHORT (3), at least one value, stored in the entry itself.
            guard u16(entry + 2) == 3, u32(entry + 4) >= 1 else { return nil }
            return ImageOrientation(rawValue: u16(entry + 8))
        }
        return nil
    }
}
