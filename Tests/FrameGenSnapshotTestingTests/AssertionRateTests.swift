import Foundation
import FrameGenSnapshotTesting
import TestTiers
import Testing
import UIKit

/// How many snapshot assertions a second a suite gets, render and compare, the figure of the
/// README's "Start-up": an iPhone-sized view controller (`.image(on: .iPhone13)`, 1170 x 2532
/// pixels at 3x) and a list cell (`.image`, at the screen's scale), each asserted against the
/// reference its first assertion recorded. The test asserts that every assertion passes, never a
/// speed: it prints the rate (`FRAMEGEN_ASSERTIONS=N` asserts N times each, 3 by default).
/// Release: `swift test -c release -Xswiftc -enable-testing --filter AssertionRate` after the
/// build (README, "Start-up"), with `taskset -c 0` for one core.
@MainActor @Suite struct AssertionRateTests {
    /// A screen as apps have them: a title, a stack of rows with text and a symbol, a button.
    final class ProfileController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            let title = UILabel()
            title.text = "Settings"
            title.font = .boldSystemFont(ofSize: 34)
            let rows = UIStackView()
            rows.axis = .vertical
            rows.spacing = 12
            for (index, name) in ["Account", "Notifications", "Privacy", "Storage", "About"].enumerated() {
                let row = UIView()
                row.backgroundColor = .secondarySystemBackground
                row.layer.cornerRadius = 10
                let label = UILabel()
                label.text = "\(name) — \(index + 1)"
                label.translatesAutoresizingMaskIntoConstraints = false
                row.addSubview(label)
                NSLayoutConstraint.activate([
                    label.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 16),
                    label.centerYAnchor.constraint(equalTo: row.centerYAnchor),
                    row.heightAnchor.constraint(equalToConstant: 52),
                ])
                rows.addArrangedSubview(row)
            }
            let button = UIButton(type: .system)
            button.setTitle("Sign out", for: .normal)
            button.backgroundColor = .systemRed
            button.setTitleColor(.white, for: .normal)
            button.layer.cornerRadius = 12
            for item in [title, rows, button] as [UIView] {
                item.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(item)
            }
            let guide = view.safeAreaLayoutGuide
            NSLayoutConstraint.activate([
                title.topAnchor.constraint(equalTo: guide.topAnchor, constant: 16),
                title.leadingAnchor.constraint(equalTo: guide.leadingAnchor, constant: 20),
                rows.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 24),
                rows.leadingAnchor.constraint(equalTo: guide.leadingAnchor, constant: 16),
                rows.trailingAnchor.constraint(equalTo: guide.trailingAnchor, constant: -16),
                button.bottomAnchor.constraint(equalTo: guide.bottomAnchor, constant: -16),
                button.leadingAnchor.constraint(equalTo: rows.leadingAnchor),
                button.trailingAnchor.constraint(equalTo: rows.trailingAnchor),
                button.heightAnchor.constraint(equalToConstant: 50),
            ])
        }
    }

    /// A cell as a feed has one: a rounded thumbnail, a title and a subtitle.
    static func cell() -> UICollectionViewCell {
        let cell = UICollectionViewCell(frame: CGRect(x: 0, y: 0, width: 375, height: 80))
        cell.contentView.backgroundColor = .systemBackground
        let thumbnail = UIView(frame: CGRect(x: 16, y: 12, width: 56, height: 56))
        thumbnail.backgroundColor = .systemTeal
        thumbnail.layer.cornerRadius = 8
        let title = UILabel(frame: CGRect(x: 84, y: 16, width: 275, height: 22))
        title.text = "Morning light over the bay"
        title.font = .preferredFont(forTextStyle: .headline)
        let subtitle = UILabel(frame: CGRect(x: 84, y: 42, width: 275, height: 20))
        subtitle.text = "12 photos · 3 days ago"
        subtitle.textColor = .secondaryLabel
        for view in [thumbnail, title, subtitle] { cell.contentView.addSubview(view) }
        return cell
    }

    static var count: Int {
        Int(ProcessInfo.processInfo.environment["FRAMEGEN_ASSERTIONS"] ?? "") ?? 3
    }

    /// Records the reference, then asserts `count` times against it; the assertions a second.
    func rate<Value>(_ name: String, _ make: () -> Value, as strategy: Snapshotting<Value, UIImage>) throws
        -> Double
    {
        let folder = NSTemporaryDirectory() + "framegen-assertion-rate-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recorded = verifySnapshot(
            of: make(), as: strategy, named: name, record: .all, snapshotDirectory: folder)
        expect(recorded?.contains("Record mode is on") == true, "\(recorded ?? "nil")")
        let start = ContinuousClock.now
        for _ in 0..<Self.count {
            let failure = verifySnapshot(
                of: make(), as: strategy, named: name, record: .never, snapshotDirectory: folder)
            expect(failure == nil, "\(failure ?? "")")
        }
        let seconds = (ContinuousClock.now - start) / .seconds(1)
        return Double(Self.count) / seconds
    }

    @Test func assertionsASecond() throws {
        let controller = try rate("profile", { ProfileController() }, as: .image(on: .iPhone13))
        let cell = try rate("cell", { Self.cell() }, as: .image)
        #if DEBUG
            let build = "debug"
        #else
            let build = "release"
        #endif
        print(
            "snapshot assertions a second (\(build), \(Self.count) each): iPhone 13 view controller \(String(format: "%.1f", controller)), cell \(String(format: "%.1f", cell))"
        )
    }
}
