import Foundation
import FrameGenQuartzCore

import struct Foundation.IndexPath  // over Layout's (Exports.swift)

/// UIKit's layout between two layouts (iOS 7), which `startInteractiveTransition(to:completion:)`
/// installs: each element's attributes are its attributes in `currentLayout` and `nextLayout`
/// interpolated at `transitionProgress` (centre, size, alpha and transform linearly); an element
/// only one layout has fades out of the current layout or into the next one. A subclass may
/// override the queries and read its own values (`updateValue(_:forAnimatedKey:)`).
open class UICollectionViewTransitionLayout: UICollectionViewLayout {
    open private(set) var currentLayout: UICollectionViewLayout
    open private(set) var nextLayout: UICollectionViewLayout

    /// From 0 (the current layout) to 1 (the next); setting it invalidates the layout, so the
    /// collection view asks for the attributes again at its next layout pass.
    open var transitionProgress: CGFloat = 0 {
        didSet { invalidateLayout() }
    }

    private var animatedValues: [String: CGFloat] = [:]

    public init(currentLayout: UICollectionViewLayout, nextLayout newLayout: UICollectionViewLayout) {
        self.currentLayout = currentLayout
        self.nextLayout = newLayout
        super.init()
    }

    /// Layouts built in a storyboard on iOS; framegen never decodes one.
    public required init?(coder: NSCoder) { nil }

    /// Kept for the app's own layout code; UIKit records a timestamp with each to pace the end
    /// of the transition, which framegen does not animate.
    open func updateValue(_ value: CGFloat, forAnimatedKey key: String) { animatedValues[key] = value }

    /// The last value set for `key`, 0 if none.
    open func value(forAnimatedKey key: String) -> CGFloat { animatedValues[key] ?? 0 }

    /// Prepares the two layouts, each in the collection view this one is installed in.
    open override func prepare() {
        super.prepare()
        for layout in [currentLayout, nextLayout] {
            if layout.installedView == nil { layout.transitionView = collectionView }
            if layout.needsPrepare {
                layout.needsPrepare = false
                layout.prepare()
            }
        }
    }

    open override var collectionViewContentSize: CGSize {
        let (a, b) = (currentLayout.collectionViewContentSize, nextLayout.collectionViewContentSize)
        return CGSize(width: lerp(a.width, b.width), height: lerp(a.height, b.height))
    }

    /// Every element of both layouts (each asked for the whole of its content), interpolated,
    /// whose frame at this progress meets `rect`.
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        func all(_ layout: UICollectionViewLayout) -> [UICollectionViewLayoutAttributes] {
            let content = CGRect(origin: .zero, size: layout.collectionViewContentSize)
            return layout.layoutAttributesForElements(in: content.union(rect)) ?? []
        }
        let from = all(currentLayout)
        let to = all(nextLayout)
        var next: [ElementKey: UICollectionViewLayoutAttributes] = [:]
        for a in to { next[ElementKey(a)] = a }
        var out: [UICollectionViewLayoutAttributes] = []
        for a in from { out.append(interpolated(a, next.removeValue(forKey: ElementKey(a)))) }
        for a in to where next[ElementKey(a)] != nil { out.append(interpolated(nil, a)) }
        return out.filter { $0.frame.intersects(rect) }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        interpolated(
            currentLayout.layoutAttributesForItem(at: indexPath),
            nextLayout.layoutAttributesForItem(at: indexPath))
    }

    open override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    {
        interpolated(
            currentLayout.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath),
            nextLayout.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath))
    }

    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        interpolated(
            currentLayout.layoutAttributesForDecorationView(ofKind: elementKind, at: indexPath),
            nextLayout.layoutAttributesForDecorationView(ofKind: elementKind, at: indexPath))
    }

    // MARK: Interpolation

    /// An element across both layouts: its category, kind and index path.
    private struct ElementKey: Hashable {
        let category: UInt
        let kind: String?
        let indexPath: IndexPath

        init(_ a: UICollectionViewLayoutAttributes) {
            category = a.representedElementCategory.rawValue
            kind = a.representedElementKind
            indexPath = a.indexPath
        }
    }

    private func lerp(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * transitionProgress }

    private static var transformFields: [WritableKeyPath<CATransform3D, CGFloat>] {
        [
            \.m11, \.m12, \.m13, \.m14, \.m21, \.m22, \.m23, \.m24,
            \.m31, \.m32, \.m33, \.m34, \.m41, \.m42, \.m43, \.m44,
        ]
    }

    /// A copy of `from` (or of `to` when the current layout has no such element) moved
    /// `transitionProgress` of the way to `to`; an element of one layout only keeps its place
    /// and fades, out of the current layout or into the next.
    private func interpolated(
        _ from: UICollectionViewLayoutAttributes?, _ to: UICollectionViewLayoutAttributes?
    ) -> UICollectionViewLayoutAttributes! {
        guard let base = from ?? to else { return nil }
        let out = base.copy() as! UICollectionViewLayoutAttributes
        guard let from, let to else {
            out.alpha = base.alpha * (from == nil ? transitionProgress : 1 - transitionProgress)
            return out
        }
        out.size = CGSize(
            width: lerp(from.size.width, to.size.width), height: lerp(from.size.height, to.size.height))
        out.center = CGPoint(x: lerp(from.center.x, to.center.x), y: lerp(from.center.y, to.center.y))
        out.alpha = lerp(from.alpha, to.alpha)
        var transform = from.transform3D
        for field in Self.transformFields {
            transform[keyPath: field] = lerp(from.transform3D[keyPath: field], to.transform3D[keyPath: field])
        }
        out.transform3D = transform
        // Not interpolable: the next layout's from halfway.
        if transitionProgress >= 0.5 {
            out.zIndex = to.zIndex
            out.isHidden = to.isHidden
        }
        return out
    }
}
