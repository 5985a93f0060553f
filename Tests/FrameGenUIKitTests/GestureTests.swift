import Foundation
import FrameGenCompositionalLayout
import FrameGenKit
import TestTiers
import Testing

import struct FrameGenLayout.LayerSnapshot
import enum FrameGenLayout.LayoutRegistry

@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitHost

// Gesture recognisers hear the scene's taps as UIKit delivers a short tap (docs/uikit.md
// "Gesture recognisers"): the view hit and its superviews' recognisers, innermost first, a tap
// recogniser recognising, the others failing, a control keeping its own tap.

/// Records the recognisers that sent it an action, with their state and the touch's location.
private final class Listener: NSObject {
    var heard: [String] = []
    weak var target: UIView?
    func tapped(_ g: UIGestureRecognizer) {
        let p = g.location(in: target)
        heard.append("\(g.name ?? "?") \(g.state == .ended ? "ended" : "\(g.state)") (\(p.x), \(p.y))")
    }
    func pressed(_ g: UIGestureRecognizer) { heard.append("press \(g.name ?? "?")") }
    func buttonTapped(_ b: UIButton) { heard.append("button") }
}

private func tap(_ name: String, _ listener: Listener) -> UITapGestureRecognizer {
    let g = UITapGestureRecognizer(target: listener, action: Selector("tapped:", Listener.tapped(_:)))
    g.name = name
    return g
}

/// A root 200 x 200 with a child at (50, 50) 100 x 100 and a grandchild at (10, 10) 20 x 20 in it.
private func tree() -> (root: UIView, child: UIView, grandchild: UIView) {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let child = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
    let grandchild = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
    root.addSubview(child)
    child.addSubview(grandchild)
    return (root, child, grandchild)
}

@Test func aTapRecogniserSendsItsActionWithTheTouchWhereItLanded() {
    let (root, child, _) = tree()
    let listener = Listener()
    listener.target = child
    let g = tap("child", listener)
    expect(child.gestureRecognizers == nil)
    child.addGestureRecognizer(g)
    expect(g.view === child)
    expect(child.gestureRecognizers?.count == 1)
    let result = root.deliverTap(at: CGPoint(x: 100, y: 120), on: nil, time: 2)
    expect(listener.heard == ["child ended (50.0, 70.0)"])
    expect(result == TapDelivery(handled: true, cancelsTouches: true))
    expect(g.state == .possible)
    // Outside the child: not heard.
    _ = root.deliverTap(at: CGPoint(x: 10, y: 10), on: nil, time: 2)
    expect(listener.heard.count == 1)
    // Moved to the root, it hears taps anywhere in it.
    root.addGestureRecognizer(g)
    expect(child.gestureRecognizers == nil)
    _ = root.deliverTap(at: CGPoint(x: 10, y: 10), on: nil, time: 2)
    expect(listener.heard.count == 2)
}

@Test func theInnermostRecogniserWinsUnlessADelegateAllowsBoth() {
    final class Both: NSObject, UIGestureRecognizerDelegate {
        func gestureRecognizer(
            _ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer
        ) -> Bool { true }
    }
    let (root, child, grandchild) = tree()
    let listener = Listener()
    // Which views' recognisers heard the taps, in order.
    func heard() -> [String] { listener.heard.map { String($0.split(separator: " ")[0]) } }
    root.addGestureRecognizer(tap("root", listener))
    child.addGestureRecognizer(tap("child", listener))
    _ = root.deliverTap(at: CGPoint(x: 65, y: 65), on: nil, time: 0)
    expect(heard() == ["child"])
    let both = Both()
    child.gestureRecognizers?[0].delegate = both
    _ = root.deliverTap(at: CGPoint(x: 65, y: 65), on: nil, time: 0)
    expect(Array(heard().suffix(2)) == ["child", "root"])
    // A view that takes no touches passes the tap to its superview.
    grandchild.addGestureRecognizer(tap("grandchild", listener))
    grandchild.isUserInteractionEnabled = false
    listener.heard = []
    _ = root.deliverTap(at: CGPoint(x: 65, y: 65), on: nil, time: 0)
    expect(heard() == ["child", "root"])
    grandchild.isUserInteractionEnabled = true
    listener.heard = []
    _ = root.deliverTap(at: CGPoint(x: 65, y: 65), on: nil, time: 0)
    // The child's delegate still allows it beside any other; the root's has none.
    expect(heard() == ["grandchild", "child"])
    child.gestureRecognizers?[0].delegate = nil
    listener.heard = []
    _ = root.deliverTap(at: CGPoint(x: 65, y: 65), on: nil, time: 0)
    expect(heard() == ["grandchild"])
}

@Test func recognisersThatDoNotRecogniseASingleTapFail() {
    let (root, child, _) = tree()
    let listener = Listener()
    let press = UILongPressGestureRecognizer(
        target: listener, action: Selector("pressed:", Listener.pressed(_:)))
    let pan = UIPanGestureRecognizer(target: listener, action: Selector("pressed:", Listener.pressed(_:)))
    let swipe = UISwipeGestureRecognizer(target: listener, action: Selector("pressed:", Listener.pressed(_:)))
    let double = tap("double", listener)
    double.numberOfTapsRequired = 2
    let single = tap("single", listener)
    // A single tap that waits for the double tap to fail: the double tap fails, so it fires.
    single.require(toFail: double)
    for g in [press, pan, swipe, double, single] { child.addGestureRecognizer(g) }
    _ = root.deliverTap(at: CGPoint(x: 100, y: 100), on: nil, time: 0)
    expect(listener.heard.map { $0.split(separator: " ")[0] } == ["single"])
    // Waiting for another that recognises: it does not fire.
    let first = tap("first", listener)
    root.addGestureRecognizer(first)
    first.require(toFail: single)
    listener.heard = []
    _ = root.deliverTap(at: CGPoint(x: 100, y: 100), on: nil, time: 0)
    expect(listener.heard.map { $0.split(separator: " ")[0] } == ["single"])
}

@Test func theViewAndTheDelegateMayRefuseATap() {
    final class Refusing: UIView {
        override func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { false }
    }
    final class NoTouch: NSObject, UIGestureRecognizerDelegate {
        func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { false }
    }
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let refusing = Refusing(frame: root.bounds)
    root.addSubview(refusing)
    let listener = Listener()
    refusing.addGestureRecognizer(tap("refused", listener))
    let outer = tap("outer", listener)
    root.addGestureRecognizer(outer)
    var result = root.deliverTap(at: CGPoint(x: 50, y: 50), on: nil, time: 0)
    expect(listener.heard.map { $0.split(separator: " ")[0] } == ["outer"])
    let noTouch = NoTouch()
    outer.delegate = noTouch
    listener.heard = []
    result = root.deliverTap(at: CGPoint(x: 50, y: 50), on: nil, time: 0)
    expect(listener.heard.isEmpty)
    expect(result == TapDelivery())
    outer.delegate = nil
    outer.isEnabled = false
    result = root.deliverTap(at: CGPoint(x: 50, y: 50), on: nil, time: 0)
    expect(result == TapDelivery())
    // One that does not cancel touches handles the tap and leaves the views their touches.
    outer.isEnabled = true
    outer.cancelsTouchesInView = false
    result = root.deliverTap(at: CGPoint(x: 50, y: 50), on: nil, time: 0)
    expect(result == TapDelivery(handled: true, cancelsTouches: false))
}

@Test func aControlKeepsItsTapFromTheTapRecognisersAboveIt() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    let button = UIButton(type: .system)
    button.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    root.addSubview(button)
    let listener = Listener()
    button.addTarget(
        listener, action: Selector("buttonTapped:", Listener.buttonTapped(_:)), for: .touchUpInside)
    root.addGestureRecognizer(tap("root", listener))
    let result = root.deliverTap(at: CGPoint(x: 50, y: 50), on: nil, time: 0)
    expect(listener.heard == ["button"])
    expect(result == TapDelivery(handled: true, cancelsTouches: true))
    expect(!button.isHighlighted)
    // Beside the button the root's recogniser hears it.
    _ = root.deliverTap(at: CGPoint(x: 150, y: 50), on: nil, time: 0)
    expect(listener.heard.last?.hasPrefix("root") == true)
    // A recogniser on the button itself takes the tap from the button.
    button.addGestureRecognizer(tap("on button", listener))
    listener.heard = []
    _ = root.deliverTap(at: CGPoint(x: 50, y: 50), on: nil, time: 0)
    expect(listener.heard.map { $0.split(separator: " ")[0] } == ["on"])
    // A disabled button takes nothing: the tap goes past it.
    button.gestureRecognizers = nil
    button.isEnabled = false
    listener.heard = []
    _ = root.deliverTap(at: CGPoint(x: 50, y: 50), on: nil, time: 0)
    expect(listener.heard.map { $0.split(separator: " ")[0] } == ["root"])
}

@Test func aSwitchToggledASegmentChosenAPageTurnedByATap() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 200))
    let toggle = UISwitch(frame: CGRect(x: 0, y: 0, width: 51, height: 31))
    let segments = UISegmentedControl(items: ["A", "B", "C"])
    segments.frame = CGRect(x: 0, y: 50, width: 300, height: 32)
    segments.layoutIfNeeded()
    let pages = UIPageControl(frame: CGRect(x: 0, y: 100, width: 200, height: 30))
    pages.numberOfPages = 3
    for v in [toggle, segments, pages] { root.addSubview(v) }
    var changes: [String] = []
    // Each action reads its control unowned: a control holds its actions, as on iOS.
    toggle.addAction(
        UIAction { [unowned toggle] _ in changes.append("switch \(toggle.isOn)") }, for: .valueChanged)
    segments.addAction(
        UIAction { [unowned segments] _ in changes.append("segment \(segments.selectedSegmentIndex)") },
        for: .valueChanged)
    pages.addAction(
        UIAction { [unowned pages] _ in changes.append("page \(pages.currentPage)") }, for: .valueChanged)
    _ = root.deliverTap(at: CGPoint(x: 20, y: 15), on: nil, time: 0)
    _ = root.deliverTap(at: CGPoint(x: 250, y: 66), on: nil, time: 0)
    _ = root.deliverTap(at: CGPoint(x: 250, y: 66), on: nil, time: 0)
    _ = root.deliverTap(at: CGPoint(x: 150, y: 115), on: nil, time: 0)
    _ = root.deliverTap(at: CGPoint(x: 150, y: 115), on: nil, time: 0)
    _ = root.deliverTap(at: CGPoint(x: 150, y: 115), on: nil, time: 0)
    _ = root.deliverTap(at: CGPoint(x: 20, y: 115), on: nil, time: 0)
    expect(changes == ["switch true", "segment 2", "page 1", "page 2", "page 1"])
}

/// A double tap: the double-tap recogniser recognises and the single-tap one waiting for it to
/// fail does not; a single tap the other way round. A held tap: a long press begins and ends
/// and excludes the tap recogniser (it recognised first, at its minimum duration); a short tap
/// fails the long press; a finger held past 1.5 s taps nothing.
@Test func doubleTapsAndLongPresses() {
    let (root, child, _) = tree()
    let listener = Listener()
    listener.target = root
    let single = tap("single", listener)
    let double = tap("double", listener)
    double.numberOfTapsRequired = 2
    single.require(toFail: double)
    let press = UILongPressGestureRecognizer(
        target: listener, action: Selector("tapped:", Listener.tapped(_:)))
    press.name = "press"
    child.addGestureRecognizer(press)
    child.addGestureRecognizer(single)
    child.addGestureRecognizer(double)
    _ = root.deliverTap(at: CGPoint(x: 60, y: 60), on: nil, time: 0, tapCount: 2)
    expect(listener.heard == ["double ended (60.0, 60.0)"])
    listener.heard = []
    _ = root.deliverTap(at: CGPoint(x: 60, y: 60), on: nil, time: 0)
    expect(listener.heard == ["single ended (60.0, 60.0)"])
    listener.heard = []
    _ = root.deliverTap(at: CGPoint(x: 60, y: 60), on: nil, time: 0, hold: 0.8)
    expect(listener.heard == ["press began (60.0, 60.0)", "press ended (60.0, 60.0)"])
    listener.heard = []
    child.removeGestureRecognizer(press)
    _ = root.deliverTap(at: CGPoint(x: 60, y: 60), on: nil, time: 0, hold: 2)
    expect(listener.heard.isEmpty)
}

// MARK: In a scene

/// A column of 50 pt rows; the item `raised` is moved 100 pt to the right.
private final class RaisingColumn: UICollectionViewLayout {
    var raised: Int?
    /// How far each item is moved sideways (a pan's), when not raised.
    var shift: [Int: CGFloat] = [:]

    override var collectionViewContentSize: CGSize { CGSize(width: 200, height: 600) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<collectionView!.numberOfItems(inSection: 0)).map { item in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            a.frame = CGRect(
                x: item == raised ? 100 : shift[item] ?? 0, y: CGFloat(item) * 50, width: 80, height: 40)
            return a
        }
    }
}

/// A cell with a tap recogniser that raises its item.
private final class RaisingCell: UICollectionViewCell {
    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .systemBlue
        addGestureRecognizer(
            UITapGestureRecognizer(target: self, action: Selector("raise", RaisingCell.raise)))
    }

    required init?(coder: NSCoder) { nil }

    func raise() { raiseItem() }
}

extension UICollectionViewCell {
    /// Raises the cell's item in its RaisingColumn.
    fileprivate func raiseItem() {
        guard let collectionView = superview as? UICollectionView,
            let layout = collectionView.collectionViewLayout as? RaisingColumn,
            let item = collectionView.indexPath(for: self)?.item
        else { return }
        layout.raised = item
        layout.invalidateLayout()
    }
}

/// The timeline of a scene over a RaisingColumn (`layout: {type: raising...}`), made with
/// `configure`, and the left edge of an item's frame at an instant.
private func raisingTimeline(
    _ text: String, cells: [String: UICollectionViewCellFactory] = [:],
    configure: @escaping @Sendable (UICollectionView) -> Void = { _ in }
) throws -> (Timeline, (Int, Double) -> Double) {
    let layouts = [
        UIKitLayout.descriptor(type: "raising", cells: cells) { view in
            configure(view)
            return RaisingColumn()
        }
    ]
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + layouts)
    let timeline = try Timeline(scene)
    return (
        timeline,
        { item, t in
            timeline.frame(at: t).views[0].elements.first { $0.attributes.indexPath.item == item }!.attributes
                .frame.minX
        }
    )
}

/// Selections the delegate heard, kept across the scene's replays.
private final class Selections: NSObject, UICollectionViewDelegate, @unchecked Sendable {
    let lock = NSLock()
    var items: Set<Int> = []
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        lock.withLock { _ = items.insert(indexPath.item) }
    }
}

@Test func aTapOnACellWithATapRecogniserCallsItsActionAtTheTapsInstant() throws {
    let text = """
        canvas: {width: 200, height: 300, scale: 1}
        fps: 10
        content: {items: 5}
        layout: {type: raising, cell: raising}
        timeline:
          - wait: 0.5
          - tap: {item: [0, 2]}
          - wait: 0.5
          - tap: {at: [20, 170]}
          - wait: 0.5
        """
    let selections = Selections()
    let (_, left) = try raisingTimeline(text, cells: ["raising": { RaisingCell(frame: $0) }]) {
        $0.delegate = selections
    }
    func x(of item: Int, at t: Double) -> Double { left(item, t) }
    expect(x(of: 2, at: 0.4) == 0)
    // The recogniser took the tap: item 2 is raised from the tap's instant, no scroll to centre.
    expect(x(of: 2, at: 0.5) == 100)
    expect(x(of: 2, at: 0.9) == 100)
    // The second tap lands on item 3 (y 170 is in its row): it is raised, 2 comes back.
    expect(x(of: 3, at: 1.0) == 100)
    expect(x(of: 2, at: 1.4) == 0)
    // The recognisers cancel the cells' touches: nothing was selected.
    expect(selections.items.isEmpty)
}

/// The app's classic pattern: a tap recogniser on the collection view that finds the item under
/// the finger (`indexPathForItem(at: location(in:))`), with `cancelsTouchesInView` off so that
/// the item is selected too; on a scene without cells of its own.
private final class RaiseOnTap: NSObject {
    func tapped(_ g: UITapGestureRecognizer) {
        guard let collectionView = g.view as? UICollectionView,
            let layout = collectionView.collectionViewLayout as? RaisingColumn,
            let indexPath = collectionView.indexPathForItem(at: g.location(in: collectionView))
        else { return }
        layout.raised = indexPath.item
        layout.invalidateLayout()
    }
}

@Test func aTapRecogniserOnTheCollectionViewFindsTheItemUnderTheFinger() throws {
    let text = """
        canvas: {width: 200, height: 300, scale: 1}
        fps: 10
        content: {items: 5}
        layout: {type: raising}
        timeline:
          - wait: 0.5
          - tap: {at: [20, 120]}
          - wait: 0.5
        """
    let selections = Selections()
    let (timeline, _) = try raisingTimeline(text) { view in
        let raiser = RaiseOnTap()
        let g = UITapGestureRecognizer(target: raiser, action: Selector("tapped:", RaiseOnTap.tapped(_:)))
        g.cancelsTouchesInView = false
        view.addGestureRecognizer(g)
        // The recogniser holds its target weakly, as on iOS: keep it with the view.
        objc_setAssociatedObject(view, &raiserKey, raiser, .OBJC_ASSOCIATION_RETAIN)
        view.delegate = selections
    }
    let raised = timeline.frame(at: 0.6).views[0].elements.first { $0.attributes.frame.minX == 100 }
    expect(raised?.attributes.indexPath.item == 2)
    expect(selections.items == [2])
}

nonisolated(unsafe) private var raiserKey: UInt8 = 0

/// A cell with a long press recogniser that raises its item when the press begins.
private final class PressCell: UICollectionViewCell {
    override init(frame: CGRect) {
        super.init(frame: frame)
        addGestureRecognizer(
            UILongPressGestureRecognizer(target: self, action: Selector("pressed:", PressCell.pressed(_:))))
    }

    required init?(coder: NSCoder) { nil }

    func pressed(_ g: UILongPressGestureRecognizer) {
        if g.state == .began { raiseItem() }
    }
}

/// A scene's held tap (`hold`) is a long press: the cell's recogniser begins when the press has
/// lasted its 0.5 s, not before, and the timeline waits for the finger to lift; a short tap on
/// another item leaves it as it is.
@Test func aHeldTapIsALongPressThatBeginsAfterItsMinimumDuration() throws {
    let text = """
        canvas: {width: 200, height: 300, scale: 1}
        fps: 20
        content: {items: 5}
        layout: {type: raising, cell: press}
        timeline:
          - wait: 0.5
          - tap: {item: [0, 2], hold: 0.8}
          - tap: {item: [0, 3]}
          - wait: 0.5
        """
    let (timeline, left) = try raisingTimeline(text, cells: ["press": { PressCell(frame: $0) }])
    func x(of item: Int, at t: Double) -> Double { left(item, t) }
    expect(x(of: 2, at: 0.5) == 0)
    expect(x(of: 2, at: 0.95) == 0)
    expect(x(of: 2, at: 1.0) == 100)
    expect(x(of: 2, at: 1.25) == 100)
    // The next tap comes when the finger lifts, at 1.3 s: a short tap fails the long press.
    expect(x(of: 3, at: 1.5) == 0)
    expect(timeline.duration >= 1.8)
}

/// A view whose bounds a misbehaving layout made NaN takes no touch, and hit testing it does
/// not trap (Foundation's `CGRect.contains` does; fuzz/corpus/uikit holds the input that found
/// it).
@Test func aViewWithNaNBoundsTakesNoTouch() {
    let (root, child, _) = tree()
    child.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 100)
    expect(!child.point(inside: CGPoint(x: 10, y: 10), with: nil))
    expect(root.hitTest(CGPoint(x: 60, y: 60), with: nil) === root)
    _ = root.deliverTap(at: CGPoint(x: 60, y: 60), on: child, time: 0)
}

// MARK: Drags and pinches

/// What the recognisers of a scene heard, kept across its replays (the last replay's is what
/// a frame's objects heard).
private final class Heard: @unchecked Sendable {
    let lock = NSLock()
    var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    func reset() { lock.withLock { lines = [] } }
}

private let panHeard = Heard()

/// The swipe-to-dismiss pattern of apps' cells: a pan that begins only on a sideways drag
/// (its `gestureRecognizerShouldBegin` reads the velocity, as SwipeCellKit's does), moves its
/// row with the finger, and on release sends it away past 100 points or back.
private final class PanCell: UICollectionViewCell {
    override init(frame: CGRect) {
        super.init(frame: frame)
        addGestureRecognizer(
            UIPanGestureRecognizer(target: self, action: Selector("panned:", PanCell.panned(_:))))
    }

    required init?(coder: NSCoder) { nil }

    override func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool {
        guard let pan = g as? UIPanGestureRecognizer else { return true }
        let v = pan.velocity(in: self)
        return abs(v.x) > abs(v.y)
    }

    func panned(_ g: UIPanGestureRecognizer) {
        guard let collectionView = superview as? UICollectionView,
            let layout = collectionView.collectionViewLayout as? RaisingColumn,
            let item = collectionView.indexPath(for: self)?.item
        else { return }
        let x = g.translation(in: collectionView).x
        let t = CACurrentMediaTime()
        panHeard.add("\(item) \(g.state) \(x) \(g.velocity(in: collectionView).x) at \(t)")
        switch g.state {
        case .began, .changed: layout.shift[item] = x
        default:
            UIView.animate(withDuration: 0.4) {
                layout.shift[item] = abs(x) > 100 ? 120 : 0
                layout.invalidateLayout()
                collectionView.layoutIfNeeded()
            }
        }
        layout.invalidateLayout()
    }
}

/// A scene's drag over a cell with a pan reaches the pan, which takes it from the scroll view:
/// `.began` at the first refresh, `.changed` at each after, `.ended` at the lift, with the
/// finger's translation and velocity; the view does not scroll, and the scene lasts until the
/// release's animation ends. A drag the pan refuses (up the screen) scrolls.
@Test func aPanOnACellTakesTheDragFromTheScrollView() throws {
    let text = """
        canvas: {width: 200, height: 300, scale: 1}
        fps: 20
        content: {items: 5}
        layout: {type: raising, cell: pan}
        timeline:
          - wait: 0.5
          - drag: {by: [150, -30], duration: 0.5, at: [40, 70]}
          - drag: {by: [0, -100], duration: 0.25, at: [40, 170]}
          - wait: 0.5
        """
    panHeard.reset()
    let (timeline, left) = try raisingTimeline(text, cells: ["pan": { PanCell(frame: $0) }])
    expect(left(1, 0.5) == 0)
    // Halfway through the linear drag, on the 60 Hz grid: the row is 75 points along.
    expect(left(1, 0.75) == 75)
    expect(left(0, 0.75) == 0)
    // The drag goes 30 points up as well: the view would have scrolled, had the pan not taken it.
    expect(timeline.frame(at: 0.75).views[0].bounds.minY == 0)
    // Released 150 points along: sent away, its animation lasting until 1.4 s.
    expect(left(1, 1.0) == 120)
    expect(timeline.frame(at: 1.35).views[0].bounds.minY == 0)
    // The vertical drag (from 1.4 s) is refused by the cell's pan and scrolls the view.
    expect(timeline.frame(at: 1.65).views[0].bounds.minY > 50)
    expect(timeline.duration > 2.1)

    panHeard.reset()
    _ = timeline.frame(at: 1.0)
    let heard = panHeard.lines.filter { $0.hasPrefix("1 ") }.map { $0.split(separator: " ") }
    // 29 refreshes strictly between 0.5 s and 1.0 s, then the lift.
    expect(heard.count == 30)
    expect(heard.map { String($0[1]) } == ["began"] + Array(repeating: "changed", count: 28) + ["ended"])
    let first = heard.first.map { (Double($0[2])!, Double($0[3])!, Double($0[5])!) }
    expect(abs(first!.0 - 5) < 1e-9)  // 1/60 s into 150 points in 0.5 s
    expect(abs(first!.1 - 300) < 1e-6)  // points per second
    expect(abs(first!.2 - 31.0 / 60) < 1e-9)
    let last = heard.last.map { (Double($0[2])!, Double($0[5])!) }
    expect(last!.0 == 150 && last!.1 == 1.0)
}

/// Recognisers on the collection view itself, kept with it (they hold their targets weakly).
private final class ViewRecognisers: NSObject, UIGestureRecognizerDelegate, @unchecked Sendable {
    let heard = Heard()
    var simultaneous = false

    func swiped(_ g: UISwipeGestureRecognizer) {
        heard.add("swipe \(g.direction.rawValue) \(g.state) at \(CACurrentMediaTime())")
    }

    func pinched(_ g: UIPinchGestureRecognizer) {
        heard.add("pinch \(g.state) \(g.scale) \(g.velocity) \(g.numberOfTouches) at \(CACurrentMediaTime())")
        // The classic handler: scale by the change since the last event, then start again at 1.
        if g.state == .changed { g.scale = 1 }
    }

    func panned(_ g: UIPanGestureRecognizer) {
        heard.add("pan \(g.state) \(g.translation(in: g.view).y)")
    }

    func gestureRecognizer(
        _ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer
    ) -> Bool { simultaneous }
}

nonisolated(unsafe) private var recognisersKey: UInt8 = 0

private func viewRecognisersTimeline(
    _ text: String, _ add: @escaping @Sendable (UICollectionView, ViewRecognisers) -> Void
)
    throws -> (Timeline, ViewRecognisers)
{
    let recognisers = ViewRecognisers()
    let (timeline, _) = try raisingTimeline(text) { view in
        add(view, recognisers)
        objc_setAssociatedObject(view, &recognisersKey, recognisers, .OBJC_ASSOCIATION_RETAIN)
    }
    return (timeline, recognisers)
}

/// A swipe recognises a quick drag mostly along its direction once the finger has come 50
/// points, and sends `.ended` then; a drag along the axis the view scrolls goes to the scroll
/// view, whose pan begins first; a slow drag is no swipe.
@Test func aSwipeRecognisesAQuickDragAcrossTheScrollAxis() throws {
    let text = """
        canvas: {width: 200, height: 300, scale: 1}
        fps: 20
        content: {items: 5}
        layout: {type: raising}
        timeline:
          - drag: {by: [-200, 10], duration: 0.2, at: [100, 100]}
          - drag: {by: [0, -200], duration: 0.2, at: [100, 200]}
          - drag: {by: [-200, 0], duration: 2, at: [100, 100]}
          - wait: 0.2
        """
    let (timeline, recognisers) = try viewRecognisersTimeline(text) { view, r in
        let swipe = UISwipeGestureRecognizer(
            target: r, action: Selector("swiped:", ViewRecognisers.swiped(_:)))
        swipe.direction = [.left, .up]
        view.addGestureRecognizer(swipe)
    }
    recognisers.heard.reset()
    _ = timeline.frame(at: timeline.duration)
    // 50 of 200 points: a quarter of the linear drag, 0.05 s, on the 60 Hz grid at 3/60 s.
    expect(recognisers.heard.lines == ["swipe 6 ended at 0.05"])  // left and up
    // The swipe took the first drag: nothing scrolled until the second, which scrolls.
    expect(timeline.frame(at: 0.2).views[0].bounds.minY == 0)
    expect(timeline.frame(at: 0.4).views[0].bounds.minY > 100)
}

/// A pinch recogniser hears the scene's pinch: `.began` at the first refresh, `.changed` at each,
/// `.ended` at the lift, two touches, the scale of the fingers' distance (1 to 2, linear) less
/// what the handler set back, and its velocity; a layout with no pinch of its own takes it so.
@Test func aPinchRecogniserHearsTheScenesPinch() throws {
    let text = """
        canvas: {width: 200, height: 300, scale: 1}
        fps: 20
        content: {items: 5}
        layout: {type: raising}
        timeline:
          - pinch: {scale: 2, duration: 0.5, curve: linear}
          - wait: 0.2
        """
    let (timeline, recognisers) = try viewRecognisersTimeline(text) { view, r in
        view.addGestureRecognizer(
            UIPinchGestureRecognizer(target: r, action: Selector("pinched:", ViewRecognisers.pinched(_:))))
    }
    recognisers.heard.reset()
    _ = timeline.frame(at: timeline.duration)
    let lines = recognisers.heard.lines.map { $0.split(separator: " ") }
    expect(lines.count == 30)  // 29 refreshes before 0.5 s, the lift
    expect(lines.first.map { Array($0[1...4]) } == ["began", "\(1 + 1.0 / 30)", "2.0", "2"])
    // After each .changed the handler set the scale back to 1: the next reads the change since.
    let third = Double(lines[2][2])!
    expect(abs(third - (1 + 3.0 / 30) / (1 + 2.0 / 30)) < 1e-12)
    expect(lines.last.map { String($0[1]) } == "ended")
    expect(timeline.duration >= 0.7)
}

/// A pan on the collection view whose delegate lets it recognise with the scroll view's pan
/// hears the drag while the view scrolls; without that, the pan takes the drag.
@Test func aPanBesideTheScrollViewsPanHearsTheDragWhileItScrolls() throws {
    let text = """
        canvas: {width: 200, height: 300, scale: 1}
        fps: 20
        content: {items: 5}
        layout: {type: raising}
        timeline:
          - drag: {by: [0, -100], duration: 0.25, at: [100, 200]}
          - wait: 0.1
        """
    for simultaneous in [true, false] {
        let (timeline, recognisers) = try viewRecognisersTimeline(text) { view, r in
            r.simultaneous = simultaneous
            let pan = UIPanGestureRecognizer(
                target: r, action: Selector("panned:", ViewRecognisers.panned(_:)))
            pan.delegate = r
            view.addGestureRecognizer(pan)
        }
        recognisers.heard.reset()
        _ = timeline.frame(at: timeline.duration)
        let began = recognisers.heard.lines.first?.split(separator: " ")
        expect(began?[1] == "began")
        let translation: Double = try #require(began.flatMap { Double($0[2]) })
        expect(abs(translation + 100.0 / 15) < 1e-9)  // 1/60 s of 0.25 s
        expect(recognisers.heard.lines.last == "pan ended -100.0")
        let scrolled = timeline.frame(at: 0.25).views[0].bounds.minY
        expect(simultaneous ? scrolled > 50 : scrolled == 0)
    }
}

// MARK: Swipe actions

/// A list row with its text (a scene's cell: configured from its attributes).
private final class RowCell: UICollectionViewListCell {
    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        var content = defaultContentConfiguration()
        content.text = "Row \(layoutAttributes.indexPath.item)"
        contentConfiguration = content
    }
}

/// A list with trailing actions, Archive and Delete, whose handlers say to `swipeHeard` when they
/// ran (each test its own: tests run side by side).
private func swipeListTimeline(_ text: String, _ swipeHeard: Heard) throws -> Timeline {
    let layouts = [
        UIKitLayout.descriptor(type: "list", cells: ["row": { RowCell(frame: $0) }]) { _ in
            var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
            configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
                let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in
                    swipeHeard.add("delete \(indexPath.item) at \(CACurrentMediaTime())")
                    done(true)
                }
                let archive = UIContextualAction(style: .normal, title: "Archive") { _, _, done in done(true)
                }
                archive.backgroundColor = .systemBlue
                return UISwipeActionsConfiguration(actions: [delete, archive])
            }
            return UICollectionViewCompositionalLayout.list(using: configuration)
        }
    ]
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + layouts)
    return try Timeline(scene)
}

/// A drag to the left over a list row with trailing actions slides its content with the finger
/// and shows the buttons in the space (Delete at the edge); released past half the buttons'
/// width the row opens to their width and stays open; a drag past 60 % of the width performs
/// the first action and the row closes; the list does not scroll.
@Test func aSidewaysDragOverAListRowShowsItsSwipeActions() throws {
    let text = """
        canvas: {width: 390, height: 400, scale: 1}
        fps: 20
        content: {items: 6}
        layout: {type: list, cell: row}
        timeline:
          - wait: 0.2
          - drag: {by: [-150, 0], duration: 0.3, at: [300, 66]}
          - wait: 0.5
          - drag: {by: [-330, 0], duration: 0.3, at: [300, 110]}
          - wait: 0.5
        """
    let swipeHeard = Heard()
    let timeline = try swipeListTimeline(text, swipeHeard)
    func row(_ item: Int, at t: Double) -> LayerSnapshot {
        timeline.frame(at: t).views[0].elements.first {
            $0.attributes.indexPath.item == item && $0.attributes.representedElementCategory == .cell
        }!.content!
    }
    /// The buttons shown: their colours' red channel and widths, from the content outwards.
    func buttons(_ r: LayerSnapshot) -> [(red: Double, width: Double)] {
        let actions = r.sublayers.first { $0.bounds.width > 0 && $0.position.x > 390 }
        return (actions?.sublayers ?? []).sorted { $0.position.x < $1.position.x }.map {
            ($0.backgroundColor?.red ?? -1, $0.bounds.width)
        }
    }
    expect(row(1, at: 0.1).bounds.minX == 0)
    // Half way through the drag: 75 points uncovered, shared by the two buttons.
    let half = row(1, at: 0.35)
    expect(half.bounds.minX == 75)
    expect(abs(buttons(half).reduce(0) { $0 + $1.width } - 75) < 1e-9)
    // Released at 150: open to the buttons' own widths, Archive (blue) then Delete (red).
    let open = row(1, at: 0.95)
    let shown = buttons(open)
    expect(shown.count == 2 && shown[0].red < 0.1 && shown[1].red == 1)
    expect(shown.allSatisfy { $0.width >= 74 })
    expect(abs(open.bounds.minX - shown.reduce(0) { $0 + $1.width }) < 1e-9)
    expect(timeline.frame(at: 0.95).views[0].bounds.minY == 0)
    // The first drag lasts until its row has opened (0.8 s); the second, from 1.3 s, 330 points
    // of 390: a full swipe, Delete runs at the lift (1.6 s) and the row closes.
    expect(row(2, at: timeline.duration).bounds.minX == 0)
    let heard = swipeHeard.lines
    expect(heard.first == "delete 2 at 1.6")
    expect(Set(heard).count == 1)
}

/// An open row closes when the list is tapped (the tap does nothing else) or starts to scroll,
/// and a tap on one of its buttons performs that action, as on iOS.
@Test func aTapOrAScrollClosesAnOpenRow() throws {
    for (second, name) in [
        ("tap: {item: [0, 4]}", "tap"),
        ("drag: {by: [0, -60], duration: 0.3, curve: easeInEaseOut}", "scroll"),
        ("tap: {at: [385, 66]}", "tap on Delete"),
    ] {
        let swipeHeard = Heard()
        let text = """
            canvas: {width: 390, height: 300, scale: 1}
            fps: 20
            content: {items: 20}
            layout: {type: list, cell: row}
            timeline:
              - drag: {by: [-150, 0], duration: 0.3, at: [300, 66]}
              - wait: 0.2
              - \(second)
              - wait: 0.5
            """
        let timeline = try swipeListTimeline(text, swipeHeard)
        func openBy(at t: Double) -> Double {
            timeline.frame(at: t).views[0].elements.first {
                $0.attributes.indexPath.item == 1 && $0.attributes.representedElementCategory == .cell
            }?.content?.bounds.minX ?? .nan
        }
        expect(openBy(at: 0.75) > 74, "\(name)")
        expect(openBy(at: timeline.duration) == 0, "\(name)")
        // The row opened by 0.6 s; the tap at 0.8 s on its Delete button performs it, the
        // others perform nothing.
        _ = timeline.frame(at: timeline.duration)
        // (Every replay of the history hears it: the objects of each frame run it again.)
        expect(Set(swipeHeard.lines) == (name == "tap on Delete" ? ["delete 1 at 0.8"] : []), "\(name)")
    }
}

/// The view a tap lands on hears it through the touches methods as on iOS: `touchesBegan` and
/// `touchesEnded` with the touch where it landed; what a view does not override goes up the
/// responder chain, through the controller whose view it is; a recogniser that recognises and
/// cancels touches in its view turns the end into `touchesCancelled`; a control keeps its
/// touches.
@Test func theViewHitHearsTheTapThroughItsTouchesMethods() {
    final class Pad: UIView {
        var heard: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            let p = touches.first!.location(in: self)
            heard.append("began (\(p.x), \(p.y)) \(event?.allTouches?.count ?? 0)")
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            heard.append("ended \(touches.first!.phase == .ended)")
        }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
            heard.append("cancelled")
        }
    }
    final class Screen: UIViewController {
        var heard: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { heard.append("began") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { heard.append("ended") }
    }
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let pad = Pad(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
    root.addSubview(pad)
    _ = root.deliverTap(at: CGPoint(x: 60, y: 70), on: nil, time: 2)
    expect(pad.heard == ["began (10.0, 20.0) 1", "ended true"], "\(pad.heard)")

    // A plain view passes its touches up: here to the controller whose view holds it.
    let screen = Screen()
    screen.view.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
    let plain = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    screen.view.addSubview(plain)
    expect(plain.next === screen.view && screen.view.next === screen)
    _ = screen.view.deliverTap(at: CGPoint(x: 20, y: 20), on: nil, time: 2)
    expect(screen.heard == ["began", "ended"], "\(screen.heard)")

    // A tap recogniser on the pad recognises and cancels the pad's touches.
    pad.heard = []
    let listener = Listener()
    pad.addGestureRecognizer(tap("pad", listener))
    _ = root.deliverTap(at: CGPoint(x: 60, y: 70), on: nil, time: 2)
    expect(pad.heard == ["began (10.0, 20.0) 1", "cancelled"], "\(pad.heard)")

    // A button keeps its touches: the controller hears nothing of a tap on one.
    screen.heard = []
    let button = UIButton(frame: CGRect(x: 100, y: 100, width: 60, height: 40))
    screen.view.addSubview(button)
    _ = screen.view.deliverTap(at: CGPoint(x: 120, y: 120), on: nil, time: 2)
    expect(screen.heard.isEmpty, "\(screen.heard)")
}
