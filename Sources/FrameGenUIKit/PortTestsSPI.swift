import FrameGenQuartzCore

/// What the port's tests need beyond UIKit's API: the scene's clock, on which a ported cell's
/// timers run, a finger's tap, and an image's pixels. They are a package of their own (Tests/Port: only there is
/// SwiftSyntax compiled, README "Start-up"), so without framegen's `package` access; SPI, so that
/// no app sees these.
@_spi(FrameGenTests) public final class SceneClock: @unchecked Sendable {
    let animator = LayerAnimator()

    public init() {}

    /// Moves the clock to `time` seconds, running what falls due on the way.
    public func advance(to time: Double) { animator.advance(to: time) }

    /// Runs what is due now: work the code just run queued.
    public func settle() { animator.settle() }

    /// Runs `body` with this clock as the scene's, as a collection view framegen drives does.
    public func run<R>(_ body: () throws -> R) rethrows -> R {
        try LayerAnimator.$current.withValue(animator, operation: body)
    }
}

extension UIImage {
    /// Premultiplied 8-bit RGBA rows, top first; nil for an image without pixels of its own.
    @_spi(FrameGenTests) public var premultipliedPixels: [UInt8]? { bitmap?.pixels }
}

extension UIView {
    /// A finger's tap at `point` in this view's coordinates, at `time` on the scene's clock, as a
    /// scene's `tap` action delivers it (`deliverTap(at:on:time:)`).
    @_spi(FrameGenTests) public func tap(at point: CGPoint, time: Double) {
        _ = deliverTap(at: point, on: nil, time: time)
    }
}
