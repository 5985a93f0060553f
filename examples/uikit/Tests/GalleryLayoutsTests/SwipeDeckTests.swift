import Foundation
import FrameGenKit
import GalleryLayouts
import Testing
import UIKit

import enum FrameGenLayout.LayoutRegistry
import enum FrameGenMotion.TimingCurve

// The swipe deck (scenes/swipe-deck.yaml): each drag over the top card reaches the card's own
// pan, which moves and turns it with the finger; a release past a third of the width throws
// it (the deck comes up a card), a shorter one springs it back, an upward drag is refused.

private func deckTimeline() throws -> Timeline {
    let text = try String(contentsOfFile: scenesFolder + "/swipe-deck.yaml", encoding: .utf8)
    let layouts = SwipeDeck.layouts.keys.sorted().map {
        UIKitLayout.descriptor(type: $0, cells: SwipeDeck.cells, factory: SwipeDeck.layouts[$0]!)
    }
    let scene = try Scene(
        document: parseDocument(text, file: "swipe-deck.yaml"), folder: scenesFolder,
        layouts: LayoutRegistry.builtIn + layouts)
    return try Timeline(scene)
}

/// The top card's item and how far its cell is moved sideways from where the layout put it.
private func topCard(_ timeline: Timeline, at t: Double) -> (item: Int, shift: Double) {
    let top = timeline.frame(at: t).views[0].elements.max { $0.attributes.zIndex < $1.attributes.zIndex }!
    return (top.attributes.indexPath.item, top.content?.transform.m41 ?? .nan)
}

@Test func theDecksCardsFollowTheFingerAndAreThrownPastAThird() throws {
    let timeline = try deckTimeline()
    // The first drag (0.2 s to 0.65 s, 260 points right, easing in) moves card 0 with the
    // finger: at 0.5 s the curve's progress of 260.
    #expect(topCard(timeline, at: 0.1) == (0, 0))
    let half = topCard(timeline, at: 0.5)
    let progress = TimingCurve.easeIn.progress(0.3 / 0.45)
    #expect(half.item == 0 && abs(half.shift - 260 * progress) < 1e-6)
    // Released past 130 points: thrown (0.3 s), then the deck comes up (0.3 s): card 1 is on
    // top from the throw's end, and the second drag throws it too.
    #expect(topCard(timeline, at: 1.0).item == 1)
    #expect(topCard(timeline, at: 1.8).item == 2)
    // The third drag (80 points right from 1.85 s) springs card 2 back; the fourth goes up the
    // screen and moves nothing: the scene ends with card 2 on top where the layout puts it.
    #expect(topCard(timeline, at: 2.15).shift > 40)
    let last = topCard(timeline, at: timeline.duration)
    #expect(last.item == 2 && abs(last.shift) < 1e-6)
    #expect(timeline.frame(at: timeline.duration).views[0].bounds.origin == .init(x: 0, y: 0))
}
