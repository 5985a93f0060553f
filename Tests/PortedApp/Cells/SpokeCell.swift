import Foundation

class SpokeCell: UICollectionViewCell {
    @IBOutlet weak var title: UILabel?
    private var link: CADisplayLink?
    private(set) var steps = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .systemOrange
        contentView.layer.cornerRadius = 14
        link = CADisplayLink(target: self, selector: #selector(step(_:)))
    }
    required init?(coder: NSCoder) { fatalError() }

    @objc private func step(_ link: CADisplayLink) { steps += 1 }
    @IBAction func reset() { steps = 0 }
}
