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

/// The cell of a page: an image view that slides by the page's parallax, as the Photos app's
/// does. framegen draws each page with the scene's cell style for now, not this cell
/// (docs/uikit.md "Ports of the built-in layouts").
public final class PhotoPagerCell: UICollectionViewCell {
    public let imageView = UIImageView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        imageView.contentMode = .scaleAspectFit
        imageView.frame = contentView.bounds
        contentView.addSubview(imageView)
        contentView.clipsToBounds = true
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    public override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        guard let attributes = layoutAttributes as? PhotoPagerLayoutAttributes else { return }
        let shift = -(attributes.bounds.width * attributes.parallaxRatio * (attributes.parallaxValue ?? 0))
        imageView.frame = contentView.bounds.offsetBy(dx: shift, dy: 0)
    }
}
