import UIKit

/// A photo library screen as an iOS 13+ app builds it: no layout subclass, a function that
/// returns a `UICollectionViewCompositionalLayout`. The first section is a carousel of featured
/// photos that scrolls sideways, its cards shrinking away from the centre; the others are grids
/// of one large photo beside a pair, then rows of three, each with a pinned header, a badge on
/// its first photo and a rounded background.
public enum PhotoLibraryLayout {
    public static let badgeKind = "badge"
    public static let backgroundKind = "section-background"

    public static func make() -> UICollectionViewCompositionalLayout {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 12
        return UICollectionViewCompositionalLayout(
            sectionProvider: { sectionIndex, environment in
                sectionIndex == 0 ? featuredSection(environment) : gridSection(environment)
            }, configuration: configuration)
    }

    /// Cards 70% of the screen wide, one centred at a time, scaled by their distance from the
    /// centre as the row scrolls.
    static func featuredSection(_ environment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.7), heightDimension: .absolute(180)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPagingCentered
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 12, leading: 0, bottom: 4, trailing: 0)
        section.visibleItemsInvalidationHandler = { items, offset, environment in
            let width = environment.container.contentSize.width
            for item in items {
                let distance = abs(item.frame.midX - offset.x - width / 2)
                let scale = max(1 - distance / width * 0.4, 0.8)
                item.transform = CGAffineTransform(scaleX: scale, y: scale)
                item.alpha = max(1 - distance / width, 0.6)
            }
        }
        return section
    }

    /// A large photo beside a vertical pair, then two rows of three; 2 points around every
    /// photo make the gutters, so the fractions add up to whole groups.
    static func gridSection(_ environment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        let gutter = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
        let badge = NSCollectionLayoutSupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(22), heightDimension: .absolute(22)),
            elementKind: badgeKind,
            containerAnchor: NSCollectionLayoutAnchor(
                edges: [.top, .trailing], fractionalOffset: CGPoint(x: -0.4, y: 0.4)))
        let large = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(2.0 / 3), heightDimension: .fractionalHeight(1)),
            supplementaryItems: [badge])
        large.contentInsets = gutter
        let small = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        small.contentInsets = gutter
        let pair = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)),
            repeatingSubitem: small, count: 2)
        let feature = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(2.0 / 3)),
            subitems: [large, pair])
        let row = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1.0 / 3)),
            repeatingSubitem: small, count: 3)
        // A group of groups repeats as one: 9 photos a block.
        let block = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(4.0 / 3)),
            subitems: [feature, row, row])

        let section = NSCollectionLayoutSection(group: block)
        section.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 12, bottom: 12, trailing: 12)
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = true
        header.zIndex = 2
        section.boundarySupplementaryItems = [header]
        let background = NSCollectionLayoutDecorationItem.background(elementKind: backgroundKind)
        background.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 6, bottom: 6, trailing: 6)
        section.decorationItems = [background]
        return section
    }
}
