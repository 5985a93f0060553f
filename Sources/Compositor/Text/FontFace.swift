import CFreeType

/// One open FreeType face with the metrics text layout needs, in font units.
struct FontFace {
    let face: FT_Face
    let path: String
    let unitsPerEm: Int
    let ascender: Int
    /// Positive: how far the line box goes below the baseline.
    let descender: Int
    let hasKerning: Bool
    /// The 26.6 pixel size the face is currently set to (FT_Set_Char_Size is not free).
    var size26d6: Int = 0

    /// Opens `path` and checks that it is DejaVu Sans in the weight's style.
    static func open(library: FT_Library, path: String, weight: FontWeight) -> Result<
        FontFace, TextError
    > {
        var face: FT_Face?
        let status = FT_New_Face(library, path, 0, &face)
        guard status == 0, let face else {
            return .failure(TextError(.badFont, "\(path): FreeType cannot open this font (error \(status))"))
        }
        let family = face.pointee.family_name.map { String(cString: $0) } ?? ""
        let style = face.pointee.style_name.map { String(cString: $0) } ?? ""
        let scalable = (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0
        guard family == FontLocator.family, style == FontLocator.style(weight), scalable,
            face.pointee.units_per_EM > 0
        else {
            FT_Done_Face(face)
            return .failure(
                TextError(
                    .badFont,
                    "\(path): expected the scalable font \(FontLocator.family) \(FontLocator.style(weight)), "
                        + "found \"\(family) \(style)\""))
        }
        return .success(
            FontFace(
                face: face, path: path, unitsPerEm: Int(face.pointee.units_per_EM),
                ascender: Int(face.pointee.ascender), descender: -Int(face.pointee.descender),
                hasKerning: (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING)) != 0))
    }

    func close() { FT_Done_Face(face) }

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

    /// Rasterises `glyph` unhinted (as Core Text draws: outlines at their true shape) with the
    /// pen `phase` quarter pixels right of a whole pixel.
    mutating func rasterize(_ glyph: UInt32, size26d6: Int, phase: UInt8) throws(TextError) -> GlyphBitmap {
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
}
