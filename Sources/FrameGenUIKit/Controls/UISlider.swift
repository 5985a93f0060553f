import Foundation

/// A value between a minimum and a maximum, drawn as iOS draws a slider at rest: a 4-point
/// rounded track, the tint colour left of the thumb and a grey right of it, and a white
/// 28-point thumb with a soft shadow where the value puts it.
///
/// The track's grey and the shadow are framegen's approximations of iOS's look.
open class UISlider: UIControl {
    private static let thumb: CGFloat = 28
    private static let track: CGFloat = 4

    private let minimumTrack = UIView()
    private let maximumTrack = UIView()
    private let thumbView = UIView()

    /// Clamped to `minimumValue...maximumValue`; setting it sends no action, as UIKit's.
    open var value: Float {
        get { storedValue }
        set {
            storedValue = Swift.min(Swift.max(newValue, minimumValue), maximumValue)
            setNeedsLayout()
        }
    }

    private var storedValue: Float = 0

    /// 0 by default; a value below it is raised to it.
    open var minimumValue: Float = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            value = storedValue
        }
    }

    /// 1 by default; a value above it is lowered to it.
    open var maximumValue: Float = 1 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            value = storedValue
        }
    }

    open var isContinuous = true
    open var minimumValueImage: UIImage?
    open var maximumValueImage: UIImage?

    /// Nil: the tint colour.
    open var minimumTrackTintColor: UIColor? {
        didSet { updateColors() }
    }

    /// Nil: a light grey.
    open var maximumTrackTintColor: UIColor? {
        didSet { updateColors() }
    }

    /// Nil: white.
    open var thumbTintColor: UIColor? {
        didSet { updateColors() }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpSlider()
    }

    private func setUpSlider() {
        for view in [minimumTrack, maximumTrack, thumbView] {
            view.isUserInteractionEnabled = false
            addSubview(view)
        }
        minimumTrack.layer.cornerRadius = UISlider.track / 2
        maximumTrack.layer.cornerRadius = UISlider.track / 2
        thumbView.layer.cornerRadius = UISlider.thumb / 2
        thumbView.layer.shadowColor = UIColor.black.cgColor
        thumbView.layer.shadowOpacity = 0.2
        thumbView.layer.shadowRadius = 3
        thumbView.layer.shadowOffset = CGSize(width: 0, height: 2)
        updateColors()
    }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpSlider()
        InterfaceBuilder.decode(self, coder: coder, at: UISlider.self)
    }

    open func setValue(_ value: Float, animated: Bool) { self.value = value }

    /// No width of its own; 31 points high, the height Interface Builder gives a slider.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 31) }

    /// The track: the bounds' width, 4 points high, centred.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(
            x: bounds.minX, y: bounds.midY - UISlider.track / 2, width: bounds.width, height: UISlider.track)
    }

    /// The thumb where `value` puts it along the track, its centre moving from half a thumb in
    /// from one end to half a thumb in from the other.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let span = maximumValue - minimumValue
        let fraction = span > 0 ? CGFloat((value - minimumValue) / span) : 0
        let x = rect.minX + fraction * Swift.max(rect.width - UISlider.thumb, 0)
        return CGRect(
            x: x, y: bounds.midY - UISlider.thumb / 2, width: UISlider.thumb, height: UISlider.thumb)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let track = trackRect(forBounds: bounds)
        let thumb = thumbRect(forBounds: bounds, trackRect: track, value: value)
        thumbView.frame = thumb
        minimumTrack.frame = CGRect(
            x: track.minX, y: track.minY, width: thumb.midX - track.minX, height: track.height)
        maximumTrack.frame = CGRect(
            x: thumb.midX, y: track.minY, width: track.maxX - thumb.midX, height: track.height)
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateColors()
    }

    override func controlStateChanged() { updateColors() }

    private func updateColors() {
        minimumTrack.backgroundColor = isEnabled ? minimumTrackTintColor ?? tintColor : .systemGray3
        maximumTrack.backgroundColor = maximumTrackTintColor ?? .systemGray5
        thumbView.backgroundColor = thumbTintColor ?? .white
    }
}
