import FrameGenCompositionalLayout
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitDynamics
import FrameGenUIKitHost
import TestTiers
import Testing

// UIScrollView rounds a content offset to the screen's pixels when it is set; setting the
// bounds keeps the value (docs/layouts-and-motion.md "Pixel alignment").

@Test func contentOffsetReadsBackOnThePixelGrid() {
    let view = UIScrollView(frame: CGRect(x: 0, y: 0, width: 375, height: 812))
    UIScreen.withMain(UIScreen(size: CGSize(width: 375, height: 812), scale: 3)) {
        view.contentOffset = CGPoint(x: -187.5, y: 10.1)
    }
    expect(view.contentOffset == CGPoint(x: -562.0 / 3, y: 30.0 / 3))
    UIScreen.withMain(UIScreen(size: CGSize(width: 320, height: 480), scale: 1)) {
        view.setContentOffset(CGPoint(x: 3.8, y: -0.5), animated: false)
    }
    expect(view.contentOffset == CGPoint(x: 4, y: 0))
    view.bounds.origin = CGPoint(x: 3.8, y: 0)
    expect(view.contentOffset.x == 3.8)
}
