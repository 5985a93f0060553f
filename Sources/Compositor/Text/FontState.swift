import CFreeType

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A line laid out in pixels: each inked glyph's bitmap and the whole pixel its pen is at.
struct GlyphRun: Sendable {
    var glyphs: [(bitmap: GlyphBitmap, x: Int)]
    var advance: Double
    var ascent: Double
    var descent: Double
}

/// Everything FreeType owns. FT_Library and FT_Face are not thread-safe, so this lives inside
/// TextRenderer's mutex and is only touched while it is held.
struct FontState {
    let locator: FontLocator
    private var library: FT_Library?
    private var faces: [FontWeight: FontFace] = [:]
    /// A failed lookup is remembered so every title does not spawn fc-match again.
    private var failures: [FontWeight: TextError] = [:]
    private(set) var cache = GlyphCache()

    init(locator: FontLocator) { self.locator = locator }

    mutating func close() {
        for face in faces.values { face.close() }
        faces = [:]
        if let library { FT_Done_FreeType(library) }
        library = nil
    }

    private mutating func face(_ weight: FontWeight) throws(TextError) -> FontFace {
        if let face = faces[weight] { return face }
        if let failure = failures[weight] { throw failure }
        do throws(TextError) {
            let face = try open(weight)
            faces[weight] = face
            return face
        } catch {
            failures[weight] = error
            throw error
        }
    }

    private mutating func open(_ weight: FontWeight) throws(TextError) -> FontFace {
        if library == nil {
            var lib: FT_Library?
            let status = FT_Init_FreeType(&lib)
            guard status == 0, let lib else {
                throw TextError(.rasterizer, "FreeType cannot start (error \(status))")
            }
            library = lib
        }
        let candidates = locator.candidates(for: weight)
        var badFont: TextError?
        for path in candidates where access(path, R_OK) == 0 {
            switch FontFace.open(library: library!, path: path, weight: weight) {
            case .success(let face): return face
            case .failure(let error): badFont = badFont ?? error
            }
        }
        throw badFont ?? FontLocator.notFound(weight, tried: candidates)
    }

    /// Lays `scalars` out on one line. Pen positions are sums of integer font units (advances and
    /// kerning) scaled once, so they are exact and the same on every run; each glyph is drawn at
    /// the nearest quarter pixel. With `rasterize` false only the advance is computed.
    mutating func layout(
        _ scalars: [Unicode.Scalar], pixelSize: Double, weight: FontWeight, rasterize: Bool
    ) throws(TextError) -> GlyphRun {
        var face = try face(weight)
        let scale = pixelSize / Double(face.unitsPerEm)
        let size26d6 = Int((pixelSize * 64).rounded())
        var glyphs: [(bitmap: GlyphBitmap, x: Int)] = []
        if rasterize { glyphs.reserveCapacity(scalars.count) }
        var penUnits = 0
        var previous: UInt32 = 0
        for scalar in scalars {
            let glyph = face.glyphIndex(scalar)
            penUnits += face.kerningUnits(previous, glyph)
            if rasterize {
                let quarters = Int((Double(penUnits) * scale * 4 + 0.5).rounded(.down))
                let key = GlyphKey(
                    weight: weight, size26d6: size26d6, glyph: glyph, phase: UInt8(quarters & 3))
                let bitmap: GlyphBitmap
                if let cached = cache[key] {
                    bitmap = cached
                } else {
                    bitmap = try face.rasterize(glyph, size26d6: size26d6, phase: key.phase)
                    faces[weight] = face
                    cache.insert(bitmap, for: key)
                }
                if bitmap.width > 0 { glyphs.append((bitmap, quarters >> 2)) }
            }
            penUnits += face.advanceUnits(glyph)
            previous = glyph
        }
        return GlyphRun(
            glyphs: glyphs, advance: Double(penUnits) * scale,
            ascent: Double(face.ascender) * scale, descent: Double(face.descender) * scale)
    }
}
