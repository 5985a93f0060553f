import FrameGenCompositionalLayout
import FrameGenUIKit
import FrameGenUIKitDynamics
import TestTiers
import Testing

@Test func indexPathHasUIKitsSectionAndItem() {
    var path = IndexPath(item: 3, section: 1)
    expect(path.section == 1)
    expect(path.item == 3)
    expect(path.row == 3)
    expect(Array(path) == [1, 3])
    path.item = 4
    expect(path == IndexPath(row: 4, section: 1))
    // Sorted section first, as UIKit sorts them.
    expect(IndexPath(item: 9, section: 0) < IndexPath(item: 0, section: 1))
}

/// Code from before Swift 3 reads index paths through NSIndexPath, as UIKit's additions allow.
@Test func nsIndexPathHasUIKitsSectionItemAndRow() {
    let path = IndexPath(item: 4, section: 2)
    let bridged = path as NSIndexPath
    expect(bridged.section == 2 && bridged.item == 4 && bridged.row == 4)
    expect(NSIndexPath(row: 3, section: 1).row == 3 && NSIndexPath(item: 3, section: 1).section == 1)
    expect(2 * NSEC_PER_SEC == 2_000_000_000)
    let view = UIView()
    view.semanticContentAttribute = .forceRightToLeft
    expect(UIView.userInterfaceLayoutDirection(for: view.semanticContentAttribute) == .rightToLeft)
}
