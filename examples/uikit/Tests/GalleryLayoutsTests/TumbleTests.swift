import Foundation
import FrameGenKit
import Testing

import enum FrameGenLayout.LayoutRegistry

// TumbleLayout (UIKit Dynamics gravity, collisions and a push): the items fall into a pile that
// rests on the view's bottom, none overlapping another, and the scene ends once they rest.

@Test func theTumblingCardsComeToRestInAPileOnTheViewsBottom() throws {
    let text = try String(contentsOfFile: scenesFolder + "/tumble.yaml", encoding: .utf8)
    let scene = try Scene(
        document: parseDocument(text, file: "tumble.yaml"), folder: scenesFolder,
        layouts: LayoutRegistry.builtIn + galleryLayouts)
    let timeline = try Timeline(scene)
    // A fall of about 1000 points at 1000 points/s² takes 1.4 s; the pile then rests.
    #expect(timeline.duration > 1.2 && timeline.duration < 3)
    let last = timeline.frame(timeline.frameCount - 1).views[0]
    let cards = last.elements.map(\.attributes.frame).filter { $0.size.width > 0 }
    #expect(cards.count == 12)
    let floor = last.bounds.size.height
    for card in cards {
        // On the floor or on a card below, within a step's fall (1000 / 240² points).
        let resting =
            abs(card.maxY - floor) < 0.02
            || cards.contains {
                abs(card.maxY - $0.minY) < 0.02 && card.maxX > $0.minX && card.minX < $0.maxX
            }
        #expect(resting, "\(card)")
        for other in cards where other != card {
            let overlap = min(card.maxX, other.maxX) - max(card.minX, other.minX)
            let overlapY = min(card.maxY, other.maxY) - max(card.minY, other.minY)
            #expect(overlap < 0.01 || overlapY < 0.01, "\(card) and \(other)")
        }
    }
}
