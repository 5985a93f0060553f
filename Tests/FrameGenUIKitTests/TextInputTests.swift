import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

/// Text fields and text views as an app's cells use them at rest (docs/uikit.md "Controls"):
/// what they draw, where their text goes, how a text view sizes itself, and the responder
/// calls a delegate hears.
@Suite struct TextInputTests {
    final class FieldDelegate: UITextFieldDelegate {
        var heard: [String] = []
        var allowsBegin = true
        func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
            heard.append("should begin")
            return allowsBegin
        }
        func textFieldDidBeginEditing(_ textField: UITextField) { heard.append("did begin") }
        func textFieldDidEndEditing(_ textField: UITextField) { heard.append("did end") }
    }

    static func draw(_ view: UIView, scale: CGFloat = 2) -> UIImage {
        UIGraphicsImageRenderer(
            bounds: view.bounds,
            format: UIGraphicsImageRendererFormat(for: UITraitCollection(displayScale: scale))
        ).image { view.layer.render(in: $0.cgContext) }
    }

    /// The darkest pixel's grey level in columns `x` of row band `y` (255: nothing drawn).
    static func darkest(_ image: UIImage, x: Range<Int>, y: Range<Int>) -> Int {
        var darkest = 255
        for py in y {
            for px in x { darkest = min(darkest, Int(ImageRendererTests.pixel(image, px, py)[0])) }
        }
        return darkest
    }

    /// A rounded field: its text inset 7 points, its placeholder in the placeholder grey until
    /// it has text, its text in the label colour, its corners rounded.
    @Test func aRoundedFieldDrawsItsPlaceholderThenItsText() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        field.borderStyle = .roundedRect
        field.placeholder = "Search"
        expect(field.textRect(forBounds: field.bounds) == CGRect(x: 7, y: 0, width: 186, height: 34))
        field.layoutIfNeeded()
        let empty = Self.draw(field)
        // Nothing drawn left of the text's inset but the border; the placeholder's ink is grey
        // (60, 60, 67 at 0.3 over white), not black.
        expect(Self.darkest(empty, x: 4..<12, y: 20..<48) >= 190)
        let placeholderInk = Self.darkest(empty, x: 14..<120, y: 10..<58)
        expect(placeholderInk < 230 && placeholderInk > 150)
        // The corner: outside the 5-point rounding, transparent.
        expect(ImageRendererTests.pixel(empty, 0, 0)[3] == 0)
        field.text = "Hello"
        field.layoutIfNeeded()
        let filled = Self.draw(field)
        if let folder = ProcessInfo.processInfo.environment["FRAMEGEN_PARITY_OUT"] {
            try? empty.pngData()?.write(to: URL(fileURLWithPath: folder + "/field-empty.png"))
            try? filled.pngData()?.write(to: URL(fileURLWithPath: folder + "/field-filled.png"))
        }
        expect(Self.darkest(filled, x: 14..<120, y: 10..<58) < 60)
        expect(field.text == "Hello")
    }

    /// A left view shown always takes the text's start; one shown while editing does not, until
    /// the field edits.
    /// An attributed placeholder is drawn in its colour, and a plain placeholder set afterwards
    /// keeps that colour (LooseMarek/ViewFactory 9d272bd's fields, iOS 17 references).
    /// A field's `background` image is drawn over its bounds in place of its border, a
    /// resizable one keeping its caps; `disabledBackground` while disabled; neither with a
    /// rounded-rect border, which iOS draws instead (Apple's `background` and `borderStyle`).
    @Test func aBackgroundImageReplacesTheBorder() {
        /// 9 x 9 points at 1x: a 1-point frame of `edge` about a white middle, caps of 4.
        func framed(_ edge: [UInt8]) -> UIImage {
            var pixels: [UInt8] = []
            for y in 0..<9 {
                for x in 0..<9 {
                    pixels += (x == 0 || y == 0 || x == 8 || y == 8) ? edge : [255, 255, 255, 255]
                }
            }
            return UIImage(bitmap: UIImage.Bitmap(width: 9, height: 9, pixels: pixels))
                .resizableImage(withCapInsets: UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4))
        }
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        field.borderStyle = .line
        field.background = framed([0, 0, 255, 255])
        field.disabledBackground = framed([255, 0, 0, 255])
        field.layoutIfNeeded()
        var image = Self.draw(field, scale: 1)
        // The frame runs along every edge, one point wide; the middle stays white; no black line.
        for (x, y) in [(0, 15), (99, 15), (50, 0), (50, 29)] {
            expect(ImageRendererTests.pixel(image, x, y) == [0, 0, 255, 255])
        }
        expect(ImageRendererTests.pixel(image, 50, 15) == [255, 255, 255, 255])
        field.isEnabled = false
        field.layoutIfNeeded()
        image = Self.draw(field, scale: 1)
        expect(ImageRendererTests.pixel(image, 0, 15) == [255, 0, 0, 255])
        field.borderStyle = .roundedRect
        field.layoutIfNeeded()
        image = Self.draw(field, scale: 1)
        expect(
            ImageRendererTests.pixel(image, 50, 15)[0] > 200
                && ImageRendererTests.pixel(image, 0, 15)[1] > 150)
        // Without a background the disabled one is not drawn.
        let bare = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        bare.disabledBackground = framed([255, 0, 0, 255])
        bare.isEnabled = false
        bare.layoutIfNeeded()
        expect(ImageRendererTests.pixel(Self.draw(bare, scale: 1), 0, 15)[3] == 0)
    }

    /// iOS 17's rounded-rectangle field over its own background (LooseMarek/ViewFactory's
    /// references, 3x): one pixel row of the background times 0.8 (black at 20 %) along each
    /// edge, the background inside, and corners whose coverage ramps as a continuous curve's:
    /// down the left edge from 2 pixels below the corner's start, 48, 112, 160 of 255, where a
    /// circular corner of the same radius covers 77, 162, 211.
    @Test func aRoundedRectFieldHasAOnePixelBorderAndContinuousCorners() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 48))
        field.backgroundColor = UIColor(red: 34 / 255, green: 41 / 255, blue: 80 / 255, alpha: 1)
        field.borderStyle = .roundedRect
        let image = Self.draw(field, scale: 3)
        expect(ImageRendererTests.pixel(image, 150, 0) == [27, 33, 64, 255])
        expect(ImageRendererTests.pixel(image, 150, 1) == [34, 41, 80, 255])
        expect(ImageRendererTests.pixel(image, 0, 72) == [27, 33, 64, 255])
        let ramp = (10..<13).map { Int(ImageRendererTests.pixel(image, 0, $0)[3]) }
        expect(zip(ramp, [48, 112, 160]).allSatisfy { abs($0 - $1) <= 2 })
    }

    @Test func anAttributedPlaceholdersColourStays() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        field.attributedPlaceholder = NSAttributedString(
            string: "placeholder", attributes: [.foregroundColor: UIColor.red])
        field.placeholder = "Example placeholder"
        expect(field.placeholder == "Example placeholder")
        let kept = field.attributedPlaceholder?.attribute(.foregroundColor, at: 0, effectiveRange: nil)
        expect((kept as? UIColor) == UIColor.red)
        // Drawn red: some pixel of the text has red well above green and blue.
        let image = Self.draw(field, scale: 1)
        var reddest = 0
        for y in 0..<40 {
            for x in 0..<200 {
                let p = ImageRendererTests.pixel(image, x, y).map(Int.init)
                reddest = max(reddest, p[0] - max(p[1], p[2]))
            }
        }
        expect(reddest > 100)
        // A plain placeholder alone is the system's grey.
        let plain = UITextField()
        plain.placeholder = "Search"
        expect(plain.attributedPlaceholder?.attribute(.foregroundColor, at: 0, effectiveRange: nil) == nil)
    }

    @Test func leftViewsMoveTheText() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        field.leftView = UIView(frame: CGRect(x: 0, y: 0, width: 24, height: 20))
        field.leftViewMode = .whileEditing
        expect(field.textRect(forBounds: field.bounds).minX == 0)
        field.leftViewMode = .always
        expect(field.textRect(forBounds: field.bounds).minX == 24)
        expect(field.leftViewRect(forBounds: field.bounds) == CGRect(x: 0, y: 7, width: 24, height: 20))
    }

    /// Becoming first responder asks the delegate, then edits (its begin events); resigning ends
    /// it. A delegate that says no keeps it from editing. A secure field keeps its text.
    @Test func editingAsksAndTellsTheDelegate() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        let delegate = FieldDelegate()
        field.delegate = delegate
        var events = 0
        field.addAction(UIAction { _ in events += 1 }, for: .editingDidBegin)
        expect(field.becomeFirstResponder())
        expect(field.isEditing && field.isFirstResponder && events == 1)
        expect(field.resignFirstResponder())
        expect(!field.isEditing)
        expect(delegate.heard == ["should begin", "did begin", "did end"])
        delegate.allowsBegin = false
        expect(!field.becomeFirstResponder())
        field.isSecureTextEntry = true
        field.text = "secret"
        expect(field.text == "secret")
    }

    /// A text view with scrolling off is as tall as its wrapped text plus its 8-point insets, so
    /// that Auto Layout sizes it; without insets and line padding, 16 points less.
    @Test func aTextViewWithoutScrollingIsAsTallAsItsText() {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 10))
        textView.isScrollEnabled = false
        textView.font = UIFont.systemFont(ofSize: 17)
        textView.text = String(repeating: "A line of words that wraps. ", count: 6)
        textView.layoutIfNeeded()
        let tall = textView.intrinsicContentSize.height
        let line = UIFont.systemFont(ofSize: 17).lineHeight
        expect(tall > 3 * line + 16)
        let one = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 10))
        one.isScrollEnabled = false
        one.font = UIFont.systemFont(ofSize: 17)
        one.text = "Hi"
        one.layoutIfNeeded()
        expect(abs(one.intrinsicContentSize.height - (line + 16).rounded(.up)) <= 1)
        one.textContainerInset = .zero
        one.textContainer.lineFragmentPadding = 0
        one.layoutIfNeeded()
        expect(abs(one.intrinsicContentSize.height - line.rounded(.up)) <= 1)
        // Scrolling on: no intrinsic height, as on iOS.
        textView.isScrollEnabled = true
        expect(textView.intrinsicContentSize.height == UIView.noIntrinsicMetric)
    }

    /// A text view's height is its lines' rounded up to the screen's pixels, not to whole points:
    /// iOS 17 draws two 14-point lines of the system font without insets in a text view 33.67
    /// points tall at 3x (2 x 16.71 = 33.41, up to 101 pixels).
    @Test func aTextViewsHeightIsRoundedToPixels() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 100, height: 10))
        view.isScrollEnabled = false
        view.textContainerInset = .zero
        view.textContainer.lineFragmentPadding = 0
        view.font = UIFont.systemFont(ofSize: 14)
        view.text = "One\nTwo"
        view.layoutIfNeeded()
        let scale = UIScreen.main.scale
        let lines = 2 * UIFont.systemFont(ofSize: 14).lineHeight
        expect(view.intrinsicContentSize.height == (lines * scale).rounded(.up) / scale)
        expect(
            view.sizeThatFits(CGSize(width: 100, height: 0)).height == (lines * scale).rounded(.up) / scale)
    }
}
