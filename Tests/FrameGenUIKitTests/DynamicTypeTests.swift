import Foundation
import TestTiers
import Testing

@testable import FrameGenUIKit

/// Text styles at each content size, as the Dynamic Type table of Apple's Human Interface
/// Guidelines gives them, through `preferredFont` and `UIFontMetrics`.
@Suite struct DynamicTypeTests {
    static func screen(_ category: UIContentSizeCategory) -> UIScreen {
        UIScreen(size: CGSize(width: 10, height: 10), scale: 1, preferredContentSizeCategory: category)
    }

    @Test func preferredFontsFollowTheScreensTextSize() {
        expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
        expect(UIFont.preferredFont(forTextStyle: .largeTitle).pointSize == 34)
        UIScreen.withMain(Self.screen(.extraSmall)) {
            expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 14)
            expect(UIFont.preferredFont(forTextStyle: .caption2).pointSize == 11)
        }
        UIScreen.withMain(Self.screen(.extraExtraExtraLarge)) {
            expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 23)
            expect(UIFont.preferredFont(forTextStyle: .title1).pointSize == 34)
            expect(UIFont.preferredFont(forTextStyle: .headline).fontName == ".SFUI-Semibold")
        }
        UIScreen.withMain(Self.screen(.accessibilityExtraExtraExtraLarge)) {
            expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 53)
            expect(UIFont.preferredFont(forTextStyle: .footnote).pointSize == 44)
            expect(UIFont.preferredFont(forTextStyle: .largeTitle).pointSize == 60)
        }
        let big = UITraitCollection(preferredContentSizeCategory: .accessibilityMedium)
        expect(UIFont.preferredFont(forTextStyle: .subheadline, compatibleWith: big).pointSize == 25)
        // Without traits, the app's text size, whatever the current traits say, as on iOS.
        big.performAsCurrent { expect(UIFont.preferredFont(forTextStyle: .callout).pointSize == 16) }
    }

    /// iOS's published figures: a body-style metrics takes the system font's 17 points to 48 at
    /// accessibility XXXL, where the body style itself is 53 (17 x 62 / 22, the style's leading
    /// there over its leading at Large, to whole points); and a value of 17 to 16.23 at Medium
    /// (17 x 21 / 22), which iOS rounds to the display's pixels: 16.333 at 3x, as SwiftUI's
    /// scaled metric gives it.
    /// A scaled length is rounded to the display's pixels, each on its own: thumbprint-ios's pills
    /// on iOS 17 at 3x (24-point height and 12-point side padding, body style) are 157 pixels tall
    /// and 158 wide at accessibility XL (52.364 and 2 x 26.182 points unrounded: 157.09 and
    /// 2 x 78.55 pixels), 62 tall at extra small (20.727 points).
    @Test func scaledLengthsAreRoundedToTheDisplaysPixels() {
        let body = UIFontMetrics(forTextStyle: .body)
        let axl = UITraitCollection(traitsFrom: [
            UITraitCollection(preferredContentSizeCategory: .accessibilityExtraLarge),
            UITraitCollection(displayScale: 3),
        ])
        expect(abs(body.scaledValue(for: 24, compatibleWith: axl) * 3 - 157) < 1e-9)
        expect(abs(2 * body.scaledValue(for: 12, compatibleWith: axl) * 3 - 158) < 1e-9)
        let xs = UITraitCollection(traitsFrom: [
            UITraitCollection(preferredContentSizeCategory: .extraSmall), UITraitCollection(displayScale: 3),
        ])
        expect(abs(body.scaledValue(for: 24, compatibleWith: xs) * 3 - 62) < 1e-9)
        // At 2x, to half points; without a scale in the traits, the screen's.
        let xs2 = UITraitCollection(traitsFrom: [
            UITraitCollection(preferredContentSizeCategory: .extraSmall), UITraitCollection(displayScale: 2),
        ])
        expect(body.scaledValue(for: 24, compatibleWith: xs2) == 20.5)
        let noScale = UITraitCollection(preferredContentSizeCategory: .extraSmall)
        expect(abs(body.scaledValue(for: 24, compatibleWith: noScale) * UIScreen.main.scale - 62) < 1e-9)
    }

    @Test func fontMetricsScaleByTheStylesLeading() {
        let body = UIFontMetrics.default
        expect(body.scaledValue(for: 10) == 10)
        let medium = UITraitCollection(preferredContentSizeCategory: .medium)
        let value = body.scaledValue(for: 17, compatibleWith: medium)
        expect(abs(value - (17.0 * 21 / 22 * 3).rounded() / 3) < 1e-9)
        expect(abs(value - 16.333) < 0.001)
        let xl = UITraitCollection(preferredContentSizeCategory: .extraLarge)
        let font = UIFont.systemFont(ofSize: 34)
        expect(body.scaledFont(for: font, compatibleWith: xl).pointSize == 37, "34 x 24 / 22 = 37.1")
        expect(body.scaledFont(for: font, maximumPointSize: 36.5, compatibleWith: xl).pointSize == 36.5)
        UIScreen.withMain(Self.screen(.accessibilityExtraExtraExtraLarge)) {
            expect(body.scaledFont(for: .systemFont(ofSize: 17)).pointSize == 48)
            expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 53)
            let scale = UIScreen.main.scale
            let caption = UIFontMetrics(forTextStyle: .caption2).scaledValue(for: 11)
            expect(abs(caption - (11.0 * 48 / 13 * scale).rounded() / scale) < 1e-9)
        }
        // Every style's leading grows with the category, and Large's is the table's default.
        let styles: [UIFont.TextStyle] = [
            .largeTitle, .title1, .title2, .title3, .headline, .body, .callout, .subheadline,
            .footnote, .caption1, .caption2,
        ]
        for style in styles {
            let leadings = UIContentSizeCategory.ordered.dropFirst().map { style.leading(for: $0) }
            expect(zip(leadings, leadings.dropFirst()).allSatisfy { $0 <= $1 }, "\(style.rawValue)")
            expect(style.leading(for: .unspecified) == style.leading(for: .large))
            expect(style.leading(for: .large) > style.defaultFont.size)
        }
    }
}

/// A label that adjusts to the text size takes its style's size when its traits' category
/// changes, as a snapshot test's traits change it on iOS; one that does not keeps its font.
@Test func aLabelAdjustingToTheTextSizeFollowsItsTraits() {
    let window = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    let adjusting = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
    adjusting.font = .preferredFont(forTextStyle: .body)
    adjusting.adjustsFontForContentSizeCategory = true
    let scaled = UILabel(frame: CGRect(x: 0, y: 50, width: 200, height: 40))
    scaled.font = UIFontMetrics(forTextStyle: .title1).scaledFont(
        for: .systemFont(ofSize: 20), maximumPointSize: 25)
    scaled.adjustsFontForContentSizeCategory = true
    let fixed = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
    fixed.font = .preferredFont(forTextStyle: .body)
    window.addSubview(adjusting)
    window.addSubview(scaled)
    window.addSubview(fixed)
    window.hostedTraits = UITraitCollection(preferredContentSizeCategory: .accessibilityMedium)
    window.layoutIfNeeded()
    for label in [adjusting, scaled, fixed] { label.layoutIfNeeded() }
    expect(adjusting.font.pointSize == 28)
    // title1's leading grows from 34 to 46 at accessibility medium: 20 x 46 / 34 (27), at most 25.
    expect(scaled.font.pointSize == 25)
    expect(fixed.font.pointSize == 17)
    window.hostedTraits = UITraitCollection(preferredContentSizeCategory: .extraSmall)
    for label in [adjusting, scaled, fixed] {
        label.setNeedsLayout()
        label.layoutIfNeeded()
    }
    expect(adjusting.font.pointSize == 14)
    expect(scaled.font.pointSize == 18, "20 x 31 / 34 = 18.2, to whole points")
}

/// Text fields and text views adjust as labels do (`UIContentSizeCategoryAdjusting`, which all
/// three adopt on iOS), and keep their font when they do not adjust.
@Test func textFieldsAndTextViewsAdjustingToTheTextSizeFollowTheirTraits() {
    let window = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
    field.font = .preferredFont(forTextStyle: .body)
    field.adjustsFontForContentSizeCategory = true
    let text = UITextView(frame: CGRect(x: 0, y: 50, width: 200, height: 80))
    text.font = .preferredFont(forTextStyle: .body)
    text.adjustsFontForContentSizeCategory = true
    let fixed = UITextField(frame: CGRect(x: 0, y: 150, width: 200, height: 40))
    fixed.font = .preferredFont(forTextStyle: .body)
    for view in [field, text, fixed] { window.addSubview(view) }
    let adjusting: [any UIContentSizeCategoryAdjusting] = [UILabel(), field, text]
    expect(adjusting.map(\.adjustsFontForContentSizeCategory) == [false, true, true])
    window.hostedTraits = UITraitCollection(preferredContentSizeCategory: .accessibilityMedium)
    window.layoutIfNeeded()
    for view in [field, text, fixed] as [UIView] { view.layoutIfNeeded() }
    expect(field.font?.pointSize == 28, "body at accessibility medium, as a label's")
    expect(text.font?.pointSize == 28)
    expect(fixed.font?.pointSize == 17)
}

/// A view laid out by constraints around a label that adjusts to the text size takes the
/// label's size at the new text size in the one layout pass after the traits change: the
/// change reaches the label before the constraints around it are solved (thumbprint-ios's
/// dropdown on iOS 17, recorded at the extra small size then the large one in one test: 43.33
/// points tall at large, where framegen kept the 41 of its extra small label).
@Test func aTextSizeChangeResizesTheViewsAroundALabelInOnePass() {
    let window = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
    let box = UIView()
    box.translatesAutoresizingMaskIntoConstraints = false
    let label = UILabel()
    label.translatesAutoresizingMaskIntoConstraints = false
    label.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 16))
    label.adjustsFontForContentSizeCategory = true
    label.text = "Choose one..."
    window.addSubview(box)
    box.addSubview(label)
    NSLayoutConstraint.activate([
        box.topAnchor.constraint(equalTo: window.topAnchor, constant: 16),
        box.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
        box.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -16),
        label.topAnchor.constraint(equalTo: box.topAnchor, constant: 12),
        label.leadingAnchor.constraint(equalTo: box.leadingAnchor, constant: 16),
        box.bottomAnchor.constraint(equalTo: label.bottomAnchor, constant: 12),
    ])
    window.hostedTraits = UITraitCollection(preferredContentSizeCategory: .extraSmall)
    window.setNeedsLayout()
    window.layoutIfNeeded()
    let small = box.frame.height
    expect(small == label.font.lineHeight.rounded(.up) + 24 || abs(small - label.font.lineHeight - 24) < 0.34)
    window.hostedTraits = UITraitCollection(preferredContentSizeCategory: .large)
    window.setNeedsLayout()
    window.layoutIfNeeded()
    expect(label.font.pointSize == 16)
    expect(abs(label.frame.height - label.intrinsicContentSize.height) < 1e-9)
    expect(abs(box.frame.height - (label.intrinsicContentSize.height + 24)) < 1e-9)
    expect(box.frame.height > small)
}

/// A label adjusting to the text size adjusts each run of its attributed text on its own: a
/// bold run stays bold at the new size, a fixed font keeps its size.
@Test func aLabelsAttributedRunsEachFollowTheTextSize() {
    let window = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
    let body = UIFont.preferredFont(forTextStyle: .body)
    let bold = UIFontMetrics(forTextStyle: .body).scaledFont(for: .boldSystemFont(ofSize: 17))
    let text = NSMutableAttributedString(string: "Read ", attributes: [.font: body])
    text.append(NSAttributedString(string: "more", attributes: [.font: bold]))
    text.append(NSAttributedString(string: " here", attributes: [.font: UIFont.systemFont(ofSize: 11)]))
    label.attributedText = text
    label.adjustsFontForContentSizeCategory = true
    window.addSubview(label)
    window.hostedTraits = UITraitCollection(preferredContentSizeCategory: .accessibilityMedium)
    window.setNeedsLayout()
    window.layoutIfNeeded()
    let string = label.attributedText!
    let fonts = [0, 6, 10].map { string.attribute(.font, at: $0, effectiveRange: nil) as? UIFont }
    expect(fonts[0]?.pointSize == 28)
    let scaled = UIFontMetrics(forTextStyle: .body).scaledFont(
        for: .boldSystemFont(ofSize: 17),
        compatibleWith: UITraitCollection(preferredContentSizeCategory: .accessibilityMedium))
    expect(scaled.pointSize > 17)
    expect(fonts[1]?.pointSize == scaled.pointSize)
    expect(fonts[1]?.fontDescriptor.symbolicTraits.contains(.traitBold) == true)
    expect(fonts[2]?.pointSize == 11)
    expect(label.font.pointSize == 28)
}
