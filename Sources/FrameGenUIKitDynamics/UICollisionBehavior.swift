import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit

import struct FrameGenRaster.Path

/// What a collision behaviour's items collide with: each other, its boundaries, or both.
public struct UICollisionBehaviorMode: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let items = UICollisionBehaviorMode(rawValue: 1 << 0)
    public static let boundaries = UICollisionBehaviorMode(rawValue: 1 << 1)
    public static let everything = UICollisionBehaviorMode(rawValue: .max)
}

/// Keeps items from overlapping each other and from crossing boundaries: the reference
/// bounds (`translatesReferenceBoundsIntoBoundary`), line segments, and the edges of paths.
/// Items collide as their bounds, rectangles about their centres that do not turn (UIKit's
/// `.rectangle`); `elasticity` and `friction` of a `UIDynamicItemBehavior` shape the bounce and
/// the slide (docs/uikit.md "UIKit Dynamics").
open class UICollisionBehavior: UIDynamicBehavior {
    public private(set) var items: [UIDynamicItem]
    open var collisionMode = UICollisionBehaviorMode.everything { willSet { changing() } }
    open var translatesReferenceBoundsIntoBoundary = false { willSet { changing() } }
    /// Inside the reference bounds by this much, when they are a boundary.
    private var referenceInsets = UIEdgeInsets.zero
    private var boundaries: [(identifier: AnyHashable, path: UIBezierPath)] = []

    public init(items: [UIDynamicItem]) {
        self.items = items
        super.init()
    }

    open func addItem(_ item: UIDynamicItem) { add(item, to: &items) }

    open func removeItem(_ item: UIDynamicItem) { remove(item, from: &items) }

    /// The reference bounds, inset by `insets`, become a boundary.
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        changing()
        referenceInsets = insets
        translatesReferenceBoundsIntoBoundary = true
    }

    /// A boundary along the path's edges (curves followed within a hundredth of a point); a closed
    /// subpath's closing edge counts, an open one's does not.
    open func addBoundary(withIdentifier identifier: any NSCopying, for bezierPath: UIBezierPath) {
        changing()
        let key = Self.key(identifier)
        boundaries.removeAll { $0.identifier == key }
        boundaries.append((key, bezierPath.copy() as? UIBezierPath ?? bezierPath))
    }

    open func addBoundary(withIdentifier identifier: any NSCopying, from p1: CGPoint, to p2: CGPoint) {
        let path = UIBezierPath()
        path.move(to: p1)
        path.addLine(to: p2)
        addBoundary(withIdentifier: identifier, for: path)
    }

    open func boundary(withIdentifier identifier: any NSCopying) -> UIBezierPath? {
        let key = Self.key(identifier)
        return boundaries.first { $0.identifier == key }?.path
    }

    open func removeBoundary(withIdentifier identifier: any NSCopying) {
        changing()
        let key = Self.key(identifier)
        boundaries.removeAll { $0.identifier == key }
    }

    open func removeAllBoundaries() {
        changing()
        boundaries.removeAll()
    }

    open var boundaryIdentifiers: [any NSCopying]? {
        boundaries.isEmpty ? nil : boundaries.compactMap { $0.identifier.base as? any NSCopying }
    }

    private static func key(_ identifier: any NSCopying) -> AnyHashable {
        (identifier as? AnyHashable) ?? AnyHashable(ObjectIdentifier(identifier as AnyObject))
    }

    override var dynamicItems: [UIDynamicItem] { items }

    /// The boundaries as segments, in the animator's coordinates.
    func segments(reference: CGRect) -> [DynamicsWorld.Segment] {
        var out: [DynamicsWorld.Segment] = []
        if translatesReferenceBoundsIntoBoundary {
            let r = reference.inset(by: referenceInsets)
            let corners = [
                SIMD2(Double(r.minX), Double(r.minY)), SIMD2(Double(r.maxX), Double(r.minY)),
                SIMD2(Double(r.maxX), Double(r.maxY)), SIMD2(Double(r.minX), Double(r.maxY)),
            ]
            for k in 0..<4 { out.append(.init(a: corners[k], b: corners[(k + 1) % 4])) }
        }
        for (_, path) in boundaries {
            for (points, closed) in Self.polylines(path.cgPath) {
                for k in points.indices.dropLast() { out.append(.init(a: points[k], b: points[k + 1])) }
                if closed, points.count > 2 { out.append(.init(a: points[points.count - 1], b: points[0])) }
            }
        }
        return out
    }

    /// Each subpath as points, curves flattened by FrameGenRaster's path, and whether it was closed.
    private static func polylines(_ path: CGPath) -> [([SIMD2<Double>], Bool)] {
        var out: [([SIMD2<Double>], Bool)] = []
        var subpath: [Path.Element] = []
        var closed = false
        func finish() {
            if subpath.count > 1, let points = Path(elements: subpath).flattened().first {
                out.append((points, closed))
            }
            subpath = []
            closed = false
        }
        func at(_ p: CGPoint) -> SIMD2<Double> { SIMD2(Double(p.x), Double(p.y)) }
        for step in path.steps {
            switch step {
            case .move(let p):
                finish()
                subpath = [.move(at(p))]
            case .line(let p): subpath.append(.line(at(p)))
            case .quadCurve(let p, let c): subpath.append(.quadCurve(at(p), control: at(c)))
            case .curve(let p, let c1, let c2):
                subpath.append(.curve(at(p), control1: at(c1), control2: at(c2)))
            case .close: closed = true
            }
        }
        finish()
        return out
    }

    /// Passes over the contacts per step: a stack's impulses reach from the floor to its top
    /// over several passes (sequential impulses, as Box2D's velocity iterations).
    package static let passes = 10

    override func collide(_ world: inout DynamicsWorld, before: DynamicsWorld.State) {
        let indices = items.compactMap { world.index[ObjectIdentifier($0)] }
        let segments = collisionMode.contains(.boundaries) ? segments(reference: world.referenceBounds) : []
        for pass in 0..<Self.passes {
            let first = pass == 0
            for i in indices {
                for s in segments { world.resolve(i, against: s, before: before, recording: first) }
            }
            guard collisionMode.contains(.items) else { continue }
            for (n, i) in indices.enumerated() {
                for j in indices[(n + 1)...] { world.resolve(i, j, recording: first) }
            }
        }
    }
}
