import FrameGenGeometry

/// The iOS 6 by Tutorials PinchLayout (docs/design/layouts.md §6.4): a flow layout whose elements are
/// pulled toward `pinchCenter` by (pinchCenter - center) * (1 - pinchScale), as a translation
/// transform, with zIndex -item so earlier items lie on top. Scale 1 is the plain grid, 0 a
/// single pile at the pinch centre. Above 1 (up to `maximumPinchScale`) the grid stays and the
/// pinched cell (under the pinch centre) grows by the scale about the pinch centre, on top, as
/// in the WWDC 2012 pinch sample. `pinchCenter` is in content coordinates (UIKit's
/// location(in: collectionView)); nil means the centre of the visible rect.
public struct PinchLayout: CollectionViewLayout {
    /// UIPinchGestureRecognizer's scale is clamped to [1, 3] in the sample (docs/design/layouts.md §6.4).
    public static let maximumPinchScale = 3.0

    public var flow: FlowLayout
    public var pinchScale: Double
    public var pinchCenter: Point?

    private var visibleRect: Rect = .zero

    public init(flow: FlowLayout = FlowLayout(), pinchScale: Double = 1, pinchCenter: Point? = nil) {
        self.flow = flow
        self.pinchScale = pinchScale
        self.pinchCenter = pinchCenter
    }

    public mutating func prepare(_ collectionView: CollectionViewState) {
        visibleRect = collectionView.bounds
        flow.prepare(collectionView)
    }

    /// The pinch centre in effect.
    public var effectivePinchCenter: Point { pinchCenter ?? visibleRect.center }

    /// The cell the fingers are on: the one whose grid frame holds the pinch centre, else the
    /// nearest by centre.
    public var pinchedItem: IndexPath? {
        let c = effectivePinchCenter
        let reach = Swift.max(flow.itemSize.width, flow.itemSize.height) * 2
        let near = flow.layoutAttributesForElements(
            in: Rect(x: c.x - reach, y: c.y - reach, width: 2 * reach, height: 2 * reach)
        ).filter { $0.representedElementCategory == .cell }
        if let hit = near.first(where: { $0.frame.contains(c) }) { return hit.indexPath }
        func d(_ a: LayoutAttributes) -> Double {
            (a.center.x - c.x) * (a.center.x - c.x) + (a.center.y - c.y) * (a.center.y - c.y)
        }
        return near.min(by: { d($0) < d($1) })?.indexPath
    }

    private func pinched(_ base: LayoutAttributes, pinchedItem: IndexPath?) -> LayoutAttributes {
        var a = base
        let c = effectivePinchCenter
        a.zIndex = -a.indexPath.item
        if pinchScale > 1 {
            // WWDC 2012 "Advanced Collection Views": pinching out grows the pinched cell with the
            // fingers, on top of the grid; scaled about the pinch centre, so the point under
            // the fingers stays there.
            guard a.representedElementCategory == .cell, a.indexPath == pinchedItem else { return a }
            let s = pinchScale
            a.zIndex = 1
            a.transform3D = Transform3D.makeScale(s, s, 1).concatenating(
                .makeTranslation((a.center.x - c.x) * (s - 1), (a.center.y - c.y) * (s - 1), 0))
            return a
        }
        let k = 1 - pinchScale
        a.transform3D = .makeTranslation((c.x - a.center.x) * k, (c.y - a.center.y) * k, 0)
        return a
    }

    public var collectionViewContentSize: Size { flow.collectionViewContentSize }

    /// Culls by the untransformed flow frames, as the original does.
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let item = pinchScale > 1 ? pinchedItem : nil
        var out = flow.layoutAttributesForElements(in: rect).map { pinched($0, pinchedItem: item) }
        // The grown cell reaches beyond its grid frame: it is drawn wherever the rect meets it.
        if let item, !out.contains(where: { $0.representedElementCategory == .cell && $0.indexPath == item }),
            let a = layoutAttributesForItem(at: item)
        {
            out.append(a)
        }
        return out
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        flow.layoutAttributesForItem(at: indexPath).map {
            pinched($0, pinchedItem: pinchScale > 1 ? pinchedItem : nil)
        }
    }

    /// The original only adjusts the attributes it returns from the rect query; this answers the
    /// same for a single header or footer so both paths agree.
    public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        flow.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath).map {
            pinched($0, pinchedItem: nil)
        }
    }

    /// A default pinch centre follows the visible rect, so scrolling moves the pile.
    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        (pinchCenter == nil && pinchScale != 1) || flow.shouldInvalidateLayout(forBoundsChange: newBounds)
    }

    public mutating func invalidateLayout() { flow.invalidateLayout() }
}

extension PinchLayout {
    public static let parameters: [LayoutParameter] =
        FlowLayout.parameters + [
            LayoutParameter(
                name: "pinchScale", defaultValue: .number(1),
                summary:
                    "0 = every cell on the pinch centre, 1 = the plain grid, up to 3 = the pinched cell grown 3x"
            ),
            LayoutParameter(
                name: "pinchCenter", defaultValue: nil,
                summary: "[x, y] in content coordinates; default: the centre of the visible rect"),
        ]

    public init(parameters values: [String: CustomValue]) throws(LayoutParameterError) {
        let r = LayoutParameterReader(values)
        self.init(
            flow: try FlowLayout(parameters: values),
            pinchScale: try r.number(
                "pinchScale", default: 1, minimum: 0, maximum: PinchLayout.maximumPinchScale),
            pinchCenter: try r.point("pinchCenter"))
    }

    public static let descriptor = LayoutDescriptor(
        type: "pinch",
        summary: "PinchLayout: a flow grid whose cells gather toward the pinch centre as the scale drops",
        parameters: parameters,
        make: { values throws(LayoutParameterError) in try PinchLayout(parameters: values) })
}
