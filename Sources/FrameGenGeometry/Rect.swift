/// An origin and a size in points (UIKit's CGRect). Sizes are expected to be non-negative;
/// `standardized` fixes negative ones.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rect of `size` centred on `center`, as UIKit derives a frame from center and bounds.
    public init(center: Point, size: Size) {
        self.init(
            x: center.x - size.width / 2, y: center.y - size.height / 2,
            width: size.width, height: size.height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: midX, y: midY) }
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    public var description: String { "[\(minX), \(minY), \(width), \(height)]" }

    public var standardized: Rect {
        Rect(
            x: Swift.min(minX, maxX), y: Swift.min(minY, maxY),
            width: Swift.abs(width), height: Swift.abs(height))
    }

    /// CGRectIntersectsRect: true when the interiors overlap (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    public func intersection(_ other: Rect) -> Rect {
        let x0 = Swift.max(minX, other.minX)
        let y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX)
        let y1 = Swift.min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(minX, other.minX)
        let y0 = Swift.min(minY, other.minY)
        return Rect(
            x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0,
            height: Swift.max(maxY, other.maxY) - y0)
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    public func inset(by i: EdgeInsets) -> Rect {
        Rect(
            x: minX + i.left, y: minY + i.top, width: width - i.left - i.right,
            height: height - i.top - i.bottom)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
}
