import Foundation
import Testing

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

/// Layouts choose columns by idiom and orientation: the device turns with the screen a
/// `rotate` turns, and the window is the screen.
@Test func theDeviceAndWindowFollowTheScreen() {
    let portrait = UIScreen(size: CGSize(width: 390, height: 844), scale: 3)
    let landscape = UIScreen(size: CGSize(width: 844, height: 390), scale: 3)
    UIScreen.withMain(portrait) {
        #expect(UIDevice.current.userInterfaceIdiom == .phone)
        #expect(UIDevice.current.orientation.isPortrait)
        #expect(UIApplication.shared.statusBarOrientation == .portrait)
        #expect(UIApplication.shared.keyWindow?.bounds == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(UIApplication.shared.windows.first?.safeAreaInsets == .zero)
    }
    UIScreen.withMain(landscape) {
        #expect(UIDevice.current.orientation == .landscapeLeft)
        #expect(UIApplication.shared.statusBarOrientation == .landscapeRight)
        #expect(UIApplication.shared.statusBarOrientation.isLandscape)
        #expect(UIApplication.shared.keyWindow?.frame.width == 844)
    }
}
