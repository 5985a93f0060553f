import CFrameGenFreeType
import CFrameGenHarfBuzz
import FrameGenGeometry

/// One open FreeType face with the metrics text layout needs, in font units, and its HarfBuzz
/// font for shaping (made on first use, scaled to font units so positions are exact integers).
struct FontFace {
    let face: FT_Face
    let path: String
    let unitsPerEm: Int
    let ascender: Int
    /// Positive: how far the line box goes below the baseline.
    let descender: Int
    let hasKerning: Bool
    /// The font has a legacy `kern` table.
    let hasKernTable: Bool
    /// Colour bitmaps only (Noto Color Emoji's CBDT): drawn from a fixed strike, scaled.
    let isColorBitmap: Bool
    /// The 26.6 pixel size the face is currently set to (FT_Set_Char_Size is not free).
    var size26d6: Int = 0
    private(set) var shaper: OpaquePointer?

    /// Opens the face `file` names, any family, scalable or a colour bitmap font.
    static func open(library: FT_Library, file: FontFile) -> Result<FontFace, TextError> {
        var face: FT_Face?
        let status: FT_Error
        if let id = file.memory {
            // AppFonts keeps the bytes for the process's life, as FreeType reads them for the face's.
            guard let kept = AppFonts.bytes(id), let base = kept.bytes.baseAddress else {
                return .failure(TextError(.badFont, "\(file.path): no such registered font data"))
            }
            status = FT_New_Memory_Face(
                library, base.assumingMemoryBound(to: FT_Byte.self), FT_Long(kept.bytes.count),
                FT_Long(file.index), &face)
        } else {
            status = FT_New_Face(library, file.path, FT_Long(file.index), &face)
        }
        guard status == 0, let face else {
            return .failure(
                TextError(.badFont, "\(file.path): FreeType cannot open this font (error \(status))"))
        }
        let flags = face.pointee.face_flags
        let scalable = (flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0
        let color = (flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0 && face.pointee.num_fixed_sizes > 0
        var metrics = (
            Int(face.pointee.units_per_EM), Int(face.pointee.ascender), -Int(face.pointee.descender)
        )
        if !scalable, color,
            let head = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self),
            let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self)
        {
            // FreeType leaves a bitmap-only face's metrics at 0; the sfnt tables have them, in
            // the units its hmtx advances (and so HarfBuzz's positions) are in.
            metrics = (
                Int(head.pointee.Units_Per_EM), Int(hhea.pointee.Ascender), -Int(hhea.pointee.Descender)
            )
        }
        guard scalable || color, metrics.0 > 0 else {
            FT_Done_Face(face)
            return .failure(TextError(.badFont, "\(file.path): not a scalable or colour font"))
        }
        // The `kern` table itself, asked for by its tag: FreeType's kerning flag says what
        // FT_Get_Kerning can read, which later FreeType releases may take from GPOS too.
        var kernLength: FT_ULong = 0
        let hasKernTable = FT_Load_Sfnt_Table(face, 0x6B65_726E, 0, nil, &kernLength) == 0 && kernLength > 0
        return .success(
            FontFace(
                face: face, path: file.path, unitsPerEm: metrics.0, ascender: metrics.1, descender: metrics.2,
                hasKerning: (flags & FT_Long(FT_FACE_FLAG_KERNING)) != 0,
                hasKernTable: hasKernTable,
                isColorBitmap: color && !scalable))
    }

    /// Opens `path` and checks that it is the default family (DejaVu Sans) in the weight's style.
    static func openDefault(library: FT_Library, file: FontFile, weight: FontWeight) -> Result<
        FontFace, TextError
    > {
        let opened = open(library: library, file: file)
        guard case .success(let face) = opened else { return opened }
        let family = face.face.pointee.family_name.map { String(cString: $0) } ?? ""
        let style = face.face.pointee.style_name.map { String(cString: $0) } ?? ""
        guard family == FontLocator.defaultFamily, style == FontLocator.style(weight), !face.isColorBitmap
        else {
            face.close()
            return .failure(
                TextError(
                    .badFont,
                    "\(file.path): expected the scalable font \(FontLocator.defaultFamily) "
                        + "\(FontLocator.style(weight)), found \"\(family) \(style)\""))
        }
        return opened
    }

    func close() {
        if let shaper { hb_font_destroy(shaper) }
        FT_Done_Face(face)
    }

    /// The glyph for a code point (0, FreeType's .notdef box, when the font lacks it).
    func glyphIndex(_ scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// The unhinted advance in font units, independent of size (exact integers, so a string's
    /// width is the same sum on every run).
    func advanceUnits(_ glyph: UInt32) -> Int {
        var advance: FT_Fixed = 0
        guard FT_Get_Advance(face, glyph, FT_Int32(FT_LOAD_NO_SCALE), &advance) == 0 else { return 0 }
        return Int(advance)
    }

    /// The kerning between two glyphs in font units (the font's `kern` table; 0 without one).
    func kerningUnits(_ left: UInt32, _ right: UInt32) -> Int {
        guard hasKerning, left != 0, right != 0 else { return 0 }
        var vector = FT_Vector()
        guard FT_Get_Kerning(face, left, right, FT_KERNING_UNSCALED.rawValue, &vector) == 0 else {
            return 0
        }
        return Int(vector.x)
    }

    /// The HarfBuzz font over this face, at one unit per font unit.
    mutating func harfBuzzFont() -> OpaquePointer? {
        if let shaper { return shaper }
        guard let hbFace = hb_ft_face_create_referenced(face) else { return nil }
        defer { hb_face_destroy(hbFace) }
        let font = hb_font_create(hbFace)
        hb_ot_font_set_funcs(font)
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        shaper = font
        return font
    }

    /// Rasterises `glyph` unhinted (as Core Text draws: outlines at their true shape) with the
    /// pen `phase` quarter pixels right of a whole pixel. A colour bitmap font's glyph comes
    /// back in colour, scaled from its strike to `size26d6`.
    mutating func rasterize(_ glyph: UInt32, size26d6: Int, phase: UInt8) throws(TextError) -> GlyphBitmap {
        if isColorBitmap { return try rasterizeColor(glyph, size26d6: size26d6) }
        if self.size26d6 != size26d6 {
            let status = FT_Set_Char_Size(face, 0, FT_F26Dot6(size26d6), 72, 72)
            guard status == 0 else {
                throw TextError(
                    .rasterizer, "\(path): FreeType cannot set size \(size26d6)/64 px (error \(status))")
            }
            self.size26d6 = size26d6
        }
        let flags = FT_Int32(FT_LOAD_NO_HINTING) | FT_Int32(FT_LOAD_NO_BITMAP)
        var status = FT_Load_Glyph(face, glyph, flags)
        guard status == 0, let slot = face.pointee.glyph else {
            throw TextError(.rasterizer, "\(path): FreeType cannot load glyph \(glyph) (error \(status))")
        }
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return .empty }
        if phase != 0 { FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phase) * 16, 0) }
        status = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
        guard status == 0 else {
            throw TextError(.rasterizer, "\(path): FreeType cannot render glyph \(glyph) (error \(status))")
        }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        guard width > 0, rows > 0, let buffer = bitmap.buffer else { return .empty }
        let pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * rows)
        coverage.withUnsafeMutableBufferPointer { out in
            for y in 0..<rows {
                // A negative pitch means the rows are stored bottom-up.
                let row = pitch >= 0 ? buffer + y * pitch : buffer + (rows - 1 - y) * -pitch
                for x in 0..<width { out[y * width + x] = row[x] }
            }
        }
        return GlyphBitmap(
            width: width, rows: rows, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            coverage: coverage)
    }

    /// A colour glyph (premultiplied BGRA from the largest strike) averaged down by area to the
    /// asked size: each output pixel is the mean of the strike's pixels under it, so an emoji
    /// keeps its colours and soft edges at any text size.
    private mutating func rasterizeColor(_ glyph: UInt32, size26d6: Int) throws(TextError) -> GlyphBitmap {
        let strikes = Int(face.pointee.num_fixed_sizes)
        var best = 0
        for i in 0..<strikes
        where face.pointee.available_sizes[i].y_ppem > face.pointee.available_sizes[best].y_ppem {
            best = i
        }
        if self.size26d6 != -1 - best {
            let status = FT_Select_Size(face, FT_Int(best))
            guard status == 0 else {
                throw TextError(
                    .rasterizer, "\(path): FreeType cannot select strike \(best) (error \(status))")
            }
            self.size26d6 = -1 - best
        }
        let strikePixels = Double(face.pointee.available_sizes[best].y_ppem) / 64
        let status = FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_COLOR))
        guard status == 0, let slot = face.pointee.glyph, strikePixels > 0 else {
            throw TextError(.rasterizer, "\(path): FreeType cannot load glyph \(glyph) (error \(status))")
        }
        let bitmap = slot.pointee.bitmap
        let sw = Int(bitmap.width)
        let sh = Int(bitmap.rows)
        guard sw > 0, sh > 0, let buffer = bitmap.buffer,
            bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        else { return .empty }
        let pitch = Int(bitmap.pitch)
        let k = Double(size26d6) / 64 / strikePixels
        let left = Double(slot.pointee.bitmap_left) * k
        let top = Double(slot.pointee.bitmap_top) * k
        // The output grid covers the scaled strike's extent, snapped outward to whole pixels.
        let x0 = left.rounded(.down).clampedInt(in: pixelCoordinateRange, nan: 0)
        let y0 = top.rounded(.up).clampedInt(in: pixelCoordinateRange, nan: 0)
        let width = max(
            1, (left + Double(sw) * k).rounded(.up).clampedInt(in: pixelCoordinateRange, nan: 0) - x0)
        let rows = max(
            1, y0 - (top - Double(sh) * k).rounded(.down).clampedInt(in: pixelCoordinateRange, nan: 0))
        var color = [UInt8](repeating: 0, count: width * rows * 4)
        let step = 1 / k
        color.withUnsafeMutableBufferPointer { out in
            for oy in 0..<rows {
                // The strike rows under output row oy, in strike pixels from its top.
                let sy0 = (Double(oy) - (Double(y0) - top)) * step
                let sy1 = sy0 + step
                for ox in 0..<width {
                    let sx0 = (Double(ox) + Double(x0) - left) * step
                    let sx1 = sx0 + step
                    var sum = SIMD4<Double>()
                    var y = max(0, sy0.rounded(.down).clampedInt(in: pixelCoordinateRange, nan: 0))
                    while y < min(sh, sy1.rounded(.up).clampedInt(in: pixelCoordinateRange, nan: 0)) {
                        let wy = min(sy1, Double(y + 1)) - max(sy0, Double(y))
                        let row = pitch >= 0 ? buffer + y * pitch : buffer + (sh - 1 - y) * -pitch
                        var x = max(0, sx0.rounded(.down).clampedInt(in: pixelCoordinateRange, nan: 0))
                        while x < min(sw, sx1.rounded(.up).clampedInt(in: pixelCoordinateRange, nan: 0)) {
                            let w = wy * (min(sx1, Double(x + 1)) - max(sx0, Double(x)))
                            let p = row + x * 4
                            sum += w * SIMD4(Double(p[2]), Double(p[1]), Double(p[0]), Double(p[3]))
                            x += 1
                        }
                        y += 1
                    }
                    let mean = sum * (k * k)
                    let o = (oy * width + ox) * 4
                    for c in 0..<4 {
                        out[o + c] = UInt8(
                            min(255, max(0, mean[c].rounded())).clampedInt(in: 0...255, nan: 0))
                    }
                }
            }
        }
        return GlyphBitmap(
            width: width, rows: rows, left: x0, top: y0, coverage: [], color: color)
    }
}
