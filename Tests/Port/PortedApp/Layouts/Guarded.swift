#if canImport(UIKit.UICollectionViewFlowLayout) && os(iOS)
import UIKit

final class GuardedFlow: UICollectionViewFlowLayout {
    override init() { super.init(); itemSize = CGSize(width: 80, height: 80) }
    required init?(coder: NSCoder) { fatalError() }
}
#endif
