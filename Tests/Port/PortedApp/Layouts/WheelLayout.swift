import UIKit.UICollectionView

@objc protocol WheelLayoutDelegate: AnyObject {
    @objc optional func wheelLayout(_ layout: WheelLayout, angleForItemAt indexPath: IndexPath) -> CGFloat
    @objc optional func wheelLayoutDidPrepare(_ layout: WheelLayout)
}

@objcMembers
class WheelLayout: UICollectionViewLayout {
    weak var delegate: WheelLayoutDelegate?
    private var attributes: [UICollectionViewLayoutAttributes] = []

    override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        let sections = collectionView.dataSource?.numberOfSections?(in: collectionView) ?? 1
        attributes = []
        for section in 0..<sections {
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let path = IndexPath(item: item, section: section)
                let angle = delegate?.wheelLayout?(self, angleForItemAt: path) ?? CGFloat(item) * 0.3
                let a = UICollectionViewLayoutAttributes(forCellWith: path)
                a.size = CGSize(width: 120, height: 160)
                a.center = CGPoint(x: collectionView.bounds.midX + 200 * sin(angle), y: 400 - 200 * cos(angle) + collectionView.contentOffset.y)
                a.transform = CGAffineTransform(rotationAngle: angle)
                attributes.append(a)
            }
        }
        delegate?.wheelLayoutDidPrepare?(self)
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: 3000)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { attributes }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes.first { $0.indexPath == indexPath }
    }
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
}
