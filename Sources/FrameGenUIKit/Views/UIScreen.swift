import Foundation

/// The screen framegen renders for: the scene's window (the smallest rectangle holding its
/// views' frames) in points, turned by a rotation from the rotation's start as iOS reports it,
/// at the canvas scale (docs/uikit.md "What is there"). Immutable, so Sendable, which lets
/// `main` come from a task-local value.
///
/// `UIScreen.main` is the screen bound by `UIScreen.withMain` for the work inside it (framegen
/// binds the window of the instant it evaluates); unbound, it is 390 x 844 points at scale 3,
/// an iPhone 12, 13 or 14 in portrait, the default of framegen's choosing (`FRAMEGEN_SCREEN_SIZE`
/// and `FRAMEGEN_SCREEN_SCALE` set another).
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

    /// 390 x 844 points at scale 3 unless `FRAMEGEN_SCREEN_SIZE` (`414x896`, points) and
    /// `FRAMEGEN_SCREEN_SCALE` (1, 2 or 3) say otherwise: snapshot references recorded on
    /// another simulator (an iPhone 11's 414 x 896 at 2x) are drawn at its size and scale
    /// without a change to the tests. A value out of range is not used, with one warning.
    private static let unbound = fromEnvironment(ProcessInfo.processInfo.environment) { line in
        FileHandle.standardError.write(Data("framegen: warning: \(line)\n".utf8))
    }

    static func fromEnvironment(_ environment: [String: String], warn write: (String) -> Void) -> UIScreen {
        func warn(_ name: String, _ value: String, _ wanted: String) {
            write("\(name)=\(value) is not \(wanted); using the default")
        }
        var scale: CGFloat = 3
        if let value = environment["FRAMEGEN_SCREEN_SCALE"] {
            if let number = Double(value), [1, 2, 3].contains(number) {
                scale = CGFloat(number)
            } else {
                warn("FRAMEGEN_SCREEN_SCALE", value, "1, 2 or 3")
            }
        }
        var size = CGSize(width: 390, height: 844)
        if let value = environment["FRAMEGEN_SCREEN_SIZE"] {
            let parts = value.lowercased().split(separator: "x").compactMap {
                Double($0.trimmingCharacters(in: .whitespaces))
            }
            if parts.count == 2, parts.allSatisfy({ $0 >= 1 && $0 <= 4096 }) {
                size = CGSize(width: parts[0], height: parts[1])
            } else {
                warn("FRAMEGEN_SCREEN_SIZE", value, "WIDTHxHEIGHT in points, each 1 to 4096")
            }
        }
        return UIScreen(size: size, scale: scale)
    }

    /// The screen `withMain` bound, else 390 x 844 points at scale 3 (`FRAMEGEN_SCREEN_SIZE`,
    /// `FRAMEGEN_SCREEN_SCALE`).
    public class var main: UIScreen { current ?? unbound }

    /// framegen's, not Apple's: runs `body` with `UIScreen.main` as `screen`. A task-local value,
    /// so it holds on plain threads too and for the tasks `body` starts.
    public static func withMain<R>(_ screen: UIScreen, _ body: () throws -> R) rethrows -> R {
        try $current.withValue(screen, operation: body)
    }
}
