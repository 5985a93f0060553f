import Foundation

/// A view that shows an image, fitted by `contentMode`. The image shown (the highlighted one
/// while highlighted, if set) is also the layer's `contents`, where iOS puts its CGImage: the
/// compositor reads one place for view and layer alike.
open class UIImageView: UIView {
    open var image: UIImage? {
        didSet {
            updateContents()
            if image?.size != oldValue?.size { invalidateIntrinsicContentSize() }
        }
    }

    open var highlightedImage: UIImage? {
        didSet { updateContents() }
    }

    open var isHighlighted = false {
        didSet { updateContents() }
    }

    /// Not interactive, as on iOS.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Sized to the image, as on iOS.
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        self.image = image
        updateContents()
    }

    public init(image: UIImage?, highlightedImage: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        self.image = image
        self.highlightedImage = highlightedImage
        updateContents()
    }

    public required init?(coder: NSCoder) { return nil }

    /// The image's size, whatever size is offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }

    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The image for the view's traits, where its asset has others (a dark variant).
    func updateContents() {
        let shown = (isHighlighted ? highlightedImage : nil) ?? image
        if let asset = shown?.imageAsset, asset.hasVariants {
            layer.contents = asset.image(with: traitCollection)
        } else {
            layer.contents = shown
        }
    }
}
