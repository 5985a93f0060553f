import Foundation
import TestTiers
import Testing

@testable import FrameGenText

// Widths in font units, measured at one pixel per font unit (a pixel size of units per em). The
// numbers were read from the fonts' own tables by a script (hmtx advances; the GPOS 'kern'
// feature's PairPos lookups; the `kern` table's format 0 pairs), not by framegen, and agree with
// HarfBuzz 6.0's hb_shape with its default features.
//
// WenQuanYi Micro Hei (Debian's fonts-wqy-microhei, face 0 of wqy-microhei.ttc, 2048 units per
// em) has no `kern` table and kerns Latin through GPOS 'kern' (lookup 0). "AVATAR Type WAVE":
// advances A 1245, V 1163, T 1063, R 1208, space 532, y 1001, p 1200, e 1096, W 1810, E 1081,
// summing to 17892; GPOS pairs AV -123 (twice), VA +41, TA +41, Ty -61, VE -41: 17626.
//
// DejaVu Sans 2.37 (2048 units per em) has a `kern` table and GPOS 'kern' both, and standard
// ligatures (GSUB 'liga': "ffi", "fi", "fl"). "AVATAR Type WAVE": advances sum 20724; `kern`
// table pairs AV -131 (twice), VA -131, AT -159, TA -159, Ty -319, WA -112: 19582. DejaVu Sans
// Bold "office fifty": advances o 1407, f 891, i 702, c 1214, e 1389, space 713, t 979, y 1335
// sum 12005 and no pair of it is kerned; with its ligatures HarfBuzz makes it 11730.
private let wqyPath = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
private let dejaVuPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
private let dejaVuBoldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
private let sample = "AVATAR Type WAVE"

@Suite struct KerningTests {
    let text = TextRenderer()

    /// A font with GPOS kerning and no `kern` table is kerned, as Core Text kerns it: the sum of
    /// its advances plus its GPOS pair adjustments.
    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: wqyPath),
            "WenQuanYi Micro Hei (fonts-wqy-microhei) is not installed at \(wqyPath)"))
    func gposKerningWithoutAKernTable() throws {
        // Registered as an app's font is, so the face is that file whatever fontconfig knows.
        AppFonts.register("FrameGenTest-WQYMicroHei", .file(path: wqyPath, index: 0))
        defer { AppFonts.unregister("FrameGenTest-WQYMicroHei") }
        let width = try text.measure(sample, pixelSize: 2048, family: "FrameGenTest-WQYMicroHei")
        expect(width == 17626)
        // The same face found through fontconfig, as a system font, is kerned alike.
        let system = try text.measure(sample, pixelSize: 2048, family: "WenQuanYi Micro Hei")
        expect(system == 17626)
    }

    /// A font with only a `kern` table is laid out as before: HarfBuzz applies that table when
    /// the font has no GPOS kerning, giving every glyph the place the table gives it.
    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: dejaVuPath),
            "DejaVu Sans is not installed at \(dejaVuPath)"))
    func kernTableOnlyFontIsUnchanged() throws {
        // DejaVu Sans with its GPOS table hidden (its tag renamed; the directory stays sorted),
        // so its kerning is the `kern` table's alone. Made here, never committed.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: dejaVuPath))
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        let gpos = (0..<tables).map { 12 + 16 * $0 }.first { bytes[$0..<$0 + 4] == Data("GPOS".utf8) }
        let entry = try #require(gpos)
        bytes[entry + 3] = UInt8(ascii: "T")
        let id = AppFonts.keep(bytes)
        AppFonts.register("FrameGenTest-DejaVuKernTableOnly", .memory(id: id, index: 0))
        defer { AppFonts.unregister("FrameGenTest-DejaVuKernTableOnly") }
        let width = try text.measure(sample, pixelSize: 2048, family: "FrameGenTest-DejaVuKernTableOnly")
        expect(width == 19582)
        // The system's DejaVu Sans, the default font, is kerned by the same table.
        try expect(text.measure(sample, pixelSize: 2048) == 19582)
    }

    /// DejaVu Sans stands in for San Francisco: its Latin keeps the `kern` table's layout and
    /// takes none of DejaVu's own ligatures, which San Francisco's text would not have.
    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: dejaVuBoldPath),
            "DejaVu Sans Bold is not installed at \(dejaVuBoldPath)"))
    func theDefaultFontTakesNoLigatures() throws {
        try expect(text.measure("office fifty", pixelSize: 2048, weight: .bold) == 12005)
        // The same file registered by an app is laid out as Core Text lays it out: standard
        // ligatures on.
        AppFonts.register("FrameGenTest-DejaVuBold", .file(path: dejaVuBoldPath, index: 0))
        defer { AppFonts.unregister("FrameGenTest-DejaVuBold") }
        try expect(text.measure("office fifty", pixelSize: 2048, family: "FrameGenTest-DejaVuBold") == 11730)
    }

    /// Shaped positions are the same on every thread and every renderer.
    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: wqyPath),
            "WenQuanYi Micro Hei (fonts-wqy-microhei) is not installed at \(wqyPath)"))
    func shapedWidthsAreTheSameOnEveryThread() async throws {
        let line = "AVATAR Type WAVE, To Vote: P.J. Lyft office"
        let expected = try text.measure(line, pixelSize: 17, family: "WenQuanYi Micro Hei")
        let widths = try await withThrowingTaskGroup(of: Double.self) { group in
            for n in 0..<8 {
                let renderer = n.isMultiple(of: 2) ? text : TextRenderer()
                group.addTask { try renderer.measure(line, pixelSize: 17, family: "WenQuanYi Micro Hei") }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        expect(widths.allSatisfy { $0 == expected })
    }
}
