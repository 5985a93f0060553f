import Foundation
// The app has a module of its layouts beside its cells (Layouts): here both are compiled into one
// target, which app-sources.txt says, and the port removes the import.
import Layouts

class SpokeCell: UICollectionViewCell {
    @IBOutlet weak var title: UILabel?
    let button = UIButton(type: .system)
    private var link: CADisplayLink?
    private(set) var steps = 0
    private(set) var taps: [String] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .systemOrange
        contentView.layer.cornerRadius = 14
        link = CADisplayLink(target: self, selector: #selector(step(_:)))
        button.addTarget(self, action: #selector(tapped(_:)), for: .touchUpInside)
        button.addTarget(self, action: #selector(reset), for: .touchUpOutside)
        contentView.addSubview(button)
    }
    required init?(coder: NSCoder) { fatalError() }

    /// The link holds its target, as on iOS: stop it to let the cell go.
    func stop() {
        link?.invalidate()
        link = nil
    }

    @objc private func step(_ link: CADisplayLink) { steps += 1 }
    @objc private func tapped(_ sender: UIButton) { taps.append(sender.currentTitle ?? "untitled") }
    @IBAction func reset() { taps = [] }
}
