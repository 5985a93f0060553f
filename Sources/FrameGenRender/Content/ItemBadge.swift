import FrameGenGeometry
import FrameGenRaster
import FrameGenText

/// The item number on a generated photo: white bold digits on a dark translucent pill at the
/// photo's centre. The centre is the part that survives any aspect-fill crop, so the number is
/// readable in every cell a viewer follows.
enum ItemBadge {
    static func draw(_ label: String, on image: inout Image, text: TextRenderer) throws(TextError) {
        let short = Float(min(image.width, image.height))
        let textSize = Double(max(9, short * 0.15))
        let mask = try text.render(label, pixelSize: textSize, weight: .bold)
        let height = Float(textSize) * 1.5
        let width = max(height, Float(mask.advance) + Float(textSize) * 0.9)
        let cx = Float(image.width) / 2
        let cy = Float(image.height) / 2
        let (hw, hh) = (width / 2, height / 2)
        image.blend(
            Color(r: 0, g: 0, b: 0, a: 105).premultiplied,
            x0: (cx - hw).clampedInt(in: pixelCoordinateRange, nan: 0) - 1,
            y0: (cy - hh).clampedInt(in: pixelCoordinateRange, nan: 0) - 1,
            x1: (cx + hw).clampedInt(in: pixelCoordinateRange, nan: 0) + 2,
            y1: (cy + hh).clampedInt(in: pixelCoordinateRange, nan: 0) + 2
        ) { px, py in
            edgeCoverage(roundedRectDistance(px, py, cx: cx, cy: cy, hw: hw, hh: hh, r: hh))
        }
        // The line box centred in the pill, as a label would centre it.
        let (x, y) = mask.origin(
            centeredIn: .init(
                x: Double(cx - hw), y: Double(cy - hh), width: Double(width), height: Double(height)))
        let shadow = max(1, (textSize * 0.05).rounded().clampedInt(in: pixelCoordinateRange, nan: 0))
        image.blend(Color(r: 0, g: 0, b: 0, a: 90).premultiplied, mask: mask, x: x, y: y + shadow)
        image.blend(Color.white.premultiplied, mask: mask, x: x, y: y)
    }
}
