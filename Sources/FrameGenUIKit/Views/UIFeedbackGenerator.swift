import Foundation

/// Haptics: a Linux machine has no Taptic Engine, so the generators keep what they were made
/// with and play nothing, as an iOS device with haptics turned off in Settings plays nothing.
/// They are here so that a cell that taps the finger when an action expands (SwipeCellKit's
/// swipe cells do) compiles unchanged.

open class UIFeedbackGenerator: NSObject {
    public override init() { super.init() }

    /// iOS readies the engine for a moment; nothing to ready here.
    open func prepare() {}
}

open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable {
        case light, medium, heavy, soft, rigid
    }

    public let style: FeedbackStyle

    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }

    /// Medium impacts (*chosen*: Apple documents no style for `init()`).
    public override convenience init() { self.init(style: .medium) }

    open func impactOccurred() {}

    open func impactOccurred(intensity: CGFloat) {}
}

open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    open func selectionChanged() {}
}

open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackType: Int, Sendable {
        case success, warning, error
    }

    open func notificationOccurred(_ notificationType: FeedbackType) {}
}
