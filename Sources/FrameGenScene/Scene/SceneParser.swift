import FrameGenCodecs
import FrameGenGeometry
import FrameGenLayout
import FrameGenMotion
import FrameGenRaster

extension Scene {
    /// Reads and validates a scene file; the first problem is thrown with the file, the key path,
    /// what was found and what was expected (exit status 2). `layouts` are the types
    /// `layout: {type: ...}` may name.
    public static func load(_ path: String, layouts: [LayoutDescriptor] = LayoutRegistry.builtIn)
        throws(FrameGenError) -> Scene
    {
        try Scene(document: readDocument(path), folder: folderOf(path), layouts: layouts)
    }

    /// Validates a parsed document; relative paths in it are resolved against `folder`. `layouts`
    /// are the types `layout: {type: ...}` may name (default: the built-in ones; a program adds
    /// its own, docs/uikit.md); each view keeps the one it names, so nothing later looks a layout
    /// up by name again.
    public init(
        document root: DocumentNode, folder: String, layouts: [LayoutDescriptor] = LayoutRegistry.builtIn
    ) throws(FrameGenError) {
        file = root.file
        let map = try root.map("a scene mapping")
        try map.check(allowed: Scene.keys)
        name = try map["name"]?.string() ?? baseName(root.file)
        fps = try map["fps"]?.number(in: 1...240) ?? 30
        seed = UInt64(try map["seed"]?.integer(in: 0...Int(Int32.max)) ?? 0)
        content = try parseContent(map["content"], seed: seed, folder: folder)
        timeline = try map["timeline"]?.list().map { n throws(FrameGenError) in try parseAction(n) } ?? []

        let rotates = timeline.contains { if case .rotate = $0.kind { true } else { false } }
        canvas = try parseCanvas(map["canvas"], rotates: rotates, folder: folder)
        // A rotating scene's default canvas is square (docs/design/motion.md §5); its default view keeps
        // the portrait phone size, centred.
        var defaultFrame = Rect(origin: .zero, size: canvas.size)
        let canvasMap = try map["canvas"]?.map("a canvas mapping")
        if rotates && canvasMap?["width"] == nil && canvasMap?["height"] == nil {
            defaultFrame = Rect(
                x: (canvas.width - 390) / 2, y: (canvas.height - 844) / 2, width: 390, height: 844)
        }

        if let viewsNode = map["views"] {
            for key in ["view", "layout", "cell", "supplementary", "decoration"] where map[key] != nil {
                throw map[key]!.problem("give either `views` or `\(key)` at the top level, not both")
            }
            let list = try viewsNode.list()
            if list.isEmpty { throw viewsNode.error("at least one view") }
            views = []
            for (i, n) in list.enumerated() {
                let m = try n.map("a view mapping")
                try m.check(allowed: SceneView.keys + SceneView.listedKeys)
                let name = try m["name"]?.string() ?? "view\(i)"
                if views.contains(where: { $0.name == name }) {
                    throw m["name"]!.problem("two views are named \"\(name)\"")
                }
                views.append(
                    try parseView(
                        name: name, view: m, layout: m.required("layout"), cell: m["cell"],
                        supplementary: m["supplementary"], decoration: m["decoration"],
                        defaultFrame: defaultFrame, folder: folder, layouts: layouts))
            }
        } else {
            let viewMap = try map["view"]?.map("a view mapping")
            try viewMap?.check(allowed: SceneView.keys)
            views = [
                try parseView(
                    name: "", view: viewMap, layout: map.required("layout"), cell: map["cell"],
                    supplementary: map["supplementary"], decoration: map["decoration"],
                    defaultFrame: defaultFrame, folder: folder, layouts: layouts)
            ]
        }
        // A table's rows are its data source's (docs/uikit.md "Tables"), unless the scene counts them.
        let contentMap = try map["content"]?.map("a content mapping")
        if contentMap?["sections"] == nil, contentMap?["items"] == nil,
            let counts = views.lazy.compactMap(\.layout.itemCounts).first
        {
            content.itemCounts = counts
        }
        for action in timeline {
            if let v = action.view, !views.contains(where: { $0.name == v }) {
                var message = "\(action.keyPath).view: no view is named \"\(v)\""
                if let close = closestName(to: v, in: views.map(\.name)) {
                    message += " (did you mean \"\(close)\"?)"
                }
                throw .badInput(file, message)
            }
        }
        if (try map["canvas"]?.map("a canvas mapping"))?["background"] == nil,
            let background = LayoutLook.of(views[0].layout.look ?? views[0].layoutType).background
        {
            canvas.background = background
        }
        output = try parseOutput(map["output"], name: name, folder: folder)
        let sections = content.itemCounts.count
        if content.titles.count > sections {
            let extra = content.titles.count - sections
            warnings.append(
                "content.titles: \(content.titles.count) titles for \(sections) section\(sections == 1 ? "" : "s"); the last \(extra == 1 ? "one is" : "\(extra) are") not shown"
            )
        }
        let canvasRect = Rect(origin: .zero, size: canvas.size)
        for (i, view) in views.enumerated() where !view.frame.intersects(canvasRect) {
            let f = view.frame
            warnings.append(
                "\(map["views"] == nil ? "view" : "views[\(i)]").frame: [\(CustomValue.numbers([f.minX, f.minY, f.width, f.height]).description.dropFirst().dropLast())] lies entirely outside the \(CustomValue.numbers([canvas.width]).description.dropFirst().dropLast()) x \(CustomValue.numbers([canvas.height]).description.dropFirst().dropLast()) canvas; nothing of it is drawn"
            )
        }
    }

    /// The view an action acts on.
    public func viewIndex(for action: TimelineAction) -> Int {
        action.view.flatMap { v in views.firstIndex { $0.name == v } } ?? 0
    }
}

// The accepted keys of each mapping, in one place: the parser checks against them and the
// schema test (docs/scene.schema.json) compares the schema with them.
extension Scene {
    static let keys = [
        "name", "canvas", "fps", "seed", "view", "content", "layout", "cell", "supplementary",
        "decoration", "views", "timeline", "output", "golden",
    ]
}

extension Canvas {
    static let keys = ["width", "height", "scale", "background", "appearance", "contentSizeCategory"]
    static let backgroundKeys = ["pattern", "image"]
}

extension SceneView {
    static let keys = [
        "frame", "rotatedFrame", "contentInset", "contentOffset", "pagingEnabled", "decelerationRate",
        "alwaysBounceVertical", "alwaysBounceHorizontal",
    ]
    /// What an entry of `views` holds besides `keys`.
    static let listedKeys = ["name", "layout", "cell", "supplementary", "decoration"]
}

extension SceneContent {
    static let keys = ["images", "sections", "items", "titles"]
}

extension SceneOutput {
    static let keys = ["directory", "pattern", "compression", "channels"]
}

package func folderOf(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return path[..<slash].isEmpty ? "/" : String(path[..<slash])
}

package func baseName(_ path: String) -> String {
    var base = String(path.split(separator: "/").last ?? "scene")
    for ext in [".yaml", ".yml", ".json"] where base.hasSuffix(ext) { base.removeLast(ext.count) }
    return base
}

func resolve(_ path: String, in folder: String) -> String {
    path.hasPrefix("/") || folder == "." ? path : folder + "/" + path
}

func parseCanvas(_ node: DocumentNode?, rotates: Bool, folder: String) throws(FrameGenError) -> Canvas {
    let m = try node?.map("a canvas mapping")
    try m?.check(allowed: Canvas.keys)
    var width = try m?["width"]?.number(in: 1...16384) ?? 390
    var height = try m?["height"]?.number(in: 1...16384) ?? 844
    // docs/design/motion.md §5: a scene that rotates needs room for both orientations.
    if rotates && m?["width"] == nil && m?["height"] == nil {
        width = max(width, height)
        height = width
    }
    let scale = try m?["scale"]?.number(in: 0.1...8) ?? 2
    if width * scale > 16384 || height * scale > 16384 {
        throw (m?["scale"] ?? m!.node).problem("the canvas would be over 16384 pixels on a side")
    }
    var background = Canvas.Background.color(.black)
    if let b = m?["background"] {
        if case .string = b.value {
            background = .color(try parseColor(b))
        } else {
            let bm = try b.map("a colour, {pattern: PATH} or {image: PATH}")
            try bm.check(allowed: Canvas.backgroundKeys)
            if let p = bm["pattern"] {
                background = .pattern(try backgroundImage(p, folder: folder))
            } else if let i = bm["image"] {
                background = .image(try backgroundImage(i, folder: folder))
            } else {
                throw b.error("{pattern: PATH} or {image: PATH}")
            }
        }
    }
    var appearance = ScreenAppearance()
    if let a = m?["appearance"] { appearance.style = try parseEnum(a, ScreenAppearance.Style.self) }
    if let c = m?["contentSizeCategory"] {
        appearance.contentSizeCategory = try parseEnum(c, ScreenAppearance.ContentSizeCategory.self)
    }
    return Canvas(width: width, height: height, scale: scale, background: background, appearance: appearance)
}

/// A background's image: a file resolved against the scene's folder, or a built-in
/// `generated:` image kept as written (it names no file).
private func backgroundImage(_ node: DocumentNode, folder: String) throws(FrameGenError) -> String {
    let text = try node.string()
    guard text.hasPrefix(ImageName.generatedPrefix) else { return resolve(text, in: folder) }
    do {
        _ = try ImageName(parsing: text)
    } catch {
        throw node.error(
            "a file or a built-in image (generated:pattern/SEED, generated:photo/SEED/INDEX, generated:emblem)"
        )
    }
    return text
}

private func parseView(
    name: String, view: DocumentMap?, layout: DocumentNode, cell: DocumentNode?, supplementary: DocumentNode?,
    decoration: DocumentNode?, defaultFrame: Rect, folder: String, layouts: [LayoutDescriptor]
) throws(FrameGenError) -> SceneView {
    func viewFrame(_ f: DocumentNode) throws(FrameGenError) -> Rect {
        let frame = try f.rect(within: NumberLimits.position)
        if frame.width < 1 || frame.height < 1 { throw f.error("a frame at least 1 point wide and high") }
        if frame.width > NumberLimits.viewSize || frame.height > NumberLimits.viewSize {
            throw f.error("a frame at most \(formatNumber(NumberLimits.viewSize)) points wide and high")
        }
        return frame
    }
    let frame = try view?["frame"].map(viewFrame) ?? defaultFrame
    let rotatedFrame = try view?["rotatedFrame"].map(viewFrame)
    let insetValues =
        try view?["contentInset"]?.numbers(4, "[top, left, bottom, right]", within: NumberLimits.position)
        ?? [0, 0, 0, 0]
    var rate = DecelerationRate.normal
    if let r = view?["decelerationRate"] {
        rate = try parseRate(r)
    }
    let lm = try layout.map("a layout mapping with a type")
    let typeNode = try lm.required("type")
    let type = try typeNode.string()
    guard let descriptor = layouts.first(where: { $0.type == type }) else {
        var expected = "a layout type: " + layouts.map(\.type).joined(separator: ", ")
        if let close = closestName(to: type, in: layouts.map(\.type)) {
            expected = "a layout type (did you mean \"\(close)\"?)"
        } else {
            // A type of the user's own is named by a program of theirs that registers it.
            expected += "; a layout of your own runs in a program that registers it (docs/uikit.md)"
        }
        throw typeNode.error(expected)
    }
    try lm.check(allowed: ["type"] + descriptor.parameters.map(\.name))
    var parameters: [String: CustomValue] = [:]
    for key in lm.keys where key != "type" {
        parameters[key] = try layoutParameterValue(lm[key]!)
    }
    let prototype = try validateLayout(descriptor, parameters, lm.node)

    var styles: [String: ElementStyle] = [:]
    var texts: [String: String] = [:]
    if let s = supplementary {
        let sm = try s.map("a mapping from kind to style")
        for kind in sm.keys {
            let km = try sm[kind]!.map("a style mapping")
            if let t = km["text"] { texts[kind] = try t.text() }
            styles[kind] = try ElementStyle(map: km.without("text"))
        }
    }
    var decorations: [String: String] = [:]
    if let d = decoration {
        let dm = try d.map("a mapping from kind to {image: PATH, style keys...}")
        for kind in dm.keys {
            let km = try dm[kind]!.map("{image: PATH, style keys...}")
            if let i = km["image"] { decorations[kind] = resolve(try i.string(), in: folder) }
            let style = try ElementStyle(map: km.without("image"))
            if !style.isEmpty { styles[kind] = style }
        }
    }
    let look = LayoutLook.of(descriptor.look ?? type)
    for (kind, style) in look.supplementary { styles[kind] = (styles[kind] ?? ElementStyle()).over(style) }
    var made = SceneView(
        name: name, frame: frame, rotatedFrame: rotatedFrame,
        contentInset: EdgeInsets(
            top: insetValues[0], left: insetValues[1], bottom: insetValues[2], right: insetValues[3]),
        contentOffset: try view?["contentOffset"]?.point(within: NumberLimits.position) ?? .zero,
        pagingEnabled: try view?["pagingEnabled"]?.bool() ?? false, decelerationRate: rate,
        layout: descriptor,
        layoutParameters: parameters, prototype: prototype,
        cell: (try cell.map { n throws(FrameGenError) in try ElementStyle(n) } ?? ElementStyle()).over(
            look.cell),
        supplementary: styles, decorationImages: decorations, textTemplates: texts)
    made.alwaysBounceVertical = try view?["alwaysBounceVertical"]?.bool() ?? false
    made.alwaysBounceHorizontal = try view?["alwaysBounceHorizontal"]?.bool() ?? false
    return made
}

/// Checks parameter values by building the layout once; its error names the parameter.
@discardableResult
func validateLayout(
    _ descriptor: LayoutDescriptor, _ parameters: [String: CustomValue], _ node: DocumentNode
) throws(FrameGenError) -> any CollectionViewLayout {
    do {
        return try descriptor.make(parameters)
    } catch {
        let at = node.path.isEmpty ? error.parameter : "\(node.path).\(error.parameter)"
        throw .badInput(node.file, "\(at): found \(error.found), expected \(error.expected)")
    }
}

let layoutParameterRange =
    "a number from \(formatNumber(-NumberLimits.layoutParameter)) to \(formatNumber(NumberLimits.layoutParameter))"

func layoutParameterValue(_ node: DocumentNode) throws(FrameGenError) -> CustomValue {
    switch node.value {
    case .number(let n) where n.isFinite:
        guard abs(n) <= NumberLimits.layoutParameter else { throw node.error(layoutParameterRange) }
        return .number(n)
    case .bool(let b): return .bool(b)
    case .string(let s): return .string(s)
    case .list(let items):
        var numbers: [Double] = []
        for (i, item) in items.enumerated() {
            guard case .number(let n) = item, n.isFinite else {
                throw node.element(i).error("a number (the parameter is a list of numbers)")
            }
            guard abs(n) <= NumberLimits.layoutParameter else {
                throw node.element(i).error(layoutParameterRange)
            }
            numbers.append(n)
        }
        return .numbers(numbers)
    default: throw node.error("a number, true/false, a string or a list of numbers")
    }
}

/// `normal`, `fast` or a rate per millisecond (a view's decelerationRate, a fling's rate).
func parseRate(_ node: DocumentNode) throws(FrameGenError) -> DecelerationRate {
    switch node.value {
    case .string("normal"): return .normal
    case .string("fast"): return .fast
    case .number(let n):
        guard let r = DecelerationRate(rawValue: n) else {
            throw node.error("normal, fast or a number between 0 and 1")
        }
        return r
    default: throw node.error("normal, fast or a number between 0 and 1 (per millisecond)")
    }
}

private func parseContent(_ node: DocumentNode?, seed: UInt64, folder: String) throws(FrameGenError)
    -> SceneContent
{
    let m = try node?.map("a content mapping")
    try m?.check(allowed: SceneContent.keys)
    var source = ImageSource.generated(seed: seed)
    if let i = m?["images"] {
        switch i.value {
        case .string(let dir): source = .folder(dir)
        case .list:
            var files: [String] = []
            for n in try i.list() { files.append(try n.string()) }
            source = .files(files)
        default: throw i.error("a folder, a list of PNG files, or nothing for generated photos")
        }
    }
    let images: ContentImages
    do {
        images = try ContentImages(source, baseDirectory: folder == "." ? nil : folder)
    } catch {
        // The image's own problem, said from the scene: which file and which key asked for it.
        var at = "content.images"
        if case .files(let list) = source, let e = error.file,
            let k = list.firstIndex(where: { e == $0 || e.hasSuffix("/" + $0) })
        {
            at += "[\(k)]"
        }
        throw FrameGenError(error.kind, file: m?.node.file, "\(at): \(error.description)")
    }
    var counts = [20]
    if let s = m?["sections"] {
        if m?["items"] != nil { throw s.problem("give either `sections` or `items`, not both") }
        let list = try s.list()
        if list.isEmpty { throw s.error("a list of item counts, one per section") }
        counts = []
        for n in list { counts.append(try n.integer(in: 0...100_000)) }
    } else if let n = m?["items"] {
        counts = [try n.integer(in: 0...100_000)]
    }
    var titles: [String] = []
    if let t = m?["titles"] {
        for n in try t.list() { titles.append(try n.text()) }
    }
    return SceneContent(images: images, itemCounts: counts, titles: titles)
}

private func parseOutput(_ node: DocumentNode?, name: String, folder: String) throws(FrameGenError)
    -> SceneOutput
{
    let m = try node?.map("an output mapping")
    try m?.check(allowed: SceneOutput.keys)
    var rgb: Bool?
    if let c = m?["channels"] {
        guard case .string(let name) = c.value, name == "rgb" || name == "rgba" else {
            throw c.error("rgb or rgba")
        }
        rgb = name == "rgb"
    }
    let pattern = try m?["pattern"]?.string() ?? "frame_%04d.png"
    if !isValidFramePattern(pattern) {
        throw m!["pattern"]!.error("a file name with one %d or %0Nd, such as frame_%04d.png")
    }
    var compression = PNGEncodingOptions.Compression.frames
    if let c = m?["compression"] {
        switch c.value {
        case .string("fast"): compression = .fast
        case .string("fastest"): compression = .fastest
        case .number(let n) where n == n.rounded() && (0...9).contains(n): compression = .level(Int(n))
        default: throw c.error("a level from 0 to 9, fast or fastest")
        }
    }
    return SceneOutput(
        directory: try m?["directory"]?.string() ?? "\(name)-frames", pattern: pattern,
        compression: compression, rgb: rgb)
}
