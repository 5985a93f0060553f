import CFrameGenVector
import Foundation

/// The vector images of an app's asset catalogs drawn into pixels, as Xcode's catalog compiler
/// draws them for a device, at the image's size and the screen's scale: SVG with librsvg, PDF
/// (its first page) with poppler (docs/decisions.md, "Vector images").
enum VectorImages {
    /// The longest side a vector image is drawn at, in pixels: a larger one is refused (a
    /// malformed `width` or media box would otherwise ask for gigabytes).
    static let maximumSide = 8192

    /// `data`, an SVG document, drawn to fill `width` x `height` pixels (its view box scaled to
    /// them, as a catalog's image is), premultiplied RGBA; nil when librsvg cannot read it or
    /// the size is out of bounds.
    static func svg(_ data: [UInt8], width: Int, height: Int) -> UIImage.Bitmap? {
        guard !data.isEmpty else { return nil }
        var error: UnsafeMutablePointer<GError>?
        let handle = data.withUnsafeBufferPointer {
            rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error)
        }
        if let error { g_error_free(error) }
        guard let handle else { return nil }
        defer { g_object_unref(handle) }
        return draw(width: width, height: height) { context in
            var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
            var renderError: UnsafeMutablePointer<GError>?
            let drawn = rsvg_handle_render_document(handle, context, &viewport, &renderError)
            if let renderError { g_error_free(renderError) }
            return drawn != 0
        }
    }

    /// `data`, a PDF document, its first page drawn to fill `width` x `height` pixels,
    /// premultiplied RGBA; nil when poppler cannot read it or the size is out of bounds.
    static func pdf(_ data: [UInt8], width: Int, height: Int) -> UIImage.Bitmap? {
        guard !data.isEmpty,
            let bytes = data.withUnsafeBytes({ g_bytes_new($0.baseAddress, gsize($0.count)) })
        else { return nil }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        let document = poppler_document_new_from_bytes(bytes, nil, &error)
        if let error { g_error_free(error) }
        guard let document else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(document)) }
        guard poppler_document_get_n_pages(document) > 0, let page = poppler_document_get_page(document, 0)
        else {
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        var pageWidth = 0.0
        var pageHeight = 0.0
        poppler_page_get_size(page, &pageWidth, &pageHeight)
        guard pageWidth > 0, pageHeight > 0, pageWidth.isFinite, pageHeight.isFinite else { return nil }
        return draw(width: width, height: height) { context in
            cairo_scale(context, Double(width) / pageWidth, Double(height) / pageHeight)
            poppler_page_render(page, context)
            return cairo_status(context) == CAIRO_STATUS_SUCCESS
        }
    }

    /// A transparent `width` x `height` cairo surface that `body` draws into, as framegen's
    /// premultiplied RGBA; nil when the size is out of bounds or `body` fails.
    private static func draw(width: Int, height: Int, _ body: (OpaquePointer) -> Bool) -> UIImage.Bitmap? {
        guard width > 0, height > 0, width <= maximumSide, height <= maximumSide,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface)
        else {
            return nil
        }
        let drawn = body(context)
        cairo_destroy(context)
        guard drawn else { return nil }
        cairo_surface_flush(surface)
        guard let base = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        // Cairo's ARGB32 is a native-endian word, premultiplied: B, G, R, A in memory here.
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = UnsafeRawPointer(base + y * stride)
                for x in 0..<width {
                    let word = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    let o = (y * width + x) * 4
                    out[o] = UInt8(truncatingIfNeeded: word >> 16)
                    out[o + 1] = UInt8(truncatingIfNeeded: word >> 8)
                    out[o + 2] = UInt8(truncatingIfNeeded: word)
                    out[o + 3] = UInt8(truncatingIfNeeded: word >> 24)
                }
            }
        }
        return UIImage.Bitmap(width: width, height: height, pixels: pixels)
    }
}
