import FrameGenCompositor
import FrameGenGeometry
import FrameGenRaster
import FrameGenText

// A style's content mode is the compositor's; a library caller names it without importing Compositor.
@_exported import enum FrameGenCompositor.ContentMode

/// CALayer-style styling of an element (docs/scene.md "Style keys": a scene's `cell` and
/// `supplementary.KIND`, an attribute file's `style`). Every key is optional: an element's own style
/// overrides the file's key by key, and what no one sets takes CALayer's default (`resolved`).
public struct ElementStyle: Sendable, Equatable {
    public enum CornerCurve: String, Sendable, CaseIterable {
        case circular, continuous
    }
    /// The compositor's types: a style's content mode, border and shadow are exactly a layer's.
    public typealias Border = LayerBorder
    public typealias Shadow = LayerShadow
    public struct Font: Sendable, Equatable {
        public var size: Double
        public var bold: Bool
        /// The family asked of fontconfig; nil: the default (DejaVu Sans).
        public var family: String?
        public init(size: Double, bold: Bool, family: String? = nil) {
            self.size = size
            self.bold = bold
            self.family = family
        }
    }

    public var background: Color?
    public var contentMode: ContentMode?
    public var clipsToBounds: Bool?
    public var cornerRadius: Double?
    public var cornerCurve: CornerCurve?
    public var border: Border?
    public var shadow: Shadow?
    public var imageInset: Double?
    public var edgeAntialiasing: Bool?
    /// Text of supplementary views.
    public var font: Font?
    public var color: Color?
    public var textShadow: Shadow?
    /// NSTextAlignment's name for where lines sit across the element (default center).
    public var textAlignment: TextAlignment?
    /// UILabel's: 1 (default) one truncated line, 0 as many as the bounds hold.
    public var numberOfLines: Int?

    public init() {}

    static let keys = [
        "background", "contentMode", "clipsToBounds", "cornerRadius", "cornerCurve", "border", "shadow",
        "imageInset", "edgeAntialiasing", "font", "color", "textShadow", "textAlignment", "numberOfLines",
    ]
    static let borderKeys = ["width", "color"]
    static let shadowKeys = ["color", "opacity", "radius", "offset"]
    static let fontKeys = ["size", "weight", "family"]

    /// `self`'s keys where set, `base`'s elsewhere.
    public func over(_ base: ElementStyle) -> ElementStyle {
        var s = self
        s.background = background ?? base.background
        s.contentMode = contentMode ?? base.contentMode
        s.clipsToBounds = clipsToBounds ?? base.clipsToBounds
        s.cornerRadius = cornerRadius ?? base.cornerRadius
        s.cornerCurve = cornerCurve ?? base.cornerCurve
        s.border = border ?? base.border
        s.shadow = shadow ?? base.shadow
        s.imageInset = imageInset ?? base.imageInset
        s.edgeAntialiasing = edgeAntialiasing ?? base.edgeAntialiasing
        s.font = font ?? base.font
        s.color = color ?? base.color
        s.textShadow = textShadow ?? base.textShadow
        s.textAlignment = textAlignment ?? base.textAlignment
        s.numberOfLines = numberOfLines ?? base.numberOfLines
        return s
    }

    public var isEmpty: Bool { self == ElementStyle() }

    /// Reads a style mapping (every key optional; unknown keys are errors).
    public init(_ node: DocumentNode) throws(FrameGenError) {
        try self.init(map: node.map("a style mapping"))
    }

    /// Reads the style keys of `map`, which may hold no others.
    public init(map: DocumentMap) throws(FrameGenError) {
        try map.check(allowed: ElementStyle.keys)
        if let n = map["background"] { background = try parseColor(n) }
        if let n = map["contentMode"] { contentMode = try parseEnum(n, ContentMode.self) }
        if let n = map["clipsToBounds"] { clipsToBounds = try n.bool() }
        if let n = map["cornerRadius"] { cornerRadius = try n.number(in: 0...NumberLimits.styleLength) }
        if let n = map["cornerCurve"] { cornerCurve = try parseEnum(n, CornerCurve.self) }
        if let n = map["border"] {
            let m = try n.map("{width, color}")
            try m.check(allowed: ElementStyle.borderKeys)
            border = Border(
                width: try m["width"]?.number(in: 0...NumberLimits.styleLength) ?? 1,
                color: try m["color"].map { n throws(FrameGenError) in try parseColor(n) } ?? .black)
        }
        if let n = map["shadow"] { shadow = try parseShadow(n) }
        if let n = map["imageInset"] { imageInset = try n.number(in: 0...NumberLimits.styleLength) }
        if let n = map["edgeAntialiasing"] { edgeAntialiasing = try n.bool() }
        if let n = map["font"] {
            let m = try n.map("{size, weight, family}")
            try m.check(allowed: ElementStyle.fontKeys)
            let weight = try m["weight"]?.string() ?? "regular"
            guard weight == "regular" || weight == "bold" else {
                throw m["weight"]!.error("regular or bold")
            }
            let family = try m["family"]?.string()
            if let family, family.isEmpty || family.count > 256 || family.contains(where: \.isNewline) {
                throw m["family"]!.error("a font family name (one line, 1 to 256 characters)")
            }
            font = Font(
                size: try m["size"]?.number(in: 1...512) ?? 17, bold: weight == "bold", family: family)
        }
        if let n = map["color"] { color = try parseColor(n) }
        if let n = map["textShadow"] { textShadow = try parseShadow(n) }
        if let n = map["textAlignment"] { textAlignment = try parseEnum(n, TextAlignment.self) }
        if let n = map["numberOfLines"] { numberOfLines = try n.integer(in: 0...1000) }
    }

    /// The style as a document value, keys in a fixed order, only those that are set.
    public var documentValue: DocumentValue {
        var pairs: [(key: String, value: DocumentValue)] = []
        if let c = background { pairs.append(("background", .string(c.description))) }
        if let m = contentMode { pairs.append(("contentMode", .string(m.rawValue))) }
        if let b = clipsToBounds { pairs.append(("clipsToBounds", .bool(b))) }
        if let r = cornerRadius { pairs.append(("cornerRadius", .number(r))) }
        if let c = cornerCurve { pairs.append(("cornerCurve", .string(c.rawValue))) }
        if let b = border {
            pairs.append(
                ("border", .map([("width", .number(b.width)), ("color", .string(b.color.description))])))
        }
        if let s = shadow { pairs.append(("shadow", shadowValue(s))) }
        if let i = imageInset { pairs.append(("imageInset", .number(i))) }
        if let e = edgeAntialiasing { pairs.append(("edgeAntialiasing", .bool(e))) }
        if let f = font {
            var font: [(key: String, value: DocumentValue)] = [
                ("size", .number(f.size)), ("weight", .string(f.bold ? "bold" : "regular")),
            ]
            if let family = f.family { font.append(("family", .string(family))) }
            pairs.append(("font", .map(font)))
        }
        if let c = color { pairs.append(("color", .string(c.description))) }
        if let s = textShadow { pairs.append(("textShadow", shadowValue(s))) }
        if let a = textAlignment { pairs.append(("textAlignment", .string(a.rawValue))) }
        if let n = numberOfLines { pairs.append(("numberOfLines", .number(Double(n)))) }
        return .map(pairs)
    }
}

private func shadowValue(_ s: ElementStyle.Shadow) -> DocumentValue {
    .map([
        ("color", .string(s.color.description)), ("opacity", .number(s.opacity)),
        ("radius", .number(s.radius)),
        ("offset", .list([.number(s.offset.x), .number(s.offset.y)])),
    ])
}

private func parseShadow(_ node: DocumentNode) throws(FrameGenError) -> ElementStyle.Shadow {
    let m = try node.map("{color, opacity, radius, offset}")
    try m.check(allowed: ElementStyle.shadowKeys)
    // CALayer's defaults: black, opacity 0, radius 3, offset (0, -3).
    return ElementStyle.Shadow(
        color: try m["color"].map { n throws(FrameGenError) in try parseColor(n) } ?? .black,
        opacity: try m["opacity"]?.number(in: 0...1) ?? 0,
        radius: try m["radius"]?.number(in: 0...1000) ?? 3,
        offset: try m["offset"]?.point(within: NumberLimits.styleLength) ?? Point(x: 0, y: -3))
}

/// `#RRGGBB`, `#RRGGBBAA` or a colour name.
public func parseColor(_ node: DocumentNode) throws(FrameGenError) -> Color {
    guard case .string(let s) = node.value, let c = Color(parsing: s) else {
        throw node.error("a colour (#RRGGBB, #RRGGBBAA or a name such as white)")
    }
    return c
}

func parseEnum<E: RawRepresentable & CaseIterable>(_ node: DocumentNode, _ type: E.Type) throws(FrameGenError)
    -> E
where E.RawValue == String {
    let names = E.allCases.map(\.rawValue)
    guard case .string(let s) = node.value, let e = E(rawValue: s) else {
        var expected = "one of " + names.joined(separator: ", ")
        if case .string(let s) = node.value, let close = closestName(to: s, in: names) {
            expected += " (did you mean \"\(close)\"?)"
        }
        throw node.error(expected)
    }
    return e
}
