/// One glyph rasterised at one size and horizontal sub-pixel phase: `rows` x `width` coverage
/// bytes whose top-left is `left` pixels right of the pen and `top` pixels above the baseline.
/// A colour glyph (emoji) has no coverage ink but `color`: premultiplied RGBA, 4 bytes a pixel.
struct GlyphBitmap: Sendable {
    var width: Int
    var rows: Int
    var left: Int
    var top: Int
    var coverage: [UInt8]
    var color: [UInt8] = []

    static let empty = GlyphBitmap(width: 0, rows: 0, left: 0, top: 0, coverage: [])
}

/// What identifies a rasterised glyph: the face (FontState's number for it), the size in 26.6 pixels, the glyph index and the
/// pen's quarter-pixel phase.
struct GlyphKey: Hashable, Sendable {
    var face: Int
    var size26d6: Int
    var glyph: UInt32
    var phase: UInt8
}

/// Rasterised glyphs, so a title drawn in every frame is rasterised once. Bounded in entries and
/// bytes: when full it starts over, which costs time but never changes a pixel.
struct GlyphCache {
    static let capacity = 16_384
    static let byteCapacity = 32 << 20
    private var entries: [GlyphKey: GlyphBitmap] = [:]
    private var bytes = 0

    subscript(key: GlyphKey) -> GlyphBitmap? { entries[key] }

    mutating func insert(_ bitmap: GlyphBitmap, for key: GlyphKey) {
        if entries.count >= Self.capacity
            || bytes + bitmap.coverage.count + bitmap.color.count > Self.byteCapacity
        {
            entries.removeAll(keepingCapacity: true)
            bytes = 0
        }
        entries[key] = bitmap
        bytes += bitmap.coverage.count + bitmap.color.count
    }

    var count: Int { entries.count }
}
