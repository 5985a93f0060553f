// A swift-snapshot-testing suite as an iOS project writes it: nothing here names framegen.
// On Linux the image strategies come from framegen's FrameGenSnapshotTesting
// (docs/snapshot-testing.md); the references in __Snapshots__ were recorded on Linux.
import SnapshotTesting
import UIKit
import XCTest

@testable import GalleryLayouts

final class GallerySnapshotTests: XCTestCase {
    /// Drawn at 2x (the presets give no scale; without one the main screen's 3x is used) to keep
    /// the references small.
    let traits = UITraitCollection(displayScale: 2)
    /// The library's type by its name, as suites' helpers use it.
    static let phone: ViewImageConfig = .iPhoneSe

    func testProgressTile() {
        let cell = ProgressCell(frame: CGRect(x: 0, y: 0, width: 150, height: 180))
        cell.apply(Self.attributes(item: 3, size: cell.bounds.size))
        assertSnapshot(of: cell, as: .image(traits: traits))
    }

    func testTilesOnPhones() {
        let controller = TilesViewController()
        assertSnapshot(
            of: controller, as: .image(on: Self.phone, traits: .init(displayScale: 1)), named: "iPhoneSe")
        assertSnapshot(
            of: controller, as: .image(on: .iPhone13, traits: .init(displayScale: 1)), named: "iPhone13")
    }

    func testStarLayer() {
        let star = CAShapeLayer()
        star.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        star.path = Self.star(in: star.bounds).cgPath
        star.fillColor = UIColor.orange.cgColor
        star.strokeColor = UIColor.brown.cgColor
        star.lineWidth = 3
        star.lineJoin = .round
        assertSnapshot(of: star, as: .image(traits: traits))
    }

    func testCollectionViewWithCells() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 150, height: 180)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let view = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 330, height: 300), collectionViewLayout: layout)
        view.backgroundColor = UIColor(white: 0.94, alpha: 1)
        view.register(ProgressCell.self, forCellWithReuseIdentifier: "tile")
        let source = TileSource()
        view.dataSource = source
        assertSnapshot(of: view, as: .image(traits: .init(displayScale: 1)))
    }

    /// A one-pixel-wide change fails against the recorded reference, with the library's message.
    func testOnePixelLineFails() {
        let cell = ProgressCell(frame: CGRect(x: 0, y: 0, width: 150, height: 180))
        cell.apply(Self.attributes(item: 3, size: cell.bounds.size))
        let line = UIView(frame: CGRect(x: 75, y: 20, width: 0.5, height: 40))  // 1 pixel at 2x
        line.backgroundColor = .black
        cell.contentView.addSubview(line)
        let failure = verifySnapshot(
            of: cell, as: .image(traits: traits), named: "1", record: .never, testName: "testProgressTile")
        XCTAssertNotNil(failure)
        XCTAssert(failure?.contains("Newly-taken snapshot does not match reference.") == true, failure ?? "")
    }

    static func attributes(item: Int, size: CGSize) -> UICollectionViewLayoutAttributes {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
        attributes.frame = CGRect(origin: .zero, size: size)
        return attributes
    }

    static func star(in rect: CGRect) -> UIBezierPath {
        let path = UIBezierPath()
        let centre = CGPoint(x: rect.midX, y: rect.midY)
        for i in 0..<10 {
            let radius = (i % 2 == 0 ? 0.45 : 0.2) * rect.width
            let angle = CGFloat(i) * .pi / 5 - .pi / 2
            let point = CGPoint(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
            if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.close()
        return path
    }
}

/// Tiles under a header that keeps clear of the safe area, as an app's screen does.
final class TilesViewController: UIViewController {
    let header = UIView()
    let source = TileSource()
    lazy var tiles: UICollectionView = {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 140, height: 170)
        layout.minimumLineSpacing = 12
        layout.sectionInset = UIEdgeInsets(top: 12, left: 12, bottom: 12, right: 12)
        return UICollectionView(frame: .zero, collectionViewLayout: layout)
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        header.backgroundColor = UIColor(red: 0.2, green: 0.3, blue: 0.6, alpha: 1)
        view.addSubview(header)
        tiles.backgroundColor = UIColor(white: 0.94, alpha: 1)
        tiles.register(ProgressCell.self, forCellWithReuseIdentifier: "tile")
        tiles.dataSource = source
        view.addSubview(tiles)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let top = view.safeAreaInsets.top
        header.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: top + 44)
        tiles.frame = CGRect(
            x: 0, y: header.frame.maxY, width: view.bounds.width,
            height: view.bounds.height - header.frame.maxY - view.safeAreaInsets.bottom)
    }
}

final class TileSource: NSObject, UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 6 }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
    }
}
