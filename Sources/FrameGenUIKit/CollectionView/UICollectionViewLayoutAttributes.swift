import Foundation
import FrameGenCoreGraphics
import FrameGenGeometry
import FrameGenLayout
import FrameGenQuartzCore

import struct Foundation.IndexPath  // over Layout's (Exports.swift)

/// UIKit's layout attributes object: where one element of a collection view stands and how it
/// looks. A reference type, as on iOS; its fields are framegen's `LayoutAttributes` value, so
/// centre and size are primary, `frame` ignores the transform, `transform` and `transform3D`
/// are one matrix, and `alpha` is clamped to 0...1 (docs/uikit.md "Attributes").
///
/// Subclasses add stored properties and override `copy(with:)` and `isEqual(_:)` as on iOS;
/// framegen makes instances of a layout's `layoutAttributesClass` with `init()`.
open class UICollectionViewLayoutAttributes: NSObject, NSCopying {
    /// framegen's value behind the object (internal: Layout's names would collide with
    /// Foundation's in a user's file).
    package var value: LayoutAttributes

    public required override init() {
        value = LayoutAttributes(indexPath: FrameGenLayout.IndexPath(section: 0, item: 0))
        super.init()
    }

    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        value.representedElementCategory = .cell
        self.indexPath = indexPath
    }

    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        value.representedElementCategory = .supplementaryView
        value.representedElementKind = elementKind
        self.indexPath = indexPath
    }

    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        value.representedElementCategory = .decorationView
        value.representedElementKind = decorationViewKind
        self.indexPath = indexPath
    }

    /// An object of `cls` (a layout's `layoutAttributesClass`) holding `value`.
    package static func make(_ cls: UICollectionViewLayoutAttributes.Type, _ value: LayoutAttributes)
        -> UICollectionViewLayoutAttributes
    {
        let object = cls.init()
        object.value = value
        return object
    }

    open var frame: CGRect {
        get { CGRect(value.frame) }
        set { value.frame = newValue.geometry }
    }

    open var bounds: CGRect {
        get { CGRect(value.bounds) }
        set { value.bounds = newValue.geometry }
    }

    open var center: CGPoint {
        get { CGPoint(value.center) }
        set { value.center = newValue.geometry }
    }

    open var size: CGSize {
        get { CGSize(value.size) }
        set { value.size = newValue.geometry }
    }

    open var transform3D: CATransform3D {
        get { CATransform3D(value.transform3D) }
        set { value.transform3D = newValue.geometry }
    }

    open var transform: CGAffineTransform {
        get { CGAffineTransform(value.transform) }
        set { value.transform = newValue.geometry }
    }

    open var alpha: CGFloat {
        get { CGFloat(value.alpha) }
        set { value.alpha = Double(newValue) }
    }

    open var zIndex: Int {
        get { value.zIndex }
        set { value.zIndex = newValue }
    }

    open var isHidden: Bool {
        get { value.isHidden }
        set { value.isHidden = newValue }
    }

    open var indexPath: IndexPath {
        get { IndexPath(item: value.indexPath.item, section: value.indexPath.section) }
        set { value.indexPath = FrameGenLayout.IndexPath(newValue) }
    }

    open var representedElementCategory: UICollectionView.ElementCategory {
        switch value.representedElementCategory {
        case .cell: return .cell
        case .supplementaryView: return .supplementaryView
        case .decorationView: return .decorationView
        }
    }

    open var representedElementKind: String? { value.representedElementKind }

    /// A new object of the same class with the same base fields. Subclasses with fields of their
    /// own override this, call super and copy theirs, as on iOS.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.value = value
        return copy
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes, type(of: other) == type(of: self)
        else { return false }
        return other.value == value
    }

    open override var hash: Int { value.indexPath.hashValue }

    open override var description: String {
        "<\(type(of: self)): index path: (\(indexPath)); frame = \(frame); zIndex = \(zIndex); alpha = \(alpha)>"
    }
}
