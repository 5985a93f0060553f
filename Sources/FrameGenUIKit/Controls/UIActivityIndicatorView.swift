import Foundation

/// A spinner, drawn at rest as iOS draws one: spokes round the centre, each fainter than the
/// one before it clockwise. framegen draws no animation frames of it: `startAnimating()` shows
/// it and `isAnimating` says so.
///
/// `.medium` (20 points) and `.large` (37 points) have 8 spokes, as since iOS 13; the legacy
/// styles (`.white`, `.whiteLarge`, `.gray`) 12, as before.
open class UIActivityIndicatorView: UIView {
    /// The raw values are UIKit's.
    public enum Style: Int, Sendable {
        case whiteLarge = 0
        case white = 1
        case gray = 2
        case medium = 100
        case large = 101
    }

    open var style: Style {
        didSet { styleChanged() }
    }

    /// Nil restores the style's colour (the secondary label colour for medium and large, grey
    /// for `.gray`, white for the white styles).
    open var color: UIColor! {
        get { storedColor ?? defaultColor }
        set {
            storedColor = newValue
            setNeedsDisplay()
        }
    }

    /// True by default: a stopped indicator is hidden, as UIKit's.
    open var hidesWhenStopped = true {
        didSet { updateHidden() }
    }

    open private(set) var isAnimating = false

    private var storedColor: UIColor?

    public init(style: Style) {
        self.style = style
        let side = UIActivityIndicatorView.side(style)
        super.init(frame: CGRect(x: 0, y: 0, width: side, height: side))
        isOpaque = false
        updateHidden()
    }

    /// A medium indicator in `frame`.
    public override init(frame: CGRect) {
        style = .medium
        super.init(frame: frame)
        isOpaque = false
        updateHidden()
    }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        style = InterfaceBuilder.activityIndicatorStyle(coder)
        super.init(coder: coder)
        isOpaque = false
        updateHidden()
        InterfaceBuilder.decode(self, coder: coder, at: UIActivityIndicatorView.self)
    }

    open func startAnimating() {
        isAnimating = true
        updateHidden()
    }

    open func stopAnimating() {
        isAnimating = false
        updateHidden()
    }

    open override var intrinsicContentSize: CGSize {
        let side = UIActivityIndicatorView.side(style)
        return CGSize(width: side, height: side)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    private static func side(_ style: Style) -> CGFloat {
        switch style {
        case .large, .whiteLarge: 37
        default: 20
        }
    }

    /// The medium and large styles' grey is the secondary label colour: two iOS references (iOS
    /// 15 on white, iOS 16 on `systemGray6`) give their spokes the same opacities over it, which
    /// no opaque grey does.
    private var defaultColor: UIColor {
        switch style {
        case .white, .whiteLarge: .white
        case .medium, .large: .secondaryLabel
        default: .systemGray
        }
    }

    /// The 8-spoke styles' opacities as iOS draws them at rest, measured on those references:
    /// the head, then the three spokes behind it fading in even steps, the other four alike.
    private static let eightSpokeFades: [CGFloat] = [0.845, 0.7025, 0.56, 0.4175, 0.275, 0.275, 0.275, 0.275]

    private var spokes: Int { style == .medium || style == .large ? 8 : 12 }

    private func styleChanged() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    private func updateHidden() {
        isHidden = hidesWhenStopped && !isAnimating
    }

    open override func draw(_ rect: CGRect) {
        let side = UIActivityIndicatorView.side(style)
        var centre = CGPoint(x: bounds.midX, y: bounds.midY)
        var outer = side / 2
        var inner = outer * 0.45
        var width = side * 0.085
        // The 8-spoke styles' spokes as measured on iOS references (3x): medium's reach the
        // edge of its 20 points from a third of the radius, 7 pixels thick; large's fill a
        // 35-point square at the top left of its 37 points, from 5.5 points out, 5 thick.
        switch style {
        case .medium:
            inner = outer / 3
            width = 7 / 3
        case .large:
            centre = CGPoint(x: bounds.midX - 1, y: bounds.midY - 1)
            outer = 17.5
            inner = 5.5
            width = 5
        default:
            break
        }
        let base: UIColor = color
        for i in 0..<spokes {
            // The legacy styles: spoke 0 points up and is the most opaque, the trail fading
            // clockwise behind it. The 8-spoke ones: the head points left (where iOS's is at
            // rest) and the trail runs counterclockwise from it, as the spinner turns clockwise.
            let angle =
                spokes == 8
                ? .pi - CGFloat(i) / CGFloat(spokes) * 2 * .pi
                : CGFloat(i) / CGFloat(spokes) * 2 * .pi - .pi / 2
            let (c, s) = (cos(angle), sin(angle))
            let spoke = UIBezierPath()
            spoke.move(
                to: CGPoint(x: centre.x + c * (inner + width / 2), y: centre.y + s * (inner + width / 2)))
            spoke.addLine(
                to: CGPoint(x: centre.x + c * (outer - width / 2), y: centre.y + s * (outer - width / 2)))
            spoke.lineWidth = width
            spoke.lineCapStyle = .round
            let fade =
                spokes == 8
                ? Self.eightSpokeFades[i] : 1 - CGFloat((spokes - i) % spokes) / CGFloat(spokes) * 0.75
            base.withAlphaComponent(base.cgColor.alpha * fade).setStroke()
            spoke.stroke()
        }
    }
}
