import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit
import TestTiers
import Testing

/// A data source that counts what it is asked.
private final class CountingSource: NSObject, UIPickerViewDataSource {
    var rows: [Int]
    var componentQuestions = 0
    var rowQuestions: [Int] = []

    init(rows: [Int]) { self.rows = rows }

    func numberOfComponents(in pickerView: UIPickerView) -> Int {
        componentQuestions += 1
        return rows.count
    }

    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
        rowQuestions.append(component)
        return rows[component]
    }
}

/// A delegate that gives titles (and, when asked to, attributed titles) and records selections.
private final class TitleDelegate: NSObject, UIPickerViewDelegate {
    var attributed = false
    var selections: [(row: Int, component: Int)] = []

    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String?
    {
        "row \(row)"
    }

    func pickerView(
        _ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int
    ) -> NSAttributedString? {
        attributed ? NSAttributedString(string: "fancy \(row)") : nil
    }

    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
        selections.append((row, component))
    }
}

/// A delegate that gives a view per row, sizes, and a title it expects not to be asked for.
private final class ViewDelegate: NSObject, UIPickerViewDelegate {
    var titleQuestions = 0
    var reused: [UIView?] = []

    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat { 100 }
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat { 44 }

    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String?
    {
        titleQuestions += 1
        return "title"
    }

    func pickerView(
        _ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?
    ) -> UIView {
        reused.append(view)
        let view = view ?? UIView()
        view.tag = row
        return view
    }
}

/// UIPickerView as UIKit documents it: counts asked of the data source and cached, the
/// selection kept per component, titles or the delegate's views, and its size.
@Suite struct PickerViewTests {
    fileprivate static func picker(_ source: CountingSource, width: CGFloat = 300) -> UIPickerView {
        let picker = UIPickerView(frame: CGRect(x: 0, y: 0, width: width, height: 216))
        picker.dataSource = source
        return picker
    }

    /// The rows' views laid out in the wheels (`subviews[0]`), top to bottom.
    static func rows(_ picker: UIPickerView) -> [UIView] {
        picker.layoutIfNeeded()
        return picker.subviews[0].subviews.sorted { $0.center.y < $1.center.y }
    }

    /// UIKit asks the data source for the counts when it first needs them (a layout, a count),
    /// keeps them ("info that was fetched and cached from the data source"), and asks again on
    /// `reloadAllComponents()`, or for one component's rows on `reloadComponent(_:)`.
    @Test func theDataSourceIsAskedForCountsOnLayoutAndOnReload() {
        let source = CountingSource(rows: [5, 3])
        let picker = Self.picker(source)
        picker.layoutIfNeeded()
        expect(source.componentQuestions == 1, "asked once for the components on layout")
        expect(source.rowQuestions == [0, 1], "asked once for each component's rows")
        expect(picker.numberOfComponents == 2)
        expect(picker.numberOfRows(inComponent: 0) == 5)
        expect(picker.numberOfRows(inComponent: 1) == 3)
        expect(picker.numberOfRows(inComponent: 7) == 0, "a component the data source did not give")
        expect(source.componentQuestions == 1 && source.rowQuestions.count == 2, "the counts are cached")
        source.rows = [5, 6]
        expect(picker.numberOfRows(inComponent: 1) == 3, "not asked again before a reload")
        picker.reloadComponent(1)
        expect(source.componentQuestions == 1, "reloading a component does not ask for the components")
        expect(source.rowQuestions == [0, 1, 1], "it asks for that component's rows only")
        expect(picker.numberOfRows(inComponent: 1) == 6)
        source.rows = [2]
        picker.reloadAllComponents()
        expect(source.componentQuestions == 2, "reloading everything asks for the components again")
        expect(picker.numberOfComponents == 1)
        expect(picker.numberOfRows(inComponent: 0) == 2)
    }

    /// `selectRow(_:inComponent:animated:)` keeps a row per component, within its rows (0 where
    /// none was chosen); out of range, the first or last row; a reload that removes rows keeps
    /// the selection within the rows left.
    @Test func theSelectionIsKeptPerComponentWithinItsRows() {
        let source = CountingSource(rows: [5, 3])
        let picker = Self.picker(source)
        expect(picker.selectedRow(inComponent: 0) == 0, "the first row until one is chosen")
        picker.selectRow(3, inComponent: 0, animated: false)
        picker.selectRow(1, inComponent: 1, animated: true)
        expect(picker.selectedRow(inComponent: 0) == 3)
        expect(picker.selectedRow(inComponent: 1) == 1, "each component keeps its own")
        picker.selectRow(10, inComponent: 1, animated: false)
        expect(picker.selectedRow(inComponent: 1) == 2, "past the end: the last row")
        picker.selectRow(-4, inComponent: 0, animated: false)
        expect(picker.selectedRow(inComponent: 0) == 0, "before the start: the first row")
        picker.selectRow(2, inComponent: 9, animated: false)
        expect(picker.numberOfComponents == 2, "a component out of range is ignored")
        picker.selectRow(4, inComponent: 0, animated: false)
        source.rows = [2, 3]
        picker.reloadAllComponents()
        expect(picker.selectedRow(inComponent: 0) == 1, "kept within the rows left")
        expect(picker.selectedRow(inComponent: 1) == 2)
    }

    /// `selectedRow(inComponent:)` is -1 "if nothing selected": a component without rows, or one
    /// that does not exist, or a picker without a data source.
    @Test func aComponentWithoutRowsHasNoSelectedRow() {
        let source = CountingSource(rows: [0, 4])
        let picker = Self.picker(source)
        picker.selectRow(2, inComponent: 0, animated: false)
        expect(picker.selectedRow(inComponent: 0) == -1, "no rows: -1")
        expect(picker.selectedRow(inComponent: 1) == 0)
        expect(picker.selectedRow(inComponent: 5) == -1, "no such component: -1")
        expect(UIPickerView().selectedRow(inComponent: 0) == -1, "no data source: -1")
        expect(UIPickerView().numberOfComponents == 0)
    }

    /// On iOS the delegate's `didSelectRow` reports the user's choice only: a program's
    /// `selectRow` does not call it.
    @Test func selectingARowInCodeDoesNotTellTheDelegate() {
        let source = CountingSource(rows: [5])
        let delegate = TitleDelegate()
        let picker = Self.picker(source)
        picker.delegate = delegate
        picker.selectRow(3, inComponent: 0, animated: true)
        picker.selectRow(1, inComponent: 0, animated: false)
        picker.layoutIfNeeded()
        expect(delegate.selections.isEmpty, "didSelectRow is not called by selectRow")
        expect(picker.selectedRow(inComponent: 0) == 1)
    }

    /// `rowSize(forComponent:)` is the delegate's width and row height; without them, a row is
    /// 32 points high (iOS 14 and later) and the components share the width. A picker is 216
    /// points high with no width of its own (its superview's or its constraints').
    @Test func aRowIsTheDelegatesSizeOr32PointsHighAndThePicker216() {
        let source = CountingSource(rows: [5, 3])
        let picker = Self.picker(source)
        expect(picker.rowSize(forComponent: 0) == CGSize(width: 150, height: 32))
        expect(picker.rowSize(forComponent: 1) == CGSize(width: 150, height: 32))
        let titles = TitleDelegate()
        picker.delegate = titles
        expect(picker.rowSize(forComponent: 1) == CGSize(width: 150, height: 32), "a delegate without sizes")
        let sized = ViewDelegate()
        picker.delegate = sized
        expect(picker.rowSize(forComponent: 0) == CGSize(width: 100, height: 44))
        expect(picker.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: 216))
        expect(picker.sizeThatFits(CGSize(width: 320, height: 1000)) == CGSize(width: 320, height: 216))
        picker.showsSelectionIndicator = true  // deprecated, no effect, kept so that code compiles
        expect(picker.rowSize(forComponent: 0) == CGSize(width: 100, height: 44))
    }

    /// UIKit draws a row's title where the delegate gives no view, the attributed title favoured
    /// where both are given; `view(forRow:forComponent:)` is nil then.
    @Test func titlesAreDrawnWhereTheDelegateGivesNoView() throws {
        let source = CountingSource(rows: [20])
        let delegate = TitleDelegate()
        let picker = Self.picker(source)
        picker.delegate = delegate
        picker.selectRow(10, inComponent: 0, animated: false)
        var labels = Self.rows(picker).compactMap { $0 as? UILabel }
        let middle = try #require(labels.first { abs($0.center.y - 108) < 0.5 })
        expect(middle.text == "row 10", "the selected row in the middle")
        expect(middle.textAlignment == .center)
        // Rows up to a quarter turn away face the viewer: five each side at 32 points in 216.
        expect(labels.first?.text == "row 5" && labels.last?.text == "row 15", "five rows each side")
        expect(labels.count == 11)
        expect(picker.view(forRow: 10, forComponent: 0) == nil, "no view from a delegate of titles")
        delegate.attributed = true
        picker.reloadAllComponents()
        labels = Self.rows(picker).compactMap { $0 as? UILabel }
        expect(labels.contains { $0.text == "fancy 10" }, "the attributed title is favoured")
        expect(!labels.contains { $0.text == "row 10" })
    }

    /// With a delegate's `viewForRow`, UIKit shows its views (sized to the row, centred in it)
    /// and does not ask for titles; `view(forRow:forComponent:)` gives the view shown, nil for a
    /// row off the wheel; views that left are handed back for reuse.
    @Test func theDelegatesViewsAreShownAndReused() {
        let source = CountingSource(rows: [20])
        let delegate = ViewDelegate()
        let picker = Self.picker(source)
        picker.delegate = delegate
        picker.layoutIfNeeded()
        let first = picker.view(forRow: 0, forComponent: 0)
        expect(first?.tag == 0)
        expect(first?.center == CGPoint(x: 150, y: 108), "the selected row centred, the wheel centred")
        expect(first?.bounds.size == CGSize(width: 100, height: 44), "sized to the row")
        expect(picker.view(forRow: 15, forComponent: 0) == nil, "a row off the wheel")
        expect(delegate.titleQuestions == 0, "titles are not asked where views are given")
        expect(delegate.reused.allSatisfy { $0 == nil }, "nothing to reuse at first")
        picker.selectRow(15, inComponent: 0, animated: false)
        picker.layoutIfNeeded()
        expect(picker.view(forRow: 15, forComponent: 0)?.tag == 15)
        expect(picker.view(forRow: 0, forComponent: 0) == nil)
        expect(delegate.reused.contains { $0 != nil }, "views of rows that left are offered again")
    }

    /// The wheel: a row k away from the selected one at angle k·θ (θ = row height / R, R half
    /// the height) is centred R·sin(kθ) from the middle, its height scaled by cos(kθ) and faded;
    /// behind the middle row, `subviews[1]`, the band iOS 14 draws (8 points in, 8-point
    /// corners, `tertiarySystemFill`).
    @Test func rowsLieOnACylinderAboveTheSelectionBand() throws {
        let source = CountingSource(rows: [9])
        let delegate = TitleDelegate()  // held here: the picker's delegate is weak, as on iOS
        let picker = Self.picker(source)
        picker.delegate = delegate
        picker.selectRow(4, inComponent: 0, animated: false)
        let rows = Self.rows(picker)
        let below = try #require(rows.first { ($0 as? UILabel)?.text == "row 5" })
        let angle = 32 / 108.0
        expect(abs(below.center.y - (108 + 108 * sin(angle))) < 0.001, "one row below the middle")
        expect(abs(below.frame.height - 32 * cos(angle)) < 0.001, "foreshortened")
        expect(abs(below.alpha - cos(angle)) < 0.001, "faded")
        let band = picker.subviews[1]
        expect(band.frame == CGRect(x: 8, y: 92, width: 284, height: 32))
        expect(band.layer.cornerRadius == 8)
        picker.delegate = nil
        picker.reloadAllComponents()
        picker.layoutIfNeeded()
        let image = ButtonTests.render(picker)
        // tertiarySystemFill: (118, 118, 128) at 0.12 opacity, 31 of 255.
        expect(abs(Int(ButtonTests.pixel(image, 12, 108)[3]) - 31) <= 1, "the band behind the middle row")
        expect(ButtonTests.pixel(image, 4, 108)[3] == 0, "nothing outside the band's inset")
        expect(ButtonTests.pixel(image, 8, 92)[3] == 0, "the band's rounded corner")
    }
}
