import Foundation
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitRendering
import SnapshotTesting

// swift-snapshot-testing's image strategies for views, view controllers and layers, with its
// names, parameters and defaults, which it compiles only for iOS and tvOS. Each draws with
// framegen's UIKit (`UIGraphicsImageRenderer`, `CALayer.render(in:)`) and compares with
// `Diffing.image`.

extension Snapshotting where Format == UIImage {
    /// A value drawn into an image by `draw`, compared by `Diffing.image` with the reference read
    /// at `traits`' scale (else the main screen's), as each of the library's image strategies is.
    fileprivate static func drawn(
        precision: Float, perceptualPrecision: Float, traits: UITraitCollection,
        _ draw: @escaping (Value) -> UIImage
    ) -> Snapshotting {
        SimplySnapshotting.image(
            precision: precision, perceptualPrecision: perceptualPrecision, scale: traits.displayScale
        ).pullback { value in
            // Drawn as the release the references' commit dates tell, unless told otherwise.
            ReferenceRelease.follow()
            return draw(value)
        }
    }
}

extension Snapshotting where Value == UIView, Format == UIImage {
    /// A snapshot strategy for comparing views based on pixel equality.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy for comparing views based on pixel equality.
    ///
    /// - Parameters:
    ///   - drawHierarchyInKeyWindow: Draws the view as the screen shows it
    ///     (`drawHierarchy(in:afterScreenUpdates:)`) instead of with `layer.render(in:)`, whose
    ///     gradients differ (docs/snapshot-testing.md "Which drawing the strategy asks for").
    ///   - precision: The share of pixels that must match.
    ///   - perceptualPrecision: How close a pixel must be to its reference to match (1 - ΔE / 100).
    ///   - size: A view size override.
    ///   - traits: A trait collection override.
    public static func image(
        drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
        size: CGSize? = nil, traits: UITraitCollection = .init()
    ) -> Snapshotting {
        drawn(precision: precision, perceptualPrecision: perceptualPrecision, traits: traits) { view in
            SnapshotHost.image(
                of: view, in: nil, drawHierarchy: drawHierarchyInKeyWindow,
                config: ViewImageConfig(safeArea: .zero, size: size ?? view.frame.size, traits: .init()),
                traits: traits)
        }
    }
}

extension Snapshotting where Value == UIViewController, Format == UIImage {
    /// A snapshot strategy for comparing view controller views based on pixel equality.
    public static var image: Snapshotting { .image() }

    /// The controller on a device (`ViewImageConfig`): a window of its size, safe area and
    /// traits, the controller's appearance calls and a layout pass, then its view drawn.
    public static func image(
        on config: ViewImageConfig, drawHierarchyInKeyWindow: Bool = false, precision: Float = 1,
        perceptualPrecision: Float = 1, size: CGSize? = nil, traits: UITraitCollection = .init()
    ) -> Snapshotting {
        drawn(precision: precision, perceptualPrecision: perceptualPrecision, traits: traits) { controller in
            SnapshotHost.image(
                of: controller.view, in: controller, drawHierarchy: drawHierarchyInKeyWindow,
                config: size.map {
                    ViewImageConfig(safeArea: config.safeArea, size: $0, traits: config.traits)
                }
                    ?? config,
                traits: traits)
        }
    }

    /// The controller in a window of its view's size (or `size`), without a safe area.
    public static func image(
        drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
        size: CGSize? = nil, traits: UITraitCollection = .init()
    ) -> Snapshotting {
        drawn(precision: precision, perceptualPrecision: perceptualPrecision, traits: traits) { controller in
            SnapshotHost.image(
                of: controller.view, in: controller, drawHierarchy: drawHierarchyInKeyWindow,
                config: ViewImageConfig(safeArea: .zero, size: size, traits: traits), traits: traits)
        }
    }
}

extension Snapshotting where Value == CALayer, Format == UIImage {
    /// A snapshot strategy for comparing layers based on pixel equality.
    public static var image: Snapshotting { .image() }

    /// The layer drawn in its bounds at `traits`' scale (else the main screen's).
    public static func image(
        precision: Float = 1, perceptualPrecision: Float = 1, traits: UITraitCollection = .init()
    ) -> Snapshotting {
        drawn(precision: precision, perceptualPrecision: perceptualPrecision, traits: traits) { layer in
            if let view = layer.delegate as? UIView { CALayer.layOutForDrawing(view) }
            let image = UIGraphicsImageRenderer(
                bounds: layer.bounds, format: UIGraphicsImageRendererFormat(for: traits)
            ).image { context in
                layer.setNeedsLayout()
                layer.layoutIfNeeded()
                layer.render(in: context.cgContext)
            }
            SnapshotText.note(for: image)
            return image
        }
    }
}

/// Puts a view (or a controller's view) on screen as swift-snapshot-testing does on iOS, then
/// draws it: a window of the configuration's size with its safe area and traits (over the
/// strategy's `traits`), a root controller holding the view, the appearance calls, a layout pass.
enum SnapshotHost {
    static func image(
        of view: UIView, in controller: UIViewController?, drawHierarchy: Bool, config: ViewImageConfig,
        traits: UITraitCollection
    ) -> UIImage {
        let initialFrame = view.frame
        defer { view.frame = initialFrame }
        return hosting(view, in: controller, config: config, traits: traits) { merged in
            CALayer.layOutForDrawing(view)
            let image = UIGraphicsImageRenderer(
                bounds: view.bounds, format: UIGraphicsImageRendererFormat(for: merged)
            )
            .image { context in
                if drawHierarchy {
                    view.drawHierarchy(in: view.bounds, afterScreenUpdates: true)
                } else {
                    view.layer.render(in: context.cgContext)
                }
            }
            SnapshotText.note(for: image)
            return image
        }
    }

    /// The view laid out on screen, `body` run with the traits it has there, then the view taken
    /// off. The view keeps the configuration's size afterwards, as the library's text
    /// strategies leave it (its image strategies put the frame back, `image` above).
    static func hosting<Result>(
        _ view: UIView, in controller: UIViewController?, config: ViewImageConfig, traits: UITraitCollection,
        _ body: (UITraitCollection) -> Result
    ) -> Result {
        let size = config.size ?? view.frame.size
        view.frame.size = size
        let merged = UITraitCollection(traitsFrom: [config.traits, traits])
        let (windowSize, safeArea) = windowShape(size: size, safeArea: config.safeArea, for: controller)
        let window = UIWindow(frame: CGRect(origin: .zero, size: windowSize))
        window.hostedTraits = merged
        // A controller that hides the status bar has no status bar's inset, as on iOS.
        let hidesStatusBar =
            safeArea == UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
            && controller?.prefersStatusBarHidden == true
        window.hostedSafeArea =
            hidesStatusBar ? .zero : recordingStatusBar(safeArea, configured: config.safeArea)
        let root = controller ?? UIViewController()
        if controller == nil {
            root.view.bounds = view.bounds
            root.view.addSubview(view)
        }
        window.rootViewController = root
        root.beginAppearanceTransition(true, animated: false)
        root.endAppearanceTransition()
        layOut(root)
        if size.width == 0 || size.height == 0 {
            view.sizeToFit()
            view.setNeedsLayout()
            view.layoutIfNeeded()
        }
        let result = body(merged)
        root.beginAppearanceTransition(false, animated: false)
        root.endAppearanceTransition()
        window.rootViewController = nil
        return result
    }

    /// The top of the safe area where the recording phone's status bar reaches below it. On iOS
    /// 17 a controller's content and a navigation bar start below the status bar of the phone
    /// the tests ran on, not at the configuration's top, wherever the configuration has one:
    /// 54 points down on Xcode 15's iPhone 15 and 15 Pro, where an iPhone X's configuration
    /// says 44 (faberNovel/CompositionalLayoutDSL's collection view controllers; a navigation
    /// controller's bar in MauriMarques/Posterr's 768 point window, which the library gives no
    /// top inset). The phone is not in the references, so the height is the
    /// `FRAMEGEN_STATUS_BAR_HEIGHT` setting (points; 0 for none), or, where the tests run as an
    /// iOS 17 that was given (`FRAMEGEN_IOS_VERSION`, `.systemVersion`) rather than inferred
    /// from the references' dates, Xcode 15's default phone's 54; otherwise none.
    static func recordingStatusBar(_ safeArea: UIEdgeInsets, configured: UIEdgeInsets) -> UIEdgeInsets {
        guard configured.top > 0, let bar = recordingStatusBarHeight, bar > safeArea.top else {
            return safeArea
        }
        var insets = safeArea
        insets.top = bar
        return insets
    }

    /// The status bar height the references were recorded under, in points; nil for none.
    static var recordingStatusBarHeight: CGFloat? {
        if let set = statusBarSetting { return set > 0 ? CGFloat(set) : nil }
        return (SystemRelease.bound ?? SystemRelease.fromEnvironment) == 17 ? 54 : nil
    }

    /// `FRAMEGEN_STATUS_BAR_HEIGHT` in points (0 to 200), nil when unset; another value is
    /// reported once on standard error and taken as 0 (no status bar).
    static let statusBarSetting: Double? = {
        guard let text = ProcessInfo.processInfo.environment["FRAMEGEN_STATUS_BAR_HEIGHT"], !text.isEmpty
        else {
            return nil
        }
        guard let points = Double(text.trimmingCharacters(in: .whitespaces)), (0...200).contains(points)
        else {
            FileHandle.standardError.write(
                Data(
                    ("framegen: FRAMEGEN_STATUS_BAR_HEIGHT=\"\(text)\" is not a height in points from 0 to 200 "
                        + "(like 54); drawing without the recording phone's status bar\n").utf8))
            return 0
        }
        return points
    }()

    /// The library's window for a controller: a navigation controller's is shorter by the top
    /// of the safe area, and has none there; a tab bar controller's by the bottom (and by the
    /// top too when its selected controller is a navigation controller). swift-snapshot-testing
    /// does this on iOS ("Safe area renders inaccurately for UI{Navigation,TabBar}Controller"), so
    /// its references of a navigation controller on an iPhone X are 768 points high, not 812.
    static func windowShape(size: CGSize, safeArea: UIEdgeInsets, for controller: UIViewController?)
        -> (CGSize, UIEdgeInsets)
    {
        var (size, safeArea) = (size, safeArea)
        if controller is UINavigationController {
            size.height -= safeArea.top
            safeArea.top = 0
        } else if let tabs = controller as? UITabBarController {
            size.height -= safeArea.bottom
            safeArea.bottom = 0
            if tabs.selectedViewController is UINavigationController {
                size.height -= safeArea.top
                safeArea.top = 0
            }
        }
        return (size, safeArea)
    }

    /// The layout pass, which calls the controllers' `viewWillLayoutSubviews()` and
    /// `viewDidLayoutSubviews()` (UIView's `layoutSublayers(of:)`).
    private static func layOut(_ controller: UIViewController) {
        controller.view.setNeedsLayout()
        controller.view.layoutIfNeeded()
    }
}
