import Foundation

/// The screen framegen renders for: the scene's window (the smallest rectangle holding its
/// views' frames) in points, turned by a rotation from the rotation's start as iOS reports it,
/// at the canvas scale (docs/uikit.md "What is there"). Immutable, so Sendable, which lets
/// `main` come from a task-local value.
///
/// `UIScreen.main` is the screen bound by `UIScreen.withMain` for the work inside it (framegen
/// binds the window of the instant it evaluates); unbound, it is 390 x 844 points at scale 3,
/// an iPhone 12, 13 or 14 in portrait, the default of framegen's choosing (`FRAMEGEN_SCREEN_SCALE`
/// sets another scale).
public final class UIScreen: NSObject, @unchecked Sendable {
    /// In points, origin zero, in the interface's orientation (turned with the window).
    public let bounds: CGRect
    public let scale: CGFloat
    /// The same as `scale`: framegen draws no downsampled (Plus-style) screens.
    public var nativeScale: CGFloat { scale }
    /// In pixels, portrait-up whatever the orientation, as Apple documents it: the shorter
    /// side is the width.
    public var nativeBounds: CGRect {
        let (short, long) = (Swift.min(bounds.width, bounds.height), Swift.max(bounds.width, bounds.height))
        return CGRect(x: 0, y: 0, width: short * nativeScale, height: long * nativeScale)
    }

    /// The appearance every view on the screen has unless it overrides it (a scene's
    /// `canvas.appearance`); framegen's, where iOS takes it from Settings.
    package let userInterfaceStyle: UIUserInterfaceStyle
    /// The text size the screen reports (a scene's `canvas.contentSizeCategory`).
    package let preferredContentSizeCategory: UIContentSizeCategory

    /// framegen's, not Apple's: a screen of `size` points at `scale` pixels per point, light
    /// and at the large (default) text size unless told otherwise.
    public init(
        size: CGSize, scale: CGFloat, userInterfaceStyle: UIUserInterfaceStyle = .light,
        preferredContentSizeCategory: UIContentSizeCategory = .large
    ) {
        self.bounds = CGRect(origin: .zero, size: size)
        self.scale = scale
        self.userInterfaceStyle = userInterfaceStyle == .unspecified ? .light : userInterfaceStyle
        self.preferredContentSizeCategory =
            preferredContentSizeCategory == .unspecified ? .large : preferredContentSizeCategory
        super.init()
    }

    /// The traits of a view filling the screen.
    public var traitCollection: UITraitCollection { UITraitCollection(screen: self, size: bounds.size) }

    @TaskLocal package static var current: UIScreen?

    /// Scale 3 unless `FRAMEGEN_SCREEN_SCALE` says otherwise (1, 2 or 3): snapshot references
    /// recorded on a 2x simulator are read and drawn at 2x without a change to the tests.
    private static let unbound = UIScreen(
        size: CGSize(width: 390, height: 844),
        scale: ProcessInfo.processInfo.environment["FRAMEGEN_SCREEN_SCALE"].flatMap(Double.init)
            .flatMap { (1...3).contains($0) ? CGFloat($0) : nil } ?? 3)

    /// The screen `withMain` bound, else 390 x 844 points at scale 3 (`FRAMEGEN_SCREEN_SCALE`).
    public class var main: UIScreen { current ?? unbound }

    /// framegen's, not Apple's: runs `body` with `UIScreen.main` as `screen`. A task-local value,
    /// so it holds on plain threads too and for the tasks `body` starts.
    public static func withMain<R>(_ screen: UIScreen, _ body: () throws -> R) rethrows -> R {
        try $current.withValue(screen, operation: body)
    }
}
