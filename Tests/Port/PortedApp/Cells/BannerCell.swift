import UIKit

/// An auto-playing banner as apps write it: a repeating timer with a selector turns the page,
/// work on the main queue and after a delay, a one-shot block timer and a timer added to the
/// main run loop; a tap pauses it, unless the delegate says no.
final class BannerCell: UICollectionViewCell, UIGestureRecognizerDelegate {
    private var timer: Timer?
    private(set) var page = 0
    private(set) var events: [String] = []
    private let colours: [UIColor] = [.systemRed, .systemGreen, .systemBlue]

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = colours[0]
        timer = Timer.scheduledTimer(
            timeInterval: 2, target: self, selector: #selector(nextPage(_:)), userInfo: "auto", repeats: true)
        DispatchQueue.main.async { [weak self] in self?.note("appeared") }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in self?.note("hint") }
        Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { [weak self] _ in self?.note("once") }
        let late = Timer(timeInterval: 3, repeats: false) { [weak self] _ in self?.note("added") }
        RunLoop.main.add(late, forMode: .common)
        let tap = UITapGestureRecognizer(target: self, action: #selector(pause(_:)))
        tap.delegate = self
        contentView.addGestureRecognizer(tap)
    }

    var pausable = true

    @objc func pause(_ sender: UITapGestureRecognizer) {
        stop()
        note("paused at \(sender.location(in: contentView).x)")
    }

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { pausable }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    @objc private func nextPage(_ timer: Timer) {
        page += 1
        contentView.backgroundColor = colours[page % colours.count]
        note("page \(page) (\(timer.userInfo as? String ?? "manual"))")
    }

    private func note(_ event: String) { events.append("\(event) @\(CACurrentMediaTime())") }

    /// The timer holds its target, as on iOS: stop it to let the cell go.
    func stop() {
        timer?.invalidate()
        timer = nil
    }
}
