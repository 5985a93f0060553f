import FrameGenTesting
import GalleryLayouts
import Testing
import UIKit

/// Cards laid out by stack views, each as tall as its column (a self-sizing flow): at rest and
/// scrolled, with the badges some items hide closed up.
@Test func theStackCardsSizeThemselvesFromTheirStacks() {
    let layouts = [
        UIKitLayout.descriptor(type: "uikit-card-list", cells: StackCards.cells) { _ in CardListLayout() }
    ]
    assertGolden(scene: "../../scenes/stack-cards.yaml", frames: [0, 149], layouts: layouts)
}
