import CFrameGenFontconfig
import CFrameGenFreeType
import CFrameGenHarfBuzz
import FrameGenGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A line laid out in pixels: each inked glyph's bitmap, the whole pixel its pen is at and how
/// many pixels its baseline is raised (marks placed by shaping).
struct GlyphRun: Sendable {
    var glyphs: [(bitmap: GlyphBitmap, x: Int, y: Int)]
    var advance: Double
    var ascent: Double
    var descent: Double
    var isRightToLeft: Bool
}

/// One glyph of a shaped run, in the face's font units: `x` from the run's start, `y` up from
/// the baseline, `cluster` the index of its first scalar in the line.
struct ShapedGlyph: Sendable, Equatable {
    var glyph: UInt32
    var x: Int
    var y: Int
    var cluster: Int
}

/// Consecutive characters drawn from one face at one bidi level, shaped; `glyphs` are in
/// visual order (left to right) and a line's runs are too.
struct ShapedRun: Sendable {
    var face: Int
    var scalars: Range<Int>
    var level: UInt8
    var glyphs: [ShapedGlyph]
    var advanceUnits: Int
    var isRightToLeft: Bool { level & 1 == 1 }
}

/// Everything FreeType and fontconfig hand out. FT_Library and FT_Face are not thread-safe, so
/// this lives inside TextRenderer's mutex and is only touched while it is held.
struct FontState {
    let locator: FontLocator
    private var library: FT_Library?
    private(set) var faces: [FontFace] = []
    private var faceIDs: [FontFile: Int] = [:]
    private var unusable: Set<FontFile> = []
    private var primaries: [FontRequest: Int] = [:]
    /// The requests among `primaries` answered by a font the app registered (AppFonts), whose
    /// Latin is shaped as Core Text shapes it (`shape`). Kept by request, not by face: the
    /// same file may also be a system font's face.
    private var appFontRequests: Set<FontRequest> = []
    /// A failed lookup is remembered so every title does not search again.
    private var failures: [FontRequest: TextError] = [:]
    /// AppFonts' generation the lookups above were made in.
    private var appFontsGeneration = -1
    /// fontconfig's preference order per family and weight, for characters the primary lacks.
    private var sorted: [FontRequest: UnsafeMutablePointer<FcFontSet>?] = [:]
    private var fallbacks: [FallbackKey: Int?] = [:]
    private(set) var cache = GlyphCache()

    private struct FallbackKey: Hashable {
        var request: FontRequest
        var scalar: Unicode.Scalar
        var color: Bool
    }

    static let sortedCapacity = 32
    static let requestCapacity = 4096

    init(locator: FontLocator) { self.locator = locator }

    mutating func close() {
        for face in faces { face.close() }
        faces = []
        for case let set? in sorted.values { FcFontSetDestroy(set) }
        sorted = [:]
        if let library { FT_Done_FreeType(library) }
        library = nil
    }

    /// The face a style's family and weight name: a font the app registered under that name
    /// (AppFonts: its own file, whatever the weight), else fontconfig's. A family fontconfig
    /// does not know falls back to the default family without an error (UIKit asks only for
    /// fonts UIFont(name:) found, and a scene's title in the default font is the useful answer);
    /// only a missing default family is an error.
    mutating func primary(_ asked: FontRequest) throws(TextError) -> Int {
        let request = asked.faces
        let generation = AppFonts.generation
        if generation != appFontsGeneration {
            // A registration since the last lookups may name any family: look them up again.
            primaries.removeAll()
            appFontRequests.removeAll()
            failures.removeAll()
            appFontsGeneration = generation
        }
        if let id = primaries[request] { return id }
        if let failure = failures[request] { throw failure }
        if primaries.count >= Self.requestCapacity {
            primaries.removeAll()
            appFontRequests.removeAll()
        }
        do throws(TextError) {
            let id: Int
            if let source = AppFonts.source(request.family), let found = try face(FontFile(source)) {
                id = found
                appFontRequests.insert(request)
            } else if SystemFont.isSystem(request.family) {
                // Apple's file for its cut and style where a folder of them is given, else the
                // stand-in, else the default family where fontconfig does not have that.
                if let path = SystemFont.file(for: request.family),
                    let found = try face(FontFile(path: path, index: 0))
                {
                    id = found
                } else {
                    id = try primary(
                        FontRequest(family: FontLocator.systemStandInFamily, weight: request.weight))
                }
            } else if request.family == FontLocator.defaultFamily {
                id = try openDefault(request.weight)
            } else if let file = locator.file(family: request.family, weight: request.weight),
                let found = try face(file)
            {
                id = found
            } else {
                id = try primary(FontRequest(family: FontLocator.defaultFamily, weight: request.weight))
            }
            primaries[request] = id
            return id
        } catch {
            failures[request] = error
            throw error
        }
    }

    private mutating func startLibrary() throws(TextError) -> FT_Library {
        if let library { return library }
        var lib: FT_Library?
        let status = FT_Init_FreeType(&lib)
        guard status == 0, let lib else {
            throw TextError(.rasterizer, "FreeType cannot start (error \(status))")
        }
        library = lib
        return lib
    }

    private mutating func openDefault(_ weight: FontWeight) throws(TextError) -> Int {
        let library = try startLibrary()
        let candidates = locator.defaultCandidates(for: weight)
        var badFont: TextError?
        for file in candidates where access(file.path, R_OK) == 0 {
            if let id = faceIDs[file] { return id }
            switch FontFace.openDefault(library: library, file: file, weight: weight) {
            case .success(let face): return add(face, file)
            case .failure(let error): badFont = badFont ?? error
            }
        }
        throw badFont ?? FontLocator.notFound(weight, tried: candidates)
    }

    /// The face in `file`, opened once; nil when FreeType cannot use it.
    private mutating func face(_ file: FontFile) throws(TextError) -> Int? {
        if let id = faceIDs[file] { return id }
        guard !unusable.contains(file) else { return nil }
        guard case .success(let face) = FontFace.open(library: try startLibrary(), file: file) else {
            unusable.insert(file)
            return nil
        }
        return add(face, file)
    }

    private mutating func add(_ face: FontFace, _ file: FontFile) -> Int {
        faces.append(face)
        faceIDs[file] = faces.count - 1
        return faces.count - 1
    }

    /// The face for one character (grapheme cluster): the primary when it has every glyph,
    /// else the first font in fontconfig's order for the family whose character set has the
    /// cluster's first scalar, preferring a colour font when the cluster asks for emoji
    /// presentation (U+FE0F). Nothing covers it: the primary (its .notdef box).
    private mutating func face(
        for scalars: String.UnicodeScalarView, request: FontRequest, primary: Int
    ) throws(TextError) -> Int {
        let wantsColor = scalars.contains("\u{FE0F}")
        let needed = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        if !wantsColor, needed.allSatisfy({ faces[primary].glyphIndex($0) != 0 }) { return primary }
        guard locator.useFontconfig, let base = needed.first else { return primary }
        if let id = try fallback(request, base, color: wantsColor) { return id }
        if wantsColor, faces[primary].glyphIndex(base) == 0,
            let id = try fallback(request, base, color: false)
        {
            return id
        }
        return primary
    }

    private mutating func fallback(_ asked: FontRequest, _ scalar: Unicode.Scalar, color: Bool)
        throws(TextError)
        -> Int?
    {
        let request = asked.faces
        let key = FallbackKey(request: request, scalar: scalar, color: color)
        if let known = fallbacks[key] { return known }
        if sorted[request] == nil {
            // Families come from files: a bounded number of sorted sets is kept (each holds every
            // installed font's pattern), forgetting all of them when full, which costs a sort.
            if sorted.count >= Self.sortedCapacity {
                for case let set? in sorted.values { FcFontSetDestroy(set) }
                sorted.removeAll()
                fallbacks.removeAll()
            }
            sorted[request] = Fontconfig.sorted(request.family, request.weight)
        }
        var found: Int?
        if case let set?? = sorted[request] {
            for n in 0..<Int(set.pointee.nfont) {
                guard let candidate = Fontconfig.font(set, n, covering: scalar), !color || candidate.isColor,
                    let id = try face(candidate.file), faces[id].glyphIndex(scalar) != 0
                else { continue }
                found = id
                break
            }
        }
        if fallbacks.count >= Self.requestCapacity * 16 { fallbacks.removeAll() }
        fallbacks[key] = found
        return found
    }

    /// Splits a line into runs of one face and one bidi level, shapes each and puts them in
    /// visual order. Runs are shaped by HarfBuzz with its default features, which are Core
    /// Text's defaults for such text: the font's kerning (GPOS 'kern', else its `kern` table),
    /// standard ligatures, contextual forms, marks (docs/decisions.md, "Kerning and
    /// ligatures"). One kind of run keeps the `kern` table walk instead: left-to-right runs
    /// needing no shaping (Latin, Greek, Cyrillic, punctuation) in a primary face that has a
    /// `kern` table and is a system font, not one the app registered. Those faces (DejaVu Sans
    /// and fontconfig's others) stand in for iOS's own fonts, whose ligatures are not theirs;
    /// DejaVu's GPOS kerning is its `kern` table's, so its titles draw as they always have.
    mutating func shape(_ scalars: [Unicode.Scalar], request: FontRequest) throws(TextError) -> (
        runs: [ShapedRun], primary: Int, isRightToLeft: Bool
    ) {
        let primary = try primary(request)
        let bidi = BidiLevels(scalars)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        let text = String(view)
        var logical: [ShapedRun] = []
        var offset = 0
        for character in text {
            let count = character.unicodeScalars.count
            let face = try face(for: character.unicodeScalars, request: request, primary: primary)
            let level = bidi.levels[offset]
            if let last = logical.last, last.face == face, last.level == level {
                logical[logical.count - 1].scalars = last.scalars.lowerBound..<offset + count
            } else {
                logical.append(
                    ShapedRun(
                        face: face, scalars: offset..<offset + count, level: level, glyphs: [],
                        advanceUnits: 0))
            }
            offset += count
        }
        let codes = scalars.map(\.value)
        let system = SystemFont.isSystem(request.family)
        let standIn = !system && faces[primary].hasKernTable && !appFontRequests.contains(request.faces)
        for i in logical.indices {
            let run = logical[i]
            let simple =
                standIn && run.face == primary && !run.isRightToLeft
                && scalars[run.scalars].allSatisfy(Self.needsNoShaping)
            (logical[i].glyphs, logical[i].advanceUnits) =
                simple
                ? kernTableLayout(scalars[run.scalars], face: run.face, start: run.scalars.lowerBound)
                : harfBuzzLayout(codes, run, ligatures: !(system && run.face == primary))
        }
        if request.tracking != 0 {
            for i in logical.indices {
                Self.track(&logical[i], request.tracking, unitsPerEm: faces[logical[i].face].unitsPerEm)
            }
        }
        let order = BidiLevels.visualOrder(logical.map(\.level))
        return (order.map { logical[$0] }, primary, bidi.isRightToLeft)
    }

    private static let ligaturesOff = hb_feature_t(
        tag: hbTag("liga"), value: 0, start: 0, end: .max)
    private static let contextualLigaturesOff = hb_feature_t(
        tag: hbTag("clig"), value: 0, start: 0, end: .max)

    private static func hbTag(_ tag: StaticString) -> hb_tag_t {
        tag.withUTF8Buffer { $0.reduce(0) { $0 << 8 | hb_tag_t($1) } }
    }

    /// Adds `tracking` thousandths of an em after each character (cluster) of `run`, as Core
    /// Text tracks: the glyphs of a cluster move together, the run's advance takes the space
    /// after its last character too.
    private static func track(_ run: inout ShapedRun, _ tracking: Double, unitsPerEm: Int) {
        let step = (tracking * Double(unitsPerEm) / 1000).rounded().clampedInt(
            in: -1_000_000...1_000_000, nan: 0)
        guard step != 0, !run.glyphs.isEmpty else { return }
        var shift = 0
        var cluster = run.glyphs[0].cluster
        for i in run.glyphs.indices {
            if run.glyphs[i].cluster != cluster {
                cluster = run.glyphs[i].cluster
                shift += step
            }
            run.glyphs[i].x += shift
        }
        run.advanceUnits += shift + step
    }

    /// Scripts whose glyphs are the characters one by one, left to right.
    private static func needsNoShaping(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x0300 || (0x0370..<0x0483).contains(v) || (0x048A..<0x0590).contains(v)
            || (0x1E00..<0x2000).contains(v) || (0x2010..<0x2028).contains(v) || (0x2030..<0x2060).contains(v)
            || (0x2070..<0x2C00).contains(v)
    }

    private func kernTableLayout(_ scalars: ArraySlice<Unicode.Scalar>, face id: Int, start: Int) -> (
        [ShapedGlyph], Int
    ) {
        let face = faces[id]
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(scalars.count)
        var pen = 0
        var previous: UInt32 = 0
        for (i, scalar) in zip(scalars.indices, scalars) {
            let glyph = face.glyphIndex(scalar)
            pen += face.kerningUnits(previous, glyph)
            glyphs.append(ShapedGlyph(glyph: glyph, x: pen, y: 0, cluster: i))
            pen += face.advanceUnits(glyph)
            previous = glyph
        }
        return (glyphs, pen)
    }

    /// HarfBuzz over the run, with the whole line as context (so Arabic joins across a change
    /// of font); the glyphs come back in visual order.
    /// Without `ligatures`, the standard and contextual ligatures are off: the system font's
    /// stand-in would join letters San Francisco draws apart.
    private mutating func harfBuzzLayout(_ codes: [UInt32], _ run: ShapedRun, ligatures: Bool = true) -> (
        [ShapedGlyph], Int
    ) {
        guard let font = faces[run.face].harfBuzzFont(), let buffer = hb_buffer_create() else {
            return ([], 0)
        }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf32(
            buffer, codes, Int32(codes.count), UInt32(run.scalars.lowerBound), Int32(run.scalars.count))
        hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        if ligatures {
            hb_shape(font, buffer, nil, 0)
        } else {
            let off = [Self.ligaturesOff, Self.contextualLigaturesOff]
            off.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return ([], 0) }
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        var pen = 0
        for i in 0..<Int(count) {
            let p = positions[i]
            glyphs.append(
                ShapedGlyph(
                    glyph: infos[i].codepoint, x: pen + Int(p.x_offset), y: Int(p.y_offset),
                    cluster: Int(infos[i].cluster)))
            pen += Int(p.x_advance)
        }
        return (glyphs, pen)
    }

    /// Lays `scalars` out on one line. Pen positions are sums of integer font units scaled
    /// once per run, so they are exact and the same on every run; each glyph is drawn at the
    /// nearest quarter pixel (colour glyphs at whole pixels). With `rasterize` false only the
    /// advance is computed.
    /// `origin`: where the pen starts, in pixels from the whole pixel the run is placed at (a
    /// run of a line in several styles starts where the one before it ended, between pixels).
    mutating func layout(
        _ scalars: [Unicode.Scalar], pixelSize: Double, request: FontRequest, rasterize: Bool,
        origin: Double = 0
    ) throws(TextError) -> GlyphRun {
        let (runs, primary, isRightToLeft) = try shape(scalars, request: request)
        let size26d6 = (pixelSize * 64).rounded().clampedInt(in: pixelCoordinateRange, nan: 0)
        var glyphs: [(bitmap: GlyphBitmap, x: Int, y: Int)] = []
        if rasterize { glyphs.reserveCapacity(scalars.count) }
        let primaryScale = pixelSize / Double(faces[primary].unitsPerEm)
        var ascent = Double(faces[primary].ascender) * primaryScale
        var descent = Double(faces[primary].descender) * primaryScale
        if SystemFont.isSystem(request.family) {
            // The system font's lines are San Francisco's, whatever face stands in for it.
            let sf = FontLocator.systemFontMetrics
            ascent = Double(sf.ascender) * pixelSize / Double(sf.unitsPerEm)
            descent = Double(sf.descender) * pixelSize / Double(sf.unitsPerEm)
        }
        var start = origin
        for run in runs {
            let scale = pixelSize / Double(faces[run.face].unitsPerEm)
            if run.face != primary {
                ascent = max(ascent, Double(faces[run.face].ascender) * scale)
                descent = max(descent, Double(faces[run.face].descender) * scale)
            }
            if rasterize {
                for g in run.glyphs {
                    let quarters = ((start + Double(g.x) * scale) * 4 + 0.5).rounded(.down).clampedInt(
                        in: pixelCoordinateRange, nan: 0)
                    let color = faces[run.face].isColorBitmap
                    let key = GlyphKey(
                        face: run.face, size26d6: size26d6, glyph: g.glyph,
                        phase: color ? 0 : UInt8(quarters & 3))
                    let bitmap: GlyphBitmap
                    if let cached = cache[key] {
                        bitmap = cached
                    } else {
                        bitmap = try faces[run.face].rasterize(g.glyph, size26d6: size26d6, phase: key.phase)
                        cache.insert(bitmap, for: key)
                    }
                    if bitmap.width > 0 {
                        glyphs.append(
                            (
                                bitmap, quarters >> 2,
                                (Double(g.y) * scale).rounded().clampedInt(in: pixelCoordinateRange, nan: 0)
                            ))
                    }
                }
            }
            start += Double(run.advanceUnits) * scale
        }
        return GlyphRun(
            glyphs: glyphs, advance: start - origin, ascent: ascent, descent: descent,
            isRightToLeft: isRightToLeft)
    }
}

extension FontState {
    /// Where a face draws its underline and strikethrough, in pixels at `pixelSize`: each
    /// stroke's centre above the baseline (negative: below) and its thickness, from the face's
    /// `post` and `OS/2` tables; a face without them gets the common proportions of an em.
    mutating func decorationMetrics(_ request: FontRequest, pixelSize: Double) throws(TextError) -> (
        underline: Double, underlineThickness: Double, strikethrough: Double, strikethroughThickness: Double
    ) {
        let face = faces[try primary(request)]
        let scale = pixelSize / Double(face.unitsPerEm)
        var underline = Double(face.face.pointee.underline_position) * scale
        var underlineThickness = Double(face.face.pointee.underline_thickness) * scale
        if underlineThickness <= 0 {
            (underline, underlineThickness) = (-0.1 * pixelSize, 0.05 * pixelSize)
        }
        var strikethrough = 0.25 * pixelSize
        var strikethroughThickness = underlineThickness
        if let os2 = FT_Get_Sfnt_Table(face.face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
            os2.pointee.yStrikeoutSize > 0
        {
            // OS/2 gives the top of the stroke.
            strikethroughThickness = Double(os2.pointee.yStrikeoutSize) * scale
            strikethrough = Double(os2.pointee.yStrikeoutPosition) * scale - strikethroughThickness / 2
        }
        return (underline, underlineThickness, strikethrough, strikethroughThickness)
    }
}
