import Foundation
import FrameGenCombine
import FrameGenGeometry
import FrameGenLayout
// The scene's clock, a tap and an image's pixels: SPI for this package of its own.
@_spi(FrameGenTests) import FrameGenUIKit
import Testing
import UIKit

/// PortedApp holds files as an iOS app has them (`@objc` optional members called with `?(`,
/// an implementation in another file, `#selector`, `@IBOutlet`, a submodule import, a file that
/// imports only Foundation, a `canImport(UIKit.X)` guard), unchanged: the FrameGenPort plugin
/// compiles them into this target. That this target builds is the first check; these check that
/// the ported code does what it did on iOS.
@Suite struct PortedAppTests {
    func state() -> CollectionViewState {
        CollectionViewState(
            size: Size(width: 390, height: 800), contentOffset: Point(x: 0, y: 0),
            dataSource: CollectionViewDataSource(itemCounts: [12]))
    }

    func angle(ofItem item: Int, delegate: WheelController?) -> Double {
        var layout = UIKitLayout(name: "wheel") { collectionView in
            let wheel = WheelLayout()
            wheel.delegate = delegate
            return wheel
        }
        layout.prepare(state())
        let all = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 390, height: 3000))
        let attributes = all.first { $0.indexPath.item == item }!
        return atan2(attributes.transform3D.m12, attributes.transform3D.m11)
    }

    /// The controller implements the optional member in an extension of another file, returning
    /// `CGFloat` as on iOS: the port makes it return `CGFloat?`, so that it witnesses the
    /// requirement instead of standing beside the protocol's default.
    @Test func anImplementedOptionalMemberAnswers() {
        #expect(abs(angle(ofItem: 3, delegate: WheelController()) - 1.5) < 1e-9)
    }

    /// Without a delegate, or with one that does not implement it, `delegate?.wheelLayout?(...)`
    /// is nil and the layout's fallback (0.3 a step) stands.
    @Test func anUnimplementedOptionalMemberIsNil() {
        #expect(abs(angle(ofItem: 3, delegate: nil) - 0.9) < 1e-9)
    }

    /// `button.addTarget(self, action: #selector(tapped(_:)), for: .touchUpInside)` in the cell:
    /// the ported selector calls the cell's private method with the button, and
    /// `#selector(reset)` an `@IBAction` without an argument.
    @Test func aSelectorCallsTheMethodItNames() {
        let cell = SpokeCell(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        cell.button.setTitle("Go", for: .normal)
        cell.button.sendActions(for: .touchUpInside)
        cell.button.sendActions(for: .touchUpInside)
        #expect(cell.taps == ["Go", "Go"])
        #expect(cell.button.actions(forTarget: cell, forControlEvent: .touchUpInside) == ["tapped:"])
        cell.button.sendActions(for: .touchUpOutside)
        #expect(cell.taps.isEmpty)
        cell.stop()
    }

    /// `#if canImport(UIKit.UICollectionViewFlowLayout) && os(iOS)` holds for the port, so the
    /// class inside is compiled (it would silently vanish otherwise).
    @Test func aGuardedFileIsCompiled() {
        #expect(GuardedFlow().itemSize == CGSize(width: 80, height: 80))
    }

    /// An app's Combine (OpenCombine here) binds a view model to its view as on iOS: a
    /// `@Published` property's publisher gives its value at once and each new one, its
    /// `objectWillChange` fires before every change of every published property (the score's and
    /// the title that follows it), and a notification's publisher delivers a post.
    @Test func combineBindsAViewModelToItsView() {
        let model = ScoreViewModel()
        let view = ScoreView()
        view.bind(to: model)
        #expect(view.label.text == "No score")
        #expect(view.backgroundColor == .systemGray)
        model.score = 12
        #expect(view.label.text == "Score: 12")
        #expect(view.backgroundColor == .systemGreen)
        #expect(view.changes == 2)
        NotificationCenter.default.post(name: ScoreViewModel.reset, object: nil)
        #expect(model.score == 0)
        #expect(view.label.text == "No score")
        var seen: [Int] = []
        let cancellable = model.scores.sink { seen.append($0) }
        model.score = 3
        #expect(seen == [0, 3])
        cancellable.cancel()
    }

    /// An app's own `UILayoutPriority` operators compile beside UIKit's and are the ones used.
    @Test func anAppsOwnPriorityOperatorsShadowUIKits() {
        let label = PriorityLabel()
        label.hugTightly()
        #expect(label.contentHuggingPriority(for: .horizontal).rawValue == 751)
        #expect(label.contentCompressionResistancePriority(for: .horizontal).rawValue == 999)
    }
}

/// Swift 5 code (this target's mode) that keeps its factories in dictionaries of its own: Swift
/// converts them to `[String: UICollectionViewCellFactory]` by casting each function at run
/// time, which stops the program; the registering APIs take them as written instead.
@Test func factoriesKeptInDictionariesOfTheirOwnRegister() throws {
    let plain: [String: (CGRect) -> UICollectionViewCell] = ["spoke": { SpokeCell(frame: $0) }]
    let sendable: [String: @Sendable (CGRect) -> SpokeCell] = ["spoke": { SpokeCell(frame: $0) }]
    let layouts: [String: UIKitLayout.Factory] = ["wheel": { _ in WheelLayout() }]
    for descriptors in [
        try UIKitLayout.descriptors(layouts: layouts, cells: plain),
        try UIKitLayout.descriptors(layouts: layouts, cells: sendable),
    ] {
        #expect(descriptors.map(\.type) == ["wheel"])
        let cell = descriptors[0].parameters.first { $0.name == "cell" }
        #expect(cell?.summary.hasSuffix("spoke") == true)
    }
}

/// The banner's timers and queued work, written for iOS and ported, run on the scene's clock at
/// the instants a phone runs them: the appearance note after the code that made the cell, the
/// hint half a second later, the one-shot timers at 1 s and 3 s, a page every 2 s.
@Test func aBannersTimersRunOnTheScenesClock() {
    let clock = SceneClock()
    clock.advance(to: 1)
    clock.run {
        let cell = BannerCell(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        clock.settle()
        clock.advance(to: 6.5)
        #expect(
            cell.events == [
                "appeared @1.0", "hint @1.5", "once @2.0", "page 1 (auto) @3.0", "added @4.0",
                "page 2 (auto) @5.0",
            ])
        #expect(cell.contentView.backgroundColor == .systemBlue)
        // A tap on the banner (at its content's x 30) pauses it: no page turns after.
        cell.pausable = false
        cell.tap(at: CGPoint(x: 30, y: 20), time: 6.5)
        clock.advance(to: 7.5)
        #expect(cell.page == 3)
        cell.pausable = true
        cell.tap(at: CGPoint(x: 30, y: 20), time: 7.5)
        #expect(cell.events.last == "paused at 30.0 @7.5")
        clock.advance(to: 20)
        #expect(cell.page == 3)
    }
}

/// `SpokeCell` is not final: the port wrote its `makeByClass(frame:)`, which compiled here and
/// makes a cell of its class, so a collection view makes it by its class as UIKit does.
@Test func aNonFinalCellIsMadeByItsClass() {
    let made = SpokeCell.makeByClass(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
    #expect(made.map { type(of: $0) == SpokeCell.self } == true)
    #expect(made?.frame.size == CGSize(width: 40, height: 30))
}

/// `ProgressRingView`'s layer class is the app's `RingLayer`: the port wrote its `makeByClass()`,
/// so the view is backed by one, and the ring's `draw(in:)` paints its first quarter, top to
/// right, once its progress (`@NSManaged`, which its `needsDisplay(forKey:)` names) marks it for
/// display.
@MainActor @Test func aViewIsBackedByTheAppsLayerClassWhichDrawsItself() {
    let view = ProgressRingView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    #expect(type(of: view.layer) == RingLayer.self)
    #expect(view.ring.progress == 0)
    view.ring.progress = 0.25
    #expect(view.ring.needsDisplay())
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    let image = UIGraphicsImageRenderer(size: view.bounds.size, format: format).image {
        view.layer.render(in: $0.cgContext)
    }
    let pixels = image.premultipliedPixels!
    func alpha(_ x: Int, _ y: Int) -> UInt8 { pixels[(y * 40 + x) * 4 + 3] }
    // On the ring (radius 16 about (20, 20)) at 45 degrees up and right, and down and left.
    #expect(alpha(31, 9) == 255)
    #expect(alpha(9, 31) == 0)
    // Its colour, an `@NSManaged` object never set, is the class's `defaultValue(forKey:)`.
    #expect(pixels[(9 * 40 + 31) * 4 + 2] > pixels[(9 * 40 + 31) * 4])
}

/// A button made in a lazy property's closure sends its action, a selector the port wrote with
/// the class's name there (a stored property's initialiser may not name `Self`).
@MainActor @Test func aControlMadeInAStoredPropertysClosureSendsItsSelector() {
    let view = ProgressRingView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    view.ring.progress = 0.5
    view.resetButton.sendActions(for: .touchUpInside)
    #expect(view.resets == 1)
    #expect(view.ring.progress == 0)
}

/// A nib sets `TallyView`'s outlets and inspectable properties by name and connects its actions
/// by Objective-C's names: through the `setValue(_:forKey:)` and `interfaceBuilderAction(named:)`
/// the port wrote into its body, listing the members of its extension in another file too (a
/// private action among them), and converting numbers as key-value coding would.
@MainActor @Test func aNibConnectsOutletsAndActionsByName() throws {
    let view = TallyView(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
    let label = UILabel()
    let plus = UIButton(type: .system)
    plus.tag = 2
    view.setValue(label, forKey: "countLabel")
    view.setValue([plus] as [Any], forKey: "stepButtons")
    view.setValue(12.0, forKey: "corner")
    view.setValue(3, forKey: "outline")
    #expect(view.countLabel === label)
    #expect(view.stepButtons == [plus])
    #expect(view.corner == 12 && view.layer.cornerRadius == 12)
    #expect(view.layer.borderWidth == 3)
    // A key no property has goes to UIResponder's, which warns and sets nothing.
    view.setValue(5, forKey: "missing")

    let step = try #require(view.interfaceBuilderAction(named: "step:"))
    plus.addTarget(view, action: step, for: .touchUpInside)
    plus.sendActions(for: .touchUpInside)
    #expect(view.count == 2 && label.text == "2")
    #expect(plus.actions(forTarget: view, forControlEvent: .touchUpInside) == ["step:"])
    let twice = try #require(view.interfaceBuilderAction(named: "stepTwice:forEvent:"))
    plus.addTarget(view, action: twice, for: .touchUpOutside)
    plus.sendActions(for: .touchUpOutside)
    #expect(view.count == 6 && label.text == "6")
    let reset = try #require(view.interfaceBuilderAction(named: "reset"))
    plus.addTarget(view, action: reset, for: .touchCancel)
    plus.sendActions(for: .touchCancel)
    #expect(view.count == 0 && label.text == "0")
    #expect(view.interfaceBuilderAction(named: "tapped:") == nil)
    // SpokeCell's outlet and action, in a class UIKit makes by class.
    let cell = SpokeCell(frame: .zero)
    cell.setValue(label, forKey: "title")
    #expect(cell.title === label)
    #expect(cell.interfaceBuilderAction(named: "reset") != nil)
    cell.stop()
}
