import FrameGenGeometry

/// What kind of view an attributes value describes (UICollectionView.ElementCategory).
public enum ElementCategory: String, Hashable, Sendable {
    case cell
    case supplementaryView
    case decorationView
}

/// The element kinds the built-in layouts use (UICollectionView.elementKindSectionHeader and
/// friends); scene and attribute files name supplementary styling by these strings.
public enum ElementKind {
    public static let sectionHeader = "header"
    public static let sectionFooter = "footer"
    /// The album layout's title below each stack.
    public static let title = "title"
    /// The album layout's emblem decoration above the content.
    public static let emblem = "emblem"
}

/// Names of `LayoutAttributes.custom` entries a built-in layout writes. They are informational:
/// what the renderer draws from is a typed field (`imageOffset`, `maskRect`).
public enum CustomAttributeKey {
    /// number: the page's distance from the centre in pages (PhotosApp's parallaxValue).
    public static let parallax = "parallax"
}

/// A layout-specific value: carried next to the UIKit fields (a parallax ratio, an inner image
/// offset, a mask rect) and written to attribute files under `"custom"`, published to the other
/// views (`PublishedStateKey`), or a layout parameter as a scene file gives it (scene key
/// `layout:`). JSON-friendly on purpose. `description` writes it as a scene file would.
public enum CustomValue: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case numbers([Double])
    case bool(Bool)
    case string(String)

    public var description: String {
        switch self {
        case .number(let v): return CustomValue.format(v)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return "\"\(s)\""
        case .numbers(let v): return "[" + v.map(CustomValue.format).joined(separator: ", ") + "]"
        }
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() && Swift.abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }

    public var number: Double? {
        if case .number(let v) = self { return v }
        return nil
    }

    public var numbers: [Double]? {
        if case .numbers(let v) = self { return v }
        return nil
    }
}

/// UICollectionViewLayoutAttributes as a value: where one element stands and how it looks.
///
/// `center` and `size` are primary; `frame` is derived from them and, as in UIKit, ignores the
/// transform. The transform applies about the element's centre. UIKit keeps a single 4x4 matrix,
/// so setting `transform` replaces `transform3D` and the reverse. `alpha` is clamped to 0...1
/// on every write, as UIKit clamps it.
public struct LayoutAttributes: Hashable, Sendable, CustomStringConvertible {
    public var representedElementCategory: ElementCategory
    /// nil for cells; the supplementary or decoration kind otherwise.
    public var representedElementKind: String?
    public var indexPath: IndexPath
    public var center: Point
    public var size: Size
    public var transform3D: Transform3D
    public var zIndex: Int
    public var isHidden: Bool
    /// What a supplementary view shows (a section title); `text` in attribute files.
    public var text: String?
    /// Where the element's image sits relative to the element, in points, before clipping: the
    /// inner image view a parallax pager slides (PhotosApp). `custom.imageOffset` in files.
    public var imageOffset: Point
    /// Only this part of the element, in its own coordinates, is drawn (a layer mask on the
    /// image: the preview's aspect-fit photo); nil draws all of it. `custom.maskRect` in files.
    public var maskRect: Rect?
    /// Layout-specific extras, documented by the layout that writes them; informational.
    public var custom: [String: CustomValue]
    private var storedAlpha: Double

    public init(
        category: ElementCategory = .cell, kind: String? = nil, indexPath: IndexPath,
        frame: Rect = .zero
    ) {
        representedElementCategory = category
        representedElementKind = kind
        self.indexPath = indexPath
        center = frame.center
        size = frame.size
        transform3D = .identity
        zIndex = 0
        isHidden = false
        text = nil
        imageOffset = .zero
        maskRect = nil
        custom = [:]
        storedAlpha = 1
    }

    /// UICollectionViewLayoutAttributes(forCellWith:).
    public static func cell(_ indexPath: IndexPath, frame: Rect = .zero) -> LayoutAttributes {
        LayoutAttributes(category: .cell, indexPath: indexPath, frame: frame)
    }

    /// UICollectionViewLayoutAttributes(forSupplementaryViewOfKind:with:).
    public static func supplementaryView(
        ofKind kind: String, _ indexPath: IndexPath, frame: Rect = .zero
    ) -> LayoutAttributes {
        LayoutAttributes(category: .supplementaryView, kind: kind, indexPath: indexPath, frame: frame)
    }

    /// UICollectionViewLayoutAttributes(forDecorationViewOfKind:with:).
    public static func decorationView(
        ofKind kind: String, _ indexPath: IndexPath, frame: Rect = .zero
    ) -> LayoutAttributes {
        LayoutAttributes(category: .decorationView, kind: kind, indexPath: indexPath, frame: frame)
    }

    /// The untransformed frame, centred on `center` (setting it moves the centre and resizes).
    public var frame: Rect {
        get { Rect(center: center, size: size) }
        set {
            center = newValue.center
            size = newValue.size
        }
    }

    /// The element's own coordinate space: origin zero, its size.
    public var bounds: Rect {
        get { Rect(origin: .zero, size: size) }
        set { size = newValue.size }
    }

    /// The affine view of `transform3D` (CATransform3DGetAffineTransform); writing it replaces
    /// the 3D matrix with CATransform3DMakeAffineTransform of the value.
    public var transform: AffineTransform {
        get { transform3D.affineTransform }
        set { transform3D = Transform3D(newValue) }
    }

    public var alpha: Double {
        get { storedAlpha }
        set { storedAlpha = newValue.isNaN ? 0 : Swift.min(Swift.max(newValue, 0), 1) }
    }

    /// Where a point given in the element's own coordinates (origin top left) lands in content
    /// coordinates after the transform about the centre, with the perspective divide.
    public func transformedPoint(_ p: Point) -> Point {
        let local = Point(x: p.x - size.width / 2, y: p.y - size.height / 2)
        let q = transform3D.project(local)
        return Point(x: center.x + q.x, y: center.y + q.y)
    }

    public var description: String {
        let kind = representedElementKind.map { " \($0)" } ?? ""
        return "\(representedElementCategory)\(kind) \(indexPath) frame \(frame) z \(zIndex) alpha \(alpha)"
    }
}
