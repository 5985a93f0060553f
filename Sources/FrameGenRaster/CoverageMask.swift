/// An integer pixel box: columns x0..<x1, rows y0..<y1.
public typealias PixelBox = (x0: Int, y0: Int, x1: Int, y1: Int)

/// 8-bit coverage (0 = outside, 255 = fully inside) over an integer pixel box of the device.
/// Pixels outside the box have coverage 0. Rows are tightly packed, `width` bytes each.
public struct CoverageMask: Sendable, Equatable {
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int
    public var data: [UInt8]

    /// A mask of zeros (or of `value`) over the box; negative sizes count as empty.
    public init(x: Int, y: Int, width: Int, height: Int, value: UInt8 = 0) {
        self.x = x
        self.y = y
        self.width = max(width, 0)
        self.height = max(height, 0)
        self.data = [UInt8](repeating: value, count: self.width * self.height)
    }

    /// Wraps `data`, which must hold width * height bytes.
    public init(x: Int, y: Int, width: Int, height: Int, data: [UInt8]) {
        precondition(width >= 0 && height >= 0 && data.count == width * height, "mask size mismatch")
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.data = data
    }

    /// Full coverage over `box` (an axis-aligned clip).
    public static func full(_ box: PixelBox) -> CoverageMask {
        CoverageMask(x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0, value: 255)
    }

    public static func empty(at x: Int = 0, _ y: Int = 0) -> CoverageMask {
        CoverageMask(x: x, y: y, width: 0, height: 0)
    }

    public var box: PixelBox { (x, y, x + width, y + height) }

    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Coverage at device pixel (px, py); 0 outside the box.
    public subscript(px: Int, py: Int) -> UInt8 {
        guard px >= x, py >= y, px < x + width, py < y + height else { return 0 }
        return data[(py - y) * width + (px - x)]
    }

    /// Pointwise product (rounded), over the intersection of the boxes: a clip applied to a
    /// shape, or two clips combined.
    public func intersected(with other: CoverageMask) -> CoverageMask {
        let x0 = max(x, other.x)
        let y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width)
        let y1 = min(y + height, other.y + other.height)
        guard x0 < x1, y0 < y1 else { return .empty(at: x0, y0) }
        var out = CoverageMask(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let w = x1 - x0
        data.withUnsafeBufferPointer { a in
            other.data.withUnsafeBufferPointer { b in
                out.data.withUnsafeMutableBufferPointer { o in
                    for row in y0..<y1 {
                        let ia = (row - y) * width + (x0 - x)
                        let ib = (row - other.y) * other.width + (x0 - other.x)
                        let io = (row - y0) * w
                        for i in 0..<w { o[io + i] = mul255(a[ia + i], b[ib + i]) }
                    }
                }
            }
        }
        return out
    }

    /// The part of the mask inside `box`.
    public func cropped(to b: PixelBox) -> CoverageMask {
        intersected(with: .full(b))
    }

    /// The smallest box holding every non-zero pixel (empty mask when there is none).
    public func trimmed() -> CoverageMask {
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        for row in 0..<height {
            for col in 0..<width where data[row * width + col] != 0 {
                minX = min(minX, col)
                maxX = max(maxX, col)
                minY = min(minY, row)
                maxY = max(maxY, row)
            }
        }
        guard maxX >= 0 else { return .empty(at: x, y) }
        return cropped(to: (x + minX, y + minY, x + maxX + 1, y + maxY + 1))
    }
}
