import Raster

/// The textures a render has made, under a byte budget: when an insertion goes over it, the
/// least recently used others go (a frame that still draws with one keeps its copy alive until
/// it ends; the next frame that needs it makes it again). Memory is then bounded by the budget
/// plus what the frames in flight use, whatever the scene's number of images.
struct TextureCache {
    struct Entry {
        var texture: Texture
        var lastUse: UInt64
    }

    let budget: Int
    private(set) var entries: [String: Entry] = [:]
    private(set) var bytes = 0
    private var clock: UInt64 = 0
    /// Textures made again after an eviction: a budget too small for one frame's images shows
    /// here (bench and tests read it).
    private(set) var evictions = 0

    init(budget: Int) { self.budget = budget }

    mutating func get(_ name: String) -> Texture? {
        guard var e = entries[name] else { return nil }
        clock += 1
        e.lastUse = clock
        entries[name] = e
        return e.texture
    }

    /// Keeps `texture` (or the one another thread made first) and returns it.
    mutating func insert(_ name: String, _ texture: Texture) -> Texture {
        if let existing = get(name) { return existing }
        clock += 1
        entries[name] = Entry(texture: texture, lastUse: clock)
        bytes += texture.texels.count
        // Oldest first out; linear scans are fine for the hundreds of images a frame shows.
        while bytes > budget {
            var oldest: (name: String, lastUse: UInt64)? = nil
            for (key, e) in entries where key != name && e.lastUse < (oldest?.lastUse ?? .max) {
                oldest = (key, e.lastUse)
            }
            guard let victim = oldest?.name, let e = entries.removeValue(forKey: victim) else { break }
            bytes -= e.texture.texels.count
            evictions += 1
        }
        return texture
    }
}
