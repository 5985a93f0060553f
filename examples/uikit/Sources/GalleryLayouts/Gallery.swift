import UIKit

/// The layouts this package's scenes name, for its command line (`Sources/gallery`) and its
/// tests alike.
public enum Gallery {
    public static let layouts: [String: UIKitLayout.Factory] = [
        "uikit-coverflow": { _ in CoverFlowLayout() },
        // UIKit's own flow layout: the scene's flow keys set its properties.
        "uikit-flow": { _ in UICollectionViewFlowLayout() },
    ]
}
