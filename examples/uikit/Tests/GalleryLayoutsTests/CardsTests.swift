import FrameGenTesting
import GalleryLayouts
import Testing
import UIKit

/// The photo cards drawn by their own cells with gradients, a shape mask, a shape fill, corners
/// rounded on top only and single-sided faces: at rest (the fourth card edge-on, the fifth and
/// sixth showing their backs) and scrolled (the seventh's back upright).
@Test func thePhotoCardsDrawTheirCoreAnimationLayers() {
    let layouts = [
        UIKitLayout.descriptor(type: "uikit-flow", cells: PhotoCards.cells) { _ in
            UICollectionViewFlowLayout()
        }
    ]
    assertGolden(scene: "../../scenes/cards.yaml", frames: [0, 141], layouts: layouts)
}
