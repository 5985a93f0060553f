import FrameGenGeometry
import FrameGenLayout
import FrameGenMotion

/// One collection view at an instant between timeline actions: its layout value (which carries
/// the state of the layout's own animations), data, size, offset and parameters. A value:
/// the plan keeps one per view per action boundary and evaluation works on copies.
struct ViewState: Sendable {
    var layout: any CollectionViewLayout
    var parameters: [String: CustomValue]
    var dataSource: CollectionViewDataSource
    /// Where the view sits on the canvas; a rotation moves and resizes it.
    var frame: Rect
    /// The window's size, `UIScreen.main.bounds.size`: the views' first one, turned by a rotation
    /// from the rotation's start, as iOS reports the screen (CollectionViewState.screenSize).
    var window: Size
    var offset: Point
    /// The scene's inset, or what the layout asks for (`requestedContentInset`).
    var inset: EdgeInsets
    /// The stable identity of each item (its image index); survives inserts, deletes and moves.
    var identity: [IndexPath: Int]
    /// Where the sections that scroll on their own are scrolled to (CollectionViewState).
    var orthogonalOffsets: [Int: Double] = [:]

    var size: Size { frame.size }
    var bounds: Rect { Rect(origin: offset, size: size) }

    /// How the other views' layouts see this one at time t (CollectionViewState.peers).
    func peerState(view v: Int, data: SceneData, time: Double) -> PeerViewState {
        var prepared = layout
        prepared.prepare(
            data.state(
                view: v, bounds: bounds, window: window, time: time, dataSource: dataSource, inset: inset,
                orthogonalOffsets: orthogonalOffsets))
        return PeerViewState(
            name: data.scene.views[v].name, bounds: bounds, contentSize: prepared.collectionViewContentSize,
            contentInset: inset, published: prepared.publishedState)
    }
}

/// What the engine matches across an animation: an item by its identity, anything else by its
/// kind and index path.
enum ElementKey: Hashable, Sendable {
    case cell(Int)
    case other(ElementCategory, String, IndexPath)
}

extension LayoutAttributes {
    /// docs/design/motion.md §4.2: centre, size and alpha linearly, transform3D by decomposition (no
    /// full-turn spins), zIndex and the rest from the destination at once.
    func interpolated(to b: LayoutAttributes, progress p: Double) -> LayoutAttributes {
        var r = b
        r.center = Point(x: center.x + (b.center.x - center.x) * p, y: center.y + (b.center.y - center.y) * p)
        r.size = Size(
            width: size.width + (b.size.width - size.width) * p,
            height: size.height + (b.size.height - size.height) * p)
        r.transform3D = .interpolate(from: transform3D, to: b.transform3D, progress: p)
        r.alpha = alpha + (b.alpha - alpha) * p
        r.isHidden = p < 1 ? (isHidden && b.isHidden) : b.isHidden
        // The image offset and mask animate with the frame they describe (a mask rect that
        // jumped to its end value cut a resizing photo to a strip), and so do a layout's custom
        // numbers; a value only one end has, or of another kind, is the end's.
        guard p < 1 else { return r }
        r.imageOffset = Point(
            x: imageOffset.x + (b.imageOffset.x - imageOffset.x) * p,
            y: imageOffset.y + (b.imageOffset.y - imageOffset.y) * p)
        if let m = maskRect, let n = b.maskRect { r.maskRect = m.interpolated(to: n, progress: p) }
        for (key, to) in b.custom {
            switch (custom[key], to) {
            case (.number(let x)?, .number(let y)):
                r.custom[key] = .number(x + (y - x) * p)
            case (.numbers(let x)?, .numbers(let y)) where x.count == y.count:
                r.custom[key] = .numbers(zip(x, y).map { $0 + ($1 - $0) * p })
            default:
                break
            }
        }
        return r
    }
}

extension Rect {
    /// Origin and size each linearly, as Core Animation animates a frame or bounds.
    func interpolated(to b: Rect, progress p: Double) -> Rect {
        Rect(
            x: minX + (b.minX - minX) * p, y: minY + (b.minY - minY) * p,
            width: width + (b.width - width) * p, height: height + (b.height - height) * p)
    }
}

/// Valid content offsets (docs/design/motion.md §3.1): from -inset to contentSize - size + inset.
struct OffsetRange: Sendable {
    var minX: Double, maxX: Double, minY: Double, maxY: Double

    init(contentSize: Size, size: Size, inset: EdgeInsets) {
        minX = -inset.left
        minY = -inset.top
        maxX = max(minX, contentSize.width - size.width + inset.right)
        maxY = max(minY, contentSize.height - size.height + inset.bottom)
    }

    func clamp(_ p: Point) -> Point {
        Point(x: min(max(p.x, minX), maxX), y: min(max(p.y, minY), maxY))
    }
}
