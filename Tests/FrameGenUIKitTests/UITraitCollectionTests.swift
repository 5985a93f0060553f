import FrameGenCompositionalLayout
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitDynamics
import FrameGenUIKitHost
import TestTiers
import Testing

/// A layout that rounds to whole pixels as CHTCollectionViewWaterfallLayout does: by its
/// collection view's `traitCollection.displayScale`, with the safe area as a section reference.
private final class PixelRoundingLayout: UICollectionViewLayout {
    func floorToPixel(_ value: CGFloat) -> CGFloat {
        let scale = collectionView?.traitCollection.displayScale ?? 0
        let valid = scale > 0 ? scale : 1
        return (value * valid).rounded(.down) / valid
    }

    var contentWidth: CGFloat {
        guard let collectionView else { return 0 }
        let insets = collectionView.safeAreaInsets
        return collectionView.bounds.width - insets.left - insets.right
    }
}

/// A view's traits are the screen framegen draws for: its scale, and a phone's size classes from
/// the view's shape.
@Test func traitsComeFromTheScreenAndTheViewsShape() {
    let screen = UIScreen(size: CGSize(width: 844, height: 390), scale: 2)
    UIScreen.withMain(screen) {
        let layout = PixelRoundingLayout()
        let view = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        expect(view.traitCollection.displayScale == 2)
        expect(layout.floorToPixel(10.8) == 10.5)
        expect(view.traitCollection.horizontalSizeClass == .compact)
        expect(view.traitCollection.verticalSizeClass == .regular)
        expect(view.traitCollection.userInterfaceIdiom == .phone)
        expect(view.safeAreaInsets == .zero)
        expect(layout.contentWidth == 390)
        view.frame = CGRect(x: 0, y: 0, width: 844, height: 390)
        expect(view.traitCollection.verticalSizeClass == .compact)
        expect(UITraitCollection.current.displayScale == 2)
    }
    expect(UITraitCollection.current.displayScale == 3)
}
