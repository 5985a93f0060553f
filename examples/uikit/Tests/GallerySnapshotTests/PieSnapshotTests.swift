// The same library under Swift Testing, as iOS projects that moved to it write it.
import SnapshotTesting
import Testing
import UIKit

@testable import GalleryLayouts

@Suite struct PieSnapshotTests {
    /// A view that draws itself in `draw(_:)`, at 2x.
    @Test func pieBadge() {
        let pie = PieView(frame: CGRect(x: 0, y: 0, width: 48, height: 48))
        pie.progress = 0.7
        pie.tint = UIColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
        assertSnapshot(of: pie, as: .image(traits: .init(displayScale: 2)))
    }
}
