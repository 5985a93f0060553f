import FrameGenRaster
import FrameGenText

extension ImageComparison {
    /// The labels' band over `labelledSideBySide`, in pixels, and the labels' size in it.
    public static let labelBand = 18
    static let labelPixelSize = 12.0

    /// The side-by-side image every failed comparison writes (`compare --side-by-side`,
    /// `golden check`, a failed snapshot): `sideBySide`'s row under a band that names each part,
    /// so that a reviewer who opens the file alone, or a CI page that shows it, knows which is
    /// which.
    public static func labelledSideBySide(
        expected: StraightImage, diff: StraightImage, actual: StraightImage,
        text: TextRenderer = TextRenderer()
    ) -> StraightImage {
        let band = labelBand
        let strip = sideBySide(expected: expected, diff: diff, actual: actual)
        let width = strip.width
        var rgba = [UInt8](repeating: 64, count: width * band * 4)
        for k in stride(from: 3, to: rgba.count, by: 4) { rgba[k] = 255 }
        rgba += strip.rgba
        var left = 0
        for (label, part) in [("expected", expected), ("difference", diff), ("actual", actual)] {
            defer { left += part.width + 4 }
            // A font the machine lacks leaves the band unlabelled rather than failing the check.
            guard part.width > 6,
                let mask = try? text.render(
                    label, pixelSize: labelPixelSize, maxWidth: Double(part.width - 6))
            else { continue }
            let x0 = left + 3
            let y0 = max(0, (band - mask.height) / 2)
            for y in 0..<min(mask.height, band - y0) {
                for x in 0..<min(mask.width, width - x0) {
                    let c = Int(mask.coverage[y * mask.width + x])
                    let k = ((y0 + y) * width + x0 + x) * 4
                    let v = UInt8((64 * (255 - c) + 255 * c + 127) / 255)
                    (rgba[k], rgba[k + 1], rgba[k + 2]) = (v, v, v)
                }
            }
        }
        return StraightImage(width: width, height: strip.height + band, rgba: rgba)!
    }
}
