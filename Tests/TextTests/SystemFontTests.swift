import Foundation
import TestTiers
import Testing

@testable import FrameGenText

/// San Francisco's tracking and Apple's files, as FrameGenText applies them (SystemFont).
@Suite struct SystemFontTrackingTests {
    /// The Human Interface Guidelines' table (thousandths of an em): 0 at 12 points, -26 at 17,
    /// +14 at 28; between two sizes it is linear, beyond the table its ends.
    @Test func trackingFollowsApplesTable() {
        expect(SystemFont.tracking(pointSize: 12) == 0)
        expect(SystemFont.tracking(pointSize: 17) == -26)
        expect(SystemFont.tracking(pointSize: 28) == 14)
        expect(SystemFont.tracking(pointSize: 17.5) == -25.5)
        expect(SystemFont.tracking(pointSize: 55) == 6)
        expect(SystemFont.tracking(pointSize: 2) == 41)
        expect(SystemFont.tracking(pointSize: 200) == 0)
        expect(SystemFont.tracking(pointSize: .nan) == 0)
    }

    /// Text below 20 points, Display from 20, as UIKit names the faces it asks for.
    @Test func theCutFollowsThePointSize() {
        expect(SystemFont.Cut(pointSize: 19.5) == .text)
        expect(SystemFont.Cut(pointSize: 20) == .display)
        expect(SystemFont.family(cut: .text, style: "Semibold", italic: false) == ".SFUIText-Semibold")
        let parts = SystemFont.parse(".SFUIDisplay-BoldItalic")
        expect(parts?.cut == .display && parts?.style == "Bold" && parts?.italic == true)
        expect(SystemFont.parse("DejaVu Sans") == nil)
    }

    /// Tracking is added after every character: a line of n characters is n steps wider, and a
    /// cluster of several scalars (e and its combining acute) takes one step.
    @Test func trackingWidensEachCharacterByOneStep() throws {
        let text = TextRenderer()
        let family = SystemFont.family(cut: .text, style: "Regular", italic: false)
        for string in ["Example short text", "caf\u{65}\u{301}"] {
            let plain = try text.measure(string, pixelSize: 20, family: family)
            let tracked = try text.measure(string, pixelSize: 20, family: family, tracking: -26)
            let characters = Double(string.count)
            expect(
                abs((tracked - plain) - characters * -26 / 1000 * 20) < 0.05, "\(string): \(tracked - plain)")
        }
    }

    /// With a folder of Apple's files, a system face is drawn from the file of its cut and
    /// style, else the nearest weight (the heavier of two as near), else the other cut. Stand-ins
    /// under Apple's names (DejaVu's faces, which differ in width) show which file drew a line.
    /// In a process of its own: the folder is the process's.
    @Test func applesFilesDrawTheSystemFont() async {
        await #expect(processExitsWith: .success) {
            let folder = NSTemporaryDirectory() + "framegen-sf-\(getpid())"
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let dejavu = "/usr/share/fonts/truetype/dejavu/"
            for (name, file) in [
                ("SF-Pro-Text-Regular.otf", "DejaVuSans.ttf"),
                ("SF-Pro-Text-Semibold.otf", "DejaVuSans-Bold.ttf"),
                ("SF-Pro-Display-Regular.otf", "DejaVuSerif.ttf"),
            ] {
                try? FileManager.default.createSymbolicLink(
                    atPath: folder + "/" + name, withDestinationPath: dejavu + file)
            }
            setenv("FRAMEGEN_SYSTEM_FONTS", folder, 1)
            let text = TextRenderer()
            let s = "Example short text"
            func width(_ family: String) -> Double {
                (try? text.measure(s, pixelSize: 20, family: family)) ?? -1
            }
            func system(_ cut: SystemFont.Cut, _ style: String) -> Double {
                width(SystemFont.family(cut: cut, style: style, italic: false))
            }
            let checks = [
                SystemFont.usesAppleFiles,
                system(.text, "Regular") == width("DejaVu Sans"),
                system(.display, "Regular") == width("DejaVu Serif"),
                // Bold: Semibold, the nearest weight.
                system(.text, "Bold") == system(.text, "Semibold"),
                system(.text, "Semibold") > system(.text, "Regular"),
                // Medium lies as near Regular as Semibold: the heavier.
                system(.text, "Medium") == system(.text, "Semibold"),
                // Display has no Bold: its own cut's Regular comes before Text's faces.
                system(.display, "Bold") == width("DejaVu Serif"),
                // Light: Regular.
                system(.text, "Light") == system(.text, "Regular"),
            ]
            exit(checks.allSatisfy { $0 } ? 0 : 1)
        }
    }
}
