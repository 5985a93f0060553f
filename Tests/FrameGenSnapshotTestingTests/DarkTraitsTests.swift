import Foundation
import FrameGenSnapshotTesting
import SnapshotTesting
import TestTiers
import Testing
import UIKit

/// A snapshot strategy's `traits:` reach the view: `userInterfaceStyle: .dark` resolves its
/// system colours dark and tells a view made light that its traits changed, as the window
/// swift-snapshot-testing hosts a view in does on iOS.
@Suite struct DarkTraitsTests {
    final class Card: UIView {
        var previousStyles: [UIUserInterfaceStyle?] = []
        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .secondarySystemBackground
            let stripe = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 4))
            stripe.backgroundColor = .systemBlue
            addSubview(stripe)
        }
        required init?(coder: NSCoder) { fatalError() }
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            previousStyles.append(previousTraitCollection?.userInterfaceStyle)
        }
    }

    /// The card as `.image(traits:)` draws it in `style`, and its pixels at (2, 2) and (2, 8).
    static func snapshot(_ style: UIUserInterfaceStyle) -> (stripe: [UInt8], body: [UInt8], card: Card) {
        let card = Card(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let strategy: Snapshotting<UIView, UIImage> = .image(
            traits: UITraitCollection(traitsFrom: [.init(displayScale: 1), .init(userInterfaceStyle: style)]))
        var image: UIImage?
        strategy.snapshot(card).run { image = $0 }
        let b = image!.bitmap!
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(b.pixels[((y * b.width + x) * 4)...].prefix(4)) }
        return (pixel(2, 2), pixel(2, 8), card)
    }

    @Test func darkTraitsResolveSystemColoursDark() {
        let dark = Self.snapshot(.dark)
        expect(dark.stripe == [10, 132, 255, 255])
        expect(dark.body == [28, 28, 30, 255])
        expect(dark.card.previousStyles == [.light])
        let light = Self.snapshot(.light)
        expect(light.stripe == [0, 122, 255, 255])
        expect(light.body == [242, 242, 247, 255])
        // Told too: the window's scale (1) is not the one the card was made with (the screen's 3).
        expect(light.card.previousStyles == [.light])
    }
}
