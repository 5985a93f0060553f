import Foundation
import FrameGenUIKit

/// A list's look (iOS 14): rows of estimated height 44 across the section, with the spacing of
/// the appearance. framegen lays a list out with a compositional section; the rows, headers and
/// footers look as the scene's cell and supplementary styles draw them (no separators, no
/// list background colour: docs/uikit.md "Compositional layouts").
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

    public private(set) var appearance: Appearance
    /// Kept for your code; framegen draws no separators.
    public var showsSeparators = true
    /// Kept for your code; the scene's canvas background shows behind the list.
    public var backgroundColor: UIColor?
    public var headerMode = HeaderMode.none
    public var footerMode = FooterMode.none

    public init(appearance: Appearance) {
        self.appearance = appearance
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
