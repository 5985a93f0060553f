import Foundation
import FrameGenSnapshotTesting
import SnapshotTesting
import TestTiers
import Testing
import UIKit

/// iOS 14's lists in a view controller written as Apple's "Implementing Modern Collection Views"
/// writes one: a collection view made in code with a list layout, list cells from a cell
/// registration with a content configuration and accessories, a diffable data source, and swipe
/// actions. The pixels asserted are what docs/uikit.md "Lists" says a list draws: the
/// appearance's background, rows 44 points high, the inset list's 20-point sides and rounded
/// ends, and separators one pixel high from the text's leading edge.
@Suite struct ListTests {
    final class ListController: UIViewController {
        let appearance: UICollectionLayoutListConfiguration.Appearance
        var collectionView: UICollectionView!
        var dataSource: UICollectionViewDiffableDataSource<Int, Int>!
        var updates: [UICellConfigurationState] = []

        init(appearance: UICollectionLayoutListConfiguration.Appearance) {
            self.appearance = appearance
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            var configuration = UICollectionLayoutListConfiguration(appearance: appearance)
            configuration.trailingSwipeActionsConfigurationProvider = { _ in
                let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in
                    done(true)
                }
                return UISwipeActionsConfiguration(actions: [delete])
            }
            let layout = UICollectionViewCompositionalLayout.list(using: configuration)
            collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
            collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(collectionView)
            let registration = UICollectionView.CellRegistration<UICollectionViewListCell, Int> {
                [unowned self] cell, _, item in
                var content = cell.defaultContentConfiguration()
                content.text = "Item \(item)"
                cell.contentConfiguration = content
                cell.accessories = [.disclosureIndicator()]
                cell.configurationUpdateHandler = { _, state in self.updates.append(state) }
            }
            dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) {
                collectionView, indexPath, item in
                collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
            }
            var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems([0, 1, 2])
            dataSource.apply(snapshot, animatingDifferences: false)
        }
    }

    typealias Color = ParityImage.Color
    static let white = Color(255, 255, 255)
    /// `.systemGroupedBackground` in light mode.
    static let groupedBackground = Color(242, 242, 247)
    /// `.separator` (60, 60, 67 at 0.29) over white.
    static let separatorOverWhite = Color(198, 198, 200)

    /// `controller` as the screen shows it (`drawHierarchy`), 390 x 844 points at 3x.
    static func drawOnScreen(_ controller: UIViewController) -> UIImage.Bitmap {
        var image: UIImage?
        Snapshotting<UIViewController, UIImage>.image(
            drawHierarchyInKeyWindow: true, size: CGSize(width: 390, height: 844),
            traits: .init(displayScale: 3)
        ).snapshot(controller).run { image = $0 }
        if let folder = ProcessInfo.processInfo.environment["FRAMEGEN_PARITY_OUT"],
            let test = Test.current?.name.prefix(while: { $0 != "(" })
        {
            try? image!.pngData()!.write(to: URL(fileURLWithPath: "\(folder)/\(test).png"))
        }
        return image!.bitmap!
    }

    /// An inset grouped list at 3x, as the screen shows it: the grey grouped background; the
    /// section 35 points down; three white rows 44 points high between sides inset 20 points,
    /// the first's top corners and the last's bottom ones rounded by 10; a separator under the
    /// first two rows from the text (20 + 16 points) to the cell's trailing edge, none under
    /// the last; a disclosure indicator 8 points wide, 16 in from the cell's trailing edge.
    @Test func anInsetGroupedListDrawsItsBackgroundRowsAndSeparators() {
        let controller = ListController(appearance: .insetGrouped)
        let image = Self.drawOnScreen(controller)
        let top = 35 * 3
        let inset = 20 * 3
        // Down a column left of the text, past the corners' reach: the rows, one white run
        // but for the separators' pixels, and the grey around.
        let column = 32 * 3
        expect(ParityImage.color(image, column, top - 1) == Self.groupedBackground)
        expect(
            ParityImage.runs(of: Self.white, in: image, column: column)
                == [top...(top + 3 * 132 - 1)])
        expect(ParityImage.color(image, column, top + 3 * 132) == Self.groupedBackground)
        expect(ParityImage.color(image, inset - 1, top + 60) == Self.groupedBackground)
        expect(ParityImage.color(image, inset, top + 60) == Self.white)
        expect(ParityImage.color(image, image.width - inset, top + 60) == Self.groupedBackground)
        // Rounded: the first row's top corner and the last row's bottom corner show the
        // background; the rows between meet the sides square.
        expect(ParityImage.color(image, inset, top) == Self.groupedBackground)
        expect(ParityImage.color(image, inset, top + 3 * 132 - 1) == Self.groupedBackground)
        expect(ParityImage.color(image, inset, top + 132) == Self.white)
        expect(ParityImage.color(image, inset, top + 131) == Self.white)
        for row in 0..<3 {
            let y = top + 132 * (row + 1) - 1
            let separators = ParityImage.runs(of: Self.separatorOverWhite, in: image, row: y)
            expect(separators == (row < 2 ? [(36 * 3)...(image.width - inset - 1)] : []), "row \(row)")
        }
        let chevron = ParityImage.runs(in: image, row: top + 66) { x, y in
            let c = ParityImage.color(image, x, y)
            return c != Self.white && c.r == c.g && x > image.width / 2 && x < image.width - inset
        }
        expect(chevron.first.map { $0.lowerBound >= image.width - inset - 24 * 3 } == true)
        expect(chevron.last.map { $0.upperBound < image.width - inset - 16 * 3 } == true)
        // Each cell's configuration was updated before it was drawn.
        expect(controller.updates.count >= 3)
    }

    /// A plain list: white behind and in the rows, separators under every row from the text
    /// (16 points) to the trailing edge.
    @Test func aPlainListDrawsSeparatorsUnderEveryRow() {
        let controller = ListController(appearance: .plain)
        let image = Self.drawOnScreen(controller)
        for row in 0..<3 {
            let y = 132 * (row + 1) - 1
            expect(
                ParityImage.runs(of: Self.separatorOverWhite, in: image, row: y) == [
                    (16 * 3)...(image.width - 1)
                ],
                "row \(row)")
        }
        expect(ParityImage.color(image, 30, 600) == Self.white)
    }

    /// Accessories: the outermost 16 points from the edge, the next 10 points in, the content
    /// view ending where they begin; the separator guide from the text to the trailing edge.
    @Test func accessoriesAndTheContentViewShareTheWidth() {
        let cell = UICollectionViewListCell(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
        var content = cell.defaultContentConfiguration()
        content.text = "Title"
        cell.contentConfiguration = content
        let label = UICellAccessory.CustomViewConfiguration(
            customView: UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20)), placement: .trailing())
        cell.accessories = [.disclosureIndicator(), .customView(configuration: label)]
        cell.layoutIfNeeded()
        let views = cell.subviews.filter { $0 !== cell.contentView && !$0.isHidden && $0.bounds.width > 0 }
        let frames = views.map(\.frame).sorted { $0.minX > $1.minX }
        expect(frames.first?.maxX == CGFloat(300 - 16))  // the chevron, 8 wide
        expect(frames.dropFirst().first?.maxX == CGFloat(300 - 16 - 8 - 10))  // the custom view
        expect(cell.contentView.frame == CGRect(x: 0, y: 0, width: 300 - 16 - 8 - 10 - 30, height: 44))
        let guide = cell.separatorLayoutGuide.layoutFrame
        expect(guide.maxX == 300 && guide.minX == cell.automaticSeparatorLeadingInset && guide.minX > 0)
    }

    /// A selected cell's configuration is updated with its state, as UIKit updates it, and the
    /// swipe actions keep UIKit's colours.
    @Test func selectionUpdatesTheConfigurationAndSwipeActionsKeepTheirLook() {
        let cell = UICollectionViewListCell(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
        var states: [Bool] = []
        cell.configurationUpdateHandler = { _, state in states.append(state.isSelected) }
        cell.updateConfigurationIfNeeded()
        cell.isSelected = true
        cell.updateConfigurationIfNeeded()
        cell.updateConfigurationIfNeeded()
        expect(states == [false, true])
        expect(
            UIContextualAction(style: .destructive, title: "x") { _, _, _ in }.backgroundColor == .systemRed)
        expect(UIContextualAction(style: .normal, title: "x") { _, _, _ in }.backgroundColor == .systemGray)
        var list = UICollectionLayoutListConfiguration(appearance: .plain)
        list.separatorConfiguration.color = .red
        list.itemSeparatorHandler = { indexPath, configuration in
            var c = configuration
            if indexPath.item == 1 { c.bottomSeparatorVisibility = .hidden }
            return c
        }
        expect(
            list.separatorConfiguration.bottomSeparatorInsets == UIListSeparatorConfiguration.automaticInsets)
    }
}
