import Foundation
import Testing

@testable import FrameGenUIKit

private final class NumberCell: UICollectionViewCell {
    var number = -1
}

/// An app's controller, written as on iOS: overrides of the data source and the appearance calls.
private final class NumbersController: UICollectionViewController {
    var calls: [String] = []

    init() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 40, height: 40)
        super.init(collectionViewLayout: layout)
    }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        calls.append("viewDidLoad \(collectionView != nil)")
        collectionView.register(NumberCell.self, forCellWithReuseIdentifier: "number")
    }
    override func viewWillAppear(_ animated: Bool) { calls.append("viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { calls.append("viewDidAppear") }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
        -> Int
    {
        3
    }
    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        let cell =
            collectionView.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath) as! NumberCell
        cell.number = indexPath.item * 10
        return cell
    }
}

@Test func aCollectionViewControllerHostedOnFramegensViewServesItsCells() {
    let view = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: 40, height: 200), collectionViewLayout: UICollectionViewLayout())
    view.data = .init(itemCounts: [3])
    view.cells.configure(registered: ["number": { NumberCell(frame: $0) }], sceneCell: nil)
    let controller = NumbersController()
    let layout = controller.hosting(view)
    view.collectionViewLayout = layout
    #expect(controller.calls == ["viewDidLoad true", "viewWillAppear", "viewDidAppear"])
    #expect(controller.collectionView === view && controller.collectionViewLayout === layout)
    #expect(view.dataSource === controller && view.delegate === controller)
    layout.prepare()
    let shown = view.cells.display(layout.layoutAttributesForElements(in: view.bounds) ?? [], in: view)
    #expect(shown.map { ($0 as? NumberCell)?.number } == [0, 10, 20])
}

@Test func aViewControllerLoadsItsViewOnFirstUse() {
    final class Plain: UIViewController {
        var loaded = 0
        override func viewDidLoad() { loaded += 1 }
    }
    let controller = Plain()
    #expect(!controller.isViewLoaded)
    let screen = UIScreen(size: CGSize(width: 390, height: 844), scale: 3)
    UIScreen.withMain(screen) {
        #expect(controller.view.bounds.size == CGSize(width: 390, height: 844))
    }
    _ = controller.view
    #expect(controller.loaded == 1 && controller.isViewLoaded)
}
