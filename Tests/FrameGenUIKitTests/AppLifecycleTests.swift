import Foundation
import TestTiers
import Testing

@testable import FrameGenUIKit

// The Xcode template's app and scene delegates, as apps keep them (with a window set up in code,
// as apps without a storyboard do).
private final class TemplateAppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        true
    }

    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
}

private final class TemplateSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = (scene as? UIWindowScene) else { return }
        window = UIWindow(windowScene: windowScene)
        window?.rootViewController = UIViewController()
        window?.makeKeyAndVisible()
    }
}

/// The app's life cycle as UIKit declares it: an app's AppDelegate.swift and SceneDelegate.swift
/// compile, and answer as on iOS when a program calls them (framegen launches no app itself).
@Suite struct AppLifecycleTests {
    @Test func theTemplatesDelegatesAnswerAsOnIOS() throws {
        let app = TemplateAppDelegate()
        expect(app.application(.shared, didFinishLaunchingWithOptions: nil))
        // UIKit's defaults for what the template leaves out.
        expect(app.application(.shared, willFinishLaunchingWithOptions: [.url: URL(fileURLWithPath: "/")]))
        expect(app.window == nil)
        expect(app.application(.shared, supportedInterfaceOrientationsFor: nil) == .allButUpsideDown)
        let session = UISceneSession()
        let configuration = app.application(.shared, configurationForConnecting: session, options: .init())
        expect(configuration.name == "Default Configuration")
        expect(configuration.role == .windowApplication)

        let scene = UIWindowScene(session: session, connectionOptions: .init())
        let sceneDelegate = TemplateSceneDelegate()
        scene.delegate = sceneDelegate
        sceneDelegate.scene(scene, willConnectTo: session, options: .init())
        let window = try #require(sceneDelegate.window)
        expect(window.frame == UIScreen.main.bounds)
        expect(scene.windows.count == 1 && scene.windows[0] === window)
        expect(window.rootViewController?.view.frame == UIScreen.main.bounds)
        expect(session.scene === scene)
        expect(window.windowScene === scene)
        // A window set to a scene moves among its windows, as a scene delegate sets it.
        let other = UIWindowScene(session: UISceneSession(), connectionOptions: .init())
        let second = UIWindow(frame: .zero)
        second.windowScene = other
        expect(other.windows.count == 1 && other.windows[0] === second)
        window.windowScene = other
        expect(scene.windows.isEmpty && other.windows.count == 2)
    }

    @Test func theAppKeepsItsDelegateWeakly() {
        var delegate: TemplateAppDelegate? = TemplateAppDelegate()
        let application = UIApplication()
        application.delegate = delegate
        expect(application.delegate === delegate)
        delegate = nil
        expect(application.delegate == nil)
    }

    /// A bit per UIInterfaceOrientation raw value, as UIKit's masks are.
    @Test func orientationMasksAreUIKits() {
        expect(
            UIInterfaceOrientationMask.portrait.rawValue == 1
                << UInt(UIInterfaceOrientation.portrait.rawValue))
        expect(
            UIInterfaceOrientationMask.landscapeLeft.rawValue == 1
                << UInt(UIInterfaceOrientation.landscapeLeft.rawValue))
        expect(UIInterfaceOrientationMask.all.rawValue == 30)
        expect(UIInterfaceOrientationMask.allButUpsideDown.rawValue == 26)
    }
}
