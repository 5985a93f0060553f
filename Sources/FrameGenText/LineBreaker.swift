/// Line break opportunities by the Unicode line breaking algorithm (UAX #14), for the classes
/// titles meet: spaces, hyphens, ideographs and kana, opening and closing punctuation, quotes,
/// no-break spaces, combining marks (kept with their base: the unit is the grapheme cluster).
/// Classes UAX #14 has beyond these are treated as letters (AL).
public enum LineBreaker {
    enum Class: Equatable {
        case al, nu, sp, gl, zw, ba, hy, id, ns, op, cl, ex, isep, sy, qu, bk
    }

    /// For each character of `text` (grapheme cluster), whether a line may break before it:
    /// `true` where UAX #14 allows a break, the first character never; a mandatory break
    /// (after a line feed) is also `true`.
    public static func opportunities(_ text: [Character]) -> [Bool] {
        let classes = text.map(Self.lineBreakClass)
        var result = [Bool](repeating: false, count: classes.count)
        for i in classes.indices.dropFirst() { result[i] = breakBefore(i, classes) }
        return result
    }

    /// Whether a break is allowed between classes[i - 1] and classes[i], looking back over spaces.
    static func breakBefore(_ i: Int, _ classes: [Class]) -> Bool {
        let b = classes[i]
        var j = i - 1
        var spaces = false
        while j >= 0, classes[j] == .sp {
            spaces = true
            j -= 1
        }
        if classes[i - 1] == .bk { return true }  // LB4, LB5
        if b == .bk || b == .sp { return false }  // LB6, LB7
        guard j >= 0 else { return false }
        let a = classes[j]
        if a == .zw { return true }  // LB8
        if b == .cl || b == .ex || b == .isep || b == .sy { return false }  // LB13
        if a == .op { return false }  // LB14: OP SP* ×
        if a == .cl, b == .ns { return false }  // LB16: CL SP* × NS
        if spaces { return true }  // LB18: SP ÷
        if a == .gl || b == .gl { return false }  // LB12, LB12a
        if b == .ba || b == .hy || b == .ns { return false }  // LB21
        if a == .qu || b == .qu { return false }  // LB19
        switch (a, b) {
        case (.al, .al), (.al, .nu), (.nu, .al), (.nu, .nu): return false  // LB23, LB25, LB28
        case (.al, .op), (.nu, .op), (.cl, .al), (.cl, .nu): return false  // LB30
        case (.isep, .al), (.isep, .nu), (.sy, .al), (.sy, .nu): return false  // LB29, LB25
        case (.hy, .nu): return false  // LB25
        case (.ex, .ns): return false  // LB21 (NS after EX)
        default: return true  // LB31: ÷ everywhere else (after hyphens, around ideographs)
        }
    }

    /// The class of a grapheme cluster is that of its first scalar (LB9: marks join it).
    static func lineBreakClass(_ c: Character) -> Class {
        guard let s = c.unicodeScalars.first else { return .al }
        let v = s.value
        switch v {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return .bk
        case 0x20: return .sp
        case 0x200B: return .zw
        case 0xA0, 0x202F, 0x2007, 0x2060, 0xFEFF, 0x0F0C: return .gl
        case 0x2D: return .hy
        case 0x09, 0xAD, 0x2010, 0x2012, 0x2013, 0x058A, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F,
            0x3000:
            // U+3000 is a space (BA) in ideographic text: break after it.
            return .ba
        case 0x22, 0x27, 0xAB, 0xBB, 0x2018, 0x2019, 0x201C, 0x201D, 0x2039, 0x203A: return .qu
        case 0x28, 0x5B, 0x7B, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A,
            0xFF08, 0xFF3B, 0xFF5B, 0xFF62:
            return .op
        case 0x29, 0x5D, 0x7D, 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019,
            0x301B, 0xFF09, 0xFF0C, 0xFF0E, 0xFF3D, 0xFF5D, 0xFF61, 0xFF63, 0xFE50, 0xFE52:
            return .cl
        case 0x21, 0x3F, 0xFF01, 0xFF1F: return .ex
        case 0x2C, 0x2E, 0x3A, 0x3B, 0x37E, 0x589, 0x60C, 0x60D, 0x7F8, 0x2044, 0xFE10, 0xFE13, 0xFE14:
            return .isep
        case 0x2F: return .sy
        case 0x30...0x39, 0x660...0x669, 0x6F0...0x6F9: return .nu
        // Small kana, iteration marks and the prolonged sound mark may not start a line.
        case 0x3005, 0x303B, 0x309B...0x309E, 0x30A0, 0x30FB...0x30FE, 0x3041, 0x3043, 0x3045, 0x3047, 0x3049,
            0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9,
            0x30C3,
            0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x31F0...0x31FF, 0xFF67...0xFF70:
            return .ns
        case 0x2E80...0x2FFF, 0x3040...0x309F, 0x30A0...0x30FF, 0x3100...0x31EF, 0x3200...0x4DBF,
            0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6,
            0x1F000...0x1FAFF, 0x20000...0x3FFFD:
            // Ideographs, kana, Hangul syllables, fullwidth forms, emoji: a break on either side.
            return .id
        default: return .al
        }
    }
}
