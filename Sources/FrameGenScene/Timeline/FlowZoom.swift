import FrameGenGeometry
import FrameGenLayout
import FrameGenMotion

/// Pinch-to-zoom on a flow grid (`flow`, `photos`): the item size follows the pinch, the lines
/// re-flow at every frame, and the content offset follows so that the point of the item under
/// the fingers stays under them along the scroll axis (across it the item goes to its new
/// column, which no scrolling can undo).
struct FlowZoom: Sendable {
    /// The zoom factor relative to the scene's own itemSize stays within this range.
    static let factorRange = 0.25...4.0

    var from: [String: CustomValue]
    var to: [String: CustomValue]
    var curve: TimingCurve
    /// The item under the fingers when the pinch starts, and where in it they are (0...1).
    var anchor: IndexPath?
    var fraction: Point
    /// The fingers, in the view's coordinates.
    var center: Point

    /// Whether a view's layout zooms on a pinch.
    static func applies(to layout: any CollectionViewLayout) -> Bool {
        layout is FlowLayout || layout is PhotosLayout
    }

    static func itemSize(_ p: [String: CustomValue], of layout: LayoutDescriptor) -> Size {
        let value = p["itemSize"] ?? layout.parameters.first { $0.name == "itemSize" }?.defaultValue
        if case .numbers(let v)? = value, v.count == 2 { return Size(width: v[0], height: v[1]) }
        return Size(width: 50, height: 50)
    }

    /// The item size after a pinch by `scale` from `current`: the factor against the scene's
    /// `base` size clamped to `factorRange`, and no wider (taller, when scrolling horizontally)
    /// than the line it sits in. `clamped` tells whether either limit applied.
    static func zoomedSize(current: Size, scale: Double, base: Size, line: Double, vertical: Bool)
        -> (size: Size, clamped: Bool)
    {
        let wanted = current.width * scale / max(base.width, 1e-9)
        var factor = min(max(wanted, factorRange.lowerBound), factorRange.upperBound)
        let along = vertical ? base.width : base.height
        if line > 0, along * factor > line { factor = line / along }
        let clamped = abs(factor - wanted) > 1e-9 * max(1, wanted)
        return (Size(width: base.width * factor, height: base.height * factor), clamped)
    }

    /// The view at progress p (0...1 along the curve's progress): parameters, layout and the
    /// offset that keeps the anchor under the fingers, within the valid range.
    func state(_ s: ViewState, progress p: Double, view v: Int, data: SceneData, time: Double) -> ViewState {
        var out = s
        out.parameters = interpolateParameters(from, to, p)
        guard var layout = try? data.scene.views[v].layout.make(out.parameters) else { return s }
        layout.prepare(
            data.state(
                view: v, bounds: out.bounds, window: s.window, time: time, dataSource: s.dataSource,
                inset: s.inset))
        out.layout = layout
        guard let anchor, let a = layout.layoutAttributesForItem(at: anchor) else { return out }
        let vertical =
            (layout as? FlowLayout)?.scrollDirection ?? (layout as? PhotosLayout)?.flow.scrollDirection
        let range = OffsetRange(contentSize: layout.collectionViewContentSize, size: s.size, inset: s.inset)
        let f = a.frame
        var offset = out.offset
        if vertical != .horizontal {
            offset.y = f.minY + fraction.y * f.height - center.y
        } else {
            offset.x = f.minX + fraction.x * f.width - center.x
        }
        out.offset = range.clamp(offset)
        return out
    }
}
