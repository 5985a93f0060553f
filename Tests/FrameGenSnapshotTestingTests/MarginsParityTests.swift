import Foundation
import FrameGenSnapshotTesting
import SnapshotTesting
import TestTiers
import Testing
import UIKit

/// pointfreeco/swift-snapshot-testing 6bb6c9ae9970387eeb4b8394c34bd8c350030500,
/// `testCollectionViewsWithMultipleScreenSizes`: a controller's collection view pinned to its
/// view's layout margins guide, a horizontal flow layout of orange cells as tall as the
/// collection view, drawn by `.image(on:)` at 3x (the references are 3x on every device). The
/// pixel runs were measured from the references iOS recorded: the guide lies inside the safe
/// area, 16 points from the sides on 320 and 375 point wide phones, 20 on 414 and on an iPad,
/// and nothing above or below (docs/parity.md, case PF-3).
@Suite struct MarginsParityTests {
    final class OrangeCells: UIViewController, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout
    {
        let layout = UICollectionViewFlowLayout()
        lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            layout.scrollDirection = .horizontal
            layout.minimumLineSpacing = 20
            collectionView.backgroundColor = .white
            collectionView.dataSource = self
            collectionView.delegate = self
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            collectionView.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(collectionView)
            NSLayoutConstraint.activate([
                collectionView.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
                collectionView.topAnchor.constraint(equalTo: view.layoutMarginsGuide.topAnchor),
                collectionView.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
                collectionView.bottomAnchor.constraint(equalTo: view.layoutMarginsGuide.bottomAnchor),
            ])
        }

        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            20
        }

        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell
        {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            cell.contentView.backgroundColor = .orange
            return cell
        }

        func collectionView(
            _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
            sizeForItemAt indexPath: IndexPath
        ) -> CGSize {
            CGSize(width: min(collectionView.bounds.width - 50, 300), height: collectionView.bounds.height)
        }
    }

    /// The orange runs along row `y` and down column `x`, as inclusive pixel ranges.
    static func runs(on config: ViewImageConfig, row y: Int, column x: Int) -> (
        row: [ClosedRange<Int>], column: [ClosedRange<Int>]
    ) {
        let image = ParityImage.draw(OrangeCells(), on: config)
        let orange = ParityImage.Color(255, 128, 0)
        return (
            ParityImage.runs(of: orange, in: image, row: y),
            ParityImage.runs(of: orange, in: image, column: x)
        )
    }

    @Test func iPhone8() {
        let r = Self.runs(on: .iPhone8, row: 1000, column: 100)
        expect(r.row == [48...926, 987...1076])
        expect(r.column == [60...2000])
    }

    @Test func iPhoneSe() {
        let r = Self.runs(on: .iPhoneSe, row: 800, column: 100)
        expect(r.row == [48...761, 822...911])
        expect(r.column == [60...1703])
    }

    @Test func iPhoneXsMax() {
        let r = Self.runs(on: .iPhoneXsMax, row: 1300, column: 100)
        expect(r.row == [60...959, 1020...1181])
        expect(r.column == [132...2585])
    }

    @Test(.heavy, .tags(.heavy)) func iPadPro12_9() {
        let r = Self.runs(on: .iPadPro12_9, row: 1500, column: 100)
        expect(r.row == [60...959, 1020...1919, 1980...2879, 2940...3839, 3900...4037])
        expect(r.column == [60...3071])
    }
}
