import Foundation
import FrameGenCoreGraphics
import FrameGenRaster

/// SVG documents made of filled shapes alone, drawn as iOS draws an asset catalog's SVG: Core
/// SVG hands each shape to Core Graphics, which fills its path with its own anti-aliasing
/// (curves cut into Core Graphics' chords, ⌊256 · area⌋ coverage levels, the coverage-scaled
/// colour rounded down; docs/design/rendering.md §8.3), so an icon's edges are the levels iOS
/// draws rather than cairo's (docs/decisions.md, "Vector images").
///
/// What is read: `svg` (`width`, `height`, `viewBox`, `preserveAspectRatio`), `g`, `path`,
/// `rect` (with `rx`/`ry`), `circle`, `ellipse`, `polygon`; `transform`, `fill` (colours by hex,
/// `rgb()`, a CSS basic name, `currentColor`, `none`), `fill-rule`, `fill-opacity`, a shape's
/// `opacity`, `color`, `display`, and the same properties in a `style` attribute. A document
/// with anything else that draws (strokes, gradients, clips, masks, filters, `use`, text,
/// images, style sheets, a group's opacity) is not read here: `parse` gives nil and librsvg
/// draws it.
package enum SVGShapes {
    /// One filled shape, in the document's user units after its transforms.
    struct Shape: Equatable {
        var path: Path
        var rule: FillRule
        var color: Color
    }

    package struct Document: Equatable {
        /// The user-space rectangle the image shows (the view box, else 0, 0, width, height).
        var box: (x: Double, y: Double, width: Double, height: Double)
        /// `preserveAspectRatio`: where the box lies in the image along x and y (0, 1/2 or 1), or
        /// nil for `none` (stretched); `slice` covers the image instead of fitting inside it.
        var align: (x: Double, y: Double)?
        var slice: Bool
        var shapes: [Shape]

        package static func == (a: Document, b: Document) -> Bool {
            a.box == b.box && a.align?.x == b.align?.x && a.align?.y == b.align?.y && a.slice == b.slice
                && a.shapes == b.shapes
        }
    }

    /// More shapes or path commands than this and the document is left to librsvg: the work of
    /// one icon is bounded whatever its file says.
    static let maximumShapes = 10_000
    static let maximumCommands = 100_000

    /// The document's shapes, or nil when it holds anything this reader does not draw (or is
    /// not well-formed).
    package static func parse(_ data: [UInt8]) -> Document? {
        guard let root = try? IBXML.parse(data), root.name == "svg" else { return nil }
        var reader = Reader()
        guard let style = reader.style(of: root, inherited: Style()) else { return nil }
        let size = (length(root["width"]), length(root["height"]))
        var box: (x: Double, y: Double, width: Double, height: Double)
        if let viewBox = root["viewBox"] {
            guard let v = numbers(viewBox), v.count == 4, v[2] > 0, v[3] > 0 else { return nil }
            box = (v[0], v[1], v[2], v[3])
        } else {
            guard let w = size.0, let h = size.1, w > 0, h > 0 else { return nil }
            box = (0, 0, w, h)
        }
        var align: (x: Double, y: Double)? = (0.5, 0.5)
        var slice = false
        if let aspect = root["preserveAspectRatio"] {
            let words = aspect.split(whereSeparator: \.isWhitespace)
            guard let first = words.first, words.count <= 2 else { return nil }
            if first == "none" {
                align = nil
            } else {
                let positions = ["Min": 0.0, "Mid": 0.5, "Max": 1.0]
                let s = String(first)
                guard s.count == 8, s.hasPrefix("x"), let x = positions[String(s.dropFirst().prefix(3))],
                    s.dropFirst(4).hasPrefix("Y"), let y = positions[String(s.suffix(3))]
                else { return nil }
                align = (x, y)
            }
            if words.count == 2 {
                guard words[1] == "meet" || words[1] == "slice" else { return nil }
                slice = words[1] == "slice"
            }
        }
        guard reader.shapes(in: root, style: style) else { return nil }
        return Document(box: box, align: align, slice: slice, shapes: reader.shapes)
    }

    /// The most chords the shapes' curves may be cut into at the size asked for: a document
    /// beyond it (a cubic millions of pixels long bends into thousands of chords) is left to
    /// librsvg rather than flattened here.
    static let maximumChords = 1 << 22

    /// `document` drawn to fill `width` x `height` pixels, premultiplied RGBA: its box mapped onto
    /// them as `preserveAspectRatio` says, each shape filled in order, source over. Nil when its
    /// curves at this size would take more than `maximumChords`.
    package static func draw(_ document: Document, width: Int, height: Int) -> UIImage.Bitmap? {
        let box = document.box
        var sx = Double(width) / box.width
        var sy = Double(height) / box.height
        var tx = 0.0
        var ty = 0.0
        if let align = document.align {
            let s = document.slice ? max(sx, sy) : min(sx, sy)
            (sx, sy) = (s, s)
            tx = (Double(width) - box.width * s) * align.x
            ty = (Double(height) - box.height * s) * align.y
        }
        let toPixels = matrix(a: sx, d: sy, e: tx - box.x * sx, f: ty - box.y * sy)
        let paths = document.shapes.map { $0.path.transformed(by: toPixels) }
        var chords = 0
        for path in paths {
            chords += path.coreGraphicsChordCount()
            if chords > maximumChords { return nil }
        }
        var image = Image(width: width, height: height)
        let clip: PixelBox = (0, 0, width, height)
        for (shape, path) in zip(document.shapes, paths) where shape.color.a > 0 {
            let mask = Rasterizer.coverage(
                of: path.flattenedAsCoreGraphics(), fillRule: shape.rule, clip: clip, levels: .coreGraphics)
            Painter.fill(&image, color: shape.color.premultiplied, coverage: mask, truncating: true)
        }
        return UIImage.Bitmap(width: width, height: height, pixels: image.bytes)
    }

    // MARK: Reading

    /// SVG's `matrix(a b c d e f)` (x' = a x + c y + e, y' = b x + d y + f) as the rasteriser's
    /// map, whose affine maps keep a path's curves exact.
    static func matrix(
        a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, e: Double = 0, f: Double = 0
    ) -> Homography {
        Homography(m11: a, m12: b, m13: 0, m21: c, m22: d, m23: 0, m31: e, m32: f, m33: 1)
    }

    enum Paint: Equatable {
        case none
        case color(Color)
        case currentColor
    }

    /// The properties a shape inherits from its ancestors.
    struct Style {
        var fill = Paint.color(.black)
        var rule = FillRule.nonZero
        var fillOpacity = 1.0
        var color = Color.black
        var transform = Homography.identity
        /// False under `display: none`, which hides an element and all it holds.
        var displayed = true
    }

    struct Reader {
        var shapes: [Shape] = []
        var commands = 0

        /// `element`'s own style over `inherited`; nil when it asks for something not drawn
        /// here.
        func style(of element: IBElement, inherited: Style) -> Style? {
            var style = inherited
            var properties: [(String, String)] = []
            for (name, value) in element.attributes where name != "style" { properties.append((name, value)) }
            if let css = element["style"] {
                for declaration in css.split(separator: ";") {
                    let parts = declaration.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2 else {
                        if declaration.allSatisfy(\.isWhitespace) { continue }
                        return nil
                    }
                    properties.append((trimmed(parts[0]), trimmed(parts[1])))
                }
            }
            var opacity = 1.0
            for (name, value) in properties {
                switch name {
                case "fill":
                    guard let paint = SVGShapes.paint(value) else { return nil }
                    style.fill = paint
                case "color":
                    if value == "inherit" { continue }
                    guard case .color(let c)? = SVGShapes.paint(value) else { return nil }
                    style.color = c
                case "fill-rule":
                    switch value {
                    case "nonzero": style.rule = .nonZero
                    case "evenodd": style.rule = .evenOdd
                    case "inherit": break
                    default: return nil
                    }
                case "fill-opacity":
                    guard let o = Double(value), o.isFinite else { return nil }
                    style.fillOpacity = min(max(o, 0), 1)
                case "opacity":
                    guard let o = Double(value), o.isFinite else { return nil }
                    opacity = min(max(o, 0), 1)
                case "transform":
                    guard let t = SVGShapes.transform(value) else { return nil }
                    // The element's own transform first, then its ancestors'.
                    style.transform = t.concatenating(style.transform)
                case "stroke":
                    guard value == "none" else { return nil }
                case "clip-path", "mask", "filter", "marker-start", "marker-mid", "marker-end":
                    guard value == "none" else { return nil }
                case "display":
                    if value == "none" { style.displayed = false }
                case "visibility":
                    guard value == "visible" || value == "inherit" else { return nil }
                default:
                    // Geometry (x, d, points...), identity (id, class, xmlns...), and what does
                    // not change a fill (stroke-width without a stroke, a clip rule without a
                    // clip, shape-rendering...).
                    break
                }
            }
            if opacity < 1 {
                // A group's opacity composites its children together first; one shape's is its
                // fill's.
                guard element.name != "g", element.name != "svg" else { return nil }
                style.fillOpacity *= opacity
            }
            return style
        }

        /// Reads `element`'s children into `shapes`; false when one is not drawn here.
        mutating func shapes(in element: IBElement, style: Style) -> Bool {
            for child in element.children {
                switch child.name {
                case "title", "desc", "metadata":
                    continue
                case "defs":
                    // Definitions nothing here refers to draw nothing.
                    guard child.children.isEmpty else { return false }
                    continue
                case "g":
                    guard let inner = self.style(of: child, inherited: style) else { return false }
                    guard inner.displayed else { continue }
                    guard shapes(in: child, style: inner) else { return false }
                case "path", "rect", "circle", "ellipse", "polygon", "polyline":
                    guard let inner = self.style(of: child, inherited: style), shapes.count < maximumShapes,
                        let outline = outline(of: child)
                    else { return false }
                    guard inner.displayed else { continue }
                    let color: Color
                    switch inner.fill {
                    case .none: continue
                    case .color(let c): color = c
                    case .currentColor: color = inner.color
                    }
                    shapes.append(
                        Shape(
                            path: outline.transformed(by: inner.transform), rule: inner.rule,
                            color: color.withOpacity(inner.fillOpacity)))
                case "line":
                    // A line has no inside to fill; drawn only by a stroke, which is not read here.
                    guard self.style(of: child, inherited: style) != nil else { return false }
                default:
                    return false
                }
            }
            return true
        }

        /// A shape element's outline in its own user units; nil when it cannot be read.
        mutating func outline(of element: IBElement) -> Path? {
            func value(_ name: String) -> Double? {
                guard let text = element[name] else { return 0 }
                return SVGShapes.length(text)
            }
            switch element.name {
            case "path":
                return pathData(element["d"] ?? "")
            case "rect":
                guard let x = value("x"), let y = value("y"), let w = value("width"), let h = value("height"),
                    w >= 0, h >= 0
                else { return nil }
                // SVG's rules for rx and ry: one given stands for both; each at most half the side.
                var rx = element["rx"].flatMap(SVGShapes.length)
                var ry = element["ry"].flatMap(SVGShapes.length)
                if element["rx"] != nil, rx == nil { return nil }
                if element["ry"] != nil, ry == nil { return nil }
                if rx == nil { rx = ry }
                if ry == nil { ry = rx }
                // Core SVG's shapes are Core Graphics' rounded rectangle (which clamps the radii to
                // 0...half the side, as SVG does) and ellipse.
                let cg = CGMutablePath()
                if w > 0, h > 0 {
                    cg.addRoundedRect(
                        in: CGRect(x: x, y: y, width: w, height: h), cornerWidth: rx ?? 0,
                        cornerHeight: ry ?? 0)
                }
                return cg.rasterPath()
            case "circle", "ellipse":
                guard let cx = value("cx"), let cy = value("cy") else { return nil }
                let rx: Double?
                let ry: Double?
                if element.name == "circle" {
                    rx = value("r")
                    ry = rx
                } else {
                    (rx, ry) = (value("rx"), value("ry"))
                }
                guard let rx, let ry, rx >= 0, ry >= 0 else { return nil }
                let cg = CGMutablePath()
                if rx > 0, ry > 0 {
                    cg.addEllipse(in: CGRect(x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry))
                }
                return cg.rasterPath()
            case "polygon", "polyline":
                // A polyline's fill is its polygon's: a fill closes every figure.
                guard let points = SVGShapes.numbers(element["points"] ?? "") else { return nil }
                var path = Path()
                // An odd count drops its last number, as SVG renders the points before an error.
                if points.count >= 6 {
                    path.addPolygon(
                        stride(from: 0, to: points.count - 1, by: 2).map { SIMD2(points[$0], points[$0 + 1]) }
                    )
                }
                return path
            default:
                return nil
            }
        }

        /// A path's `d`, its arcs as cubics; nil when malformed or too long. SVG draws a path up
        /// to its first error; a document with one is left to librsvg, which does.
        mutating func pathData(_ d: String) -> Path? {
            var scanner = NumberScanner(Array(d.utf8))
            var elements: [Path.Element] = []
            var current = SIMD2<Double>(0, 0)
            var start = current
            // The last control point, for S and T's reflection.
            var lastCubic: SIMD2<Double>?
            var lastQuad: SIMD2<Double>?
            var command: UInt8 = 0
            while true {
                scanner.skipSeparators()
                guard let byte = scanner.peek() else { break }
                if NumberScanner.isCommand(byte) {
                    command = byte
                    scanner.index += 1
                } else if command == 0 || command == UInt8(ascii: "z") || command == UInt8(ascii: "Z") {
                    return nil
                }
                commands += 1
                guard commands <= maximumCommands else { return nil }
                let relative = command >= UInt8(ascii: "a")
                let origin = relative ? current : SIMD2(0, 0)
                func point() -> SIMD2<Double>? {
                    guard let x = scanner.number(), let y = scanner.number() else { return nil }
                    return origin + SIMD2(x, y)
                }
                var cubicControl: SIMD2<Double>?
                var quadControl: SIMD2<Double>?
                switch command | 0x20 {
                case UInt8(ascii: "m"):
                    guard let p = point() else { return nil }
                    elements.append(.move(p))
                    (current, start) = (p, p)
                    // Pairs after a moveto are linetos.
                    command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
                case UInt8(ascii: "l"):
                    guard let p = point() else { return nil }
                    elements.append(.line(p))
                    current = p
                case UInt8(ascii: "h"):
                    guard let x = scanner.number() else { return nil }
                    current = SIMD2(relative ? current.x + x : x, current.y)
                    elements.append(.line(current))
                case UInt8(ascii: "v"):
                    guard let y = scanner.number() else { return nil }
                    current = SIMD2(current.x, relative ? current.y + y : y)
                    elements.append(.line(current))
                case UInt8(ascii: "c"):
                    guard let c1 = point(), let c2 = point(), let p = point() else { return nil }
                    elements.append(.curve(p, control1: c1, control2: c2))
                    (current, cubicControl) = (p, c2)
                case UInt8(ascii: "s"):
                    let c1 = lastCubic.map { 2 * current - $0 } ?? current
                    guard let c2 = point(), let p = point() else { return nil }
                    elements.append(.curve(p, control1: c1, control2: c2))
                    (current, cubicControl) = (p, c2)
                case UInt8(ascii: "q"):
                    guard let c = point(), let p = point() else { return nil }
                    elements.append(.quadCurve(p, control: c))
                    (current, quadControl) = (p, c)
                case UInt8(ascii: "t"):
                    let c = lastQuad.map { 2 * current - $0 } ?? current
                    guard let p = point() else { return nil }
                    elements.append(.quadCurve(p, control: c))
                    (current, quadControl) = (p, c)
                case UInt8(ascii: "a"):
                    guard let rx = scanner.number(), let ry = scanner.number(), let angle = scanner.number(),
                        let large = scanner.flag(), let sweep = scanner.flag(), let p = point()
                    else { return nil }
                    SVGShapes.arc(
                        from: current, to: p, radii: SIMD2(abs(rx), abs(ry)), rotation: angle, large: large,
                        sweep: sweep, into: &elements)
                    current = p
                case UInt8(ascii: "z"):
                    elements.append(.close)
                    current = start
                default:
                    return nil
                }
                (lastCubic, lastQuad) = (cubicControl, quadControl)
            }
            guard elements.allSatisfy(\.isFinite) else { return nil }
            return Path(elements: elements)
        }
    }

    // MARK: Values

    static func trimmed(_ s: Substring) -> String { s.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// A length in user units: a number, or one in `px` (the same) or `pt` (as the catalog's
    /// size reader counts them); nil for other units.
    static func length(_ text: String?) -> Double? {
        guard var t = text?.trimmingCharacters(in: .whitespaces) else { return nil }
        if t.hasSuffix("px") || t.hasSuffix("pt") { t.removeLast(2) }
        guard let v = Double(t), v.isFinite else { return nil }
        return v
    }

    /// Numbers separated by whitespace or commas; nil when anything else is there.
    static func numbers(_ text: String) -> [Double]? {
        var scanner = NumberScanner(Array(text.utf8))
        var out: [Double] = []
        while true {
            scanner.skipSeparators()
            if scanner.peek() == nil { return out }
            guard let v = scanner.number() else { return nil }
            out.append(v)
        }
    }

    /// CSS's basic colour keywords (SVG 1.1's most used; others leave the document to librsvg).
    static let namedColors: [String: Color] = [
        "black": Color(r: 0, g: 0, b: 0), "white": Color(r: 255, g: 255, b: 255),
        "red": Color(r: 255, g: 0, b: 0), "lime": Color(r: 0, g: 255, b: 0),
        "green": Color(r: 0, g: 128, b: 0), "blue": Color(r: 0, g: 0, b: 255),
        "yellow": Color(r: 255, g: 255, b: 0), "cyan": Color(r: 0, g: 255, b: 255),
        "aqua": Color(r: 0, g: 255, b: 255), "magenta": Color(r: 255, g: 0, b: 255),
        "fuchsia": Color(r: 255, g: 0, b: 255), "gray": Color(r: 128, g: 128, b: 128),
        "grey": Color(r: 128, g: 128, b: 128), "silver": Color(r: 192, g: 192, b: 192),
        "maroon": Color(r: 128, g: 0, b: 0), "olive": Color(r: 128, g: 128, b: 0),
        "navy": Color(r: 0, g: 0, b: 128), "purple": Color(r: 128, g: 0, b: 128),
        "teal": Color(r: 0, g: 128, b: 128), "orange": Color(r: 255, g: 165, b: 0),
        "transparent": Color(r: 0, g: 0, b: 0, a: 0),
    ]

    /// A `fill` value; nil for paint this reader does not draw (`url(...)`, unknown names).
    static func paint(_ text: String) -> Paint? {
        let t = text.trimmingCharacters(in: .whitespaces)
        switch t.lowercased() {
        case "none": return Paint.none
        case "currentcolor": return .currentColor
        default: break
        }
        if let c = namedColors[t.lowercased()] { return .color(c) }
        if t.hasPrefix("#") {
            let hex = Array(t.dropFirst())
            guard hex.count == 3 || hex.count == 6, let v = UInt32(String(hex), radix: 16) else { return nil }
            if hex.count == 3 {
                let (r, g, b) = (UInt8(v >> 8 & 0xF), UInt8(v >> 4 & 0xF), UInt8(v & 0xF))
                return .color(Color(r: r * 17, g: g * 17, b: b * 17))
            }
            return .color(Color(r: UInt8(v >> 16 & 0xFF), g: UInt8(v >> 8 & 0xFF), b: UInt8(v & 0xFF)))
        }
        if t.lowercased().hasPrefix("rgb("), t.hasSuffix(")") {
            let inner = t.dropFirst(4).dropLast()
            let parts = inner.split(separator: ",").map { trimmed($0) }
            guard parts.count == 3 else { return nil }
            var channels: [UInt8] = []
            for p in parts {
                let percent = p.hasSuffix("%")
                guard let v = Double(percent ? String(p.dropLast()) : p), v.isFinite else { return nil }
                let level = percent ? v * 255 / 100 : v
                channels.append(UInt8(min(max(level, 0), 255).rounded()))
            }
            return .color(Color(r: channels[0], g: channels[1], b: channels[2]))
        }
        return nil
    }

    /// A `transform` list (its last transform applies first); nil when malformed.
    static func transform(_ text: String) -> Homography? {
        var result = Homography.identity
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "," }
            if rest.isEmpty { return result }
            guard let open = rest.firstIndex(of: "("), let close = rest.firstIndex(of: ")"), open < close,
                let v = numbers(String(rest[rest.index(after: open)..<close]))
            else { return nil }
            let name = trimmed(rest[..<open])
            let t: Homography
            let radians = (v.first ?? 0) * .pi / 180
            switch (name, v.count) {
            case ("matrix", 6): t = matrix(a: v[0], b: v[1], c: v[2], d: v[3], e: v[4], f: v[5])
            case ("translate", 1): t = .translation(v[0], 0)
            case ("translate", 2): t = .translation(v[0], v[1])
            case ("scale", 1): t = .scale(v[0], v[0])
            case ("scale", 2): t = .scale(v[0], v[1])
            case ("rotate", 1), ("rotate", 3):
                let r = matrix(a: cos(radians), b: sin(radians), c: -sin(radians), d: cos(radians))
                // About (cx, cy): there to the origin, turned, and back.
                t =
                    v.count == 3
                    ? Homography.translation(-v[1], -v[2]).concatenating(r).concatenating(
                        .translation(v[1], v[2]))
                    : r
            case ("skewX", 1): t = matrix(c: tan(radians))
            case ("skewY", 1): t = matrix(b: tan(radians))
            default: return nil
            }
            result = t.concatenating(result)
            rest = rest[rest.index(after: close)...]
        }
    }

    /// SVG's elliptical arc from `p0` to `p1` (its implementation notes, F.6) as cubics of at
    /// most a quarter turn each.
    static func arc(
        from p0: SIMD2<Double>, to p1: SIMD2<Double>, radii: SIMD2<Double>, rotation degrees: Double,
        large: Bool, sweep: Bool, into elements: inout [Path.Element]
    ) {
        if p0 == p1 { return }
        var (rx, ry) = (radii.x, radii.y)
        if rx == 0 || ry == 0 {
            elements.append(.line(p1))
            return
        }
        let phi = degrees * .pi / 180
        let (cosPhi, sinPhi) = (cos(phi), sin(phi))
        let half = (p0 - p1) / 2
        let x1 = cosPhi * half.x + sinPhi * half.y
        let y1 = -sinPhi * half.x + cosPhi * half.y
        // Radii too small to reach are scaled up until they just do.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var k = (max(numerator, 0) / denominator).squareRoot()
        if large == sweep { k = -k }
        let cx1 = k * rx * y1 / ry
        let cy1 = -k * ry * x1 / rx
        let mid = (p0 + p1) / 2
        let centre = SIMD2(cosPhi * cx1 - sinPhi * cy1 + mid.x, sinPhi * cx1 + cosPhi * cy1 + mid.y)
        func angle(_ u: SIMD2<Double>, _ v: SIMD2<Double>) -> Double {
            atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y)
        }
        let u = SIMD2((x1 - cx1) / rx, (y1 - cy1) / ry)
        let v = SIMD2((-x1 - cx1) / rx, (-y1 - cy1) / ry)
        let theta = angle(SIMD2(1, 0), u)
        var delta = angle(u, v)
        if !sweep, delta > 0 { delta -= 2 * .pi }
        if sweep, delta < 0 { delta += 2 * .pi }
        // Radii or ends too large for doubles (1e308) leave no ellipse: the chord stands for it.
        guard delta.isFinite, theta.isFinite, centre.x.isFinite, centre.y.isFinite, rx.isFinite, ry.isFinite
        else {
            elements.append(.line(p1))
            return
        }
        let pieces = max(Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)), 1)
        let step = delta / Double(pieces)
        let t = 4.0 / 3.0 * tan(step / 4)
        func onEllipse(_ a: Double) -> SIMD2<Double> {
            let (x, y) = (rx * cos(a), ry * sin(a))
            return centre + SIMD2(cosPhi * x - sinPhi * y, sinPhi * x + cosPhi * y)
        }
        func tangent(_ a: Double) -> SIMD2<Double> {
            let (x, y) = (-rx * sin(a), ry * cos(a))
            return SIMD2(cosPhi * x - sinPhi * y, sinPhi * x + cosPhi * y)
        }
        var a0 = theta
        for i in 0..<pieces {
            let a1 = theta + step * Double(i + 1)
            let end = i == pieces - 1 ? p1 : onEllipse(a1)
            elements.append(
                .curve(
                    end, control1: onEllipse(a0) + t * tangent(a0), control2: onEllipse(a1) - t * tangent(a1))
            )
            a0 = a1
        }
    }
}

/// Reads SVG's numbers from bytes: signs, decimals without a leading digit (".5"), exponents,
/// and numbers run together where the grammar allows ("1-2", "0.5.5").
struct NumberScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    static func isCommand(_ b: UInt8) -> Bool {
        switch b | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"),
            UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"):
            return true
        default: return false
        }
    }

    mutating func skipSeparators() {
        while let b = peek(), b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == UInt8(ascii: ",") {
            index += 1
        }
    }

    /// An arc's flag: one digit, 0 or 1, which may run into what follows ("a1 1 0 01 5 5").
    mutating func flag() -> Bool? {
        skipSeparators()
        guard let b = peek(), b == UInt8(ascii: "0") || b == UInt8(ascii: "1") else { return nil }
        index += 1
        return b == UInt8(ascii: "1")
    }

    mutating func number() -> Double? {
        skipSeparators()
        let begin = index
        func digits() -> Int {
            let from = index
            while let b = peek(), b >= 0x30, b <= 0x39 { index += 1 }
            return index - from
        }
        if let b = peek(), b == UInt8(ascii: "+") || b == UInt8(ascii: "-") { index += 1 }
        var count = digits()
        if peek() == UInt8(ascii: ".") {
            index += 1
            count += digits()
        }
        guard count > 0 else {
            index = begin
            return nil
        }
        if let b = peek(), b | 0x20 == UInt8(ascii: "e") {
            let mark = index
            index += 1
            if let s = peek(), s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { index = mark }
        }
        guard index - begin <= 64,
            let v = Double(String(decoding: bytes[begin..<index], as: UTF8.self)), v.isFinite
        else { return nil }
        return v
    }
}

extension Path.Element {
    fileprivate var isFinite: Bool {
        func ok(_ p: SIMD2<Double>) -> Bool { p.x.isFinite && p.y.isFinite }
        switch self {
        case .move(let p), .line(let p): return ok(p)
        case .quadCurve(let p, let c): return ok(p) && ok(c)
        case .curve(let p, let c1, let c2): return ok(p) && ok(c1) && ok(c2)
        case .close: return true
        }
    }
}
