import FrameGenRaster
import FrameGenScene

/// The textures a render has made, under a byte budget. Frames in flight hold tickets; a
/// texture one of them has used is never evicted while it is in flight (the frame holds it
/// anyway, so evicting it would save nothing and make the next frame build it again). When an
/// insertion goes over the budget, the least recently used of the others go. Memory is then
/// bounded by the budget or by what the frames in flight show, whichever is larger, whatever
/// the scene's number of images.
///
/// A texture may hold only its coarser mip levels (`Texture.baseLevel`): a request names the
/// finest level it reads, and a texture without it counts as missing, so the caller makes it
/// again with more levels and that one replaces it.
struct TextureCache {
    struct Entry {
        var texture: Texture
        var lastUse: UInt64
        /// The newest frame ticket that used it.
        var lastTicket: UInt64
    }

    let budget: Int
    private(set) var entries: [ImageName: Entry] = [:]
    private(set) var bytes = 0
    private var clock: UInt64 = 0
    private var nextTicket: UInt64 = 0
    private var inFlight: [UInt64: Int] = [:]
    /// Textures evicted: a budget too small for the scene's reuse shows here (bench and tests
    /// read it).
    private(set) var evictions = 0

    init(budget: Int) { self.budget = budget }

    /// A ticket for a frame about to draw; `endFrame` returns it.
    mutating func beginFrame() -> UInt64 {
        nextTicket += 1
        inFlight[nextTicket, default: 0] += 1
        return nextTicket
    }

    mutating func endFrame(_ ticket: UInt64) {
        inFlight[ticket] = nil
    }

    mutating func get(_ name: ImageName, finestLevel: Int = 0, ticket: UInt64) -> Texture? {
        guard var e = entries[name], e.texture.baseLevel <= finestLevel else { return nil }
        clock += 1
        e.lastUse = clock
        e.lastTicket = max(e.lastTicket, ticket)
        entries[name] = e
        return e.texture
    }

    /// Keeps `texture` (or the one another thread made first) and returns it.
    mutating func insert(_ name: ImageName, _ texture: Texture, ticket: UInt64) -> Texture {
        if let existing = get(name, finestLevel: texture.baseLevel, ticket: ticket) { return existing }
        clock += 1
        if let coarser = entries.updateValue(
            Entry(texture: texture, lastUse: clock, lastTicket: ticket), forKey: name)
        {
            bytes -= coarser.texture.texels.count
        }
        bytes += texture.texels.count
        // Frames older than every frame in flight no longer hold anything.
        let oldestInFlight = inFlight.keys.min() ?? .max
        // Oldest first out; linear scans are fine for the hundreds of images a frame shows.
        while bytes > budget {
            var oldest: (name: ImageName, lastUse: UInt64)? = nil
            for (key, e) in entries
            where e.lastTicket < oldestInFlight && e.lastUse < (oldest?.lastUse ?? .max) {
                oldest = (key, e.lastUse)
            }
            guard let victim = oldest?.name, let e = entries.removeValue(forKey: victim) else { break }
            bytes -= e.texture.texels.count
            evictions += 1
        }
        return texture
    }
}
