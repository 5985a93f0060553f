import Foundation

/// A view that shows an image, fitted by `contentMode`. The image shown (the highlighted one
/// while highlighted, if set) is also the layer's `contents`, where iOS puts its CGImage: the
/// compositor reads one place for view and layer alike.
open class UIImageView: UIView {
    open var image: UIImage? {
        didSet {
            updateContents()
            if image?.size != oldValue?.size || image?.alignmentRectInsets != oldValue?.alignmentRectInsets {
                invalidateIntrinsicContentSize()
            }
        }
    }

    open var highlightedImage: UIImage? {
        didSet { updateContents() }
    }

    open var isHighlighted = false {
        didSet { updateContents() }
    }

    /// Applied to a symbol image it shows (its point size, weight and scale), as UIKit applies it:
    /// the view's size follows the configured symbol's.
    open var preferredSymbolConfiguration: UIImage.SymbolConfiguration? {
        didSet {
            updateContents()
            invalidateIntrinsicContentSize()
        }
    }

    /// Kept; framegen's text size is the scene's (`canvas.contentSizeCategory`) and images do
    /// not grow with it.
    open var adjustsImageSizeForAccessibilityContentSizeCategory = false

    /// Neither interactive nor opaque, as iOS describes an image view (`opaque = NO;
    /// userInteractionEnabled = NO`).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpImageView()
    }

    private func setUpImageView() {
        isUserInteractionEnabled = false
        isOpaque = false
    }

    /// Sized to the image, as on iOS.
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        isOpaque = false
        self.image = image
        updateContents()
    }

    public init(image: UIImage?, highlightedImage: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        isOpaque = false
        self.image = image
        self.highlightedImage = highlightedImage
        updateContents()
    }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpImageView()
        InterfaceBuilder.decode(self, coder: coder, at: UIImageView.self)
    }

    /// The image's size, whatever size is offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { configured(image)?.size ?? .zero }

    /// The image's alignment rectangle insets: the image view's alignment rectangle leaves out
    /// what the image's does (a shadow drawn around its content), as UIKit's does.
    open override var alignmentRectInsets: UIEdgeInsets { configured(image)?.alignmentRectInsets ?? .zero }

    /// The image's size less its alignment insets: Auto Layout sizes alignment rectangles.
    open override var intrinsicContentSize: CGSize {
        guard let image = configured(image) else {
            return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
        }
        let i = image.alignmentRectInsets
        return CGSize(
            width: image.size.width - i.left - i.right, height: image.size.height - i.top - i.bottom)
    }

    /// `image` with the preferred symbol configuration applied, for a symbol image.
    private func configured(_ image: UIImage?) -> UIImage? {
        guard let image, let preferred = preferredSymbolConfiguration, image.isSymbolImage else {
            return image
        }
        return image.applyingSymbolConfiguration(preferred) ?? image
    }

    /// The image for the view's traits, where its asset has others (a dark variant).
    func updateContents() {
        let shown = configured((isHighlighted ? highlightedImage : nil) ?? image)
        if let asset = shown?.imageAsset, asset.hasVariants {
            layer.contents = asset.image(with: traitCollection)
        } else {
            layer.contents = shown
        }
    }
}

/// A view whose image may grow with an accessibility text size (iOS 11): UIImageView and
/// UIButton adopt it.
public protocol UIAccessibilityContentSizeCategoryImageAdjusting: NSObjectProtocol {
    var adjustsImageSizeForAccessibilityContentSizeCategory: Bool { get set }
}

extension UIImageView: UIAccessibilityContentSizeCategoryImageAdjusting {}
