import FrameGenGeometry

/// Cover flow (docs/design/layouts.md §6.3): a horizontal flow layout showing one row of covers,
/// each turned about y, zoomed and pushed aside by its distance from the visible centre. Its
/// arithmetic is the iOS 6 by Tutorials CoverFlowLayout's; its defaults give the Music app's look.
///
/// For each element, with maxD = maxDistancePercentage x the visible width (by default the
/// distance between two covers' centres), d = visibleRect.midX - center.x (positive left of the
/// centre) and n = clamp(d / maxD, -1, 1): transform3D = Scale(zoom, zoom, 0) ·
/// RotateY(n x maxRotation) · Perspective(m34) · Translate(-n x sideShift x cover width, 0, 0),
/// with zoom = 1 + (1 - |n|) x maxZoom; the point is scaled, turned, projected about the cell's
/// own centre, then moved away from the centre. A left cell turns its inner (right) edge away
/// from the viewer. With `zIndexByDistance` a cover nearer the centre is drawn over one further
/// away (zIndex = -|d| rounded), so the side covers stack toward the centre; without it they
/// overlap in flow order, as in the original.
///
/// One row: the covers always form a single row whatever the view's height (the copies of the
/// original force it with a huge spacing); the distance between covers is `minimumLineSpacing`,
/// by default -0.75 x the cover width, so each side cover shows a quarter of its width past the
/// next.
/// The section insets default to centring the first and last items: left = (W - first width) / 2,
/// right = (W - last width) / 2 (top and bottom 0); a `sectionInset` parameter replaces them.
/// Snapping picks the cover whose centre is nearest the proposed visible centre, ignoring the
/// velocity. Where the original's proposed rect holds no cover its adjustment stays CGFLOAT_MAX
/// (a huge offset); this layout keeps the proposed offset instead.
///
/// The original's look: `itemSize: [100, 100]`, `minimumLineSpacing: 10`,
/// `maxDistancePercentage: 0.3`, `maxRotation: 50`, `maxZoom: 0.3`, `m34: -0.001`,
/// `sideShift: 0`, `zIndexByDistance: false`.
public struct CoverFlowLayout: CollectionViewLayout {
    public var flow: FlowLayout
    /// nil: the distance between two covers' centres, over the visible width.
    public var maxDistancePercentage: Double?
    /// Degrees.
    public var maxRotation: Double
    public var maxZoom: Double
    public var m34: Double
    /// How far a cover at or beyond maxD moves away from the centre, in cover widths.
    public var sideShift: Double
    public var zIndexByDistance: Bool
    /// nil: `defaultOverlap` of the cover width.
    public var lineSpacing: Double?
    /// nil: the centring insets described above.
    public var sectionInset: EdgeInsets?

    private var visibleRect: Rect = .zero

    /// How much of a cover the next one covers by default (minimumLineSpacing -0.75 x width).
    public static let defaultOverlap = 0.75

    public init(
        flow: FlowLayout = CoverFlowLayout.defaultFlow, maxDistancePercentage: Double? = nil,
        maxRotation: Double = 60, maxZoom: Double = 0, m34: Double = -0.002, sideShift: Double = 0.55,
        zIndexByDistance: Bool = true, lineSpacing: Double? = nil, sectionInset: EdgeInsets? = nil
    ) {
        self.flow = flow
        self.maxDistancePercentage = maxDistancePercentage
        self.maxRotation = maxRotation
        self.maxZoom = maxZoom
        self.m34 = m34
        self.sideShift = sideShift
        self.zIndexByDistance = zIndexByDistance
        self.lineSpacing = lineSpacing
        self.sectionInset = sectionInset
    }

    /// The iOS 6 by Tutorials layout's look.
    public static let tutorial = CoverFlowLayout(
        flow: FlowLayout(scrollDirection: .horizontal, itemSize: Size(width: 100, height: 100)),
        maxDistancePercentage: 0.3, maxRotation: 50, maxZoom: 0.3, m34: -0.001, sideShift: 0,
        zIndexByDistance: false, lineSpacing: 10)

    /// Flow's defaults with a horizontal direction and 160 x 160 covers.
    public static let defaultFlow = FlowLayout(
        scrollDirection: .horizontal, itemSize: Size(width: 160, height: 160))

    /// The distance between two covers' centres.
    var pitch: Double { flow.itemSize.width + flow.minimumLineSpacing }

    public mutating func prepare(_ collectionView: CollectionViewState) {
        visibleRect = collectionView.bounds
        var f = flow
        f.scrollDirection = .horizontal
        f.minimumLineSpacing = lineSpacing ?? -CoverFlowLayout.defaultOverlap * flow.itemSize.width
        // No second cover fits in a column when the spacing inside a column exceeds its height.
        f.minimumInteritemSpacing = Swift.max(
            flow.minimumInteritemSpacing, collectionView.size.height + 1)
        if let fixed = sectionInset {
            f.insetForSection = nil
            f.sectionInset = fixed
        } else {
            let sizeFor = flow.sizeForItem
            let itemSize = flow.itemSize
            f.insetForSection = { section, cv in
                let n = cv.numberOfItems(inSection: section)
                guard n > 0 else { return .zero }
                let first = sizeFor?(IndexPath(section: section, item: 0), cv) ?? itemSize
                let last = sizeFor?(IndexPath(section: section, item: n - 1), cv) ?? itemSize
                return EdgeInsets(
                    top: 0, left: (cv.size.width - first.width) / 2, bottom: 0,
                    right: (cv.size.width - last.width) / 2)
            }
        }
        f.prepare(collectionView)
        flow = f
    }

    /// The cover transform for an element centred at `centerX` in the current visible rect.
    public func coverTransform(centerX: Double) -> Transform3D {
        let maxD = maxDistancePercentage.map { $0 * visibleRect.width } ?? pitch
        let d = visibleRect.midX - centerX
        let n = maxD > 0 ? Swift.min(Swift.max(d / maxD, -1), 1) : (d == 0 ? 0 : (d > 0 ? 1 : -1))
        let zoom = 1 + (1 - Swift.abs(n)) * maxZoom
        var perspective = Transform3D.identity
        perspective.m34 = m34
        let turned = perspective.rotated(radians(n * maxRotation), 0, 1, 0).scaled(zoom, zoom, 0)
        guard sideShift != 0 else { return turned }
        // After the projection, so the push moves the drawn cover as a whole.
        return turned.concatenating(.makeTranslation(-n * sideShift * flow.itemSize.width, 0, 0))
    }

    private func covered(_ base: LayoutAttributes) -> LayoutAttributes {
        var a = base
        a.transform3D = coverTransform(centerX: a.center.x)
        if zIndexByDistance {
            let d = Swift.abs(visibleRect.midX - a.center.x)
            a.zIndex = -Int(Swift.min(d, 1e9).rounded())
        }
        return a
    }

    public var collectionViewContentSize: Size { flow.collectionViewContentSize }

    /// Culls by the untransformed flow frames, as the original does.
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        flow.layoutAttributesForElements(in: rect).map(covered)
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        flow.layoutAttributesForItem(at: indexPath).map(covered)
    }

    public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        flow.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath).map(covered)
    }

    /// Every scroll changes every cover's distance from the centre.
    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

    public mutating func invalidateLayout() { flow.invalidateLayout() }

    public func targetContentOffset(
        forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point
    ) -> Point {
        let proposedRect = Rect(origin: proposedContentOffset, size: visibleRect.size)
        let proposedCenterX = proposedRect.midX
        var adjustment: Double?
        for a in flow.layoutAttributesForElements(
            in: Rect(x: proposedRect.minX, y: 0, width: proposedRect.width, height: proposedRect.height))
        where a.representedElementCategory == .cell {
            let delta = a.center.x - proposedCenterX
            if adjustment.map({ Swift.abs(delta) < Swift.abs($0) }) ?? true { adjustment = delta }
        }
        guard let adjustment else { return proposedContentOffset }
        return Point(x: proposedContentOffset.x + adjustment, y: proposedContentOffset.y)
    }
}

extension CoverFlowLayout {
    public static let parameters: [LayoutParameter] =
        [
            LayoutParameter(
                name: "scrollDirection", defaultValue: .string("horizontal"),
                summary: "horizontal only: the covers form one row"),
            LayoutParameter(
                name: "itemSize", defaultValue: .numbers([160, 160]),
                summary: "[width, height] of every cover (the original: [100, 100])"),
            LayoutParameter(
                name: "minimumLineSpacing", defaultValue: nil,
                summary:
                    "gap between covers, at least -(cover width); default -0.75 x the cover width, so the covers overlap (the original: 10)"
            ),
            LayoutParameter(
                name: "minimumInteritemSpacing", defaultValue: .number(10),
                summary: "accepted for flow compatibility; the covers always form one row"),
            LayoutParameter(
                name: "sectionInset", defaultValue: nil,
                summary:
                    "[top, left, bottom, right]; default: left (W - first width) / 2 and right (W - last width) / 2, so the first and last covers reach the centre"
            ),
            LayoutParameter(
                name: "headerReferenceSize", defaultValue: .numbers([0, 0]),
                summary: "section header width; 0 = no header; shows the section title"),
            LayoutParameter(
                name: "footerReferenceSize", defaultValue: .numbers([0, 0]),
                summary: "section footer width; 0 = no footer; shows the section title"),
            LayoutParameter(
                name: "maxDistancePercentage", defaultValue: nil,
                summary:
                    "distance from the centre, as a fraction of the visible width, of full rotation, push and no zoom; default: one cover's distance from the next (the original: 0.3)"
            ),
            LayoutParameter(
                name: "maxRotation", defaultValue: .number(60),
                summary: "degrees about y of a cover at or beyond the maximum distance (the original: 50)"),
            LayoutParameter(
                name: "maxZoom", defaultValue: .number(0),
                summary: "extra scale of the centred cover (1 + maxZoom) (the original: 0.3)"),
            LayoutParameter(
                name: "m34", defaultValue: .number(-0.002),
                summary: "perspective of each cover about its own centre (the original: -0.001)"),
            LayoutParameter(
                name: "sideShift", defaultValue: .number(0.55),
                summary:
                    "how far a cover at or beyond the maximum distance moves away from the centre, in cover widths (the original: 0)"
            ),
            LayoutParameter(
                name: "zIndexByDistance", defaultValue: .bool(true),
                summary: "covers nearer the centre drawn over further ones (the original: false, flow order)"),
        ]

    public init(parameters values: [String: CustomValue]) throws(LayoutParameterError) {
        let r = LayoutParameterReader(values)
        _ = try r.choice("scrollDirection", default: "horizontal", from: ["horizontal"])
        var flowValues = values
        flowValues["scrollDirection"] = nil
        // Negative spacings overlap the covers, which the flow's own reading refuses.
        flowValues["minimumLineSpacing"] = nil
        let flow = try FlowLayout(parameters: flowValues, defaults: CoverFlowLayout.defaultFlow)
        let inset: EdgeInsets? =
            values["sectionInset"] == nil ? nil : try r.insets("sectionInset", default: .zero)
        let spacing: Double? =
            values["minimumLineSpacing"] == nil
            ? nil : try r.number("minimumLineSpacing", default: 0, minimum: -flow.itemSize.width)
        let maxDistance: Double? =
            values["maxDistancePercentage"] == nil
            ? nil : try r.number("maxDistancePercentage", default: 0, minimum: 0)
        self.init(
            flow: flow, maxDistancePercentage: maxDistance,
            maxRotation: try r.number("maxRotation", default: 60),
            maxZoom: try r.number("maxZoom", default: 0, minimum: -1),
            m34: try r.number("m34", default: -0.002),
            sideShift: try r.number("sideShift", default: 0.55),
            zIndexByDistance: try r.bool("zIndexByDistance", default: true),
            lineSpacing: spacing, sectionInset: inset)
    }

    public static let descriptor = LayoutDescriptor(
        type: "coverflow",
        summary:
            "CoverFlowLayout: one row of overlapping covers turned about y, pushed aside and stacked by their distance from the centre",
        parameters: parameters,
        make: { values throws(LayoutParameterError) in try CoverFlowLayout(parameters: values) })
}
