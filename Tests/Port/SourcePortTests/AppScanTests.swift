import Foundation
import FrameGenSourcePortValues
import Testing

/// The scan behind `uikit init`, asked of the port's tool: which way each layout scrolls, and the
/// cell and collection view the app's code gives it, read from small apps written as iOS apps
/// are (a view controller making the layout, a data source dequeuing its cells).
@Suite struct AppScanTests {
    /// The scan of files named `NAME.swift` in `/app`, in the order given.
    func scanned(_ files: KeyValuePairs<String, String>) throws -> AppScan {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let tool = try #require(PortTool.find(in: [bundle.path, bundle.deletingLastPathComponent().path]))
        let sources = files.map { SourcePort.File(path: "/app/\($0.key).swift", text: $0.value) }
        return try tool.scan(sources: sources, tests: []).scan
    }

    func layout(_ name: String, in scan: AppScan) throws -> AppScan.Class {
        try #require(scan.layouts.first { $0.name == name })
    }

    /// A flow layout subclass whose class leaves the direction alone, turned sideways by the view
    /// controller that makes it: it scrolls sideways, and only its factory can make it so (the
    /// class's `init()` makes a vertical one). The same controller's other flow layout, UIKit's
    /// own, turned sideways too, turns nothing of the app's; the list layout another controller
    /// sets to `.vertical` stays vertical.
    @Test func aControllerTurnsItsLayoutSideways() throws {
        let scan = try scanned([
            "Layouts": """
            import UIKit
            final class CardsLayout: UICollectionViewFlowLayout {
                override init() {
                    super.init()
                    itemSize = CGSize(width: 200, height: 300)
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            final class ListLayout: UICollectionViewFlowLayout {}
            """,
            "CardsViewController": """
            import UIKit
            final class CardsViewController: UIViewController {
                private var collectionView: UICollectionView!
                private var header: UICollectionView!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let layout = CardsLayout()
                    layout.scrollDirection = .horizontal
                    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
                    let strip = UICollectionViewFlowLayout()
                    strip.scrollDirection = .horizontal
                    header = UICollectionView(frame: .zero, collectionViewLayout: strip)
                }
            }
            final class ListViewController: UIViewController {
                let list = ListLayout()
                override func viewDidLoad() {
                    list.scrollDirection = .vertical
                }
            }
            """,
        ])
        let cards = try layout("CardsLayout", in: scan)
        #expect(cards.scrollsHorizontally)
        #expect(cards.setsScrollDirection)
        #expect(cards.horizontalBecause?.hasPrefix("CardsViewController.swift:8:") == true)
        let list = try layout("ListLayout", in: scan)
        #expect(!list.scrollsHorizontally && !list.setsScrollDirection)
    }

    /// The direction set on a property of the controller, from an extension in another file; on
    /// the collection view's installed layout cast to a flow layout, where the controller makes
    /// one layout of the app's; and in a layout's own `init()` after `super.init()`, which its
    /// class does itself (its factory need not).
    @Test func otherWaysOfTurningALayoutSideways() throws {
        let scan = try scanned([
            "Pager": """
            import UIKit
            class PagerLayout: UICollectionViewFlowLayout {}
            final class PagerController: UIViewController {
                let pager = PagerLayout()
            }
            """,
            "PagerController+Setup": """
            import UIKit
            extension PagerController {
                func setUp() { pager.scrollDirection = .horizontal }
            }
            """,
            "Shelf": """
            import UIKit
            class ShelfLayout: UICollectionViewFlowLayout {}
            final class ShelfController: UIViewController {
                let collectionView = UICollectionView(frame: .zero, collectionViewLayout: ShelfLayout())
                override func viewDidLoad() {
                    super.viewDidLoad()
                    if let flow = collectionView.collectionViewLayout as? UICollectionViewFlowLayout {
                        flow.scrollDirection = .horizontal
                    }
                }
            }
            """,
            "Ribbon": """
            import UIKit
            class RibbonLayout: UICollectionViewFlowLayout {
                override init() {
                    super.init()
                    scrollDirection = .horizontal
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            """,
        ])
        let pager = try layout("PagerLayout", in: scan)
        #expect(pager.scrollsHorizontally && pager.setsScrollDirection)
        #expect(pager.horizontalBecause?.hasPrefix("PagerController+Setup.swift:3:") == true)
        let shelf = try layout("ShelfLayout", in: scan)
        #expect(shelf.scrollsHorizontally && shelf.setsScrollDirection)
        let ribbon = try layout("RibbonLayout", in: scan)
        #expect(ribbon.scrollsHorizontally && !ribbon.setsScrollDirection)
        #expect(
            ribbon.horizontalBecause == "Ribbon.swift:5: RibbonLayout sets its scrollDirection to .horizontal"
        )
    }

    /// A layout of its own whose content is as tall as the view and as wide as its items (read
    /// through a local of the getter) can move only sideways; one as wide as the view and as tall
    /// as its items only up and down; a subclass has its superclass's content size.
    @Test func theContentSizeSaysTheDirection() throws {
        let scan = try scanned([
            "Layouts": """
            import UIKit
            class StripLayout: UICollectionViewLayout {
                let itemWidth: CGFloat = 120
                override var collectionViewContentSize: CGSize {
                    guard let collectionView else { return .zero }
                    let height = collectionView.bounds.size.height
                    let count = collectionView.numberOfItems(inSection: 0)
                    return CGSize(width: CGFloat(count) * itemWidth, height: height)
                }
            }
            final class WideStripLayout: StripLayout {}
            class ColumnLayout: UICollectionViewLayout {
                var contentHeight: CGFloat = 0
                override var collectionViewContentSize: CGSize {
                    CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
                }
            }
            """
        ])
        let strip = try layout("StripLayout", in: scan)
        #expect(strip.scrollsHorizontally && !strip.setsScrollDirection)
        #expect(
            strip.horizontalBecause == "Layouts.swift:4: its collectionViewContentSize is as tall as the view"
        )
        #expect(try layout("WideStripLayout", in: scan).scrollsHorizontally)
        #expect(try !layout("ColumnLayout", in: scan).scrollsHorizontally)
    }

    /// The cell class the code that makes a layout registers or dequeues, not the app's first:
    /// a registration with a reuse identifier that a data source in another type dequeues; a
    /// dequeue cast to the class; a cell registration's type; a data source class the controller
    /// makes (one type away). A layout no code names has none (the starter scene takes the app's
    /// first cell).
    @Test func theCellTheAppsCodeGivesEachLayout() throws {
        let scan = try scanned([
            "Cells": """
            import UIKit
            class AlphaCell: UICollectionViewCell {}
            class CardCell: UICollectionViewCell {}
            class RowCell: UICollectionViewCell {}
            class TileCell: UICollectionViewListCell {}
            class PhotoCell: UICollectionViewCell {}
            class SectionHeader: UICollectionReusableView {}
            """,
            "Layouts": """
            import UIKit
            class CardsLayout: UICollectionViewFlowLayout {}
            class ListLayout: UICollectionViewFlowLayout {}
            class GridLayout: UICollectionViewFlowLayout {}
            class MosaicLayout: UICollectionViewLayout {}
            class LonelyLayout: UICollectionViewLayout {}
            """,
            "Controllers": """
            import UIKit
            final class CardsController: UIViewController {
                let collectionView = UICollectionView(frame: .zero, collectionViewLayout: CardsLayout())
                override func viewDidLoad() {
                    collectionView.register(
                        SectionHeader.self, forSupplementaryViewOfKind: "header", withReuseIdentifier: "h")
                    collectionView.register(CardCell.self, forCellWithReuseIdentifier: "card")
                }
            }
            final class ListController: UICollectionViewController {
                init() { super.init(collectionViewLayout: ListLayout()) }
                override func collectionView(
                    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
                ) -> UICollectionViewCell {
                    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! RowCell
                    return cell
                }
            }
            final class GridController: UIViewController {
                lazy var grid = UICollectionView(frame: .zero, collectionViewLayout: GridLayout())
                let registration = UICollectionView.CellRegistration<TileCell, Int> { cell, _, _ in }
            }
            final class MosaicController: UIViewController {
                let source = MosaicSource()
                let layout = MosaicLayout()
            }
            """,
            "Sources": """
            import UIKit
            final class CardsSource: NSObject, UICollectionViewDataSource {
                func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                    collectionView.dequeueReusableCell(withReuseIdentifier: "card", for: indexPath)
                }
            }
            final class MosaicSource: NSObject, UICollectionViewDataSource {
                func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                    guard let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath) as? PhotoCell
                    else { return UICollectionViewCell() }
                    return cell
                }
            }
            """,
        ])
        #expect(try layout("CardsLayout", in: scan).cell == "CardCell")
        #expect(try layout("ListLayout", in: scan).cell == "RowCell")
        #expect(try layout("GridLayout", in: scan).cell == "TileCell")
        #expect(try layout("MosaicLayout", in: scan).cell == "PhotoCell")
        #expect(try layout("LonelyLayout", in: scan).cell == nil)
    }

    /// The app's `UICollectionView` subclasses: a kind of their own (not cells), made with
    /// `init(frame:collectionViewLayout:)`, inherited or their own; each shows the layouts the
    /// code names beside it (a controller making both; its own initialiser making the layout;
    /// the layout reading it), and no other. One that declares another initialiser only cannot
    /// be made as framegen makes a view.
    @Test func theAppsCollectionViews() throws {
        let scan = try scanned([
            "Views": """
            import UIKit
            class CarouselView: UICollectionView {
                var spacing: CGFloat = 8
            }
            class ShelfView: UICollectionView {
                override init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
                    super.init(frame: frame, collectionViewLayout: layout)
                    decelerationRate = .fast
                }
                required init?(coder: NSCoder) { fatalError() }
                func reset() { collectionViewLayout = ShelfLayout() }
            }
            class FixedView: UICollectionView {
                init() { super.init(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout()) }
                required init?(coder: NSCoder) { fatalError() }
            }
            """,
            "Layouts": """
            import UIKit
            class CarouselLayout: UICollectionViewFlowLayout {
                override func prepare() {
                    super.prepare()
                    let gap = (collectionView as? CarouselView)?.spacing ?? 0
                    minimumLineSpacing = gap
                }
            }
            class ShelfLayout: UICollectionViewFlowLayout {}
            class PlainLayout: UICollectionViewFlowLayout {}
            final class Controller: UIViewController {
                let plain = UICollectionView(frame: .zero, collectionViewLayout: PlainLayout())
            }
            """,
        ])
        #expect(scan.collectionViews.map(\.name) == ["CarouselView", "FixedView", "ShelfView"])
        #expect(scan.cells.isEmpty)
        #expect(scan.collectionViews.first { $0.name == "CarouselView" }?.cannotMake == nil)
        #expect(scan.collectionViews.first { $0.name == "ShelfView" }?.cannotMake == nil)
        #expect(
            scan.collectionViews.first { $0.name == "FixedView" }?.cannotMake
                == "it has no init(frame:collectionViewLayout:): add a factory that makes one")
        #expect(try layout("CarouselLayout", in: scan).collectionView == "CarouselView")
        #expect(try layout("ShelfLayout", in: scan).collectionView == "ShelfView")
        #expect(try layout("PlainLayout", in: scan).collectionView == nil)
    }

    /// One collection view class the code names beside no layout: every layout is shown in it
    /// (an app with one such class shows its layouts in it); two such classes, none.
    @Test func aLoneCollectionViewShowsEveryLayout() throws {
        let layouts = """
            import UIKit
            class AlphaLayout: UICollectionViewFlowLayout {}
            class BetaLayout: UICollectionViewLayout {}
            """
        let one = try scanned([
            "Layouts": layouts, "View": "import UIKit\nclass AppCollectionView: UICollectionView {}\n",
        ])
        #expect(one.layouts.map(\.collectionView) == ["AppCollectionView", "AppCollectionView"])
        let two = try scanned([
            "Layouts": layouts,
            "Views":
                "import UIKit\nclass OneView: UICollectionView {}\nclass OtherView: UICollectionView {}\n",
        ])
        #expect(two.layouts.map(\.collectionView) == [nil, nil])
    }
}
