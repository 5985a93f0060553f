import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit

/// What a dynamic animator moves: a view, or a collection view's layout attributes
/// (docs/uikit.md "UIKit Dynamics").
public protocol UIDynamicItem: AnyObject {
    var center: CGPoint { get set }
    var bounds: CGRect { get }
    var transform: CGAffineTransform { get set }
}

extension UICollectionViewLayoutAttributes: UIDynamicItem {}
extension UIView: UIDynamicItem {}

/// The base of UIKit's behaviours: children, an action run at every step, the animator it is in.
open class UIDynamicBehavior: NSObject {
    public override init() { super.init() }

    /// The behaviours added with `addChildBehavior(_:)`; they act while this one is in an animator.
    open private(set) var childBehaviors: [UIDynamicBehavior] = []
    /// Runs after every step of the simulation, with the clock at the step's end.
    open var action: (() -> Void)?
    /// The animator this behaviour (or its parent) was added to.
    open internal(set) weak var dynamicAnimator: UIDynamicAnimator?

    open func addChildBehavior(_ behavior: UIDynamicBehavior) {
        guard !childBehaviors.contains(where: { $0 === behavior }) else { return }
        dynamicAnimator?.willChange()
        childBehaviors.append(behavior)
        if let animator = dynamicAnimator { behavior.moved(to: animator) }
    }

    open func removeChildBehavior(_ behavior: UIDynamicBehavior) {
        dynamicAnimator?.willChange()
        childBehaviors.removeAll { $0 === behavior }
        behavior.moved(to: nil)
    }

    /// Called when the behaviour is added to an animator (nil: removed from it).
    open func willMove(to dynamicAnimator: UIDynamicAnimator?) {}

    package func moved(to animator: UIDynamicAnimator?) {
        willMove(to: animator)
        dynamicAnimator = animator
        for child in childBehaviors { child.moved(to: animator) }
    }

    /// The items this behaviour moves (its children's are theirs).
    var dynamicItems: [UIDynamicItem] { [] }

    /// Adds this behaviour's accelerations (points per second squared) for the bodies' state.
    func accelerate(_ world: inout DynamicsWorld.Forces) {}

    /// After a step (from `before`): keeps the items out of each other and the boundaries.
    func collide(_ world: inout DynamicsWorld, before: DynamicsWorld.State) {}

    /// A property changed: the simulation up to now keeps the old value.
    func changing() { dynamicAnimator?.willChange() }

    /// `addItem(_:)` of a behaviour that keeps a list of items (UIKit's item, gravity,
    /// collision and push behaviours): the change is a change of the simulation.
    package func add(_ item: UIDynamicItem, to items: inout [UIDynamicItem]) {
        changing()
        items.append(item)
        dynamicAnimator?.track(item)
    }

    package func remove(_ item: UIDynamicItem, from items: inout [UIDynamicItem]) {
        changing()
        items.removeAll { $0 === item }
    }
}

/// A spring or rod between an item and an anchor point, or between two items.
///
/// `frequency` (hertz) and `damping` (the damping ratio: 1 is critical) make a spring, as in
/// Box2D's distance joint, on which UIKit Dynamics is built: an item of any mass tied to an
/// anchor oscillates at `frequency`. A `frequency` of 0 (the default) is a rod of `length`
/// (docs/uikit.md "UIKit Dynamics" says how framegen approximates it).
open class UIAttachmentBehavior: UIDynamicBehavior {
    public enum AttachmentType: Int, Sendable { case items, anchor }

    open private(set) var attachedBehaviorType: AttachmentType
    public let items: [UIDynamicItem]
    /// Where the attachment holds each item, from its centre (the force acts on the centre:
    /// framegen's items do not rotate).
    let offsets: [UIOffset]

    open var anchorPoint: CGPoint { willSet { changing() } }
    /// The distance the attachment holds; the initialisers set it to the distance at creation.
    open var length: CGFloat { willSet { changing() } }
    open var damping: CGFloat = 0 { willSet { changing() } }
    open var frequency: CGFloat = 0 { willSet { changing() } }
    /// Accepted: framegen's items do not rotate.
    open var frictionTorque: CGFloat = 0
    /// Accepted: framegen's attachments are springs or rods.
    open var attachmentRange = UIFloatRange.infinite

    public convenience init(item: UIDynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    public init(item: UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint) {
        attachedBehaviorType = .anchor
        items = [item]
        offsets = [offset]
        anchorPoint = point
        length = hypot(item.center.x - point.x, item.center.y - point.y)
        super.init()
    }

    public convenience init(item item1: UIDynamicItem, attachedTo item2: UIDynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    public init(
        item item1: UIDynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: UIDynamicItem,
        offsetFromCenter offset2: UIOffset
    ) {
        attachedBehaviorType = .items
        items = [item1, item2]
        offsets = [offset1, offset2]
        anchorPoint = .zero
        length = hypot(item1.center.x - item2.center.x, item1.center.y - item2.center.y)
        super.init()
    }

    override var dynamicItems: [UIDynamicItem] { items }

    override func accelerate(_ world: inout DynamicsWorld.Forces) {
        // A rod is a stiff, critically damped spring: ten times the steps' Nyquist margin.
        let (f, zeta) = frequency > 0 ? (Double(frequency), Double(damping)) : (DynamicsWorld.rodFrequency, 1)
        let omega = 2 * Double.pi * f
        if attachedBehaviorType == .anchor {
            world.spring(items[0], to: anchorPoint, length: Double(length), omega: omega, zeta: zeta)
        } else {
            world.spring(items[0], items[1], length: Double(length), omega: omega, zeta: zeta)
        }
    }
}

/// UIKit's range of a limit attachment.
public struct UIFloatRange: Equatable, Sendable {
    public var minimum: CGFloat
    public var maximum: CGFloat
    public init(minimum: CGFloat, maximum: CGFloat) {
        self.minimum = minimum
        self.maximum = maximum
    }
    public static let zero = UIFloatRange(minimum: 0, maximum: 0)
    public static let infinite = UIFloatRange(minimum: -.infinity, maximum: .infinity)
}

/// Properties of items shared by the behaviours: `resistance` (linear damping, per second),
/// `density` (mass is density times area), `elasticity` and `friction` (collisions),
/// `isAnchored`. `angularResistance`, `allowsRotation` and `charge` are accepted; framegen's
/// items do not rotate.
open class UIDynamicItemBehavior: UIDynamicBehavior {
    public private(set) var items: [UIDynamicItem]
    open var resistance: CGFloat = 0 { willSet { changing() } }
    open var density: CGFloat = 1 { willSet { changing() } }
    open var elasticity: CGFloat = 0 { willSet { changing() } }
    open var friction: CGFloat = 0 { willSet { changing() } }
    open var angularResistance: CGFloat = 0
    open var allowsRotation = true
    open var charge: CGFloat = 0
    open var isAnchored = false { willSet { changing() } }

    public init(items: [UIDynamicItem]) {
        self.items = items
        super.init()
    }

    open func addItem(_ item: UIDynamicItem) { add(item, to: &items) }

    open func removeItem(_ item: UIDynamicItem) { remove(item, from: &items) }

    /// Adds `velocity` (points per second) to the item's.
    open func addLinearVelocity(_ velocity: CGPoint, for item: UIDynamicItem) {
        dynamicAnimator?.addVelocity(velocity, to: item)
    }

    /// The item's velocity in points per second.
    open func linearVelocity(for item: UIDynamicItem) -> CGPoint {
        dynamicAnimator?.velocity(of: item) ?? .zero
    }

    override var dynamicItems: [UIDynamicItem] { items }

    override func accelerate(_ world: inout DynamicsWorld.Forces) {
        guard resistance > 0 else { return }
        for item in items { world.resist(item, rate: Double(resistance)) }
    }
}

/// A constant acceleration: `magnitude` 1 is 1000 points per second squared, as UIKit defines it.
open class UIGravityBehavior: UIDynamicBehavior {
    public private(set) var items: [UIDynamicItem]
    open var gravityDirection = CGVector(dx: 0, dy: 1) { willSet { changing() } }

    public init(items: [UIDynamicItem]) {
        self.items = items
        super.init()
    }

    open var magnitude: CGFloat {
        get { hypot(gravityDirection.dx, gravityDirection.dy) }
        set {
            let m = magnitude
            gravityDirection =
                m > 0
                ? CGVector(dx: gravityDirection.dx / m * newValue, dy: gravityDirection.dy / m * newValue)
                : CGVector(dx: 0, dy: newValue)
        }
    }

    open var angle: CGFloat {
        get { atan2(gravityDirection.dy, gravityDirection.dx) }
        set { gravityDirection = CGVector(dx: cos(newValue) * magnitude, dy: sin(newValue) * magnitude) }
    }

    open func addItem(_ item: UIDynamicItem) { add(item, to: &items) }

    open func removeItem(_ item: UIDynamicItem) { remove(item, from: &items) }

    override var dynamicItems: [UIDynamicItem] { items }

    override func accelerate(_ world: inout DynamicsWorld.Forces) {
        for item in items {
            world.push(item, x: Double(gravityDirection.dx) * 1000, y: Double(gravityDirection.dy) * 1000)
        }
    }
}

/// Pulls an item to a point with a critically damped spring whose `damping` (0...1, default
/// 0.5) slows it: framegen's choice where Apple documents only "the amount of oscillation".
open class UISnapBehavior: UIDynamicBehavior {
    package let item: UIDynamicItem
    open var snapPoint: CGPoint { willSet { changing() } }
    open var damping: CGFloat = 0.5 { willSet { changing() } }

    public init(item: UIDynamicItem, snapTo point: CGPoint) {
        self.item = item
        snapPoint = point
        super.init()
    }

    override var dynamicItems: [UIDynamicItem] { [item] }

    override func accelerate(_ world: inout DynamicsWorld.Forces) {
        // Stiffer when less damped: 2 Hz at damping 1, 4 Hz at 0; damping ratio 0.3...1.
        let d = Double(min(max(damping, 0), 1))
        let omega = 2 * Double.pi * (4 - 2 * d)
        world.spring(item, to: snapPoint, length: 0, omega: omega, zeta: 0.3 + 0.7 * d)
    }
}
