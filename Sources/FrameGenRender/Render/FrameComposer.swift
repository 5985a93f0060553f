import FrameGenCodecs
import FrameGenCompositor
import FrameGenGeometry
import FrameGenLayerCompositing
import FrameGenLayout
import FrameGenRaster
import FrameGenScene
import FrameGenText
import Synchronization

/// Turns attribute frames into the compositor's layers: styles resolved key by key (file,
/// kind, element), images decoded once and shared by every frame and thread.
public final class FrameComposer: Sendable {
    public let canvas: Canvas
    let style: ElementStyle
    let kindStyles: [String: ElementStyle]
    let textures: Mutex<TextureCache>
    /// Draws every text of this composer's frames (titles, labels, photo badges): one renderer
    /// per render, so its fonts and glyphs load once for all its frames and threads.
    public let text: TextRenderer
    /// Pixel sizes of images not decoded yet (headers read, sizes of generated images computed).
    private let imageSizes = Mutex<[ImageName: (width: Int, height: Int)]>([:])
    /// docs/design/rendering.md §5: non-finite numbers make an element invisible, reported once; so do
    /// numbers whose drawn extent passes `NumberLimits.drawnExtent`, reported once too.
    private let warnedNonFinite = Mutex(false)
    private let warnedOutOfRange = Mutex(false)
    private let background: CanvasLayer.Background
    /// The seed of a built-in background tile, made again for each output scale drawn.
    private let generatedPatternSeed: UInt64?
    private let patternBackgrounds = Mutex<[Double: CanvasLayer.Background]>([:])
    /// Converts cells' view trees (FrameComposer+Cells.swift), keeping their image views'
    /// textures for the composer's life.
    let cellLayers = LayerTreeComposer()
    /// Drawings kept between frames (`DrawnLayerCache`), one per frame being drawn at once: a
    /// frame takes one and gives it back, so a worker usually finds its previous frame's.
    private let drawnLayers = Mutex<[DrawnLayerCache]>([])

    /// Generated photos are made as large as the canvas's longer side in pixels (a full-screen
    /// page is the largest a cell gets), within 128...1024.
    let generatedLongSide: Int

    /// The texture cache's default byte budget (`--memory-budget`).
    public static let defaultMemoryBudget = 128 << 20

    public init(
        canvas: Canvas, style: ElementStyle, kindStyles: [String: ElementStyle],
        memoryBudget: Int = FrameComposer.defaultMemoryBudget, text: TextRenderer = TextRenderer()
    ) throws(FrameGenError) {
        textures = Mutex(TextureCache(budget: memoryBudget))
        self.text = text
        self.canvas = canvas
        self.style = style
        self.kindStyles = kindStyles
        generatedLongSide = canvas.generatedLongSide
        var seed: UInt64? = nil
        switch (canvas.background, canvas.background.generatedImage) {
        case (.color(let c), _): background = .color(c)
        case (.pattern, .pattern(let s)?):
            seed = s
            background = try FrameComposer.generatedPatternBackground(seed: s, scale: canvas.scale)
        case (.pattern(let p), let name):
            background = .pattern(
                Texture(try FrameComposer.image(name ?? .file(p), longSide: generatedLongSide, text: text)))
        case (.image(let p), let name):
            background = .image(
                Texture(try FrameComposer.image(name ?? .file(p), longSide: generatedLongSide, text: text)))
        }
        generatedPatternSeed = seed
        if seed != nil {
            let made = background
            patternBackgrounds.withLock { $0[canvas.scale] = made }
        }
    }

    /// The built-in tile's points on a side: the mottle is drawn for this size, and the tile is
    /// made with as many pixels as the output scale gives it, so it stays sharp at every scale.
    static let generatedPatternPoints = 128.0

    static func generatedPatternBackground(seed: UInt64, scale: Double) throws(FrameGenError)
        -> CanvasLayer.Background
    {
        let pixels = (generatedPatternPoints * scale).rounded().clampedInt(in: 8...4096, nan: 128)
        let tile = try generatedBackgroundPattern(seed: seed, pixelSize: pixels)
        return .pattern(Texture(tile), texelsPerPoint: Double(pixels) / generatedPatternPoints)
    }

    /// The background at an output scale: a built-in tile is made for each scale drawn (a
    /// render's `--scale` may differ from the canvas's), anything else is the same at every scale.
    func background(scale: Double) throws(FrameGenError) -> CanvasLayer.Background {
        guard let seed = generatedPatternSeed else { return background }
        if let b = patternBackgrounds.withLock({ $0[scale] }) { return b }
        let b = try FrameComposer.generatedPatternBackground(seed: seed, scale: scale)
        patternBackgrounds.withLock { $0[scale] = b }
        return b
    }

    /// An image decoded from its file, or generated (`longSide` pixels for a photo, its badge
    /// drawn with `text`).
    static func image(_ name: ImageName, longSide: Int, text: TextRenderer) throws(FrameGenError) -> Image {
        switch name {
        case .photo(let seed, let index):
            return try generatedPhoto(seed: seed, index: index, longSide: longSide, text: text)
        case .emblem:
            return try generatedEmblem(pixelSize: FrameComposer.emblemSize)
        case .pattern(let seed):
            return try generatedBackgroundPattern(seed: seed, pixelSize: FrameComposer.patternSize)
        case .file(let path):
            return try FrameComposer.decode(path)
        }
    }

    static func decode(_ path: String) throws(FrameGenError) -> Image {
        do {
            return try ImageFile.decode(file: path)
        } catch {
            throw FrameGenError(image: error, file: path)
        }
    }

    static let emblemSize = 512
    static let patternSize = 256

    /// The texture of an image name with at least its mip levels from `finestLevel` down,
    /// decoded or generated on first use (or when a finer level is needed), kept while the
    /// budget allows.
    func texture(_ name: ImageName, finestLevel: Int = 0, ticket: UInt64) throws(FrameGenError) -> Texture {
        if let t = textures.withLock({ $0.get(name, finestLevel: finestLevel, ticket: ticket) }) { return t }
        let texture: Texture
        if case .file(let path) = name {
            texture = try FileTexture.make(path, finestLevel: finestLevel)
        } else {
            texture = Texture(
                try FrameComposer.image(name, longSide: generatedLongSide, text: text),
                finestLevel: finestLevel)
        }
        // Two threads may make the same texture; the one with more levels stays.
        return textures.withLock { $0.insert(name, texture, ticket: ticket) }
    }

    /// How many textures the budget evicted.
    public var textureEvictions: Int { textures.withLock { $0.evictions } }

    /// The pixel size of an image without decoding or generating it.
    func imageSize(_ name: ImageName) throws(FrameGenError) -> (width: Int, height: Int) {
        if let size = imageSizes.withLock({ $0[name] }) { return size }
        let size: (width: Int, height: Int)
        switch name {
        case .photo(let seed, let index):
            size = generatedPhotoSize(seed: seed, index: index, longSide: generatedLongSide)
        case .emblem:
            size = (FrameComposer.emblemSize, FrameComposer.emblemSize)
        case .pattern:
            size = (FrameComposer.patternSize, FrameComposer.patternSize)
        case .file(let path):
            do {
                let info = try ImageFile.readInfo(file: path, validate: false)
                size = (info.width, info.height)
            } catch {
                throw FrameGenError(image: error, file: path)
            }
        }
        imageSizes.withLock { $0[name] = size }
        return size
    }

    /// Renders one frame at `scale` output pixels per point, its rows split into `bands` drawn
    /// in parallel (for fewer frames in flight than cores; the bytes never depend on it).
    public func render(_ frame: AttributeFrame, scale: Double, bands: Int = 1) throws(FrameGenError) -> Image
    {
        var none: Image? = nil
        return try render(frame, scale: scale, bands: bands, reusing: &none)
    }

    /// The same, drawn into `buffer` (which it empties) when that holds a frame of this size
    /// drawn in one band: a worker hands back its previous frame once encoded, and its memory
    /// is overwritten instead of a new frame being allocated and cleared (a third of the grid
    /// scenes' drawing time). The bytes are the same either way.
    public func render(_ frame: AttributeFrame, scale: Double, bands: Int = 1, reusing buffer: inout Image?)
        throws(FrameGenError) -> Image
    {
        let ticket = textures.withLock { $0.beginFrame() }
        defer { textures.withLock { $0.endFrame(ticket) } }
        var views: [ViewLayer] = []
        let pixelWidth = (canvas.width * scale).rounded().clampedInt(in: 0...65536, nan: 0)
        let pixelHeight = (canvas.height * scale).rounded().clampedInt(in: 0...65536, nan: 0)
        for view in frame.views {
            var layers: [(key: DrawingOrder.Key, layer: Layer)] = []
            var viewLayer = ViewLayer(
                frame: view.frame ?? Rect(origin: .zero, size: canvas.size),
                sublayerTransform: view.sublayerTransform,
                layers: [])
            let clip = (
                x0: max(0, viewLayer.frame.minX * scale), y0: max(0, viewLayer.frame.minY * scale),
                x1: min(Double(pixelWidth), viewLayer.frame.maxX * scale),
                y1: min(Double(pixelHeight), viewLayer.frame.maxY * scale)
            )
            for (i, e) in view.elements.enumerated() {
                guard
                    let layer = try layer(
                        e, bounds: pixelAligned(view.bounds, scale: scale), scale: scale, view: viewLayer,
                        clip: clip, ticket: ticket)
                else { continue }
                layers.append((view.drawingOrder.key(e.attributes, position: i), layer))
            }
            layers.sort { $0.key < $1.key }
            viewLayer.layers = layers.map(\.layer)
            if let background = view.background,
                let layer = try cellLayer(
                    background, viewBounds: pixelAligned(view.bounds, scale: scale), scale: scale,
                    view: viewLayer, ticket: ticket)
            {
                viewLayer.layers.insert(layer, at: 0)
            }
            views.append(viewLayer)
        }
        let c = CanvasLayer(
            pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale,
            background: try background(scale: scale), views: views)
        do {
            if bands <= 1, var image = buffer, image.width == pixelWidth, image.height == pixelHeight {
                // Only `image` holds the storage now, so drawing writes it in place.
                buffer = nil
                // Twice a frame's bytes: a screen of cells, each kept with its coverage and the
                // texel rows and columns it read.
                let layers =
                    drawnLayers.withLock { $0.popLast() }
                    ?? DrawnLayerCache(byteLimit: max(2 * image.bytes.count, 4 << 20))
                defer { drawnLayers.withLock { $0.append(layers) } }
                layers.beginFrame()
                try Compositor.render(c, rows: 0..<pixelHeight, into: &image, text: text, layers: layers)
                return image
            }
            return try Compositor.render(c, bands: bands, text: text)
        } catch {
            throw .badInput(nil, error.description)
        }
    }

    /// Forgets the drawings kept between frames: a benchmark drawing one frame again and again
    /// times its drawing, not its reuse.
    public func forgetDrawnLayers() {
        drawnLayers.withLock { $0.removeAll() }
    }

    /// The bounds with its origin (the content offset) on the device pixel grid, as UIScrollView
    /// keeps it: layouts place cells on whole pixels, so edges that cells share stay on pixel
    /// boundaries while scrolling and never show the background through a half-covered seam.
    /// A scene's timeline already rounds at the canvas scale; this covers attribute files and
    /// renders at another `--scale`.
    func pixelAligned(_ bounds: Rect, scale: Double) -> Rect {
        var b = bounds
        b.origin = PixelGrid(scale: scale).round(b.origin)
        return b
    }

    /// The element's layer, or nil when it cannot show: hidden, transparent, empty, non-finite,
    /// or (for an image) wholly outside the view's clip or behind the eye, which is decided
    /// before its image is decoded or generated so that unseen images cost no memory.
    func layer(
        _ e: AttributeElement, bounds: Rect, scale: Double, view: ViewLayer,
        clip: (x0: Double, y0: Double, x1: Double, y1: Double), ticket: UInt64
    ) throws(FrameGenError) -> Layer? {
        let a = e.attributes
        guard !a.isHidden, a.alpha > 0, a.size.width > 0, a.size.height > 0 else { return nil }
        let numbers = a.transform3D.fields + [a.center.x, a.center.y, a.size.width, a.size.height]
        guard numbers.allSatisfy(\.isFinite) else {
            if warnedNonFinite.withLock({ warned in
                defer { warned = true }; return !warned
            }) {
                RenderWarnings.write(
                    "framegen: warning: \(a.representedElementCategory) \(a.indexPath) has a non-finite centre, size or transform3D; such elements are not drawn\n"
                )
            }
            return nil
        }
        guard FrameComposer.withinDrawnExtent(a, bounds: bounds) else {
            if warnedOutOfRange.withLock({ warned in
                defer { warned = true }; return !warned
            }) {
                RenderWarnings.write(
                    "framegen: warning: \(a.representedElementCategory) \(a.indexPath) reaches beyond \(formatNumber(NumberLimits.drawnExtent)) points (its centre, size or transform3D); such elements are not drawn\n"
                )
            }
            return nil
        }
        if let content = e.content {
            return try cellLayer(content, viewBounds: bounds, scale: scale, view: view, ticket: ticket)
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
            let offset = a.imageOffset
            let h = Compositor.localToDevice(layer, in: view, scale: scale)
            let (width, height) = try imageSize(image)
            let rect = LayerContents.imageRect(
                imageWidth: width, imageHeight: height, mode: s.contentMode ?? .scaleToFill,
                inset: s.imageInset ?? 0,
                offset: offset, in: layer.size, scale: scale)
            guard canShow(layer, h, imageRect: rect, style: s, clip: clip, scale: scale) else { return nil }
            // Only the mip levels the compositor can read are made and kept (drawParts' map).
            var finest = 0
            if let m = LayerContents.deviceToTexture(
                imageWidth: width, imageHeight: height, rect: rect, localToDevice: h)
            {
                finest = Texture.finestLevelRead(width: width, height: height, deviceToTexture: m)
            }
            var contents = LayerContents(
                texture: try texture(image, finestLevel: finest, ticket: ticket),
                mode: s.contentMode ?? .scaleToFill,
                inset: s.imageInset ?? 0,
                offset: offset)
            contents.maskRect = a.maskRect
            layer.contents = contents
        }
        if let text = a.text, !text.isEmpty {
            let font = s.font ?? ElementStyle.Font(size: 17, bold: false)
            layer.text = LayerText(
                string: text, fontSize: font.size, bold: font.bold, color: s.color ?? .black,
                shadow: s.textShadow, family: font.family ?? FontLocator.defaultFamily,
                alignment: s.textAlignment ?? .center, numberOfLines: s.numberOfLines ?? 1)
        }
        return layer
    }
}

extension FrameComposer {
    /// False when the element's place in the view, its size, its transform's translation, or
    /// its size times the transform's largest factor passes `NumberLimits.drawnExtent` points:
    /// such an element lies far off any canvas (16384 points at most), and placing it in pixels
    /// would lose every digit. Finite numbers only (the caller checks).
    static func withinDrawnExtent(_ a: LayoutAttributes, bounds: Rect) -> Bool {
        let limit = NumberLimits.drawnExtent
        let t = a.transform3D
        let side = max(a.size.width, a.size.height)
        let factor = max(
            abs(t.m11), abs(t.m12), abs(t.m13), abs(t.m21), abs(t.m22), abs(t.m23), abs(t.m31), abs(t.m32),
            abs(t.m33))
        let reach = [
            a.center.x - bounds.minX, a.center.y - bounds.minY, side, t.m41, t.m42, t.m43, side * factor,
        ]
        return reach.allSatisfy { abs($0) <= limit }
    }

    /// Whether any pixel of the layer (bounds, image rect, shadow) can land inside `clip`:
    /// false only when the bounding box of its projected corners misses the clip, or when every
    /// corner is behind the eye (a layer crossing the eye's plane is kept).
    /// `h`: the layer's local-to-device map; `imageRect`: where its image lies in local points.
    func canShow(
        _ layer: Layer, _ h: Homography, imageRect: Rect, style s: ElementStyle,
        clip: (x0: Double, y0: Double, x1: Double, y1: Double), scale: Double
    ) -> Bool {
        guard layer.text == nil else { return true }  // text may overflow the bounds
        let bounds = Rect(origin: .zero, size: layer.size)
        var rects = [bounds]
        if !(s.clipsToBounds ?? false) { rects.append(imageRect) }
        var margin = 1.0
        if let shadow = s.shadow, shadow.opacity > 0 {
            rects.append(bounds.offsetBy(dx: shadow.offset.x, dy: shadow.offset.y))
            margin += 3 * max(shadow.radius, 0) * scale  // the blur reaches 3 sigma
        }
        var (x0, y0, x1, y1) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        var behind = 0
        for r in rects {
            for p in [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)] {
                let q = h.mapHomogeneous(SIMD2(p.0, p.1))
                guard q.z > 0 else {
                    behind += 1
                    continue
                }
                let (x, y) = (q.x / q.z, q.y / q.z)
                guard x.isFinite, y.isFinite else { return true }
                (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
            }
        }
        if behind == rects.count * 4 { return false }
        if behind > 0 { return true }
        return x1 + margin > clip.x0 && x0 - margin < clip.x1 && y1 + margin > clip.y0
            && y0 - margin < clip.y1
    }
}
