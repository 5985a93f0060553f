import Foundation
import FrameGenKit
import Testing

import struct FrameGenLayout.LayoutAttributes
import enum FrameGenLayout.LayoutRegistry

// SpringyFlowLayout (UIKit Dynamics springs on UIKit's flow layout) against framegen's built-in
// `flow` with the same keys: the same grid at rest, a stretched one while dragged, the same grid
// again once the springs have come to rest.

private func timeline(_ text: String) throws -> Timeline {
    let scene = try Scene(
        document: parseDocument(text, file: "springy.yaml"), folder: scenesFolder,
        layouts: LayoutRegistry.builtIn + galleryLayouts)
    return try Timeline(scene)
}

/// The centres of the items shown at `frame`, by item.
private func centres(_ timeline: Timeline, frame: Int) -> [Int: LayoutAttributes] {
    var out: [Int: LayoutAttributes] = [:]
    for e in timeline.frame(frame).views[0].elements.map(\.attributes)
    where e.representedElementCategory == .cell {
        out[e.indexPath.item] = e
    }
    return out
}

// A whole drag and its settling: seconds in a debug build, so framegen's heavy tier.
@Test(wholeTimelines, .tags(.heavy))
func theSpringyGridRestsAsTheFlowLayoutsStretchesWhileDraggedAndComesBack() throws {
    let text = try String(contentsOfFile: scenesFolder + "/springy.yaml", encoding: .utf8)
    let springy = try timeline(text)
    let flow = try timeline(text.replacingOccurrences(of: "type: springy", with: "type: flow"))
    // The springs run on after the drag and its deceleration: the scene lasts until they rest.
    #expect(springy.duration > flow.duration + 0.5)

    // At rest before the drag: the flow layout's grid exactly.
    let start = (centres(springy, frame: 0), centres(flow, frame: 0))
    #expect(!start.0.isEmpty && start.0.keys == start.1.keys)
    for (item, a) in start.0 { #expect(a.center == start.1[item]!.center, "item \(item)") }

    // Mid-drag (the drag runs 0.2...0.7 s at 30 fps): the content moved up; each item trails
    // it by a share of the delta that grows with its distance from the view's centre (the
    // touch point here).
    let mid = 14
    let (moving, still) = (centres(springy, frame: mid), centres(flow, frame: mid))
    let bounds = springy.frame(mid).views[0].bounds
    let touchY = bounds.origin.y + bounds.size.height / 2
    var lags: [(distance: Double, lag: Double)] = []
    for (item, a) in moving {
        guard let b = still[item] else { continue }
        #expect(a.center.x == b.center.x)
        lags.append((abs(b.center.y - touchY), a.center.y - b.center.y))
    }
    lags.sort { $0.distance < $1.distance }
    #expect(lags.count > 10)
    #expect(lags.allSatisfy { $0.lag >= 0 }, "items trail upward content downward")
    // The share also grows with the horizontal distance, and an item's distance changed while
    // the content moved under the touch point: compare the nearest and farthest thirds.
    let third = lags.count / 3
    let near = lags.prefix(third).map(\.lag).reduce(0, +) / Double(third)
    let far = lags.suffix(third).map(\.lag).reduce(0, +) / Double(third)
    #expect(far > 5 && far > 1.5 * near, "near \(near), far \(far)")

    // After the springs come to rest: the flow layout's grid again, to the rest threshold
    // (docs/uikit.md "UIKit Dynamics": at rest, no item is more than about 0.1 point from its
    // spring's anchor).
    let end = (centres(springy, frame: springy.frameCount - 1), centres(flow, frame: flow.frameCount - 1))
    #expect(!end.0.isEmpty && end.0.keys == end.1.keys)
    for (item, a) in end.0 {
        let b = end.1[item]!
        #expect(abs(a.center.x - b.center.x) < 0.1 && abs(a.center.y - b.center.y) < 0.1, "item \(item)")
    }
}
