import FrameGenCompositionalLayout
import FrameGenUIKit
import FrameGenUIKitDynamics
import Testing

@Test func indexPathHasUIKitsSectionAndItem() {
    var path = IndexPath(item: 3, section: 1)
    #expect(path.section == 1)
    #expect(path.item == 3)
    #expect(path.row == 3)
    #expect(Array(path) == [1, 3])
    path.item = 4
    #expect(path == IndexPath(row: 4, section: 1))
    // Sorted section first, as UIKit sorts them.
    #expect(IndexPath(item: 9, section: 0) < IndexPath(item: 0, section: 1))
}
