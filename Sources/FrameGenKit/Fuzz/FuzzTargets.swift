import Compositor
import Geometry
import Layout
import Raster

/// What each fuzz target feeds its input to (`scripts/fuzz`, `fuzz/`), in one place so that the
/// libFuzzer drivers and the corpus replay tests run exactly the same code. Every entry point
/// takes any bytes and must return normally: bad input is an error value, never a crash, a
/// hang or an allocation past the documented limits.
public enum FuzzTargets {
    /// The fuzz targets by name, as `scripts/fuzz NAME` knows them.
    public static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "png": png, "jpeg": jpeg, "scene": scene, "attributes": attributes, "render": render,
    ]

    /// Limits tighter than the defaults, so that a fuzzer's memory limit (2 GB) means a bug.
    static let imageLimits = ImageLimits(
        maxWidth: 4096, maxHeight: 4096, maxPixels: 1 << 22, maxFileBytes: 1 << 24)

    /// PNG headers and full decodes through the C shim.
    @Sendable public static func png(_ bytes: [UInt8]) {
        _ = try? PNG.readInfo(bytes)
        _ = try? PNG.decode(bytes, limits: imageLimits)
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
    /// 0...1, corner radii, borders and shadows, then one 96 x 96 frame is drawn.
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
            let image =
                input.byte() < 128 ? ImageName.photo(seed: 1, index: Int(input.byte() % 4)) : nil
            elements.append(AttributeElement(attributes: a, image: image, style: style))
        }
        var view = AttributeView(bounds: Rect(x: 0, y: 0, width: 96, height: 96), elements: elements)
        if input.byte() < 64 {
            var s = Transform3D.identity
            s.m34 = input.number()
            view.sublayerTransform = s
        }
        let canvas = Canvas(width: 96, height: 96, scale: 1, background: .color(.black))
        guard let composer = try? FrameComposer(canvas: canvas, style: ElementStyle(), kindStyles: [:]) else {
            return
        }
        _ = try? composer.render(AttributeFrame(index: 0, time: 0, views: [view]), scale: 1)
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

    /// Mostly ordinary numbers, sometimes the ones that break arithmetic.
    mutating func number() -> Double {
        let kind = byte()
        switch kind {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return .greatestFiniteMagnitude
        case 4: return -.greatestFiniteMagnitude
        case 5: return .leastNonzeroMagnitude
        case 6: return 0
        case 7: return 1e12
        default:
            var raw: UInt16 = 0
            raw = UInt16(byte()) << 8 | UInt16(byte())
            // -256 ... 256 with 1/128 steps, plus a sign from the kind byte.
            return (Double(raw) / 128 - 256) * (kind & 1 == 0 ? 1 : 0.5)
        }
    }
}
