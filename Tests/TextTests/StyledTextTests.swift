import FrameGenGeometry
import TestTiers
import Testing

@testable import FrameGenText

/// Text in several styles, as Core Text lays out an attributed string's runs: each run shaped
/// in its own font, a line's runs one after another on one baseline, wrapped as text in one
/// style is.
@Suite struct StyledTextTests {
    let text = TextRenderer()
    static let sentence = "Beach houses by the sea, and a harbour where the boats come in at night"

    /// One run of the whole text is the text in that style: the same lines at every width, the
    /// same advance, and the same pixels.
    @Test func oneRunIsTheTextInItsStyle() throws {
        let run = StyledRun(length: Self.sentence.count, size: 26, weight: .bold)
        for width in [80.0, 150, 233, 400, 10_000] {
            let plain = try text.wrappedLines(Self.sentence, pixelSize: 26, weight: .bold, maxWidth: width)
            let styled = try text.wrappedLines(Self.sentence, runs: [run], maxWidth: width)
            let characters = Array(Self.sentence)
            expect(styled.map { String(characters[$0.range]) } == plain.map(\.text))
            expect(styled.map(\.endsParagraph) == plain.map(\.endsParagraph))
        }
        try expect(
            try text.measure(Self.sentence, runs: [run])
                == text.measure(Self.sentence, pixelSize: 26, weight: .bold))
        let rect = Rect(x: 3.25, y: 7.5, width: 241, height: 140)
        for (lines, alignment) in [(0, TextAlignment.left), (3, .center), (1, .right)] {
            let plain = try text.render(
                Self.sentence, pixelSize: 26, weight: .bold, alignment: alignment, numberOfLines: lines,
                in: rect)
            let pieces = try text.render(
                Self.sentence, runs: [run], alignment: alignment, numberOfLines: lines, in: rect)
            expect(pieces.allSatisfy { $0.run == 0 })
            try expect(try TextRenderer.merge(pieces.map(\.placed)).mask.coverage == plain.mask.coverage)
            try expect(try TextRenderer.merge(pieces.map(\.placed)).x == plain.x)
            try expect(try TextRenderer.merge(pieces.map(\.placed)).y == plain.y)
        }
    }

    /// A regular run then a bold one: the line is as wide as the two runs measured apart (no
    /// kerning across a change of style), the bold run starts where the regular one ends, and
    /// both stand on one baseline.
    @Test func runsFollowOneAnotherOnOneBaseline() throws {
        let string = "Beach house"
        let runs = [StyledRun(length: 6, size: 26), StyledRun(length: 5, size: 26, weight: .bold)]
        let first = try text.measure("Beach ", pixelSize: 26)
        let second = try text.measure("house", pixelSize: 26, weight: .bold)
        try expect(abs(try text.measure(string, runs: runs) - (first + second)) < 1e-9)
        let pieces = try text.render(
            string, runs: runs, alignment: .left, numberOfLines: 1,
            in: Rect(x: 10, y: 0, width: 400, height: 40))
        try #require(pieces.count == 2)
        expect(pieces.map(\.run) == [0, 1])
        let (a, b) = (pieces[0].placed, pieces[1].placed)
        expect(a.x + a.mask.penX == 10)
        // The second run's pen is the first's advance on (glyphs at quarter pixels within it).
        expect(abs(Double(b.x + b.mask.penX) - (10 + first).rounded(.down)) <= 1)
        expect(a.y + a.mask.baseline == b.y + b.mask.baseline)
        // The bold run is drawn bold: its ink is heavier than the same letters in regular.
        let regular = try text.render("house", pixelSize: 26)
        expect(
            b.mask.coverage.reduce(0) { $0 + Int($1) } > regular.coverage.reduce(0) { $0 + Int($1) })
    }

    /// A line is as tall as its tallest run's line: a larger run on the second line of two
    /// moves only that line's baseline down by its extra ascent.
    @Test func aLineIsAsTallAsItsTallestRun() throws {
        let string = "Beach\nHouse"
        let small = [StyledRun(length: 6, size: 20), StyledRun(length: 5, size: 20)]
        let large = [StyledRun(length: 6, size: 20), StyledRun(length: 5, size: 40)]
        let rect = Rect(x: 0, y: 0, width: 300, height: 200)
        let a = try text.render(string, runs: small, alignment: .left, numberOfLines: 0, in: rect)
        let b = try text.render(string, runs: large, alignment: .left, numberOfLines: 0, in: rect)
        let lineA = try text.render("H", pixelSize: 20)
        let lineB = try text.render("H", pixelSize: 40)
        func baselines(_ pieces: [StyledPiece]) -> [Int] {
            pieces.map { $0.placed.y + $0.placed.mask.baseline }
        }
        // The block is centred: its height grows by the larger line's, its lines one box apart.
        let gapA = baselines(a)[1] - baselines(a)[0]
        let gapB = baselines(b)[1] - baselines(b)[0]
        expect(abs(Double(gapA) - lineA.lineHeight) <= 1)
        expect(abs(Double(gapB) - (lineA.descent + lineB.ascent)) <= 1)
        let spacing = ParagraphSpacing()
        let layout = spacing.layout(
            endsParagraph: [true, true], naturals: [lineA.lineHeight, lineB.lineHeight])
        expect(layout.tops == [0, lineA.lineHeight])
        expect(layout.height == lineA.lineHeight + lineB.lineHeight)
    }

    /// A last line cut with "…" measures and draws the "…" in the style of the run it follows.
    @Test func anEllipsisTakesTheStyleOfTheRunItFollows() throws {
        let string = "Beach houses by the sea"
        let runs = [StyledRun(length: 6, size: 26), StyledRun(length: 17, size: 26, weight: .bold)]
        let lines = try text.wrappedLines(string, runs: runs, maxWidth: 160, maximumLines: 1)
        try #require(lines.count == 1)
        expect(lines[0].isTruncated)
        expect(lines[0].runs == 0..<2)
        let characters = Array(string)
        let kept = String(characters[lines[0].range])
        expect(kept.hasPrefix("Beach h"))
        let bold = try text.measure(String(kept.dropFirst(6)) + "…", pixelSize: 26, weight: .bold)
        let advance = try text.advance(of: lines[0], in: string, runs: runs)
        try expect(abs(advance - (try text.measure("Beach ", pixelSize: 26) + bold)) < 1e-9)
        expect(advance <= 160)
    }

    /// Runs that do not cover the text are refused with a message, not drawn.
    @Test func runsThatDoNotCoverTheTextAreRefused() {
        #expect(throws: TextError.self) { try text.measure("Beach", runs: [StyledRun(length: 3, size: 20)]) }
        #expect(throws: TextError.self) { try text.measure("Beach", runs: [StyledRun(length: 9, size: 20)]) }
        #expect(throws: TextError.self) {
            try text.measure("Beach", runs: [StyledRun(length: 5, size: 0)])
        }
    }
}
