import Foundation

/// What framegen reads of a TrueType or OpenType font's tables (one face of a file; a
/// collection, `ttcf`, holds several): its names, its weight and slant, and the vertical
/// metrics Core Text reports, in font units. Read from the bytes, without FreeType, so that
/// Core Graphics (`CGFont`) and Core Text's font manager know a font before anything draws it.
package struct FontTables: Sendable, Equatable {
    /// Name table ID 6, how iOS names the font (`UIFont.fontName`).
    package var postScriptName: String
    /// Name table ID 4, e.g. "DejaVu Serif Bold".
    package var fullName: String
    /// The typographic family (ID 16) when there is one, else ID 1: `UIFont.familyName`.
    package var familyName: String
    /// The typographic subfamily (ID 17) when there is one, else ID 2, e.g. "Bold".
    package var styleName: String
    package var unitsPerEm: Int
    /// hhea's ascender, descender (negative below the baseline) and line gap.
    package var ascender: Int
    package var descender: Int
    package var lineGap: Int
    /// OS/2's sCapHeight and sxHeight (version 2 and later), else the tops of the outlines of
    /// "H" and "x" in the glyf table; nil when neither is there (a CFF font with an old OS/2).
    package var capHeight: Int?
    package var xHeight: Int?
    /// OS/2's usWeightClass, 100 (thin) to 900 (black); 400 without an OS/2 table.
    package var weightClass: Int
    /// OS/2's fsSelection italic bit, or head's macStyle italic bit.
    package var isItalic: Bool
    package var glyphCount: Int

    /// Every face in `data`: one for a font file, each of a collection's; empty when the bytes
    /// are not a font (or lack a table this reading needs: head, hhea, name).
    package static func faces(in data: Data) -> [FontTables] {
        let bytes = [UInt8](data)
        let reader = Reader(bytes: bytes)
        guard let tag = reader.u32(0) else { return [] }
        if tag == 0x7474_6366 {  // "ttcf"
            guard let count = reader.u32(8), count <= 4096 else { return [] }
            return (0..<Int(count)).compactMap { n in
                reader.u32(12 + 4 * n).flatMap { face(reader, at: Int($0)) }
            }
        }
        return face(reader, at: 0).map { [$0] } ?? []
    }

    /// The face whose offset table starts at `offset`.
    private static func face(_ r: Reader, at offset: Int) -> FontTables? {
        guard let version = r.u32(offset),
            version == 0x0001_0000 || version == 0x4F54_544F || version == 0x7472_7565,  // 1.0, "OTTO", "true"
            let count = r.u16(offset + 4)
        else { return nil }
        var tables: [UInt32: (offset: Int, length: Int)] = [:]
        for i in 0..<Int(count) {
            let record = offset + 12 + 16 * i
            guard let tag = r.u32(record), let at = r.u32(record + 8), let length = r.u32(record + 12),
                r.has(Int(at), Int(length))
            else { return nil }
            tables[tag] = (Int(at), Int(length))
        }
        func table(_ name: String) -> (offset: Int, length: Int)? {
            tables[name.utf8.reduce(0) { $0 << 8 | UInt32($1) }]
        }
        guard let head = table("head"), head.length >= 54, let hhea = table("hhea"), hhea.length >= 36,
            let name = table("name"), let unitsPerEm = r.u16(head.offset + 18), unitsPerEm > 0,
            let names = Names(r, name.offset, name.length), let postScriptName = names[6]
        else { return nil }
        let os2 = table("OS/2").flatMap { t in t.length >= 78 ? t : nil }
        let os2Version = os2.flatMap { r.u16($0.offset) } ?? 0
        var capHeight: Int?
        var xHeight: Int?
        if let os2, os2Version >= 2, os2.length >= 90 {
            xHeight = r.i16(os2.offset + 86).map(Int.init)
            capHeight = r.i16(os2.offset + 88).map(Int.init)
        } else if let glyf = Outlines(r, table("cmap"), table("loca"), table("glyf"), head.offset) {
            capHeight = glyf.top(of: "H")
            xHeight = glyf.top(of: "x")
        }
        let fsSelection = os2.flatMap { r.u16($0.offset + 62) } ?? 0
        let macStyle = r.u16(head.offset + 44) ?? 0
        let maxp = table("maxp").flatMap { r.u16($0.offset + 4) } ?? 0
        return FontTables(
            postScriptName: postScriptName, fullName: names[4] ?? postScriptName,
            familyName: names[16] ?? names[1] ?? postScriptName, styleName: names[17] ?? names[2] ?? "",
            unitsPerEm: Int(unitsPerEm), ascender: Int(r.i16(hhea.offset + 4) ?? 0),
            descender: Int(r.i16(hhea.offset + 6) ?? 0), lineGap: Int(r.i16(hhea.offset + 8) ?? 0),
            capHeight: capHeight, xHeight: xHeight,
            weightClass: os2.flatMap { r.u16($0.offset + 4) }.map(Int.init) ?? 400,
            isItalic: fsSelection & 1 != 0 || macStyle & 2 != 0, glyphCount: Int(maxp))
    }

    /// Big-endian reads that fail, rather than trap, past the end.
    struct Reader {
        let bytes: [UInt8]
        func has(_ offset: Int, _ length: Int) -> Bool {
            offset >= 0 && length >= 0 && offset <= bytes.count && length <= bytes.count - offset
        }
        func u16(_ o: Int) -> UInt16? {
            has(o, 2) ? UInt16(bytes[o]) << 8 | UInt16(bytes[o + 1]) : nil
        }
        func i16(_ o: Int) -> Int16? { u16(o).map { Int16(bitPattern: $0) } }
        func u32(_ o: Int) -> UInt32? {
            guard let hi = u16(o), let lo = u16(o + 2) else { return nil }
            return UInt32(hi) << 16 | UInt32(lo)
        }
    }

    /// The name table's English strings: Windows (platform 3, US English, UTF-16) first, else
    /// Macintosh Roman (platform 1, English).
    struct Names {
        private var windows: [Int: String] = [:]
        private var mac: [Int: String] = [:]

        init?(_ r: Reader, _ offset: Int, _ length: Int) {
            guard let count = r.u16(offset + 2), let strings = r.u16(offset + 4) else { return nil }
            for i in 0..<Int(count) {
                let record = offset + 6 + 12 * i
                guard let platform = r.u16(record), let language = r.u16(record + 4),
                    let id = r.u16(record + 6), let size = r.u16(record + 8), let at = r.u16(record + 10)
                else { return nil }
                let start = offset + Int(strings) + Int(at)
                guard r.has(start, Int(size)) else { continue }
                let raw = r.bytes[start..<start + Int(size)]
                if platform == 3, language == 0x409 {
                    let units = stride(from: raw.startIndex, to: raw.endIndex - 1, by: 2).map {
                        UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1])
                    }
                    windows[Int(id)] = String(decoding: units, as: UTF16.self)
                } else if platform == 1, language == 0 {
                    mac[Int(id)] = String(bytes: raw, encoding: .macOSRoman)
                }
            }
        }

        subscript(id: Int) -> String? {
            let name = windows[id] ?? mac[id]
            return name?.isEmpty == false ? name : nil
        }
    }

    /// A TrueType font's outlines, enough to read a glyph's top: cmap (format 4), loca, glyf.
    struct Outlines {
        let r: Reader
        let cmap: Int
        let loca: (offset: Int, length: Int)
        let glyf: (offset: Int, length: Int)
        let longOffsets: Bool

        init?(
            _ r: Reader, _ cmapTable: (offset: Int, length: Int)?, _ loca: (offset: Int, length: Int)?,
            _ glyf: (offset: Int, length: Int)?, _ head: Int
        ) {
            guard let cmapTable, let loca, let glyf, let count = r.u16(cmapTable.offset + 2),
                let format = r.i16(head + 50)
            else { return nil }
            var subtable: Int?
            for i in 0..<Int(count) {
                let record = cmapTable.offset + 4 + 8 * i
                guard let platform = r.u16(record), let encoding = r.u16(record + 2),
                    let at = r.u32(record + 4)
                else { return nil }
                // Unicode BMP: Windows (3, 1) or Unicode (0, 3), in format 4.
                if (platform == 3 && encoding == 1) || (platform == 0 && encoding == 3),
                    r.u16(cmapTable.offset + Int(at)) == 4
                {
                    subtable = cmapTable.offset + Int(at)
                    break
                }
            }
            guard let subtable else { return nil }
            (self.r, self.cmap, self.loca, self.glyf, self.longOffsets) = (
                r, subtable, loca, glyf, format == 1
            )
        }

        /// The glyph of `character` (format 4's segments), 0 when the font lacks it.
        func glyph(_ character: UInt16) -> Int {
            guard let segX2 = r.u16(cmap + 6) else { return 0 }
            let segments = Int(segX2) / 2
            let ends = cmap + 14
            let starts = ends + 2 * segments + 2
            let deltas = starts + 2 * segments
            let ranges = deltas + 2 * segments
            for k in 0..<segments {
                guard let end = r.u16(ends + 2 * k), character <= end else { continue }
                guard let start = r.u16(starts + 2 * k), character >= start,
                    let delta = r.u16(deltas + 2 * k),
                    let range = r.u16(ranges + 2 * k)
                else { return 0 }
                if range == 0 { return Int(character &+ delta) }
                let at = ranges + 2 * k + Int(range) + 2 * Int(character - start)
                guard let g = r.u16(at), g != 0 else { return 0 }
                return Int(g &+ delta)
            }
            return 0
        }

        /// yMax of `character`'s outline, from its glyf header.
        func top(of character: Character) -> Int? {
            guard let scalar = character.unicodeScalars.first, scalar.value < 0x10000 else { return nil }
            let g = glyph(UInt16(scalar.value))
            guard g != 0 else { return nil }
            let start: Int?
            let end: Int?
            if longOffsets {
                (start, end) = (
                    r.u32(loca.offset + 4 * g).map(Int.init), r.u32(loca.offset + 4 * g + 4).map(Int.init)
                )
            } else {
                (start, end) = (
                    r.u16(loca.offset + 2 * g).map { 2 * Int($0) },
                    r.u16(loca.offset + 2 * g + 2).map { 2 * Int($0) }
                )
            }
            guard let start, let end, end > start, start + 10 <= glyf.length else { return nil }
            return r.i16(glyf.offset + start + 8).map(Int.init)
        }
    }
}
