import Foundation
import FrameGenUIKitRendering
import TestTiers
import Testing

@testable import FrameGenQuartzCore
@testable import FrameGenUIKit

// What real app files touch beside the collection view (met compiling FSPagerView and
// SwipeCellKit): transactions, layer actions and animation keys, a view's window, the
// target-action form of notifications.

@Test func transactionsKeepTheirSettingsAndRunTheOutermostCompletionOnCommit() {
    var log: [String] = []
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    CATransaction.setAnimationDuration(0.5)
    expect(CATransaction.disableActions())
    expect(CATransaction.animationDuration() == 0.5)
    CATransaction.setCompletionBlock { log.append("outer") }
    CATransaction.begin()
    CATransaction.setCompletionBlock { log.append("inner") }
    expect(!CATransaction.disableActions())
    CATransaction.commit()
    expect(log.isEmpty)
    CATransaction.commit()
    expect(log == ["outer", "inner"])
    expect(!CATransaction.disableActions())

    // On the scene's clock the completion runs after the code that committed.
    let clock = LayerAnimator()
    LayerAnimator.$current.withValue(clock) {
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.append("clock") }
        CATransaction.commit()
        log.append("after commit")
        clock.settle()
    }
    expect(log.suffix(2) == ["after commit", "clock"])
}

@Test func aLayersActionsAreKeptAndItsAnimationKeysAreTheViewAnimationsRunning() {
    let layer = CAShapeLayer()
    layer.actions = ["bounds": NSNull(), "position": NSNull()]
    expect(layer.action(forKey: "bounds") is NSNull)
    expect(layer.action(forKey: "opacity") == nil)

    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let clock = LayerAnimator()
    clock.roots = [view.layer]
    var finished: [Bool] = []
    LayerAnimator.$current.withValue(clock) {
        expect(view.layer.animationKeys() == nil)
        UIView.animate(withDuration: 1, animations: { view.alpha = 0.5 }, completion: { finished.append($0) })
        expect(view.layer.animationKeys() == ["opacity"])
        clock.advance(to: 0.5)
        view.layer.removeAllAnimations()
        expect(view.layer.animationKeys() == nil)
        expect(clock.presentation(of: view.layer).number(.opacity) == 0.5)
        clock.settle()
    }
    expect(finished == [false])
}

@Test func aViewsWindow() {
    let loose = UIView(frame: .zero)
    expect(loose.window == nil)
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let inWindow = UIView(frame: .zero)
    window.addSubview(inWindow)
    expect(inWindow.window === window)
    let root = UIView(frame: .zero)
    let shown = UIView(frame: .zero)
    root.addSubview(shown)
    expect(shown.window == nil)
    root.isOnScreen = true
    expect(shown.window != nil)
}

private final class Observer: NSObject {
    var heard: [String] = []
    func changed(_ notification: Notification) { heard.append("struct \(notification.name.rawValue)") }
    func legacy(_ notification: NSNotification) { heard.append("class \(notification.name.rawValue)") }
}

@Test func notificationsSendTheObserversSelector() {
    let center = NotificationCenter()
    let name = Notification.Name("framegen.test")
    var observer: Observer? = Observer()
    let heard = { observer?.heard ?? [] }
    center.addObserver(
        observer!, selector: Selector("changed:", Observer.changed(_:)), name: name, object: nil)
    center.addObserver(observer!, selector: Selector("legacy:", Observer.legacy(_:)), name: name, object: nil)
    center.post(name: name, object: nil)
    // Foundation on Linux calls the newest observer first; iOS promises no order.
    expect(heard().sorted() == ["class framegen.test", "struct framegen.test"])
    // Released, it hears nothing (and nothing crashes).
    weak let gone = observer
    observer = nil
    expect(gone == nil)
    center.post(name: name, object: nil)
    expect(UIDevice.orientationDidChangeNotification.rawValue == "UIDeviceOrientationDidChangeNotification")
    expect(
        UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
            .isPrefetchingEnabled)
}

/// Met on CollectionViewPagingLayout and the Marvel app (issue 35's third walkthrough): a
/// visual effect view keeps its effect and draws its background and content without it; a
/// colour of the asset catalog is nil, which Linux has no catalog for, so code falls back.
@Test func aVisualEffectViewDrawsItsContentAndAnAssetCatalogColourIsNil() {
    let blur = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterialDark))
    blur.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
    expect((blur.effect as? UIBlurEffect)?.style == .systemMaterialDark)
    expect(UIBlurEffect.Style.systemMaterialDark.rawValue == 18)
    expect(blur.contentView.superview === blur && blur.contentView.frame == blur.bounds)
    let fill = UIView(frame: CGRect(x: 10, y: 0, width: 10, height: 10))
    fill.backgroundColor = .red
    blur.contentView.addSubview(fill)
    blur.backgroundColor = .blue
    let image = UIGraphicsImageRenderer(
        bounds: blur.bounds, format: UIGraphicsImageRendererFormat(for: UITraitCollection(displayScale: 1))
    ).image { blur.layer.render(in: $0.cgContext) }
    expect(ImageRendererTests.pixel(image, 2, 5) == [0, 0, 255, 255])
    expect(ImageRendererTests.pixel(image, 15, 5) == [255, 0, 0, 255])
    expect(UIColor(named: "AccentColor") == nil)
    expect((UIColor(named: "AccentColor") ?? .systemBlue) == .systemBlue)
}

/// Block-based key-value observing of a view's geometry, as CollectionViewPagingLayout observes
/// its collection view's bounds and content offset: `.initial` at once, then one notification
/// per change of the value (none when it is set to what it was), `.prior` just before, the old
/// and new values as asked; nothing after `invalidate()` or once the observation is released.
@Test func keyValueObservingOfAViewsGeometry() {
    let view = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
    var seen: [String] = []
    var observation: NSKeyValueObservation? = view.observe(\.bounds, options: [.initial, .new, .old, .prior])
    {
        _, change in
        seen.append(
            "\(change.isPrior ? "prior " : "")\(change.oldValue.map { "\($0.size.width)" } ?? "-")>\(change.newValue.map { "\($0.size.width)" } ?? "-")"
        )
    }
    expect(seen == ["->100.0"])
    view.frame = CGRect(x: 0, y: 0, width: 120, height: 50)
    expect(seen == ["->100.0", "prior 100.0>-", "100.0>120.0"])
    view.frame = CGRect(x: 0, y: 0, width: 120, height: 50)
    expect(seen.count == 3)
    var offsets: [CGPoint] = []
    let offsetObservation = view.observe(\.contentOffset, options: [.new]) { _, change in
        offsets.append(change.newValue!)
    }
    view.contentOffset = CGPoint(x: 0, y: 30)
    expect(offsets == [CGPoint(x: 0, y: 30)])
    expect(seen.count == 5)  // the bounds' origin moved too
    observation?.invalidate()
    view.contentOffset = CGPoint(x: 0, y: 40)
    expect(seen.count == 5)
    expect(offsets.count == 2)
    observation = nil
    withExtendedLifetime(offsetObservation) {}
    var late = 0
    do {
        _ = view.observe(\.center) { _, _ in late += 1 }
    }
    view.center = CGPoint(x: 1, y: 1)
    expect(late == 0)
}

// Met on SwipeCellKit: an action button sized to its title, a cell that answers VoiceOver's
// container questions and custom actions, a haptic tap when an action expands.

@Test func aStringsBoundingRectIsItsLabelsSizeWrappedOnlyFromTheLineFragmentOrigin() {
    let font = UIFont.systemFont(ofSize: 15)
    let label = UILabel()
    label.font = font
    label.text = "Archive"
    let oneLine = "Archive".boundingRect(
        with: CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude),
        options: [.usesLineFragmentOrigin], attributes: [.font: font], context: nil)
    expect(oneLine.origin == .zero)
    expect(oneLine.size == label.intrinsicContentSize)

    // Wrapped at the width asked; the height asked is no limit.
    let text = "Move to another folder and mark as read"
    let wrapped = text.boundingRect(
        with: CGSize(width: 80, height: 10), options: .usesLineFragmentOrigin, attributes: [.font: font],
        context: nil)
    expect(wrapped.width <= 80)
    expect(wrapped.height > 2 * font.lineHeight)

    // Without the option: one line, its rectangle from the baseline.
    let baseline = (text as NSString).boundingRect(
        with: CGSize(width: 80, height: 10), options: [], attributes: [.font: font], context: nil)
    expect(baseline.minY == -font.ascender)
    expect(baseline.width > 80)
    expect(baseline.height == oneLine.height)
    expect(text.size(withAttributes: [.font: font]) == baseline.size)
}

@Test func accessibilityContainersAndCustomActionsAnswerAsOnADeviceWithoutVoiceOver() {
    expect(!UIAccessibility.isVoiceOverRunning)
    let view = UIView()
    expect(view.accessibilityElements == nil)
    expect(view.accessibilityElementCount() == 0)
    expect(view.accessibilityElement(at: 0) == nil)
    let label = UILabel()
    view.accessibilityElements = [label]
    expect(view.accessibilityElementCount() == 1)
    expect(view.accessibilityElement(at: 0) as? UILabel === label)
    expect(view.index(ofAccessibilityElement: label) == 0)
    expect(view.index(ofAccessibilityElement: UIView()) == NSNotFound)

    final class Cell: UIView {
        var actionsShown = false
        override func accessibilityElementCount() -> Int {
            actionsShown ? 1 : super.accessibilityElementCount()
        }
        func delete(_ action: UIAccessibilityCustomAction) -> Bool { true }
    }
    let cell = Cell()
    cell.actionsShown = true
    expect(cell.accessibilityElementCount() == 1)
    let action = UIAccessibilityCustomAction(
        name: "Delete", target: cell, selector: Selector("delete:", Cell.delete(_:)))
    cell.accessibilityCustomActions = [action]
    expect(cell.accessibilityCustomActions?.first?.name == "Delete")
    expect(action.target === cell)
    expect(action.selector?.canBeSent(to: cell) == true)
    // Images carry an identifier too, as UIAccessibilityIdentification gives them.
    let image = UIImage()
    image.accessibilityIdentifier = "trash"
    expect(image.accessibilityIdentifier == "trash")
}

@Test func feedbackGeneratorsKeepTheirStyleAndPlayNothing() {
    let generator = UIImpactFeedbackGenerator(style: .heavy)
    generator.prepare()
    generator.impactOccurred()
    generator.impactOccurred(intensity: 0.5)
    expect(generator.style == .heavy)
    UISelectionFeedbackGenerator().selectionChanged()
    UINotificationFeedbackGenerator().notificationOccurred(.success)
}
