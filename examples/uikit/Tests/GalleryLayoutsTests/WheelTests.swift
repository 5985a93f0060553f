import FrameGenTesting
import GalleryLayouts
import Testing
import UIKit

/// The wheel drawn by its own cells (WheelCell reads the anchor point of WheelLayoutAttributes
/// in apply(_:)): at rest, mid-drag, and snapped with the third card upright.
@Test func theWheelDrawsItsOwnCells() {
    let layouts = [UIKitLayout.descriptor(type: "wheel", cells: Wheel.cells) { _ in WheelLayout() }]
    assertGolden(scene: "../../scenes/wheel.yaml", frames: [0, 12, 52], layouts: layouts)
}
