import CFrameGenFontconfig

/// Where fonts are: fontconfig (libfontconfig) for the family asked for and for the faces that
/// cover what it lacks, and fixed paths for the default family when fontconfig has no answer
/// (the paths Debian's fonts-dejavu-core installs).
public struct FontLocator: Sendable {
    /// Ask fontconfig first; without it only `fallbackPaths` are tried and there is no
    /// per-character fallback.
    public var useFontconfig: Bool
    /// The default family's files, checked in order after fontconfig, per weight.
    public var fallbackPaths: [FontWeight: [String]]

    public init(useFontconfig: Bool, fallbackPaths: [FontWeight: [String]]) {
        self.useFontconfig = useFontconfig
        self.fallbackPaths = fallbackPaths
    }

    public static let system = FontLocator(
        useFontconfig: true,
        fallbackPaths: [
            .regular: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"],
            .bold: ["/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"],
        ])

    /// The default family (docs/decisions.md "Text"), and the style fontconfig and FreeType call each
    /// of its weights.
    public static let defaultFamily = "DejaVu Sans"

    /// The family UIKit's system font is drawn with when Apple's is not here: the open font
    /// whose string widths come closest to San Francisco's in iOS's own references
    /// (docs/decisions.md "The system font's stand-in"), from Debian's fonts-liberation2.
    public static let systemStandInFamily = "Liberation Sans"

    /// SF Pro's ascender and descender (positive, down) in its 2048 units per em: iOS's values.
    public static let systemFontMetrics = (unitsPerEm: 2048, ascender: 1950, descender: 494)

    /// Whether fontconfig has `family` itself (in either weight), not a substitute for it.
    public func hasFamily(_ family: String) -> Bool {
        file(family: family, weight: .regular) != nil && file(family: family, weight: .bold) != nil
    }
    static func style(_ weight: FontWeight) -> String { weight == .bold ? "Bold" : "Book" }
    static func fileName(_ weight: FontWeight) -> String {
        weight == .bold ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf"
    }

    /// Candidate files of the default family for `weight`, best first. Existence is checked by
    /// the caller, which also checks the family FreeType reads from the file.
    func defaultCandidates(for weight: FontWeight) -> [FontFile] {
        var files: [FontFile] = []
        if useFontconfig, let match = Fontconfig.match(Self.defaultFamily, weight),
            match.families.first == Self.defaultFamily, match.style == Self.style(weight)
        {
            files.append(match.file)
        }
        for path in fallbackPaths[weight] ?? [] where !files.contains(FontFile(path: path, index: 0)) {
            files.append(FontFile(path: path, index: 0))
        }
        return files
    }

    /// The file of `family` in `weight`, or nil when fontconfig does not know the family (its
    /// match is then a substitute, whose family names do not include the one asked for).
    func file(family: String, weight: FontWeight) -> FontFile? {
        guard useFontconfig, let match = Fontconfig.match(family, weight),
            match.families.contains(where: { $0.lowercased() == family.lowercased() })
        else { return nil }
        return match.file
    }

    static func notFound(_ weight: FontWeight, tried: [FontFile]) -> TextError {
        let list = tried.isEmpty ? "" : " (looked in " + tried.map(\.path).joined(separator: ", ") + ")"
        return TextError(
            .fontNotFound,
            "font not found: \(defaultFamily) \(style(weight)) (\(fileName(weight)))\(list); "
                + "install Debian's fonts-dejavu-core package (apt-get install fonts-dejavu-core)")
    }
}

/// A font file and the face inside it (collections such as .ttc hold several), or the bytes an
/// app registered (AppFonts), which `path` then only names in messages.
struct FontFile: Hashable, Sendable {
    var path: String
    var index: Int
    /// AppFonts' id of the bytes, for a font registered from memory.
    var memory: Int? = nil

    init(path: String, index: Int, memory: Int? = nil) {
        (self.path, self.index, self.memory) = (path, index, memory)
    }

    /// Where a registered face is drawn from.
    init(_ source: AppFonts.Source) {
        switch source {
        case .file(let path, let index): self.init(path: path, index: index)
        case .memory(let id, let index):
            self.init(path: "<registered font data #\(id)>", index: index, memory: id)
        }
    }
}

/// A family and weight as a style asks for them.
struct FontRequest: Hashable, Sendable {
    var family: String
    var weight: FontWeight
    /// Space added after each character, in thousandths of an em (Core Text's tracking).
    var tracking: Double = 0

    /// The request without its tracking: what chooses the faces.
    var faces: FontRequest { FontRequest(family: family, weight: weight) }
}

/// The libfontconfig calls, each on the process's current configuration. fontconfig is
/// thread-safe for queries; the patterns and sets made here are owned by the caller.
enum Fontconfig {
    /// Loads the configuration and scans the fonts once per process.
    static let isReady: Bool = FcInit() != 0

    struct Match {
        var file: FontFile
        var families: [String]
        var style: String
    }

    /// `family` in `weight`, upright, with the configuration's substitutions, as FcFontMatch
    /// answers (always some font: a substitute when the family is missing).
    static func match(_ family: String, _ weight: FontWeight) -> Match? {
        guard let pattern = pattern(family, weight) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let font = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        guard let file = file(font) else { return nil }
        var families: [String] = []
        var n: Int32 = 0
        while let name = string(font, FC_FAMILY, n) {
            families.append(name)
            n += 1
        }
        return Match(file: file, families: families, style: string(font, FC_STYLE, 0) ?? "")
    }

    /// Every installed font in fontconfig's order of preference for `family` in `weight`,
    /// trimmed to those that add coverage (FcFontSort). The caller destroys the set.
    static func sorted(_ family: String, _ weight: FontWeight) -> UnsafeMutablePointer<FcFontSet>? {
        guard let pattern = pattern(family, weight) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        return FcFontSort(nil, pattern, 1, nil, &result)
    }

    /// The `n`th font of `set` when its character set has `scalar`: its file, and whether it
    /// is a colour font (emoji).
    static func font(_ set: UnsafeMutablePointer<FcFontSet>, _ n: Int, covering scalar: Unicode.Scalar)
        -> (file: FontFile, isColor: Bool)?
    {
        guard n < Int(set.pointee.nfont), let font = set.pointee.fonts[n] else { return nil }
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
            FcCharSetHasChar(charset, scalar.value) != 0, let file = file(font)
        else { return nil }
        var color: FcBool = 0
        let isColor = FcPatternGetBool(font, FC_COLOR, 0, &color) == FcResultMatch && color != 0
        return (file, isColor)
    }

    private static func pattern(_ family: String, _ weight: FontWeight) -> OpaquePointer? {
        guard isReady, let pattern = FcPatternCreate() else { return nil }
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                FcPatternAddString(pattern, FC_FAMILY, $0)
            }
        }
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, weight == .bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        _ = FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN)
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        return pattern
    }

    private static func file(_ font: OpaquePointer) -> FontFile? {
        guard let path = string(font, FC_FILE, 0) else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
        return FontFile(path: path, index: Int(index))
    }

    private static func string(_ font: OpaquePointer, _ object: String, _ n: Int32) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
