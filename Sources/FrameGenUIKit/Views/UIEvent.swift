import Foundation

/// A touch or other event. framegen delivers the scene's taps to gesture recognisers and
/// controls, not as events (docs/uikit.md "Gesture recognisers"), so events exist for the
/// signatures that take one, such as `point(inside:with:)` and `hitTest(_:with:)`, which
/// framegen calls with nil.
open class UIEvent: NSObject {
    public enum EventType: Int, Sendable {
        case touches
        case motion
        case remoteControl
        case presses
    }

    open var type: EventType { .touches }

    /// Seconds since the system started, as iOS counts; 0 here, as no event happens.
    open var timestamp: TimeInterval { 0 }
}
