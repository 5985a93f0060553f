import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit
import TestTiers
import Testing

/// UIControl as UIControl.h declares it: the states' and events' raw values, the order actions
/// are sent in, and target-action through framegen's Selector (docs/uikit.md "Controls").
@Suite struct ControlTests {
    /// A target with the method forms `#selector` names.
    final class Target: NSObject {
        var log: [String] = []
        func tapped(_ sender: UIButton) { log.append("tapped \(sender.tag)") }
        func refresh() { log.append("refresh") }
        func changed(_ sender: UIControl, forEvent event: UIEvent) { log.append("changed") }
    }

    /// A superview that answers an action sent to nil, as a view controller's view might.
    final class Container: UIView {
        var log: [String] = []
        func tapped(_ sender: UIControl) { log.append("container") }
    }

    @Test func statesAndEventsHaveUIKitsRawValues() {
        expect(UIControl.State.normal.rawValue == 0)
        expect(UIControl.State.highlighted.rawValue == 1)
        expect(UIControl.State.disabled.rawValue == 2)
        expect(UIControl.State.selected.rawValue == 4)
        expect(UIControl.State.focused.rawValue == 8)
        expect(UIControl.State.application.rawValue == 0x00FF_0000)
        expect(UIControl.State.reserved.rawValue == 0xFF00_0000)
        let events: [(UIControl.Event, UInt)] = [
            (.touchDown, 1), (.touchDownRepeat, 2), (.touchDragInside, 4), (.touchDragOutside, 8),
            (.touchDragEnter, 16), (.touchDragExit, 32), (.touchUpInside, 64), (.touchUpOutside, 128),
            (.touchCancel, 256), (.valueChanged, 4096), (.primaryActionTriggered, 8192),
            (.menuActionTriggered, 16384), (.editingDidBegin, 65536), (.editingChanged, 131_072),
            (.editingDidEnd, 262_144), (.editingDidEndOnExit, 524_288), (.allTouchEvents, 0xFFF),
            (.allEditingEvents, 0xF_0000), (.applicationReserved, 0x0F00_0000),
            (.systemReserved, 0xF000_0000), (.allEvents, 0xFFFF_FFFF),
        ]
        for (event, raw) in events { expect(event.rawValue == raw) }
        expect(UIControl.ContentHorizontalAlignment.leading.rawValue == 4)
        expect(UIControl.ContentVerticalAlignment.fill.rawValue == 3)
    }

    @Test func stateIsTheFlagsTogether() {
        let control = UIControl()
        expect(control.state == .normal)
        expect(control.isEnabled && !control.isSelected && !control.isHighlighted)
        control.isSelected = true
        control.isHighlighted = true
        expect(control.state == [.selected, .highlighted])
        control.isEnabled = false
        expect(control.state == [.selected, .highlighted, .disabled])
        control.contentHorizontalAlignment = .trailing
        expect(control.effectiveContentHorizontalAlignment == .right)
    }

    @Test func actionsAreSentInTheOrderAddedForTheirEventsOnly() {
        let control = UIButton()
        control.tag = 7
        let target = Target()
        var log: [String] = []
        control.addAction(UIAction { _ in log.append("first") }, for: .touchUpInside)
        control.addTarget(target, action: Selector("tapped:", Target.tapped(_:)), for: .touchUpInside)
        control.addAction(UIAction { _ in log.append("second") }, for: [.touchUpInside, .valueChanged])
        control.addAction(UIAction { _ in log.append("other") }, for: .touchDown)
        control.sendActions(for: .touchUpInside)
        expect(log == ["first", "second"])
        expect(target.log == ["tapped 7"])
        log = []
        control.sendActions(for: .valueChanged)
        expect(log == ["second"])
        expect(control.allControlEvents == [.touchUpInside, .valueChanged, .touchDown])
        // Sent while disabled too: only touches are ignored then.
        control.isEnabled = false
        log = []
        control.sendActions(for: .touchDown)
        expect(log == ["other"])
    }

    @Test func anActionKnowsItsSenderAndIsUniquedByIdentifier() {
        let control = UIControl()
        var calls: [String] = []
        let id = UIAction.Identifier("refresh")
        control.addAction(UIAction(identifier: id) { _ in calls.append("old") }, for: .touchUpInside)
        let newer = UIAction(title: "Refresh", identifier: id) {
            calls.append("new \($0.sender is UIControl)")
        }
        control.addAction(newer, for: .valueChanged)
        control.sendActions(for: [.touchUpInside, .valueChanged])
        expect(calls == ["new true"])
        expect(newer.sender as? UIControl === control)
        control.removeAction(newer, for: .touchUpInside)
        calls = []
        control.sendActions(for: .touchUpInside)
        expect(calls.isEmpty)
        control.sendActions(for: .valueChanged)
        expect(calls == ["new true"])
        control.removeAction(identifiedBy: id, for: .allEvents)
        expect(control.allControlEvents.isEmpty)
        // Two actions made alike are two actions.
        control.addAction(UIAction { _ in calls.append("a") }, for: .touchDown)
        control.addAction(UIAction { _ in calls.append("a") }, for: .touchDown)
        calls = []
        control.sendActions(for: .touchDown)
        expect(calls == ["a", "a"])
    }

    @Test func targetsAreListedRemovedAndNotRetained() {
        let control = UIControl()
        let target = Target()
        let tapped = Selector("tapped:", Target.tapped(_:))
        let refresh = Selector("refresh", Target.refresh)
        control.addTarget(target, action: tapped, for: .touchUpInside)
        control.addTarget(target, action: refresh, for: [.touchUpInside, .valueChanged])
        control.addTarget(nil, action: Selector("save:"), for: .touchUpInside)
        expect(
            control.actions(forTarget: target, forControlEvent: .touchUpInside) == ["tapped:", "refresh"])
        expect(control.actions(forTarget: target, forControlEvent: .valueChanged) == ["refresh"])
        expect(control.actions(forTarget: target, forControlEvent: .touchDown) == nil)
        expect(control.actions(forTarget: nil, forControlEvent: .touchUpInside) == ["save:"])
        expect(control.allTargets.count == 2)
        expect(control.allTargets.contains(AnyHashable(target)))
        expect(control.allTargets.contains { $0.base is NSNull })
        // The same pair again is the same registration: sent once.
        control.addTarget(target, action: refresh, for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        expect(target.log == ["refresh"])
        control.removeTarget(target, action: refresh, for: .touchUpInside)
        expect(control.actions(forTarget: target, forControlEvent: .touchUpInside) == ["tapped:"])
        control.removeTarget(target, action: nil, for: .allEvents)
        expect(control.actions(forTarget: target, forControlEvent: .valueChanged) == nil)

        var released: Target? = Target()
        weak let weakTarget = released
        control.addTarget(released, action: refresh, for: .touchDown)
        released = nil
        expect(weakTarget == nil)
        control.sendActions(for: .touchDown)
    }

    @Test func aNilTargetIsTheFirstResponderUpTheChainWithTheMethod() {
        let container = Container()
        let middle = UIView()
        let control = UIControl()
        container.addSubview(middle)
        middle.addSubview(control)
        control.addTarget(nil, action: Selector("tapped:", Container.tapped(_:)), for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        expect(container.log == ["container"])
    }

    @Test func selectorsCompareByNameAndCallOnlyWithTheirMethod() {
        let named = Selector("tapped:")
        let callable = Selector("tapped:", Target.tapped(_:))
        let literal: Selector = "tapped:"
        expect(named == callable && literal == named)
        expect(Set([named, callable]).count == 1)
        expect(NSStringFromSelector(callable) == "tapped:")
        expect(NSSelectorFromString("refresh") == Selector("refresh"))
        let target = Target()
        expect(callable.canBeSent(to: target))
        expect(!named.canBeSent(to: target))
        expect(!callable.canBeSent(to: Container()))

        let control = UIControl()
        control.addTarget(target, action: named, for: .touchUpInside)
        control.addTarget(
            target, action: Selector("changed:forEvent:", Target.changed(_:forEvent:)), for: .valueChanged)
        control.sendActions(for: [.touchUpInside, .valueChanged])
        // The name alone calls nothing; the sender-and-event form gets a plain event.
        expect(target.log == ["changed"])
        // A sender of another type than the method's parameter is not passed.
        control.addTarget(target, action: Selector("tapped:", Target.tapped(_:)), for: .touchDown)
        control.sendActions(for: .touchDown)
        expect(target.log == ["changed"])
    }

    /// A control holds its actions and an action knows its sender: that reference is weak, so a
    /// control that sent an action still goes away (LeakSanitizer found the cycle).
    @Test func aControlThatSentAnActionIsReleased() {
        weak var gone: UIButton?
        var seen: Any?
        do {
            let button = UIButton()
            button.addAction(UIAction { seen = $0.sender }, for: .touchUpInside)
            button.sendActions(for: .touchUpInside)
            expect(seen as AnyObject? === button)
            gone = button
            seen = nil
        }
        expect(gone == nil)
    }
}
