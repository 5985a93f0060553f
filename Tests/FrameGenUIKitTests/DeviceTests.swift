import Foundation
import TestTiers
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
        expect(UIDevice.current.userInterfaceIdiom == .phone)
        expect(UIDevice.current.orientation.isPortrait)
        expect(UIApplication.shared.statusBarOrientation == .portrait)
        expect(UIApplication.shared.keyWindow?.bounds == CGRect(x: 0, y: 0, width: 390, height: 844))
        expect(UIApplication.shared.windows.first?.safeAreaInsets == .zero)
    }
    UIScreen.withMain(landscape) {
        expect(UIDevice.current.orientation == .landscapeLeft)
        expect(UIApplication.shared.statusBarOrientation == .landscapeRight)
        expect(UIApplication.shared.statusBarOrientation.isLandscape)
        expect(UIApplication.shared.keyWindow?.frame.width == 844)
    }
}

/// The release `FRAMEGEN_IOS_VERSION` and `UIDevice.withSystemVersion` may name: a major version
/// from 13 to 99, with a minor and a patch or not; anything else names none.
@Test func aSystemVersionNamesAMajorRelease() {
    for (text, major) in [("17", 17), ("17.5", 17), ("18.0.1", 18), ("26.1", 26), ("13", 13)] {
        expect(SystemRelease.major(of: text) == major, "\(text)")
    }
    for text in ["", "abc", "12", "100", "17.", ".17", "17.x", "17.0.0.1", "-17", "+18", "１７"] {
        expect(SystemRelease.major(of: text) == nil, "\(text)")
    }
    // A string naming nothing leaves the release as it was.
    let before = UIDevice.current.systemVersion
    expect(UIDevice.withSystemVersion("seventeen") { UIDevice.current.systemVersion } == before)
    // The version reads as it was named, as the simulator that recorded a suite says its own.
    expect(UIDevice.withSystemVersion("17.4") { UIDevice.current.systemVersion } == "17.4")
    expect(UIDevice.withSystemVersion("17") { UIDevice.current.systemVersion } == "17.0")
    expect(UIDevice.withSystemVersion("18.0.1") { UIDevice.current.systemVersion } == "18.0.1")
}

/// A device's name is "iPhone", as iOS 16 and later tell an app on a phone, unless
/// `FRAMEGEN_DEVICE_NAME` names the simulator a suite was recorded on (read in a process of
/// its own: the name is the process's).
@Test func theDeviceIsNamedAsTheEnvironmentSays() async {
    expect(
        ProcessInfo.processInfo.environment["FRAMEGEN_DEVICE_NAME"] != nil
            || UIDevice.current.name == "iPhone")
    await #expect(processExitsWith: .success) {
        setenv("FRAMEGEN_DEVICE_NAME", "iPhone 15", 1)
        exit(UIDevice.current.name == "iPhone 15" ? 0 : 1)
    }
}
