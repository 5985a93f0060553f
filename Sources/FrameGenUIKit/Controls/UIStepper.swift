import Foundation

/// A stepper as iOS 13 and later draws one: 94 x 32 points whatever frame it is given, a rounded
/// rectangle (8-point corners, `tertiarySystemFill`) split by a hairline into a − half and a +
/// half, each glyph 14 points wide in `label`, dimmed (`tertiaryLabel`) where the value is at
/// that end and does not wrap. A tap on a half steps the value and sends `.valueChanged`.
open class UIStepper: UIControl {
    static let size = CGSize(width: 94, height: 32)

    open var isContinuous = true
    open var autorepeat = true
    /// Stepping past an end comes round to the other.
    open var wraps = false {
        didSet { updateLook() }
    }
    /// Kept within `minimumValue...maximumValue`.
    open var value: Double = 0 {
        didSet {
            let clamped = Swift.min(Swift.max(value, minimumValue), maximumValue)
            if clamped != value { value = clamped }
            updateLook()
        }
    }
    /// 0 by default; raising it above the value raises the value.
    open var minimumValue: Double = 0 {
        didSet {
            maximumValue = Swift.max(maximumValue, minimumValue)
            value = Swift.max(value, minimumValue)
        }
    }
    /// 100 by default.
    open var maximumValue: Double = 100 {
        didSet {
            minimumValue = Swift.min(minimumValue, maximumValue)
            value = Swift.min(value, maximumValue)
        }
    }
    /// 1 by default; UIKit refuses a step that is not positive.
    open var stepValue: Double = 1 {
        didSet { if stepValue <= 0 { stepValue = oldValue } }
    }

    private let plate = UIView()
    private let divider = UIView()
    private let minus = UIView()
    private let plusBar = UIView()
    private let plusStem = UIView()

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: UIStepper.size))
        setUpStepper()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        bounds.size = UIStepper.size
        setUpStepper()
        InterfaceBuilder.decode(self, coder: coder, at: UIStepper.self)
    }

    private func setUpStepper() {
        plate.layer.cornerRadius = 8
        plate.backgroundColor = .tertiarySystemFill
        divider.backgroundColor = .separator
        for part in [plate, divider, minus, plusBar, plusStem] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        updateLook()
    }

    open override var intrinsicContentSize: CGSize { UIStepper.size }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { UIStepper.size }

    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: UIStepper.size) }
    }

    override func takeTap(at point: CGPoint, touch: UITouch? = nil) {
        super.takeTap(at: point, touch: touch)
        let step = point.x < bounds.midX ? -stepValue : stepValue
        var next = value + step
        if wraps, next > maximumValue { next = minimumValue }
        if wraps, next < minimumValue { next = maximumValue }
        guard Swift.min(Swift.max(next, minimumValue), maximumValue) != value else { return }
        value = next
        sendActions(for: .valueChanged)
    }

    override func controlStateChanged() { updateLook() }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let size = UIStepper.size
        plate.frame = CGRect(origin: .zero, size: size)
        let line = 1 / Swift.max(traitCollection.displayScale, 1)
        divider.frame = CGRect(x: (size.width - line) / 2, y: 8, width: line, height: size.height - 16)
        let glyph: CGFloat = 14
        let stroke: CGFloat = 2
        let quarter = size.width / 4
        minus.frame = CGRect(
            x: quarter - glyph / 2, y: (size.height - stroke) / 2, width: glyph, height: stroke)
        plusBar.frame = CGRect(
            x: 3 * quarter - glyph / 2, y: (size.height - stroke) / 2, width: glyph, height: stroke)
        plusStem.frame = CGRect(
            x: 3 * quarter - stroke / 2, y: (size.height - glyph) / 2, width: stroke, height: glyph)
    }

    private func updateLook() {
        let canDecrease = isEnabled && (wraps || value > minimumValue)
        let canIncrease = isEnabled && (wraps || value < maximumValue)
        minus.backgroundColor = canDecrease ? .label : .tertiaryLabel
        plusBar.backgroundColor = canIncrease ? .label : .tertiaryLabel
        plusStem.backgroundColor = plusBar.backgroundColor
        setNeedsLayout()
    }
}
