// PENDING: replaced by the uikit-values branch's UIView and UIEdgeInsets at merge.
import Foundation

open class UIView: NSObject {
    open var bounds: CGRect
    open var center: CGPoint
    public init(frame: CGRect) {
        bounds = CGRect(origin: .zero, size: frame.size)
        center = CGPoint(x: frame.midX, y: frame.midY)
        super.init()
    }
    open var frame: CGRect {
        get {
            CGRect(
                x: center.x - bounds.width / 2, y: center.y - bounds.height / 2, width: bounds.width,
                height: bounds.height)
        }
        set {
            bounds.size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }
}

public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
