import FrameGenTesting
import GalleryLayouts
import Testing
import UIKit

/// The contacts table (a UITableViewController) in a scene: scrolled with section B's header
/// pinned over the rows, Guido van Rossum tapped (grey, a check mark from didSelectRowAt), and
/// Grace Hopper deleted halfway (the rows below sliding up under the pinned G). The whole
/// timeline takes seconds in a debug build: framegen's heavy tier.
@Test(wholeTimelines, .tags(.heavy)) func theContactsTableScrollsSelectsAndDeletes() {
    assertGolden(scene: "../../scenes/contacts.yaml", frames: [20, 130, 140], layouts: Contacts.descriptors)
}
