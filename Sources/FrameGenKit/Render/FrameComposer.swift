import Compositor
import Geometry
import Layout
import Raster
import Synchronization

/// Turns attribute frames into the compositor's layers: styles resolved key by key (file,
/// kind, element), images decoded once and shared by every frame and thread.
public final class FrameComposer: Sendable {
    public let canvas: Canvas
    let style: ElementStyle
    let kindStyles: [String: ElementStyle]
    private let textures = Mutex<[String: Texture]>([:])
    /// rendering.md A.3: non-finite numbers make an element invisible, reported once.
    private let warnedNonFinite = Mutex(false)
    private let background: CanvasLayer.Background

    /// Generated photos are made as large as the canvas's longer side in pixels (a full-screen
    /// page is the largest a cell gets), within 128...1024.
    let generatedLongSide: Int

    public init(canvas: Canvas, style: ElementStyle, kindStyles: [String: ElementStyle]) throws(FrameGenError)
    {
        self.canvas = canvas
        self.style = style
        self.kindStyles = kindStyles
        generatedLongSide = min(1024, max(128, Int(max(canvas.width, canvas.height) * canvas.scale)))
        switch canvas.background {
        case .color(let c): background = .color(c)
        case .pattern(let p): background = .pattern(Texture(try FrameComposer.decode(p)))
        case .image(let p): background = .image(Texture(try FrameComposer.decode(p)))
        }
    }

    static func decode(_ path: String) throws(FrameGenError) -> Image {
        do {
            return try PNG.decode(file: path)
        } catch {
            throw ImageTool.frameGenError(error, file: path)
        }
    }

    /// The texture of an image name, decoded or generated on first use.
    public func texture(_ name: String) throws(FrameGenError) -> Texture {
        if let t = textures.withLock({ $0[name] }) { return t }
        let image: Image
        if name.hasPrefix(GeneratedImageName.prefix) {
            let parts = name.dropFirst(GeneratedImageName.prefix.count).split(separator: "/")
            switch (parts.first, parts.count) {
            case ("photo", 3):
                guard let seed = UInt64(parts[1]), let index = Int(parts[2]), index >= 0 else {
                    throw .badInput(nil, "bad generated image name \"\(name)\"")
                }
                image = try generatedPhoto(seed: seed, index: index, longSide: generatedLongSide)
            case ("emblem", 1):
                image = try generatedEmblem(pixelSize: 512)
            case ("pattern", 2):
                image = try generatedBackgroundPattern(seed: UInt64(parts[1]) ?? 0, pixelSize: 256)
            default:
                throw .badInput(
                    nil, "unknown generated image \"\(name)\" (photo/SEED/INDEX, emblem or pattern/SEED)")
            }
        } else {
            image = try FrameComposer.decode(name)
        }
        let texture = Texture(image)
        // Two threads may make the same texture; both are identical, the first one stays.
        return textures.withLock { cache in
            if let t = cache[name] { return t }
            cache[name] = texture
            return texture
        }
    }

    /// Renders one frame at `scale` output pixels per point.
    public func render(_ frame: AttributeFrame, scale: Double) throws(FrameGenError) -> Image {
        var views: [ViewLayer] = []
        for view in frame.views {
            var layers: [(key: OrderKey, layer: Layer)] = []
            for (i, e) in view.elements.enumerated() {
                guard let layer = try layer(e, bounds: pixelAligned(view.bounds, scale: scale), scale: scale)
                else { continue }
                layers.append((OrderKey(e.attributes, position: i, order: view.drawingOrder), layer))
            }
            layers.sort { $0.key < $1.key }
            views.append(
                ViewLayer(
                    frame: view.frame ?? Rect(origin: .zero, size: canvas.size),
                    sublayerTransform: view.sublayerTransform,
                    layers: layers.map(\.layer)))
        }
        let c = CanvasLayer(
            pixelWidth: Int((canvas.width * scale).rounded()),
            pixelHeight: Int((canvas.height * scale).rounded()),
            scale: scale, background: background, views: views)
        do {
            return try Compositor.render(c)
        } catch {
            throw .badInput(nil, error.description)
        }
    }

    /// The bounds with its origin (the content offset) on the device pixel grid, as UIScrollView
    /// keeps it: layouts place cells on whole pixels, so edges that cells share stay on pixel
    /// boundaries while scrolling and never show the background through a half-covered seam.
    func pixelAligned(_ bounds: Rect, scale: Double) -> Rect {
        var b = bounds
        b.origin = Point(x: (b.minX * scale).rounded() / scale, y: (b.minY * scale).rounded() / scale)
        return b
    }

    func layer(_ e: AttributeElement, bounds: Rect, scale: Double) throws(FrameGenError) -> Layer? {
        let a = e.attributes
        guard !a.isHidden, a.alpha > 0, a.size.width > 0, a.size.height > 0 else { return nil }
        let numbers = a.transform3D.fields + [a.center.x, a.center.y, a.size.width, a.size.height]
        guard numbers.allSatisfy(\.isFinite) else {
            if warnedNonFinite.withLock({ warned in
                defer { warned = true }; return !warned
            }) {
                FileHandleOutput.standardError.write(
                    "framegen: warning: \(a.representedElementCategory) \(a.indexPath) has a non-finite centre, size or transform3D; such elements are not drawn\n"
                )
            }
            return nil
        }
        let kind = a.representedElementCategory == .cell ? AttributeFile.cellKind : a.representedElementKind
        var s = style
        if let k = kind, let ks = kindStyles[k] { s = ks.over(s) }
        if let own = e.style { s = own.over(s) }
        var layer = Layer(
            size: a.size, position: Point(x: a.center.x - bounds.minX, y: a.center.y - bounds.minY))
        layer.transform = a.transform3D
        layer.opacity = a.alpha
        layer.backgroundColor = s.background
        layer.cornerRadius = s.cornerRadius ?? 0
        layer.cornerCurve = s.cornerCurve == .continuous ? .continuous : .circular
        layer.masksToBounds = s.clipsToBounds ?? false
        layer.allowsEdgeAntialiasing = s.edgeAntialiasing ?? true
        layer.border = s.border
        layer.shadow = s.shadow
        if let image = e.image {
            var contents = LayerContents(
                texture: try texture(image), mode: contentMode(s.contentMode), inset: s.imageInset ?? 0)
            if case .numbers(let o)? = a.custom[CustomAttributeKey.imageOffset], o.count == 2 {
                contents.offset = Point(x: o[0], y: o[1])
            }
            if case .numbers(let m)? = a.custom[CustomAttributeKey.maskRect], m.count == 4 {
                contents.maskRect = Rect(x: m[0], y: m[1], width: m[2], height: m[3])
            }
            layer.contents = contents
        }
        if let text = a.text, !text.isEmpty {
            let font = s.font ?? ElementStyle.Font(size: 17, bold: false)
            layer.text = LayerText(
                string: text, fontSize: font.size, bold: font.bold, color: s.color ?? .black,
                shadow: s.textShadow)
        }
        return layer
    }
}

private func contentMode(_ m: ElementStyle.ContentMode?) -> ContentMode {
    switch m ?? .scaleToFill {
    case .scaleToFill: .scaleToFill
    case .aspectFit: .aspectFit
    case .aspectFill: .aspectFill
    case .center: .center
    }
}

/// rendering.md A.2: ascending zIndex (or, in depth order, ascending depth first); ties: cells,
/// then supplementary views, then decoration views, each by index path, then by their place in
/// the file.
struct OrderKey: Comparable {
    /// Depth order: the z of (1, 1, 1) after the element's transform (iCarousel); 0 otherwise.
    var depth: Double
    var zIndex: Int
    var category: Int
    var section: Int
    var item: Int
    var position: Int

    init(_ a: LayoutAttributes, position: Int, order: DrawingOrder = .zIndex) {
        let t = a.transform3D
        depth = order == .depth ? t.m13 + t.m23 + t.m33 + t.m43 : 0
        zIndex = a.zIndex
        switch a.representedElementCategory {
        case .cell: category = 0
        case .supplementaryView: category = 1
        case .decorationView: category = 2
        }
        section = a.indexPath.section
        item = a.indexPath.item
        self.position = position
    }

    static func < (a: OrderKey, b: OrderKey) -> Bool {
        if a.depth != b.depth { return a.depth < b.depth }
        return (a.zIndex, a.category, a.section, a.item, a.position) < (
            b.zIndex, b.category, b.section, b.item, b.position
        )
    }
}
