import FrameGenGeometry

/// A straight-alpha 8-bit sRGB colour, as scenes and PNG files spell it.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 255, g: 255, b: 255)

    /// UIKit's named colours that scenes may use (UIColor's class properties, light appearance).
    public static let named: [String: Color] = [
        "clear": .clear, "black": .black, "white": .white,
        "gray": Color(r: 128, g: 128, b: 128), "grey": Color(r: 128, g: 128, b: 128),
        "darkGray": Color(r: 85, g: 85, b: 85), "lightGray": Color(r: 170, g: 170, b: 170),
        "red": Color(r: 255, g: 0, b: 0), "green": Color(r: 0, g: 255, b: 0),
        "blue": Color(r: 0, g: 0, b: 255), "cyan": Color(r: 0, g: 255, b: 255),
        "yellow": Color(r: 255, g: 255, b: 0), "magenta": Color(r: 255, g: 0, b: 255),
        "orange": Color(r: 255, g: 128, b: 0), "purple": Color(r: 128, g: 0, b: 128),
        "brown": Color(r: 153, g: 102, b: 51),
        "systemBlue": Color(r: 0, g: 122, b: 255), "systemRed": Color(r: 255, g: 59, b: 48),
        "systemGreen": Color(r: 52, g: 199, b: 89), "systemGray": Color(r: 142, g: 142, b: 147),
    ]

    /// Parses `#RRGGBB`, `#RRGGBBAA` or a name from `named`; nil otherwise.
    public init?(parsing text: String) {
        if let c = Color.named[text] {
            self = c
            return
        }
        guard text.hasPrefix("#") else { return nil }
        let hex = text.dropFirst()
        guard hex.count == 6 || hex.count == 8, let v = UInt32(hex, radix: 16) else { return nil }
        if hex.count == 6 {
            self.init(r: UInt8(v >> 16 & 0xFF), g: UInt8(v >> 8 & 0xFF), b: UInt8(v & 0xFF))
        } else {
            self.init(
                r: UInt8(v >> 24), g: UInt8(v >> 16 & 0xFF), b: UInt8(v >> 8 & 0xFF),
                a: UInt8(v & 0xFF))
        }
    }

    public var description: String {
        func h(_ v: UInt8) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(r) + h(g) + h(b) + (a == 255 ? "" : h(a))
    }

    public var premultiplied: Pixel {
        Pixel(r: mul255(r, a), g: mul255(g, a), b: mul255(b, a), a: a)
    }

    /// This colour with its alpha multiplied by `opacity` (0...1), rounded.
    public func withOpacity(_ opacity: Double) -> Color {
        let o = Swift.min(Swift.max(opacity, 0), 1)
        return Color(r: r, g: g, b: b, a: UInt8((Double(a) * o).rounded().clampedInt(in: 0...255, nan: 0)))
    }
}

/// A premultiplied 8-bit RGBA pixel, the compositor's working format. Invariant: r, g, b <= a.
public struct Pixel: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let clear = Pixel(r: 0, g: 0, b: 0, a: 0)

    public var description: String { "Pixel(\(r), \(g), \(b), \(a))" }

    /// Back to straight alpha, rounding to nearest (the PNG boundary).
    public var unpremultiplied: Color {
        if a == 255 { return Color(r: r, g: g, b: b, a: 255) }
        if a == 0 { return .clear }
        return Color(r: div(r, a), g: div(g, a), b: div(b, a), a: a)
    }

    @inline(__always) private func div(_ c: UInt8, _ a: UInt8) -> UInt8 {
        let a32 = UInt32(a)
        let q: UInt32 = (UInt32(c) * 255 + a32 / 2) / a32
        return UInt8(Swift.min(255, q))
    }
}
