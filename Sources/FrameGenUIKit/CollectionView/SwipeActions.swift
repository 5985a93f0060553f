import Foundation
import FrameGenQuartzCore

import struct Foundation.IndexPath  // over Layout's (Exports.swift)
import struct FrameGenLayout.TouchGesture

/// A list cell's swipe actions as iOS shows them (docs/uikit.md "Lists"): a sideways drag over a
/// cell whose list gives it actions on the side the drag uncovers slides the cell's content with
/// the finger and shows the actions' buttons in the space it leaves. On release the cell opens
/// to the buttons' natural widths when more than half of them shows, performs the first action
/// when dragged past `fullSwipeFraction` of its width (`performsFirstActionWithFullSwipe`), and
/// otherwise closes.
///
/// UIKit's own recogniser does this, on the collection view; framegen makes one for the drag
/// when the layout is a list with actions for the cell under the finger
/// (`UICollectionView.swipeActionsRecognizer(for:on:)`).
final class SwipeActionsGestureRecognizer: UIPanGestureRecognizer {
    private weak var cell: UICollectionViewCell?
    private let configuration: UISwipeActionsConfiguration
    private let leading: Bool

    init(
        collectionView: UICollectionView, cell: UICollectionViewCell,
        configuration: UISwipeActionsConfiguration, leading: Bool
    ) {
        self.cell = cell
        self.configuration = configuration
        self.leading = leading
        super.init(target: nil, action: nil)
        view = collectionView
    }

    /// *Chosen*: how far across its width a cell must be dragged for a full swipe.
    static let fullSwipeFraction: CGFloat = 0.6
    static let openDuration = 0.3

    override func recognizes(_ movement: Movement) -> Double? {
        guard case .drag(let by) = movement.gesture.kind, abs(by.x) > abs(by.y), (by.x > 0) == leading else {
            return nil
        }
        return movement.firstRefresh
    }

    override func sendActions(state: State) {
        self.state = state
        defer { if state == .ended { self.state = .possible } }
        guard let cell, let collectionView = view else { return }
        let width = cell.bounds.width
        // The cell's bounds move the other way from the finger: content follows it.
        let moved = translation(in: collectionView).x
        let reveal = min(width, max(0, leading ? moved : -moved))
        let actions = cell.swipeActionsView(configuration, leading: leading)
        let full = configuration.performsFirstActionWithFullSwipe && reveal >= width * Self.fullSwipeFraction
        guard state == .ended else {
            // One row open at a time: the others close as this one starts to move.
            if state == .began {
                _ = (collectionView as? UICollectionView)?.closeOpenSwipeActions(except: cell)
            }
            cell.showSwipeActions(revealing: reveal, full: full)
            return
        }
        if full, let first = configuration.actions.first {
            UIView.animate(withDuration: 0.2) { cell.showSwipeActions(revealing: width, full: true) }
            // The app's handler says when it is done; the row then closes.
            first.handler(first, actions.firstButton ?? actions) { _ in
                cell.closeSwipeActionsAnimated()
            }
        } else if reveal > actions.naturalWidth / 2 {
            UIView.animate(withDuration: Self.openDuration) {
                cell.showSwipeActions(revealing: actions.naturalWidth, full: false)
            }
        } else {
            cell.closeSwipeActionsAnimated()
        }
    }
}

/// The buttons behind a cell's content: each an action's background colour with its image and
/// title in white, the first action's at the cell's edge.
final class SwipeActionsView: UIView {
    let leading: Bool
    private let buttons: [Button]

    /// An action's button: its view, title and image, and its width at rest.
    private struct Button {
        let action: UIContextualAction
        let view = UIView()
        let label: UILabel?
        let imageView: UIImageView?
        let natural: CGFloat
    }

    /// *Chosen*: a button is its title's width and 15 points each side, and no narrower than 74
    /// points; its title is 15-point medium white.
    static let padding: CGFloat = 15
    static let minimumWidth: CGFloat = 74

    init(_ configuration: UISwipeActionsConfiguration, leading: Bool) {
        self.leading = leading
        buttons = configuration.actions.map { action in
            let label = action.title.map { title in
                let label = UILabel()
                label.text = title
                label.font = .systemFont(ofSize: 15, weight: .medium)
                label.textColor = .white
                label.textAlignment = .center
                return label
            }
            let imageView = action.image.map { image in
                let imageView = UIImageView(image: image.withRenderingMode(.alwaysTemplate))
                imageView.tintColor = .white
                imageView.contentMode = .center
                return imageView
            }
            let natural = max(Self.minimumWidth, (label?.intrinsicContentSize.width ?? 0) + 2 * Self.padding)
            let button = Button(action: action, label: label, imageView: imageView, natural: natural)
            button.view.backgroundColor = action.backgroundColor
            button.view.clipsToBounds = true
            for sub in [label, imageView] as [UIView?] { sub.map(button.view.addSubview) }
            return button
        }
        super.init(frame: .zero)
        clipsToBounds = true
        for b in buttons { addSubview(b.view) }
    }

    required init?(coder: NSCoder) { nil }

    /// The buttons' widths side by side at rest: how far an open cell slides.
    var naturalWidth: CGFloat { buttons.reduce(0) { $0 + $1.natural } }

    /// The first action's button, at the cell's edge.
    var firstButton: UIView? { buttons.first?.view }

    /// The action whose button is under `point` (`view`'s coordinates), and the button.
    func action(at point: CGPoint, in view: UIView) -> (UIContextualAction, UIView)? {
        buttons.first { $0.view.point(inside: view.convert(point, to: $0.view), with: nil) }.map {
            ($0.action, $0.view)
        }
    }

    /// Lays the buttons out across `revealed` points of the cell of `height`: each in proportion
    /// to its natural width, or the first across all of it in a full swipe; the first at the
    /// cell's edge.
    func lay(revealed: CGFloat, height: CGFloat, full: Bool, cellWidth: CGFloat) {
        frame = CGRect(x: leading ? -revealed : cellWidth, y: 0, width: revealed, height: height)
        let total = max(naturalWidth, 1)
        // From the content outwards: the last action next to the content, the first at the edge.
        var x: CGFloat = 0
        for i in buttons.indices.reversed() {
            let share = full ? (i == 0 ? revealed : 0) : revealed * buttons[i].natural / total
            let (label, imageView) = (buttons[i].label, buttons[i].imageView)
            buttons[i].view.frame = CGRect(
                x: leading ? revealed - x - share : x, y: 0, width: share, height: height)
            x += share
            // The image above the title when there are both.
            if let label {
                let size = label.intrinsicContentSize
                label.frame = CGRect(
                    x: (share - size.width) / 2, y: (height - size.height) / 2 + (imageView == nil ? 0 : 12),
                    width: size.width, height: size.height)
            }
            if let imageView {
                let size = imageView.image?.size ?? .zero
                imageView.frame = CGRect(
                    x: (share - size.width) / 2, y: (height - size.height) / 2 - (label == nil ? 0 : 10),
                    width: size.width, height: size.height)
            }
        }
    }
}

extension UICollectionViewCell {
    /// The cell's actions view for `configuration`, made and put behind the content when
    /// missing.
    fileprivate func swipeActionsView(_ configuration: UISwipeActionsConfiguration, leading: Bool)
        -> SwipeActionsView
    {
        if let shown = swipeActions, shown.leading == leading { return shown }
        swipeActions?.removeFromSuperview()
        let made = SwipeActionsView(configuration, leading: leading)
        swipeActions = made
        addSubview(made)
        return made
    }

    /// Slides the content `revealed` points away from the actions' side and lays the buttons
    /// out in the space.
    fileprivate func showSwipeActions(revealing revealed: CGFloat, full: Bool) {
        guard let actions = swipeActions else { return }
        bounds.origin.x = actions.leading ? -revealed : revealed
        actions.lay(revealed: revealed, height: bounds.height, full: full, cellWidth: bounds.width)
    }

    /// Slides the content back over the actions, which then go.
    fileprivate func closeSwipeActionsAnimated() {
        guard swipeActions != nil else { return }
        UIView.animate(
            withDuration: SwipeActionsGestureRecognizer.openDuration,
            animations: { self.showSwipeActions(revealing: 0, full: false) },
            completion: { _ in self.closeSwipeActions() })
    }

    /// Closes the swipe actions at once (a cell dequeued for another item shows none).
    package func closeSwipeActions() {
        guard let actions = swipeActions else { return }
        actions.removeFromSuperview()
        swipeActions = nil
        bounds.origin.x = 0
    }
}

extension UICollectionView {
    /// A tap at `point` (this view's bounds coordinates) on a button of an open row performs its
    /// action, whose handler's completion closes the row, as on iOS; returns whether it did.
    package func performSwipeAction(at point: CGPoint) -> Bool {
        for cell in cellsShowingSwipeActions {
            guard let (action, button) = cell.swipeActions?.action(at: point, in: self) else { continue }
            action.handler(action, button) { _ in cell.closeSwipeActionsAnimated() }
            return true
        }
        return false
    }

    /// Closes the cells whose swipe actions show (but `kept`), as iOS does when the list starts
    /// to scroll or is tapped, or another row's start to show; returns whether one was open.
    package func closeOpenSwipeActions(except kept: UICollectionViewCell? = nil) -> Bool {
        let open = cellsShowingSwipeActions.filter { $0 !== kept }
        for cell in open { cell.closeSwipeActionsAnimated() }
        return !open.isEmpty
    }

    /// The cells shown whose swipe actions show, in index path order.
    private var cellsShowingSwipeActions: [UICollectionViewCell] {
        cells.displayed.sorted { $0.key < $1.key }.compactMap { $0.value as? UICollectionViewCell }
            .filter { $0.swipeActions != nil }
    }

    /// UIKit's swipe recogniser for a drag over `cell`, when the layout is a list that gives
    /// the cell actions on the side the drag uncovers (a drag to the left the trailing ones).
    func swipeActionsRecognizer(for gesture: TouchGesture, on cell: UIView?) -> UIGestureRecognizer? {
        guard case .drag(let by) = gesture.kind, by.x != 0, let cell = cell as? UICollectionViewCell,
            let list = collectionViewLayout as? ListSectionLayout, let indexPath = indexPath(for: cell)
        else { return nil }
        let leading = by.x > 0
        guard let configuration = list.swipeActions(at: indexPath, leading: leading),
            !configuration.actions.isEmpty
        else { return nil }
        return SwipeActionsGestureRecognizer(
            collectionView: self, cell: cell, configuration: configuration, leading: leading)
    }
}
