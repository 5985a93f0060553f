import FrameGenGeometry

/// Names of `CollectionViewLayout.publishedState` entries through which layouts of one scene
/// drive each other and ask the timeline to move views (the Photos preview and its thumbnails).
///
/// How the timeline uses them, every frame at time t: prepare every view (peers filled with the
/// other views' bounds and published state); then, for each entry
/// `requestedContentOffset(view)` = [x, y] a layout publishes, set that view's content offset to
/// [x, y] unless that view is the one the current timeline action moves (a drag, fling or scroll
/// of it), and prepare it again. One pass suffices: a request depends only on the requesting
/// layout's own state and its peers' bounds. `requestedContentInset` = [top, left, bottom, right]
/// asks for the publishing view's own content inset (UIKit layouts of the original set it on
/// their collection view), which bounds its scrolling range.
public enum PublishedStateKey {
    /// [x, y]: where the layout wants the view named `view` scrolled to.
    public static func requestedContentOffset(_ view: String) -> String { "requestedContentOffset.\(view)" }

    /// bool: true when the program asked for `requestedContentOffset(view)` animated
    /// (`setContentOffset(_:animated: true)`, `scrollToItem(at:at:animated: true)`): the view
    /// scrolls there as UIKit's animated scroll does; absent, it jumps.
    public static func requestedContentOffsetAnimated(_ view: String) -> String {
        "requestedContentOffsetAnimated.\(view)"
    }

    /// number: the scene's instant at which the program asked for `requestedContentOffset(view)`
    /// (absent: a built-in layout's request, which holds while it is published). A view that a
    /// scroll, drag or fling moved takes, as the motion ends, only a request made then.
    public static func requestedContentOffsetTime(_ view: String) -> String {
        "requestedContentOffsetTime.\(view)"
    }

    /// Where the published states ask the view named `view` to be scrolled: the last request in
    /// their order (the scene's), or nil. The one reader of the key, for the timeline's frames and
    /// its planner alike.
    public static func requestedContentOffset(
        _ view: String, in published: some Sequence<[String: CustomValue]>
    ) -> Point? {
        var request: Point?
        for state in published {
            if case .numbers(let p)? = state[requestedContentOffset(view)], p.count == 2 {
                request = Point(x: p[0], y: p[1])
            }
        }
        return request
    }

    /// [top, left, bottom, right]: the content inset the publishing layout needs.
    public static let requestedContentInset = "requestedContentInset"

    /// number: the deceleration rate per millisecond the publishing view's releases use in
    /// place of the scene's (a UIKit program set its collection view's `decelerationRate`).
    public static let requestedDecelerationRate = "requestedDecelerationRate"

    /// bool: paging for the publishing view's releases in place of the scene's setting (a UIKit
    /// program set `isPagingEnabled`).
    public static let requestedPagingEnabled = "requestedPagingEnabled"

    /// bool: the publishing view's `alwaysBounceVertical` in place of the scene's (a UIKit
    /// program set it, or its view is a table view, which always bounces vertically).
    public static let requestedAlwaysBounceVertical = "requestedAlwaysBounceVertical"

    /// bool: the same for `alwaysBounceHorizontal`.
    public static let requestedAlwaysBounceHorizontal = "requestedAlwaysBounceHorizontal"

    /// number: the index of the item the layout considers active (the centred page or thumbnail).
    public static let activeIndex = "activeIndex"

    /// number: contentOffset.x / page width, fractional (the preview's scroll position in pages).
    public static let page = "page"
}
