import Foundation
import FrameGenSnapshotTesting
import SnapshotTesting
import TestTiers
import Testing
import UIKit

/// Buttons drawn by `.image` beside the references iOS recorded for them (docs/parity.md, cases
/// HR-1, DS-1 and BSW-5). The numbers were measured from the reference PNGs; each test rebuilds
/// its project's setup. Text is compared by its box, not its glyphs.
@Suite struct ButtonParityTests {
    typealias Color = ParityImage.Color
    static let white = Color(255, 255, 255)

    /// The box of the pixels inside `area` that `differs` picks, as inclusive ranges.
    static func box(
        in image: UIImage.Bitmap, x: ClosedRange<Int>, y: ClosedRange<Int>, _ differs: (Color) -> Bool
    ) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        var (minX, maxX, minY, maxY) = (Int.max, Int.min, Int.max, Int.min)
        for py in y {
            for px in x where differs(ParityImage.color(image, px, py)) {
                (minX, maxX, minY, maxY) = (min(minX, px), max(maxX, px), min(minY, py), max(maxY, py))
            }
        }
        return minX <= maxX ? (minX...maxX, minY...maxY) : nil
    }

    // MARK: sarafelix25/hereminders-ios

    /// sarafelix25/hereminders-ios c1049fb79752ab6d1c6b19b948a37363cc25cf97,
    /// ButtonViewSnapshotTests.testButtonView (`.image(size: 343 x 44)`, 3x): a button pinned
    /// to a white view's edges, (66, 148, 244), corner radius 4 (not clipped), a white 17-point
    /// semibold title "Add new place".
    @Test(.systemVersion("17")) func aClassicButtonWithRoundedCorners() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 343, height: 44))
        view.backgroundColor = .white
        let button = UIButton()
        button.backgroundColor = UIColor(red: 66 / 255, green: 148 / 255, blue: 244 / 255, alpha: 1)
        button.layer.cornerRadius = 4
        button.setTitleColor(.white, for: .normal)
        button.titleLabel?.font = .systemFont(ofSize: 17, weight: .semibold)
        button.setTitle("Add new place", for: .normal)
        ParityImage.add(button, pinnedTo: view)
        let image = ParityImage.draw(view, scale: 3)
        let fill = Color(66, 148, 244)
        expect(image.width == 1029 && image.height == 132)
        // The fill across the middle row but for the title, which iOS drew at x 340...685.
        let runs = ParityImage.runs(of: fill, in: image, row: 66)
        expect(runs.first?.lowerBound == 0 && runs.last?.upperBound == 1028)
        // The title, centred: iOS's text box is x 340...685 (centre 512.5), y 47...94 (the p's
        // descender at the bottom). Its width is the font's (iOS's SF is narrower), not asserted.
        let text = try #require(Self.box(in: image, x: 12...1016, y: 12...119) { $0 != fill })
        expect(abs(Double(text.x.lowerBound + text.x.upperBound) / 2 - 512.5) <= 3)
        expect(abs(text.y.upperBound - 94) <= 1 && abs(text.y.lowerBound - 47) <= 3)
        // The corner, radius 12 pixels, covered once (the button does not clip): row 0's red
        // from x 7, and column 0's from y 7, as iOS covered them, within 2 levels; all four
        // corners alike.
        let profile = [232, 166, 117, 86, 70, 66]
        for (i, red) in profile.enumerated() {
            expect(abs(Int(ParityImage.color(image, 7 + i, 0).r) - red) <= 2, "row 0, x \(7 + i)")
            expect(abs(Int(ParityImage.color(image, 0, 7 + i).r) - red) <= 2, "column 0, y \(7 + i)")
            expect(abs(Int(ParityImage.color(image, 1021 - i, 131).r) - red) <= 2, "bottom right")
        }
    }

    // MARK: MateeDevs/devstack-ios-app

    /// MateeDevs/devstack-ios-app e6f8c18c421253652ae67ec2a981f4016c36c23b,
    /// BaseButtonTests.testDefaultAppearance (`.image`, 3x): `PrimaryButton`, 300 x 58 points,
    /// corner radius 5 clipping, (225, 190, 43), content insets 16, a white 20-point title
    /// "BUTTON".
    @Test(.systemVersion("17")) func aClippedClassicButtonWithInsets() throws {
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 300, height: 58))
        button.layer.cornerRadius = 5
        button.layer.masksToBounds = true
        button.backgroundColor = UIColor(red: 225 / 255, green: 190 / 255, blue: 43 / 255, alpha: 1)
        button.setTitleColor(.white, for: .normal)
        button.titleLabel?.font = .systemFont(ofSize: 20)
        button.titleLabel?.adjustsFontSizeToFitWidth = true
        button.contentEdgeInsets = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        button.setTitle("BUTTON", for: .normal)
        let image = ParityImage.draw(button, scale: 3)
        let fill = Color(225, 190, 43)
        expect(image.width == 900 && image.height == 174)
        expect(ParityImage.runs(of: fill, in: image, column: 100) == [0...173])
        // The title inside the 16-point insets, centred: iOS's box is x 334...561 (centre
        // 447.5), y 65...108 (the O's overshoot at the bottom).
        let text = try #require(Self.box(in: image, x: 20...879, y: 20...153) { $0 != fill })
        expect(abs(Double(text.x.lowerBound + text.x.upperBound) / 2 - 447.5) <= 3)
        expect(abs(text.y.upperBound - 108) <= 1 && abs(text.y.lowerBound - 65) <= 3)
        // The clipped corner, radius 15 pixels, covered twice under `render(in:)` (the
        // background's rounding, then the clip's): row 0's alpha from x 10 as iOS's, within 2.
        for (i, alpha) in [22, 83, 153, 212, 243, 255].enumerated() {
            expect(abs(Int(image.pixels[(10 + i) * 4 + 3]) - alpha) <= 2, "x \(10 + i)")
        }
        expect(image.pixels[9 * 4 + 3] == 0)
    }

    // MARK: theleftbit/BSWInterfaceKit

    /// theleftbit/BSWInterfaceKit b1531969254051f3abea58fe75fb5800a07a2b0a,
    /// UIViewControllerTests.addBottomActionButton(WithMargin) (`.image(on: .iPhoneX)`, 3x): a
    /// `.filled()` button "Send Wink", white on red, square, 50 points high, pinned to the
    /// bottom of a white controller's view with margins 0 or 20.
    final class BottomButtonController: UIViewController {
        let margin: CGFloat
        init(margin: CGFloat) {
            self.margin = margin
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            var config = UIButton.Configuration.filled()
            config.title = "Send Wink"
            config.baseForegroundColor = .white
            config.baseBackgroundColor = .red
            config.background.cornerRadius = 0
            let button = UIButton(configuration: config)
            button.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(button)
            NSLayoutConstraint.activate([
                button.heightAnchor.constraint(equalToConstant: 50),
                button.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: margin),
                button.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -margin),
                button.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -margin),
            ])
        }
    }

    /// The button 150 pixels high at the bottom (less the margin), square and hard-edged, across
    /// the view (less the margins); its title centred, x 448...677 and y 2342...2378 in iOS's
    /// image without margins, 60 pixels higher with them.
    @Test func aFilledConfigurationButton() throws {
        for margin in [0, 20] {
            let image = ParityImage.draw(BottomButtonController(margin: CGFloat(margin)), on: .iPhoneX)
            let red = Color(255, 0, 0)
            let m = margin * 3
            let top = 2286 - m
            expect(ParityImage.runs(of: red, in: image, column: 300) == [top...(top + 149)])
            expect(ParityImage.runs(of: red, in: image, row: top + 10) == [m...(1124 - m)])
            if m > 0 { expect(ParityImage.color(image, m - 1, top + 10) == Self.white) }
            let text = try #require(
                Self.box(in: image, x: m...(1124 - m), y: top...(top + 149)) { $0 != red })
            expect(abs(Double(text.x.lowerBound + text.x.upperBound) / 2 - 562.5) <= 3)
            expect(abs(text.y.lowerBound - (2342 - m)) <= 2 && abs(text.y.upperBound - (2378 - m)) <= 2)
        }
    }
}
