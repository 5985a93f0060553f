import Foundation

/// The raw values are UIKit's.
public enum UIDatePickerStyle: Int, Sendable {
    case automatic = 0
    case wheels = 1
    case compact = 2
    case inline = 3
}

/// A date picker, drawn as iOS 14 and later draws the compact style a phone's `.automatic`
/// resolves to, whatever the style (framegen draws no wheels or calendar): for each part the
/// mode shows (the date, medium style, then the time, short style, in the picker's locale, time
/// zone and calendar), a 34-point pill of `tertiarySystemFill` with 6-point corners and the text
/// at 17 points in `label`, 11 points in from its sides, the pills 6 points apart, from the
/// leading edge, centred vertically. A countdown timer shows its duration as hours and minutes.
open class UIDatePicker: UIControl {
    /// The raw values are UIKit's.
    public enum Mode: Int, Sendable {
        case time = 0
        case date = 1
        case dateAndTime = 2
        case countDownTimer = 3
        case yearAndMonth = 4
    }

    static let pillHeight: CGFloat = 34
    static let padding: CGFloat = 11
    static let gap: CGFloat = 6

    open var datePickerMode: Mode = .dateAndTime {
        didSet { update() }
    }
    open var preferredDatePickerStyle: UIDatePickerStyle = .automatic
    /// What `.automatic` is on a phone.
    open var datePickerStyle: UIDatePickerStyle {
        preferredDatePickerStyle == .automatic ? .compact : preferredDatePickerStyle
    }
    open var locale: Locale? {
        didSet { update() }
    }
    open var calendar: Calendar! = Calendar.current {
        didSet { update() }
    }
    open var timeZone: TimeZone? {
        didSet { update() }
    }
    /// Now when made, as UIKit's; kept between `minimumDate` and `maximumDate`.
    open var date = Date() {
        didSet {
            if let minimumDate, date < minimumDate { date = minimumDate }
            if let maximumDate, date > maximumDate { date = maximumDate }
            update()
        }
    }
    open var minimumDate: Date?
    open var maximumDate: Date?
    open var countDownDuration: TimeInterval = 0 {
        didSet { update() }
    }
    open var minuteInterval = 1
    open var roundsToMinuteInterval = true

    private var pills: [UIView] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        update()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        update()
        InterfaceBuilder.decode(self, coder: coder, at: UIDatePicker.self)
    }

    open func setDate(_ date: Date, animated: Bool) { self.date = date }

    /// The texts of the pills the mode shows.
    var shownTexts: [String] {
        let formatter = DateFormatter()
        formatter.locale = locale ?? Locale(identifier: "en_US")
        formatter.calendar = calendar
        formatter.timeZone = timeZone ?? TimeZone.current
        func text(_ date: DateFormatter.Style, _ time: DateFormatter.Style) -> String {
            formatter.dateStyle = date
            formatter.timeStyle = time
            // ICU puts a narrow no-break space before "AM"; a plain space draws in every font.
            return formatter.string(from: self.date).replacingOccurrences(of: "\u{202F}", with: " ")
        }
        switch datePickerMode {
        case .time: return [text(.none, .short)]
        case .date: return [text(.medium, .none)]
        case .dateAndTime: return [text(.medium, .none), text(.none, .short)]
        case .yearAndMonth:
            formatter.setLocalizedDateFormatFromTemplate("MMMMy")
            return [formatter.string(from: date)]
        case .countDownTimer:
            let minutes = Int(countDownDuration / 60)
            return ["\(minutes / 60) hours \(minutes % 60) min"]
        }
    }

    private func update() {
        for pill in pills { pill.removeFromSuperview() }
        pills = shownTexts.map { text in
            let pill = UIView()
            pill.isUserInteractionEnabled = false
            pill.backgroundColor = .tertiarySystemFill
            pill.layer.cornerRadius = 6
            let label = UILabel()
            label.text = text
            label.font = UIFont.systemFont(ofSize: 17)
            label.textColor = .label
            let size = label.intrinsicContentSize
            label.frame = CGRect(
                x: UIDatePicker.padding, y: (UIDatePicker.pillHeight - size.height) / 2, width: size.width,
                height: size.height)
            pill.addSubview(label)
            pill.bounds.size = CGSize(
                width: size.width + 2 * UIDatePicker.padding, height: UIDatePicker.pillHeight)
            addSubview(pill)
            return pill
        }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    open override var intrinsicContentSize: CGSize {
        let width =
            pills.reduce(0) { $0 + $1.bounds.width } + UIDatePicker.gap * CGFloat(max(0, pills.count - 1))
        return CGSize(width: width, height: UIDatePicker.pillHeight)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        var x: CGFloat = 0
        for pill in pills {
            pill.frame.origin = CGPoint(x: x, y: (bounds.height - pill.bounds.height) / 2)
            x += pill.bounds.width + UIDatePicker.gap
        }
    }
}
