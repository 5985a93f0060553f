import Foundation

/// A progress bar as iOS 14 and later draws one: a track 4 points tall by default (its
/// intrinsic height; a taller frame draws a taller track) with rounded ends (a radius of half its
/// height), `trackTintColor` (`systemFill` by default), and over it from the leading edge the
/// filled part, `progress` of the width, in `progressTintColor` (the tint colour by default),
/// rounded the same way. The `.bar` style draws square ends.
open class UIProgressView: UIView {
    /// The raw values are UIKit's.
    public enum Style: Int, Sendable {
        case `default` = 0
        case bar = 1
    }

    static let height: CGFloat = 4

    open var progressViewStyle: Style = .default {
        didSet { setNeedsLayout() }
    }
    /// Clamped to 0...1, as UIKit clamps it.
    open var progress: Float = 0 {
        didSet {
            progress = Swift.min(Swift.max(progress, 0), 1)
            setNeedsLayout()
        }
    }
    open var progressTintColor: UIColor? {
        didSet { setNeedsLayout() }
    }
    open var trackTintColor: UIColor? {
        didSet { setNeedsLayout() }
    }
    /// Drawn stretched over the filled part in place of its colour.
    open var progressImage: UIImage? {
        didSet { setNeedsLayout() }
    }
    open var trackImage: UIImage? {
        didSet { setNeedsLayout() }
    }
    /// Its fraction completed becomes `progress` when set (framegen observes no later changes).
    open var observedProgress: Progress? {
        didSet { if let observedProgress { progress = Float(observedProgress.fractionCompleted) } }
    }

    private let track = UIImageView(image: nil)
    private let fill = UIImageView(image: nil)

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpProgressView()
    }

    private func setUpProgressView() {
        for part in [track, fill] {
            part.isUserInteractionEnabled = false
            part.clipsToBounds = true
            addSubview(part)
        }
    }

    public convenience init(progressViewStyle style: UIProgressView.Style) {
        self.init(frame: CGRect(x: 0, y: 0, width: 0, height: UIProgressView.height))
        progressViewStyle = style
    }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpProgressView()
        InterfaceBuilder.decode(self, coder: coder, at: UIProgressView.self)
    }

    open func setProgress(_ progress: Float, animated: Bool) { self.progress = progress }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIProgressView.height)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: UIProgressView.height)
    }

    open override func tintColorDidChange() { setNeedsLayout() }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let radius = progressViewStyle == .bar ? 0 : bounds.height / 2
        track.frame = bounds
        track.image = trackImage
        track.backgroundColor = trackImage == nil ? trackTintColor ?? .systemFill : nil
        track.layer.cornerRadius = radius
        let width = bounds.width * CGFloat(progress)
        let leftToRight = effectiveUserInterfaceLayoutDirection == .leftToRight
        fill.frame = CGRect(
            x: leftToRight ? 0 : bounds.width - width, y: 0, width: width, height: bounds.height)
        fill.image = progressImage
        fill.backgroundColor = progressImage == nil ? progressTintColor ?? tintColor : nil
        fill.layer.cornerRadius = radius
    }
}
