/// A straight sRGB colour in 0...1 floats, for generating content (blended in encoded sRGB,
/// as the compositor blends).
struct RGB: Sendable {
    var r: Float
    var g: Float
    var b: Float

    init(_ r: Float, _ g: Float, _ b: Float) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// From 0xRRGGBB.
    init(hex: UInt32) {
        self.init(
            Float(hex >> 16 & 0xFF) / 255, Float(hex >> 8 & 0xFF) / 255, Float(hex & 0xFF) / 255)
    }

    static let white = RGB(1, 1, 1)
    static let black = RGB(0, 0, 0)

    func mixed(with other: RGB, _ t: Float) -> RGB {
        RGB(r + (other.r - r) * t, g + (other.g - g) * t, b + (other.b - b) * t)
    }

    func scaled(_ k: Float) -> RGB { RGB(r * k, g * k, b * k) }
}
