import Foundation
import FrameGenGeometry

// The CGGeometry comparisons Core Graphics' Swift overlay has and Foundation on Linux lacks.
// They are `==`, as on Apple platforms.
extension CGPoint {
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    public func equalTo(_ rect2: CGRect) -> Bool { self == rect2 }
}

// Conversions to and from Geometry's types, which Layout and the compositor use.
extension CGPoint {
    package init(_ p: FrameGenGeometry.Point) { self.init(x: CGFloat(p.x), y: CGFloat(p.y)) }

    package var geometry: FrameGenGeometry.Point { FrameGenGeometry.Point(x: Double(x), y: Double(y)) }
}

extension CGSize {
    package init(_ s: FrameGenGeometry.Size) { self.init(width: CGFloat(s.width), height: CGFloat(s.height)) }

    package var geometry: FrameGenGeometry.Size {
        FrameGenGeometry.Size(width: Double(width), height: Double(height))
    }
}

extension CGRect {
    package init(_ r: FrameGenGeometry.Rect) { self.init(origin: CGPoint(r.origin), size: CGSize(r.size)) }

    package var geometry: FrameGenGeometry.Rect {
        FrameGenGeometry.Rect(origin: origin.geometry, size: size.geometry)
    }
}
