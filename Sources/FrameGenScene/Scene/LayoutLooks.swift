import FrameGenCompositor
import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster

/// The look of the app each built-in layout comes from (docs/layouts-and-motion.md "Default looks"), used for
/// every style key and the canvas background a scene leaves unset, so `layout: {type: album}` alone looks
/// like the album app. A scene's keys override these one by one.
public struct LayoutLook: Sendable {
    public var background: Canvas.Background?
    public var cell = ElementStyle()
    public var supplementary: [String: ElementStyle] = [:]

    /// The album's background: the built-in tile standing in for the app's "concrete_wall".
    public static let albumWall = "generated:pattern/0"

    public static func of(_ type: String) -> LayoutLook {
        var look = LayoutLook()
        // Every seed app shows its photos aspect-filled and clipped (never stretched), except
        // the Photos preview, which fits them (docs/design/layouts.md §3.1).
        look.cell.contentMode = .aspectFill
        look.cell.clipsToBounds = true
        // Flow-based layouts' headers and footers: UIKit's 17 pt system font, light on the
        // default black canvas.
        var header = ElementStyle()
        header.font = ElementStyle.Font(size: 17, bold: true)
        header.color = .white
        switch type {
        case "album":
            // BHAlbumPhotoCell and BHAlbumTitleReusableView (docs/layouts-and-motion.md "Default
            // looks") on the app's tiled "concrete_wall": a built-in tile stands in for the app's
            // asset, so the wall needs no file of the user's. One fixed seed, because the app has
            // one wall whatever its photos.
            look.background = .pattern(LayoutLook.albumWall)
            look.cell.background = Color(r: 217, g: 217, b: 217)
            look.cell.border = ElementStyle.Border(width: 3, color: .white)
            look.cell.shadow = ElementStyle.Shadow(
                color: .black, opacity: 0.5, radius: 3, offset: Point(x: 0, y: 2))
            var title = ElementStyle()
            title.font = ElementStyle.Font(size: 13, bold: true)
            title.color = .white
            title.textShadow = ElementStyle.Shadow(
                color: .black, opacity: 0.3, radius: 0, offset: Point(x: 0, y: 1))
            look.supplementary[ElementKind.title] = title
        case "carousel":
            // The storyboard cell (docs/layouts-and-motion.md "Default looks"): white, the image inset 5 pt.
            look.cell.background = .white
            look.cell.imageInset = 5
        case "preview":
            look.cell.contentMode = .aspectFit
        case "flow", "photos", "pinch", "waterfall", "coverflow":
            look.supplementary[ElementKind.sectionHeader] = header
            look.supplementary[ElementKind.sectionFooter] = header
        default:
            break
        }
        return look
    }
}
