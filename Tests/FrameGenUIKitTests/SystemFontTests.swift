import CoreText
import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

/// The system font as iOS lays it out, drawn with its stand-in (docs/decisions.md "The system
/// font's stand-in"): text about as wide as San Francisco's, and lines where San Francisco's are.
@Suite struct SystemFontTests {
    /// A label's ink at 3x, as the references were recorded.
    static func ink(_ text: String, size: CGFloat, weight: UIFont.Weight, lines: Int = 1) -> (
        minX: Int, maxX: Int, minY: Int, maxY: Int, count: Int
    )? {
        let label = UILabel()
        label.font = .systemFont(ofSize: size, weight: weight)
        label.text = text
        label.numberOfLines = lines
        label.sizeToFit()
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        let image = UIGraphicsImageRenderer(size: label.bounds.size, format: format).image {
            label.layer.render(in: $0.cgContext)
        }
        return AttributedTextTests.ink(image)
    }

    /// Ink widths of single lines in iOS's own references (3x pixels, San Francisco as iOS
    /// draws it: its Text cut below 20 points, Display from 20, each with its size's tracking),
    /// measured from public suites' reference images: thumbprint-ios's checkbox, dropdown,
    /// filter chip and floating action button, ViewFactory's labels at three text styles.
    static let iOSInk: [(text: String, size: CGFloat, weight: UIFont.Weight, pixels: Int)] = [
        ("This is a label checkbox", 16, .regular, 512),
        ("Make a selection...", 16, .regular, 396),
        ("FilterChip", 12, .bold, 172),
        ("Floating action button", 16, .bold, 504),
        ("Example short text", 12, .regular, 310),
        ("Example short text", 17, .regular, 419),
        ("Example short text", 28, .regular, 659),
    ]

    /// Each line is within 6 % of iOS's width. San Francisco is wider for its size at small
    /// sizes and narrower at large ones (its optical sizes and tracking), which one stand-in
    /// cannot follow: its error runs from -4 % at 12 points to +6 % at 28. DejaVu Sans, the
    /// stand-in before, was 10 to 28 % wider on these lines.
    @Test func aLineIsAboutAsWideAsOnIOS() {
        for line in Self.iOSInk {
            guard let box = Self.ink(line.text, size: line.size, weight: line.weight) else {
                Issue.record("\(line.text) drew nothing")
                continue
            }
            let ratio = Double(box.maxX + 1 - box.minX) / Double(line.pixels)
            expect(abs(ratio - 1) < 0.06, "\(line.text) at \(line.size) pt: \(ratio) of iOS's width")
        }
    }

    /// A line's baseline is San Francisco's ascender below its top (1950 of 2048 units: 16.19
    /// points at 17), and the next line's is a San Francisco line height (20.29 points) below
    /// it, as iOS places them, whichever face draws the glyphs: the second "H" stands there.
    @Test func linesStandOnSanFranciscosBaselines() throws {
        let box = try #require(Self.ink("H\nH", size: 17, weight: .regular, lines: 0))
        let lineHeight = 17.0 * (1950 + 494) / 2048
        let second = (17.0 * 1950 / 2048 + lineHeight) * 3
        expect(abs(Double(box.maxY + 1) - second) <= 1, "the second H ends at \(box.maxY + 1) px")
        let label = UILabel()
        label.text = "H"
        label.font = .systemFont(ofSize: 17)
        expect(abs(label.intrinsicContentSize.height - lineHeight) < 0.5)
    }

    /// With a folder of Apple's files (FRAMEGEN_SYSTEM_FONTS), a label in the system font is
    /// drawn from the file of its cut and weight with San Francisco's tracking for its size, as
    /// iOS tracks it (-26 thousandths of an em at 17 points). A stand-in under Apple's file name
    /// (DejaVu Sans), registered also as an app's font, which is not tracked, shows both. In a
    /// process of its own: the folder is the process's.
    @Test func applesFilesDrawALabelWithItsSizesTracking() async {
        await #expect(processExitsWith: .success) {
            let folder = NSTemporaryDirectory() + "framegen-sf-uikit-\(getpid())"
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
            try? FileManager.default.createSymbolicLink(
                atPath: folder + "/SF-Pro-Text-Regular.otf", withDestinationPath: dejavu)
            setenv("FRAMEGEN_SYSTEM_FONTS", folder, 1)
            _ = CTFontManagerRegisterFontsForURL(URL(fileURLWithPath: dejavu) as CFURL, .process, nil)
            let s = "Example short text" as NSString
            let system = s.size(withAttributes: [.font: UIFont.systemFont(ofSize: 17)]).width
            guard let own = UIFont(name: "DejaVuSans", size: 17) else { exit(2) }
            let untracked = s.size(withAttributes: [.font: own]).width
            let expected = untracked + 18 * -26 / 1000 * 17
            exit(abs(system - expected) <= 1 / UIScreen.main.scale + 0.01 ? 0 : 1)
        }
    }
}
