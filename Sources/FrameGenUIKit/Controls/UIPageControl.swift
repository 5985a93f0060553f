import Foundation

/// A row of page dots, the current one in `currentPageIndicatorTintColor`, as UIKit's classic
/// page control draws them: 7-point dots 9 points apart, centred in the control.
///
/// The default colours (white dots, the others at 30 % opacity, for the photos a page control
/// usually lies on) are framegen's choice.
open class UIPageControl: UIControl {
    /// A tap right of the middle turns to the next page, left of it to the previous one, as
    /// UIKit's page control does, sending `.valueChanged` when the page changed
    /// (docs/uikit.md "Gesture recognisers").
    override func takeTap(at point: CGPoint, touch: UITouch? = nil) {
        super.takeTap(at: point, touch: touch)
        let page = currentPage + (point.x > bounds.midX ? 1 : -1)
        guard page >= 0, page < numberOfPages else { return }
        currentPage = page
        sendActions(for: .valueChanged)
    }

    private static let dot: CGFloat = 7
    private static let spacing: CGFloat = 9
    /// The classic control's height.
    private static let height: CGFloat = 37

    public enum BackgroundStyle: Int, Sendable {
        case automatic, prominent, minimal
    }

    private var dots: [UIView] = []

    open var numberOfPages = 0 {
        didSet {
            numberOfPages = Swift.max(numberOfPages, 0)
            currentPage = Swift.min(currentPage, Swift.max(numberOfPages - 1, 0))
            rebuild()
        }
    }

    /// Clamped to the pages there are.
    open var currentPage = 0 {
        didSet {
            let clamped = Swift.max(0, Swift.min(currentPage, numberOfPages - 1))
            if clamped != currentPage { currentPage = clamped }
            updateColors()
        }
    }

    open var hidesForSinglePage = false {
        didSet { rebuild() }
    }

    open var pageIndicatorTintColor: UIColor? {
        didSet { updateColors() }
    }

    open var currentPageIndicatorTintColor: UIColor? {
        didSet { updateColors() }
    }

    open var backgroundStyle: BackgroundStyle = .automatic
    open var allowsContinuousInteraction = true
    /// Accepted: framegen has no page-control timers.
    open var defersCurrentPageDisplay = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        InterfaceBuilder.decode(self, coder: coder, at: UIPageControl.self)
    }

    /// `pageCount` dots and the spaces between them, the classic control's height.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        let n = CGFloat(Swift.max(pageCount, 0))
        return CGSize(
            width: n * UIPageControl.dot + Swift.max(n - 1, 0) * UIPageControl.spacing,
            height: UIPageControl.height)
    }

    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.size(forNumberOfPages: numberOfPages) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let run = size(forNumberOfPages: numberOfPages).width
        var x = bounds.midX - run / 2
        for dot in dots {
            dot.frame = CGRect(
                x: x, y: bounds.midY - UIPageControl.dot / 2, width: UIPageControl.dot,
                height: UIPageControl.dot)
            x += UIPageControl.dot + UIPageControl.spacing
        }
    }

    private func rebuild() {
        for dot in dots { dot.removeFromSuperview() }
        let shown = !(hidesForSinglePage && numberOfPages <= 1)
        dots = shown ? (0..<numberOfPages).map { _ in UIView() } : []
        for dot in dots {
            dot.isUserInteractionEnabled = false
            dot.layer.cornerRadius = UIPageControl.dot / 2
            addSubview(dot)
        }
        updateColors()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func updateColors() {
        for (page, dot) in dots.enumerated() {
            dot.backgroundColor =
                page == currentPage
                ? currentPageIndicatorTintColor ?? .white
                : pageIndicatorTintColor ?? UIColor(white: 1, alpha: 0.3)
        }
    }
}
