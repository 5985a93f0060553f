import Foundation

// The app's life cycle as UIKit declares it: the app delegate and the scene delegate every Xcode
// template writes (AppDelegate.swift, SceneDelegate.swift), so that an app's files compile here
// with them among them. framegen runs no app: nothing calls these members by itself (no launch,
// no scene connects, no state changes); a program or a test that calls them gets UIKit's
// answers (docs/uikit.md, "The app's life cycle").

/// UIApplicationDelegate: every member is optional on iOS, so each has UIKit's default here.
public protocol UIApplicationDelegate: AnyObject {
    /// The app's window, before scenes (`var window: UIWindow?` in the delegate).
    var window: UIWindow? { get set }
    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    func applicationDidBecomeActive(_ application: UIApplication)
    func applicationWillResignActive(_ application: UIApplication)
    func applicationDidEnterBackground(_ application: UIApplication)
    func applicationWillEnterForeground(_ application: UIApplication)
    func applicationWillTerminate(_ application: UIApplication)
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)
    func application(
        _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]
    ) -> Bool
    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)
    func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?)
        -> UIInterfaceOrientationMask
    func application(
        _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
    func application(
        _ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)
}

extension UIApplicationDelegate {
    /// nil, and setting it keeps nothing: a delegate that keeps a window declares the property.
    public var window: UIWindow? {
        get { nil }
        set {}
    }
    public func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }
    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    public func applicationWillResignActive(_ application: UIApplication) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    public func applicationWillTerminate(_ application: UIApplication) {}
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
    /// false: the URL is not opened.
    public func application(
        _ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]
    ) -> Bool { false }
    /// UIKit's default: the Info.plist's configuration for the session's role, here one of that
    /// role without a name.
    public func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
    }
    public func application(
        _ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>
    ) {}
    /// Every orientation but upside down, an iPhone app's default.
    public func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?)
        -> UIInterfaceOrientationMask
    { .allButUpsideDown }
    public func application(
        _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {}
    public func application(
        _ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error
    ) {}
}

extension UIApplication {
    /// UIApplication.LaunchOptionsKey: what launched the app.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let url = Self(rawValue: "UIApplicationLaunchOptionsURLKey")
        public static let sourceApplication = Self(rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
        public static let remoteNotification = Self(
            rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
        public static let annotation = Self(rawValue: "UIApplicationLaunchOptionsAnnotationKey")
        public static let shortcutItem = Self(rawValue: "UIApplicationLaunchOptionsShortcutItemKey")
        public static let userActivityDictionary = Self(
            rawValue: "UIApplicationLaunchOptionsUserActivityDictionaryKey")
    }

    /// UIApplication.OpenURLOptionsKey: what came with a URL to open.
    public struct OpenURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let sourceApplication = Self(
            rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
        public static let annotation = Self(rawValue: "UIApplicationOpenURLOptionsAnnotationKey")
        public static let openInPlace = Self(rawValue: "UIApplicationOpenURLOptionsOpenInPlaceKey")
    }
}

/// Swift 4's name, which apps written then still use.
public typealias UIApplicationLaunchOptionsKey = UIApplication.LaunchOptionsKey

/// UIInterfaceOrientationMask: a set of interface orientations, a bit per
/// `UIInterfaceOrientation` raw value as UIKit has them.
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let portrait = Self(rawValue: 1 << 1)
    public static let portraitUpsideDown = Self(rawValue: 1 << 2)
    public static let landscapeRight = Self(rawValue: 1 << 3)
    public static let landscapeLeft = Self(rawValue: 1 << 4)
    public static let landscape: Self = [.landscapeLeft, .landscapeRight]
    public static let all: Self = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]
    public static let allButUpsideDown: Self = [.portrait, .landscapeLeft, .landscapeRight]
}

// MARK: Scenes

/// UISceneSession: a scene's lasting identity and its role.
open class UISceneSession: NSObject, @unchecked Sendable {
    /// UISceneSession.Role.
    public struct Role: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let windowApplication = Self(rawValue: "UIWindowSceneSessionRoleApplication")
        public static let windowExternalDisplayNonInteractive = Self(
            rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    }

    public let role: Role
    public let persistentIdentifier: String
    open var configuration: UISceneConfiguration
    open var userInfo: [String: Any]?
    /// The scene while it is connected.
    open weak var scene: UIScene?

    public init(role: Role = .windowApplication, persistentIdentifier: String = UUID().uuidString) {
        self.role = role
        self.persistentIdentifier = persistentIdentifier
        configuration = UISceneConfiguration(name: nil, sessionRole: role)
        super.init()
    }
}

/// UISceneConfiguration: which classes make a session's scene, as Info.plist or the app
/// delegate gives them.
open class UISceneConfiguration: NSObject, @unchecked Sendable {
    public let name: String?
    public let role: UISceneSession.Role
    open var sceneClass: AnyClass?
    open var delegateClass: AnyClass?

    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        role = sessionRole
        super.init()
    }
}

/// UIScene: one instance of the app's interface.
open class UIScene: UIResponder {
    /// UIScene.ActivationState.
    public enum ActivationState: Int, Sendable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive = 1
        case background = 2
    }

    /// UIScene.ConnectionOptions: what came with the connection (nothing here: framegen opens no
    /// URLs and hands over no activities).
    open class ConnectionOptions: NSObject, @unchecked Sendable {
        open var urlContexts: Set<UIOpenURLContext> { [] }
        open var sourceApplication: String? { nil }
        public override init() { super.init() }
    }

    public let session: UISceneSession
    /// Strong, as UIKit's.
    open var delegate: (any UISceneDelegate)?
    open var activationState: ActivationState { .foregroundActive }
    open var title: String?

    public required init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        self.session = session
        super.init()
        session.scene = self
    }
}

/// UIOpenURLContext: a URL the app is asked to open.
open class UIOpenURLContext: NSObject, @unchecked Sendable {
    public let url: URL
    public init(url: URL) {
        self.url = url
        super.init()
    }
}

/// UIWindowScene: a scene of windows, on the main screen.
open class UIWindowScene: UIScene {
    open var screen: UIScreen { .main }
    open var interfaceOrientation: UIInterfaceOrientation { UIApplication.shared.statusBarOrientation }
    open var traitCollection: UITraitCollection { screen.traitCollection }
    /// The windows made with this scene (`UIWindow(windowScene:)`), while they exist.
    open var windows: [UIWindow] { windowRefs.compactMap(\.window) }
    open var keyWindow: UIWindow? { windows.last }

    private struct WindowRef { weak var window: UIWindow? }
    private var windowRefs: [WindowRef] = []

    func add(_ window: UIWindow) {
        windowRefs.removeAll { $0.window == nil || $0.window === window }
        windowRefs.append(WindowRef(window: window))
    }

    func remove(_ window: UIWindow) {
        windowRefs.removeAll { $0.window == nil || $0.window === window }
    }
}

/// UISceneDelegate: every member optional on iOS, each with UIKit's default here.
public protocol UISceneDelegate: AnyObject {
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions)
    func sceneDidDisconnect(_ scene: UIScene)
    func sceneDidBecomeActive(_ scene: UIScene)
    func sceneWillResignActive(_ scene: UIScene)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
}

extension UISceneDelegate {
    public func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
}

/// UIWindowSceneDelegate: a scene delegate that keeps the scene's window.
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    /// nil, and setting it keeps nothing: a delegate that keeps a window declares the property.
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}

extension UIWindow {
    /// A window of the scene's screen, among the scene's windows.
    public convenience init(windowScene: UIWindowScene) {
        self.init(frame: windowScene.screen.bounds)
        self.windowScene = windowScene
        windowScene.add(self)
    }
}
