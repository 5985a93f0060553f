import CFrameGenFriBidi

/// The Unicode bidirectional algorithm (UAX #9) by FriBidi: each scalar's embedding level (even
/// left-to-right, odd right-to-left) and the paragraph's direction, taken from its first strong
/// character as a UILabel with natural direction does.
struct BidiLevels {
    var levels: [UInt8]
    var isRightToLeft: Bool

    /// Text with nothing from U+0590 (Hebrew) up to U+2000, nor the explicit marks and
    /// isolates, is all left-to-right: FriBidi is not asked (most titles).
    init(_ scalars: [Unicode.Scalar]) {
        let needsBidi = scalars.contains { s in
            (0x0590..<0x0900).contains(s.value) || (0x200E...0x200F).contains(s.value)
                || (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value)
                || (0xFB1D..<0xFE00).contains(s.value) || (0xFE70..<0xFF00).contains(s.value)
                || (0x10800..<0x11000).contains(s.value) || (0x1E800..<0x1F000).contains(s.value)
        }
        guard needsBidi, !scalars.isEmpty, scalars.count < Int(Int32.max) else {
            levels = [UInt8](repeating: 0, count: scalars.count)
            isRightToLeft = false
            return
        }
        let n = FriBidiStrIndex(scalars.count)
        let text = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        fribidi_get_bidi_types(text, n, &types)
        fribidi_get_bracket_types(text, n, types, &brackets)
        var base = fribidi_get_par_direction(types, n)
        let maxLevel = fribidi_get_par_embedding_levels_ex(types, brackets, n, &base, &levels)
        // FriBidi's direction values carry the right-to-left flag in bit 0 (FRIBIDI_MASK_RTL).
        isRightToLeft = maxLevel > 0 && (base.rawValue & 1) != 0
        self.levels =
            maxLevel > 0 ? levels.map { UInt8(bitPattern: $0) } : [UInt8](repeating: 0, count: scalars.count)
    }

    /// The visual order of runs with these levels (UAX #9 rule L2): from the highest level
    /// down to the lowest odd one, every maximal sequence of runs at that level or above is
    /// reversed.
    static func visualOrder(_ runLevels: [UInt8]) -> [Int] {
        var order = Array(runLevels.indices)
        guard let highest = runLevels.max(), let lowestOdd = runLevels.filter({ $0 & 1 == 1 }).min() else {
            return order
        }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard runLevels[order[i]] >= level else {
                    i += 1
                    continue
                }
                var j = i
                while j < order.count, runLevels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}
