import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenRender
@testable import FrameGenScene

/// The text style keys (docs/scene.md "Style keys"): `font.family`, `textAlignment`, `numberOfLines`.
@Suite struct TextStyleTests {
    private let yaml = """
        canvas: {width: 300, height: 120, scale: 1, background: "#FFFFFF"}
        content: {sections: [1], titles: [Beach]}
        layout: {type: flow, itemSize: [60, 40], headerReferenceSize: [0, 60]}
        cell: {background: "#FFFFFF"}
        supplementary:
          header: {font: {size: 20, family: DejaVu Serif}, color: "#000000", textAlignment: ALIGN, numberOfLines: 2}
        """

    @Test func keysAreReadAndWrittenBack() throws {
        let s = try scene(yaml.replacingOccurrences(of: "ALIGN", with: "right"))
        let header = try #require(s.views[0].supplementary["header"])
        expect(header.font == ElementStyle.Font(size: 20, bold: false, family: "DejaVu Serif"))
        expect(header.textAlignment == .right)
        expect(header.numberOfLines == 2)
        let written = jsonText(header.documentValue)
        expect(written.contains("\"family\": \"DejaVu Serif\""), "\(written)")
        expect(written.contains("\"textAlignment\": \"right\""))
        expect(written.contains("\"numberOfLines\": 2"))
    }

    @Test func badValuesAreOneLineErrors() {
        let valid = yaml.replacingOccurrences(of: "ALIGN", with: "left")
        expect(
            sceneError(yaml.replacingOccurrences(of: "ALIGN", with: "centre")).contains(
                "did you mean \"center\""))
        expect(
            sceneError(valid.replacingOccurrences(of: "numberOfLines: 2", with: "numberOfLines: -1"))
                .contains("numberOfLines"))
        expect(
            sceneError(valid.replacingOccurrences(of: "family: DejaVu Serif", with: "family: \"\""))
                .contains("family"))
    }

    /// The leftmost and rightmost columns with dark pixels in the header (rows 0..<60).
    private func headerInk(_ align: String) throws -> ClosedRange<Int> {
        let image = try render(scene: scene(yaml.replacingOccurrences(of: "ALIGN", with: align)), frame: 0)
        var low = Int.max
        var high = Int.min
        for y in 0..<60 {
            for x in 0..<image.width where image[x, y].r < 128 {
                low = min(low, x)
                high = max(high, x)
            }
        }
        return low...high
    }

    @Test func headersAreAlignedAsTheStyleSays() throws {
        let left = try headerInk("left")
        let right = try headerInk("right")
        let centre = try headerInk("center")
        expect(left.lowerBound < 5)
        expect(right.upperBound > 294)
        expect(abs((centre.lowerBound + centre.upperBound) / 2 - 150) <= 2)
        expect(left.count == right.count)
    }
}
