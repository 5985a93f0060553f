import FrameGenTesting
import GalleryLayouts
import Testing
import UIKit

/// The progress tiles drawn by their own cells: shape layers' strokes (a ring trimmed by
/// strokeEnd, round caps, a dashed outline), radial and conic gradients, and a pie badge drawn
/// in draw(_:); at rest and scrolled to the end (the tile at 0% shows no ring and no wedge).
@Test func theProgressTilesDrawStrokesGradientsAndTheirOwnDrawing() {
    let layouts = [
        UIKitLayout.descriptor(type: "uikit-flow", cells: ProgressTiles.cells) { _ in
            UICollectionViewFlowLayout()
        }
    ]
    assertGolden(scene: "../../scenes/progress.yaml", frames: [0, 125], layouts: layouts)
}
