import FrameGenCodecs
import FrameGenCompositor
import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster
import FrameGenRender
import FrameGenScene

/// What each fuzz target feeds its input to (`scripts/fuzz`, `fuzz/`), in one place so that the
/// libFuzzer drivers and the corpus replay tests run exactly the same code. Every entry point
/// takes any bytes and must return normally: bad input is an error value, never a crash, a
/// hang or an allocation past the documented limits.
public enum FuzzTargets {
    /// The fuzz targets by name, as `scripts/fuzz NAME` knows them.
    public static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "png": png, "jpeg": jpeg, "scene": scene, "attributes": attributes, "render": render,
        "attribute-numbers": attributeNumbers, "uikit": uikitHost, "png-encode": pngEncode,
        "svg": svg,
    ]

    /// Limits tighter than the defaults, so that a fuzzer's memory limit (2 GB) means a bug.
    static let imageLimits = ImageLimits(
        maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 22, maxFileBytes: 1 << 24)

    /// PNG headers and full decodes through the C shim. What the fast path decodes (with its
    /// SSE2 loops and without) libpng must decode to the same bytes: the fast path may decline a
    /// file, never take one libpng refuses or decode it otherwise.
    @Sendable public static func png(_ bytes: [UInt8]) {
        _ = try? PNG.readInfo(bytes)
        _ = try? PNG.decode(bytes, limits: imageLimits)
        guard let fast = try? PNG.decodeStraight(bytes, limits: imageLimits, path: .fast) else { return }
        let portable = try? PNG.decodeStraight(bytes, limits: imageLimits, path: .fastPortable)
        precondition(portable?.rgba == fast.rgba, "the fast path's SSE2 and portable loops differ")
        let libpng = try? PNG.decodeStraight(bytes, limits: imageLimits, path: .libpng)
        precondition(libpng != nil, "the fast path decoded a file libpng refuses")
        precondition(libpng?.rgba == fast.rgba, "the fast path and libpng decode to different bytes")
    }

    /// Any pixels through the run-length encoders and level 1, as RGB and as RGBA: each file must
    /// decode to the pixels (`fastest` fits its codes to a sample of each strip and must fall back
    /// to stored blocks wherever the sample misjudged it). The first two bytes give the width;
    /// the rest are the pixels' bytes (up to 1024 rows, inside the decoder's limits), opaque where
    /// the image is written as RGB.
    @Sendable public static func pngEncode(_ bytes: [UInt8]) {
        guard bytes.count >= 6 else { return }
        let width = 1 + (Int(bytes[0]) << 8 | Int(bytes[1])) % 600
        let samples = bytes.dropFirst(2)
        let height = min(1024, max(1, samples.count / (width * 4)))
        var straight = [UInt8](repeating: 0, count: width * height * 4)
        for (k, b) in samples.prefix(straight.count).enumerated() { straight[k] = b }
        let opaque = bytes[0] & 1 == 0
        var image = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let a = opaque ? 255 : straight[i + 3]
                image[x, y] = Pixel(
                    r: mul255(straight[i], a), g: mul255(straight[i + 1], a), b: mul255(straight[i + 2], a),
                    a: a)
            }
        }
        let channels: [PNGEncodingOptions.Channels] = opaque ? [.rgb, .rgba] : [.rgba]
        for compression in [PNGEncodingOptions.Compression.fastest, .fast, .level(1)] {
            for c in channels {
                guard
                    let png = try? PNG.encode(
                        image, options: PNGEncodingOptions(channels: c, compression: compression)),
                    let back = try? PNG.decode(png, limits: imageLimits), back == image
                else { fatalError("\(compression) \(c): a \(width) x \(height) image did not come back") }
            }
        }
    }

    /// JPEG headers, EXIF orientation, validation and full decodes through the C shim, then
    /// the same bytes through the format dispatch that scenes use.
    @Sendable public static func jpeg(_ bytes: [UInt8]) {
        _ = try? JPEG.readInfo(bytes)
        _ = try? JPEG.validate(bytes, limits: imageLimits)
        _ = try? JPEG.decode(bytes, limits: imageLimits)
        _ = try? ImageFile.decode(bytes, limits: imageLimits)
    }

    /// A scene file (YAML or JSON) parsed, planned, and evaluated at its first, middle and last
    /// frames; images resolve against a folder that does not exist.
    @Sendable public static func scene(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let document = try? parseDocument(text, file: "fuzz.yaml"),
            let scene = try? Scene(document: document, folder: "/nonexistent-fuzz-folder"),
            let timeline = try? Timeline(scene)
        else { return }
        let n = timeline.frameCount
        for i in Set([0, n / 2, n - 1]) where i >= 0 { _ = timeline.frame(i) }
    }

    /// An attribute file parsed, and its first frame drawn at a scale that keeps the canvas
    /// small (the renderer target covers drawing in depth).
    @Sendable public static func attributes(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let document = try? parseDocument(text, file: "fuzz.json"),
            let file = try? AttributeFile(document: document, folder: "/nonexistent-fuzz-folder"),
            let frame = file.frames.first
        else { return }
        // At most 128 pixels on a side, which also keeps generated photos at their smallest.
        var canvas = file.canvas
        canvas.scale = min(canvas.scale, 128 / max(canvas.width, canvas.height, 1))
        let scale = canvas.scale
        guard scale > 0,
            let composer = try? FrameComposer(canvas: canvas, style: file.style, kindStyles: file.kindStyles)
        else { return }
        _ = try? composer.render(frame, scale: scale)
    }

    /// Well-formed frames with hostile numbers: the bytes choose, element by element, centres,
    /// sizes, transforms (NaN, infinities, huge values, w <= 0 after projection), alpha outside
    /// 0...1, corner radii, borders, shadows, image insets, offsets and masks, labels with their
    /// font sizes and text shadows, and the view's bounds and sublayerTransform, then one 96 x 96
    /// frame is drawn. Styles here are not read from a file, so they pass the parser's limits.
    @Sendable public static func render(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        var elements: [AttributeElement] = []
        while !input.isEmpty && elements.count < 64 {
            var a = LayoutAttributes.cell(
                IndexPath(item: elements.count, section: 0),
                frame: Rect(
                    x: input.number(), y: input.number(), width: input.number(), height: input.number()))
            a.alpha = input.number()
            a.zIndex = Int(input.byte()) - 128
            a.isHidden = input.byte() < 16
            var fields = Transform3D.identity.fields
            for k in 0..<16 where input.byte() < 64 { fields[k] = input.number() }
            a.transform3D = Transform3D(fields: fields) ?? .identity
            var style = ElementStyle()
            style.background = Color(r: input.byte(), g: input.byte(), b: input.byte(), a: input.byte())
            style.cornerRadius = input.byte() < 128 ? input.number() : nil
            style.clipsToBounds = input.byte() < 128
            if input.byte() < 96 {
                style.border = LayerBorder(width: input.number(), color: .white)
            }
            if input.byte() < 96 {
                style.shadow = LayerShadow(
                    color: .black, opacity: input.number(), radius: input.number(),
                    offset: Point(x: input.number(), y: input.number()))
            }
            if input.byte() < 64 { style.imageInset = input.number() }
            if input.byte() < 64 { a.imageOffset = Point(x: input.number(), y: input.number()) }
            if input.byte() < 64 {
                a.maskRect = Rect(
                    x: input.number(), y: input.number(), width: input.number(), height: input.number())
            }
            if input.byte() < 48 {
                a.text = "Ab"
                style.font = ElementStyle.Font(size: input.number(), bold: false)
                style.color = .white
                if input.byte() < 128 {
                    style.textShadow = LayerShadow(
                        color: .black, opacity: input.number(), radius: input.number(),
                        offset: Point(x: input.number(), y: input.number()))
                }
            }
            let image =
                input.byte() < 128 ? ImageName.photo(seed: 1, index: Int(input.byte() % 4)) : nil
            elements.append(AttributeElement(attributes: a, image: image, style: style))
        }
        var bounds = Rect(x: 0, y: 0, width: 96, height: 96)
        if input.byte() < 64 { bounds.origin = Point(x: input.number(), y: input.number()) }
        var view = AttributeView(bounds: bounds, elements: elements)
        if input.byte() < 64 {
            var s = Transform3D.identity
            s.m34 = input.number()
            if input.byte() < 64 {
                var fields = s.fields
                for k in 0..<16 where input.byte() < 64 { fields[k] = input.number() }
                s = Transform3D(fields: fields) ?? s
            }
            view.sublayerTransform = s
        }
        let canvas = Canvas(width: 96, height: 96, scale: 1, background: .color(.black))
        guard let composer = try? FrameComposer(canvas: canvas, style: ElementStyle(), kindStyles: [:]) else {
            return
        }
        _ = try? composer.render(AttributeFrame(index: 0, time: 0, views: [view]), scale: 1)
    }
}

extension FuzzTargets {
    /// An attribute file written from the bytes (canvas, view bounds and sublayerTransform, up to
    /// eight elements with centres, sizes, transforms, alpha and styles: every number the
    /// format has, each one of `FuzzInput.number`'s extremes or an ordinary value), then read
    /// and drawn as the `attributes` target does. Structure is always valid, so the numbers reach
    /// the parser's limits and, past them, the renderer, instead of stopping at a syntax error.
    @Sendable public static func attributeNumbers(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        attributes(Array(attributeFile(&input).utf8))
    }

    static func attributeFile(_ input: inout FuzzInput) -> String {
        func n() -> String { json(input.number()) }
        func list(_ count: Int) -> String { "[" + (0..<count).map { _ in n() }.joined(separator: ", ") + "]" }
        func maybe(_ key: String, _ value: @autoclosure () -> String) -> String {
            input.byte() < 96 ? ", \"\(key)\": \(value())" : ""
        }
        // A small canvas most of the time, so that most files reach the renderer.
        let canvas =
            input.byte() < 200
            ? "{\"width\": 96, \"height\": 96, \"scale\": 1}"
            : "{\"width\": \(n()), \"height\": \(n()), \"scale\": \(n())}"
        var elements: [String] = []
        let count = Int(input.byte() % 8) + 1
        for i in 0..<count {
            var e =
                "{\"category\": \"cell\", \"indexPath\": [0, \(i)], \"center\": \(list(2)), \"size\": \(list(2))"
            switch input.byte() % 3 {
            case 0: e += ", \"transform3D\": \(list(16))"
            case 1: e += ", \"transform\": \(list(6))"
            default: break
            }
            e += maybe("alpha", n())
            if input.byte() < 128 { e += ", \"image\": \"generated:photo/1/\(input.byte() % 4)\"" }
            if input.byte() < 48 { e += ", \"text\": \"Ab\"" }
            var style: [String] = []
            if input.byte() < 128 { style.append("\"cornerRadius\": \(n())") }
            if input.byte() < 96 { style.append("\"border\": {\"width\": \(n())}") }
            if input.byte() < 128 {
                style.append("\"shadow\": {\"opacity\": 1, \"radius\": \(n()), \"offset\": \(list(2))}")
            }
            if input.byte() < 64 { style.append("\"imageInset\": \(n())") }
            if input.byte() < 64 { style.append("\"font\": {\"size\": \(n())}") }
            if input.byte() < 64 {
                style.append("\"textShadow\": {\"opacity\": 1, \"radius\": \(n()), \"offset\": \(list(2))}")
            }
            if !style.isEmpty { e += ", \"style\": {" + style.joined(separator: ", ") + "}" }
            var custom: [String] = []
            if input.byte() < 64 { custom.append("\"imageOffset\": \(list(2))") }
            if input.byte() < 64 { custom.append("\"maskRect\": \(list(4))") }
            if !custom.isEmpty { e += ", \"custom\": {" + custom.joined(separator: ", ") + "}" }
            elements.append(e + "}")
        }
        var frame = "\"index\": 0, \"time\": 0"
        frame += ", \"bounds\": " + (input.byte() < 160 ? "[0, 0, 96, 96]" : list(4))
        frame += maybe("sublayerTransform", list(16))
        if input.byte() < 64 { frame += ", \"drawingOrder\": \"depth\"" }
        frame += ", \"elements\": [" + elements.joined(separator: ", ") + "]"
        return
            "{\"format\": \"framegen.attributes/1\", \"canvas\": \(canvas), \"fps\": 30, \"frames\": [{\(frame)}]}"
    }

    /// A JSON number; NaN and the infinities as the overflowing literals a file could hold.
    static func json(_ x: Double) -> String {
        if x.isNaN { return "\"nan\"" }
        if x.isInfinite { return x > 0 ? "1e999" : "-1e999" }
        return "\(x)"
    }
}

/// Reads bytes as choices and numbers; past the end everything is zero.
struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isEmpty: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// Numbers that break arithmetic or conversions: NaN, the infinities, the largest and
    /// smallest magnitudes (subnormals included), both zeros, the edges of Int64 and Int32 (where
    /// `Int(x)` starts to trap), 2^53 and the double after it, huge and tiny values both signs
    /// (a perspective m34 of 1e300 or 1e-300), and the parsers' limits.
    static let extremes: [Double] = [
        .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 0, -0.0, 1e12,
        1e300, -1e300, 1e-300, -1e-300, 9.223372036854775807e18, Double(Int64.max).nextDown,
        -9.223372036854775808e18, Double(Int64.min).nextDown, 2_147_483_647.5, -2_147_483_648.5,
        9_007_199_254_740_992, Double(1 << 53).nextUp, 1e7, -1e7, 1e9, 1e5, -1e5, 1e-7,
    ]

    /// Mostly ordinary numbers, one time in eight one of `extremes`.
    mutating func number() -> Double {
        let kind = byte()
        if kind < 32 { return FuzzInput.extremes[Int(kind) % FuzzInput.extremes.count] }
        let raw = UInt16(byte()) << 8 | UInt16(byte())
        // -256 ... 256 with 1/128 steps, halved when the kind byte is odd.
        return (Double(raw) / 128 - 256) * (kind & 1 == 0 ? 1 : 0.5)
    }
}
