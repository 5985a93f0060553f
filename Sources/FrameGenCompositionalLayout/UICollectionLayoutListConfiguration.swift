import Foundation
import FrameGenQuartzCore
import FrameGenUIKit

import struct Foundation.IndexPath  // over Layout's

/// A list's look (iOS 14): rows of estimated height 44 across the section, with the spacing of
/// the appearance, separators below the rows, and the appearance's background behind them.
/// framegen lays a list out with a compositional section; its cells draw the separators and
/// backgrounds the section gives them (docs/uikit.md "Lists").
public struct UICollectionLayoutListConfiguration {
    public enum Appearance: Int, Sendable {
        case plain
        case grouped
        case insetGrouped
        case sidebar
        case sidebarPlain
    }

    public enum HeaderMode: Int, Sendable {
        case none
        /// A header of kind `UICollectionView.elementKindSectionHeader` above each section.
        case supplementary
        /// The first item is the header: laid out as a row.
        case firstItemInSection
    }

    public enum FooterMode: Int, Sendable {
        case none
        case supplementary
    }

    public typealias ItemSeparatorHandler = (IndexPath, UIListSeparatorConfiguration) ->
        UIListSeparatorConfiguration
    public typealias SwipeActionsConfigurationProvider = (IndexPath) -> UISwipeActionsConfiguration?

    public private(set) var appearance: Appearance
    public var showsSeparators = true
    /// The separators of every item, unless `itemSeparatorHandler` says otherwise for one.
    public var separatorConfiguration: UIListSeparatorConfiguration
    public var itemSeparatorHandler: ItemSeparatorHandler?
    /// Behind the list, where the collection view has no background colour of the program's;
    /// nil: the appearance's (`.systemGroupedBackground` for grouped and inset lists,
    /// `.systemBackground` for plain ones).
    public var backgroundColor: UIColor?
    public var headerMode = HeaderMode.none
    public var footerMode = FooterMode.none
    /// Kept: added to a header's top in iOS 15; framegen's headers keep their estimate.
    public var headerTopPadding: CGFloat?
    /// Kept: framegen has no swipe in a scene, so no action is shown.
    public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
    public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?

    public init(appearance: Appearance) {
        self.appearance = appearance
        separatorConfiguration = UIListSeparatorConfiguration(listAppearance: appearance)
    }

    /// The colour behind the list.
    var resolvedBackgroundColor: UIColor {
        backgroundColor ?? (grouped ? .systemGroupedBackground : .systemBackground)
    }

    /// The style of the item at `indexPath` in a section of `count` items: its bottom separator
    /// (none after an inset list's last row; a grouped list's last is as wide as the cell, as a
    /// grouped table's), the appearance's cell background, and an inset list's rounded ends.
    func itemStyle(at indexPath: IndexPath, count: Int) -> ListItemStyle {
        let last = indexPath.item == count - 1
        var separator = separatorConfiguration
        if let itemSeparatorHandler { separator = itemSeparatorHandler(indexPath, separator) }
        let automaticHidden = last && appearance == .insetGrouped
        let shown: Bool
        switch separator.bottomSeparatorVisibility {
        case .automatic: shown = !automaticHidden
        case .visible: shown = true
        case .hidden: shown = false
        }
        let insets = separator.bottomSeparatorInsets
        let automatic = CGFloat.greatestFiniteMagnitude
        var leading: CGFloat? = insets.leading == automatic ? nil : insets.leading
        if last && appearance == .grouped && leading == nil { leading = 0 }
        let line =
            showsSeparators && shown
            ? ListItemStyle.Separator(
                color: separator.color, leadingInset: leading,
                trailingInset: insets.trailing == automatic ? 0 : insets.trailing) : nil
        let corners: CACornerMask =
            appearance == .insetGrouped ? .insetGroupedRow(first: indexPath.item == 0, last: last) : []
        return ListItemStyle(
            separator: line,
            background: grouped && appearance != .sidebar
                ? .secondarySystemGroupedBackground : .systemBackground,
            roundedCorners: corners)
    }

    /// The metrics framegen chose for each appearance (an iPhone's in portrait, where Apple
    /// documents none): the gap above a grouped section without a header, the leading and
    /// trailing inset of an inset list, and the estimated header and footer heights.
    var grouped: Bool { appearance != .plain && appearance != .sidebarPlain }
    var sideInset: CGFloat { appearance == .insetGrouped || appearance == .sidebar ? 20 : 0 }
    var sectionGap: CGFloat { grouped ? 35 : 0 }
    var headerHeight: CGFloat { grouped ? 38 : 28 }
    static let footerHeight: CGFloat = 28
    static let rowHeight: CGFloat = 44
}

extension NSCollectionLayoutSection {
    /// A section of `configuration`'s list: one row per item, as wide as the section.
    public static func list(
        using configuration: UICollectionLayoutListConfiguration,
        layoutEnvironment: NSCollectionLayoutEnvironment
    ) -> NSCollectionLayoutSection {
        let row = NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1),
            heightDimension: .estimated(UICollectionLayoutListConfiguration.rowHeight))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: row, subitems: [NSCollectionLayoutItem(layoutSize: row)])
        let section = NSCollectionLayoutSection(group: group)
        section.list = configuration
        let header = configuration.headerMode == .supplementary
        section.contentInsets = NSDirectionalEdgeInsets(
            top: header ? 0 : configuration.sectionGap, leading: configuration.sideInset, bottom: 0,
            trailing: configuration.sideInset)
        if header {
            section.boundarySupplementaryItems.append(
                NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: NSCollectionLayoutSize(
                        widthDimension: .fractionalWidth(1),
                        heightDimension: .estimated(configuration.headerHeight)),
                    elementKind: UICollectionView.elementKindSectionHeader, alignment: .top))
        }
        if configuration.footerMode == .supplementary {
            section.boundarySupplementaryItems.append(
                NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: NSCollectionLayoutSize(
                        widthDimension: .fractionalWidth(1),
                        heightDimension: .estimated(UICollectionLayoutListConfiguration.footerHeight)),
                    elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom))
        }
        return section
    }
}

extension UICollectionViewCompositionalLayout {
    /// A layout whose every section is a list of `configuration`.
    public static func list(using configuration: UICollectionLayoutListConfiguration)
        -> UICollectionViewCompositionalLayout
    {
        UICollectionViewCompositionalLayout { _, environment in
            NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
    }
}
