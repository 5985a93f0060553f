import Foundation
import FrameGenCoreGraphics
import FrameGenGeometry
import FrameGenMotion

/// Core Animation's model of a view animation (docs/uikit.md "Animations"): model values change
/// at once; what is drawn at an instant is the presentation value, which a running animation
/// interpolates from where the layer was shown when the animation began to the new model value.
///
/// One animator belongs to one collection view and its layout (`UIKitLayout`), and lives as long
/// as they do. Its clock is the scene's time: `now` is the instant of the event being handled
/// (a tap, a drag's end, a frame), set by `UIKitLayout` before each event of the history it
/// replays. So the presentation at an instant is a function of the history alone, and parallel
/// frames equal serial ones.
///
/// `UIView.animate` runs its block at once and compares the animatable properties of every layer
/// under `roots` (the collection view's tree) before and after: each property the block changed
/// gets an animation, replacing one already running for that property (whose completion then
/// gets `false`). Completions run, in order, at the instant their animations end, with the
/// clock at that instant.
package final class LayerAnimator: @unchecked Sendable {
    /// The animator of the collection view framegen is driving on this thread; nil elsewhere
    /// (then `UIView.animate` applies its changes at once, with no animation).
    @TaskLocal package static var current: LayerAnimator?

    package init() {}

    /// Seconds on the scene's timeline.
    package private(set) var now: Double = 0
    /// The layers whose trees animation blocks may change.
    package var roots: [CALayer] = []
    /// Called before an animation block runs: the collection view gives its items cells, so
    /// that what the block changes on them has a value to animate from.
    package var willAnimate: (() -> Void)?

    /// The running animations, per layer and key.
    private var running: [ObjectIdentifier: LayerAnimations] = [:]
    /// Completions still to run, in the order the blocks were made.
    private var pending: [AnimationGroup] = []
    /// The display links added, in order; each fires once per instant after the one it was
    /// added or last fired at.
    private var displayLinks: [CADisplayLink] = []
    private var linkTimes: [ObjectIdentifier: Double] = [:]

    package func add(_ link: CADisplayLink) {
        displayLinks.append(link)
        linkTimes[ObjectIdentifier(link)] = now
    }

    /// The display links that fire (added and not paused).
    package var runningLinkCount: Int { displayLinks.count { !$0.isPaused } }

    package func remove(_ link: CADisplayLink) {
        displayLinks.removeAll { $0 === link }
        linkTimes[ObjectIdentifier(link)] = nil
    }

    /// The blocks being run, outermost first.
    private var blocks: [Block] = []
    private var serial = 0

    /// When each UIKit Dynamics simulation made on this clock comes to rest (nil: at rest).
    package var restTimes: [() -> Double?] = []

    /// The end of the last animation, completion or simulation still to come; nil when none is.
    package var endTime: Double? {
        let ends =
            pending.filter(\.lengthensScene).map(\.end)
            + running.values.flatMap { $0.byKey.values.map(\.end) }
            + restTimes.compactMap { $0() }
        return ends.max()
    }

    /// The next instant after `now` at which code runs on this clock with nothing else
    /// happening: a timer's firing, work sent for later, a completion. nil when none is to come.
    /// The timeline looks there for what the program changes on its own (a content offset a
    /// banner's timer sets). A display link's firings are not counted: they come at every
    /// refresh, and the host follows what a link sets at each instant drawn.
    package var nextEventTime: Double? {
        pending.filter { $0.completion != nil && $0.end > now }.map(\.end).min()
    }

    /// Moves the clock to `time`, running the completions due by then, each with the clock at
    /// its own instant (a completion that animates again begins there).
    ///
    /// At most `completionLimit` completions run in one advance: completions that start
    /// animations of no length from their own forever would otherwise never let the clock move
    /// (the rest run at the next event).
    package func advance(to time: Double) {
        var budget = LayerAnimator.completionLimit
        let tracking = isTracking
        while budget > 0,
            let next = pending.enumerated().filter({
                $0.element.end <= time && $0.element.modes.run(whileTracking: tracking)
            }).min(by: {
                ($0.element.end, $0.element.order) < ($1.element.end, $1.element.order)
            })
        {
            budget -= 1
            pending.remove(at: next.offset)
            now = max(now, next.element.end)
            next.element.completion?(next.element.finished)
        }
        now = max(now, time)
        for link in displayLinks {
            // A link a firing invalidated does not fire.
            let id = ObjectIdentifier(link)
            guard let last = linkTimes[id], now > last else { continue }
            // Not in a mode the run loop is in: it fires at the first instant it is.
            guard link.modes.run(whileTracking: isTracking) else { continue }
            linkTimes[id] = now
            link.fire(at: now, frameDuration: 1.0 / 60)
        }
        for (id, animations) in running {
            animations.byKey = animations.byKey.filter { $0.value.end > now }
            if animations.byKey.isEmpty { running[id] = nil }
        }
    }

    static let completionLimit = 10_000

    /// The screen's refreshes a second, on the scene's clock: UIKit Dynamics steps, a gesture's
    /// events.
    package static let screenRefreshRate = 60.0

    /// The first k with k / 60 after `t` (division rounds, so k is found by comparing).
    package static func firstRefresh(after t: Double) -> Double {
        var k = (t * screenRefreshRate).rounded(.down)
        while k / screenRefreshRate > t { k -= 1 }
        while k / screenRefreshRate <= t { k += 1 }
        return k
    }

    package static func isScreenRefresh(_ t: Double) -> Bool {
        (t * screenRefreshRate).rounded() / screenRefreshRate == t
    }

    /// How far after an event the scene looks for what that event started (a display link's
    /// animation, work sent for later): what runs later than this is the app's life, which does
    /// not lengthen the scene.
    package static let horizon = 10.0

    /// Runs `action` at `time` (not before now) on this clock, in order with the completions and
    /// the other actions due then, with `current` this animator: a timer's firing, work sent to
    /// the main queue (docs/uikit.md "Time"). `lengthensScene` false for a repeating timer,
    /// which, like a display link, lives as long as the app and does not lengthen the scene;
    /// nor does work due more than `horizon` after now. Work due never (an infinite or NaN
    /// time) is dropped, as a queue never runs it.
    ///
    /// `modes`: work for the run loop's default mode (a timer scheduled with `scheduledTimer` or
    /// added for `.default`) waits while the run loop tracks a scroll view (`isTracking`) and runs
    /// as soon as it stops; work for UIKit's tracking mode runs only while it tracks, at the
    /// first instant it does; work for the common modes (the main queue, a timer added for
    /// `.common`) runs at its instant regardless.
    package func schedule(
        at time: Double, lengthensScene: Bool = true, modes: RunLoopModes = .always,
        _ action: @escaping () -> Void
    ) {
        guard time.isFinite else { return }
        serial += 1
        let group = AnimationGroup(order: serial, start: max(time, now)) { [unowned self] _ in
            LayerAnimator.$current.withValue(self, operation: action)
        }
        group.lengthensScene = lengthensScene && time - now <= LayerAnimator.horizon
        group.modes = modes
        pending.append(group)
    }

    /// Whether the main run loop is in UIKit's tracking mode (`UITrackingRunLoopMode`): from a
    /// drag's beginning until the scroll view stops (the drag's end without deceleration, or the
    /// deceleration's end). Work for the default mode waits meanwhile (`schedule`), as a
    /// banner's auto-play timer waits on iOS while the user drags it; set by the collection
    /// view's host at those events, whose `settle()` then runs what waited.
    package var isTracking = false

    /// Shows `layer` and the layers under it as they are now, with no animation: a view that
    /// joins the views shown inside an animation block (a cell dequeued for an item, which may
    /// have shown another elsewhere) is made and placed as UIKit places it, not moved from
    /// where it was before; an animation still running on it from its last use ends.
    package func showWithoutAnimation(_ layer: CALayer) {
        for l in Self.tree(layer) {
            running[ObjectIdentifier(l)] = nil
            for block in blocks {
                for key in LayerValues.Key.allCases {
                    block.taken.insert(PropertyID(layer: ObjectIdentifier(l), key: key))
                }
            }
        }
    }

    /// Runs the completions due at `now` (a block that animated nothing completes at once,
    /// after the code that started it, as UIKit completes it on the next turn of the run loop).
    package func settle() { advance(to: now) }

    // MARK: Recording

    /// What a block animates with.
    package struct Timing {
        package var duration: Double
        package var delay: Double
        package var curve: TimingCurve

        package init(duration: Double, delay: Double, curve: TimingCurve) {
            self.duration = duration
            self.delay = delay
            self.curve = curve
        }
    }

    private final class Block {
        let timing: Timing?
        let before: [(CALayer, LayerValues)]
        /// Properties a nested block (or `performWithoutAnimation`) already took care of.
        var taken: Set<PropertyID> = []
        init(timing: Timing?, before: [(CALayer, LayerValues)]) {
            self.timing = timing
            self.before = before
        }
    }

    struct PropertyID: Hashable {
        package var layer: ObjectIdentifier
        package var key: LayerValues.Key
    }

    /// Runs `changes` as an animation block: `timing` nil runs it without animation
    /// (`performWithoutAnimation`). A nested block inherits the enclosing block's duration and
    /// curve unless `inherits` is false (UIKit's `overrideInherited...` options).
    package func run(
        _ timing: Timing?, inheritsDuration: Bool = true, inheritsCurve: Bool = true,
        _ changes: () -> Void, completion: ((Bool) -> Void)?
    ) {
        if timing != nil { willAnimate?() }
        var timing = timing
        if var t = timing, let outer = blocks.last(where: { $0.timing != nil })?.timing {
            if inheritsDuration { t.duration = outer.duration }
            if inheritsCurve { t.curve = outer.curve }
            timing = t
        }
        let layers = roots.flatMap(Self.tree)
        let block = Block(timing: timing, before: layers.map { ($0, LayerValues($0)) })
        blocks.append(block)
        changes()
        blocks.removeLast()
        serial += 1
        let group = AnimationGroup(order: serial, start: now, completion: completion)
        for (layer, old) in block.before {
            let new = LayerValues(layer)
            for key in LayerValues.Key.allCases where old[key] != new[key] {
                let id = PropertyID(layer: ObjectIdentifier(layer), key: key)
                guard !block.taken.contains(id) else { continue }
                for outer in blocks { outer.taken.insert(id) }
                guard let timing, timing.duration > 0 else { continue }
                let from = presented(key, of: layer, model: old[key])
                serial += 1
                replace(
                    layer, key,
                    with: PropertyAnimation(
                        id: serial, from: from, to: new[key], begin: now + max(0, timing.delay),
                        duration: timing.duration,
                        curve: timing.curve, group: group))
            }
        }
        if timing != nil || completion != nil { pending.append(group) }
    }

    private func replace(_ layer: CALayer, _ key: LayerValues.Key, with animation: PropertyAnimation) {
        let id = ObjectIdentifier(layer)
        let animations = running[id] ?? LayerAnimations(layer)
        running[id] = animations
        if let old = animations.byKey[key] { old.group.stopped(old, at: now) }
        animations.byKey[key] = animation
        animation.group.add(animation)
    }

    private static func tree(_ layer: CALayer) -> [CALayer] {
        [layer] + (layer.sublayers ?? []).flatMap(tree)
    }

    // MARK: Presentation

    /// What `layer` shows for `key` now: a running animation's value, or `model`.
    package func presented(_ key: LayerValues.Key, of layer: CALayer, model: LayerValue) -> LayerValue {
        guard let animation = running[ObjectIdentifier(layer)]?.byKey[key] else { return model }
        return animation.value(at: now) ?? model
    }

    /// Whether an animation of `key` shows on `layer` now.
    func isAnimating(_ key: LayerValues.Key, of layer: CALayer) -> Bool {
        guard let animation = running[ObjectIdentifier(layer)]?.byKey[key] else { return false }
        return animation.value(at: now) != nil
    }

    /// The keys of the animations showing on `layer` now, in `Key` order.
    package func animatingKeys(of layer: CALayer) -> [String] {
        guard let animations = running[ObjectIdentifier(layer)] else { return [] }
        return LayerValues.Key.allCases.filter { animations.byKey[$0]?.value(at: now) != nil }.map(\.rawValue)
    }

    /// Stops `layer`'s animations now, as replaced ones stop (their completions get false).
    package func stopAnimations(of layer: CALayer) {
        guard let animations = running[ObjectIdentifier(layer)] else { return }
        for animation in animations.byKey.values { animation.group.stopped(animation, at: now) }
        running[ObjectIdentifier(layer)] = nil
    }

    /// The layer's values as drawn now.
    package func presentation(of layer: CALayer) -> LayerValues {
        var values = LayerValues(layer)
        guard let animations = running[ObjectIdentifier(layer)] else { return values }
        for (key, animation) in animations.byKey {
            if let v = animation.value(at: now) { values[key] = v }
        }
        return values
    }
}

/// A layer's running animations, one per key; keeps the layer alive while they run.
private final class LayerAnimations {
    let layer: CALayer
    var byKey: [LayerValues.Key: PropertyAnimation] = [:]
    init(_ layer: CALayer) { self.layer = layer }
}

/// One animation block's animations and completion.
final class AnimationGroup {
    package let order: Int
    package let completion: ((Bool) -> Void)?
    /// When the completion runs: the end of its last animation (or the block's instant).
    private(set) var end: Double
    /// False once one of its animations was replaced before its end.
    private(set) var finished = true
    /// Whether the scene lasts until it completes (false for a repeating timer's next firing).
    var lengthensScene = true
    /// The run loop modes the work was added for: a timer scheduled the usual way (the default
    /// mode) waits while the run loop tracks a scroll view (`LayerAnimator.isTracking`), one
    /// added for the tracking mode runs only then.
    var modes = RunLoopModes.always
    private var ends: [Int: Double] = [:]

    package init(order: Int, start: Double, completion: ((Bool) -> Void)?) {
        self.order = order
        self.end = start
        self.completion = completion
    }

    package func add(_ a: PropertyAnimation) {
        ends[a.id] = a.end
        end = max(end, a.end)
    }

    /// `a` was replaced at `time`: it stops there, unfinished.
    func stopped(_ a: PropertyAnimation, at time: Double) {
        guard time < a.end else { return }
        finished = false
        ends[a.id] = time
        end = ends.values.max() ?? time
    }
}

/// One property's animation (a CABasicAnimation, or a CASpringAnimation for UIKit's spring).
final class PropertyAnimation {
    /// Its number among the animator's animations.
    package let id: Int
    package let from: LayerValue
    package let to: LayerValue
    /// The scene's time the animation starts moving (the block's instant plus its delay).
    let begin: Double
    package let duration: Double
    package let curve: TimingCurve
    /// Held strongly: an advance that runs the group's completion and then later work (a
    /// timer, a gesture's next event) that animates the same property again finds this
    /// animation still among the running ones, whose group is then out of `pending`.
    package let group: AnimationGroup

    package var end: Double { begin + duration }

    package init(
        id: Int, from: LayerValue, to: LayerValue, begin: Double, duration: Double, curve: TimingCurve,
        group: AnimationGroup
    ) {
        (self.id, self.from, self.to, self.begin, self.duration, self.curve, self.group) =
            (id, from, to, begin, duration, curve, group)
    }

    /// The value at `time`; nil once the animation has ended (the model shows). Before its
    /// begin (a delay) it shows `from`, as UIKit's animations fill backwards.
    package func value(at time: Double) -> LayerValue? {
        guard time < end else { return nil }
        guard time > begin else { return from }
        return from.interpolated(to: to, progress: curve.progress((time - begin) / duration))
    }
}

/// A value of one of a layer's animatable properties.
package enum LayerValue: Equatable {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    case color(CGColor?)

    /// Core Animation's interpolation: numbers, points, sizes and rects component by component,
    /// colours in their RGBA components (no colour is clear), transforms decomposed
    /// (Transform3D.interpolate: the rotation the short way).
    func interpolated(to other: LayerValue, progress p: Double) -> LayerValue {
        func lerp(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * CGFloat(p) }
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a + (b - a) * p)
        case (.point(let a), .point(let b)): return .point(CGPoint(x: lerp(a.x, b.x), y: lerp(a.y, b.y)))
        case (.size(let a), .size(let b)):
            return .size(CGSize(width: lerp(a.width, b.width), height: lerp(a.height, b.height)))
        case (.rect(let a), .rect(let b)):
            return .rect(
                CGRect(
                    x: lerp(a.minX, b.minX), y: lerp(a.minY, b.minY), width: lerp(a.width, b.width),
                    height: lerp(a.height, b.height)))
        case (.transform(let a), .transform(let b)):
            return .transform(
                CATransform3D(Transform3D.interpolate(from: a.geometry, to: b.geometry, progress: p)))
        case (.color(let a), .color(let b)):
            let x = (a ?? CGColor.clear).rgba
            let y = (b ?? CGColor.clear).rgba
            return .color(
                CGColor(
                    red: lerp(x.red, y.red), green: lerp(x.green, y.green), blue: lerp(x.blue, y.blue),
                    alpha: lerp(x.alpha, y.alpha)))
        default: return p < 0.5 ? self : other
        }
    }
}

/// The animatable properties of a layer that UIView animation blocks animate.
package struct LayerValues: Equatable {
    package enum Key: String, CaseIterable, Hashable {
        case bounds, position, zPosition, anchorPoint, transform, sublayerTransform, opacity
        case backgroundColor, cornerRadius, borderWidth, borderColor
        case shadowColor, shadowOpacity, shadowOffset, shadowRadius
    }

    private var values: [LayerValue]

    package init(_ layer: CALayer) {
        values = [
            .rect(layer.bounds), .point(layer.position), .number(Double(layer.zPosition)),
            .point(layer.anchorPoint), .transform(layer.transform), .transform(layer.sublayerTransform),
            .number(Double(layer.opacity)), .color(layer.backgroundColor),
            .number(Double(layer.cornerRadius)),
            .number(Double(layer.borderWidth)), .color(layer.borderColor), .color(layer.shadowColor),
            .number(Double(layer.shadowOpacity)), .size(layer.shadowOffset),
            .number(Double(layer.shadowRadius)),
        ]
    }

    subscript(key: Key) -> LayerValue {
        get { values[Key.allCases.firstIndex(of: key)!] }
        set { values[Key.allCases.firstIndex(of: key)!] = newValue }
    }

    package var bounds: CGRect { if case .rect(let r) = self[.bounds] { r } else { .zero } }
    package var position: CGPoint { if case .point(let p) = self[.position] { p } else { .zero } }
    package var anchorPoint: CGPoint { if case .point(let p) = self[.anchorPoint] { p } else { .zero } }
    package var shadowOffset: CGSize { if case .size(let s) = self[.shadowOffset] { s } else { .zero } }
    package func number(_ key: Key) -> Double { if case .number(let n) = self[key] { n } else { 0 } }
    package func transform(_ key: Key) -> CATransform3D {
        if case .transform(let t) = self[key] { t } else { CATransform3DIdentity }
    }
    package func color(_ key: Key) -> CGColor? { if case .color(let c) = self[key] { c } else { nil } }
}

/// Core Animation's seconds (Core Foundation's `CFTimeInterval`, which Foundation on Linux does
/// not declare).
public typealias CFTimeInterval = Double

/// The current time on Core Animation's clock, in seconds. While framegen drives your layout it
/// is the scene's time of the event being handled or the instant being drawn (the timeline
/// starts at 0, where iOS counts from the device's boot: use differences, as iOS code does);
/// elsewhere it is the process's uptime.
public func CACurrentMediaTime() -> CFTimeInterval {
    LayerAnimator.current?.now ?? ProcessInfo.processInfo.systemUptime
}
