import Foundation

/// An on/off switch, drawn as iOS draws one at rest: a 51 x 31 point capsule track, green
/// (`onTintColor`) when on and a light grey fill when off, with a white 27-point knob at the
/// end of its side. Its size is fixed, as UIKit's: any frame size given is replaced.
open class UISwitch: UIControl {
    /// A tap toggles it, animated, and sends `.valueChanged` (docs/uikit.md "Gesture recognisers").
    override func takeTap(at point: CGPoint, touch: UITouch? = nil) {
        super.takeTap(at: point, touch: touch)
        setOn(!isOn, animated: true)
        sendActions(for: .valueChanged)
    }

    /// UIKit's fixed size for a switch.
    private static let size = CGSize(width: 51, height: 31)

    public enum Style: Int, Sendable {
        case automatic, checkbox, sliding
    }

    private let track = UIView()
    private let knob = UIView()

    /// Setting it sends no action, as UIKit documents for `isOn` and `setOn(_:animated:)`.
    open var isOn = false {
        didSet { updateLook() }
    }

    /// Nil: system green.
    open var onTintColor: UIColor? {
        didSet { updateLook() }
    }

    /// Nil: white.
    open var thumbTintColor: UIColor? {
        didSet { updateLook() }
    }

    open var preferredStyle: Style = .automatic
    open var style: Style { .sliding }
    open var title: String?

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: UISwitch.size))
        setUpSwitch()
    }

    private func setUpSwitch() {
        track.isUserInteractionEnabled = false
        knob.isUserInteractionEnabled = false
        track.layer.cornerRadius = UISwitch.size.height / 2
        knob.layer.cornerRadius = 27 / 2
        knob.layer.shadowColor = UIColor.black.cgColor
        knob.layer.shadowOpacity = 0.15
        knob.layer.shadowRadius = 2
        knob.layer.shadowOffset = CGSize(width: 0, height: 2)
        addSubview(track)
        addSubview(knob)
        updateLook()
    }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpSwitch()
        InterfaceBuilder.decode(self, coder: coder, at: UISwitch.self)
    }

    open func setOn(_ on: Bool, animated: Bool) { isOn = on }

    open override var intrinsicContentSize: CGSize { UISwitch.size }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { UISwitch.size }

    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: UISwitch.size) }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        track.frame = CGRect(origin: .zero, size: UISwitch.size)
        knob.frame = CGRect(x: isOn ? 51 - 2 - 27 : 2, y: 2, width: 27, height: 27)
    }

    override func controlStateChanged() { updateLook() }

    private func updateLook() {
        track.backgroundColor = isOn ? (onTintColor ?? .systemGreen) : .secondarySystemFill
        knob.backgroundColor = thumbTintColor ?? .white
        // UIKit dims a disabled switch as a whole.
        alpha = isEnabled ? 1 : 0.5
        setNeedsLayout()
    }
}
