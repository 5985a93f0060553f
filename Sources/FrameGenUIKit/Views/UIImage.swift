import Foundation

/// An image: a size in points, a scale, and (when framegen has them) its pixels or the name it
/// was asked for. Immutable and Sendable, as in Apple's SDK.
///
/// `UIImage(named:)` resolves a name through the app's asset catalogs, read from their folders
/// (AssetCatalog.swift), then through the resolver that `UIImage.withNamedImages` binds for the
/// work inside it: while framegen drives a UIKit layout and its cells, the scene's photos
/// (docs/uikit.md "The scene's photos"). A name neither knows is nil, as on iOS for a missing
/// asset. SF Symbols are Apple's and do not ship here: `UIImage(systemName:)` gives a stand-in
/// glyph of the symbol's size (UIImage+Symbols.swift).
open class UIImage: NSObject, NSSecureCoding, _ExpressibleByImageLiteral, @unchecked Sendable {
    /// How the image is drawn: as is, or as a template tinted with the view's tint colour.
    /// UIKit's raw values. framegen's images are upright: a JPEG's EXIF orientation is applied
    /// when it is decoded.
    public enum Orientation: Int, Sendable {
        case up
        case down
        case left
        case right
        case upMirrored
        case downMirrored
        case leftMirrored
        case rightMirrored
    }

    public var imageOrientation: Orientation { .up }

    /// UIAccessibilityIdentification's, which UIKit gives images too (an app tags its icons for
    /// UI tests); kept.
    open var accessibilityIdentifier: String?

    public enum RenderingMode: Int, Sendable {
        case automatic = 0
        case alwaysOriginal = 1
        case alwaysTemplate = 2
    }

    /// Where the text of the view drawn into this image lies (its labels' rectangles, in the
    /// image's points), noted by a snapshot strategy while text masking is on; nil otherwise.
    /// Kept on the image itself, so it goes with it and never outlives it.
    package var maskedTextRects: [CGRect]? = nil

    /// Premultiplied 8-bit RGBA rows, top first: a CGImage's pixels, which `cgImage` shares.
    package typealias Bitmap = CGImage.Bitmap

    /// In points: pixels divided by `scale`.
    public let size: CGSize
    public let scale: CGFloat
    public let renderingMode: RenderingMode
    /// The name it was resolved from, if any.
    package let name: String?
    package let bitmap: Bitmap?
    /// One of the scene's photos, which the renderer draws from its own textures (its mip
    /// levels, a JPEG's reduced decodes), as it draws the scene's cell style: no `bitmap`.
    package let scenePhoto: ScenePhoto?
    /// A symbol image's configuration (its point size, weight and scale); nil for any other.
    public let symbolConfiguration: SymbolConfiguration?
    /// A resizable image's caps, in points, which keep their size when it is drawn larger
    /// (UIImage+Drawing.swift); set only as the image is made.
    public internal(set) var capInsets = UIEdgeInsets.zero
    public internal(set) var resizingMode = ResizingMode.tile
    /// Kept for Auto Layout's alignment rect; framegen lays an image view out by its frame.
    public internal(set) var alignmentRectInsets = UIEdgeInsets.zero
    /// Whether a right-to-left interface mirrors the image; framegen's interface is left to right.
    public internal(set) var flipsForRightToLeftLayoutDirection = false
    /// An animated image's frames and the seconds they take in all (UIImage+Animated.swift);
    /// nil and 0 for any other.
    public internal(set) var images: [UIImage]?
    public internal(set) var duration: TimeInterval = 0

    package init(
        size: CGSize, scale: CGFloat = 1, name: String? = nil, bitmap: Bitmap? = nil,
        renderingMode: RenderingMode = .automatic, scenePhoto: ScenePhoto? = nil,
        symbolConfiguration: SymbolConfiguration? = nil
    ) {
        self.size = size
        self.scale = scale
        self.name = name
        self.bitmap = bitmap
        self.renderingMode = renderingMode
        self.scenePhoto = scenePhoto
        self.symbolConfiguration = symbolConfiguration
        super.init()
        imageAsset = UIImageAsset(owner: self)
    }

    /// The images of this picture for other traits (a dark one registered beside it): an image
    /// view shows the one its traits call for (UIImageAsset.swift).
    public private(set) var imageAsset: UIImageAsset?

    /// An image of `bitmap`'s pixels at `scale` pixels per point.
    package convenience init(bitmap: Bitmap, scale: CGFloat = 1, name: String? = nil) {
        self.init(
            size: CGSize(width: CGFloat(bitmap.width) / scale, height: CGFloat(bitmap.height) / scale),
            scale: scale, name: name, bitmap: bitmap)
    }

    /// An empty image, of size zero.
    public override convenience init() { self.init(size: .zero) }

    // MARK: Archiving

    /// UIKit's images are NSSecureCoding: an app archives them (`NSKeyedArchiver`, a draft's
    /// thumbnail) and reads them back with `decodeObject(of: UIImage.self, forKey:)`. framegen
    /// keeps the pixels as PNG, the scale and the rendering mode; an image without pixels (a
    /// symbol, a scene photo) is kept as its size. Nil from an archive that holds neither.
    public static var supportsSecureCoding: Bool { true }

    public required init?(coder: NSCoder) {
        var bitmap: Bitmap?
        // Classes named, as a secure archive asks; Linux's unarchiver raises for a missing key
        // that an object is asked of.
        if coder.containsValue(forKey: Self.pngKey),
            let data = coder.decodeObject(of: NSData.self, forKey: Self.pngKey).map(Data.init)
        {
            guard let decoded = UIImage.bitmap(fileData: data) else { return nil }
            bitmap = decoded
        } else if !coder.containsValue(forKey: Self.sizeKey) {
            return nil
        }
        let archived = CGFloat(coder.decodeDouble(forKey: Self.scaleKey))
        let scale = archived > 0 ? archived : 1
        self.scale = scale
        size =
            bitmap.map { CGSize(width: CGFloat($0.width) / scale, height: CGFloat($0.height) / scale) }
            ?? coder.decodeCGSize(forKey: Self.sizeKey)
        renderingMode =
            RenderingMode(rawValue: coder.decodeInteger(forKey: Self.renderingModeKey)) ?? .automatic
        name = nil
        self.bitmap = bitmap
        scenePhoto = nil
        symbolConfiguration = nil
        super.init()
        imageAsset = UIImageAsset(owner: self)
    }

    open func encode(with coder: NSCoder) {
        if let data = pngData() { coder.encode(data as NSData, forKey: Self.pngKey) }
        coder.encode(size, forKey: Self.sizeKey)
        coder.encode(Double(scale), forKey: Self.scaleKey)
        coder.encode(renderingMode.rawValue, forKey: Self.renderingModeKey)
    }

    private static let pngKey = "UIImagePNGData"
    private static let sizeKey = "UIImageSize"
    private static let scaleKey = "UIScale"
    private static let renderingModeKey = "UIRenderingMode"

    /// An image set of the app's asset catalogs (docs/uikit.md "Asset catalogs"), else the
    /// image the bound resolver gives for `name` (the scene's photos), else nil, as on iOS for a
    /// missing asset.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// An image set of `bundle`'s catalogs (the app's for nil or `Bundle.main`), its variant for
    /// `traitCollection` (else `UITraitCollection.current`) at the screen's scale; else a PNG or
    /// JPEG file of that name in the bundle.
    public convenience init?(
        named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?
    ) {
        guard
            let image = UIImage.bundleImage(named: name, in: bundle, traits: traitCollection ?? .current)
                ?? UIImage.namedImages?.resolve(name)
        else {
            AssetCatalogs.warnMissingImage(name, in: bundle)
            return nil
        }
        self.init(
            size: image.size, scale: image.scale, name: name, bitmap: image.bitmap,
            renderingMode: image.renderingMode, scenePhoto: image.scenePhoto)
        // A set sliced in Xcode comes out resizable, with its alignment insets.
        (capInsets, resizingMode) = (image.capInsets, image.resizingMode)
        alignmentRectInsets = image.alignmentRectInsets
        image.imageAsset?.copyRegistrations(to: imageAsset)
    }

    /// As `init(named:in:compatibleWith:)`: a configuration means something only to symbols.
    public convenience init?(named name: String, in bundle: Bundle?, with configuration: Configuration?) {
        self.init(named: name, in: bundle, compatibleWith: nil)
    }

    /// `#imageLiteral(resourceName:)`: the image `init(named:)` gives, or, where framegen cannot
    /// resolve the name, an empty image of that name (iOS traps there; a render should not).
    public required convenience init(imageLiteralResourceName name: String) {
        let image =
            UIImage.bundleImage(named: name, in: nil, traits: .current) ?? UIImage.namedImages?.resolve(name)
        self.init(
            size: image?.size ?? .zero, scale: image?.scale ?? 1, name: name, bitmap: image?.bitmap,
            renderingMode: image?.renderingMode ?? .automatic, scenePhoto: image?.scenePhoto)
    }

    /// The stand-in glyph for the symbol `name` (any name: framegen has no list of Apple's),
    /// at the default configuration (UIImage+Symbols.swift).
    public convenience init?(systemName name: String) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// The stand-in glyph for the symbol `name` at `configuration`'s point size, weight and
    /// scale (UIImage+Symbols.swift).
    public convenience init?(systemName name: String, withConfiguration configuration: Configuration?) {
        let symbol = UIImage.symbol(name, configuration as? SymbolConfiguration)
        self.init(
            size: symbol.size, scale: symbol.scale, name: name, bitmap: symbol.bitmap,
            renderingMode: .alwaysTemplate, symbolConfiguration: symbol.configuration)
    }

    // Core Graphics (UIImage+Drawing.swift); `open` as in UIKit.

    /// The image's pixels; nil for one without pixels of its own (an empty image, a scene photo).
    open var cgImage: CGImage? { bitmap.flatMap(CGImage.init(bitmap:)) }

    open func draw(at point: CGPoint) { draw(at: point, blendMode: .normal, alpha: 1) }

    open func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    open func draw(in rect: CGRect) { draw(in: rect, blendMode: .normal, alpha: 1) }

    open func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        drawInCurrentContext(in: rect, blendMode: blendMode, alpha: alpha)
    }

    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        copied(renderingMode: renderingMode)
    }

    /// The image with its settings carried over (cap insets, alignment insets, mirroring, its
    /// asset's variants) and `bitmap` or `renderingMode` changed.
    func copied(bitmap newBitmap: Bitmap? = nil, renderingMode newMode: RenderingMode? = nil) -> UIImage {
        let image = UIImage(
            size: size, scale: scale, name: name, bitmap: newBitmap ?? bitmap,
            renderingMode: newMode ?? renderingMode,
            scenePhoto: scenePhoto, symbolConfiguration: symbolConfiguration)
        (image.capInsets, image.resizingMode) = (capInsets, resizingMode)
        (image.alignmentRectInsets, image.flipsForRightToLeftLayoutDirection) = (
            alignmentRectInsets, flipsForRightToLeftLayoutDirection
        )
        imageAsset?.copyRegistrations(to: image.imageAsset)
        return image
    }

    open func withAlignmentRectInsets(_ alignmentInsets: UIEdgeInsets) -> UIImage {
        let image = copied()
        image.alignmentRectInsets = alignmentInsets
        return image
    }

    open func imageFlippedForRightToLeftLayoutDirection() -> UIImage {
        let image = copied()
        image.flipsForRightToLeftLayoutDirection = true
        return image
    }

    /// The image mirrored left to right, its pixels turned (framegen's images are upright).
    open func withHorizontallyFlippedOrientation() -> UIImage {
        guard let b = bitmap else { return copied() }
        var pixels = b.pixels
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<b.height {
                var (i, j) = (y * b.width, y * b.width + b.width - 1)
                while i < j {
                    for k in 0..<4 { p.swapAt(i * 4 + k, j * 4 + k) }
                    (i, j) = (i + 1, j - 1)
                }
            }
        }
        return copied(bitmap: Bitmap(width: b.width, height: b.height, pixels: pixels))
    }

    /// The image itself: framegen's images are decoded when made.
    open func preparingForDisplay() -> UIImage? { self }

    /// Boxed: a task-local of an optional function type crashes when pushed in an optimised
    /// build (Swift 6.3: `swift_task_localValuePush`, a bad pointer), which every UIKit layout's
    /// first query does.
    package struct ImageNaming: Sendable {
        package let resolve: @Sendable (String) -> UIImage?
    }

    @TaskLocal package static var namedImages: ImageNaming?

    /// framegen's, not Apple's: runs `body` with `resolve` answering `UIImage(named:)`.
    public static func withNamedImages<R>(
        _ resolve: @escaping @Sendable (String) -> UIImage?, _ body: () throws -> R
    ) rethrows -> R {
        try $namedImages.withValue(ImageNaming(resolve: resolve), operation: body)
    }
}

/// What `#imageLiteral(resourceName:)` makes when nothing else says, as Apple's UIKit declares.
public typealias _ImageLiteralType = UIImage
