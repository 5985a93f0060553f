import Foundation

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
