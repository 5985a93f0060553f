import Compositor
import Geometry
import Layout
import Raster
import Text

// A cell's view tree (a UIKit layout's registered cell, docs/uikit.md "Cells") as compositor
// layers: each CALayer's anchor point, anchorPointZ and bounds origin become the compositor's
// centre-anchored transform and its superlayer's local points.
extension FrameComposer {
    /// The cell's layer, placed in the view's visible bounds (`viewBounds`' origin is the content
    /// offset the cell's position is measured from).
    func cellLayer(_ snapshot: LayerSnapshot, viewBounds: Rect, scale: Double) -> Layer? {
        guard !snapshot.isHidden, snapshot.opacity > 0 else { return nil }
        return layer(snapshot, parentOrigin: viewBounds.origin, parentSublayerTransform: nil)
    }

    /// `parentSublayerTransform`: the superlayer's sublayerTransform about its anchor point (in
    /// its bounds coordinates), when it is not the identity.
    private func layer(
        _ s: LayerSnapshot, parentOrigin: Point, parentSublayerTransform: (Transform3D, pivot: Point)?
    ) -> Layer {
        let size = s.bounds.size
        // [p - anchor * size, -anchorPointZ] . transform, with p from the top left of the bounds.
        let toAnchor = Transform3D.makeTranslation(
            size.width / 2 - s.anchorPoint.x * size.width, size.height / 2 - s.anchorPoint.y * size.height,
            -s.anchorPointZ)
        var layer = Layer(size: size, position: .zero)
        if let (m, pivot) = parentSublayerTransform {
            layer.transform = toAnchor.concatenating(s.transform)
                .concatenating(.makeTranslation(s.position.x, s.position.y, s.zPosition))
                .concatenating(.makeTranslation(-pivot.x, -pivot.y, 0)).concatenating(m)
                .concatenating(.makeTranslation(pivot.x - parentOrigin.x, pivot.y - parentOrigin.y, 0))
        } else {
            layer.transform = toAnchor.concatenating(s.transform)
            layer.position = Point(x: s.position.x - parentOrigin.x, y: s.position.y - parentOrigin.y)
            layer.zPosition = s.zPosition
        }
        layer.opacity = s.opacity
        layer.isHidden = s.isHidden
        layer.masksToBounds = s.masksToBounds
        layer.backgroundColor = s.backgroundColor.map(color)
        layer.cornerRadius = max(s.cornerRadius, 0)
        layer.maskedCorners = Shapes.Corners(rawValue: s.maskedCorners & 0b1111)
        layer.cornerCurve = s.continuousCorners ? .continuous : .circular
        layer.isDoubleSided = s.isDoubleSided
        if let g = s.gradient, !g.colors.isEmpty {
            layer.gradient = AxialGradient(
                colors: g.colors.map(color), locations: g.locations,
                start: SIMD2(g.startPoint.x * size.width, g.startPoint.y * size.height),
                end: SIMD2(g.endPoint.x * size.width, g.endPoint.y * size.height))
        }
        if let sh = s.shape, let fill = sh.fillColor {
            layer.shape = LayerShape(
                path: path(sh.path, origin: s.bounds.origin), fillColor: color(fill),
                fillRule: sh.evenOdd ? .evenOdd : .nonZero)
        }
        if s.borderWidth > 0, let c = s.borderColor {
            layer.border = LayerBorder(width: s.borderWidth, color: color(c))
        }
        if let sh = s.shadow, sh.opacity > 0 {
            layer.shadow = LayerShadow(
                color: color(sh.color), opacity: min(sh.opacity, 1), radius: max(sh.radius, 0),
                offset: sh.offset)
        }
        if let c = s.contents, let texture = cellTexture(c) {
            layer.contents = LayerContents(
                texture: texture, mode: ContentMode(rawValue: c.mode.rawValue) ?? .scaleToFill)
        }
        if let t = s.text, !t.string.isEmpty {
            layer.text = LayerText(
                string: t.string, fontSize: t.fontSize, bold: t.bold, color: color(t.color),
                family: t.family ?? FontLocator.defaultFamily,
                alignment: TextAlignment(rawValue: t.alignment) ?? .natural,
                numberOfLines: t.numberOfLines)
        }
        let sublayerTransform =
            s.sublayerTransform == .identity
            ? nil
            : (
                s.sublayerTransform,
                pivot: Point(
                    x: s.bounds.minX + s.anchorPoint.x * size.width,
                    y: s.bounds.minY + s.anchorPoint.y * size.height)
            )
        layer.sublayers = s.sublayers.map {
            self.layer($0, parentOrigin: s.bounds.origin, parentSublayerTransform: sublayerTransform)
        }
        // A mask is placed as a sublayer is, but not by the sublayerTransform (it is no sublayer).
        layer.mask = s.mask.map {
            self.layer($0, parentOrigin: s.bounds.origin, parentSublayerTransform: nil)
        }
        return layer
    }

    /// A CGPath's elements in the bounds coordinates whose origin is `origin`, as the
    /// compositor's local points (origin at the bounds' top left). Every subpath is closed for
    /// the fill; a quadratic becomes the cubic that traces it.
    private func path(_ elements: [LayerSnapshot.Shape.Element], origin: Point) -> Path {
        func local(_ p: Point) -> SIMD2<Double> { SIMD2(p.x - origin.x, p.y - origin.y) }
        var path = Path()
        var start = SIMD2<Double>(0, 0)
        var current = start
        var open = false
        func begin(at p: SIMD2<Double>) {
            if !open {
                path.move(to: p)
                (start, open) = (p, true)
            }
        }
        for e in elements {
            switch e {
            case .move(let p):
                let q = local(p)
                path.move(to: q)
                (start, current, open) = (q, q, true)
            case .line(let p):
                begin(at: current)
                current = local(p)
                path.line(to: current)
            case .quadCurve(let p, let c):
                begin(at: current)
                let (q, k) = (local(p), local(c))
                path.cubic(
                    to: q, control1: current + (k - current) * (2.0 / 3), control2: q + (k - q) * (2.0 / 3))
                current = q
            case .curve(let p, let c1, let c2):
                begin(at: current)
                let q = local(p)
                path.cubic(to: q, control1: local(c1), control2: local(c2))
                current = q
            case .close:
                (current, open) = (start, false)
            }
        }
        return path
    }

    private func color(_ c: LayerSnapshot.Color) -> Color {
        func byte(_ v: Double) -> UInt8 {
            UInt8((min(max(v, 0), 1) * 255).rounded().clampedInt(in: 0...255, nan: 0))
        }
        return Color(r: byte(c.red), g: byte(c.green), b: byte(c.blue), a: byte(c.alpha))
    }

    /// Made once per distinct image for the composer's life: cells show the same few images
    /// frame after frame.
    private func cellTexture(_ c: LayerSnapshot.Contents) -> Texture? {
        if let t = cellTextures.withLock({ $0[c] }) { return t }
        guard c.width > 0, c.height > 0,
            let image = Image(
                width: c.width, height: c.height, stride: c.width * 4, premultipliedBytes: c.pixels)
        else { return nil }
        let texture = Texture(image)
        cellTextures.withLock { $0[c] = texture }
        return texture
    }
}
