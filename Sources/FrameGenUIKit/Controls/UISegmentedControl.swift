import Foundation

/// Segments of titles or images, one of them selected, drawn as iOS 13 and later draw them at
/// rest: a grey rounded track, the selected segment a white rounded plate with a faint shadow,
/// titles in the system font at 13 points, 32 points high.
///
/// The track's grey, the corner radii and the segments' padding are framegen's approximations.
open class UISegmentedControl: UIControl {
    /// A tap selects the enabled segment under it and sends `.valueChanged` when the selection
    /// changed (every time, for a momentary control) (docs/uikit.md "Gesture recognisers").
    override func takeTap(at point: CGPoint, touch: UITouch? = nil) {
        super.takeTap(at: point, touch: touch)
        guard let index = segmentFrames().firstIndex(where: { $0.contains(point) }),
            isEnabledForSegment(at: index), isMomentary || index != selectedSegmentIndex
        else { return }
        selectedSegmentIndex = index
        sendActions(for: .valueChanged)
    }

    /// `selectedSegmentIndex` when no segment is selected.
    public static let noSegment = -1

    private struct Segment {
        var title: String?
        var image: UIImage?
        var isEnabled = true
        /// 0: the control shares its width among such segments.
        var width: CGFloat = 0
    }

    private var segments: [Segment] = []
    private let plate = UIView()
    private var labels: [UILabel] = []
    private var imageViews: [UIImageView] = []

    /// Setting it sends no action, as in UIKit; out of range is no segment.
    open var selectedSegmentIndex = UISegmentedControl.noSegment {
        didSet {
            if selectedSegmentIndex < -1 || selectedSegmentIndex >= segments.count {
                selectedSegmentIndex = UISegmentedControl.noSegment
            }
            setNeedsLayout()
        }
    }

    open var isMomentary = false
    open var apportionsSegmentWidthsByContent = false
    /// Nil: white, as iOS 13's selected plate.
    open var selectedSegmentTintColor: UIColor? {
        didSet { plate.backgroundColor = selectedSegmentTintColor ?? .white }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpSegmentedControl()
    }

    private func setUpSegmentedControl() {
        // A grey wash over the background (framegen's approximation of iOS's track).
        backgroundColor = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
        layer.cornerRadius = 9
        plate.isUserInteractionEnabled = false
        plate.backgroundColor = .white
        plate.layer.cornerRadius = 7
        plate.layer.shadowColor = UIColor.black.cgColor
        plate.layer.shadowOpacity = 0.12
        plate.layer.shadowRadius = 4
        plate.layer.shadowOffset = CGSize(width: 0, height: 3)
        addSubview(plate)
    }

    /// Strings become titled segments and images image segments, as UIKit's `init(items:)`.
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for item in items ?? [] {
            if let image = item as? UIImage {
                insertSegment(with: image, at: numberOfSegments, animated: false)
            } else {
                insertSegment(withTitle: "\(item)", at: numberOfSegments, animated: false)
            }
        }
        bounds.size = intrinsicContentSize
    }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpSegmentedControl()
        InterfaceBuilder.decode(self, coder: coder, at: UISegmentedControl.self)
    }

    open var numberOfSegments: Int { segments.count }

    /// At `segment`, clamped to the segments there are.
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title), at: segment)
    }

    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Segment(image: image), at: segment)
    }

    /// With its title and image, as UIKit's (iOS 14).
    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        insert(Segment(title: action.title, image: action.image), at: segment)
        addAction(action, for: .valueChanged)
    }

    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        segments.remove(at: segment)
        if selectedSegmentIndex == segment {
            selectedSegmentIndex = UISegmentedControl.noSegment
        } else if selectedSegmentIndex > segment {
            selectedSegmentIndex -= 1
        }
        rebuild()
    }

    open func removeAllSegments() {
        segments = []
        selectedSegmentIndex = UISegmentedControl.noSegment
        rebuild()
    }

    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        segments[segment].image = nil
        rebuild()
    }

    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
        segments[segment].title = nil
        rebuild()
    }

    open func imageForSegment(at segment: Int) -> UIImage? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
        rebuild()
    }

    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) ? segments[segment].isEnabled : false
    }

    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].width = width
        setNeedsLayout()
    }

    open func widthForSegment(at segment: Int) -> CGFloat {
        segments.indices.contains(segment) ? segments[segment].width : 0
    }

    /// Every segment as wide as the widest content plus 12 points a side, 32 points high.
    open override var intrinsicContentSize: CGSize {
        let widest = contentWidths().max() ?? 0
        return CGSize(width: CGFloat(segments.count) * (widest + 24), height: 32)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let frames = segmentFrames()
        for (index, frame) in frames.enumerated() {
            labels[index].frame = frame
            let image = segments[index].image?.size ?? .zero
            imageViews[index].frame = CGRect(
                x: frame.midX - image.width / 2, y: frame.midY - image.height / 2, width: image.width,
                height: image.height)
        }
        plate.isHidden = !frames.indices.contains(selectedSegmentIndex) || isMomentary
        if frames.indices.contains(selectedSegmentIndex) {
            plate.frame = frames[selectedSegmentIndex].insetBy(dx: 2, dy: 2)
        }
        for (index, label) in labels.enumerated() {
            let selected = index == selectedSegmentIndex
            let enabled = segments[index].isEnabled && isEnabled
            let state: UIControl.State = !enabled ? .disabled : selected ? .selected : .normal
            let attributes = titleTextAttributes(for: state) ?? titleTextAttributes(for: .normal) ?? [:]
            label.font =
                (attributes[.font] as? UIFont)
                ?? .systemFont(ofSize: 13, weight: selected ? .semibold : .regular)
            label.textColor =
                (attributes[.foregroundColor] as? UIColor) ?? (enabled ? .label : .tertiaryLabel)
        }
    }

    /// The titles' attributes for each state; a state without its own takes the normal
    /// state's, as in UIKit. The font and foreground colour are drawn.
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]

    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State)
    {
        titleAttributes[state.rawValue] = attributes
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        titleAttributes[state.rawValue]
    }

    /// Fixed widths as set; the rest share what is left equally.
    private func segmentFrames() -> [CGRect] {
        let fixed = segments.map(\.width).filter { $0 > 0 }.reduce(0, +)
        let flexible = segments.filter { $0.width <= 0 }.count
        let share = flexible > 0 ? Swift.max(bounds.width - fixed, 0) / CGFloat(flexible) : 0
        var x = bounds.minX
        return segments.map { segment in
            let width = segment.width > 0 ? segment.width : share
            defer { x += width }
            return CGRect(x: x, y: bounds.minY, width: width, height: bounds.height)
        }
    }

    private func contentWidths() -> [CGFloat] {
        segments.enumerated().map { index, segment in
            if let image = segment.image { return image.size.width }
            guard labels.indices.contains(index), !(segment.title ?? "").isEmpty else { return 0 }
            return Swift.max(labels[index].intrinsicContentSize.width, 0)
        }
    }

    private func insert(_ segment: Segment, at index: Int) {
        let position = Swift.max(0, Swift.min(index, segments.count))
        segments.insert(segment, at: position)
        if selectedSegmentIndex >= position { selectedSegmentIndex += 1 }
        rebuild()
    }

    private func rebuild() {
        for view in labels { view.removeFromSuperview() }
        for view in imageViews { view.removeFromSuperview() }
        labels = segments.map { segment in
            let label = UILabel()
            label.text = segment.image == nil ? segment.title : nil
            label.textAlignment = .center
            label.font = .systemFont(ofSize: 13)
            label.textColor = segment.isEnabled && isEnabled ? .label : .tertiaryLabel
            if let attributes = titleTextAttributes(for: .normal) {
                label.font = (attributes[.font] as? UIFont) ?? label.font
            }
            return label
        }
        imageViews = segments.map { UIImageView(image: $0.image) }
        for (label, imageView) in zip(labels, imageViews) {
            addSubview(imageView)
            addSubview(label)
        }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    override func controlStateChanged() { rebuild() }
}
