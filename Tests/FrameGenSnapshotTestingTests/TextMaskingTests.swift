import Foundation
import SnapshotTesting
import TestTiers
import Testing
import UIKit

@testable import FrameGenSnapshotTesting

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
        expect(message?.hasPrefix("Newly-taken snapshot does not match reference.") == true)
    }

    @Test func otherTextPassesMasked() {
        let message = SnapshotText.withMasking {
            Self.verdict(reference: Self.card("Hello"), new: Self.card("Hallo"))
        }
        expect(message == nil)
    }

    @Test func otherPixelsStillFailMasked() throws {
        let message = try #require(
            SnapshotText.withMasking {
                Self.verdict(reference: Self.card("Hello"), new: Self.card("Hello", stripe: .red))
            })
        // The label's 100 x 24 points grown by a tenth of its 17-point font on every side and by
        // 8 % of its width across, to whole pixels within the view: 120 x 28.
        expect(message.contains("framegen: text masked: 1 text runs, 3360 pixels not compared"))
        expect(message.contains("0 of the masked pixels differ (the text's glyphs)"))
        expect(message.contains("1200 of 7200 pixels differ"))
    }

    /// A label sized by its text ends where the stand-in's line ends; iOS's line of San
    /// Francisco may run a few per cent longer (Storytel's 15-point title: 254 px where the
    /// stand-in's is 238), so the mask reaches past the label by 8 % of its width, and by no
    /// more than two font sizes on a wide label.
    @Test func aLabelsMaskReachesPastItsEndAsALongerLineOfSanFranciscoWould() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 800, height: 80))
        let title = UILabel()
        title.font = .systemFont(ofSize: 15, weight: .medium)
        title.text = "Harry Potter"
        title.sizeToFit()
        title.frame.origin = CGPoint(x: 80, y: 10)
        let wide = UILabel(frame: CGRect(x: 100, y: 40, width: 580, height: 20))
        wide.font = .systemFont(ofSize: 12)
        wide.text = "Mayur Deshmukh"
        view.addSubview(title)
        view.addSubview(wide)
        let mask = Self.mask(of: view)
        let f = title.frame
        let reach = 0.07 * f.width
        expect(Self.masks(CGRect(x: f.maxX, y: f.minY, width: reach, height: f.height), in: mask))
        expect(Self.masks(CGRect(x: f.minX - reach, y: f.minY, width: reach, height: f.height), in: mask))
        // The wide label's reach is capped at two font sizes and a tenth: 25.2 points, not 47.6.
        expect(Self.masks(CGRect(x: 76, y: 40, width: 628, height: 20), in: mask))
        expect(!Self.masks(CGRect(x: 70, y: 40, width: 20, height: 20), in: mask))
        expect(!Self.masks(CGRect(x: 690, y: 40, width: 20, height: 20), in: mask))
    }

    // Every glyph framegen draws is in the mask (TextInk): not only labels' rectangles but a
    // text field's, a button title's where it is drawn, text drawn into an image shown
    // elsewhere, text drawn in `draw(_:)`; and nothing where no glyph is drawn.

    /// The masked comparison of the same view made with two strings.
    static func maskedVerdict(_ make: (String) -> UIView, _ a: String, _ b: String) -> String? {
        SnapshotText.withMasking { verdict(reference: make(a), new: make(b)) }
    }

    /// The rectangles the new image of `view` masks, in its points.
    static func mask(of view: UIView) -> [CGRect] {
        SnapshotText.withMasking { SnapshotText.take(for: image(view, strategy)) ?? [] }
    }

    static func field(text: String?, placeholder: String?) -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        view.backgroundColor = .white
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 180, height: 34))
        field.borderStyle = .roundedRect
        field.text = text
        field.placeholder = placeholder
        view.addSubview(field)
        return view
    }

    /// Whether one of the mask's rectangles holds `rect`.
    static func masks(_ rect: CGRect, in mask: [CGRect]) -> Bool {
        mask.contains { $0.contains(rect) }
    }

    /// The field's text rect inside its border, in the view's points: where iOS centres its line.
    static func textArea(of view: UIView) throws -> CGRect {
        let field = try #require(view.subviews.first as? UITextField)
        return field.convert(field.textRect(forBounds: field.bounds).insetBy(dx: 0, dy: 1), to: view)
    }

    @Test func textFieldTextIsMaskedOverItsTextRect() throws {
        expect(Self.maskedVerdict({ Self.field(text: $0, placeholder: nil) }, "Hello", "Hallo") == nil)
        let view = Self.field(text: "Hello", placeholder: nil)
        try expect(Self.masks(try Self.textArea(of: view), in: Self.mask(of: view)))
    }

    @Test func textFieldPlaceholderIsMaskedOverItsTextRect() throws {
        expect(Self.maskedVerdict({ Self.field(text: nil, placeholder: $0) }, "Name", "Nome") == nil)
        let view = Self.field(text: nil, placeholder: "Name")
        try expect(Self.masks(try Self.textArea(of: view), in: Self.mask(of: view)))
    }

    /// A system button narrower than its title, in a view that does not clip it.
    static func button(_ title: String) -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 50))
        view.backgroundColor = .white
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 70, y: 10, width: 60, height: 30)
        button.setTitle(title, for: .normal)
        view.addSubview(button)
        return view
    }

    @Test func buttonTitleWiderThanItsButtonIsMaskedWhereDrawn() throws {
        expect(Self.maskedVerdict(Self.button, "Continue now", "Continue new") == nil)
        // Past the button on both sides, over the title's whole line, as iOS may draw it.
        let view = Self.button("Continue now")
        let button = try #require(view.subviews.first as? UIButton)
        let font = try #require(button.titleLabel?.font)
        let line = ("Continue now" as NSString).size(withAttributes: [.font: font]).width
        expect(line > button.bounds.width)
        let title = CGRect(x: button.frame.midX - line / 2, y: button.frame.midY - 2, width: line, height: 4)
        expect(Self.masks(title, in: Self.mask(of: view)))
    }

    /// Initials drawn into a 40-point image at 2x, shown scaled up in an 80-point image view,
    /// as an avatar is.
    static func avatar(_ initials: String) -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 100))
        view.backgroundColor = .white
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40), format: format).image {
            context in
            UIColor.systemTeal.setFill()
            context.cgContext.fillEllipse(in: CGRect(x: 0, y: 0, width: 40, height: 40))
            let attributes: [NSAttributedString.Key: Any] = [
                .font: UIFont.systemFont(ofSize: 14), .foregroundColor: UIColor.white,
            ]
            let size = (initials as NSString).size(withAttributes: attributes)
            (initials as NSString).draw(
                at: CGPoint(x: (40 - size.width) / 2, y: (40 - size.height) / 2), withAttributes: attributes)
        }
        let imageView = UIImageView(frame: CGRect(x: 20, y: 10, width: 80, height: 80))
        imageView.image = image
        view.addSubview(imageView)
        return view
    }

    @Test func initialsDrawnIntoAnImageAreMaskedWhereTheImageViewShowsThem() throws {
        expect(Self.maskedVerdict(Self.avatar, "AB", "CD") == nil)
        // Only the initials: the circle around them is compared.
        let rects = Self.mask(of: Self.avatar("AB"))
        expect(rects.count == 1)
        let box = try #require(rects.first)
        expect(box.minX > 20 && box.maxX < 100 && box.minY > 10 && box.maxY < 90)
        expect(box.width > 20 && box.height > 20)
    }

    final class Drawn: UIView {
        var text = ""
        override func draw(_ rect: CGRect) {
            UIColor.orange.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 20, height: bounds.height))
            (text as NSString).draw(
                in: CGRect(x: 30, y: 5, width: 120, height: 30),
                withAttributes: [.font: UIFont.systemFont(ofSize: 17)])
        }
    }

    static func drawn(_ text: String) -> UIView {
        let view = Drawn(frame: CGRect(x: 0, y: 0, width: 160, height: 40))
        view.backgroundColor = .white
        view.text = text
        return view
    }

    @Test func textDrawnInDrawRectIsMasked() {
        expect(Self.maskedVerdict(Self.drawn, "Hello", "Hallo") == nil)
    }

    /// Labels that draw no glyph (only spaces; scrolled out of a view that clips them) and an
    /// image without text: nothing is masked.
    @Test func aViewWithoutTextMasksNothing() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 80))
        view.backgroundColor = .white
        let spaces = UILabel(frame: CGRect(x: 10, y: 10, width: 100, height: 20))
        spaces.text = "   "
        view.addSubview(spaces)
        let window = UIView(frame: CGRect(x: 10, y: 40, width: 100, height: 30))
        window.clipsToBounds = true
        let away = UILabel(frame: CGRect(x: 0, y: 40, width: 100, height: 20))
        away.text = "Hidden"
        window.addSubview(away)
        view.addSubview(window)
        let imageView = UIImageView(frame: CGRect(x: 80, y: 10, width: 20, height: 20))
        imageView.image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image {
            $0.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        view.addSubview(imageView)
        expect(Self.mask(of: view).isEmpty)
    }
}
