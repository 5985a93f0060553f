import Foundation

/// How a preview of a view looks while a context menu or a drag animates it, as UIKit's
/// (iOS 13): the part of the view shown, its shadow and what is behind it. Kept: framegen
/// draws no previews (docs/uikit.md "What is there").
open class UIPreviewParameters: NSObject, NSCopying {
    /// The part of the view shown, in its coordinates; nil: all of it. Copied when set, as
    /// UIKit's `copy` property is.
    open var visiblePath: UIBezierPath? {
        get { storedVisiblePath }
        set { storedVisiblePath = newValue.map(copied) }
    }

    /// The outline of the preview's shadow (iOS 14); nil: `visiblePath`'s. Copied when set.
    open var shadowPath: UIBezierPath? {
        get { storedShadowPath }
        set { storedShadowPath = newValue.map(copied) }
    }

    /// What is drawn behind the view; nil sets it back to the default. UIKit's header names no
    /// default colour: framegen's is `.systemBackground`, the page behind a preview of a cell.
    open var backgroundColor: UIColor! {
        get { storedBackgroundColor }
        set { storedBackgroundColor = newValue ?? .systemBackground }
    }

    private var storedVisiblePath: UIBezierPath?
    private var storedShadowPath: UIBezierPath?
    private var storedBackgroundColor: UIColor = .systemBackground

    public override init() {
        super.init()
    }

    /// Parameters that show only the given lines of text (`NSValue(cgRect:)`s, in the view's
    /// coordinates): `visiblePath` outlines them, each a rounded rectangle; none shows the
    /// whole view, as UIKit's header says.
    public convenience init(textLineRects: [NSValue]) {
        self.init()
        guard !textLineRects.isEmpty else { return }
        let path = UIBezierPath()
        for value in textLineRects {
            let rect = value.cgRectValue
            path.append(UIBezierPath(roundedRect: rect, cornerRadius: min(rect.height / 4, 4)))
        }
        storedVisiblePath = path
    }

    /// A copy of the same class (framegen's two; a subclass of an app's copies as its UIKit
    /// superclass).
    open func copy(with zone: NSZone?) -> Any {
        let copy = self is UIDragPreviewParameters ? UIDragPreviewParameters() : UIPreviewParameters()
        copy.storedVisiblePath = storedVisiblePath.map(copied)
        copy.storedShadowPath = storedShadowPath.map(copied)
        copy.storedBackgroundColor = storedBackgroundColor
        return copy
    }

    private func copied(_ path: UIBezierPath) -> UIBezierPath {
        let copy = UIBezierPath(cgPath: path.cgPath)
        copy.usesEvenOddFillRule = path.usesEvenOddFillRule
        return copy
    }
}

/// The parameters of a drag's previews (iOS 11).
open class UIDragPreviewParameters: UIPreviewParameters {}

/// Where a preview comes from or goes to: a point in a container view, and a transform on the
/// way, as UIKit's.
open class UIPreviewTarget: NSObject, NSCopying {
    public let container: UIView
    /// In `container`'s coordinates.
    public let center: CGPoint
    public let transform: CGAffineTransform

    public init(container: UIView, center: CGPoint, transform: CGAffineTransform) {
        self.container = container
        self.center = center
        self.transform = transform
        super.init()
    }

    public convenience init(container: UIView, center: CGPoint) {
        self.init(container: container, center: center, transform: .identity)
    }

    open func copy(with zone: NSZone?) -> Any {
        self is UIDragPreviewTarget
            ? UIDragPreviewTarget(container: container, center: center, transform: transform)
            : UIPreviewTarget(container: container, center: center, transform: transform)
    }
}

/// The target of a drag's preview (iOS 11).
open class UIDragPreviewTarget: UIPreviewTarget {}

/// A view as a context menu or a drag animates it: the view, how it looks (`parameters`) and
/// where it goes (`target`), as UIKit's (iOS 13). The preview shows the view live and does not
/// change or move it. Kept: framegen draws no previews.
open class UITargetedPreview: NSObject, NSCopying {
    public let view: UIView
    /// A copy of the parameters given.
    public let parameters: UIPreviewParameters
    public let target: UIPreviewTarget

    /// The view need not be in a window.
    public init(view: UIView, parameters: UIPreviewParameters, target: UIPreviewTarget) {
        self.view = view
        self.parameters = parameters.copy() as! UIPreviewParameters
        self.target = target
        super.init()
    }

    /// The target is where the view is now: its superview, centre and transform. The view must
    /// be in a window, as on iOS, where a view out of one is UIKit's exception (which ends the
    /// program here too).
    public convenience init(view: UIView, parameters: UIPreviewParameters) {
        guard view.window != nil, let container = view.superview else {
            UIKitException.terminate(
                UIKitException.line(
                    "UIPreviewTarget requires that the container view is in a window, but it is not. (container: \(view.superview.map { "\($0)" } ?? "nil"))",
                    during: UIKitException.currentCall))
        }
        self.init(
            view: view, parameters: parameters,
            target: UIPreviewTarget(container: container, center: view.center, transform: view.transform))
    }

    /// With default parameters; the view must be in a window.
    public convenience init(view: UIView) {
        self.init(view: view, parameters: UIPreviewParameters())
    }

    /// The size of what is shown: the visible path's bounds, else the view's bounds.
    open var size: CGSize {
        parameters.visiblePath?.bounds.size ?? view.bounds.size
    }

    /// The same view and parameters going to `newTarget`, a drag's preview for a drag's.
    open func retargetedPreview(with newTarget: UIPreviewTarget) -> UITargetedPreview {
        self is UITargetedDragPreview
            ? UITargetedDragPreview(view: view, parameters: parameters, target: newTarget)
            : UITargetedPreview(view: view, parameters: parameters, target: newTarget)
    }

    open func copy(with zone: NSZone?) -> Any { retargetedPreview(with: target) }
}

/// A drag item's preview as it lifts, drops or goes back (iOS 11).
open class UITargetedDragPreview: UITargetedPreview {
    open func retargetedPreview(with newTarget: UIDragPreviewTarget) -> UITargetedDragPreview {
        UITargetedDragPreview(view: view, parameters: parameters, target: newTarget)
    }
}

/// What a drag item looks like under the finger once the drag has begun (iOS 11). framegen
/// starts no drag, so none is shown.
open class UIDragPreview: NSObject, NSCopying {
    public let view: UIView
    /// A copy of the parameters given.
    public let parameters: UIDragPreviewParameters

    public init(view: UIView, parameters: UIDragPreviewParameters) {
        self.view = view
        self.parameters = parameters.copy() as! UIDragPreviewParameters
        super.init()
    }

    public convenience init(view: UIView) {
        self.init(view: view, parameters: UIDragPreviewParameters())
    }

    open func copy(with zone: NSZone?) -> Any { UIDragPreview(view: view, parameters: parameters) }
}

extension NSValue {
    /// UIKit's boxing of geometry (UIGeometry.h), as the arrays of rectangles some of its
    /// initialisers take (`UIPreviewParameters(textLineRects:)`).
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    public convenience init(cgSize size: CGSize) { self.init(size: size) }

    public var cgRectValue: CGRect { rectValue }
    public var cgPointValue: CGPoint { pointValue }
    public var cgSizeValue: CGSize { sizeValue }
}
