import Foundation

/// The screen framegen renders for: the canvas's size in points and its scale. Immutable, so
/// Sendable, which lets `main` come from a task-local value.
///
/// `UIScreen.main` is the screen bound by `UIScreen.withMain` for the work inside it (framegen
/// binds the canvas it renders); unbound, it is 390 x 844 points at scale 3, an iPhone 12, 13 or
/// 14 in portrait, the default of framegen's choosing.
public final class UIScreen: NSObject, @unchecked Sendable {
    /// In points, origin zero.
    public let bounds: CGRect
    public let scale: CGFloat
    /// The same as `scale`: framegen draws no downsampled (Plus-style) screens.
    public var nativeScale: CGFloat { scale }
    /// In pixels.
    public var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * nativeScale, height: bounds.height * nativeScale)
    }

    /// framegen's, not Apple's: a screen of `size` points at `scale` pixels per point.
    public init(size: CGSize, scale: CGFloat) {
        self.bounds = CGRect(origin: .zero, size: size)
        self.scale = scale
        super.init()
    }

    @TaskLocal package static var current: UIScreen?

    private static let unbound = UIScreen(size: CGSize(width: 390, height: 844), scale: 3)

    /// The screen `withMain` bound, else 390 x 844 points at scale 3.
    public class var main: UIScreen { current ?? unbound }

    /// framegen's, not Apple's: runs `body` with `UIScreen.main` as `screen`. A task-local value,
    /// so it holds on plain threads too and for the tasks `body` starts.
    public static func withMain<R>(_ screen: UIScreen, _ body: () throws -> R) rethrows -> R {
        try $current.withValue(screen, operation: body)
    }
}
