import Foundation

/// The pull-to-refresh spinner a scroll view shows above its content. framegen draws it in no
/// state: at rest iOS hides it above the content, and no timeline action pulls the content
/// down. `beginRefreshing()` would hold it open on iOS (the content moved down by its height),
/// which framegen does not do: the collection view warns once while one is refreshing.
///
/// A `UIControl`, as UIKit's: its `.valueChanged` action is sent when a pull ends, which never
/// happens in a render (`sendActions(for: .valueChanged)` sends it, as in a unit test).
open class UIRefreshControl: UIControl {
    open private(set) var isRefreshing = false

    /// Shown under the spinner on iOS; kept.
    open var attributedTitle: NSAttributedString?

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A refresh control of frame zero, as `UIRefreshControl()` is on iOS.
    public convenience init() { self.init(frame: .zero) }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        InterfaceBuilder.decode(self, coder: coder, at: UIRefreshControl.self)
    }

    open func beginRefreshing() { isRefreshing = true }

    open func endRefreshing() { isRefreshing = false }
}
