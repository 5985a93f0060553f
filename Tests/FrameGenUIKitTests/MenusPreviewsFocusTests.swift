import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit
import TestTiers
import Testing

import struct Foundation.IndexPath

// Context menus, previews, focus and the remaining delegate members, written as an iOS app
// writes them (there with `import UIKit`): that the classes below compile, with UIKit's exact
// signatures and `override` where UIKit's classes declare the member, is most of the test.

/// A controller serving a grid as iOS apps do: delegate, data source, drag and drop delegates
/// and a context menu interaction's delegate, each member with UIKit's signature.
private final class PhotoGridController: UIViewController, UICollectionViewDelegate,
    UICollectionViewDataSource, UICollectionViewDragDelegate, UICollectionViewDropDelegate,
    UIContextMenuInteractionDelegate
{
    var photos = ["a", "b", "c"]
    var log: [String] = []
    let zoomed = UIImageView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))

    // UICollectionViewDataSource

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        photos.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        UICollectionViewCell(frame: .zero)
    }

    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        indexPath.item > 0
    }

    func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath
    ) {
        photos.insert(photos.remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
    }

    func indexTitles(for collectionView: UICollectionView) -> [String]? { ["A", "B"] }

    func collectionView(
        _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
    )
        -> IndexPath
    {
        IndexPath(item: index, section: 0)
    }

    // UICollectionViewDelegate

    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath)
        -> Bool
    {
        true
    }

    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
        collectionView.cellForItem(at: indexPath)?.contentView.alpha = 0.5
    }

    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        collectionView.cellForItem(at: indexPath)?.contentView.alpha = 1
    }

    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    {
        false
    }

    func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
        point: CGPoint
    ) -> UIContextMenuConfiguration? {
        guard let indexPath = indexPaths.first else { return nil }
        return UIContextMenuConfiguration(identifier: indexPath as NSIndexPath, previewProvider: nil) {
            [weak self] _ in
            let delete = UIAction(
                title: "Delete", image: UIImage(systemName: "trash"), attributes: .destructive
            ) {
                _ in
                self?.photos.remove(at: indexPath.item)
            }
            return UIMenu(title: "", children: [delete])
        }
    }

    func collectionView(
        _ collectionView: UICollectionView,
        contextMenuConfiguration configuration: UIContextMenuConfiguration,
        highlightPreviewForItemAt indexPath: IndexPath
    ) -> UITargetedPreview? {
        guard let cell = collectionView.cellForItem(at: indexPath) else { return nil }
        let parameters = UIPreviewParameters()
        parameters.backgroundColor = .clear
        parameters.visiblePath = UIBezierPath(roundedRect: cell.bounds, cornerRadius: 12)
        return UITargetedPreview(view: cell.contentView, parameters: parameters)
    }

    func collectionView(
        _ collectionView: UICollectionView,
        willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
        animator: UIContextMenuInteractionCommitAnimating
    ) {
        animator.preferredCommitStyle = .pop
        animator.addCompletion { [weak self] in
            guard let vc = animator.previewViewController else { return }
            self?.show(vc, sender: nil)
        }
    }

    func collectionView(
        _ collectionView: UICollectionView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
        animator: UIContextMenuInteractionAnimating?
    ) {
        animator?.addAnimations { collectionView.alpha = 0.9 }
    }

    func collectionView(
        _ collectionView: UICollectionView,
        willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
        animator: UIContextMenuInteractionAnimating?
    ) {}

    func collectionView(_ collectionView: UICollectionView, canFocusItemAt indexPath: IndexPath) -> Bool {
        true
    }

    func collectionView(
        _ collectionView: UICollectionView, shouldUpdateFocusIn context: UICollectionViewFocusUpdateContext
    ) -> Bool {
        context.nextFocusedIndexPath != nil
    }

    func collectionView(
        _ collectionView: UICollectionView, didUpdateFocusIn context: UICollectionViewFocusUpdateContext,
        with coordinator: UIFocusAnimationCoordinator
    ) {
        coordinator.addCoordinatedAnimations({
            context.nextFocusedView?.transform = .init(scaleX: 1.1, y: 1.1)
        })
    }

    func indexPathForPreferredFocusedView(in collectionView: UICollectionView) -> IndexPath? {
        IndexPath(item: 0, section: 0)
    }

    func collectionView(
        _ collectionView: UICollectionView,
        targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        proposedIndexPath.item == 0 ? currentIndexPath : proposedIndexPath
    }

    // UIScrollViewDelegate

    func viewForZooming(in scrollView: UIScrollView) -> UIView? {
        log.append("viewForZooming")
        return zoomed
    }

    func scrollViewDidZoom(_ scrollView: UIScrollView) { log.append("didZoom \(scrollView.zoomScale)") }

    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}

    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}

    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { false }

    func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}

    // UICollectionViewDragDelegate, UICollectionViewDropDelegate

    func collectionView(
        _ collectionView: UICollectionView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath
    ) -> [UIDragItem] { [] }

    func collectionView(
        _ collectionView: UICollectionView, dragPreviewParametersForItemAt indexPath: IndexPath
    )
        -> UIDragPreviewParameters?
    {
        let parameters = UIDragPreviewParameters()
        parameters.visiblePath = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 40))
        return parameters
    }

    func collectionView(
        _ collectionView: UICollectionView, performDropWith coordinator: UICollectionViewDropCoordinator
    ) {}

    func collectionView(
        _ collectionView: UICollectionView, dropPreviewParametersForItemAt indexPath: IndexPath
    )
        -> UIDragPreviewParameters?
    { nil }

    // UIContextMenuInteractionDelegate

    func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction, configurationForMenuAtLocation location: CGPoint
    ) -> UIContextMenuConfiguration? {
        UIContextMenuConfiguration(identifier: "header" as NSString, previewProvider: { UIViewController() })
        {
            suggestedActions in
            UIMenu(title: "", children: suggestedActions)
        }
    }

    func contextMenuInteraction(
        _ interaction: UIContextMenuInteraction,
        willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
        animator: UIContextMenuInteractionCommitAnimating
    ) {
        animator.addCompletion { self.log.append("committed") }
    }
}

/// A collection view controller overriding the members UIKit's declares, as apps do.
private final class MenuGridViewController: UICollectionViewController {
    override func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
        point: CGPoint
    ) -> UIContextMenuConfiguration? {
        UIContextMenuConfiguration(identifier: nil, previewProvider: nil, actionProvider: nil)
    }

    override func collectionView(
        _ collectionView: UICollectionView,
        previewForHighlightingContextMenuWithConfiguration configuration: UIContextMenuConfiguration
    ) -> UITargetedPreview? { nil }

    override func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
        -> Bool
    {
        true
    }

    override func collectionView(
        _ collectionView: UICollectionView, didUpdateFocusIn context: UICollectionViewFocusUpdateContext,
        with coordinator: UIFocusAnimationCoordinator
    ) {
        super.collectionView(collectionView, didUpdateFocusIn: context, with: coordinator)
    }

    override func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
}

/// A table controller overriding the table's counterparts.
private final class MenuListViewController: UITableViewController {
    override func tableView(
        _ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint
    ) -> UIContextMenuConfiguration? {
        UIContextMenuConfiguration(actionProvider: { _ in UIMenu(children: []) })
    }

    override func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}

    override func tableView(_ tableView: UITableView, canFocusRowAt indexPath: IndexPath) -> Bool { true }

    override func tableView(
        _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath { sourceIndexPath }

    override func indexPathForPreferredFocusedView(in tableView: UITableView) -> IndexPath? { nil }
}

/// A cell that takes focus on a keyboard, as tvOS and iPad apps write one.
private final class FocusableCell: UICollectionViewCell {
    let title = UILabel()
    var updates = 0

    override var canBecomeFocused: Bool { true }

    override var preferredFocusEnvironments: [UIFocusEnvironment] { [title] }

    override func shouldUpdateFocus(in context: UIFocusUpdateContext) -> Bool {
        context.focusHeading != .previous
    }

    override func didUpdateFocus(
        in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator
    ) {
        super.didUpdateFocus(in: context, with: coordinator)
        updates += 1
        coordinator.addCoordinatedFocusingAnimations(
            { animationContext in
                self.transform = CGAffineTransform(scaleX: 1.2, y: 1.2)
                _ = animationContext.duration
            },
            completion: nil)
        if isFocused { setNeedsFocusUpdate() }
        updateFocusIfNeeded()
    }
}

/// Only the required members: the optional ones answer UIKit's defaults.
private final class PlainSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegate,
    UITableViewDataSource, UITableViewDelegate
{
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        UICollectionViewCell(frame: .zero)
    }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
}

/// Only the iOS 13 context menu member, as an app written before iOS 16.
private final class OldMenuDelegate: NSObject, UICollectionViewDelegate {
    let configuration = UIContextMenuConfiguration()

    func collectionView(
        _ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
        point: CGPoint
    ) -> UIContextMenuConfiguration? {
        configuration
    }
}

private func grid(delegate: UICollectionViewDelegate?) -> UICollectionView {
    let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: UICollectionViewFlowLayout()
    )
    view.delegate = delegate
    return view
}

@Suite struct MenusPreviewsFocusTests {
    @Test func setZoomScaleAsksTheDelegatesViewForZoomingClampsTheScaleAndScalesThatView() {
        let controller = PhotoGridController()
        let view = grid(delegate: controller)
        expect(view.zoomScale == 1 && view.minimumZoomScale == 1 && view.maximumZoomScale == 1)
        expect(!view.isZooming && !view.isZoomBouncing && view.pinchGestureRecognizer == nil)

        // Minimum and maximum equal: the scale stays 1, as on iOS.
        view.setZoomScale(2, animated: false)
        expect(view.zoomScale == 1)

        controller.log = []
        view.maximumZoomScale = 3
        view.setZoomScale(5, animated: true)
        expect(view.zoomScale == 3)
        expect(controller.log == ["viewForZooming", "didZoom 3.0"])
        expect(controller.zoomed.transform == CGAffineTransform(scaleX: 3, y: 3))
        expect(controller.zoomed.frame == CGRect(x: 0, y: 0, width: 300, height: 300))
        expect(view.contentSize == CGSize(width: 300, height: 300))
        // The point at the centre stays there: (50, 50) of the image, at 150 once scaled.
        expect(view.contentOffset == CGPoint(x: 100, y: 100))

        view.zoomScale = 0.5
        expect(view.zoomScale == 1)
        expect(view.contentSize == CGSize(width: 100, height: 100))
        expect(view.contentOffset == .zero)

        // zoom(to:): the rectangle of the image fills the bounds (5x, clamped to 3), centred.
        view.zoom(to: CGRect(x: 40, y: 40, width: 20, height: 20), animated: false)
        expect(view.zoomScale == 3)
        expect(view.contentOffset == CGPoint(x: 100, y: 100))
    }

    @Test func aScrollViewWhoseDelegateHasNoViewForZoomingDoesNotZoom() {
        let source = PlainSource()
        let view = grid(delegate: source)
        view.maximumZoomScale = 4
        view.setZoomScale(2, animated: false)
        expect(view.zoomScale == 1)

        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), style: .plain)
        table.delegate = source
        table.maximumZoomScale = 4
        table.zoomScale = 2
        expect(table.zoomScale == 1)
        expect(source.scrollViewShouldScrollToTop(table))
        expect(source.viewForZooming(in: table) == nil)
    }

    @Test func optionalDelegateAndDataSourceMembersAnswerUIKitsDefaults() {
        let source = PlainSource()
        let view = grid(delegate: source)
        let first = IndexPath(item: 0, section: 0)
        let second = IndexPath(item: 1, section: 0)
        expect(!source.collectionView(view, canMoveItemAt: first))
        expect(source.indexTitles(for: view) == nil)
        expect(source.collectionView(view, shouldHighlightItemAt: first))
        expect(source.collectionView(view, shouldDeselectItemAt: first))
        expect(!source.collectionView(view, canFocusItemAt: first))
        expect(source.indexPathForPreferredFocusedView(in: view) == nil)
        expect(source.collectionView(view, contextMenuConfigurationForItemsAt: [first], point: .zero) == nil)
        expect(
            source.collectionView(view, targetIndexPathForMoveFromItemAt: first, toProposedIndexPath: second)
                == second)
        expect(
            source.collectionView(
                view, targetIndexPathForMoveOfItemFromOriginalIndexPath: first, atCurrentIndexPath: first,
                toProposedIndexPath: second) == second)

        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), style: .plain)
        expect(!source.tableView(table, canMoveRowAt: first))
        expect(!source.tableView(table, canFocusRowAt: first))
        expect(source.tableView(table, contextMenuConfigurationForRowAt: first, point: .zero) == nil)
        expect(
            source.tableView(table, targetIndexPathForMoveFromRowAt: first, toProposedIndexPath: second)
                == second)
        expect(source.tableView(table, shouldUpdateFocusIn: UITableViewFocusUpdateContext()))

        // An app's own answers are the ones asked.
        let controller = PhotoGridController()
        expect(controller.collectionView(view, canMoveItemAt: second))
        expect(controller.collectionView(view, shouldDeselectItemAt: first) == false)
        expect(
            controller.collectionView(
                view, targetIndexPathForMoveOfItemFromOriginalIndexPath: second, atCurrentIndexPath: second,
                toProposedIndexPath: first) == second)
        let drag = controller.collectionView(view, dragPreviewParametersForItemAt: first)
        expect(drag?.visiblePath?.bounds == CGRect(x: 0, y: 0, width: 40, height: 40))
    }

    @Test func theIOS16ContextMenuMembersFallBackToTheIOS13OnesAsUIKitAsksThem() {
        let old = OldMenuDelegate()
        let view = grid(delegate: old)
        let first = IndexPath(item: 0, section: 0)
        expect(
            old.collectionView(view, contextMenuConfigurationForItemsAt: [first], point: .zero)
                === old.configuration)
        expect(
            old.collectionView(
                view, contextMenuConfigurationForItemsAt: [first, IndexPath(item: 1, section: 0)],
                point: .zero) == nil)
        expect(old.collectionView(view, contextMenuConfigurationForItemsAt: [], point: .zero) == nil)
        expect(
            old.collectionView(
                view, contextMenuConfiguration: old.configuration, highlightPreviewForItemAt: first)
                == nil)

        let controller = MenuGridViewController(collectionViewLayout: UICollectionViewFlowLayout())
        expect(
            controller.collectionView(view, contextMenuConfigurationForItemsAt: [first], point: .zero) != nil)
        expect(controller.collectionView(view, canMoveItemAt: first))
    }

    @Test func aContextMenuConfigurationKeepsItsIdentifierAndProvidersAndTheirAnswers() {
        let preview = UIViewController()
        let copy = UIAction(title: "Copy") { _ in }
        let configuration = UIContextMenuConfiguration(
            identifier: "photo-1" as NSString, previewProvider: { preview },
            actionProvider: { suggested in UIMenu(title: "Photo", children: suggested + [copy]) })
        // An app's `identifier as? String` works here too; Swift on Linux warns that the cast
        // from `NSCopying` always fails (it has no bridging to see), and the test casts through
        // `Any` to stay quiet.
        expect((configuration.identifier as Any) as? String == "photo-1")
        expect(configuration.previewViewController() === preview)
        let suggested = UIAction(title: "Share") { _ in }
        let menu = configuration.menu(suggestedActions: [suggested])
        expect(menu?.title == "Photo")
        expect(
            menu?.children.count == 2 && menu?.children.first === suggested && menu?.children.last === copy)
        expect(configuration.preferredMenuElementOrder == .automatic)
        expect(configuration.secondaryItemIdentifiers.isEmpty)

        // No identifier: a new unique one each time, as UIKit makes.
        let a = UIContextMenuConfiguration()
        let b = UIContextMenuConfiguration(identifier: nil, previewProvider: nil, actionProvider: nil)
        expect(a.identifier is NSUUID && b.identifier is NSUUID)
        expect((a.identifier as! NSUUID) != (b.identifier as! NSUUID))
        expect(a.menu(suggestedActions: [suggested]) == nil && a.previewViewController() == nil)

        let indexPath = IndexPath(item: 2, section: 1)
        let byItem = UIContextMenuConfiguration(identifier: indexPath as NSIndexPath, previewProvider: nil)
        expect((byItem.identifier as Any) as? IndexPath == indexPath)
    }

    @Test func aContextMenuInteractionIsKeptOnItsViewAndShowsNoMenu() {
        let controller = PhotoGridController()
        let header = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        let interaction = UIContextMenuInteraction(delegate: controller)
        header.addInteraction(interaction)
        expect(header.interactions.count == 1 && header.interactions.first === interaction)
        expect(interaction.view === header && interaction.delegate === controller)
        expect(interaction.menuAppearance == .unknown && interaction.location(in: header) == .zero)
        var updated = false
        interaction.updateVisibleMenu { menu in
            updated = true
            return menu
        }
        expect(!updated)
        interaction.dismissMenu()

        // Adding it to another view moves it there.
        let footer = UIView()
        footer.addInteraction(interaction)
        expect(header.interactions.isEmpty && footer.interactions.count == 1 && interaction.view === footer)
        footer.removeInteraction(interaction)
        expect(footer.interactions.isEmpty && interaction.view == nil)
        footer.interactions = [interaction]
        expect(interaction.view === footer)
        footer.interactions = []
        expect(interaction.view == nil)
    }

    @Test func previewParametersHaveUIKitsDefaultsAndCopyTheirPaths() {
        let parameters = UIPreviewParameters()
        expect(parameters.visiblePath == nil && parameters.shadowPath == nil)
        expect(parameters.backgroundColor == .systemBackground)
        parameters.backgroundColor = .clear
        expect(parameters.backgroundColor == .clear)
        parameters.backgroundColor = nil
        expect(parameters.backgroundColor == .systemBackground)

        // `copy` properties: a later change to the path given is not the parameters'.
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        parameters.visiblePath = path
        path.append(UIBezierPath(rect: CGRect(x: 0, y: 0, width: 50, height: 50)))
        expect(parameters.visiblePath?.bounds == CGRect(x: 0, y: 0, width: 10, height: 10))

        // Text lines: the path covers them; none shows the whole view.
        expect(UIPreviewParameters(textLineRects: []).visiblePath == nil)
        let lines = UIPreviewParameters(textLineRects: [
            NSValue(cgRect: CGRect(x: 0, y: 0, width: 80, height: 20)),
            NSValue(cgRect: CGRect(x: 0, y: 20, width: 40, height: 20)),
        ])
        expect(lines.visiblePath?.bounds == CGRect(x: 0, y: 0, width: 80, height: 40))
        expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue.maxY == 6)

        let drag = UIDragPreviewParameters(textLineRects: [])
        expect(drag.copy() is UIDragPreviewParameters)
    }

    @Test func aTargetedPreviewIsTheViewWhereItIsWithACopyOfItsParameters() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let cell = UIView(frame: CGRect(x: 20, y: 100, width: 200, height: 60))
        window.addSubview(cell)
        let preview = UITargetedPreview(view: cell)
        expect(preview.view === cell && preview.target.container === window)
        expect(preview.target.center == CGPoint(x: 120, y: 130) && preview.target.transform == .identity)
        expect(preview.size == CGSize(width: 200, height: 60))

        let parameters = UIPreviewParameters()
        parameters.visiblePath = UIBezierPath(
            roundedRect: CGRect(x: 10, y: 10, width: 50, height: 40), cornerRadius: 8)
        let clipped = UITargetedPreview(view: cell, parameters: parameters)
        expect(clipped.parameters !== parameters)
        expect(clipped.size == CGSize(width: 50, height: 40))

        let elsewhere = UIPreviewTarget(container: window, center: CGPoint(x: 10, y: 10))
        let moved = clipped.retargetedPreview(with: elsewhere)
        expect(moved.view === cell && moved.target === elsewhere && moved.size == clipped.size)

        let drag = UITargetedDragPreview(
            view: cell, parameters: UIDragPreviewParameters(),
            target: UIDragPreviewTarget(container: window, center: .zero))
        let dropped: UITargetedDragPreview = drag.retargetedPreview(
            with: UIDragPreviewTarget(container: window, center: CGPoint(x: 5, y: 5)))
        expect(dropped.target.center == CGPoint(x: 5, y: 5))
        expect(drag.retargetedPreview(with: elsewhere) is UITargetedDragPreview)
        expect(UIDragPreview(view: cell).parameters.visiblePath == nil)
    }

    @Test func nothingIsFocusedAndViewsDeclareTheFocusMembersForSubclassesToOverride() {
        let plain = UIView()
        expect(!plain.canBecomeFocused && !plain.isFocused && plain.preferredFocusEnvironments.isEmpty)
        expect(plain.shouldUpdateFocus(in: UIFocusUpdateContext()))

        let container = UIView()
        let cell = FocusableCell(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        container.addSubview(cell)
        cell.contentView.addSubview(cell.title)
        expect(cell.canBecomeFocused && !cell.isFocused)
        expect(cell.preferredFocusEnvironments.first === cell.title)
        expect(cell.parentFocusEnvironment === container)
        expect(container.contains(cell.title) && !cell.title.contains(container))
        let item: UIFocusItem = cell
        expect(!item.isFocused && item.frame == cell.frame)

        // A context and a coordinator made by code: the cell's override runs, and the
        // coordinated animations run at once.
        let context = UIFocusUpdateContext()
        expect(context.nextFocusedView == nil && context.focusHeading.isEmpty)
        cell.didUpdateFocus(in: context, with: UIFocusAnimationCoordinator())
        expect(cell.updates == 1 && cell.transform == CGAffineTransform(scaleX: 1.2, y: 1.2))
        var completed = false
        UIFocusAnimationCoordinator().addCoordinatedAnimations(nil) { completed = true }
        expect(completed)

        expect(UIFocusHeading.up.rawValue == 1 && UIFocusHeading.previous.rawValue == 32)
        expect(UIFocusHeading.first.rawValue == 256 && UIFocusHeading.last.rawValue == 512)
        expect(UICollectionViewFocusUpdateContext().nextFocusedIndexPath == nil)
    }
}
