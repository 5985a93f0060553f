import Foundation
import FrameGenLayout

import struct Foundation.IndexPath  // over Layout's (Exports.swift)

// Index paths between the API (Foundation's) and Layout's. Core Graphics values convert in
// FrameGenCoreGraphics/CGGeometry.swift, edge insets in Views/UIEdgeInsets.swift.

extension IndexPath {
    package init(_ p: FrameGenLayout.IndexPath) { self.init(item: p.item, section: p.section) }
}

extension FrameGenLayout.IndexPath {
    /// Any length other than two is a programming error on iOS too; framegen keeps the first two
    /// indices (zeros for missing ones) rather than trapping in the middle of a render.
    package init(_ p: Foundation.IndexPath) {
        let parts = Array(p) + [0, 0]
        self.init(section: parts[0], item: parts[1])
    }
}
