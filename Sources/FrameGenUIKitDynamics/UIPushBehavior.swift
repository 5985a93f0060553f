import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit

/// A force on items: `.continuous` pushes at every step, `.instantaneous` changes their velocity
/// once. Magnitude 1 accelerates a 100 x 100 point item of density 1 by 100 points per second
/// squared, as UIKit defines it; a heavier item less (docs/uikit.md "UIKit Dynamics").
open class UIPushBehavior: UIDynamicBehavior {
    public enum Mode: Int, Sendable { case continuous, instantaneous }

    /// The mass UIKit's unit refers to: 100 x 100 points at density 1.
    static let unitMass = 10_000.0
    /// Points per second squared (or, instantaneous, per second) that magnitude 1 gives it.
    static let unitAcceleration = 100.0

    public private(set) var items: [UIDynamicItem]
    open private(set) var mode: Mode
    /// Whether the force acts; an instantaneous push acts once, when it becomes active in an
    /// animator, then reads inactive.
    open var active: Bool {
        get { isActive }
        set {
            changing()
            isActive = newValue
            if newValue { dynamicAnimator?.applyInstantaneous(self) }
        }
    }
    package var isActive = true
    /// Radians, in UIKit's coordinates (y down): 0 pushes right, π/2 down.
    open var angle: CGFloat = 0 { willSet { changing() } }
    open var magnitude: CGFloat = 0 { willSet { changing() } }
    private var offsets: [ObjectIdentifier: UIOffset] = [:]

    public init(items: [UIDynamicItem], mode: Mode) {
        self.items = items
        self.mode = mode
        super.init()
    }

    /// The force as x and y components; setting it sets `angle` and `magnitude`.
    open var pushDirection: CGVector {
        get { CGVector(dx: cos(angle) * magnitude, dy: sin(angle) * magnitude) }
        set {
            let m = hypot(newValue.dx, newValue.dy)
            changing()
            magnitude = m
            if m > 0 { angle = atan2(newValue.dy, newValue.dx) }
        }
    }

    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        self.angle = angle
        self.magnitude = magnitude
    }

    open func addItem(_ item: UIDynamicItem) { add(item, to: &items) }

    open func removeItem(_ item: UIDynamicItem) { remove(item, from: &items) }

    /// Accepted: the force acts on the centre (framegen's items do not rotate).
    open func setTargetOffsetFromCenter(_ o: UIOffset, for item: UIDynamicItem) {
        offsets[ObjectIdentifier(item)] = o
    }

    open func targetOffsetFromCenter(for item: UIDynamicItem) -> UIOffset {
        offsets[ObjectIdentifier(item)] ?? .zero
    }

    override var dynamicItems: [UIDynamicItem] { items }

    /// The push on an item of `mass`: points per second squared, or per second when instantaneous.
    func push(mass: Double) -> (x: Double, y: Double) {
        let scale = Double(magnitude) * Self.unitAcceleration * Self.unitMass / mass
        return (Double(cos(angle)) * scale, Double(sin(angle)) * scale)
    }

    override func accelerate(_ world: inout DynamicsWorld.Forces) {
        guard mode == .continuous, isActive, magnitude != 0 else { return }
        for item in items { world.pushByForce(item, self) }
    }

    package override func moved(to animator: UIDynamicAnimator?) {
        super.moved(to: animator)
        if isActive { animator?.applyInstantaneous(self) }
    }
}
