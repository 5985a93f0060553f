import FrameGenCompositor
import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster

/// Which elements a view draws, by where they are drawn rather than by their frames.
///
/// Layouts answer `layoutAttributesForElements(in:)` by untransformed frames, as UIKit's do, but
/// a tilted, scaled or shadowed element draws outside its frame: asked for the bare bounds, an
/// album stack whose frame lies just below the screen would pop in when its frame arrived,
/// though its tilted corner and its shadow were on screen a few points earlier. So the layout
/// is asked for the bounds padded by how far its elements reach past their frames, and each
/// element is kept when its projected extent (transform, the view's sublayerTransform, shadow,
/// border, text) meets the part of the view the canvas shows.
package struct ElementVisibility {
    /// The view's bounds, in content coordinates.
    var bounds: Rect
    /// The part of the view the canvas shows, in the view's own coordinates.
    var shown: Rect
    var sublayerTransform: Transform3D?
    /// How far an element's style draws past its bounds, in its own points; nil when that is
    /// unknown (an image that is not clipped may spill anywhere its content mode puts it).
    var styleReach: (LayoutAttributes) -> Double?

    /// Passes of padding: each asks again with the largest reach the last answer showed.
    static let passes = 4

    package init(
        bounds: Rect, frame: Rect, canvas: Size, sublayerTransform: Transform3D?,
        styleReach: @escaping (LayoutAttributes) -> Double?
    ) {
        self.bounds = bounds
        // The view clips to its frame, and the canvas to itself.
        let canvasInView = Rect(x: -frame.minX, y: -frame.minY, width: canvas.width, height: canvas.height)
        shown = Rect(origin: .zero, size: frame.size).intersection(canvasInView)
        self.sublayerTransform = sublayerTransform
        self.styleReach = styleReach
    }

    /// The layout's elements whose drawn extent meets what the canvas shows of the view, in the
    /// layout's order. `minimumPad` is what the styles alone can reach (shadows), so that an
    /// element just outside the bounds is found even when none inside shows how far they reach.
    package func elements(of layout: some CollectionViewLayout, minimumPad: Double) -> [LayoutAttributes] {
        let found = query(layout, minimumPad: minimumPad)
        guard !shown.isEmpty else { return [] }
        return found.filter { a in
            guard let e = extent(a) else { return true }
            return e.minX < shown.maxX && shown.minX < e.maxX && e.minY < shown.maxY && shown.minY < e.maxY
        }
    }

    /// The layout's answer for the bounds padded by the reach of its elements (unculled).
    func query(_ layout: some CollectionViewLayout, minimumPad: Double) -> [LayoutAttributes] {
        var pad = max(0, minimumPad)
        var found: [LayoutAttributes] = []
        for _ in 0..<ElementVisibility.passes {
            found = layout.layoutAttributesForElements(in: bounds.insetBy(dx: -pad, dy: -pad))
            var reach = 0.0
            for a in found {
                guard let e = extent(a) else { continue }
                let f = a.frame.offsetBy(dx: -bounds.minX, dy: -bounds.minY)
                reach = max(reach, f.minX - e.minX, e.maxX - f.maxX, f.minY - e.minY, e.maxY - f.maxY)
            }
            // A whole point more than the reach seen, so that rounding never asks again.
            guard reach.isFinite, reach > pad else { break }
            pad = reach.rounded(.up) + 1
        }
        return found
    }

    /// The bounding box of what the element draws, in the view's coordinates; nil when it cannot
    /// be bounded (an unknown style reach, a corner behind the eye, non-finite numbers).
    func extent(_ a: LayoutAttributes) -> Rect? {
        guard let margin = styleReach(a) else { return nil }
        let h = localToView(a)
        let local = Rect(origin: .zero, size: a.size).insetBy(dx: -margin, dy: -margin)
        var (x0, y0, x1, y1) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for p in [
            (local.minX, local.minY), (local.maxX, local.minY), (local.maxX, local.maxY),
            (local.minX, local.maxY),
        ] {
            let q = h.mapHomogeneous(SIMD2(p.0, p.1))
            guard q.z > 0 else { return nil }
            let (x, y) = (q.x / q.z, q.y / q.z)
            guard x.isFinite, y.isFinite else { return nil }
            (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `point` (the view's coordinates) lies on the element where it is drawn: through
    /// its transform and the view's sublayerTransform, as UIKit's hitTest converts a point
    /// through each layer's transform. An element hidden, transparent, empty or with a corner
    /// behind the eye is not hit.
    func hits(_ a: LayoutAttributes, at point: Point) -> Bool {
        guard !a.isHidden, a.alpha > 0, a.size.width > 0, a.size.height > 0 else { return false }
        let h = localToView(a)
        let corners = [(0, 0), (a.size.width, 0), (a.size.width, a.size.height), (0, a.size.height)]
        guard corners.allSatisfy({ h.mapHomogeneous(SIMD2($0.0, $0.1)).z > 0 }),
            let back = h.inverted
        else { return false }
        // With every corner in front of the eye the whole quad is, so the point maps back to one
        // place on the element.
        let local = back.map(SIMD2(point.x, point.y))
        return Rect(origin: .zero, size: a.size).contains(Point(x: local.x, y: local.y))
    }

    /// A point (the view's coordinates) where a finger touching element `index` of `drawn`
    /// (the cells as drawn, in the layout's order) touches it and no cell drawn over it: its
    /// centre when that is on top, else the first of a 9 x 9 grid of points across it, row by
    /// row. nil when the element is not hittable or other cells cover every point tried.
    func topmostPoint(of index: Int, in drawn: [LayoutAttributes], order: DrawingOrder) -> Point? {
        let a = drawn[index]
        guard hits(a, at: drawnPoint(of: a, Point(x: a.size.width / 2, y: a.size.height / 2))) else {
            return nil
        }
        let key = order.key(a, position: index)
        let above = drawn.indices.filter {
            $0 != index && drawn[$0].representedElementCategory == .cell
                && key < order.key(drawn[$0], position: $0)
        }
        var candidates = [Point(x: 0.5, y: 0.5)]
        candidates.reserveCapacity(82)
        for row in 0..<9 {
            for column in 0..<9 {
                candidates.append(Point(x: (Double(column) + 0.5) / 9, y: (Double(row) + 0.5) / 9))
            }
        }
        for c in candidates {
            let p = drawnPoint(of: a, Point(x: c.x * a.size.width, y: c.y * a.size.height))
            if hits(a, at: p) && !above.contains(where: { hits(drawn[$0], at: p) }) { return p }
        }
        return nil
    }

    /// Where the element's own point `local` is drawn, in the view's coordinates.
    func drawnPoint(of a: LayoutAttributes, _ local: Point) -> Point {
        let m = localToView(a).map(SIMD2(local.x, local.y))
        return Point(x: m.x, y: m.y)
    }

    /// The element's own points to the view's, as the compositor places its layer.
    private func localToView(_ a: LayoutAttributes) -> Homography {
        var layer = Layer(
            size: a.size, position: Point(x: a.center.x - bounds.minX, y: a.center.y - bounds.minY))
        layer.transform = a.transform3D
        let view = ViewLayer(
            frame: Rect(origin: .zero, size: bounds.size), sublayerTransform: sublayerTransform, layers: [])
        return Compositor.localToDevice(layer, in: view, scale: 1)
    }

    /// How far a style draws past an element of `size`, in its own points: the shadow's offset
    /// and blur (3 sigma), a line of text taller than the element and its shadow (borders draw
    /// inside the bounds, and edges are antialiased by their exact coverage, so nothing else
    /// reaches out); nil when an unclipped image's content mode can spill it past the bounds by
    /// an amount only its pixel size tells.
    package static func reach(of s: ElementStyle, size: Size, hasImage: Bool, hasText: Bool) -> Double? {
        if hasImage && !(s.clipsToBounds ?? false) {
            switch s.contentMode ?? .scaleToFill {
            case .aspectFill, .center: return nil
            case .scaleToFill, .aspectFit: break
            }
        }
        func spread(_ shadow: ElementStyle.Shadow?) -> Double {
            guard let shadow, shadow.opacity > 0 else { return 0 }
            return max(abs(shadow.offset.x), abs(shadow.offset.y)) + 3 * max(shadow.radius, 0)
        }
        var r = spread(s.shadow)
        if hasText {
            // A line is about 1.25 font sizes high, centred on the element.
            let overflow = max(0, (1.25 * (s.font?.size ?? 17) - size.height) / 2)
            r = max(r, overflow + spread(s.textShadow))
        }
        return r
    }
}

extension SceneData {
    /// How view `v`, at `frame` on the canvas, decides what it draws at `bounds` with its
    /// layout's sublayerTransform.
    func visibility(view v: Int, frame: Rect, bounds: Rect, sublayerTransform: Transform3D?)
        -> ElementVisibility
    {
        let view = scene.views[v]
        return ElementVisibility(
            bounds: bounds, frame: frame, canvas: scene.canvas.size, sublayerTransform: sublayerTransform
        ) { a in
            let kind = a.representedElementKind ?? ""
            switch a.representedElementCategory {
            case .cell:
                return ElementVisibility.reach(of: view.cell, size: a.size, hasImage: true, hasText: false)
            case .supplementaryView:
                return ElementVisibility.reach(
                    of: view.supplementary[kind] ?? ElementStyle(), size: a.size, hasImage: false,
                    hasText: true)
            case .decorationView:
                return ElementVisibility.reach(
                    of: view.supplementary[kind] ?? ElementStyle(), size: a.size,
                    hasImage: view.decorationImages[kind] != nil || kind == ElementKind.emblem, hasText: false
                )
            }
        }
    }

    /// What view `v`'s styles alone draw past an element's bounds (its shadows), so that the
    /// first question to the layout already reaches elements just outside the bounds.
    func minimumPad(view v: Int) -> Double {
        let view = scene.views[v]
        let styles = [view.cell] + view.supplementary.keys.sorted().map { view.supplementary[$0]! }
        return styles.compactMap {
            ElementVisibility.reach(of: $0, size: .zero, hasImage: false, hasText: false)
        }.max() ?? 0
    }

    /// The elements view `v`'s layout shows at `bounds`, by their drawn extents.
    func visibleElements(view v: Int, _ layout: some CollectionViewLayout, frame: Rect, bounds: Rect)
        -> [LayoutAttributes]
    {
        visibility(view: v, frame: frame, bounds: bounds, sublayerTransform: layout.sublayerTransform)
            .elements(of: layout, minimumPad: minimumPad(view: v))
    }

    /// The elements view `v`'s layout may draw at `bounds`, unculled (a transition moves them).
    func elementsNear(view v: Int, _ layout: some CollectionViewLayout, frame: Rect, bounds: Rect)
        -> [LayoutAttributes]
    {
        visibility(view: v, frame: frame, bounds: bounds, sublayerTransform: layout.sublayerTransform)
            .query(layout, minimumPad: minimumPad(view: v))
    }
}
