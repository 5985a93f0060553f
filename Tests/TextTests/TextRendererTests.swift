import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenText

// DejaVu Sans 2.37 metrics in font units (2048 per em), read from the font's hmtx, hhea and
// kern tables: ascender 1901, descender -483; advances B 1405, e 1260, a 1255, c 1126, h 1298,
// H 1540 (left and right side bearings 201, ink 1138 wide, 1493 tall); A and V 1401 with
// kerning AV -131. Bold: B 1561, e 1389, a 1382, c 1214, h 1458.
private let unitsPerEm = 2048.0

/// The coverage-weighted centre of a placed mask, in the pixel grid (pixel centres at +0.5).
private func inkCentre(_ placed: PlacedText) -> (x: Double, y: Double) {
    var sum = 0.0
    var sx = 0.0
    var sy = 0.0
    for y in 0..<placed.mask.height {
        for x in 0..<placed.mask.width {
            let c = Double(placed.mask[x, y])
            sum += c
            sx += c * (Double(placed.x + x) + 0.5)
            sy += c * (Double(placed.y + y) + 0.5)
        }
    }
    return (sx / sum, sy / sum)
}

@Suite struct TextRendererTests {
    let text = TextRenderer()

    @Test func glyphMaskIsInkedAndInsideItsMetrics() throws {
        let mask = try text.render("H", pixelSize: 26)
        expect(!mask.isEmpty)
        expect(mask.coverage.contains(255))
        // The H stands on the baseline and is 1493 units tall: 18.95 px of ink above it.
        expect(mask.baseline == mask.height)
        expect((19...20).contains(mask.height))
        expect(Double(mask.height) <= mask.ascent + 1)
        // Ink 1138 units wide (14.45 px) starting 201 units (2.55 px) right of the pen.
        expect((15...16).contains(mask.width))
        expect(mask.penX == -2)
        expect(Double(mask.width - mask.penX) <= mask.advance + 1)
        expect(mask.advance == 1540 * 26 / unitsPerEm)
        expect(mask.ascent == 1901 * 26 / unitsPerEm)
        expect(mask.descent == 483 * 26 / unitsPerEm)
    }

    @Test func beachAt13PointsTimes2HasFreeTypesAdvanceWidth() throws {
        let mask = try text.render("Beach", pixelSize: 13 * 2)
        let units = 1405.0 + 1260 + 1255 + 1126 + 1298  // no kerning pairs between these letters
        expect(abs(mask.advance - units * 26 / unitsPerEm) < 1e-9)
        try expect(abs(try text.measure("Beach", pixelSize: 26) - mask.advance) < 1e-12)
        // The ink spans the advance less B's left side bearing (201) and h's right one (174):
        // 5969 units = 75.78 px, which touches at most 2 more pixel columns than that.
        let ink = (units - 201 - 174) * 26 / unitsPerEm
        expect(Double(mask.width) >= ink && Double(mask.width) <= ink + 2)
        expect(mask.penX == -2)  // 201 units = 2.55 px
    }

    @Test func kerningIsApplied() throws {
        let av = try text.measure("AV", pixelSize: 40)
        expect(abs(av - (1401 + 1401 - 131) * 40 / unitsPerEm) < 1e-9)
    }

    @Test func boldIsWiderThanRegular() throws {
        let regular = try text.render("Beach", pixelSize: 26, weight: .regular)
        let bold = try text.render("Beach", pixelSize: 26, weight: .bold)
        expect(abs(bold.advance - (1561.0 + 1389 + 1382 + 1214 + 1458) * 26 / unitsPerEm) < 1e-9)
        expect(bold.advance > regular.advance)
        expect(bold.width > regular.width)
        // Heavier strokes: more total ink.
        let ink = { (m: TextMask) in m.coverage.reduce(0) { $0 + Int($1) } }
        expect(ink(bold) > ink(regular) * 5 / 4)
    }

    @Test func centringPutsTheInkCentreAtTheRectCentre() throws {
        // "H" is symmetric and its ink centre (cap height / 2) lies 0.5 px from the line box
        // centre at this size, so the ink centre must be within a pixel of the rect's centre.
        for rect in [
            Rect(x: 0, y: 0, width: 250, height: 52), Rect(x: 13.5, y: 7.25, width: 101, height: 40),
        ] {
            let placed = try text.renderCentered("H", pixelSize: 26, weight: .bold, in: rect)
            let c = inkCentre(placed)
            expect(abs(c.x - rect.midX) <= 1, "x \(c.x) vs \(rect.midX)")
            expect(abs(c.y - rect.midY) <= 1, "y \(c.y) vs \(rect.midY)")
        }
    }

    @Test func centringPlacesTheBaselineInTheCentredLineBox() throws {
        // Line box 2384 units = 30.265625 px; baseline = (52 - 30.265625) / 2 + 24.1337890625
        // = 35.0009765625, snapped to row 35. Pen = 125 - advance / 2 = 125 - 40.26953125
        // = 84.73046875, snapped to column 85.
        let placed = try text.renderCentered(
            "Beach", pixelSize: 26, in: Rect(x: 0, y: 0, width: 250, height: 52))
        expect(placed.y + placed.mask.baseline == 35)
        expect(placed.x + placed.mask.penX == 85)
        expect(placed.mask.text == "Beach")
    }

    @Test func tooWideTextIsTruncatedWithAnEllipsis() throws {
        let full = "Beach volleyball at sunset"
        let maxWidth = 120.0
        let mask = try text.render(full, pixelSize: 26, maxWidth: maxWidth)
        expect(mask.text.hasSuffix("…"))
        expect(mask.advance <= maxWidth)
        let kept = mask.text.dropLast()
        expect(full.hasPrefix(kept))
        expect(kept.last?.isWhitespace == false)
        // One more word character would not fit (spaces before the ellipsis are dropped).
        var next = kept.count + 1
        while full[full.index(full.startIndex, offsetBy: next - 1)].isWhitespace { next += 1 }
        let longer = String(full.prefix(next)) + "…"
        try expect(text.measure(longer, pixelSize: 26) > maxWidth, "\(mask.text) \(longer)")
        // Text that fits is left alone.
        try expect(text.render("Beach", pixelSize: 26, maxWidth: 120).text == "Beach")
    }

    @Test func centredTextIsClippedToItsRect() throws {
        let rect = Rect(x: 5, y: 3, width: 20, height: 12)
        let placed = try text.renderCentered("Snow", pixelSize: 26, in: rect)
        expect(placed.x >= 5 && placed.x + placed.mask.width <= 25)
        expect(placed.y >= 3 && placed.y + placed.mask.height <= 15)
    }

    @Test func degenerateRectsAreRefusedNotTrapped() throws {
        for rect in [
            Rect(x: .nan, y: 0, width: 100, height: 20), Rect(x: 0, y: 0, width: .infinity, height: 20),
            Rect(x: -1e300, y: 0, width: 10, height: 10),
        ] {
            #expect {
                try text.renderCentered("Beach", pixelSize: 26, in: rect)
            } throws: { error in
                (error as? TextError)?.kind == .badSize
            }
        }
        let mask = try text.render("Beach", pixelSize: 26)
        _ = mask.origin(centeredIn: Rect(x: .nan, y: .infinity, width: 1, height: 1))
        // A zero-width rect keeps nothing, without failing.
        let empty = try text.renderCentered(
            "Beach", pixelSize: 26, in: Rect(x: 3, y: 4, width: 0, height: 30))
        expect(empty.mask.isEmpty)
    }

    @Test func emptyAndBlankStringsHaveNoInk() throws {
        let empty = try text.render("", pixelSize: 26)
        expect(empty.isEmpty && empty.advance == 0)
        let blank = try text.render("  ", pixelSize: 26)
        expect(blank.isEmpty && blank.advance > 0)
    }

    @Test func badSizesAreRefused() {
        for size in [0, -3, .nan, .infinity, 1e6] {
            #expect(throws: TextError.self) { try text.render("x", pixelSize: size) }
        }
    }

    @Test func hugeMasksAreRefusedNotAllocated() {
        // 2000 characters at 2000 px would need a mask of about 2.3 million x 2300 pixels.
        let long = String(repeating: "W", count: 2000)
        #expect {
            try text.render(long, pixelSize: 2000)
        } throws: { error in
            (error as? TextError)?.kind == .badSize
        }
        // Truncated to a width it is fine.
        #expect(throws: Never.self) { try text.render(long, pixelSize: 2000, maxWidth: 3000) }
    }

    @Test func sameMaskOnEveryThread() async throws {
        let renderer = TextRenderer(locator: .system)
        let strings = ["Beach", "Snow", "Mountains at dawn", "0123456789", "AVATAR Toy"]
        let serial = try strings.map {
            try TextRenderer(locator: .system).render($0, pixelSize: 27.5, weight: .bold)
        }
        let results = try await withThrowingTaskGroup(of: [TextMask].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try strings.map { try renderer.render($0, pixelSize: 27.5, weight: .bold) }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        expect(results.count == 8)
        for result in results { expect(result == serial) }
    }

    @Test func missingFontNamesThePackageToInstall() {
        let renderer = TextRenderer(
            locator: FontLocator(
                useFontconfig: false, fallbackPaths: [.regular: ["/nonexistent/DejaVuSans.ttf"]]))
        do {
            _ = try renderer.render("Beach", pixelSize: 26)
            Issue.record("rendering without a font succeeded")
        } catch {
            expect(error.kind == .fontNotFound)
            expect(error.message.contains("fonts-dejavu-core"))
            expect(error.message.contains("DejaVuSans.ttf"))
            expect(error.message.contains("/nonexistent/DejaVuSans.ttf"))
        }
    }

    @Test func anotherFontInPlaceOfDejaVuSansIsRefused() {
        let renderer = TextRenderer(
            locator: FontLocator(
                useFontconfig: false,
                fallbackPaths: [.bold: ["/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"]]))
        #expect {
            try renderer.render("Beach", pixelSize: 26, weight: .bold)
        } throws: { error in
            (error as? TextError)?.kind == .badFont
                && (error as? TextError)?.message.contains("DejaVu Serif") == true
        }
    }
}
