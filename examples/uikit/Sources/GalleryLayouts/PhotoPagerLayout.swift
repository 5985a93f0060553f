import UIKit

/// The Photos app's full-screen pager as an iOS app writes it: a horizontal flow of pages as
/// large as the view, which slide apart by `offsetBetweenCells` mid-swipe (a gap between two
/// photos, as in Photos), each carrying how far it is from the centre so that its cell can slide
/// the photo inside the other way (parallax). A rotation keeps the photo that was shown.
public final class PhotoPagerLayout: UICollectionViewFlowLayout {
    /// The gap between two pages halfway through a swipe.
    public var offsetBetweenCells: CGFloat = 44
    /// How far a cell slides its photo against the swipe, as a fraction of the page width.
    public var parallaxRatio: CGFloat = 0.3

    /// The view's bounds and item count at the previous pass, to find the page to keep when the
    /// size changes.
    private var previous: (bounds: CGRect, count: Int)?
    /// The page a rotation keeps; nil when the last pass kept the size.
    private var pageToKeep: Int?

    public override init() {
        super.init()
        scrollDirection = .horizontal
        minimumLineSpacing = 0
        minimumInteritemSpacing = 0
        itemSize = .zero
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    public override class var layoutAttributesClass: AnyClass { PhotoPagerLayoutAttributes.self }

    public override func prepare() {
        if let collectionView {
            let bounds = collectionView.bounds
            if let previous {
                pageToKeep =
                    previous.bounds.size != bounds.size
                    ? Self.nearestPage(
                        offset: previous.bounds.minX, width: previous.bounds.width, count: previous.count)
                    : nil
            }
            previous = (bounds, collectionView.numberOfItems(inSection: 0))
            if itemSize != bounds.size { itemSize = bounds.size }
        }
        super.prepare()
    }

    /// The page nearest the centre: offset / width rounded, within the items.
    static func nearestPage(offset: CGFloat, width: CGFloat, count: Int) -> Int {
        guard width > 0, count > 0 else { return 0 }
        let page = (offset / width).rounded()
        return Int(min(max(page.isFinite ? page : 0, 0), CGFloat(count - 1)))
    }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)?.map(parallaxed)
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes?
    {
        super.layoutAttributesForItem(at: indexPath).map(parallaxed)
    }

    /// A page `r` pages from the centre (0 centred, ±1 a page away) moves by
    /// offsetBetweenCells × r while |r| < 1, so two pages keep a constant gap mid-swipe.
    private func parallaxed(_ original: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes
    {
        guard original.representedElementCategory == .cell,
            let attributes = original.copy() as? PhotoPagerLayoutAttributes, let collectionView,
            itemSize.width > 0
        else { return original }
        let r = (attributes.center.x - collectionView.contentOffset.x - itemSize.width / 2) / itemSize.width
        if abs(r) >= 1 {
            attributes.transform3D = CATransform3DIdentity
            attributes.parallaxValue = nil
        } else {
            attributes.transform3D = CATransform3DMakeTranslation(offsetBetweenCells * r, 0, 0)
            attributes.parallaxValue = r
        }
        attributes.parallaxRatio = parallaxRatio
        return attributes
    }

    /// Every scroll moves every page relative to the centre.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    /// After a rotation, the page that was shown, at the new width.
    public override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint)
        -> CGPoint
    {
        guard let page = pageToKeep else { return proposedContentOffset }
        return CGPoint(x: CGFloat(page) * itemSize.width, y: proposedContentOffset.y)
    }
}

/// A page's attributes with its distance from the centre, which the page's cell reads in
/// `apply(_:)` to slide its photo: by -parallaxRatio × width × parallaxValue.
public final class PhotoPagerLayoutAttributes: UICollectionViewLayoutAttributes {
    /// Pages from the centre, -1 < r < 1; nil for a page a whole page or more away.
    public var parallaxValue: CGFloat?
    public var parallaxRatio: CGFloat = 0

    public override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone)
        if let copy = copy as? PhotoPagerLayoutAttributes {
            copy.parallaxValue = parallaxValue
            copy.parallaxRatio = parallaxRatio
        }
        return copy
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? PhotoPagerLayoutAttributes else { return false }
        return super.isEqual(object) && other.parallaxValue == parallaxValue
            && other.parallaxRatio == parallaxRatio
    }
}

/// The cell of a page, as the Photos app's: the photo aspect-fitted in the page, seen through a
/// window as large as its aspect-fit rect that stays put while the photo slides inside it by the
/// page's parallax (-parallaxRatio x page width x parallaxValue), against the swipe.
public final class PhotoPagerCell: UICollectionViewCell {
    public static let reuseIdentifier = "photo-page"

    /// The photo's aspect-fit rect in the page: it clips the sliding photo.
    public let photoWindow = UIView()
    public let imageView = UIImageView()
    /// Width / height of the photo shown (the model's), which places the window.
    public private(set) var photoAspectRatio: CGFloat?
    /// How far the photo slides inside its window.
    private var parallaxShift: CGFloat = 0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.clipsToBounds = true
        photoWindow.clipsToBounds = true
        imageView.contentMode = .scaleAspectFit
        contentView.addSubview(photoWindow)
        photoWindow.addSubview(imageView)
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    /// Shows one of the app's photos (here the scene's).
    public func show(_ photo: ScenePhoto) {
        imageView.image = photo.image
        photoAspectRatio = photo.aspectRatio
        setNeedsLayout()
    }

    public override func prepareForReuse() {
        super.prepareForReuse()
        imageView.image = nil
        photoAspectRatio = nil
        parallaxShift = 0
    }

    public override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        guard let attributes = layoutAttributes as? PhotoPagerLayoutAttributes else { return }
        parallaxShift = -(attributes.size.width * attributes.parallaxRatio * (attributes.parallaxValue ?? 0))
        setNeedsLayout()
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let page = contentView.bounds
        let window = Self.aspectFitRect(aspectRatio: photoAspectRatio, in: page.size)
        photoWindow.frame = window
        imageView.frame = CGRect(
            x: parallaxShift - window.minX, y: -window.minY, width: page.width, height: page.height)
    }

    /// The aspect-fit rect of a photo of `aspectRatio` (width / height) centred in `size`; all
    /// of it when the ratio is unknown.
    static func aspectFitRect(aspectRatio: CGFloat?, in size: CGSize) -> CGRect {
        guard let a = aspectRatio, size.width > 0, size.height > 0 else {
            return CGRect(origin: .zero, size: size)
        }
        if a > size.width / size.height {
            let h = size.width / a
            return CGRect(x: 0, y: (size.height - h) / 2, width: size.width, height: h)
        }
        let w = size.height * a
        return CGRect(x: (size.width - w) / 2, y: 0, width: w, height: size.height)
    }
}

/// The pager's data source, as an app's: one page per photo of its model (the scene's photos),
/// each shown by a `PhotoPagerCell`. Register the cell class in the layout's factory.
public final class PhotoPagerDataSource: NSObject, UICollectionViewDataSource {
    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    {
        collectionView.scenePhotos(inSection: section).count
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        let cell = collectionView.dequeueReusableCell(
            withReuseIdentifier: PhotoPagerCell.reuseIdentifier, for: indexPath)
        if let page = cell as? PhotoPagerCell, let photo = collectionView.scenePhoto(at: indexPath) {
            page.show(photo)
        }
        return cell
    }
}
