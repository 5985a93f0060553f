import CoreText
import Foundation
import FrameGenUIKit
import TestTiers
import Testing
import UIKit

// Fonts as an iOS app finds them: the ones it registers (Core Text's font manager, UIAppFonts)
// by PostScript or full name, measured from their own tables and drawn from their own files;
// iOS's own fonts by name; any other name nil. The fonts registered here are DejaVu's, which
// Debian's fonts-dejavu-core installs (scripts/install-deps): read where they are, never copied
// into the repository. Each test registers a face no other test uses, as registrations are
// process-wide, as on iOS.

private let dejaVu = "/usr/share/fonts/truetype/dejavu/"
private func installed(_ file: String) -> Bool { FileManager.default.fileExists(atPath: dejaVu + file) }
private let skipped: Comment = "DejaVu's font files are not installed (apt-get install fonts-dejavu-core)"

@Test func aNameNoFontHasIsNil() {
    expect(UIFont(name: "NoSuchFont-Regular", size: 12) == nil)
    expect(UIFont(name: "", size: 12) == nil)
    let message = AppFontFiles.notFoundMessage("NoSuchFont-Regular")
    expect(message.contains("\"NoSuchFont-Regular\""))
    expect(!message.contains("not listed in UIAppFonts"))
}

@Test func iOSsOwnFontsAreFoundByTheirNames() throws {
    let bold = try #require(UIFont(name: "HelveticaNeue-Bold", size: 14))
    expect(bold.fontName == "HelveticaNeue-Bold")
    expect(bold.familyName == "Helvetica Neue")
    expect(bold.fontDescriptor.symbolicTraits.contains(.traitBold))
    expect(UIFont(name: "Avenir-Heavy", size: 14)?.familyName == "Avenir")
    expect(UIFont(name: "Menlo-Regular", size: 14)?.familyName == "Menlo")
    expect(UIFont(name: "TimesNewRomanPS-BoldItalicMT", size: 14)?.familyName == "Times New Roman")
    // A family's name finds its regular face, as Core Text matches names other than PostScript's.
    expect(UIFont(name: "Helvetica Neue", size: 14)?.fontName == "HelveticaNeue")
    // Apple's files are not here: the system font's metrics (SF Pro: 1950 and -494 of 2048).
    expect(bold.ascender == 13.330078125)  // 14 * 1950 / 2048
    expect(bold.descender == -3.376953125)  // 14 * -494 / 2048
    expect(UIFont.familyNames.contains("Helvetica Neue"))
    expect(UIFont.familyNames.contains("Trebuchet MS"))
    expect(
        UIFont.fontNames(forFamilyName: "Menlo") == [
            "Menlo-Regular", "Menlo-Italic", "Menlo-Bold", "Menlo-BoldItalic",
        ])
}

@Test(.enabled(if: installed("DejaVuSerif-Bold.ttf"), skipped))
func aFontRegisteredByURLIsFoundMeasuredAndListed() throws {
    let url = URL(fileURLWithPath: dejaVu + "DejaVuSerif-Bold.ttf")
    var error: Unmanaged<CFError>?
    expect(CTFontManagerRegisterFontsForURL(url as CFURL, .process, &error))
    expect(error == nil)
    // By PostScript name (name ID 6) and by full name (ID 4).
    let font = try #require(UIFont(name: "DejaVuSerif-Bold", size: 20))
    expect(UIFont(name: "DejaVu Serif Bold", size: 20)?.fontName == "DejaVuSerif-Bold")
    expect(font.familyName == "DejaVu Serif")
    expect(font.fontDescriptor.symbolicTraits.contains(.traitBold))
    expect(UIFont.familyNames.contains("DejaVu Serif"))
    expect(UIFont.fontNames(forFamilyName: "DejaVu Serif").contains("DejaVuSerif-Bold"))
    // The file's tables, read by hand: head unitsPerEm 2048; hhea ascender 1923, descender
    // -483, lineGap 0; OS/2 version 1, so no sCapHeight or sxHeight: the glyf tops of "H"
    // (1493) and "x" (1063). At 20 points:
    expect(font.ascender == 18.779296875)  // 20 * 1923 / 2048
    expect(font.descender == -4.716796875)  // 20 * -483 / 2048
    expect(font.leading == 0)
    expect(font.lineHeight == 23.49609375)  // 18.779296875 + 4.716796875
    expect(font.capHeight == 14.580078125)  // 20 * 1493 / 2048
    expect(font.xHeight == 10.380859375)  // 20 * 1063 / 2048
    // The same face at another size keeps its tables.
    expect(font.withSize(10).ascender == 9.3896484375)
    // Registering the same file again fails, as on iOS (kCTFontManagerErrorAlreadyRegistered).
    expect(!CTFontManagerRegisterFontsForURL(url as CFURL, .process, &error))
    let again = try #require(error?.takeRetainedValue())
    expect(again.domain == kCTFontManagerErrorDomain)
    expect(again.code == CTFontManagerError.alreadyRegistered.rawValue)
}

@Test(.enabled(if: installed("DejaVuMathTeXGyre.ttf"), skipped))
func aFontsLineGapAndOS2HeightsAreItsOwn() throws {
    let url = URL(fileURLWithPath: dejaVu + "DejaVuMathTeXGyre.ttf")
    expect(CTFontManagerRegisterFontsForURL(url as CFURL, .process, nil))
    let font = try #require(UIFont(name: "DejaVuMathTeXGyre-Regular", size: 10))
    // unitsPerEm 1000; hhea 792, -208, line gap 200; OS/2 version 4: sCapHeight 729,
    // sxHeight 519 (its fsSelection has USE_TYPO_METRICS, and its typo values equal hhea's).
    expect(abs(font.ascender - 7.92) < 1e-12)
    expect(abs(font.descender - -2.08) < 1e-12)
    expect(abs(font.leading - 2) < 1e-12)
    expect(abs(font.lineHeight - 12) < 1e-12)
    expect(abs(font.capHeight - 7.29) < 1e-12)
    expect(abs(font.xHeight - 5.19) < 1e-12)
}

@Test(.enabled(if: installed("DejaVuSansMono.ttf") && installed("DejaVuSansMono-Bold.ttf"), skipped))
func uiAppFontsRegistersTheFontsItListsAndTheyAreDrawnFromTheirFile() throws {
    // An app's bundle as SwiftPM copies it (`.copy("App")`): App/Info.plist lists
    // Fonts/DejaVuSansMono.ttf; DejaVuSansMono-Bold.ttf sits beside it, not listed.
    let bundle = FileManager.default.temporaryDirectory
        .appendingPathComponent("AppFontTests-\(getpid()).resources")
    let app = bundle.appendingPathComponent("App")
    try FileManager.default.createDirectory(
        at: app.appendingPathComponent("Fonts"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: bundle) }
    for file in ["DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf"] {
        try FileManager.default.copyItem(
            atPath: dejaVu + file, toPath: app.appendingPathComponent("Fonts/" + file).path)
    }
    let plist = try PropertyListSerialization.data(
        fromPropertyList: ["UIAppFonts": ["Fonts/DejaVuSansMono.ttf"]], format: .xml, options: 0)
    try plist.write(to: app.appendingPathComponent("Info.plist"))

    expect(UIFont(name: "DejaVuSansMono", size: 20) == nil)
    AppFontFiles.load(bundle: bundle.path)
    let mono = try #require(UIFont(name: "DejaVuSansMono", size: 20))
    expect(mono.familyName == "DejaVu Sans Mono")
    // Not listed: not registered, as on iOS, and the warning says where the file is.
    expect(UIFont(name: "DejaVuSansMono-Bold", size: 20) == nil)
    let message = AppFontFiles.notFoundMessage("DejaVuSansMono-Bold")
    expect(message.contains("found DejaVuSansMono-Bold.ttf in the bundle"))
    expect(message.contains("but it is not listed in UIAppFonts"))

    // Drawn from the file: every glyph of DejaVu Sans Mono advances 1233 of 2048 units (its
    // hmtx), so "iiiii" and "MMMMM" are equally wide, 5 * 1233 / 2048 * 20 points, rounded up
    // to the screen's pixels; in the system font's DejaVu Sans they are not.
    let label = UILabel()
    label.font = mono
    label.text = "iiiii"
    let narrow = label.intrinsicContentSize.width
    label.text = "MMMMM"
    let wide = label.intrinsicContentSize.width
    let scale = UIScreen.main.scale
    expect(narrow == wide)
    expect(narrow == (5.0 * 1233 / 2048 * 20 * scale).rounded(.up) / scale)
    label.font = .systemFont(ofSize: 20)
    expect(label.intrinsicContentSize.width != narrow)

    // And the compositor draws it so: "MMMMM" inks at most five advances, 60.2 pixels at scale 1
    // (DejaVu Sans's M advances 1767 units: its five would ink some 80).
    label.font = mono
    label.frame = CGRect(x: 0, y: 0, width: 200, height: 30)
    label.textColor = .black
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    let image = UIGraphicsImageRenderer(size: label.bounds.size, format: format).image { context in
        label.layer.render(in: context.cgContext)
    }
    let bitmap = try #require(image.bitmap)
    let inked = (0..<bitmap.width).filter { x in
        (0..<bitmap.height).contains { y in bitmap.pixels[(y * bitmap.width + x) * 4 + 3] > 0 }
    }
    let span = try #require(inked.last) - inked[0] + 1
    expect(span > 50 && span <= 61)
}

@Test(.enabled(if: installed("DejaVuSerif-Italic.ttf"), skipped))
func aGraphicsFontMadeFromDataRegisters() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: dejaVu + "DejaVuSerif-Italic.ttf"))
    let provider = try #require(CGDataProvider(data: data as CFData))
    let font = try #require(CGFont(provider))
    expect(font.postScriptName == "DejaVuSerif-Italic")
    expect(font.fullName == "DejaVu Serif Italic")
    expect(font.unitsPerEm == 2048)
    var error: Unmanaged<CFError>?
    expect(CTFontManagerRegisterGraphicsFont(font, &error))
    let italic = try #require(UIFont(name: "DejaVuSerif-Italic", size: 12))
    expect(italic.fontDescriptor.symbolicTraits.contains(.traitItalic))
    // A second font of that PostScript name is refused.
    expect(!CTFontManagerRegisterGraphicsFont(font, &error))
    expect(error?.takeRetainedValue().code == CTFontManagerError.alreadyRegistered.rawValue)
    expect(CTFontManagerUnregisterGraphicsFont(font, nil))
    expect(UIFont(name: "DejaVuSerif-Italic", size: 12) == nil)
    expect(CGFont(CGDataProvider(data: Data("not a font".utf8))!) == nil)
}

@Test(.enabled(if: installed("DejaVuSans-ExtraLight.ttf"), skipped))
func unregisteringAFileForgetsItsFonts() throws {
    let url = URL(fileURLWithPath: dejaVu + "DejaVuSans-ExtraLight.ttf")
    var handled: (errors: Int, done: Bool)?
    CTFontManagerRegisterFontURLs([url] as CFArray, .process, true) { errors, done in
        handled = (errors.count, done)
        return true
    }
    expect(handled?.errors == 0 && handled?.done == true)
    let light = try #require(UIFont(name: "DejaVuSans-ExtraLight", size: 12))
    expect(light.fontDescriptor.symbolicTraits.contains(.traitBold) == false)
    var error: Unmanaged<CFError>?
    expect(CTFontManagerUnregisterFontsForURL(url as CFURL, .process, &error))
    expect(UIFont(name: "DejaVuSans-ExtraLight", size: 12) == nil)
    expect(!CTFontManagerUnregisterFontsForURL(url as CFURL, .process, &error))
    expect(error?.takeRetainedValue().code == CTFontManagerError.notRegistered.rawValue)
}

@Test func registeringWhatIsNotAFontFails() throws {
    var error: Unmanaged<CFError>?
    let missing = URL(fileURLWithPath: "/nonexistent/Missing.ttf")
    expect(!CTFontManagerRegisterFontsForURL(missing as CFURL, .process, &error))
    expect(error?.takeRetainedValue().code == CTFontManagerError.fileNotFound.rawValue)
    let text = FileManager.default.temporaryDirectory.appendingPathComponent("NotAFont-\(getpid()).ttf")
    try Data("not a font".utf8).write(to: text)
    defer { try? FileManager.default.removeItem(at: text) }
    expect(!CTFontManagerRegisterFontsForURL(text as CFURL, .process, &error))
    expect(error?.takeRetainedValue().code == CTFontManagerError.unrecognizedFormat.rawValue)
}

@Test func theDeprecatedArrayFormsRegisterEachFileAndHandBackTheErrors() {
    let missing = URL(fileURLWithPath: "/nonexistent/Missing.ttf")
    var errors: Unmanaged<NSArray>?
    expect(!CTFontManagerRegisterFontsForURLs([missing] as CFArray, .process, &errors))
    let list = errors?.takeRetainedValue() as? [NSError]
    expect(list?.count == 1 && list?.first?.code == CTFontManagerError.fileNotFound.rawValue)
    expect(!CTFontManagerUnregisterFontsForURLs([missing] as CFArray, .process, nil))
}
