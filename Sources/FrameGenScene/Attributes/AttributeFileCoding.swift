import FrameGenGeometry
import FrameGenLayout

/// More frames or elements than this is not an attribute file anyone means to render.
private let maxFrames = 1_000_000
private let maxElementsPerView = 100_000

extension AttributeFile {
    /// Reads and validates an attribute file; problems name the key path (exit status 2).
    /// Relative image paths are resolved against the file's folder.
    public static func load(_ path: String) throws(FrameGenError) -> AttributeFile {
        try AttributeFile(document: readDocument(path), folder: folderOf(path))
    }

    public init(document root: DocumentNode, folder: String) throws(FrameGenError) {
        let m = try root.map("an attribute file mapping")
        try m.check(allowed: ["format", "canvas", "fps", "style", "kindStyles", "warnings", "frames"])
        if let f = m["format"], try f.string() != AttributeFile.format {
            throw f.error("\"\(AttributeFile.format)\"")
        }
        canvas = try parseCanvas(m["canvas"], rotates: false, folder: folder)
        fps = try m["fps"]?.number(in: 1...240) ?? 30
        style = try m["style"].map { n throws(FrameGenError) in try ElementStyle(n) } ?? ElementStyle()
        kindStyles = [:]
        if let k = m["kindStyles"] {
            let km = try k.map("a mapping from kind to style")
            for kind in km.keys { kindStyles[kind] = try ElementStyle(km[kind]!) }
        }
        let list = try m.required("frames").list()
        if list.count > maxFrames { throw m["frames"]!.error("at most \(maxFrames) frames") }
        frames = []
        for (i, node) in list.enumerated() {
            frames.append(try readFrame(node, position: i, folder: folder, fps: fps))
        }
    }

    /// The file as JSON text (docs/formats.md §2): one line per element, numbers that parse
    /// back to the same Doubles, so the file re-renders to identical pixels.
    public func jsonText() -> String {
        var top: [(key: String, value: DocumentValue)] = [
            ("format", .string(AttributeFile.format)),
            ("canvas", canvasValue(canvas)),
            ("fps", .number(fps)),
        ]
        if !style.isEmpty { top.append(("style", style.documentValue)) }
        if !kindStyles.isEmpty {
            top.append(
                ("kindStyles", .map(kindStyles.keys.sorted().map { ($0, kindStyles[$0]!.documentValue) })))
        }
        if !warnings.isEmpty { top.append(("warnings", .list(warnings.map { .string($0) }))) }
        top.append(("frames", .list(frames.map(frameValue))))
        return FrameGenScene.jsonText(.map(top), compactDepth: 4)
    }
}

private func canvasValue(_ c: Canvas) -> DocumentValue {
    let background: DocumentValue
    switch c.background {
    case .color(let color): background = .string(color.description)
    case .pattern(let p): background = .map([("pattern", .string(p))])
    case .image(let p): background = .map([("image", .string(p))])
    }
    var pairs: [(key: String, value: DocumentValue)] = [
        ("width", .number(c.width)), ("height", .number(c.height)), ("scale", .number(c.scale)),
        ("background", background),
    ]
    // Written only where not the default, so that files of light scenes stay as they were.
    if c.appearance.style != .light { pairs.append(("appearance", .string(c.appearance.style.rawValue))) }
    if c.appearance.contentSizeCategory != .large {
        pairs.append(("contentSizeCategory", .string(c.appearance.contentSizeCategory.rawValue)))
    }
    return .map(pairs)
}

private func frameValue(_ f: AttributeFrame) -> DocumentValue {
    var pairs: [(key: String, value: DocumentValue)] = [
        ("index", .number(Double(f.index))), ("time", .number(f.time)),
    ]
    if f.views.count == 1, f.views[0].name == nil, f.views[0].frame == nil {
        pairs += viewPairs(f.views[0])
    } else {
        pairs.append(("views", .list(f.views.map { v in .map(viewPairs(v)) })))
    }
    return .map(pairs)
}

private func rectValue(_ r: Rect) -> DocumentValue {
    .list([.number(r.minX), .number(r.minY), .number(r.width), .number(r.height)])
}

private func viewPairs(_ v: AttributeView) -> [(key: String, value: DocumentValue)] {
    var pairs: [(key: String, value: DocumentValue)] = []
    if let n = v.name { pairs.append(("name", .string(n))) }
    if let f = v.frame { pairs.append(("frame", rectValue(f))) }
    pairs.append(("bounds", rectValue(v.bounds)))
    if let t = v.sublayerTransform {
        pairs.append(("sublayerTransform", .list(t.fields.map(DocumentValue.number))))
    }
    if v.drawingOrder != .zIndex { pairs.append(("drawingOrder", .string(v.drawingOrder.rawValue))) }
    pairs.append(("elements", .list(v.elements.map(elementValue))))
    return pairs
}

private func categoryName(_ c: ElementCategory) -> String {
    switch c {
    case .cell: "cell"
    case .supplementaryView: "supplementary"
    case .decorationView: "decoration"
    }
}

private func elementValue(_ e: AttributeElement) -> DocumentValue {
    let a = e.attributes
    var pairs: [(key: String, value: DocumentValue)] = [
        ("category", .string(categoryName(a.representedElementCategory)))
    ]
    if let k = a.representedElementKind { pairs.append(("kind", .string(k))) }
    pairs.append(
        ("indexPath", .list([.number(Double(a.indexPath.section)), .number(Double(a.indexPath.item))])))
    pairs.append(("center", .list([.number(a.center.x), .number(a.center.y)])))
    pairs.append(("size", .list([.number(a.size.width), .number(a.size.height)])))
    if !a.transform3D.isIdentity {
        pairs.append(("transform3D", .list(a.transform3D.fields.map(DocumentValue.number))))
    }
    if a.alpha != 1 { pairs.append(("alpha", .number(a.alpha))) }
    if a.zIndex != 0 { pairs.append(("zIndex", .number(Double(a.zIndex)))) }
    if a.isHidden { pairs.append(("isHidden", .bool(true))) }
    if let i = e.image { pairs.append(("image", .string(i.description))) }
    if let t = a.text { pairs.append(("text", .string(t))) }
    if let s = e.style, !s.isEmpty { pairs.append(("style", s.documentValue)) }
    // The typed extras share the file's `custom` mapping with a layout's own values (docs/formats.md §2).
    var custom = a.custom.mapValues(customValue)
    if a.imageOffset != .zero {
        custom["imageOffset"] = .list([.number(a.imageOffset.x), .number(a.imageOffset.y)])
    }
    if let m = a.maskRect { custom["maskRect"] = rectValue(m) }
    if !custom.isEmpty { pairs.append(("custom", .map(custom.keys.sorted().map { ($0, custom[$0]!) }))) }
    return .map(pairs)
}

private func customValue(_ v: CustomValue) -> DocumentValue {
    switch v {
    case .number(let n): .number(n)
    case .numbers(let l): .list(l.map(DocumentValue.number))
    case .bool(let b): .bool(b)
    case .string(let s): .string(s)
    }
}

private func readFrame(_ node: DocumentNode, position: Int, folder: String, fps: Double) throws(FrameGenError)
    -> AttributeFrame
{
    let m = try node.map("a frame mapping")
    try m.check(allowed: [
        "index", "time", "bounds", "sublayerTransform", "drawingOrder", "elements", "views",
    ])
    let index = try m["index"]?.integer(in: 0...Int(Int32.max)) ?? position
    let time = try m["time"]?.nonNegative() ?? Double(index) / fps
    if let views = m["views"] {
        for key in ["bounds", "elements", "sublayerTransform", "drawingOrder"] where m[key] != nil {
            throw m[key]!.problem("a frame gives either `views` or `\(key)`, not both")
        }
        var out: [AttributeView] = []
        for v in try views.list() {
            let vm = try v.map("a view mapping")
            try vm.check(allowed: [
                "name", "frame", "bounds", "sublayerTransform", "drawingOrder", "elements",
            ])
            out.append(
                try readView(
                    vm, name: try vm["name"]?.string(), frame: try vm["frame"]?.rect(), folder: folder))
        }
        return AttributeFrame(index: index, time: time, views: out)
    }
    return AttributeFrame(
        index: index, time: time, views: [try readView(m, name: nil, frame: nil, folder: folder)])
}

private func readView(_ m: DocumentMap, name: String?, frame: Rect?, folder: String) throws(FrameGenError)
    -> AttributeView
{
    let bounds = try m.required("bounds").rect()
    var sublayer: Transform3D?
    if let s = m["sublayerTransform"] { sublayer = try transform(s) }
    var order = DrawingOrder.zIndex
    if let o = m["drawingOrder"] {
        guard let value = DrawingOrder(rawValue: try o.string()) else { throw o.error("zIndex or depth") }
        order = value
    }
    let list = try m.required("elements").list()
    if list.count > maxElementsPerView {
        throw m["elements"]!.error("at most \(maxElementsPerView) elements")
    }
    var elements: [AttributeElement] = []
    elements.reserveCapacity(list.count)
    for e in list { elements.append(try readElement(e, folder: folder)) }
    return AttributeView(
        name: name, frame: frame, bounds: bounds, sublayerTransform: sublayer, drawingOrder: order,
        elements: elements)
}

private func transform(_ node: DocumentNode) throws(FrameGenError) -> Transform3D {
    Transform3D(fields: try node.numbers(16, "16 numbers m11, m12, ... m44"))!
}

private func readElement(_ node: DocumentNode, folder: String) throws(FrameGenError) -> AttributeElement {
    let m = try node.map("an element mapping")
    try m.check(allowed: [
        "category", "kind", "indexPath", "center", "size", "transform3D", "transform", "alpha", "zIndex",
        "isHidden",
        "image", "text", "style", "custom",
    ])
    let categoryNode = try m.required("category")
    let category: ElementCategory
    switch categoryNode.value {
    case .string("cell"): category = .cell
    case .string("supplementary"): category = .supplementaryView
    case .string("decoration"): category = .decorationView
    default: throw categoryNode.error("cell, supplementary or decoration")
    }
    let kind = try m["kind"]?.string()
    if category != .cell && kind == nil {
        throw m.node.problem("missing key \"kind\" (a \(categoryName(category)) needs one)")
    }
    let size = try m.required("size").size()
    var a = LayoutAttributes(
        category: category, kind: kind,
        indexPath: try m["indexPath"].map { n throws(FrameGenError) in try indexPath(n) }
            ?? IndexPath(item: 0, section: 0),
        frame: Rect(center: try m.required("center").point(), size: size))
    if let t = m["transform3D"] {
        if m["transform"] != nil { throw t.problem("give either transform3D or transform, not both") }
        a.transform3D = try transform(t)
    } else if let t = m["transform"] {
        let v = try t.numbers(6, "6 numbers a, b, c, d, tx, ty")
        a.transform3D = Transform3D(AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]))
    }
    if let n = m["alpha"] { a.alpha = try n.number() }
    if let n = m["zIndex"] { a.zIndex = try n.integer(in: -1_000_000_000...1_000_000_000) }
    if let n = m["isHidden"] { a.isHidden = try n.bool() }
    if let n = m["text"] { a.text = try n.text() }
    if let c = m["custom"] {
        let cm = try c.map("a mapping of custom values")
        for key in cm.keys {
            let v = cm[key]!
            if key == "imageOffset" {
                a.imageOffset = try v.point()
                continue
            }
            if key == "maskRect" {
                a.maskRect = try v.rect()
                continue
            }
            switch v.value {
            case .number(let x) where x.isFinite: a.custom[key] = .number(x)
            case .bool(let b): a.custom[key] = .bool(b)
            case .string(let s): a.custom[key] = .string(s)
            case .list(let items): a.custom[key] = .numbers(try v.numbers(items.count, "a list of numbers"))
            default: throw v.error("a number, true/false, a string or a list of numbers")
            }
        }
    }
    var image: ImageName?
    if let i = m["image"] {
        do {
            image = try ImageName(parsing: try i.string(), relativeTo: folder)
        } catch {
            throw error.file == nil ? i.problem(error.message) : error
        }
    }
    return AttributeElement(
        attributes: a, image: image,
        style: try m["style"].map { n throws(FrameGenError) in try ElementStyle(n) })
}
