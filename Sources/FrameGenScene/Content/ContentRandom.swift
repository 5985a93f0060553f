import FrameGenGeometry

/// Independent random streams per generated item, all derived from the scene's seed with
/// SeededRandom. Each purpose has its own salt, so changing how a photo is drawn never changes an
/// item's aspect ratio (which layouts use), and item 7 looks the same whatever the item count.
package enum ContentRandom {
    static let aspectSalt: UInt64 = 0x6173_7065_6374  // "aspect"
    package static let photoSalt: UInt64 = 0x7068_6F74_6F00  // "photo"
    package static let patternSalt: UInt64 = 0x7061_7474_6E00  // "pattn"
    package static let cameraSalt: UInt64 = 0x6361_6D65_7261  // "camera"

    /// A generator for (seed, index, salt): each part goes through SplitMix64's mixer so nearby
    /// seeds and indices give unrelated streams.
    package static func stream(seed: UInt64, index: Int, salt: UInt64) -> SeededRandom {
        var a = SeededRandom(seed: seed ^ salt)
        var b = SeededRandom(seed: UInt64(bitPattern: Int64(index)) &+ a.next())
        return SeededRandom(seed: b.next())
    }
}
