import FrameGenRaster
import FrameGenScene

/// The built-in emblem (the album layout's decoration view): a rounded app-icon-like badge with
/// a warm gradient and a white camera, on a transparent square of `pixelSize` pixels with a soft
/// shadow. Drawn with signed distances, so edges are anti-aliased at any size.
public func generatedEmblem(pixelSize: Int) throws(FrameGenError) -> Image {
    guard (8...4096).contains(pixelSize) else {
        throw FrameGenError.badInput(nil, "emblem size \(pixelSize) px is not between 8 and 4096")
    }
    var image = Image(width: pixelSize, height: pixelSize)
    let n = Float(pixelSize)
    let all = (x0: 0, y0: 0, x1: pixelSize, y1: pixelSize)
    let c = n / 2
    let half = n * 0.42
    let radius = n * 0.2
    let top = RGB(hex: 0xFF9A56)
    let bottom = RGB(hex: 0xE8436A)
    let shadowBlur = max(1, n * 0.035)
    let shadowDrop = n * 0.025
    // Shadow: the badge's distance field smoothed over the blur width.
    image.blend(x0: all.x0, y0: all.y0, x1: all.x1, y1: all.y1) { x, y in
        let d = roundedRectDistance(x, y, cx: c, cy: c + shadowDrop, hw: half, hh: half, r: radius)
        return premultiplied(.black, alpha: 0.35 * (1 - smoothstep(-shadowBlur, shadowBlur, d)))
    }
    // Badge: vertical gradient with a soft gloss on its upper half.
    image.blend(x0: all.x0, y0: all.y0, x1: all.x1, y1: all.y1) { x, y in
        let d = roundedRectDistance(x, y, cx: c, cy: c, hw: half, hh: half, r: radius)
        let t = (y - (c - half)) / (2 * half)
        let gloss = 0.14 * (1 - smoothstep(0.0, 0.55, t))
        return premultiplied(top.mixed(with: bottom, t).mixed(with: .white, gloss), alpha: edgeCoverage(d))
    }
    // Camera: a body, the viewfinder hump, a lens ring cut into the body and a flash.
    let body = (cx: c, cy: n * 0.54, hw: n * 0.25, hh: n * 0.165, r: n * 0.055)
    let hump = (cx: n * 0.43, cy: body.cy - body.hh, hw: n * 0.085, hh: n * 0.05, r: n * 0.025)
    let lens = (cx: c, cy: body.cy + n * 0.01, outer: n * 0.115, inner: n * 0.08)
    let white = RGB(1, 1, 1)
    let lensTint = top.mixed(with: bottom, 0.6)
    image.blend(x0: all.x0, y0: all.y0, x1: all.x1, y1: all.y1) { x, y in
        let dBody = roundedRectDistance(x, y, cx: body.cx, cy: body.cy, hw: body.hw, hh: body.hh, r: body.r)
        let dHump = roundedRectDistance(x, y, cx: hump.cx, cy: hump.cy, hw: hump.hw, hh: hump.hh, r: hump.r)
        let dShape = min(dBody, dHump)
        // The lens opening shows the badge colour through the body.
        let dHole = circleDistance(x, y, cx: lens.cx, cy: lens.cy, r: lens.outer)
        let dCamera = max(dShape, -dHole)
        return premultiplied(white, alpha: edgeCoverage(dCamera))
    }
    image.blend(x0: all.x0, y0: all.y0, x1: all.x1, y1: all.y1) { x, y in
        let d = circleDistance(x, y, cx: lens.cx, cy: lens.cy, r: lens.inner)
        let glass = RGB(hex: 0x3A2A4A).mixed(with: lensTint, 0.25)
        return premultiplied(glass, alpha: edgeCoverage(d))
    }
    let glint = (cx: lens.cx - lens.inner * 0.35, cy: lens.cy - lens.inner * 0.35, r: lens.inner * 0.22)
    image.blend(x0: all.x0, y0: all.y0, x1: all.x1, y1: all.y1) { x, y in
        let d = circleDistance(x, y, cx: glint.cx, cy: glint.cy, r: glint.r)
        return premultiplied(.white, alpha: 0.85 * edgeCoverage(d))
    }
    let flash = (cx: body.cx + body.hw * 0.68, cy: body.cy - body.hh * 0.58, r: n * 0.022)
    image.blend(x0: all.x0, y0: all.y0, x1: all.x1, y1: all.y1) { x, y in
        let d = circleDistance(x, y, cx: flash.cx, cy: flash.cy, r: flash.r)
        return premultiplied(lensTint, alpha: edgeCoverage(d))
    }
    return image
}
