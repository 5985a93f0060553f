import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

/// Attributed text as apps measure and draw it: paragraph styles, the string drawing methods
/// (measured as a label measures, drawn where a label draws), underlines, font descriptors, a
/// segmented control's title attributes.
@Suite struct AttributedTextTests {
    static let font = UIFont.systemFont(ofSize: 17)
    static let long = "The quick brown fox jumps over the lazy dog and keeps on running"

    /// The box of the pixels with any ink (alpha > 0); nil for none.
    static func ink(_ image: UIImage) -> (minX: Int, maxX: Int, minY: Int, maxY: Int, count: Int)? {
        let b = image.bitmap!
        var box: (minX: Int, maxX: Int, minY: Int, maxY: Int, count: Int)?
        for y in 0..<b.height {
            for x in 0..<b.width where b.pixels[(y * b.width + x) * 4 + 3] > 0 {
                let old = box ?? (x, x, y, y, 0)
                box = (min(old.minX, x), max(old.maxX, x), min(old.minY, y), max(old.maxY, y), old.count + 1)
            }
        }
        return box
    }

    static func render(_ size: CGSize, _ draw: @escaping (UIGraphicsImageRendererContext) -> Void) -> UIImage
    {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        return UIGraphicsImageRenderer(size: size, format: format).image(actions: draw)
    }

    static func rendered(_ view: UIView) -> UIImage {
        render(view.bounds.size) { view.layer.render(in: $0.cgContext) }
    }

    static func paragraph(_ configure: (NSMutableParagraphStyle) -> Void) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        configure(style)
        return style
    }

    static func label(_ text: String, _ attributes: [NSAttributedString.Key: Any], width: CGFloat) -> UILabel
    {
        let label = UILabel()
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = width
        label.attributedText = NSAttributedString(
            string: text, attributes: [.font: font].merging(attributes) { $1 })
        return label
    }

    @Test func sizeIsALabelsIntrinsicSize() {
        let label = UILabel()
        label.font = Self.font
        label.text = "Hello, world"
        let size = label.intrinsicContentSize
        expect(size.width > 50 && size.height > 17)
        expect("Hello, world".size(withAttributes: [.font: Self.font]) == size)
        expect(("Hello, world" as NSString).size(withAttributes: [.font: Self.font]) == size)
        expect(NSAttributedString(string: "Hello, world", attributes: [.font: Self.font]).size() == size)
        expect(label.sizeThatFits(.zero) == size || label.sizeThatFits(.zero) == label.bounds.size)
    }

    @Test func boundingRectWrapsOnlyWithLineFragmentOrigin() {
        let width: CGFloat = 120
        let wrapped = Self.long.boundingRect(
            with: CGSize(width: width, height: .greatestFiniteMagnitude), options: .usesLineFragmentOrigin,
            attributes: [.font: Self.font], context: nil)
        let lines = (wrapped.height / Self.font.lineHeight).rounded()
        expect(lines >= 4)
        expect(abs(wrapped.height - lines * Self.font.lineHeight) < 0.5)
        expect(wrapped.width <= width && wrapped.origin == .zero)
        expect(wrapped.size == Self.label(Self.long, [:], width: width).intrinsicContentSize)
        let single = Self.long.boundingRect(
            with: CGSize(width: width, height: .greatestFiniteMagnitude), options: [],
            attributes: [.font: Self.font], context: nil)
        expect(single.height < Self.font.lineHeight + 0.5)
        expect(single.width > width)
        expect(single.minY == -Self.font.ascender)
        // A truncating line break mode keeps the paragraph on one line, as TextKit does.
        let truncating = Self.paragraph { $0.lineBreakMode = .byTruncatingTail }
        let cut = Self.long.boundingRect(
            with: CGSize(width: width, height: 1000), options: .usesLineFragmentOrigin,
            attributes: [.font: Self.font, .paragraphStyle: truncating], context: nil)
        expect(cut.height == single.height && cut.width == width)
    }

    @Test func paragraphSpacingGrowsALabel() {
        let plain = Self.label(Self.long, [:], width: 120).intrinsicContentSize.height
        let lines = (plain / Self.font.lineHeight).rounded()
        let spaced = Self.label(
            Self.long, [.paragraphStyle: Self.paragraph { $0.lineSpacing = 10 }], width: 120
        ).intrinsicContentSize.height
        expect(abs(spaced - plain - (lines - 1) * 10) <= 0.5)
        let tall = Self.label(
            Self.long, [.paragraphStyle: Self.paragraph { $0.lineHeightMultiple = 1.5 }], width: 120
        ).intrinsicContentSize.height
        expect(abs(tall - lines * Self.font.lineHeight * 1.5) <= 0.5)
        let fixed = Self.label(
            Self.long,
            [.paragraphStyle: Self.paragraph { ($0.minimumLineHeight, $0.maximumLineHeight) = (30, 30) }],
            width: 120
        ).intrinsicContentSize.height
        expect(fixed == lines * 30)
        let paragraphs = Self.label(
            "One\nTwo\nThree", [.paragraphStyle: Self.paragraph { $0.paragraphSpacing = 8 }], width: 300
        ).intrinsicContentSize.height
        expect(abs(paragraphs - (3 * Self.font.lineHeight + 16)) <= 0.5)
    }

    /// Spacing moves the drawn lines as it grows the label: the ink of three spaced lines spans
    /// the extra space.
    @Test func lineSpacingSpreadsDrawnLines() {
        func inkHeight(_ spacing: CGFloat) -> Int {
            let label = Self.label(
                "One\nTwo\nThree", [.paragraphStyle: Self.paragraph { $0.lineSpacing = spacing }], width: 300)
            label.frame = CGRect(origin: .zero, size: label.intrinsicContentSize)
            let box = Self.ink(Self.rendered(label))!
            return box.maxY - box.minY
        }
        let grown = inkHeight(20) - inkHeight(0)
        expect(abs(grown - 2 * 20 * 2) <= 2)
    }

    @Test func paragraphAlignmentMovesInk() {
        func inkX(_ alignment: NSTextAlignment) -> (Int, Int) {
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
            label.attributedText = NSAttributedString(
                string: "Hi",
                attributes: [.font: Self.font, .paragraphStyle: Self.paragraph { $0.alignment = alignment }])
            expect(label.textAlignment == alignment)
            let box = Self.ink(Self.rendered(label))!
            return (box.minX, box.maxX)
        }
        let left = inkX(.left)
        let centre = inkX(.center)
        let right = inkX(.right)
        expect(left.0 < 6)
        expect(right.1 > 400 - 6)
        expect(abs((centre.0 + centre.1) / 2 - 200) <= 2)
    }

    @Test func drawAtPointInksWhereALabelWould() {
        let attributes: [NSAttributedString.Key: Any] = [.font: Self.font, .foregroundColor: UIColor.black]
        let drawn = Self.render(CGSize(width: 200, height: 40)) { _ in
            "Hello".draw(at: CGPoint(x: 10, y: 5), withAttributes: attributes)
        }
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        let label = UILabel()
        label.font = Self.font
        label.textColor = .black
        label.text = "Hello"
        label.frame = CGRect(origin: CGPoint(x: 10, y: 5), size: label.intrinsicContentSize)
        container.addSubview(label)
        let labelled = Self.rendered(container)
        let a = Self.ink(drawn)
        let b = Self.ink(labelled)
        expect(a != nil)
        expect(a?.minX == b?.minX && a?.maxX == b?.maxX && a?.minY == b?.minY && a?.maxY == b?.maxY)
        expect(a!.minX >= 20 && a!.minY >= 10)
        // The attributed and NSString spellings draw the same.
        let attributed = Self.render(CGSize(width: 200, height: 40)) { _ in
            NSAttributedString(string: "Hello", attributes: attributes).draw(at: CGPoint(x: 10, y: 5))
        }
        expect(attributed.bitmap == drawn.bitmap)
    }

    /// In a view's `draw(_:)`, text wraps in its rect and moves with the context's transform.
    @Test func drawInRectWrapsInAViewsDrawing() {
        final class Note: UIView {
            override func draw(_ rect: CGRect) {
                let context = UIGraphicsGetCurrentContext()!
                context.translateBy(x: 0, y: 20)
                (AttributedTextTests.long as NSString).draw(
                    in: CGRect(x: 0, y: 0, width: 120, height: 400),
                    withAttributes: [.font: AttributedTextTests.font])
            }
        }
        let note = Note(frame: CGRect(x: 0, y: 0, width: 120, height: 300))
        let box = Self.ink(Self.rendered(note))!
        let height = Self.long.boundingRect(
            with: CGSize(width: 120, height: 400), options: .usesLineFragmentOrigin,
            attributes: [.font: Self.font], context: nil
        ).height
        expect(box.minY >= 40 && box.minY < 50)
        expect(box.maxY > 40 + Int(height * 2) - 20 && box.maxY <= 40 + Int(height * 2))
        expect(box.maxX < 240)
    }

    /// `.kern` adds its points after every character, the last one too, as Core Text does: a
    /// kerned line of five characters is five kerns wider, measured and drawn (its ink, which
    /// ends at the last glyph, four). `.tracking` wins over `.kern`.
    @Test func kernAddsItsPointsAfterEveryCharacter() {
        let text = "Hello" as NSString
        let plain = text.size(withAttributes: [.font: Self.font]).width
        let kerned = text.size(withAttributes: [.font: Self.font, .kern: 2]).width
        let slack = 1 / UIScreen.main.scale + 0.01
        expect(abs(kerned - plain - 10) <= slack, "\(kerned) against \(plain)")
        let tracked = text.size(withAttributes: [.font: Self.font, .kern: 2, .tracking: NSNumber(value: 4)])
            .width
        expect(abs(tracked - plain - 20) <= slack)
        func label(_ attributes: [NSAttributedString.Key: Any]) -> UILabel {
            let label = UILabel()
            label.attributedText = NSAttributedString(
                string: text as String, attributes: [.font: Self.font].merging(attributes) { $1 })
            label.sizeToFit()
            return label
        }
        let wide = label([.kern: CGFloat(2)])
        expect(abs(wide.intrinsicContentSize.width - kerned) < 0.01)
        let inkPlain = Self.ink(Self.rendered(label([:])))!
        let inkKerned = Self.ink(Self.rendered(wide))!
        // 2x pixels: four kerns of 2 points between the five glyphs.
        expect(abs((inkKerned.maxX - inkKerned.minX) - (inkPlain.maxX - inkPlain.minX) - 16) <= 1)
    }

    @Test func underlineAndStrikethroughAddLines() {
        func ink(_ attributes: [NSAttributedString.Key: Any]) -> (
            minX: Int, maxX: Int, minY: Int, maxY: Int, count: Int
        ) {
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
            label.attributedText = NSAttributedString(
                string: "Hi there", attributes: [.font: Self.font].merging(attributes) { $1 })
            return Self.ink(Self.rendered(label))!
        }
        let plain = ink([:])
        let underlined = ink([.underlineStyle: NSUnderlineStyle.single.rawValue])
        let struck = ink([.strikethroughStyle: NSUnderlineStyle.single])
        expect(underlined.maxY >= plain.maxY)
        expect(underlined.count > plain.count + 2 * 60)
        expect(struck.maxY == plain.maxY && struck.minY == plain.minY)
        expect(struck.count > plain.count + 2 * 60)
        let double = ink([.underlineStyle: NSUnderlineStyle.double.rawValue])
        expect(double.count > underlined.count)
    }

    @Test func boldTraitMakesABoldFont() throws {
        let regular = UIFont.systemFont(ofSize: 17)
        let descriptor = try #require(regular.fontDescriptor.withSymbolicTraits(.traitBold))
        let bold = UIFont(descriptor: descriptor, size: 0)
        expect(bold.pointSize == 17)
        expect(bold.fontDescriptor.symbolicTraits.contains(.traitBold))
        expect(!regular.fontDescriptor.symbolicTraits.contains(.traitBold))
        expect(bold == UIFont.boldSystemFont(ofSize: 17))
        expect(
            "Hello".size(withAttributes: [.font: bold]).width
                > "Hello".size(withAttributes: [.font: regular]).width)
        expect(UIFont(descriptor: descriptor, size: 20).pointSize == 20)
        let italic = UIFont(
            descriptor: try #require(descriptor.withSymbolicTraits([.traitBold, .traitItalic])), size: 0)
        expect(italic.fontDescriptor.symbolicTraits == [.traitBold, .traitItalic])
        let unbolded = UIFont(descriptor: try #require(bold.fontDescriptor.withSymbolicTraits([])), size: 0)
        expect(unbolded == regular)
        let rounded = try #require(regular.fontDescriptor.withDesign(.rounded))
        expect(UIFont(descriptor: rounded, size: 0).pointSize == 17)
        expect(UIFont(name: "Helvetica", size: 12)!.fontDescriptor.withDesign(.rounded) == nil)
        let mono = UIFont(descriptor: try #require(regular.fontDescriptor.withDesign(.monospaced)), size: 0)
        expect(mono.fontDescriptor.symbolicTraits.contains(.traitMonoSpace))
        let headline = UIFontDescriptor.preferredFontDescriptor(withTextStyle: .headline)
        expect(headline.pointSize == 17)
        expect(UIFont(descriptor: headline, size: 0) == UIFont.preferredFont(forTextStyle: .headline))
        let helveticaBold = UIFont(
            descriptor: try #require(
                UIFont(name: "Helvetica", size: 12)!.fontDescriptor.withSymbolicTraits(.traitBold)),
            size: 0)
        expect(helveticaBold.familyName == "Helvetica" && helveticaBold.fontName == "Helvetica-Bold")
    }

    @Test func attributedTextSetsTheLabelsProperties() {
        let label = UILabel()
        let font = UIFont.boldSystemFont(ofSize: 22)
        label.attributedText = NSAttributedString(
            string: "x",
            attributes: [
                .font: font, .foregroundColor: UIColor.red,
                .paragraphStyle: Self.paragraph { $0.alignment = .right },
            ])
        expect(label.font == font)
        expect(label.textColor == .red)
        expect(label.textAlignment == .right)
        label.text = "y"
        expect(label.font == font)
    }

    @Test func paragraphStyleCopies() throws {
        let style = try #require(NSParagraphStyle.default.mutableCopy() as? NSMutableParagraphStyle)
        style.lineSpacing = 4
        expect(NSParagraphStyle.default.lineSpacing == 0)
        let copy = try #require(style.copy() as? NSParagraphStyle)
        expect(copy.lineSpacing == 4 && !(copy is NSMutableParagraphStyle))
        expect(copy == style)
        expect(NSParagraphStyle.default.lineBreakMode == .byWordWrapping)
    }

    @Test func segmentedControlTitleAttributes() {
        let control = UISegmentedControl(items: ["One", "Two"])
        let narrow = control.intrinsicContentSize.width
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 20)]
        control.setTitleTextAttributes(attributes, for: .normal)
        expect(control.titleTextAttributes(for: .normal)?[.font] as? UIFont == UIFont.systemFont(ofSize: 20))
        expect(control.titleTextAttributes(for: .selected) == nil)
        control.frame = CGRect(x: 0, y: 0, width: 300, height: 32)
        control.layoutIfNeeded()
        expect(control.intrinsicContentSize.width > narrow)
    }

    /// The columns of `image` whose ink is mostly `channel` (0 red, 1 green, 2 blue): the
    /// leftmost and rightmost, nil for none.
    static func inkColumns(_ image: UIImage, channel: Int) -> (first: Int, last: Int)? {
        let b = image.bitmap!
        var first: Int?
        var last: Int?
        for x in 0..<b.width {
            for y in 0..<b.height {
                let i = (y * b.width + x) * 4
                let p = (0..<3).map { Int(b.pixels[i + $0]) }
                if b.pixels[i + 3] > 128, p[channel] > 128,
                    p.enumerated().allSatisfy({ $0.offset == channel || $0.element < 80 })
                {
                    first = first ?? x
                    last = x
                }
            }
        }
        return first.map { ($0, last!) }
    }

    /// Core Text draws an attributed string's runs each in its own font and colour: a label of a
    /// regular red run then a bold blue one measures as the two runs measured apart, and draws
    /// the first run's ink red, left of the second's, blue.
    @Test func eachRunIsMeasuredAndDrawnInItsOwnFontAndColour() throws {
        let regular = UIFont.systemFont(ofSize: 17)
        let bold = UIFont.boldSystemFont(ofSize: 17)
        let text = NSMutableAttributedString(
            string: "Update your ", attributes: [.font: regular, .foregroundColor: UIColor.red])
        text.append(
            NSAttributedString(string: "settings", attributes: [.font: bold, .foregroundColor: UIColor.blue]))
        let label = UILabel()
        label.attributedText = text
        let size = label.intrinsicContentSize
        let first = "Update your ".size(withAttributes: [.font: regular]).width
        let second = "settings".size(withAttributes: [.font: bold]).width
        let scale = UIScreen.main.scale
        expect(size.width <= first + second && size.width >= first + second - 2 / scale)
        expect(size.width > "Update your settings".size(withAttributes: [.font: regular]).width)
        expect(
            size.height == regular.lineHeight.rounded(.up)
                || abs(size.height - regular.lineHeight) < 1 / scale)
        expect(text.size() == size)
        label.frame = CGRect(origin: .zero, size: size)
        let image = Self.rendered(label)
        let red = try #require(Self.inkColumns(image, channel: 0))
        let blue = try #require(Self.inkColumns(image, channel: 2))
        expect(red.last < blue.first)
        expect(Double(blue.first) >= Double(first - 2) * 2)
    }

    /// Setting a label's font or colour after its attributed text gives the whole text that font
    /// or colour, as UILabel documents for styled text.
    @Test func aLabelsFontAndColourRestyleAllOfItsAttributedText() {
        let text = NSMutableAttributedString(
            string: "Update ",
            attributes: [.font: UIFont.systemFont(ofSize: 12), .foregroundColor: UIColor.red])
        text.append(
            NSAttributedString(
                string: "now",
                attributes: [.font: UIFont.boldSystemFont(ofSize: 30), .foregroundColor: UIColor.blue]))
        let label = UILabel()
        label.attributedText = text
        let styled = label.intrinsicContentSize
        label.font = UIFont.systemFont(ofSize: 12)
        label.textColor = .green
        let string = label.attributedText!
        expect((string.attribute(.font, at: 8, effectiveRange: nil) as? UIFont)?.pointSize == 12)
        expect((string.attribute(.foregroundColor, at: 8, effectiveRange: nil) as? UIColor) == .green)
        expect(
            label.intrinsicContentSize
                == "Update now".size(withAttributes: [.font: UIFont.systemFont(ofSize: 12)]))
        expect(label.intrinsicContentSize.height < styled.height)
    }

    /// A text view draws its links (`.link` ranges) with `linkTextAttributes`, by default in its
    /// tint colour, as iOS does.
    @Test func aTextViewDrawsItsLinksInTheirAttributes() throws {
        let text = NSMutableAttributedString(
            string: "Read the ",
            attributes: [.font: UIFont.systemFont(ofSize: 17), .foregroundColor: UIColor.red])
        text.append(
            NSAttributedString(
                string: "guide",
                attributes: [.font: UIFont.systemFont(ofSize: 17), .link: "https://example.com"]))
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        view.isScrollEnabled = false
        view.tintColor = .blue
        view.attributedText = text
        view.frame.size = view.sizeThatFits(CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude))
        let tinted = Self.rendered(view)
        let red = try #require(Self.inkColumns(tinted, channel: 0))
        let blue = try #require(Self.inkColumns(tinted, channel: 2))
        expect(red.last < blue.first)
        view.linkTextAttributes = [.foregroundColor: UIColor(red: 0, green: 0.8, blue: 0, alpha: 1)]
        let green = Self.rendered(view)
        expect(Self.inkColumns(green, channel: 2) == nil)
        expect(Self.inkColumns(green, channel: 1) != nil)
        // The text keeps its own attributes: the link's colour is drawn, not stored.
        expect(view.attributedText.attribute(.foregroundColor, at: 10, effectiveRange: nil) == nil)
    }
}
