import Foundation
import FrameGenCoreGraphics
import FrameGenLayout

/// Core Animation's layer: geometry, appearance and a tree of sublayers. A reference type, not
/// Sendable: like UIKit's, it belongs to the one thread that drives it (framegen renders from one
/// thread at a time). framegen has no separate presentation tree: changes take effect at once
/// (animations are framegen's timeline), so `presentation()` and `model()` are the layer itself.
///
/// Defaults are Apple's documented ones. `frame` and the coordinate conversions are in
/// CALayer+Geometry.swift.
open class CALayer: NSObject, CAMediaTiming {
    // MARK: Geometry

    /// Setting a new size marks the layer as needing layout, as Core Animation does, and as
    /// needing display when `needsDisplayOnBoundsChange` is set.
    open var bounds: CGRect = .zero {
        didSet {
            guard bounds.size != oldValue.size else { return }
            setNeedsLayout()
            if needsDisplayOnBoundsChange { setNeedsDisplay() }
        }
    }
    /// Where the anchor point lies in the superlayer's coordinates. Default (0, 0).
    open var position: CGPoint = .zero
    open var zPosition: CGFloat = 0
    /// In the unit square of the bounds; default (0.5, 0.5), the centre.
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    open var anchorPointZ: CGFloat = 0
    /// Applies about the anchor point.
    open var transform: CATransform3D = CATransform3DIdentity
    /// Applies to the sublayers, about this layer's anchor point.
    open var sublayerTransform: CATransform3D = CATransform3DIdentity

    /// Position and size in the superlayer's coordinates: the bounding box of the transformed
    /// bounds (the transform about the anchor point, then the move to `position`), as Apple
    /// derives it from bounds, anchorPoint, position and transform. The superlayer's
    /// sublayerTransform is not part of it. When a corner lands behind the eye (w <= 0 under a
    /// perspective transform) there is no bounding box and framegen returns CGRect.infinite.
    ///
    /// Setting it sets bounds.size and position. Apple documents the result only for transforms
    /// without rotation other than multiples of 90 degrees; framegen's rule, exact for those and
    /// for scales and translations: bounds.size is the new size mapped back through the inverse
    /// of the affine part (a bounding box), and position puts the anchor point at the same place
    /// in the new frame less the transform's translation. A non-affine or non-invertible
    /// transform is ignored (as if it were the identity).
    open var frame: CGRect {
        get { derivedFrame }
        set { setDerivedFrame(newValue) }
    }

    /// The transform's 2D part (CATransform3DGetAffineTransform of `transform`).
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }

    open func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    /// Whether `p`, in the layer's coordinates, is inside its bounds.
    open func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }

    /// `p` from `l`'s coordinates to this layer's, through every transform and sublayerTransform
    /// up to the layers' root; nil is the root's coordinates. framegen's choices where Apple is
    /// silent: layers in different trees share their roots' coordinates, as views in one window
    /// do; a point with no image (this layer seen edge-on) comes back as NaN.
    open func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        CALayer.convert(p, from: l, to: self)
    }

    /// `p` from this layer's coordinates to `l`'s (nil: the root's).
    open func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint { CALayer.convert(p, from: self, to: l) }

    /// The bounding box of `r`'s converted corners.
    open func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
        CGRect(boundingBoxOf: r.corners.map { convert($0, from: l) })
    }

    /// The bounding box of `r`'s converted corners.
    open func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        CGRect(boundingBoxOf: r.corners.map { convert($0, to: l) })
    }

    // MARK: Appearance

    open var isHidden = false
    open var isDoubleSided = true
    open var masksToBounds = false
    open var mask: CALayer?
    open var opacity: Float = 1
    open var isOpaque = false
    open var backgroundColor: CGColor?
    open var cornerRadius: CGFloat = 0
    /// All four corners by default.
    open var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    /// `.circular` unless set, as Apple documents it. Whether it was set matters to
    /// `render(in:)`: as iOS 18 (`UIDevice.current.systemVersion`), a layer that leaves it
    /// unset is drawn there with continuous corners, as an app built with that SDK is
    /// (docs/uikit.md "Which iOS"). The screen keeps quarter circles.
    open var cornerCurve: CALayerCornerCurve {
        get { explicitCornerCurve ?? .circular }
        set { explicitCornerCurve = newValue }
    }
    /// The curve the app set, nil while it has set none.
    package private(set) var explicitCornerCurve: CALayerCornerCurve?
    open var borderWidth: CGFloat = 0
    /// Opaque black by default.
    open var borderColor: CGColor? = CGColor.black
    /// Opaque black by default.
    open var shadowColor: CGColor? = CGColor.black
    /// 0 by default: no shadow is drawn until it is raised.
    open var shadowOpacity: Float = 0
    /// (0, -3) by default: Core Animation's Mac origin, which puts the shadow above the layer on
    /// iOS.
    open var shadowOffset = CGSize(width: 0, height: -3)
    open var shadowRadius: CGFloat = 3
    /// The shadow's shape; nil (the default) takes it from the layer's content and bounds.
    open var shadowPath: CGPath?
    /// A CGImage, as on iOS, placed by `contentsGravity` at `contentsScale`; UIImageView puts its
    /// UIImage here.
    open var contents: Any?
    open var contentsGravity: CALayerContentsGravity = .resize
    open var contentsScale: CGFloat = 1
    open var allowsEdgeAntialiasing = false
    open var shouldRasterize = false
    open var rasterizationScale: CGFloat = 1
    /// How contents are sampled when shrunk and enlarged: kept; framegen samples every layer's
    /// contents as an image view's (linear, with mip levels when shrunk).
    open var minificationFilter: CALayerContentsFilter = .linear
    open var magnificationFilter: CALayerContentsFilter = .linear
    open var minificationFilterBias: Float = 0
    open var name: String?
    /// The layer's actions by key (`["bounds": NSNull()]` turns an implicit animation off):
    /// kept, not run, as framegen runs no implicit animations (CATransaction).
    open var actions: [String: any CAAction]?

    open func action(forKey event: String) -> (any CAAction)? { actions?[event] }

    /// The keys of the view animations running on the layer now (`UIView.animate` adds one per
    /// property it animates, named by the property, as UIKit does), then those of the
    /// `CAAnimation`s added to it; nil when there are none, as on iOS.
    open func animationKeys() -> [String]? {
        let keys = (LayerAnimator.current?.animatingKeys(of: self) ?? []) + added.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Stops the view animations running on the layer (it shows its model values from now) and
    /// removes the `CAAnimation`s added to it.
    open func removeAllAnimations() {
        LayerAnimator.current?.stopAnimations(of: self)
        added.removeAll()
    }

    /// The `CAAnimation`s added, each a copy, kept and not played (CAAnimation.swift): the layer
    /// draws its model values, as `render(in:)` does on iOS.
    private var added: [(key: String?, animation: CAAnimation)] = []

    /// Adds a copy of `anim`, replacing the one of the same key.
    open func add(_ anim: CAAnimation, forKey key: String?) {
        if let key { added.removeAll { $0.key == key } }
        added.append((key, anim.copy() as? CAAnimation ?? anim))
    }

    open func animation(forKey key: String) -> CAAnimation? { added.last { $0.key == key }?.animation }

    open func removeAnimation(forKey key: String) { added.removeAll { $0.key == key } }

    // MARK: Timing (CAMediaTiming), kept; `convertTime` follows them

    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed

    /// `t` in `layer`'s local time (nil: the media time, `CACurrentMediaTime()`) as this layer's
    /// local time. Each layer's time is its parent's moved to `beginTime`, scaled by `speed` and
    /// moved by `timeOffset`, as Core Animation's: a layer paused with `speed = 0` and a
    /// `timeOffset` reads that offset, whatever the time.
    open func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        localTime(fromMediaTime: layer?.mediaTime(fromLocalTime: t) ?? t)
    }

    /// This layer's local time `t` in `layer`'s local time (nil: the media time).
    open func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let media = mediaTime(fromLocalTime: t)
        return layer?.localTime(fromMediaTime: media) ?? media
    }

    private func localTime(fromMediaTime t: CFTimeInterval) -> CFTimeInterval {
        let parent = superlayer?.localTime(fromMediaTime: t) ?? t
        return (parent - beginTime) * Double(speed) + timeOffset
    }

    /// A paused layer's (speed 0) every local time comes from any media time; the media time
    /// given back is its `beginTime` then.
    private func mediaTime(fromLocalTime t: CFTimeInterval) -> CFTimeInterval {
        let parent = speed == 0 ? beginTime : (t - timeOffset) / Double(speed) + beginTime
        return superlayer?.mediaTime(fromLocalTime: parent) ?? parent
    }

    /// The object that lays the layer out and provides its contents; a view for its own layer.
    open weak var delegate: (any CALayerDelegate)?

    // MARK: Tree

    private var children: [CALayer] = []

    /// The layer this one is a sublayer of.
    open private(set) weak var superlayer: CALayer?

    /// In drawing order, back to front; nil when there are none (framegen's choice: Apple starts
    /// with nil and does not document the value after the last sublayer is removed). Setting it
    /// removes the old sublayers and takes each new one from its current superlayer.
    open var sublayers: [CALayer]? {
        get { children.isEmpty ? nil : children }
        set {
            for layer in children { layer.superlayer = nil }
            children = []
            for layer in newValue ?? [] { insert(layer, at: children.count) }
        }
    }

    open func addSublayer(_ layer: CALayer) { insert(layer, at: children.count) }

    /// Inserts at `idx` among the sublayers; an index past the end traps, as it raises on iOS.
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        precondition(Int(idx) <= children.count, "insertSublayer(_:at:): index \(idx) out of range")
        insert(layer, at: Int(idx))
    }

    /// Below `sibling`, or at the back when `sibling` is nil or not a sublayer.
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insert(layer, before: sibling, orAt: 0)
    }

    /// Above `sibling`, or at the front when `sibling` is nil or not a sublayer.
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insert(layer, after: sibling)
    }

    /// Puts `newLayer` where `oldLayer` was; nothing happens when `oldLayer` is not a sublayer.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer.superlayer === self, oldLayer !== newLayer else { return }
        newLayer.removeFromSuperlayer()
        let index = children.firstIndex { $0 === oldLayer }!
        oldLayer.removeFromSuperlayer()
        insert(newLayer, at: index)
    }

    open func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.children.removeAll { $0 === self }
        superlayer = nil
        parent.setNeedsLayout()
    }

    /// Moves `layer` to `index` (counted after `layer` has left its old place).
    package func insert(_ layer: CALayer, at index: Int) {
        precondition(layer !== self && !isDescendant(of: layer), "a layer cannot contain itself")
        layer.removeFromSuperlayer()
        children.insert(layer, at: Swift.min(index, children.count))
        layer.superlayer = self
        setNeedsLayout()
    }

    package func insert(_ layer: CALayer, before sibling: CALayer?, orAt fallback: Int) {
        guard let sibling, sibling !== layer, sibling.superlayer === self else {
            insert(layer, at: fallback)
            return
        }
        layer.removeFromSuperlayer()
        insert(layer, at: children.firstIndex { $0 === sibling }!)
    }

    package func insert(_ layer: CALayer, after sibling: CALayer?) {
        guard let sibling, sibling !== layer, sibling.superlayer === self else {
            insert(layer, at: children.count)
            return
        }
        layer.removeFromSuperlayer()
        insert(layer, at: children.firstIndex { $0 === sibling }! + 1)
    }

    package func isDescendant(of ancestor: CALayer) -> Bool {
        var layer = superlayer
        while let current = layer {
            if current === ancestor { return true }
            layer = current.superlayer
        }
        return false
    }

    // MARK: Layout and display

    /// A new layer needs layout, so that its first layoutIfNeeded() lays it out (framegen's
    /// choice; Apple does not document the initial state).
    private var layoutPending = true
    private var displayPending = false

    open func setNeedsLayout() { layoutPending = true }

    open func needsLayout() -> Bool { layoutPending }

    /// Lays out the tree below the topmost ancestor that needs layout, each layer that needs it
    /// before its sublayers, as Apple documents.
    open func layoutIfNeeded() {
        var root = self
        while let parent = root.superlayer, parent.layoutPending { root = parent }
        root.layoutTree()
    }

    private func layoutTree() {
        if layoutPending {
            layoutPending = false
            layoutSublayers()
        }
        for layer in children { layer.layoutTree() }
    }

    /// Asks the delegate (a view's layoutSubviews) by default.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// Marks the layer for `display()`, which runs before the layer is next drawn (as Core
    /// Animation's transaction runs it), or at `displayIfNeeded()`.
    open func setNeedsDisplay() { displayPending = true }

    /// The whole layer is drawn again, as Core Animation may.
    open func setNeedsDisplay(_ r: CGRect) { setNeedsDisplay() }

    open func needsDisplay() -> Bool { displayPending }

    open func displayIfNeeded() {
        if displayPending { display() }
    }

    /// Whether a change of `key` needs display; Core Animation's default is false. Asked when a
    /// layer's dynamic property (`@NSManaged`, which the port makes a `LayerDynamicProperty`)
    /// changes; framegen's own properties do not ask it.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// The value a property of the class has until it is set, which a subclass answers for its
    /// own `@NSManaged` ones (LayerDynamicProperty asks): nil here, Core Animation's answer for
    /// a key it does not define (its answers for its own properties are not given).
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Whether a change of the bounds' size marks the layer as needing display. False by
    /// default, as on iOS.
    open var needsDisplayOnBoundsChange = false
    /// Kept: framegen records every drawing as it is made.
    open var drawsAsynchronously = false

    /// Asks the delegate for contents, then records `draw(in:)` as the layer's drawing, as Core
    /// Animation's default fills the backing store by `draw(in:)`.
    open func display() {
        displayPending = false
        delegate?.display(self)
        delegate?.layerWillDraw(self)
        recordedDrawing = recordDrawing().flatMap { $0.parts.isEmpty ? nil : $0 }
    }

    /// Draws nothing itself: asks the delegate by default. A subclass draws here, in its
    /// bounds' coordinates with the origin at the top left, as on iOS.
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// What `draw(in:)` painted at the last `display()`; nil when it painted nothing. Drawn
    /// stretched to the bounds when their size has changed since, as a backing store is.
    package private(set) var recordedDrawing: LayerSnapshot.Drawing?

    /// `draw(in:)` into a recording context of the bounds' size (no parts when nothing was
    /// painted); nil for empty bounds.
    package func recordDrawing() -> LayerSnapshot.Drawing? {
        let b = bounds
        guard b.width > 0, b.height > 0, b.width.isFinite, b.height.isFinite else { return nil }
        let context = CGContext(boundsOrigin: b.origin)
        draw(in: context)
        return LayerSnapshot.Drawing(size: b.size.geometry, parts: context.recorded)
    }

    // MARK: Life cycle

    /// framegen's, not Apple's: a new layer of this class made by `init()`, for a view whose
    /// `layerClass` it is (`CALayer.backingLayer(of:for:)` says why). The port writes the
    /// override into each of an app's layer classes that has `init()`; nil where none did.
    open class func makeByClass() -> CALayer? { nil }

    public override init() { super.init() }

    /// A copy of `layer`'s properties, not its sublayers (Core Animation's shadow copies).
    /// Subclasses copy their own fields after calling it, as on iOS.
    public init(layer: Any) {
        super.init()
        guard let other = layer as? CALayer else { return }
        bounds = other.bounds
        position = other.position
        zPosition = other.zPosition
        anchorPoint = other.anchorPoint
        anchorPointZ = other.anchorPointZ
        transform = other.transform
        sublayerTransform = other.sublayerTransform
        isHidden = other.isHidden
        isDoubleSided = other.isDoubleSided
        masksToBounds = other.masksToBounds
        mask = other.mask
        opacity = other.opacity
        isOpaque = other.isOpaque
        backgroundColor = other.backgroundColor
        cornerRadius = other.cornerRadius
        maskedCorners = other.maskedCorners
        explicitCornerCurve = other.explicitCornerCurve
        borderWidth = other.borderWidth
        borderColor = other.borderColor
        shadowColor = other.shadowColor
        shadowOpacity = other.shadowOpacity
        shadowOffset = other.shadowOffset
        shadowRadius = other.shadowRadius
        shadowPath = other.shadowPath
        contents = other.contents
        contentsGravity = other.contentsGravity
        contentsScale = other.contentsScale
        allowsEdgeAntialiasing = other.allowsEdgeAntialiasing
        shouldRasterize = other.shouldRasterize
        rasterizationScale = other.rasterizationScale
        minificationFilter = other.minificationFilter
        magnificationFilter = other.magnificationFilter
        minificationFilterBias = other.minificationFilterBias
        name = other.name
        takeTiming(from: other)
    }

    /// framegen reads no archives (there are no nibs or storyboards), so decoding always fails.
    public required init?(coder: NSCoder) { return nil }

    /// The layer itself: framegen has no separate presentation tree.
    open func presentation() -> Self? { self }

    open func model() -> Self { self }
}
