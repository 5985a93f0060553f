import Foundation

/// The base of UIKit's controls: a state (enabled, selected, highlighted) and the actions sent
/// for its events.
///
/// A tap of the scene that lands on an enabled control is its touch down and up inside
/// (`takeTap(at:)`, docs/uikit.md "Gesture recognisers"); `sendActions(for:)` sends an event,
/// as an app's code or a test does on iOS. Targets are not retained (UIControl.h: "Note that
/// the target is not retained"); a nil target is looked for along the responder chain, from
/// the control up its superviews, at the first responder the selector can be sent to.
/// Target-action on Linux: docs/uikit.md "Controls" and `Selector`.
open class UIControl: UIView {
    /// The raw values are UIKit's (UIControl.h).
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// The raw values are UIKit's (UIControl.h).
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// The raw values are UIKit's.
    public enum ContentHorizontalAlignment: Int, Sendable {
        case center = 0
        case left = 1
        case right = 2
        case fill = 3
        case leading = 4
        case trailing = 5
    }

    /// The raw values are UIKit's.
    public enum ContentVerticalAlignment: Int, Sendable {
        case center = 0
        case top = 1
        case bottom = 2
        case fill = 3
    }

    open var isEnabled = true {
        didSet { if isEnabled != oldValue { controlStateChanged() } }
    }

    open var isSelected = false {
        didSet { if isSelected != oldValue { controlStateChanged() } }
    }

    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { controlStateChanged() } }
    }

    /// The flags as one state: `.normal` when none is set.
    open var state: State {
        var state: State = .normal
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// Whether a touch is being tracked: between a scene's tap touching down and lifting, when
    /// `beginTracking(_:with:)` said yes (`takeTap(at:touch:)`).
    open var isTracking: Bool { tracking == .tracking }
    /// Whether the touch being followed is inside the control: during a scene's tap, always.
    open var isTouchInside: Bool { tracking != .none }
    private var tracking = Tracking.none
    private enum Tracking { case none, touching, tracking }

    /// UIKit's hooks for a control that follows its own touches (a checkbox toggling when the
    /// finger lifts): asked when a touch comes down on the control; false stops tracking (the
    /// control's events are sent all the same).
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// Asked as a tracked touch moves: a scene's tap does not move, so it is not asked.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// Told when a tracked touch lifts, before `.touchUpInside` is sent.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// Told when a tracked touch is cancelled.
    open func cancelTracking(with event: UIEvent?) {}

    // A control tracks its own touches (`takeTap(at:touch:)`) and, as UIKit's, passes none of
    // them up the responder chain.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center {
        didSet { setNeedsLayout() }
    }

    open var contentVerticalAlignment: ContentVerticalAlignment = .center {
        didSet { setNeedsLayout() }
    }

    /// Leading and trailing resolved: left and right (framegen lays out left to right).
    open var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        switch contentHorizontalAlignment {
        case .leading: .left
        case .trailing: .right
        default: contentHorizontalAlignment
        }
    }

    /// Kept, not shown: framegen draws no menus.
    open var isContextMenuInteractionEnabled = false
    open var showsMenuAsPrimaryAction = false
    open var toolTip: String?

    /// One registration: a target and selector, or an action, for a set of events.
    private enum Handler {
        /// `target` is weak; nil for a nil target (the responder chain), a released one is
        /// skipped.
        case target(Weak<AnyObject>?, Selector)
        case action(UIAction)
    }

    private struct Registration {
        var handler: Handler
        var events: Event

        var action: UIAction? {
            if case .action(let action) = handler { return action }
            return nil
        }

        /// Whether this is `object`'s pair for `selector` (for any selector when `anyAction`).
        func isTarget(_ object: AnyObject?, _ selector: Selector?, anyAction: Bool = false) -> Bool {
            guard case .target(let target, let own) = handler else { return false }
            let sameTarget = object == nil ? target == nil : target?.object === object
            return sameTarget && (anyAction || own == selector)
        }
    }

    /// In the order they were added: actions are sent in that order.
    private var registrations: [Registration] = []

    public override init(frame: CGRect) { super.init(frame: frame) }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        InterfaceBuilder.decode(self, coder: coder, at: UIControl.self)
    }

    /// Called when `isEnabled`, `isSelected` or `isHighlighted` changes; a control's look follows
    /// its state here.
    func controlStateChanged() {}

    // MARK: Target-action

    /// Adds the pair for `controlEvents`; adding a pair that is already there adds those events
    /// to it, so each event sends it once (framegen's reading of UIKit's: a target-action pair is
    /// registered once).
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        if let index = registrations.firstIndex(where: { $0.isTarget(object, action) }) {
            registrations[index].events.formUnion(controlEvents)
            return
        }
        registrations.append(
            Registration(handler: .target(object.map { Weak($0) }, action), events: controlEvents))
    }

    /// Removes the pair (every action of `target` when `action` is nil) from `controlEvents`;
    /// a registration left with no events goes.
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        for index in registrations.indices
        where registrations[index].isTarget(object, action, anyAction: action == nil) {
            registrations[index].events.subtract(controlEvents)
        }
        removeEmptyRegistrations()
    }

    /// The targets of the target-action pairs (NSNull for a nil target, as UIKit's set holds).
    open var allTargets: Set<AnyHashable> {
        var targets = Set<AnyHashable>()
        for registration in registrations {
            guard case .target(let target, _) = registration.handler else { continue }
            if target == nil {
                targets.insert(AnyHashable(NSNull()))
            } else if let object = target?.object {
                targets.insert((object as? AnyHashable) ?? AnyHashable(ObjectIdentifier(object)))
            }
        }
        return targets
    }

    /// The events that have at least one target-action pair or action.
    open var allControlEvents: Event {
        registrations.reduce(into: Event()) { $0.formUnion($1.events) }
    }

    /// The names of `target`'s selectors for `controlEvent` (one event), nil when none.
    open func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let object = target.map { $0 as AnyObject }
        let names = registrations.compactMap { registration -> String? in
            guard case .target(_, let selector) = registration.handler,
                registration.isTarget(object, nil, anyAction: true),
                registration.events.contains(controlEvent)
            else { return nil }
            return selector.name
        }
        return names.isEmpty ? nil : names
    }

    /// Adds `action` for `controlEvents`; an action with the same identifier as one already
    /// added replaces it where it stands, with the events of both.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        if let index = registrations.firstIndex(where: { $0.action?.identifier == action.identifier }) {
            registrations[index].handler = .action(action)
            registrations[index].events.formUnion(controlEvents)
            return
        }
        registrations.append(Registration(handler: .action(action), events: controlEvents))
    }

    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        for index in registrations.indices where registrations[index].action?.identifier == actionIdentifier {
            registrations[index].events.subtract(controlEvents)
        }
        removeEmptyRegistrations()
    }

    /// Calls `body` with each registration's action or target-action pair and its events, in
    /// the order added (UIKit's `enumerateEventHandlers(_:)`).
    open func enumerateEventHandlers(
        _ body: (UIAction?, (Any?, Selector)?, Event, UnsafeMutablePointer<ObjCBool>) -> Void
    ) {
        var stop: ObjCBool = false
        for registration in registrations {
            switch registration.handler {
            case .action(let action): body(action, nil, registration.events, &stop)
            case .target(let target, let selector):
                body(nil, (target?.object, selector), registration.events, &stop)
            }
            if stop.boolValue { return }
        }
    }

    /// A tap of the scene's that landed on the control (docs/uikit.md "Gesture recognisers"),
    /// as a finger's touch down and up inside: highlighted while it is down, then the actions of
    /// `.touchDown` and `.touchUpInside`. A switch toggles, a segmented control selects the
    /// segment under `point`, a page control turns a page towards it (each then sends
    /// `.valueChanged`).
    /// Tracking as UIKit's: `beginTracking(_:with:)` as the touch comes down, then highlighted
    /// and `.touchDown`; as it lifts, unhighlighted, `endTracking(_:with:)` when tracking, then
    /// `.touchUpInside` (`touch`: the scene's; one at `point` when a caller gives none).
    func takeTap(at point: CGPoint, touch: UITouch? = nil) {
        let touch = touch ?? UITouch(view: self, at: point, in: self, timestamp: 0)
        tracking = .touching
        defer { tracking = .none }
        if beginTracking(touch, with: nil) { tracking = .tracking }
        isHighlighted = true
        sendActions(for: .touchDown)
        isHighlighted = false
        if tracking == .tracking { endTracking(touch, with: nil) }
        sendActions(for: .touchUpInside)
    }

    /// Sends the actions registered for any of `controlEvents`, each once, in the order they
    /// were added; sent whatever the state, as UIKit's (a disabled control only ignores touches).
    open func sendActions(for controlEvents: Event) {
        for registration in registrations where !registration.events.isDisjoint(with: controlEvents) {
            switch registration.handler {
            case .action(let action):
                sendAction(action)
            case .target(let target, let selector):
                if let target {
                    guard let object = target.object else { continue }
                    sendAction(selector, to: object, for: nil)
                } else {
                    sendAction(selector, to: nil, for: nil)
                }
            }
        }
    }

    /// Sends `action` to `target` (nil: the first responder from this control up that has the
    /// method); the point a subclass overrides to see every target-action sent.
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        if let target {
            action.send(to: target as AnyObject, from: self, event: event)
            return
        }
        var responder: UIResponder? = self
        while let current = responder {
            if action.send(to: current, from: self, event: event) { return }
            responder = current.next
        }
    }

    /// Runs `action`'s handler with this control as its sender.
    open func sendAction(_ action: UIAction) { action.perform(sender: self) }

    private func removeEmptyRegistrations() { registrations.removeAll { $0.events.isEmpty } }
}
