import Foundation
import FrameGenKit
import TestTiers
import Testing

import struct FrameGenGeometry.Rect
import struct FrameGenGeometry.Size
import struct FrameGenLayout.CollectionViewDataSource
import struct FrameGenLayout.CollectionViewState
import struct FrameGenLayout.LayoutDescriptor
import enum FrameGenLayout.LayoutRegistry

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitHost
@testable import FrameGenUIKitRendering

// Declarations as UIKit has them, so that iOS code compiles unchanged: non-escaping blocks,
// designated initialisers, members a subclass overrides, and the API an app's code calls.

// MARK: performBatchUpdates: UIKit's block is NS_NOESCAPE

/// A feed as an app writes one: its own model, changed inside `performBatchUpdates` with
/// implicit `self`, and an override of UIKit's exact signature that must still be called.
private final class FeedCollectionView: UICollectionView {
    var items: [Int] = []
    var overrideCalls = 0

    override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        overrideCalls += 1
        super.performBatchUpdates(updates, completion: completion)
    }

    func add(_ x: Int) -> [Bool] {
        var finished: [Bool] = []
        performBatchUpdates({ items.append(x) })
        performBatchUpdates { items.append(x) }
        performBatchUpdates({ items.append(x) }, completion: { finished.append($0) })
        performBatchUpdates({ items.append(x) }) { finished.append($0) }
        performBatchUpdates(nil, completion: { finished.append($0) })
        let stored: (() -> Void)? = { self.items.append(x) }
        performBatchUpdates(stored, completion: nil)
        return finished
    }
}

private final class FeedTableView: UITableView {
    var items: [Int] = []
    var overrideCalls = 0

    override func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        overrideCalls += 1
        super.performBatchUpdates(updates, completion: completion)
    }

    func add(_ x: Int) {
        performBatchUpdates({ items.append(x) })
        performBatchUpdates { items.append(x) }
        performBatchUpdates({ items.append(x) }) { _ in }
        performBatchUpdates(nil, completion: nil)
    }
}

/// A controller whose closure uses its own properties with implicit `self`.
private final class FeedController: UIViewController {
    var items: [Int] = []
    let collection = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: UICollectionViewFlowLayout()
    )
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), style: .plain)

    func add() {
        collection.performBatchUpdates({ items.append(1) })
        table.performBatchUpdates({ items.append(2) }, completion: nil)
        collection.performBatchUpdates(nil)
        table.performBatchUpdates(nil)
    }
}

@Test func performBatchUpdatesTakesANonEscapingClosureAndStillCallsTheAppsOverride() {
    let view = FeedCollectionView(
        frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: UICollectionViewFlowLayout()
    )
    let finished = view.add(7)
    expect(view.items == [7, 7, 7, 7, 7])
    expect(view.overrideCalls == 6)
    expect(finished == [true, true, true])
    // Through the base type, as framegen or another library calls it.
    let base: UICollectionView = view
    base.performBatchUpdates({ view.items.append(8) })
    expect(view.overrideCalls == 7)

    let table = FeedTableView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), style: .plain)
    table.add(3)
    expect(table.items == [3, 3, 3])
    expect(table.overrideCalls == 4)

    let controller = FeedController()
    controller.add()
    expect(controller.items == [1, 2])
}

// MARK: UICollectionViewCompositionalLayout's initialisers are designated

private final class ColumnsLayout: UICollectionViewCompositionalLayout {
    let columns: Int

    init(columns: Int) {
        self.columns = columns
        super.init(sectionProvider: { _, _ in ColumnsLayout.section(columns: columns) })
    }

    init(columns: Int, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.columns = columns
        super.init(section: ColumnsLayout.section(columns: columns), configuration: configuration)
    }

    required init?(coder: NSCoder) { nil }

    static func section(columns: Int) -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: .absolute(50)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
            subitems: [item])
        return NSCollectionLayoutSection(group: group)
    }
}

@Test(arguments: [false, true])
func aCompositionalLayoutSubclassCallsSuperInitSectionProviderFromItsOwnDesignatedInitialiser(
    configured: Bool
) {
    var layout = UIKitLayout(name: "columns") { _ in
        configured ? ColumnsLayout(columns: 2, configuration: .init()) : ColumnsLayout(columns: 2)
    }
    layout.prepare(
        CollectionViewState(
            size: Size(width: 200, height: 400), contentOffset: .zero,
            dataSource: CollectionViewDataSource(itemCounts: [4])))
    expect(
        layout.layoutAttributesForItem(at: .init(section: 0, item: 1))?.frame
            == Rect(x: 100, y: 0, width: 100, height: 50))
    expect(
        layout.layoutAttributesForItem(at: .init(section: 0, item: 2))?.frame
            == Rect(x: 0, y: 50, width: 100, height: 50))
}

// MARK: Members UIKit declares on the class can be overridden

private final class OverridingView: UIView {
    var calls: Set<String> = []

    override var gestureRecognizers: [UIGestureRecognizer]? {
        get {
            calls.insert("gestureRecognizers")
            return super.gestureRecognizers
        }
        set { super.gestureRecognizers = newValue }
    }
    override func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        calls.insert("addGestureRecognizer")
        super.addGestureRecognizer(gestureRecognizer)
    }
    override func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        calls.insert("removeGestureRecognizer")
        super.removeGestureRecognizer(gestureRecognizer)
    }
    override func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        calls.insert("snapshotView")
        return super.snapshotView(afterScreenUpdates: afterUpdates)
    }
    override func resizableSnapshotView(
        from rect: CGRect, afterScreenUpdates afterUpdates: Bool, withCapInsets capInsets: UIEdgeInsets
    ) -> UIView? {
        calls.insert("resizableSnapshotView")
        return super.resizableSnapshotView(
            from: rect, afterScreenUpdates: afterUpdates, withCapInsets: capInsets)
    }
    override var traitCollection: UITraitCollection {
        calls.insert("traitCollection")
        return super.traitCollection
    }
    override var safeAreaInsets: UIEdgeInsets { UIEdgeInsets(top: 7, left: 0, bottom: 0, right: 0) }
    override var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .rightToLeft }
    override func endEditing(_ force: Bool) -> Bool {
        calls.insert("endEditing")
        return false
    }
    override var translatesAutoresizingMaskIntoConstraints: Bool {
        get { super.translatesAutoresizingMaskIntoConstraints }
        set {
            calls.insert("translatesAutoresizingMaskIntoConstraints")
            super.translatesAutoresizingMaskIntoConstraints = newValue
        }
    }
    override var constraints: [NSLayoutConstraint] {
        calls.insert("constraints")
        return super.constraints
    }
    override func addConstraint(_ constraint: NSLayoutConstraint) {
        calls.insert("addConstraint")
        super.addConstraint(constraint)
    }
    override func addConstraints(_ constraints: [NSLayoutConstraint]) {
        calls.insert("addConstraints")
        super.addConstraints(constraints)
    }
    override func removeConstraint(_ constraint: NSLayoutConstraint) {
        calls.insert("removeConstraint")
        super.removeConstraint(constraint)
    }
    override func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        calls.insert("removeConstraints")
        super.removeConstraints(constraints)
    }
    override var firstBaselineAnchor: NSLayoutYAxisAnchor {
        calls.insert("firstBaselineAnchor")
        return super.firstBaselineAnchor
    }
    override var lastBaselineAnchor: NSLayoutYAxisAnchor {
        calls.insert("lastBaselineAnchor")
        return super.lastBaselineAnchor
    }
    override var layoutMarginsGuide: UILayoutGuide {
        calls.insert("layoutMarginsGuide")
        return super.layoutMarginsGuide
    }
    override var safeAreaLayoutGuide: UILayoutGuide {
        calls.insert("safeAreaLayoutGuide")
        return super.safeAreaLayoutGuide
    }
    override var keyboardLayoutGuide: UIKeyboardLayoutGuide {
        calls.insert("keyboardLayoutGuide")
        return super.keyboardLayoutGuide
    }
    override var readableContentGuide: UILayoutGuide {
        calls.insert("readableContentGuide")
        return super.readableContentGuide
    }
    override var layoutGuides: [UILayoutGuide] {
        calls.insert("layoutGuides")
        return super.layoutGuides
    }
    override func addLayoutGuide(_ guide: UILayoutGuide) {
        calls.insert("addLayoutGuide")
        super.addLayoutGuide(guide)
    }
    override func removeLayoutGuide(_ guide: UILayoutGuide) {
        calls.insert("removeLayoutGuide")
        super.removeLayoutGuide(guide)
    }
    override func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        calls.insert("contentHuggingPriority")
        return super.contentHuggingPriority(for: axis)
    }
    override func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        calls.insert("setContentHuggingPriority")
        super.setContentHuggingPriority(priority, for: axis)
    }
    override func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority
    {
        calls.insert("contentCompressionResistancePriority")
        return super.contentCompressionResistancePriority(for: axis)
    }
    override func setContentCompressionResistancePriority(
        _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
    ) {
        calls.insert("setContentCompressionResistancePriority")
        super.setContentCompressionResistancePriority(priority, for: axis)
    }
    override func needsUpdateConstraints() -> Bool {
        calls.insert("needsUpdateConstraints")
        return super.needsUpdateConstraints()
    }
    override var hasAmbiguousLayout: Bool {
        calls.insert("hasAmbiguousLayout")
        return super.hasAmbiguousLayout
    }
}

private final class OverridingScrollView: UIScrollView {
    var asked = false
    override var panGestureRecognizer: UIPanGestureRecognizer {
        asked = true
        return super.panGestureRecognizer
    }
}

@Test func membersUIKitDeclaresOnUIViewAreOverriddenAndTheOverrideIsCalled() {
    let own = OverridingView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    let view: UIView = own
    let tap = UITapGestureRecognizer()
    view.addGestureRecognizer(tap)
    expect(view.gestureRecognizers?.count == 1)
    view.removeGestureRecognizer(tap)
    // The setter goes through the overridable add, as UIKit's does.
    view.gestureRecognizers = [tap]
    expect(
        own.calls.isSuperset(of: ["addGestureRecognizer", "removeGestureRecognizer", "gestureRecognizers"]))
    expect(view.snapshotView(afterScreenUpdates: false) != nil)
    expect(
        view.resizableSnapshotView(
            from: CGRect(x: 0, y: 0, width: 10, height: 10), afterScreenUpdates: false, withCapInsets: .zero)
            != nil)
    _ = view.traitCollection
    expect(view.safeAreaInsets.top == 7)
    expect(view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    expect(view.endEditing(true) == false)
    view.translatesAutoresizingMaskIntoConstraints = false
    let other = UIView()
    view.addSubview(other)
    let c = other.widthAnchor.constraint(equalToConstant: 10)
    view.addConstraint(c)
    view.removeConstraint(c)
    view.addConstraints([c])
    view.removeConstraints([c])
    _ = view.constraints
    _ = (view.firstBaselineAnchor, view.lastBaselineAnchor)
    _ = (
        view.layoutMarginsGuide, view.safeAreaLayoutGuide, view.keyboardLayoutGuide, view.readableContentGuide
    )
    let guide = UILayoutGuide()
    view.addLayoutGuide(guide)
    _ = view.layoutGuides
    view.removeLayoutGuide(guide)
    view.setContentHuggingPriority(.defaultLow, for: .horizontal)
    _ = view.contentHuggingPriority(for: .horizontal)
    view.setContentCompressionResistancePriority(.defaultHigh, for: .vertical)
    _ = view.contentCompressionResistancePriority(for: .vertical)
    _ = view.needsUpdateConstraints()
    _ = view.hasAmbiguousLayout
    let expected: Set<String> = [
        "snapshotView", "resizableSnapshotView", "traitCollection", "endEditing",
        "translatesAutoresizingMaskIntoConstraints", "constraints", "addConstraint", "addConstraints",
        "removeConstraint", "removeConstraints", "firstBaselineAnchor", "lastBaselineAnchor",
        "layoutMarginsGuide", "safeAreaLayoutGuide", "keyboardLayoutGuide", "readableContentGuide",
        "layoutGuides",
        "addLayoutGuide", "removeLayoutGuide", "contentHuggingPriority", "setContentHuggingPriority",
        "contentCompressionResistancePriority", "setContentCompressionResistancePriority",
        "needsUpdateConstraints", "hasAmbiguousLayout",
    ]
    expect(expected.subtracting(own.calls).isEmpty, "not called: \(expected.subtracting(own.calls))")

    let scroll = OverridingScrollView()
    _ = (scroll as UIScrollView).panGestureRecognizer
    expect(scroll.asked)
}

// MARK: Missing members

@Test func contentScaleFactorIsTheScreensScaleUntilSetAndThenTheLayersContentsScale() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    expect(view.contentScaleFactor == UIScreen.main.scale)
    view.contentScaleFactor = 1.5
    expect(view.contentScaleFactor == 1.5)
    expect(view.layer.contentsScale == 1.5)
}

@Test func imageViewsAndButtonsKeepAdjustsImageSizeForAccessibilityContentSizeCategoryOffByDefault() {
    let adjusting: [any UIAccessibilityContentSizeCategoryImageAdjusting] = [UIImageView(), UIButton()]
    for view in adjusting {
        expect(view.adjustsImageSizeForAccessibilityContentSizeCategory == false)
        view.adjustsImageSizeForAccessibilityContentSizeCategory = true
        expect(view.adjustsImageSizeForAccessibilityContentSizeCategory)
    }
}

/// A text view subclass as iOS requires one: overriding the designated `init(frame:textContainer:)`.
private final class NoteView: UITextView {
    override init(frame: CGRect, textContainer: NSTextContainer?) {
        super.init(frame: frame, textContainer: textContainer)
    }
    required init?(coder: NSCoder) { nil }
}

@Test func aTextViewGivenATextContainerKeepsItAndLaysItsTextOutWithItsPadding() {
    let container = NSTextContainer(size: CGSize(width: 200, height: 0))
    container.lineFragmentPadding = 20
    let view = NoteView(frame: CGRect(x: 0, y: 0, width: 200, height: 100), textContainer: container)
    expect(view.textContainer === container)
    view.text = "Hello"
    view.layoutIfNeeded()
    let label = view.subviews.first { $0 is UILabel }
    expect(label?.frame.minX == 20)
    // The inherited convenience initialiser, as on iOS.
    expect(NoteView(frame: .zero).textContainer.lineFragmentPadding == 5)
}

@Test func flushOnABitmapContextKeepsTheDrawingAndDoesNothingElse() {
    let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { context in
        context.cgContext.setFillColor(UIColor.red.cgColor)
        context.cgContext.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        context.cgContext.flush()
        context.cgContext.synchronize()
    }
    expect(image.size == CGSize(width: 4, height: 4))
}

// MARK: Size transitions

private final class SizeController: UIViewController {
    var heard: [CGSize] = []
    var alongside = 0
    var completed = 0
    override func viewWillTransition(
        to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
    ) {
        super.viewWillTransition(to: size, with: coordinator)
        heard.append(size)
        coordinator.animate(
            alongsideTransition: { _ in self.alongside += 1 }, completion: { _ in self.completed += 1 })
        coordinator.animate(alongsideTransition: { context in _ = context.targetTransform })
        coordinator.animate(alongsideTransition: nil) { context in _ = context.isCancelled }
    }
}

@Test func viewWillTransitionPassesToTheChildrenAndTheCoordinatorRunsTheirBlocks() {
    let parent = SizeController()
    let child = SizeController()
    parent.addChild(child)
    expect(parent.transitionCoordinator == nil)
    let coordinator = SizeTransitionCoordinator(
        duration: 0.3, curve: .easeInOut, targetTransform: .identity, containerView: UIView(),
        controller: parent)
    let size = CGSize(width: 844, height: 390)
    parent.beginSizeTransition(to: size, with: coordinator)
    expect(parent.heard == [size] && child.heard == [size])
    expect(child.transitionCoordinator === coordinator)
    expect(coordinator.isAnimated && !coordinator.isInteractive && coordinator.transitionDuration == 0.3)
    expect(coordinator.viewController(forKey: .to) === parent)
    coordinator.runAlongside()
    expect(parent.alongside == 1 && child.alongside == 1 && parent.completed == 0)
    parent.endSizeTransition(coordinator)
    expect(parent.completed == 1 && child.completed == 1)
    expect(parent.transitionCoordinator == nil)
}

/// What every replay's table controller heard of the rotation, with the scene's clock.
private final class RotationLog: @unchecked Sendable {
    private let lock = NSLock()
    private var _lines: [String] = []
    var lines: [String] { lock.withLock { _lines } }
    func say(_ line: String) { lock.withLock { _lines.append(line) } }
}

private final class RotatingTableController: UITableViewController {
    let log: RotationLog
    init(log: RotationLog) {
        self.log = log
        super.init(style: .plain)
    }
    required init?(coder: NSCoder) { nil }

    override func numberOfSections(in tableView: UITableView) -> Int { 1 }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    override func viewWillTransition(
        to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
    ) {
        super.viewWillTransition(to: size, with: coordinator)
        let start = CACurrentMediaTime()
        log.say("will \(Int(size.width))x\(Int(size.height)) from \(Int(tableView.bounds.width))")
        coordinator.animate(
            alongsideTransition: { [log] _ in log.say("alongside at \(CACurrentMediaTime() - start)") },
            completion: { [log, weak self] context in
                log.say("completion after \(((CACurrentMediaTime() - start) * 1000).rounded() / 1000)")
                log.say("coordinator during completion: \(self?.transitionCoordinator != nil)")
                _ = context.completionCurve
            })
    }
}

@Test func aRotationTellsATableControllerAndRunsItsCoordinatorsBlocksInsideAndAtTheEndOfTheRotation() throws {
    let log = RotationLog()
    let table = UIKitLayout.tableDescriptor(type: "turning") { RotatingTableController(log: log) }
    let scene = try Scene(
        document: parseDocument(
            "layout: {type: turning}\ntimeline:\n  - rotate: {to: landscape, duration: 0.4}\n", file: "s.yaml"
        ),
        folder: ".", layouts: LayoutRegistry.builtIn + [table])
    let timeline = try Timeline(scene)
    _ = timeline.frame(at: timeline.duration)
    let lines = log.lines
    expect(lines.contains("will 844x390 from 390"))
    expect(lines.contains("alongside at 0.0"))
    expect(lines.contains("completion after 0.4"))
    expect(lines.contains("coordinator during completion: true"))
}

// MARK: UICollectionViewTransitionLayout

/// Fixed attributes, as a layout of the app's answers them.
private final class FixedLayout: UICollectionViewLayout {
    let attributes: [UICollectionViewLayoutAttributes]
    init(_ attributes: [UICollectionViewLayoutAttributes]) {
        self.attributes = attributes
        super.init()
    }
    required init?(coder: NSCoder) { nil }
    override var collectionViewContentSize: CGSize { CGSize(width: 300, height: 300) }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        attributes.filter { $0.frame.intersects(rect) }
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes.first { $0.indexPath == indexPath }
    }
}

private func item(_ i: Int, _ frame: CGRect, alpha: CGFloat = 1, scale: CGFloat = 1)
    -> UICollectionViewLayoutAttributes
{
    let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
    a.frame = frame
    a.alpha = alpha
    a.transform = CGAffineTransform(scaleX: scale, y: scale)
    return a
}

private func twoLayouts() -> (FixedLayout, FixedLayout) {
    (
        FixedLayout([
            item(0, CGRect(x: 0, y: 0, width: 100, height: 100)),
            item(1, CGRect(x: 100, y: 0, width: 100, height: 100)),
        ]),
        FixedLayout([
            item(0, CGRect(x: 100, y: 100, width: 200, height: 50), alpha: 0.5, scale: 2),
            item(2, CGRect(x: 0, y: 200, width: 50, height: 50)),
        ])
    )
}

@Test(arguments: [0.0, 0.5, 1.0])
func aTransitionLayoutInterpolatesEachElementBetweenTheTwoLayouts(progress: Double) {
    let (from, to) = twoLayouts()
    let transition = UICollectionViewTransitionLayout(currentLayout: from, nextLayout: to)
    transition.transitionProgress = CGFloat(progress)
    let t = CGFloat(progress)
    let a = from.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
    let b = to.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
    let zero = transition.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
    expect(zero.center.x == a.center.x + (b.center.x - a.center.x) * t)
    expect(zero.center.y == a.center.y + (b.center.y - a.center.y) * t)
    expect(zero.size.width == a.size.width + (b.size.width - a.size.width) * t)
    expect(zero.size.height == a.size.height + (b.size.height - a.size.height) * t)
    expect(zero.alpha == 1 - 0.5 * t)
    expect(zero.transform.a == 1 + t && zero.transform.d == 1 + t)
    if progress == 0 { expect(zero.frame == a.frame) }
    if progress == 1 { expect(zero.frame == b.frame) }
    // Item 1 is the current layout's only, item 2 the next's: each stays and fades.
    let all = transition.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 300, height: 300)) ?? []
    let byItem = Dictionary(uniqueKeysWithValues: all.map { ($0.indexPath.item, $0) })
    expect(Set(byItem.keys) == [0, 1, 2])
    expect(byItem[1]?.frame == CGRect(x: 100, y: 0, width: 100, height: 100))
    expect(byItem[1]?.alpha == 1 - t)
    expect(byItem[2]?.frame == CGRect(x: 0, y: 200, width: 50, height: 50))
    expect(byItem[2]?.alpha == t)
    expect(transition.collectionViewContentSize == CGSize(width: 300, height: 300))
}

@Test func settingTransitionProgressInvalidatesAndAnimatedKeysKeepTheirValues() {
    let (from, to) = twoLayouts()
    let transition = UICollectionViewTransitionLayout(currentLayout: from, nextLayout: to)
    transition.needsPrepare = false
    transition.transitionProgress = 0.3
    expect(transition.needsPrepare)
    expect(transition.value(forAnimatedKey: "x") == 0)
    transition.updateValue(12, forAnimatedKey: "x")
    expect(transition.value(forAnimatedKey: "x") == 12)
}

private final class PinchTransitionLayout: UICollectionViewTransitionLayout {}

private final class PinchDelegate: UICollectionViewDelegate {
    func collectionView(
        _ collectionView: UICollectionView, transitionLayoutForOldLayout fromLayout: UICollectionViewLayout,
        newLayout toLayout: UICollectionViewLayout
    ) -> UICollectionViewTransitionLayout {
        PinchTransitionLayout(currentLayout: fromLayout, nextLayout: toLayout)
    }
}

@Test func anInteractiveTransitionInstallsTheTransitionLayoutThenTheFinalOneAndCallsTheCompletion() {
    let (from, to) = twoLayouts()
    let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 300, height: 300), collectionViewLayout: from)
    var ended: [(Bool, Bool)] = []
    let transition = view.startInteractiveTransition(to: to) { completed, finished in
        ended.append((completed, finished))
    }
    expect(view.collectionViewLayout === transition)
    expect(transition.currentLayout === from && transition.nextLayout === to)
    transition.transitionProgress = 0.5
    transition.prepare()
    expect(to.collectionView === view)
    view.finishInteractiveTransition()
    expect(view.collectionViewLayout === to)
    expect(ended.count == 1 && ended[0] == (true, true))

    let delegate = PinchDelegate()
    view.delegate = delegate
    let back = view.startInteractiveTransition(to: from) { completed, finished in
        ended.append((completed, finished))
    }
    expect(back is PinchTransitionLayout)
    view.cancelInteractiveTransition()
    expect(view.collectionViewLayout === to)
    expect(ended.count == 2 && ended[1] == (false, true))
}
