import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenText

/// Fallback, shaping and bidi with the fonts scripts/install-deps installs: DejaVu Sans (Latin,
/// Arabic), WenQuanYi Micro Hei (CJK) and Noto Color Emoji.
@Suite struct MultilingualTextTests {
    let text = TextRenderer()

    @Test func everyCharacterOfMixedScriptsHasAGlyphFromAFaceThatCoversIt() throws {
        let runs = try text.shapedRuns("東京 🌸 مرحبا")
        expect(runs.count >= 4)
        for (run, file, family, missing) in runs {
            expect(missing.isEmpty, "\(file) lacks \(missing)")
            expect(!run.glyphs.isEmpty)
            expect(run.glyphs.allSatisfy { $0.glyph != 0 }, "\(family): .notdef in \(run.glyphs)")
        }
        func family(of scalar: Unicode.Scalar) -> String? {
            let scalars = Array("東京 🌸 مرحبا".unicodeScalars)
            return runs.first { scalars[$0.run.scalars].contains(scalar) }?.family
        }
        // DejaVu Sans has Arabic but neither ideographs nor emoji: those come from elsewhere.
        expect(family(of: "م") == "DejaVu Sans")
        expect(family(of: "東") != "DejaVu Sans")
        expect(family(of: "🌸") != "DejaVu Sans")
        expect(family(of: "🌸") != family(of: "東"))
    }

    @Test func arabicIsJoinedAndRightToLeft() throws {
        let word = "مرحبا"
        let runs = try text.shapedRuns(word)
        try #require(runs.count == 1)
        let run = runs[0].run
        expect(run.isRightToLeft)
        expect(run.glyphs.count == 5)
        // Visual order is the reverse of logical: the first letter (cluster 0) is rightmost.
        let byCluster = run.glyphs.sorted { $0.cluster < $1.cluster }
        for (a, b) in zip(byCluster, byCluster.dropFirst()) { expect(a.x > b.x, "\(a) \(b)") }
        // Joined: the letters inside the word are not their isolated forms (the glyph a
        // lone character maps to).
        let isolated = try word.unicodeScalars.map { try text.shapedRuns(String($0))[0].run.glyphs[0].glyph }
        let joined = byCluster.map(\.glyph)
        expect(joined[0] != isolated[0])  // initial meem
        expect(joined[1] != isolated[1])  // medial reh... final after a joining letter
        expect(joined[3] != isolated[3])  // medial beh
        expect(joined[4] != isolated[4])  // final alef
    }

    @Test func embeddedRightToLeftRunsAreReorderedInALeftToRightLine() throws {
        let runs = try text.shapedRuns("abc مرحبا def")
        let levels = runs.map(\.run.level)
        expect(levels.first == 0 && levels.last == 0 && levels.contains(1))
        // Runs come out left to right on the line: "abc " first, " def" last.
        let scalars = Array("abc مرحبا def".unicodeScalars)
        expect(runs.first?.run.scalars.lowerBound == 0)
        expect(runs.last?.run.scalars.upperBound == scalars.count)
        try expect(!(try text.render("abc مرحبا def", pixelSize: 20).isRightToLeft))
        try expect(text.render("مرحبا abc", pixelSize: 20).isRightToLeft)
    }

    @Test func visualOrderFollowsRuleL2() {
        expect(BidiLevels.visualOrder([0, 1, 0]) == [0, 1, 2])
        expect(BidiLevels.visualOrder([0, 1, 1, 0]) == [0, 2, 1, 3])
        expect(BidiLevels.visualOrder([1, 2, 1]) == [2, 1, 0])
        expect(BidiLevels.visualOrder([1, 2, 2, 1]) == [3, 1, 2, 0])
    }

    @Test func emojiAreDrawnInColourAtTheTextSize() throws {
        let mask = try text.render("🌸", pixelSize: 40)
        expect(!mask.color.isEmpty)
        expect(mask.coverage.allSatisfy { $0 == 0 })
        // Cherry blossom pink: opaque pixels whose red exceeds their green clearly.
        var pink = 0
        var opaque = 0
        for i in stride(from: 0, to: mask.color.count, by: 4) where mask.color[i + 3] > 200 {
            opaque += 1
            if Int(mask.color[i]) > Int(mask.color[i + 1]) + 40 { pink += 1 }
        }
        expect(opaque > 200 && pink > opaque / 3, "\(pink) pink of \(opaque)")
        // Scaled from the 109 px strike to about one em.
        expect(
            (28...52).contains(mask.width) && (28...52).contains(mask.height), "\(mask.width)x\(mask.height)")
        expect(mask.inkCoverage.contains(255))
    }

    /// An emoji is measured as it is drawn: about an em wide, not nothing.
    @Test func emojiAreMeasuredAsDrawn() throws {
        let width = try text.measure("👹", pixelSize: 17)
        expect((14...24).contains(width), "\(width)")
    }

    @Test func aMissingFamilyFallsBackToTheDefaultWithoutAnError() throws {
        let fallback = try text.render("Beach", pixelSize: 26, family: "No Such Family 4711")
        try expect(fallback == (try text.render("Beach", pixelSize: 26)))
        let serif = try text.render("Beach", pixelSize: 26, family: "DejaVu Serif")
        expect(serif != fallback)
        let runs = try text.shapedRuns("Beach", family: "DejaVu Serif")
        expect(runs.map(\.family) == ["DejaVu Serif"])
    }

    /// The columns holding ink of a placed mask, in canvas pixels.
    private func inkColumns(_ placed: PlacedText) -> ClosedRange<Int>? {
        var low = Int.max
        var high = Int.min
        for y in 0..<placed.mask.height {
            for x in 0..<placed.mask.width where placed.mask[x, y] > 0 {
                low = min(low, placed.x + x)
                high = max(high, placed.x + x)
            }
        }
        return low <= high ? low...high : nil
    }

    @Test func alignmentPutsTheInkAtTheLeftCentreOrRight() throws {
        let rect = Rect(x: 10, y: 5, width: 300, height: 60)
        let size = 26.0
        let bearing = 201 * size / 2048  // B's left side bearing; h's right one is 174 units
        let left = try #require(
            inkColumns(try text.render("Beach", pixelSize: size, alignment: .left, in: rect)))
        expect(abs(Double(left.lowerBound) - (10 + bearing)) <= 1)
        let right = try #require(
            inkColumns(try text.render("Beach", pixelSize: size, alignment: .right, in: rect)))
        expect(abs(Double(right.upperBound + 1) - (310 - 174 * size / 2048)) <= 1)
        let centre = try #require(
            inkColumns(try text.render("Beach", pixelSize: size, alignment: .center, in: rect)))
        let mid = Double(centre.lowerBound + centre.upperBound + 1) / 2
        expect(abs(mid - 160) <= 1.5)
        expect(left.count == right.count && right.count == centre.count)
        // Natural: left for Latin, right for Arabic.
        try expect(
            inkColumns(try text.render("Beach", pixelSize: size, alignment: .natural, in: rect)) == left)
        let arabic = try #require(
            inkColumns(try text.render("مرحبا", pixelSize: size, alignment: .natural, in: rect)))
        expect(arabic.upperBound >= 300 && arabic.upperBound < 310)
    }

    private func breaks(_ s: String) -> [Int] {
        LineBreaker.opportunities(Array(s)).enumerated().filter(\.element).map(\.offset)
    }

    @Test func breakOpportunitiesFollowUAX14() {
        expect(breaks("Hello world") == [6])
        expect(breaks("well-known") == [5])  // after the hyphen, not before it
        expect(breaks("10-20") == [])  // no break between a hyphen and a digit
        expect(breaks("東京都") == [1, 2])  // between ideographs
        expect(breaks("東京。大阪") == [1, 3, 4])  // never before 。, after it yes
        expect(breaks("(foo) bar") == [6])  // not after ( nor before )
        expect(breaks("foo )") == [])  // not before ) even after a space
        expect(breaks("a\u{00A0}b c") == [4])  // no-break space holds
        expect(breaks("東京タワー") == [1, 2, 3])  // not before the prolonged sound mark
        expect(breaks("e\u{301}t\u{E9} x") == [4])  // marks stay with their letter
    }

    @Test func wrappedLinesBreakOnlyWhereAllowedAndFit() throws {
        let sentence = "The quick brown fox jumps over the lazy dog"
        let width = 150.0
        let lines = try text.lines(sentence, pixelSize: 20, maxWidth: width)
        expect(lines.count > 1)
        expect(lines.joined(separator: " ") == sentence)
        for line in lines { try expect(text.measure(line, pixelSize: 20) <= width) }
        // Greedy: the next word would not have fitted on each line.
        for (line, next) in zip(lines, lines.dropFirst()) {
            let word = next.split(separator: " ")[0]
            try expect(text.measure(line + " " + word, pixelSize: 20) > width)
        }

        let japanese = "東京の桜は三月に咲きます。大阪（関西）も綺麗です。"
        let narrow = try text.measure("東京の桜", pixelSize: 20) + 1
        let cjk = try text.lines(japanese, pixelSize: 20, maxWidth: narrow)
        expect(cjk.joined() == japanese)
        for line in cjk.dropFirst() {
            expect(!line.hasPrefix("。") && !line.hasPrefix("）"), "\(cjk)")
        }
        for line in cjk.dropLast() { expect(!line.hasSuffix("（"), "\(cjk)") }
        for line in cjk { try expect(text.measure(line, pixelSize: 20) <= narrow) }

        // A word wider than the line is broken between characters, each piece as long as fits.
        let word = "Supercalifragilisticexpialidocious"
        let pieces = try text.lines(word, pixelSize: 20, maxWidth: 90)
        expect(pieces.count > 2 && pieces.joined() == word)
        for (piece, next) in zip(pieces, pieces.dropFirst()) {
            try expect(text.measure(piece, pixelSize: 20) <= 90)
            try expect(text.measure(piece + String(next.first!), pixelSize: 20) > 90)
        }
        try expect(text.lines("", pixelSize: 20, maxWidth: 90).isEmpty)
        // A line feed is a mandatory break.
        try expect(text.lines("Snow\nBeach", pixelSize: 20, maxWidth: 500) == ["Snow", "Beach"])

        // Limited lines end in an ellipsis.
        let two = try text.lines(sentence, pixelSize: 20, maxWidth: width, maximumLines: 2)
        expect(two.count == 2 && two[1].hasSuffix("…"))
    }

    @Test func multipleLinesStackInTheRect() throws {
        let rect = Rect(x: 0, y: 0, width: 160, height: 200)
        let one = try text.render("The quick brown fox jumps", pixelSize: 20, alignment: .left, in: rect)
        let many = try text.render(
            "The quick brown fox jumps", pixelSize: 20, alignment: .left, numberOfLines: 0, in: rect)
        expect(one.mask.text.hasSuffix("…"))
        let lines = many.mask.text.split(separator: "\n")
        expect(lines.count >= 2)
        expect(lines.joined(separator: " ") == "The quick brown fox jumps")
        expect(many.mask.height > one.mask.height + 15)
        // The block of line boxes is centred vertically: the first baseline is an ascent
        // below the block's top.
        let lineHeight = (1901.0 + 483) * 20 / 2048
        let top = Double(many.y + many.mask.baseline) - 1901 * 20 / 2048
        expect(abs(top - (100 - Double(lines.count) * lineHeight / 2)) <= 1)
    }
}
