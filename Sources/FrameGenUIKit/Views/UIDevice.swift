import Foundation
import FrameGenQuartzCore

/// The device framegen draws for: a phone (as `UITraitCollection` says) held as the screen is
/// turned, running the iOS whose UIKit framegen follows. Layouts ask it for the idiom and the
/// orientation to choose their columns (docs/uikit.md "What is there").
public final class UIDevice: NSObject, @unchecked Sendable {
    public static let current = UIDevice()

    override private init() { super.init() }

    public var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    /// From `UIScreen.main`'s shape: portrait when it is taller than wide, else landscape with
    /// the home button (or bottom edge) to the right, as a phone turned by a `rotate`.
    public var orientation: UIDeviceOrientation {
        let size = UIScreen.main.bounds.size
        return size.width > size.height ? .landscapeLeft : .portrait
    }
    public var isGeneratingDeviceOrientationNotifications: Bool { true }
    public func beginGeneratingDeviceOrientationNotifications() {}
    public func endGeneratingDeviceOrientationNotifications() {}
    public var systemName: String { "iOS" }
    /// The iOS release framegen draws as: "18.0" unless `FRAMEGEN_IOS_VERSION` or
    /// `withSystemVersion` names another, as it names it ("17.5"; "17" reads "17.0"), as the
    /// simulator that recorded a suite says its own (docs/uikit.md "Which iOS").
    public var systemVersion: String { SystemRelease.version }

    /// framegen's, not Apple's: runs `body` drawing as iOS `version` ("17", "17.5") draws where
    /// releases differ: a snapshot suite recorded with an older Xcode. A task-local value, so it
    /// holds on plain threads too and for the tasks `body` starts. A string that names no iOS
    /// release from 13 to 99 is reported on standard error and changes nothing.
    public static func withSystemVersion<R>(_ version: String, _ body: () throws -> R) rethrows -> R {
        guard let major = release(named: version) else { return try body() }
        return try SystemRelease.$bound.withValue(major) {
            try SystemRelease.$boundVersion.withValue(version, operation: body)
        }
    }

    /// framegen's: `withSystemVersion` for asynchronous work.
    public static func withSystemVersion<R>(_ version: String, _ body: () async throws -> R) async rethrows
        -> R
    {
        guard let major = release(named: version) else { return try await body() }
        return try await SystemRelease.$bound.withValue(major) {
            try await SystemRelease.$boundVersion.withValue(version, operation: body)
        }
    }

    /// The major release `version` names; nil, said on standard error, when it names none.
    private static func release(named version: String) -> Int? {
        let major = SystemRelease.major(of: version)
        if major == nil {
            FileHandle.standardError.write(
                Data(
                    "framegen: UIDevice.withSystemVersion(\"\(version)\") names no iOS release; ignored\n"
                        .utf8))
        }
        return major
    }
    public var model: String { "iPhone" }
    public var localizedModel: String { "iPhone" }
    /// "iPhone", as iOS 16 and later tell an app on a phone, unless `FRAMEGEN_DEVICE_NAME` names
    /// the device: a simulator answers its own name ("iPhone 15"), which a suite recorded on one
    /// may check before it compares (docs/uikit.md "Which iOS").
    public var name: String { Self.nameFromEnvironment }

    private static let nameFromEnvironment: String = {
        let named = ProcessInfo.processInfo.environment["FRAMEGEN_DEVICE_NAME"] ?? ""
        return named.isEmpty ? "iPhone" : named
    }()

    /// Posted on iOS when the device turns; framegen posts no notifications (a scene's `rotate`
    /// reaches code through the view's new bounds and traits), so observers hear nothing.
    public static let orientationDidChangeNotification = Notification.Name(
        "UIDeviceOrientationDidChangeNotification")
}

public enum UIDeviceOrientation: Int, Sendable {
    case unknown
    case portrait
    case portraitUpsideDown
    case landscapeLeft
    case landscapeRight
    case faceUp
    case faceDown

    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}

/// UIInterfaceOrientation: a device turned left shows its interface turned right, as UIKit's
/// values say (`landscapeRight` is `UIDeviceOrientation.landscapeLeft`).
public enum UIInterfaceOrientation: Int, Sendable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 4
    case landscapeRight = 3

    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// The app's one window: `UIScreen.main`'s bounds, no safe area (framegen draws no bars).
/// A root view controller's view fills it, as on iOS.
open class UIWindow: UIView {
    open var screen: UIScreen { .main }
    /// The scene the window belongs to, among whose `windows` it is (`UIWindow(windowScene:)`,
    /// or set, as a scene delegate does).
    open weak var windowScene: UIWindowScene? {
        didSet {
            guard windowScene !== oldValue else { return }
            oldValue?.remove(self)
            windowScene?.add(self)
        }
    }
    open var isKeyWindow: Bool { true }
    open func makeKeyAndVisible() { isHidden = false }

    /// Its view becomes the window's only content, sized to the window's bounds (and held
    /// there, constraints or not: `placedByConstraints`).
    open var rootViewController: UIViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            if let old = oldValue?.viewIfLoaded, old.superview === self { old.removeFromSuperview() }
            guard let view = rootViewController?.view else { return }
            view.frame = bounds
            addSubview(view)
            view.holdFrameForContainer()
        }
    }
}

extension UIApplication {
    /// A window as large as `UIScreen.main`, made for each call (framegen keeps no window).
    public var keyWindow: UIWindow? { UIWindow(frame: UIScreen.main.bounds) }
    public var windows: [UIWindow] { keyWindow.map { [$0] } ?? [] }
    /// From the screen's shape, as `UIDevice.orientation`.
    public var statusBarOrientation: UIInterfaceOrientation {
        UIDevice.current.orientation == .landscapeLeft ? .landscapeRight : .portrait
    }
    /// framegen draws no status bar.
    public var statusBarFrame: CGRect { .zero }
}
