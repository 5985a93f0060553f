import Foundation
import Geometry
import Layout

// Between the API's Core Graphics values and Geometry's and Layout's, which framegen computes
// with: CGFloat is Double on every platform framegen builds for, so no value changes.

extension CGRect {
    init(_ r: Rect) {
        self.init(x: CGFloat(r.minX), y: CGFloat(r.minY), width: CGFloat(r.width), height: CGFloat(r.height))
    }
}

extension Rect {
    init(_ r: CGRect) {
        self.init(
            x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width),
            height: Double(r.size.height))
    }
}

extension CGPoint {
    init(_ p: Point) { self.init(x: CGFloat(p.x), y: CGFloat(p.y)) }
}

extension Point {
    init(_ p: CGPoint) { self.init(x: Double(p.x), y: Double(p.y)) }
}

extension CGSize {
    init(_ s: Size) { self.init(width: CGFloat(s.width), height: CGFloat(s.height)) }
}

extension Size {
    init(_ s: CGSize) { self.init(width: Double(s.width), height: Double(s.height)) }
}

extension IndexPath {
    init(_ p: Layout.IndexPath) { self.init(item: p.item, section: p.section) }
}

extension Layout.IndexPath {
    /// Any length other than two is a programming error on iOS too; framegen keeps the first two
    /// indices (zeros for missing ones) rather than trapping in the middle of a render.
    init(_ p: Foundation.IndexPath) {
        let parts = Array(p) + [0, 0]
        self.init(section: parts[0], item: parts[1])
    }
}
