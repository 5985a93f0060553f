import Geometry

/// The iOS 6 by Tutorials PinchLayout (layouts.md B.4.4): a flow layout whose elements are
/// pulled toward `pinchCenter` by (pinchCenter - center) * (1 - pinchScale), as a translation
/// transform, with zIndex -item so earlier items lie on top. Scale 1 is the plain grid, 0 a
/// single pile at the pinch centre. `pinchCenter` is in content coordinates (UIKit's
/// location(in: collectionView)); nil means the centre of the visible rect.
public struct PinchLayout: CollectionViewLayout {
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

    private func pinched(_ base: LayoutAttributes) -> LayoutAttributes {
        var a = base
        let c = effectivePinchCenter
        let k = 1 - pinchScale
        a.zIndex = -a.indexPath.item
        a.transform3D = .makeTranslation((c.x - a.center.x) * k, (c.y - a.center.y) * k, 0)
        return a
    }

    public var collectionViewContentSize: Size { flow.collectionViewContentSize }

    /// Culls by the untransformed flow frames, as the original does.
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        flow.layoutAttributesForElements(in: rect).map(pinched)
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        flow.layoutAttributesForItem(at: indexPath).map(pinched)
    }

    /// The original only adjusts the attributes it returns from the rect query; this answers the
    /// same for a single header or footer so both paths agree.
    public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
        -> LayoutAttributes?
    {
        flow.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath).map(pinched)
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
                summary: "0 = every cell on the pinch centre, 1 = the plain grid"),
            LayoutParameter(
                name: "pinchCenter", defaultValue: nil,
                summary: "[x, y] in content coordinates; default: the centre of the visible rect"),
        ]

    public init(parameters values: [String: LayoutParameterValue]) throws(LayoutParameterError) {
        let r = LayoutParameterReader(values)
        self.init(
            flow: try FlowLayout(parameters: values),
            pinchScale: try r.number("pinchScale", default: 1, minimum: 0, maximum: 1),
            pinchCenter: try r.point("pinchCenter"))
    }

    public static let descriptor = LayoutDescriptor(
        type: "pinch",
        summary: "PinchLayout: a flow grid whose cells gather toward the pinch centre as the scale drops",
        parameters: parameters,
        make: { values throws(LayoutParameterError) in try PinchLayout(parameters: values) })
}
