import Foundation
import FrameGenSnapshotTesting
import SnapshotTesting
import TestTiers
import Testing
import UIKit

/// Collection views drawn by `.image(on:)` beside the references iOS recorded for them
/// (docs/parity.md, cases CL-1 to CL-3 and BSW-4). The pixel runs and profiles were measured
/// from the reference PNGs; the tests rebuild each project's setup around its layout.
@Suite struct CollectionViewParityTests {
    // MARK: faberNovel/CompositionalLayoutDSL

    /// The test host of faberNovel/CompositionalLayoutDSL 3b1c5adad64f031e28417ee9460dd58556cb6e33
    /// (`TestingCollectionViewController`, `TestingCellView`, `assertLayouts`): a collection view
    /// controller with gray cells of corner radius 6 (a centred label of the index path, left out
    /// here: text is masked), light gray headers and footers, decoration views with a 5 pt cyan
    /// border, its view first made 3000 points square. Its references were recorded by a hosted
    /// test on an iPhone 15 simulator, whose status bar (54 points) is the top of the safe area
    /// the snapshot's window reports; the iPhone 12 set before it began at 47.
    final class DSLController: UICollectionViewController {
        let counts: [Int]

        init(_ layout: UICollectionViewLayout, counts: [Int]) {
            self.counts = counts
            super.init(collectionViewLayout: layout)
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView.backgroundColor = .systemBackground
            collectionView.register(GrayCell.self, forCellWithReuseIdentifier: "cell")
            for kind in [
                UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter,
            ] {
                collectionView.register(
                    Supplementary.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "supplementary"
                )
            }
        }

        override func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }

        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
            -> Int
        { counts[section] }

        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell
        { collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) }

        override func collectionView(
            _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
            at indexPath: IndexPath
        ) -> UICollectionReusableView {
            collectionView.dequeueReusableSupplementaryView(
                ofKind: kind, withReuseIdentifier: "supplementary", for: indexPath)
        }
    }

    final class GrayCell: UICollectionViewCell {
        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .gray
            layer.cornerRadius = 6
        }

        required init?(coder: NSCoder) { nil }
    }

    final class Supplementary: UICollectionReusableView {
        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .lightGray
        }

        required init?(coder: NSCoder) { nil }
    }

    final class Decoration: UICollectionReusableView {
        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .systemBackground
            layer.borderColor = UIColor.cyan.cgColor
            layer.borderWidth = 5
        }

        required init?(coder: NSCoder) { nil }
    }

    // Swift makes a class chosen at run time only through a required initialiser
    // (docs/uikit.md "Cells"): the cells and views below conform to ReusableViewByClass.
    /// The iPhone X's size with the safe area the references' host gave (see `DSLController`).
    static let hostedPhone = ViewImageConfig(
        safeArea: UIEdgeInsets(top: 54, left: 0, bottom: 34, right: 0), size: CGSize(width: 375, height: 812))

    static func dslImage(_ layout: UICollectionViewLayout, counts: [Int]) -> UIImage.Bitmap {
        let controller = DSLController(layout, counts: counts)
        controller.view.frame.size = CGSize(width: 3000, height: 3000)
        return ParityImage.draw(controller, on: hostedPhone)
    }

    static let gray = ParityImage.Color(128, 128, 128)
    static let lightGray = ParityImage.Color(170, 170, 170)
    static let cyan = ParityImage.Color(0, 255, 255)

    static func fraction(_ width: CGFloat, _ height: CGFloat) -> NSCollectionLayoutSize {
        NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(width), heightDimension: .fractionalHeight(height))
    }

    /// GroupDSLTests.testInnerGroups, run 1 (one section of five items): a horizontal group
    /// 100 points tall, 16 in from each side, of an item and two vertical groups a third wide
    /// each. iOS puts every edge on a whole pixel.
    @Test(.systemVersion("17")) func compositionalNestedGroups() {
        let item = NSCollectionLayoutItem(layoutSize: Self.fraction(1.0 / 3, 1))
        item.contentInsets.trailing = 4
        let pair = NSCollectionLayoutGroup.vertical(
            layoutSize: Self.fraction(1.0 / 3, 1),
            subitem: NSCollectionLayoutItem(layoutSize: Self.fraction(1, 1)),
            count: 2)
        pair.interItemSpacing = .fixed(8)
        pair.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 4)
        let triple = NSCollectionLayoutGroup.vertical(
            layoutSize: Self.fraction(1.0 / 3, 1),
            subitem: NSCollectionLayoutItem(layoutSize: Self.fraction(1, 1)),
            count: 3)
        triple.interItemSpacing = .fixed(8)
        triple.contentInsets.leading = 4
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
            subitems: [item, pair, triple])
        group.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 8
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 8
        let image = Self.dslImage(
            UICollectionViewCompositionalLayout(section: section, configuration: configuration), counts: [5])
        expect(ParityImage.runs(of: Self.gray, in: image, row: 190) == [48...378, 403...721, 746...1076])
        expect(ParityImage.runs(of: Self.gray, in: image, column: 100) == [162...461])
        expect(ParityImage.runs(of: Self.gray, in: image, column: 440) == [162...299, 324...461])
        expect(ParityImage.runs(of: Self.gray, in: image, column: 780) == [162...245, 270...353])
        // The circular corner of 18 pixels, along the cell's first two rows (red).
        ParityImage.expectRow(
            image, y: 162, from: 60, channel: 0, [238, 203, 172, 152, 137, 130, 128], within: 8,
            "CompositionalLayoutDSL testInnerGroups.1")
        ParityImage.expectRow(
            image, y: 163, from: 57, channel: 0, [253, 210, 156, 128], within: 8,
            "CompositionalLayoutDSL testInnerGroups.1")
    }

    /// DecorationItemDSLTests.testDecorationItem, run 1 (one section; four cells on screen): a
    /// section scrolling sideways, inset 16 points, of groups as wide as the view holding four
    /// items 8 points apart, over a background decoration view with a 5 point cyan border. iOS
    /// makes the groups fractions of the whole 375 points, rounds each item's width down to
    /// whole pixels (263, 87.67 points) and places each after the rounded one before.
    @Test(.systemVersion("17")) func compositionalOrthogonalSectionOverADecoration() {
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
            subitem: NSCollectionLayoutItem(layoutSize: Self.fraction(1, 1)), count: 4)
        group.interItemSpacing = .fixed(8)
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 8
        section.orthogonalScrollingBehavior = .continuous
        section.contentInsets = NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
        section.decorationItems = [.background(elementKind: "TestingDecorationView")]
        let layout = UICollectionViewCompositionalLayout(section: section)
        layout.register(Decoration.self, forDecorationViewOfKind: "TestingDecorationView")
        let image = Self.dslImage(layout, counts: [4])
        expect(
            ParityImage.runs(of: Self.gray, in: image, row: 232) == [
                48...310, 335...597, 622...884, 909...1124,
            ])
        expect(ParityImage.runs(of: Self.cyan, in: image, row: 232) == [0...14])
        expect(ParityImage.runs(of: Self.cyan, in: image, column: 5) == [162...377])
        expect(ParityImage.runs(of: Self.cyan, in: image, column: 100) == [162...176, 363...377])
        expect(ParityImage.runs(of: Self.gray, in: image, column: 100) == [210...329])
        // The fourth cell covers the decoration's right border.
        expect(ParityImage.runs(of: Self.cyan, in: image, column: 1117) == [162...209, 330...377])
        expect(ParityImage.runs(of: Self.gray, in: image, column: 1117) == [210...329])
    }

    /// SectionDSLTests.testListSection, runs 1 (five items) and 2 (more than fill the screen):
    /// full-width items 40 points tall, 2 apart, with a header and a footer 24 points tall
    /// pinned to the visible bounds. The footer follows the last item while the content is
    /// short, and stays above the safe area's bottom (34 points) when it is not.
    @Test(.systemVersion("17")) func compositionalPinnedHeaderAndFooter() {
        func layout() -> UICollectionViewLayout {
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
                subitem: NSCollectionLayoutItem(layoutSize: Self.fraction(1, 1)), count: 1)
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = 2
            let size = NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .absolute(24))
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: size, elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            let footer = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: size, elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom)
            header.pinToVisibleBounds = true
            footer.pinToVisibleBounds = true
            section.boundarySupplementaryItems = [header, footer]
            return UICollectionViewCompositionalLayout(section: section)
        }
        let cells = (0..<5).map { 234 + 126 * $0...353 + 126 * $0 }
        let short = Self.dslImage(layout(), counts: [5])
        expect(ParityImage.runs(of: Self.gray, in: short, column: 100) == cells)
        expect(ParityImage.runs(of: Self.lightGray, in: short, column: 100) == [162...233, 858...929])
        let long = Self.dslImage(layout(), counts: [30])
        expect(
            ParityImage.runs(of: Self.gray, in: long, column: 100)
                == (0..<16).map { 234 + 126 * $0...353 + 126 * $0 } + [2250...2261, 2334...2369, 2376...2435])
        expect(ParityImage.runs(of: Self.lightGray, in: long, column: 100) == [162...233, 2262...2333])
    }

    /// SupplementaryItemDSLTests.testSupplementaryItem, run 1 (five items): groups of four items
    /// 16 points apart, inset 20 at the trailing end, each item as tall as a quarter of its
    /// width with a 15 point badge centred on its top trailing corner, and a 20 x 60 view
    /// beside each group's trailing edge. The items are 76.75 points, 230.25 pixels: iOS makes
    /// them 230 pixels, square, at 0, 278, 556 and 834, and each badge 23 pixels above its
    /// item's top (22.5 rounded away from zero).
    @Test(.systemVersion("17")) func compositionalItemsAndBadgesOnThePixels() {
        let badge = NSCollectionLayoutSupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(15), heightDimension: .absolute(15)),
            elementKind: UICollectionView.elementKindSectionHeader,
            containerAnchor: NSCollectionLayoutAnchor(
                edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.5, y: -0.5)))
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1.0 / 4)),
            supplementaryItems: [badge])
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)),
            subitem: item, count: 4)
        group.interItemSpacing = .fixed(16)
        group.supplementaryItems = [
            NSCollectionLayoutSupplementaryItem(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .absolute(20), heightDimension: .absolute(60)),
                elementKind: UICollectionView.elementKindSectionFooter,
                containerAnchor: NSCollectionLayoutAnchor(
                    edges: [.trailing], fractionalOffset: CGPoint(x: 1, y: 0)))
        ]
        group.contentInsets.trailing = 20
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 16
        section.contentInsets.bottom = 16
        let image = Self.dslImage(UICollectionViewCompositionalLayout(section: section), counts: [5])
        expect(
            ParityImage.runs(of: Self.gray, in: image, row: 250) == [
                0...229, 278...507, 556...785, 834...1063,
            ])
        expect(ParityImage.runs(of: Self.gray, in: image, column: 50) == [162...391, 450...679])
        expect(ParityImage.runs(of: Self.lightGray, in: image, row: 250) == [1065...1124])
        expect(ParityImage.runs(of: Self.lightGray, in: image, column: 1100) == [192...371, 480...659])
        expect(
            ParityImage.runs(of: Self.lightGray, in: image, row: 141) == [
                208...252, 486...530, 764...808, 1042...1086,
            ])
        expect(ParityImage.runs(of: Self.lightGray, in: image, column: 230) == [139...183, 428...472])
    }

    // MARK: theleftbit/BSWInterfaceKit

    /// theleftbit/BSWInterfaceKit b1531969254051f3abea58fe75fb5800a07a2b0a,
    /// HorizontalPagedCollectionViewLayoutTests `layout` (`.image(on:)`, iPhone X, 3x): a black
    /// collection view 300 points tall centred in a light gray view, paging cards 16 points in
    /// and 16 apart, each as wide as the view less both insets and one spacing (327 points), on
    /// a flow layout that sizes them in `prepare()`. A card is a view with continuous corners of
    /// 22 clipping an orange view that holds a purple one at 85 % alpha.
    final class PagedCards: UIViewController, UICollectionViewDataSource {
        final class Layout: UICollectionViewFlowLayout {
            override func prepare() {
                if let cv = collectionView {
                    let available = cv.frame.inset(by: sectionInset)
                    itemSize = CGSize(width: available.width - minimumLineSpacing, height: available.height)
                }
                super.prepare()
            }
        }

        let layout = Layout()
        lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)

        override func loadView() {
            view = UIView()
            view.backgroundColor = .lightGray
            layout.scrollDirection = .horizontal
            layout.minimumLineSpacing = 16
            layout.sectionInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
            collectionView.backgroundColor = .black
            collectionView.dataSource = self
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            collectionView.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(collectionView)
            NSLayoutConstraint.activate([
                collectionView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                collectionView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                collectionView.centerYAnchor.constraint(equalTo: view.centerYAnchor),
                collectionView.heightAnchor.constraint(equalToConstant: 300),
            ])
        }

        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            10
        }

        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell
        {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            let card = UIView()
            card.layer.cornerRadius = 22
            card.layer.cornerCurve = .continuous
            card.layer.masksToBounds = true
            let photo = UIView()
            photo.backgroundColor = UIColor(red: 1, green: 149 / 255, blue: 0, alpha: 1)
            let tint = UIView()
            tint.backgroundColor = UIColor.purple.withAlphaComponent(0.85)
            for (child, parent) in [(card, cell.contentView), (photo, card), (tint, photo)] {
                ParityImage.add(child, pinnedTo: parent)
            }
            return cell
        }
    }

    /// Cards 327 x 300 points from x 16, 343 apart, the collection view from y 256; along the
    /// rounded edge the orange under the purple shows (each clipped on its own).
    @Test func pagedCardsWithContinuousCorners() {
        let image = ParityImage.draw(PagedCards(), on: .iPhoneX)
        let black = ParityImage.Color(0, 0, 0)
        expect(ParityImage.runs(of: black, in: image, row: 1218) == [0...47, 1029...1076])
        expect(ParityImage.runs(of: Self.lightGray, in: image, column: 538) == [0...767, 1668...2435])
        let source = "BSWInterfaceKit HorizontalPagedCollectionViewLayoutTests layout"
        for (x, y) in [(538, 1000), (100, 1218), (1100, 1218)] {
            ParityImage.expectRow(image, y: y, from: x, channel: 0, [146], within: 2, source)
            ParityImage.expectRow(image, y: y, from: x, channel: 1, [22], within: 2, source)
            ParityImage.expectRow(image, y: y, from: x, channel: 2, [108], within: 2, source)
        }
        ParityImage.expectRow(
            image, y: 768, from: 110, channel: 0, [29, 55, 75, 94, 110, 120, 128, 136, 140], within: 8, source
        )
        ParityImage.expectRow(
            image, y: 768, from: 110, channel: 1, [11, 21, 29, 34, 39, 41, 42, 43, 43], within: 8, source)
        ParityImage.expectRow(
            image, y: 768, from: 110, channel: 2, [9, 18, 26, 35, 43, 49, 55, 61, 66], within: 8, source)
        ParityImage.expectRow(image, y: 787, from: 67, channel: 0, [151], within: 8, source)
        ParityImage.expectRow(image, y: 787, from: 67, channel: 1, [33], within: 8, source)
        ParityImage.expectRow(image, y: 787, from: 67, channel: 2, [95], within: 8, source)
    }
}

extension CollectionViewParityTests.GrayCell: ReusableViewByClass {}
extension CollectionViewParityTests.Supplementary: ReusableViewByClass {}
extension CollectionViewParityTests.Decoration: ReusableViewByClass {}

/// What the parity suites measure in an image `.image(on:)` drew.
enum ParityImage {
    struct Color: Equatable {
        var r, g, b: UInt8
        init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { (self.r, self.g, self.b) = (r, g, b) }
    }

    /// Adds `child` to `parent` with constraints to its four edges.
    static func add(_ child: UIView, pinnedTo parent: UIView) {
        child.translatesAutoresizingMaskIntoConstraints = false
        parent.addSubview(child)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: parent.leadingAnchor),
            child.trailingAnchor.constraint(equalTo: parent.trailingAnchor),
            child.topAnchor.constraint(equalTo: parent.topAnchor),
            child.bottomAnchor.constraint(equalTo: parent.bottomAnchor),
        ])
    }

    /// `controller` drawn by `.image(on:)` at 3x, as every reference here was recorded.
    static func draw(_ controller: UIViewController, on config: ViewImageConfig) -> UIImage.Bitmap {
        var image: UIImage?
        Snapshotting<UIViewController, UIImage>.image(on: config, traits: .init(displayScale: 3))
            .snapshot(controller).run { image = $0 }
        keep(image!)
        return image!.bitmap!
    }

    /// `view` drawn by `.image` (in a window, `layer.render(in:)`) at `scale`.
    static func draw(_ view: UIView, scale: CGFloat) -> UIImage.Bitmap {
        var image: UIImage?
        Snapshotting<UIView, UIImage>.image(traits: .init(displayScale: scale)).snapshot(view).run {
            image = $0
        }
        keep(image!)
        return image!.bitmap!
    }

    /// `view` drawn as FBSnapshotTestCase draws it by default: `layer.render(in:)` into an image
    /// of its bounds at `scale`, with no window.
    static func rendered(_ view: UIView, scale: CGFloat) -> UIImage.Bitmap {
        let format = UIGraphicsImageRendererFormat(for: .init(displayScale: scale))
        let image = UIGraphicsImageRenderer(bounds: view.bounds, format: format).image {
            view.layer.render(in: $0.cgContext)
        }
        keep(image)
        return image.bitmap!
    }

    /// With FRAMEGEN_PARITY_OUT set to a folder, the image is written there as TEST.png, to be
    /// set beside its reference.
    private static func keep(_ image: UIImage) {
        if let folder = ProcessInfo.processInfo.environment["FRAMEGEN_PARITY_OUT"],
            let test = Test.current?.name.prefix(while: { $0 != "(" })
        {
            try? image.pngData()!.write(to: URL(fileURLWithPath: "\(folder)/\(test).png"))
        }
    }

    /// Fully transparent.
    static func isClear(_ image: UIImage.Bitmap, _ x: Int, _ y: Int) -> Bool {
        image.pixels[(y * image.width + x) * 4 + 3] == 0
    }

    static func color(_ image: UIImage.Bitmap, _ x: Int, _ y: Int) -> Color {
        let o = (y * image.width + x) * 4
        return Color(image.pixels[o], image.pixels[o + 1], image.pixels[o + 2])
    }

    /// The runs of exactly `color` along row `y` (or down column `x`), as inclusive pixel ranges.
    static func runs(of color: Color, in image: UIImage.Bitmap, row y: Int) -> [ClosedRange<Int>] {
        runs(in: image, row: y) { self.color(image, $0, $1) == color }
    }

    static func runs(of color: Color, in image: UIImage.Bitmap, column x: Int) -> [ClosedRange<Int>] {
        runs(in: image, column: x) { self.color(image, $0, $1) == color }
    }

    /// The runs of pixels (x, y) that `matches`, along row `y` or down column `x`.
    static func runs(in image: UIImage.Bitmap, row y: Int, _ matches: (Int, Int) -> Bool) -> [ClosedRange<
        Int
    >] {
        ranges(image.width) { matches($0, y) }
    }

    static func runs(in image: UIImage.Bitmap, column x: Int, _ matches: (Int, Int) -> Bool) -> [ClosedRange<
        Int
    >] {
        ranges(image.height) { matches(x, $0) }
    }

    private static func ranges(_ n: Int, _ matches: (Int) -> Bool) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        var start: Int?
        for i in 0...n {
            let on = i < n && matches(i)
            if on, start == nil { start = i }
            if !on, let s = start {
                out.append(s...(i - 1))
                start = nil
            }
        }
        return out
    }

    /// Channel `channel` of row `y` from `x`, checked against iOS's values within `levels`.
    static func expectRow(
        _ image: UIImage.Bitmap, y: Int, from x: Int, channel: Int, _ expected: [Int], within levels: Int,
        _ source: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let drawn = expected.indices.map { Int(image.pixels[(y * image.width + x + $0) * 4 + channel]) }
        let worst = zip(drawn, expected).map { abs($0 - $1) }.max() ?? 0
        expect(
            worst <= levels, "\(source): row \(y) from x \(x): framegen \(drawn), iOS \(expected)",
            sourceLocation: sourceLocation)
    }
}
