/// The order Core Animation paints a layer's sublayers in once one of them leaves the layer's
/// plane (docs/design/rendering.md §4): it sorts them by depth in the layer's 3D space, and where
/// two cross it cuts one along the other's plane and interleaves the pieces, as a binary space
/// partition does (Chromium's compositor, which draws the same model, builds one the same way:
/// the first polygon's plane splits the rest, in the order given). Siblings that are all parallel
/// to the screen keep the order given, which is ascending zPosition with ties in sublayer order.
public enum DepthSort {
    /// The part of sibling `index` kept by every one of `cuts` (none: the whole sibling).
    public struct Piece: Equatable, Sendable {
        public var index: Int
        public var cuts: [Cut]

        public init(index: Int, cuts: [Cut] = []) {
            self.index = index
            self.cuts = cuts
        }
    }

    /// A plane that cut a sibling, as the line it makes in the sibling's own points:
    /// `line.x · u + line.y · v + line.z` is positive on the plane's front side wherever the point
    /// is in front of the eye. The piece is the side where it is ≥ 0 (`keepsFront`) or < 0, so
    /// that the two pieces of a cut share no point and leave none out.
    public struct Cut: Equatable, Sendable {
        public var line: SIMD3<Double>
        public var keepsFront: Bool

        public init(line: SIMD3<Double>, keepsFront: Bool) {
            self.line = line
            self.keepsFront = keepsFront
        }

        public func keeps(_ value: Double) -> Bool { keepsFront ? value >= 0 : value < 0 }
    }

    /// The sorted order, and for each sibling a point of its own (u, v) that is in front of the
    /// eye and inside it (nil when no part of it is), from which a drawing can tell which sign
    /// the map from the screen back to the sibling gives.
    public struct Order: Equatable, Sendable {
        public var pieces: [Piece]
        public var interiors: [SIMD2<Double>?]
    }

    /// Distances below this many points count as on a plane.
    static let onPlane = 1e-6
    /// A normal whose x and y are both below this (it is of unit length) faces the screen.
    static let facesScreen = 1e-9
    /// Beyond this many cuts, a sibling that crosses a plane is placed whole on the side of its
    /// centroid: each cut costs one more drawing of the sibling, and planes crossing each other
    /// at random could otherwise cut them into a number of pieces that grows as the square.
    static let cutLimit = 256
    /// The near plane, as the compositor clips at it (docs/design/rendering.md §5).
    static let nearW = 1e-5

    /// `maps[i]` takes sibling i's own points `[u, v, 0, 1]` (within `sizes[i]`) into the space
    /// the siblings are sorted in, whose viewer looks along −z (a larger z is nearer). Nil when
    /// every sibling that shows lies in a plane parallel to the screen: then the order given
    /// stands, as Core Animation's depth sort leaves it.
    public static func order(maps: [Transform3D], sizes: [Size]) -> Order? {
        precondition(maps.count == sizes.count, "one size a map")
        var polygons: [Polygon] = []
        var planes: [Plane?] = []
        var interiors: [SIMD2<Double>?] = []
        var leavesTheScreenPlane = false
        for (i, m) in maps.enumerated() {
            let (points, local) = clippedOutline(m, sizes[i])
            let plane = Plane(points)
            if let p = plane, abs(p.normal.x) > facesScreen || abs(p.normal.y) > facesScreen {
                leavesTheScreenPlane = true
            }
            planes.append(plane)
            interiors.append(local.isEmpty ? nil : local.reduce(.zero, +) / Double(local.count))
            polygons.append(Polygon(index: i, points: points))
        }
        guard leavesTheScreenPlane else { return nil }
        var tree = Tree(planes: planes, maps: maps)
        tree.build(polygons)
        return Order(pieces: tree.backToFront(), interiors: interiors)
    }

    /// The sibling's rectangle in the sorting space, clipped at the near plane before the divide,
    /// and the same vertices in its own points.
    static func clippedOutline(_ m: Transform3D, _ size: Size) -> ([SIMD3<Double>], [SIMD2<Double>]) {
        let corners = [
            SIMD2(0, 0), SIMD2(size.width, 0), SIMD2(size.width, size.height), SIMD2(0, size.height),
        ]
        func homogeneous(_ p: SIMD2<Double>) -> SIMD4<Double> {
            SIMD4(
                p.x * m.m11 + p.y * m.m21 + m.m41, p.x * m.m12 + p.y * m.m22 + m.m42,
                p.x * m.m13 + p.y * m.m23 + m.m43, p.x * m.m14 + p.y * m.m24 + m.m44)
        }
        var points: [SIMD3<Double>] = []
        var local: [SIMD2<Double>] = []
        func keep(_ q: SIMD4<Double>, _ l: SIMD2<Double>) {
            let p = SIMD3(q.x, q.y, q.z) / q.w
            guard p.x.isFinite, p.y.isFinite, p.z.isFinite else { return }
            points.append(p)
            local.append(l)
        }
        for k in corners.indices {
            let (a, b) = (corners[k], corners[(k + 1) % corners.count])
            let (qa, qb) = (homogeneous(a), homogeneous(b))
            if qa.w >= nearW { keep(qa, a) }
            if (qa.w >= nearW) != (qb.w >= nearW) {
                let t = (nearW - qa.w) / (qb.w - qa.w)
                keep(qa + (qb - qa) * t, a + (b - a) * t)
            }
        }
        return (points, local)
    }

    struct Plane {
        /// Of unit length.
        var normal: SIMD3<Double>
        var offset: Double

        /// Newell's normal of the outline; nil when it encloses no area.
        init?(_ points: [SIMD3<Double>]) {
            guard points.count >= 3 else { return nil }
            var n = SIMD3<Double>.zero
            for k in points.indices {
                let (a, b) = (points[k], points[(k + 1) % points.count])
                n += SIMD3((a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y))
            }
            let length = (n * n).sum().squareRoot()
            guard length > 1e-12, length.isFinite else { return nil }
            normal = n / length
            let centroid = points.reduce(.zero, +) / Double(points.count)
            offset = (normal * centroid).sum()
        }

        func distance(_ p: SIMD3<Double>) -> Double { (normal * p).sum() - offset }
    }

    struct Polygon {
        var index: Int
        var points: [SIMD3<Double>]
        var cuts: [Cut] = []
    }

    struct Tree {
        struct Node {
            var plane: Plane?
            /// In the plane (or with no area), in the order given.
            var coplanar: [Polygon]
            var back: Int?
            var front: Int?
        }

        let planes: [Plane?]
        let maps: [Transform3D]
        var nodes: [Node] = []
        var cutsMade = 0

        init(planes: [Plane?], maps: [Transform3D]) {
            self.planes = planes
            self.maps = maps
        }

        /// Without recursion, so that a deep tree does not exhaust a worker thread's stack.
        mutating func build(_ polygons: [Polygon]) {
            var work: [(polygons: [Polygon], parent: Int?, isFront: Bool)] = [(polygons, nil, false)]
            while let (list, parent, isFront) = work.popLast() {
                let id = nodes.count
                let first = list.firstIndex { planes[$0.index] != nil }
                let splitter = first.flatMap { planes[list[$0].index] }
                var node = Node(plane: splitter, coplanar: [], back: nil, front: nil)
                var (back, front): ([Polygon], [Polygon]) = ([], [])
                if let plane = splitter {
                    for (k, polygon) in list.enumerated() {
                        // The splitter lies in its own plane whatever its rounding says, so
                        // that every node takes at least one polygon and the build ends.
                        if k == first {
                            node.coplanar.append(polygon)
                            continue
                        }
                        switch side(of: polygon, plane) {
                        case .on: node.coplanar.append(polygon)
                        case .back: back.append(polygon)
                        case .front: front.append(polygon)
                        case .across(let b, let f):
                            back.append(b)
                            front.append(f)
                        }
                    }
                } else {
                    node.coplanar = list
                }
                nodes.append(node)
                if let parent {
                    if isFront { nodes[parent].front = id } else { nodes[parent].back = id }
                }
                if !back.isEmpty { work.append((back, id, false)) }
                if !front.isEmpty { work.append((front, id, true)) }
            }
        }

        enum Side {
            case on, back, front
            case across(back: Polygon, front: Polygon)
        }

        mutating func side(of polygon: Polygon, _ plane: Plane) -> Side {
            let d = polygon.points.map(plane.distance)
            guard d.allSatisfy(\.isFinite) else { return .on }
            let (lo, hi) = (d.min() ?? 0, d.max() ?? 0)
            if lo >= -onPlane, hi <= onPlane { return .on }
            if lo >= -onPlane { return .front }
            if hi <= onPlane { return .back }
            guard cutsMade < cutLimit else { return d.reduce(0, +) >= 0 ? .front : .back }
            cutsMade += 1
            var (b, f) = (polygon, polygon)
            (b.points, f.points) = ([], [])
            for k in d.indices {
                let k1 = (k + 1) % d.count
                let (p, dp, dq) = (polygon.points[k], d[k], d[k1])
                if dp >= -onPlane { f.points.append(p) }
                if dp <= onPlane { b.points.append(p) }
                if (dp > onPlane && dq < -onPlane) || (dp < -onPlane && dq > onPlane) {
                    let x = p + (polygon.points[k1] - p) * (dp / (dp - dq))
                    f.points.append(x)
                    b.points.append(x)
                }
            }
            let line = self.line(plane, in: maps[polygon.index])
            b.cuts.append(Cut(line: line, keepsFront: false))
            f.cuts.append(Cut(line: line, keepsFront: true))
            return .across(back: b, front: f)
        }

        /// The plane in a sibling's own points: with `[X Y Z W] = [u v 0 1] · m`, the point is
        /// on the front side when `normal · (X, Y, Z) − offset · W` has the sign of W, which is
        /// positive in front of the eye; the expression is linear in u and v.
        func line(_ plane: Plane, in m: Transform3D) -> SIMD3<Double> {
            let n = plane.normal
            let d = plane.offset
            return SIMD3(
                n.x * m.m11 + n.y * m.m12 + n.z * m.m13 - d * m.m14,
                n.x * m.m21 + n.y * m.m22 + n.z * m.m23 - d * m.m24,
                n.x * m.m41 + n.y * m.m42 + n.z * m.m43 - d * m.m44)
        }

        /// Painter's order for a viewer at +z: at each node, the side away from the viewer,
        /// then the node's plane, then the side toward it.
        func backToFront() -> [Piece] {
            enum Step {
                case visit(Int)
                case paint(Int)
            }
            var out: [Piece] = []
            var steps: [Step] = nodes.isEmpty ? [] : [.visit(0)]
            while let step = steps.popLast() {
                switch step {
                case .paint(let id):
                    out += nodes[id].coplanar.map { Piece(index: $0.index, cuts: $0.cuts) }
                case .visit(let id):
                    let node = nodes[id]
                    let frontIsNearer = (node.plane?.normal.z ?? 0) >= 0
                    let (far, near) = frontIsNearer ? (node.back, node.front) : (node.front, node.back)
                    if let near { steps.append(.visit(near)) }
                    steps.append(.paint(id))
                    if let far { steps.append(.visit(far)) }
                }
            }
            return out
        }
    }
}
