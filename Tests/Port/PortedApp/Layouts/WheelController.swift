import UIKit

final class WheelController: NSObject, UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 12 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "spoke", for: indexPath)
    }
}

extension WheelController: WheelLayoutDelegate {
    func wheelLayout(_ layout: WheelLayout, angleForItemAt indexPath: IndexPath) -> CGFloat {
        CGFloat(indexPath.item) * 0.5
    }
}
