import Foundation

/// UIKit's `UIPickerViewDataSource`: both members are required, as in UIKit.
public protocol UIPickerViewDataSource: NSObjectProtocol {
    func numberOfComponents(in pickerView: UIPickerView) -> Int
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int
}

/// UIKit's `UIPickerViewDelegate`; the members iOS marks optional have UIKit's defaults in the
/// extension below.
public protocol UIPickerViewDelegate: NSObjectProtocol {
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String?
    func pickerView(
        _ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int
    ) -> NSAttributedString?
    func pickerView(
        _ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?
    ) -> UIView
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
}

extension UIPickerViewDelegate {
    /// The picker's own share of its width, as where UIKit's delegate does not answer.
    public func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
        pickerView.sharedComponentWidth
    }

    public func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat {
        UIPickerView.defaultRowHeight
    }

    public func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int)
        -> String?
    { nil }

    public func pickerView(
        _ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int
    ) -> NSAttributedString? { nil }

    /// A marker the picker recognises as "not implemented": UIKit uses the titles only where the
    /// delegate does not respond to this member, which a Swift default cannot otherwise tell, and
    /// `view(forRow:forComponent:)` is nil then.
    public func pickerView(
        _ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?
    ) -> UIView { UnansweredPickerRowView() }

    public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {}
}

/// What the default `viewForRow` answers, so that the picker draws the row's title instead.
final class UnansweredPickerRowView: UIView {}

/// A picker view: one wheel per component of the data source, each showing its rows centred on
/// the selected one, drawn at rest as iOS 14 and later draw it, from subviews: the rows of a
/// component projected onto a cylinder (row k away from the selected one, at angle a = k·θ with
/// θ = row height / R and R half the picker's height, is centred at R·sin(a) from the middle,
/// its height scaled by cos(a) and its opacity by cos(a)), each row the delegate's view or a
/// label of its attributed title or title, and the selection band behind the middle row: a
/// rounded rectangle of `tertiarySystemFill` inset 8 points at the sides, with 8-point corners.
/// `subviews[1]` is that band, as on iOS 14 (where apps recolour or hide it through that index);
/// `subviews[0]` holds the wheels.
///
/// The drawing is framegen's: it is not measured against iOS references (the row font, the
/// cylinder's radius, the fade and the band's colour are approximations). A picker does not
/// scroll: `selectRow(_:inComponent:animated:)` shows the new row at once and, as on iOS, does
/// not call the delegate's `didSelectRow`.
open class UIPickerView: UIView {
    /// A row's height where the delegate gives none: 32 points, what `rowSize(forComponent:)`
    /// answers on iOS 14 and later (from practice, not a documented value).
    static let defaultRowHeight: CGFloat = 32
    /// The height UIKit gives a picker on a phone in portrait.
    static let defaultHeight: CGFloat = 216
    /// The row titles' font size: framegen's choice, since iOS's picker font could not be
    /// confirmed (it is near the system font at 21 to 23.5 points).
    static let titleFontSize: CGFloat = 21
    static let bandInset: CGFloat = 8
    static let bandCornerRadius: CGFloat = 8

    /// Weak, as on iOS. Setting it drops the counts asked of the previous one.
    open weak var dataSource: UIPickerViewDataSource? {
        didSet {
            counts = nil
            setNeedsLayout()
        }
    }

    /// Weak, as on iOS.
    open weak var delegate: UIPickerViewDelegate? {
        didSet { setNeedsLayout() }
    }

    /// Deprecated in UIKit, where it has no effect since iOS 7: kept so that code that sets it
    /// compiles.
    @available(
        iOS, introduced: 2.0, deprecated: 13.0, message: "This property has no effect on iOS 7 and later."
    )
    open var showsSelectionIndicator = false

    /// Each component's number of rows, asked of the data source when first needed, on
    /// `reloadAllComponents()` and after a new data source (UIKit's "info that was fetched and
    /// cached from the data source").
    private var counts: [Int]?
    /// The selected row of each component, kept within its rows (0 where it has none: reported
    /// as -1).
    private var selected: [Int] = []
    private let wheels = UIView()
    private let band = UIView()
    /// The views shown per component, by row, handed back to the delegate for reuse.
    private var shown: [[Int: UIView]] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpPicker()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpPicker()
        InterfaceBuilder.decode(self, coder: coder, at: UIPickerView.self)
    }

    private func setUpPicker() {
        wheels.isUserInteractionEnabled = false
        wheels.clipsToBounds = true
        band.isUserInteractionEnabled = false
        band.backgroundColor = .tertiarySystemFill
        band.layer.cornerRadius = UIPickerView.bandCornerRadius
        addSubview(wheels)
        addSubview(band)
    }

    // MARK: Counts

    private func loadedCounts() -> [Int] {
        if let counts { return counts }
        var loaded: [Int] = []
        if let dataSource {
            let components = max(0, dataSource.numberOfComponents(in: self))
            loaded = (0..<components).map { max(0, dataSource.pickerView(self, numberOfRowsInComponent: $0)) }
        }
        counts = loaded
        // A selection kept across a reload stays within the rows there now are, as UIKit's does.
        selected = loaded.indices.map { c in
            min(c < selected.count ? selected[c] : 0, max(0, loaded[c] - 1))
        }
        return loaded
    }

    open var numberOfComponents: Int { loadedCounts().count }

    /// 0 for a component the data source did not give.
    open func numberOfRows(inComponent component: Int) -> Int {
        let counts = loadedCounts()
        return counts.indices.contains(component) ? counts[component] : 0
    }

    /// The component's width and row height, the delegate's or UIKit's defaults.
    open func rowSize(forComponent component: Int) -> CGSize {
        CGSize(width: width(ofComponent: component), height: rowHeight(ofComponent: component))
    }

    /// The width each component has where the delegate gives none: the picker's width shared
    /// equally. UIKit's own rule (with margins between the wheels) is not documented; framegen
    /// shares without margins.
    var sharedComponentWidth: CGFloat {
        let components = numberOfComponents
        return components == 0 ? bounds.width : bounds.width / CGFloat(components)
    }

    private func width(ofComponent component: Int) -> CGFloat {
        delegate?.pickerView(self, widthForComponent: component) ?? sharedComponentWidth
    }

    private func rowHeight(ofComponent component: Int) -> CGFloat {
        delegate?.pickerView(self, rowHeightForComponent: component) ?? UIPickerView.defaultRowHeight
    }

    /// Asks the data source for every count again, as UIKit does, and shows the rows anew.
    open func reloadAllComponents() {
        counts = nil
        _ = loadedCounts()
        for component in shown.indices { discardViews(ofComponent: component) }
        setNeedsLayout()
    }

    /// Asks the data source for the component's rows again and shows them anew.
    open func reloadComponent(_ component: Int) {
        guard var counts = self.counts else {
            _ = loadedCounts()
            setNeedsLayout()
            return
        }
        guard counts.indices.contains(component), let dataSource else { return }
        counts[component] = max(0, dataSource.pickerView(self, numberOfRowsInComponent: component))
        self.counts = counts
        selected[component] = min(selected[component], max(0, counts[component] - 1))
        if shown.indices.contains(component) { discardViews(ofComponent: component) }
        setNeedsLayout()
    }

    private func discardViews(ofComponent component: Int) {
        for view in shown[component].values { view.removeFromSuperview() }
        shown[component] = [:]
    }

    // MARK: Selection

    /// Shows `row` in the middle of the component, kept within its rows as UIKit does; a
    /// component out of range is ignored. Does not call the delegate's `didSelectRow`, as on iOS,
    /// and is not animated.
    open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        let counts = loadedCounts()
        guard counts.indices.contains(component) else { return }
        selected[component] = min(max(0, row), max(0, counts[component] - 1))
        setNeedsLayout()
    }

    /// The selected row; -1 where the component has no rows (or does not exist), as UIKit's.
    open func selectedRow(inComponent component: Int) -> Int {
        let counts = loadedCounts()
        guard counts.indices.contains(component), counts[component] > 0 else { return -1 }
        return selected[component]
    }

    /// The delegate's view shown for the row; nil where the row is not on screen or the delegate
    /// gives titles instead of views, as UIKit's.
    open func view(forRow row: Int, forComponent component: Int) -> UIView? {
        layoutIfNeeded()
        guard shown.indices.contains(component), let view = shown[component][row],
            !(view is PickerTitleLabel)
        else { return nil }
        return view
    }

    // MARK: Size and layout

    /// No width of its own (it takes its superview's or its constraints') and 216 points high,
    /// as a picker on a phone.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIPickerView.defaultHeight)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: UIPickerView.defaultHeight)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        wheels.frame = bounds
        let counts = loadedCounts()
        while shown.count < counts.count { shown.append([:]) }
        while shown.count > counts.count {
            discardViews(ofComponent: shown.count - 1)
            shown.removeLast()
        }
        let widths = counts.indices.map { width(ofComponent: $0) }
        let heights = counts.indices.map { rowHeight(ofComponent: $0) }
        // The wheels side by side, centred as a group where the delegate's widths leave room.
        var x = (bounds.width - widths.reduce(0, +)) / 2
        for component in counts.indices {
            layOutWheel(
                component, rows: counts[component], x: x, width: widths[component],
                rowHeight: heights[component])
            x += widths[component]
        }
        let bandHeight = heights.max() ?? UIPickerView.defaultRowHeight
        band.frame = CGRect(
            x: UIPickerView.bandInset, y: (bounds.height - bandHeight) / 2,
            width: max(0, bounds.width - 2 * UIPickerView.bandInset), height: bandHeight)
    }

    /// Places the rows of one wheel that face the viewer: row `selected + k` at angle k·θ on a
    /// cylinder of radius R (half the height), θ making the middle row its full height.
    private func layOutWheel(_ component: Int, rows: Int, x: CGFloat, width: CGFloat, rowHeight: CGFloat) {
        let radius = bounds.height / 2
        var visible: [Int: (angle: CGFloat, view: UIView?)] = [:]
        if rows > 0, radius > 0, rowHeight > 0 {
            let step = rowHeight / radius
            // Rows turned further than this show as less than a sliver and are left out.
            let reach = Int((CGFloat.pi / 2 - 0.05) / step)
            for k in -reach...reach {
                let row = selected[component] + k
                guard row >= 0, row < rows else { continue }
                visible[row] = (CGFloat(k) * step, nil)
            }
        }
        // Views of rows that left the wheel, handed back to the delegate for rows that came in.
        var spare: [UIView] = []
        for (row, view) in shown[component].sorted(by: { $0.key < $1.key }) where visible[row] == nil {
            view.removeFromSuperview()
            spare.append(view)
        }
        var next: [Int: UIView] = [:]
        for row in visible.keys.sorted() {
            let previous = shown[component][row] ?? (spare.isEmpty ? nil : spare.removeFirst())
            let view = rowView(row, component: component, reusing: previous)
            if view !== previous { previous?.removeFromSuperview() }
            let angle = visible[row]!.angle
            let scale = cos(angle)
            // The view is sized to the row's rectangle and centred in it, as UIKit places it.
            view.transform = .identity
            view.bounds = CGRect(x: 0, y: 0, width: width, height: rowHeight)
            view.center = CGPoint(x: x + width / 2, y: bounds.midY + radius * sin(angle))
            view.transform = CGAffineTransform(scaleX: 1, y: scale)
            view.alpha = scale
            if view.superview !== wheels { wheels.addSubview(view) }
            next[row] = view
        }
        shown[component] = next
    }

    /// The delegate's view for the row or, where it gives none, a label of the attributed title
    /// (favoured where both are given, as UIKit does) or the title.
    private func rowView(_ row: Int, component: Int, reusing previous: UIView?) -> UIView {
        if let delegate {
            let offered = previous is PickerTitleLabel ? nil : previous
            let view = delegate.pickerView(self, viewForRow: row, forComponent: component, reusing: offered)
            if !(view is UnansweredPickerRowView) { return view }
        }
        let label = (previous as? PickerTitleLabel) ?? PickerTitleLabel()
        label.font = UIFont.systemFont(ofSize: UIPickerView.titleFontSize)
        label.textColor = .label
        label.textAlignment = .center
        if let attributed = delegate?.pickerView(self, attributedTitleForRow: row, forComponent: component) {
            label.attributedText = attributed
        } else {
            label.text = delegate?.pickerView(self, titleForRow: row, forComponent: component)
        }
        return label
    }
}

/// The label the picker makes for a row's title, told apart from a delegate's views.
final class PickerTitleLabel: UILabel {}
