import Foundation

/// Bytes for Core Graphics to read (Core Graphics' CGDataProvider): here, a font's file or data
/// for `CGFont(_:)`. The bytes are read when the provider is made, as a direct-access provider
/// of a file reads its whole block on iOS.
public final class CGDataProvider: Sendable {
    /// The provider's bytes, as `data` hands them back.
    package let bytes: Data

    /// A provider of `data`.
    public init?(data: CFData) { bytes = data }

    /// A provider of the file at `url`; nil when it cannot be read.
    public init?(url: CFURL) {
        guard let data = try? Data(contentsOf: url) else { return nil }
        bytes = data
    }

    /// A provider of the file at the path `filename`; nil when it cannot be read.
    public init?(filename: UnsafePointer<CChar>) {
        guard let data = FileManager.default.contents(atPath: String(cString: filename)) else { return nil }
        bytes = data
    }

    /// A copy of the provider's bytes.
    public var data: CFData? { bytes }
}

/// A font made from data (Core Graphics' CGFont), as an app makes one to register a font it
/// downloaded or keeps in memory (`CTFontManagerRegisterGraphicsFont`, Core Text). It reads the
/// font's tables (FontTables): a collection's first face, as Core Graphics takes it.
public final class CGFont: Sendable {
    /// The font's bytes (the whole file, a collection's every face).
    package let data: Data
    /// The face's names and metrics.
    package let tables: FontTables

    /// The font in `provider`'s bytes; nil when they are not a TrueType or OpenType font.
    public init?(_ provider: CGDataProvider) {
        guard let face = FontTables.faces(in: provider.bytes).first else { return nil }
        data = provider.bytes
        tables = face
    }

    /// Name table ID 6.
    public var postScriptName: CFString? { tables.postScriptName }
    /// Name table ID 4.
    public var fullName: CFString? { tables.fullName }
    /// The head table's units per em.
    public var unitsPerEm: Int32 { Int32(tables.unitsPerEm) }
    /// The maxp table's glyph count.
    public var numberOfGlyphs: Int { tables.glyphCount }
}
