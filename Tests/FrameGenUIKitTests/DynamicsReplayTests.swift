import Foundation
import FrameGenKit
import Synchronization
import TestTiers
import Testing

import enum FrameGenLayout.LayoutRegistry

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

/// A springy column dragged down and back, with waits in which the springs settle, at `fps`;
/// `made` counts the layouts its factory makes.
private final class Counter: Sendable {
    let count = Atomic<Int>(0)
}

private func settlingTimeline(fps: Double, made: Counter? = nil) throws -> Timeline {
    let text = """
        canvas: {width: 200, height: 400, scale: 1}
        fps: \(fps)
        content: {items: 20}
        layout: {type: springy, itemSize: [180, 60]}
        timeline:
          - wait: 0.1
          - drag: {by: [0, -240], duration: 0.4}
          - wait: 0.5
          - drag: {by: [0, 200], duration: 0.3}
        """
    let layouts = [
        UIKitLayout.descriptor(type: "springy") { _ in
            made?.count.add(1, ordering: .relaxed)
            return SpringyColumn()
        }
    ]
    let scene = try Scene(
        document: parseDocument(text, file: "s.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + layouts)
    return try Timeline(scene)
}

/// One at a time: the first turns keeping objects off for the process while it draws.
@Suite(.serialized) struct ContinuedReplays {
    /// Frames drawn in order continue the objects of the frame before (docs/uikit.md "The
    /// contract"): they must equal frames drawn from fresh objects that replay the whole history,
    /// in reverse on several threads and serially. Fast: 20 fps, on the 60 Hz grid.
    @Test func framesThatContinueEarlierObjectsEqualFreshReplays() throws {
        try expectContinuedFramesEqualFreshOnes(fps: 20)
    }

    /// The same at 60 fps (every refresh drawn) and 24 fps (frames off the grid start fresh).
    @Test(.heavy, .tags(.heavy), arguments: [60.0, 24.0])
    func framesThatContinueEarlierObjectsEqualFreshReplaysAtOtherRates(fps: Double) throws {
        try expectContinuedFramesEqualFreshOnes(fps: fps)
    }

    private func expectContinuedFramesEqualFreshOnes(fps: Double) throws {
        Replays.reuse.store(false, ordering: .relaxed)
        let fresh = try settlingTimeline(fps: fps)
        let expected = (0..<fresh.frameCount).map { "\(fresh.frame($0))" }
        Replays.reuse.store(true, ordering: .relaxed)
        let timeline = try settlingTimeline(fps: fps)
        let serial = (0..<timeline.frameCount).map { "\(timeline.frame($0))" }
        expect(serial == expected)
        expect(framesDrawnInReverseOnSeveralThreads(timeline) == expected)
        // The springs move in the waits: the frames differ.
        expect(Set(expected).count > expected.count * 9 / 10)
    }

    /// In order, a frame continues the objects of the one before: the factory runs for a few of
    /// the frames only, where fresh objects would take one per frame.
    @Test func framesDrawnInOrderMakeTheLayoutOnlyAFewTimes() throws {
        let made = Counter()
        let timeline = try settlingTimeline(fps: 60, made: made)
        let planned = made.count.load(ordering: .relaxed)
        for i in 0..<timeline.frameCount { _ = timeline.frame(i) }
        let drawn = made.count.load(ordering: .relaxed) - planned
        expect(timeline.frameCount > 100)
        expect(drawn < 10, "the factory ran \(drawn) times for \(timeline.frameCount) frames")
    }
}
