import Foundation
import FrameGenSnapshotTesting
import SnapshotTesting
import Testing
import UIKit

/// Text masking: a label whose text differs from the reference's (as San Francisco's glyphs
/// differ from DejaVu's) fails unmasked, passes masked, and a difference outside the text still
/// fails, with the message saying what was masked.
@Suite struct TextMaskingTests {
    static func card(_ text: String, stripe: UIColor = .blue) -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 60))
        view.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 10, y: 10, width: 100, height: 24))
        label.text = text
        view.addSubview(label)
        let bar = UIView(frame: CGRect(x: 0, y: 50, width: 120, height: 10))
        bar.backgroundColor = stripe
        view.addSubview(bar)
        return view
    }

    static func image(_ view: UIView, _ strategy: Snapshotting<UIView, UIImage>) -> UIImage {
        var image: UIImage?
        strategy.snapshot(view).run { image = $0 }
        return image!
    }

    static var strategy: Snapshotting<UIView, UIImage> { .image(traits: .init(displayScale: 1)) }

    static func verdict(reference: UIView, new: UIView) -> String? {
        let strategy = Self.strategy
        let old = image(reference, strategy)
        let taken = image(new, strategy)
        return strategy.diffing.diffV2(old, taken)?.0
    }

    @Test func otherTextFailsUnmasked() {
        let message = SnapshotText.withMasking(false) {
            Self.verdict(reference: Self.card("Hello"), new: Self.card("Hallo"))
        }
        #expect(message?.hasPrefix("Newly-taken snapshot does not match reference.") == true)
    }

    @Test func otherTextPassesMasked() {
        let message = SnapshotText.withMasking {
            Self.verdict(reference: Self.card("Hello"), new: Self.card("Hallo"))
        }
        #expect(message == nil)
    }

    @Test func otherPixelsStillFailMasked() throws {
        let message = try #require(
            SnapshotText.withMasking {
                Self.verdict(reference: Self.card("Hello"), new: Self.card("Hello", stripe: .red))
            })
        #expect(message.contains("framegen: text masked: 1 text runs, 2400 pixels not compared"))
        #expect(message.contains("1200 of 7200 pixels differ"))
    }
}
