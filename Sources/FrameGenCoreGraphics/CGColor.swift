import Foundation
import FrameGenLayout

/// A colour (Core Graphics' CGColor): an immutable reference, as the Core Foundation type is,
/// equal to another with the same colour space and components.
///
/// Two colour spaces only, the two UIColor makes: grey (`UIColor(white:alpha:)` and the grey
/// named colours: components [white, alpha]) and sRGB (everything else: [red, green, blue,
/// alpha]). Components are not clamped, as extended sRGB allows. The compositor reads `rgba`.
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    package enum Space: Hashable, Sendable {
        case gray
        case sRGB
    }

    package let space: Space
    private let values: [CGFloat]

    package init(space: Space, components: [CGFloat]) {
        self.space = space
        self.values = components
    }

    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .sRGB, components: [red, green, blue, alpha])
    }

    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: .gray, components: [gray, alpha])
    }

    public static var black: CGColor { CGColor(gray: 0, alpha: 1) }
    public static var white: CGColor { CGColor(gray: 1, alpha: 1) }
    public static var clear: CGColor { CGColor(gray: 0, alpha: 0) }

    /// The colour space's components, alpha last.
    public var components: [CGFloat]? { values }

    public var numberOfComponents: Int { values.count }

    public var alpha: CGFloat { values[values.count - 1] }

    /// The same colour with another alpha (never nil here: every colour has an alpha).
    public func copy(alpha: CGFloat) -> CGColor? {
        CGColor(space: space, components: values.dropLast() + [alpha])
    }

    /// Red, green, blue and alpha in sRGB: a grey's white in all three.
    package var rgba: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        switch space {
        case .gray: (values[0], values[0], values[0], values[1])
        case .sRGB: (values[0], values[1], values[2], values[3])
        }
    }

    /// The colour as the renderer's value.
    package var snapshot: LayerSnapshot.Color {
        let v = rgba
        return LayerSnapshot.Color(
            red: Double(v.red), green: Double(v.green), blue: Double(v.blue), alpha: Double(v.alpha))
    }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.space == rhs.space && lhs.values == rhs.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(space)
        hasher.combine(values)
    }

    public var description: String {
        let name = space == .gray ? "kCGColorSpaceGenericGrayGamma2_2" : "kCGColorSpaceSRGB"
        let list = values.map { "\($0)" }.joined(separator: " ")
        return "<CGColor> [\(name)] ( \(list) )"
    }
}
