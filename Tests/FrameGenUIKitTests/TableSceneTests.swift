import Foundation
import FrameGenKit
import FrameGenRaster
import TestTiers
import Testing

import struct FrameGenGeometry.Rect
import struct FrameGenLayout.LayoutAttributes
import struct FrameGenLayout.LayoutDescriptor
import enum FrameGenLayout.LayoutRegistry

@testable import FrameGenUIKit
@testable import FrameGenUIKitHost
@testable import FrameGenUIKitRendering

// A program's table as a scene's view (docs/uikit.md "Tables"): the scene scrolls it, taps
// select its rows, its updates go through the data source as an edit does, and its frames show
// the table as `layer.render(in:)` draws it.

/// What the delegates of every replay heard, shared between them.
private final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var _selected: Set<IndexPath> = []
    private var _deselected: Set<IndexPath> = []
    var selected: Set<IndexPath> { lock.withLock { _selected } }
    var deselected: Set<IndexPath> { lock.withLock { _deselected } }
    func select(_ p: IndexPath) { lock.withLock { _ = _selected.insert(p) } }
    func deselect(_ p: IndexPath) { lock.withLock { _ = _deselected.insert(p) } }
}

/// The warnings a table's replays said, each once.
private final class SaidLines: @unchecked Sendable {
    private let lock = NSLock()
    private var said: [String] = []
    var lines: [String] { lock.withLock { said } }
    private(set) var warnings = LayoutWarnings { _ in }

    init() {
        warnings = LayoutWarnings { [unowned self] line in lock.withLock { said.append(line) } }
    }
}

/// A contacts list as an app writes one: a model, cells dequeued by identifier, edits made to
/// the model in `commit` and `moveRowAt`.
private final class Contacts: NSObject, UITableViewDataSource, UITableViewDelegate {
    var names: [[String]]
    var titles: [String] = []
    var heard: Heard?
    /// Where a tap on a row goes instead (`willSelectRowAt`).
    var redirect: [IndexPath: IndexPath] = [:]
    var rowHeight: CGFloat?
    var counts: [Int]?
    /// Whether `commit` calls `deleteRows`/`insertRows` (an app may only change its model).
    var tellsTable = true
    /// Runs at `didSelectRowAt`, as an app's code there.
    var onSelect: ((UITableView, IndexPath) -> Void)?
    private var added = 0

    init(_ sections: [Int]) {
        names = sections.enumerated().map { s, n in (0..<n).map { "Contact \(s).\($0)" } }
    }

    func numberOfSections(in tableView: UITableView) -> Int { names.count }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        counts?[section] ?? names[section].count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
        cell.textLabel?.text = names[indexPath.section][indexPath.row]
        return cell
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section < titles.count ? titles[section] : nil
    }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        rowHeight ?? tableView.rowHeight
    }

    func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
        forRowAt indexPath: IndexPath
    ) {
        switch editingStyle {
        case .delete:
            names[indexPath.section].remove(at: indexPath.row)
            if tellsTable { tableView.deleteRows(at: [indexPath], with: .automatic) }
        case .insert:
            added += 1
            names[indexPath.section].insert("New \(added)", at: indexPath.row)
            if tellsTable { tableView.insertRows(at: [indexPath], with: .automatic) }
        case .none: break
        }
    }

    func tableView(_ tableView: UITableView, moveRowAt from: IndexPath, to: IndexPath) {
        let name = names[from.section].remove(at: from.row)
        names[to.section].insert(name, at: to.row)
    }

    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        redirect[indexPath] ?? indexPath
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        heard?.select(indexPath)
        onSelect?(tableView, indexPath)
    }

    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
        heard?.deselect(indexPath)
    }

    /// Whether rows have a trailing Delete action (`trailingSwipeActionsConfigurationForRowAt`).
    var swipeToDelete = false

    func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> UISwipeActionsConfiguration?
    {
        guard swipeToDelete else { return nil }
        return UISwipeActionsConfiguration(actions: [
            UIContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }
        ])
    }
}

/// A table type `contacts` of `style`, set up by `setUp` on a fresh model per table.
private func contacts(
    _ sections: [Int], style: UITableView.Style = .plain, warnings: LayoutWarnings = LayoutWarnings { _ in },
    setUp: @escaping @Sendable (Contacts) -> Void = { _ in }
) -> LayoutDescriptor {
    UIKitLayout.tableDescriptor(type: "contacts", style: style, warnings: warnings) { table in
        let model = Contacts(sections)
        setUp(model)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
        table.dataSource = model
        table.delegate = model
        return model
    }
}

/// A scene showing the `contacts` table at 10 frames a second, with these timeline actions.
private func contactsScene(_ width: Int, _ height: Int, scale: Int = 1, _ actions: String...) -> String {
    "canvas: {width: \(width), height: \(height), scale: \(scale)}\nfps: 10\nlayout: {type: contacts}\n"
        + (actions.isEmpty ? "" : "timeline:\n" + actions.map { "  - \($0)\n" }.joined())
}

private func timeline(_ text: String, _ table: LayoutDescriptor) throws -> Timeline {
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + [table])
    return try Timeline(scene)
}

private func render(_ text: String, _ table: LayoutDescriptor, frame: Int) throws -> StraightImage {
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + [table])
    return try SceneRenderer(scene: scene).render(frame: frame)
}

/// The element of `kind` (nil: a row) at the index path, at `t`.
private func element(_ timeline: Timeline, at t: Double, _ section: Int, _ item: Int, kind: String? = nil)
    -> LayoutAttributes?
{
    timeline.frame(at: t).views[0].elements.map(\.attributes).first {
        $0.indexPath.section == section && $0.indexPath.item == item && $0.representedElementKind == kind
    }
}

/// The same table drawn on its own by `layer.render(in:)` at scale 2, scrolled to `offset`.
private func drawnDirectly(
    _ sections: [Int], style: UITableView.Style, titles: [String] = [], size: CGSize, offset: CGFloat = 0
) -> UIImage {
    UIScreen.withMain(UIScreen(size: size, scale: 2)) {
        let table = UITableView(frame: CGRect(origin: .zero, size: size), style: style)
        let model = Contacts(sections)
        model.titles = titles
        table.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
        table.dataSource = model
        table.delegate = model
        table.contentOffset = CGPoint(x: 0, y: offset)
        table.layoutIfNeeded()
        return withExtendedLifetime(model) {
            UIGraphicsImageRenderer(
                bounds: table.bounds,
                format: UIGraphicsImageRendererFormat(for: UITraitCollection(displayScale: 2))
            ).image { table.layer.render(in: $0.cgContext) }
        }
    }
}

private func color(_ image: UIImage, _ x: Int, _ y: Int) -> Color {
    let p = ImageRendererTests.pixel(image, x, y)
    return Color(r: p[0], g: p[1], b: p[2], a: p[3])
}

@Suite struct TableSceneTests {
    /// The data source's counts are the scene's when its `content:` gives none; rows stack 44
    /// points apart, as wide as the view.
    @Test func aTableScenesRowsAreTheDataSourcesAtTheTablesFrames() throws {
        let t = try timeline(
            contactsScene(390, 600), contacts([12, 3]))
        expect(t.scene.content.itemCounts == [12, 3])
        expect(element(t, at: 0, 0, 3)?.frame == Rect(x: 0, y: 132, width: 390, height: 44))
        expect(element(t, at: 0, 1, 0)?.frame == Rect(x: 0, y: 528, width: 390, height: 44))
    }

    /// A plain table's title header pins to the top while its section is on screen, at each
    /// instant of a scroll, and the next section pushes it up (28-point headers: section 0 is
    /// 0..<248, section 1 from 248; the content is 716 points tall).
    @Test func aPlainHeaderPinsAtEachInstantOfAScroll() throws {
        let t = try timeline(
            contactsScene(320, 300, "scroll: {to: [0, 230], duration: 1, curve: linear}"),
            contacts([5, 10]) { $0.titles = ["First", "Second"] })
        expect(element(t, at: 0, 0, 0, kind: "header")?.frame.minY == 0)
        expect(element(t, at: 0, 0, 2)?.frame.minY == 116)
        // 100 points into the scroll: the header sits at the top of the bounds.
        let half = 100.0 / 230
        expect(t.frame(at: half).views[0].bounds.minY == 100)
        expect(element(t, at: half, 0, 0, kind: "header")?.frame.minY == 100)
        expect(element(t, at: 1, 0, 0, kind: "header")?.frame.minY == 220)
        expect(element(t, at: 1, 1, 0, kind: "header")?.frame.minY == 248)
        // Drawn over the rows.
        expect(
            (element(t, at: 1, 0, 0, kind: "header")?.zIndex ?? 0) > (element(t, at: 1, 0, 4)?.zIndex ?? 0))
    }

    /// A tap goes through `willSelectRowAt` (which sends it to the next row here) to
    /// `didSelectRowAt`, and the selected row's cell shows its grey from the tap's instant.
    @Test func aTapSelectsTheRowTheDelegateChooses() throws {
        let heard = Heard()
        let table = contacts([6]) { model in
            model.heard = heard
            model.redirect = [IndexPath(row: 2, section: 0): IndexPath(row: 3, section: 0)]
        }
        let text = contactsScene(200, 300, "wait: 0.5", "tap: {item: [0, 2]}", "wait: 0.5")
        let before = try render(text, table, frame: 4)
        let after = try render(text, table, frame: 6)
        expect(heard.selected == [IndexPath(row: 3, section: 0)])
        // Row 3 is 132..<176, sampled right of its title: white before, `.systemGray4` (209, 209, 214) once selected.
        expect(before[180, 150] == Color.white)
        expect(after[180, 150] == Color(r: 209, g: 209, b: 214))
        expect(after[180, 100] == Color.white)
        // A second tap on another row deselects the first.
        let again = try render(
            contactsScene(
                200, 300, "wait: 0.5", "tap: {item: [0, 2]}", "wait: 0.5", "tap: {item: [0, 0]}", "wait: 0.2"),
            table, frame: 12)
        expect(heard.deselected == [IndexPath(row: 3, section: 0)])
        expect(again[180, 150] == Color.white)
        expect(again[180, 20] == Color(r: 209, g: 209, b: 214))
    }

    /// What the delegate does at the tap shows: here it renames the contact and reloads the
    /// table (`reloadData()`), and the row shows the new name, not an empty cell.
    @Test func aReloadInDidSelectRowAtShowsTheNewCells() throws {
        let table = contacts([6]) { model in
            model.onSelect = { tableView, indexPath in
                model.names[0][indexPath.row] = "Selected and renamed"
                tableView.deselectRow(at: indexPath, animated: false)
                tableView.reloadData()
            }
        }
        let text = contactsScene(200, 300, "wait: 0.5", "tap: {item: [0, 2]}", "wait: 0.5")
        let before = try render(text, table, frame: 4)
        let after = try render(text, table, frame: 6)
        // Row 2 is 88..<132: its text's dark pixels, in other places once renamed; deselected.
        func dark(_ image: StraightImage) -> [Int] {
            (88..<132).flatMap { y in (0..<200).filter { image[$0, y].r < 128 }.map { y * 200 + $0 } }
        }
        expect(!dark(before).isEmpty)
        expect(!dark(after).isEmpty)
        expect(dark(after) != dark(before))
        expect(after[190, 125] == Color.white)
    }

    /// The frame shows what `layer.render(in:)` draws for the same table: a grouped table's
    /// grey, its white cells, upper case headers and separators, pixel for pixel.
    @Test func aGroupedFrameIsTheTableAsLayerRenderDrawsIt() throws {
        let size = CGSize(width: 320, height: 400)
        let direct = drawnDirectly([3, 2], style: .grouped, titles: ["Friends", "Work"], size: size)
        let frame = try render(
            contactsScene(320, 400, scale: 2),
            contacts([3, 2], style: .grouped) { $0.titles = ["Friends", "Work"] }, frame: 0)
        var differing = 0
        for y in 0..<800 {
            for x in 0..<640 where frame[x, y] != color(direct, x, y) { differing += 1 }
        }
        expect(differing == 0)
        // The grouped background above the first row, the cell's white in row 0 (38 + 0..<44).
        expect(frame[20, 20] == Color(r: 242, g: 242, b: 247))
        expect(frame[20, 100] == Color.white)
        // Row 0's separator, from x 16: pixel row 2 * (38 + 44) - 1 = 163 with the 44.5-point
        // automatic rows (the separator's pixel is added).
        expect(frame[40, 163] != Color.white)
        expect(frame[20, 163] == Color.white)
    }

    /// An inset grouped section is rounded at its outer corners only, as iOS shows it
    /// (`layer.render(in:)` rounds every corner of a layer whatever its `maskedCorners`, as Core
    /// Animation's does, so there the rows between are rounded too).
    @Test func anInsetGroupedSectionIsRoundedAtItsOuterCornersOnly() throws {
        let frame = try render(
            contactsScene(320, 400, scale: 2),
            contacts([3], style: .insetGrouped) { $0.titles = ["Friends"] }, frame: 0)
        let grey = Color(r: 242, g: 242, b: 247)
        // The 20-point margins are grey; row 0 is 38..<82.5, 20 points in.
        expect(frame[20, 100] == grey)
        expect(frame[300, 100] == Color.white)
        // The section's top-left corner is rounded; row 0's bottom-left one is not.
        expect(frame[41, 77] == grey)
        expect(frame[41, 162] == Color.white)
        // The last row's bottom corner is rounded.
        expect(frame[41, 2 * 171] == grey)
    }

    /// A scene's delete goes to the data source's `commit` (which removes the contact and
    /// deletes the row): the row fades out in place while the rows below slide up, the
    /// collection view's default, as a table's `.automatic` row animation does. A `commit` that
    /// only changes the model has the table told for it.
    @Test(arguments: [true, false]) func aDeletedRowFadesWhileTheRowsBelowSlideUp(commitTellsTheTable: Bool)
        throws
    {
        let t = try timeline(
            contactsScene(200, 300, "delete: {items: [[0, 1]], duration: 0.4, curve: linear}"),
            contacts([5]) { $0.tellsTable = commitTellsTheTable })
        expect(t.scene.content.itemCounts == [5])
        let halfway = t.frame(at: 0.2).views[0].elements.map(\.attributes).filter {
            $0.representedElementKind == nil
        }
        let fading = halfway.filter { $0.alpha < 1 }
        expect(fading.count == 1)
        expect(fading.first.map { abs($0.alpha - 0.5) < 1e-6 } == true)
        expect(fading.first?.frame.minY == 44)
        // Contact 0.2, row 2 before and row 1 after, halfway between 88 and 44.
        expect(halfway.contains { $0.alpha == 1 && $0.frame.minY == 66 })
        expect(element(t, at: 0.4, 0, 1)?.frame.minY == 44)
        expect(element(t, at: 0.4, 0, 4) == nil)
    }

    /// The inserted row's cell shows what the data source's `commit` put in the model, and a
    /// moved row's cell moves with it: the frames read the text labels' pixels only through
    /// the cells, so the labels are checked on the table the last frame's objects have.
    @Test func insertsAndMovesReachTheDataSourceAndTheFramesAgree() throws {
        let heard = Heard()
        let table = contacts([4]) { $0.heard = heard }
        let text = contactsScene(
            200, 300, "insert: {items: [[0, 0]], duration: 0.2}",
            "move: {from: [0, 1], to: [0, 3], duration: 0.2}", "tap: {item: [0, 3]}")
        let t = try timeline(text, table)
        let end = t.frame(at: t.duration).views[0].elements.map(\.attributes).filter {
            $0.representedElementKind == nil
        }
        expect(end.count == 5)
        expect(end.map(\.frame.minY).sorted() == [0, 44, 88, 132, 176])
        // The tap reached the table as a row of the data source's five.
        _ = try render(text, table, frame: t.frameCount - 1)
        expect(heard.selected == [IndexPath(row: 3, section: 0)])
    }

    /// A rotation lays the table out at its new width: the rows take the landscape view's.
    @Test func aRotationLaysTheRowsOutAtTheNewWidth() throws {
        let t = try timeline(
            "layout: {type: contacts}\ntimeline:\n  - rotate: {to: landscape, duration: 0.4}\n",
            contacts([10]))
        expect(element(t, at: 0, 0, 2)?.frame == Rect(x: 0, y: 88, width: 390, height: 44))
        expect(element(t, at: t.duration, 0, 2)?.frame == Rect(x: 0, y: 88, width: 844, height: 44))
    }

    /// A scene that counts its items otherwise than the data source is warned of once, and
    /// shows the rows both have.
    @Test func countsThatDifferFromTheDataSourcesAreSaidOnce() throws {
        let said = SaidLines()
        let t = try timeline(
            "canvas: {width: 200, height: 300, scale: 1}\ncontent: {items: 3}\nlayout: {type: contacts}\n",
            contacts([5], warnings: said.warnings))
        let rows = t.frame(at: 0).views[0].elements.filter { $0.attributes.representedElementKind == nil }
        expect(rows.count == 3)
        expect(
            said.lines == [
                "the table \"contacts\": after the first layout pass its data source has [5] rows per section and the scene [3]; the rows both have are shown (a data source changes its model in tableView(_:commit:forRowAt:) and tableView(_:moveRowAt:to:), as for an edit on iOS)"
            ])
    }

    /// Frames drawn on several threads in any order equal frames drawn in order.
    @Test func parallelFramesEqualSerialOnes() throws {
        let t = try timeline(
            contactsScene(
                200, 300, "drag: {by: [0, -200], duration: 0.3}", "delete: {items: [[0, 6]], duration: 0.3}",
                "tap: {item: [0, 7]}"), contacts([30]) { $0.titles = ["A"] })
        let serial = (0..<t.frameCount).map { "\(t.frame($0))" }
        expect(framesDrawnInReverseOnSeveralThreads(t) == serial)
    }

    /// A table bounces vertically however few its rows (UITableView's alwaysBounceVertical is
    /// true): five rows in a 300 pt view follow a drag up and spring back, where a collection
    /// view of content that fits stays still.
    @Test func aShortTableStillRubberBands() throws {
        let t = try timeline(
            contactsScene(200, 300, "drag: {by: [0, -100], duration: 0.2}"), contacts([3, 2]))
        let pulled = t.frame(at: 0.2).views[0].bounds.minY
        expect(pulled > 0 && pulled < 100)
        expect(t.frame(at: t.duration).views[0].bounds.minY == 0)
    }

    /// Bad answers of a data source and delegate are said once each, naming the call, and the
    /// scene goes on: a negative count is 0 rows, a NaN height sizes the row automatically.
    @Test func aNegativeCountAndANaNHeightAreSaidOnce() throws {
        let said = SaidLines()
        let table = contacts([3, 2], warnings: said.warnings) { model in
            model.counts = [3, -4]
            model.rowHeight = .nan
        }
        let t = try timeline(
            contactsScene(200, 300, "drag: {by: [0, -40], duration: 0.2}"), table)
        expect(t.scene.content.itemCounts == [3, 0])
        expect(element(t, at: 0, 0, 1)?.frame == Rect(x: 0, y: 44, width: 200, height: 44))
        let lines = said.lines
        expect(
            lines.filter {
                $0.contains("tableView(_:numberOfRowsInSection:) returned -4 for section 1; taken as 0")
            }
            .count == 1)
        expect(lines.filter { $0.contains("answered nan, which is not a height") }.count == 1)
        expect(lines.allSatisfy { $0.hasPrefix("the table \"contacts\": ") })
    }
}

/// The delegate's trailing swipe actions show on a row dragged to the left, as a list's do
/// (docs/uikit.md "Lists"): the row's content slides, a red Delete shows in the space, and the
/// row stays open at the button's width; a table without them scrolls nothing sideways.
@Test func aTableRowDraggedLeftShowsTheDelegatesSwipeActions() throws {
    let text = contactsScene(
        320, 240, "wait: 0.1", "drag: {by: [-120, 0], duration: 0.3, at: [200, 66]}", "wait: 0.5")
    for swipes in [true, false] {
        let t = try timeline(text, contacts([10]) { $0.swipeToDelete = swipes })
        let row = t.frame(at: t.duration).views[0].elements.first {
            $0.attributes.indexPath.item == 1 && $0.attributes.representedElementKind == nil
        }!.content!
        if swipes {
            let width = row.bounds.minX
            expect(width >= 74 && width < 120)
            let actions = row.sublayers.first { $0.position.x > 320 }
            expect(actions?.sublayers.first?.backgroundColor?.red == 1)
        } else {
            expect(row.bounds.minX == 0)
        }
    }
}
