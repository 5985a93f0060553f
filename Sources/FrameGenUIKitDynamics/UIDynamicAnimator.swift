import Foundation
import FrameGenQuartzCore
import FrameGenUIKit

/// Told when an animator's simulation comes to rest and when it starts again.
public protocol UIDynamicAnimatorDelegate: AnyObject {
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}

extension UIDynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {}
    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {}
}

/// UIKit Dynamics' engine: moves the items of its behaviours on the scene's clock
/// (docs/uikit.md "UIKit Dynamics").
///
/// The simulation advances lazily, in fixed steps of `DynamicsWorld.step` on a grid of the
/// clock, to `CACurrentMediaTime()` whenever code reaches the animator or its behaviours, and
/// at every instant framegen evaluates (through a display link, as UIKit's animator ticks with
/// the screen). framegen replays the same history for every frame, so the state at an instant
/// depends only on the scene. Outside a collection view framegen drives there is no clock and
/// the items stay where they are.
open class UIDynamicAnimator: NSObject {
    open private(set) var referenceView: UIView?
    /// The layout whose attributes it moves (`init(collectionViewLayout:)`).
    private weak var layout: UICollectionViewLayout?
    open private(set) var behaviors: [UIDynamicBehavior] = []
    open weak var delegate: UIDynamicAnimatorDelegate?
    /// Whether the simulation is moving something; false once everything is at rest.
    open private(set) var isRunning = false
    /// Seconds the simulation has run (the time spent at rest does not count).
    open private(set) var elapsedTime: TimeInterval = 0

    private var world = DynamicsWorld()
    /// The instant of `world`'s state on the scene's clock; nil before the first reading.
    private var time: Double?
    private var link: CADisplayLink?
    /// Inside a step's actions: a change there belongs to the step's instant.
    private var stepping = false
    /// Bumped on every change, for `restTime`'s cache.
    private var version = 0
    private var predicted: (version: Int, time: Double?)?

    public override init() { super.init() }

    public convenience init(referenceView view: UIView) {
        self.init()
        referenceView = view
    }

    public convenience init(collectionViewLayout layout: UICollectionViewLayout) {
        self.init()
        self.layout = layout
        layout.usesDynamics = true
    }

    /// The reference view's bounds, or the layout's content (its collection view's content
    /// size); `.zero` without either.
    open var referenceBounds: CGRect {
        if let referenceView { return referenceView.bounds }
        if let layout { return CGRect(origin: .zero, size: layout.collectionViewContentSize) }
        return .zero
    }

    open func addBehavior(_ behavior: UIDynamicBehavior) {
        guard !behaviors.contains(where: { $0 === behavior }) else { return }
        willChange()
        behaviors.append(behavior)
        behavior.moved(to: self)
        trackAll(behavior)
    }

    open func removeBehavior(_ behavior: UIDynamicBehavior) {
        guard behaviors.contains(where: { $0 === behavior }) else { return }
        willChange()
        behaviors.removeAll { $0 === behavior }
        behavior.moved(to: nil)
        forgetUnused()
    }

    open func removeAllBehaviors() {
        willChange()
        for b in behaviors { b.moved(to: nil) }
        behaviors = []
        forgetUnused()
    }

    /// The items of the behaviours whose frames meet `rect`, at the clock's instant.
    open func items(in rect: CGRect) -> [UIDynamicItem] {
        sync()
        return world.items.filter { item in
            let b = item.bounds
            let frame = CGRect(
                x: item.center.x - b.width / 2, y: item.center.y - b.height / 2, width: b.width,
                height: b.height)
            return frame.intersects(rect)
        }
    }

    /// Takes the item's centre as it is now (its velocity is kept), as after code moved it.
    open func updateItem(usingCurrentState item: UIDynamicItem) {
        let center = item.center
        willChange()
        guard let i = world.index[ObjectIdentifier(item)] else { return }
        world.state.x[i] = Double(center.x)
        world.state.y[i] = Double(center.y)
        item.center = center
    }

    open func layoutAttributesForCell(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    }

    open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        attributes {
            $0.representedElementCategory == .supplementaryView && $0.representedElementKind == kind
                && $0.indexPath == indexPath
        }
    }

    open func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        attributes {
            $0.representedElementCategory == .decorationView && $0.representedElementKind == kind
                && $0.indexPath == indexPath
        }
    }

    private func attributes(where match: (UICollectionViewLayoutAttributes) -> Bool)
        -> UICollectionViewLayoutAttributes?
    {
        guard layout != nil else { return nil }
        sync()
        return world.items.lazy.compactMap { $0 as? UICollectionViewLayoutAttributes }.first(where: match)
    }

    // MARK: The clock

    /// Brings the simulation to the clock's instant.
    private func sync(commit: Bool = false) {
        guard let clock = LayerAnimator.current else { return }
        if link == nil {
            // UIKit's animator ticks with the screen; framegen's display links fire at every
            // instant of the history and at the frame drawn.
            let tick = CADisplayLink { [weak self] link in self?.tick(at: link.timestamp) }
            link = tick
            tick.add(to: .main, forMode: .common)
            clock.restTimes.append { [weak self] in self?.restTime() }
        }
        advance(to: clock.now, commit: commit)
    }

    private func tick(at t: Double) {
        let moved = isRunning
        advance(to: t)
        // UIKit's animator invalidates its layout at every step it moves the items.
        if moved { layout?.invalidateLayout() }
    }

    /// Called before a behaviour, an item or the set of behaviours changes: the simulation up
    /// to now ran with what was there before.
    func willChange() {
        if !stepping { sync(commit: true) }
        version += 1
        if !isRunning, !behaviors.isEmpty || stepping {
            delegate?.dynamicAnimatorWillResume(self)
            isRunning = true
        }
    }

    func track(_ item: UIDynamicItem) {
        world.track(item)
        refreshMasses()
    }

    private func trackAll(_ behavior: UIDynamicBehavior) {
        for item in behavior.dynamicItems { world.track(item) }
        for child in behavior.childBehaviors { trackAll(child) }
        refreshMasses()
        if !isRunning {
            delegate?.dynamicAnimatorWillResume(self)
            isRunning = true
        }
    }

    private func allBehaviors() -> [UIDynamicBehavior] {
        var out: [UIDynamicBehavior] = []
        func add(_ b: UIDynamicBehavior) {
            out.append(b)
            b.childBehaviors.forEach(add)
        }
        behaviors.forEach(add)
        return out
    }

    private func forgetUnused() {
        let used = Set(allBehaviors().flatMap { $0.dynamicItems.map(ObjectIdentifier.init) })
        var kept = DynamicsWorld()
        for (i, item) in world.items.enumerated() where used.contains(ObjectIdentifier(item)) {
            kept.track(item)
            let j = kept.items.count - 1
            kept.state.vx[j] = world.state.vx[i]
            kept.state.vy[j] = world.state.vy[i]
            kept.state.x[j] = world.state.x[i]
            kept.state.y[j] = world.state.y[i]
        }
        world = kept
        refreshMasses()
    }

    private func refreshMasses() {
        for (i, item) in world.items.enumerated() {
            var density = 1.0
            var anchored = false
            var (elasticity, friction) = (0.0, 0.0)
            for case let b as UIDynamicItemBehavior in allBehaviors()
            where b.items.contains(where: { $0 === item }) {
                density = Double(b.density)
                anchored = anchored || b.isAnchored
                (elasticity, friction) = (Double(b.elasticity), Double(b.friction))
            }
            world.mass[i] = max(1, density * Double(item.bounds.width * item.bounds.height))
            world.anchored[i] = anchored
            world.half[i] = SIMD2(Double(item.bounds.width), Double(item.bounds.height)) / 2
            world.elasticity[i] = elasticity
            world.friction[i] = friction
        }
    }

    /// An instantaneous push that became active here: its items' velocities change now, by
    /// the push on their mass, and it reads inactive.
    func applyInstantaneous(_ push: UIPushBehavior) {
        guard push.mode == .instantaneous, push.isActive else { return }
        willChange()
        for item in push.items { world.track(item) }
        refreshMasses()
        for item in push.items {
            guard let i = world.index[ObjectIdentifier(item)], !world.anchored[i] else { continue }
            let dv = push.push(mass: world.mass[i])
            world.state.vx[i] += dv.x
            world.state.vy[i] += dv.y
        }
        push.isActive = false
    }

    func addVelocity(_ v: CGPoint, to item: UIDynamicItem) {
        willChange()
        guard let i = world.index[ObjectIdentifier(item)] else { return }
        world.state.vx[i] += Double(v.x)
        world.state.vy[i] += Double(v.y)
    }

    package func velocity(of item: UIDynamicItem) -> CGPoint {
        sync()
        guard let i = world.index[ObjectIdentifier(item)] else { return .zero }
        return CGPoint(x: world.state.vx[i], y: world.state.vy[i])
    }

    /// Moves the simulation to `t` in whole steps on the clock's grid of `DynamicsWorld.step`.
    /// What lies between the last grid point and `t` is computed on a copy and only written to
    /// the items, unless `commit` (a change comes at `t`): then the state takes that part of a
    /// step, and the next step ends on the grid again. So the state depends on the instants of
    /// the changes only, never on when code or framegen looked at the items.
    package func advance(to t: Double, commit: Bool = false) {
        guard let start = time else {
            time = t
            return
        }
        guard t >= start, !stepping else { return }
        stepping = true
        defer { stepping = false }
        world.referenceBounds = referenceBounds
        let h = DynamicsWorld.step
        let actions = allBehaviors().compactMap(\.action)
        var now = start
        while isRunning {
            var k = (now / h).rounded(.down)
            if (k + 1) * h <= now { k += 1 }
            let end = (k + 1) * h
            guard end <= t else { break }
            world.step(by: end - now, behaviors)
            elapsedTime += end - now
            now = end
            time = now
            version += 1
            if !actions.isEmpty {
                writeBack(world)
                for action in actions { action() }
            }
            if world.isAtRest(behaviors) {
                isRunning = false
                delegate?.dynamicAnimatorDidPause(self)
            }
        }
        guard isRunning, now < t else {
            if !isRunning { time = t }
            writeBack(world)
            return
        }
        if commit {
            world.step(by: t - now, behaviors)
            elapsedTime += t - now
            time = t
            version += 1
            writeBack(world)
        } else {
            var shown = world
            shown.step(by: t - now, behaviors)
            writeBack(shown)
        }
    }

    private func writeBack(_ world: DynamicsWorld) {
        for (i, item) in world.items.enumerated() {
            item.center = CGPoint(x: world.state.x[i], y: world.state.y[i])
        }
    }
    /// When the simulation comes to rest if nothing changes it, at most 10 s from now; nil
    /// when it is at rest. framegen's scene lasts until then (docs/uikit.md "UIKit Dynamics").
    func restTime() -> Double? {
        guard isRunning, let start = time else { return nil }
        if let predicted, predicted.version == version { return predicted.time }
        var copy = world
        var now = start
        let h = DynamicsWorld.step
        var rest: Double? = start + 10
        while now < start + 10 {
            var k = (now / h).rounded(.down)
            if (k + 1) * h <= now { k += 1 }
            let end = (k + 1) * h
            copy.step(by: end - now, behaviors)
            now = end
            if copy.isAtRest(behaviors) {
                rest = now
                break
            }
        }
        predicted = (version, rest)
        return rest
    }
}
