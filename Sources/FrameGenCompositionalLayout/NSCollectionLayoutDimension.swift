import Foundation
import FrameGenUIKit

/// One dimension of an item's, group's or supplementary's size: a fraction of its container's
/// width or height, a number of points, or an estimate (docs/uikit.md "Compositional layouts").
/// Immutable, as on iOS. The factory methods return the base class (iOS declares `Self`).
open class NSCollectionLayoutDimension: NSObject, NSCopying {
    package enum Kind {
        case fractionalWidth
        case fractionalHeight
        case absolute
        case estimated
    }

    package let kind: Kind
    public let dimension: CGFloat

    package init(_ kind: Kind, _ dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
        super.init()
    }

    /// A fraction of the container's width (1.0: all of it).
    open class func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalWidth, fractionalWidth)
    }

    /// A fraction of the container's height.
    open class func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalHeight, fractionalHeight)
    }

    /// A fixed number of points.
    open class func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.absolute, absoluteDimension)
    }

    /// A first guess in points that the view's own size replaces on iOS; framegen lays the
    /// element out at the estimate (docs/uikit.md "Compositional layouts").
    open class func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.estimated, estimatedDimension)
    }

    open var isFractionalWidth: Bool { kind == .fractionalWidth }
    open var isFractionalHeight: Bool { kind == .fractionalHeight }
    open var isAbsolute: Bool { kind == .absolute }
    open var isEstimated: Bool { kind == .estimated }

    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The dimension in points inside a container of `container`'s size.
    func resolved(in container: CGSize) -> CGFloat {
        switch kind {
        case .fractionalWidth: return dimension * container.width
        case .fractionalHeight: return dimension * container.height
        case .absolute, .estimated: return dimension
        }
    }

    open override var description: String {
        let name: String
        switch kind {
        case .fractionalWidth: name = "fractionalWidth"
        case .fractionalHeight: name = "fractionalHeight"
        case .absolute: name = "absolute"
        case .estimated: name = "estimated"
        }
        return "\(name)(\(dimension))"
    }
}

/// The width and height of an element of a compositional layout.
open class NSCollectionLayoutSize: NSObject, NSCopying {
    public let widthDimension: NSCollectionLayoutDimension
    public let heightDimension: NSCollectionLayoutDimension

    public init(
        widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension
    ) {
        widthDimension = width
        heightDimension = height
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The size in points inside a container of `container`'s size.
    func resolved(in container: CGSize) -> CGSize {
        CGSize(width: widthDimension.resolved(in: container), height: heightDimension.resolved(in: container))
    }
}

/// Space between items: exactly `spacing` points (fixed), or at least `spacing` points with the
/// group's leftover space shared among the flexible spacings (flexible).
open class NSCollectionLayoutSpacing: NSObject, NSCopying {
    public let spacing: CGFloat
    public let isFlexibleSpacing: Bool
    open var isFixedSpacing: Bool { !isFlexibleSpacing }

    package init(spacing: CGFloat, flexible: Bool) {
        self.spacing = spacing
        isFlexibleSpacing = flexible
        super.init()
    }

    open class func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing {
        NSCollectionLayoutSpacing(spacing: fixedSpacing, flexible: false)
    }

    open class func flexible(_ flexibleSpacing: CGFloat) -> NSCollectionLayoutSpacing {
        NSCollectionLayoutSpacing(spacing: flexibleSpacing, flexible: true)
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Space around an item inside its group, edge by edge (nil: none), laid out before the
/// group's inter-item spacing.
open class NSCollectionLayoutEdgeSpacing: NSObject, NSCopying {
    public let leading: NSCollectionLayoutSpacing?
    public let top: NSCollectionLayoutSpacing?
    public let trailing: NSCollectionLayoutSpacing?
    public let bottom: NSCollectionLayoutSpacing?

    public init(
        leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?,
        trailing: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?
    ) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Where a boundary supplementary item (a header or footer) sits on its section or layout.
public enum NSRectAlignment: Int, Sendable {
    case none
    case top
    case topLeading
    case leading
    case bottomLeading
    case bottom
    case bottomTrailing
    case trailing
    case topTrailing
}

/// Where a supplementary item is attached to its item: an edge, a corner (two edges) or the
/// centre (no edges), moved by an offset in points or in fractions of the supplementary's own
/// size.
open class NSCollectionLayoutAnchor: NSObject, NSCopying {
    public let edges: NSDirectionalRectEdge
    public let offset: CGPoint
    public let isFractionalOffset: Bool
    open var isAbsoluteOffset: Bool { !isFractionalOffset }

    package init(edges: NSDirectionalRectEdge, offset: CGPoint, fractional: Bool) {
        self.edges = edges
        self.offset = offset
        isFractionalOffset = fractional
        super.init()
    }

    public convenience init(edges: NSDirectionalRectEdge) {
        self.init(edges: edges, offset: .zero, fractional: false)
    }

    public convenience init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) {
        self.init(edges: edges, offset: absoluteOffset, fractional: false)
    }

    public convenience init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) {
        self.init(edges: edges, offset: fractionalOffset, fractional: true)
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The point of `rect` these edges name: a side's middle, a corner, or the centre.
    package func point(in rect: CGRect) -> CGPoint {
        let x: CGFloat =
            edges.contains(.leading) == edges.contains(.trailing)
            ? rect.midX : edges.contains(.leading) ? rect.minX : rect.maxX
        let y: CGFloat =
            edges.contains(.top) == edges.contains(.bottom)
            ? rect.midY : edges.contains(.top) ? rect.minY : rect.maxY
        return CGPoint(x: x, y: y)
    }

    /// The offset in points for a supplementary of `size`.
    package func points(for size: CGSize) -> CGPoint {
        isFractionalOffset ? CGPoint(x: offset.x * size.width, y: offset.y * size.height) : offset
    }
}
