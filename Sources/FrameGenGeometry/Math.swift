#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Thin wrappers so the rest of Geometry needs no platform import; libm gives the same results
// on every machine of one kind, which the golden tests rely on.
@inline(__always) func _cos(_ x: Double) -> Double { cos(x) }
@inline(__always) func _sin(_ x: Double) -> Double { sin(x) }
@inline(__always) func _sqrt(_ x: Double) -> Double { x.squareRoot() }

/// Degrees to radians, for scene files (angles in degrees) and layouts written in degrees.
@inlinable public func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
