import CFrameGenKernels
import Glibc

/// Scaled-texture drawings kept from one frame to the next, so that a cell that has only moved by
/// whole device pixels (a grid scrolling on the pixel grid) is composited from its earlier
/// drawing instead of being sampled again: what `CALayer.shouldRasterize` does, chosen
/// automatically and exact (docs/design/rendering.md §7.1).
///
/// An entry holds, for the covered box of one scaled texture drawing, every input its pixels are
/// a function of: the texture (its storage, kept alive, identifies it), the mip levels and their
/// mix, the opacity, each column's texel columns and weights, each row's texel rows and weights,
/// and the coverage. A later drawing whose inputs equal a part of an entry's, shifted by whole
/// pixels, reuses that part's pixels: the premultiplied words the drawing would composite, drawn
/// once onto transparent pixels (where source-over gives back the word itself) and composited
/// now with the same source-over. The bytes are therefore those of drawing again, whatever the
/// cache holds: which frames a worker drew before never changes a frame.
///
/// A drawing is kept only when an earlier one of the same texture, levels, opacity and scale lay a
/// whole-pixel translation away (its first sight leaves a note): animations that are not
/// translations never pay for keeping drawings. Entries not used in the last two frames are
/// dropped, and the whole stays under `byteLimit`.
///
/// One thread at a time: a render gives each worker its own.
public final class DrawnLayerCache: @unchecked Sendable {
    /// The most bytes of drawings and their inputs kept.
    public let byteLimit: Int
    /// Entries by what they draw, so that a frame of many cells finds its candidates at once.
    private var entries: [Key: [Entry]] = [:]
    private var generation = 0
    /// Bytes held by the entries.
    public private(set) var bytes = 0
    /// Drawings reused and drawings kept since the cache was made (for tests and `bench`).
    public private(set) var hits = 0
    public private(set) var stores = 0

    public init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    /// Starts a frame: entries unused during the last two frames are dropped.
    public func beginFrame() {
        generation += 1
        for key in Array(entries.keys) {
            entries[key]!.removeAll { e in
                let stale = e.lastUsed < generation - 2
                if stale { bytes -= e.bytes }
                return stale
            }
            if entries[key]!.isEmpty { entries[key] = nil }
        }
    }

    /// Drops every entry.
    public func removeAll() {
        entries.removeAll()
        bytes = 0
    }

    /// What identifies a drawing up to its position: the texture's storage, the levels read and
    /// their mix, the opacity.
    struct Key: Hashable {
        let texels: UnsafeRawPointer
        let k0: Int
        let t: UInt64
        let opacity: UInt8
    }

    /// Level k0's texel coordinate along each axis as a function of the pixel: x · scale + offset.
    struct Placement {
        let scaleX: Double, offsetX: Double, scaleY: Double, offsetY: Double

        init(_ spans: AffineSpans) {
            (scaleX, offsetX, scaleY, offsetY) = (spans.fx0.x, spans.fx0.z, spans.fy0.y, spans.fy0.z)
        }

        /// The whole-pixel shift taking `self`'s pixels to `other`'s same texel coordinates, or
        /// nil when the scales differ or the shift is not whole pixels.
        func shift(to other: Placement) -> (x: Int, y: Int)? {
            func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(abs(a), abs(b)) }
            guard close(scaleX, other.scaleX), close(scaleY, other.scaleY) else { return nil }
            let dx = (offsetX - other.offsetX) / scaleX
            let dy = (offsetY - other.offsetY) / scaleY
            guard dx.isFinite, dy.isFinite, abs(dx) < 1e7, abs(dy) < 1e7 else { return nil }
            let (rx, ry) = (dx.rounded(), dy.rounded())
            guard abs(dx - rx) < 1e-4, abs(dy - ry) < 1e-4 else { return nil }
            return (Int(rx), Int(ry))  // checked: finite and below 1e7 above
        }
    }

    struct Entry {
        let texture: Texture
        let key: Key
        var placement: Placement
        var lastUsed: Int
        /// Empty for a note (a drawing seen, not kept).
        var box: PixelBox = (0, 0, 0, 0)
        var columns: [SeparableRows.Column] = []
        var rows: [SeparableRows.Row] = []
        var mask: [UInt8] = []
        var pixels: [UInt32] = []

        var bytes: Int {
            columns.count * MemoryLayout<SeparableRows.Column>.stride
                + rows.count * MemoryLayout<SeparableRows.Row>.stride + mask.count + pixels.count * 4 + 128
        }
    }

    /// The inputs of one drawing over its box: two columns and two rows per pixel (levels k0 and
    /// k0 + 1, or k0 twice).
    struct Inputs {
        let columns: [SeparableRows.Column]
        let rows: [SeparableRows.Row]

        init(_ target: TextureTarget, _ spans: AffineSpans) {
            let (s, b) = (target.sampler, target.box)
            let l0 = s.levels[spans.k0]
            let l1 = s.levels[spans.t != 0 ? spans.k0 + 1 : spans.k0]
            let (cx0, _, cx1, _) = spans.rowStart(b.y0)
            var columns: [SeparableRows.Column] = []
            columns.reserveCapacity(2 * (b.x1 - b.x0))
            for i in 0..<(b.x1 - b.x0) {
                let n = Int64(i)
                columns.append(SeparableRows.column(l0, fixedX: cx0 &+ spans.dx0 &* n))
                columns.append(SeparableRows.column(l1, fixedX: cx1 &+ spans.dx1 &* n))
            }
            var rows: [SeparableRows.Row] = []
            rows.reserveCapacity(2 * (b.y1 - b.y0))
            for y in b.y0..<b.y1 {
                let (sy0, sy1) = spans.rowStartY(y)
                rows.append(SeparableRows.row(l0, fixedY: sy0))
                rows.append(SeparableRows.row(l1, fixedY: sy1))
            }
            self.columns = columns
            self.rows = rows
        }
    }

    /// Draws the scaled texture from a kept drawing, or draws it (keeping it when it is worth
    /// it); false, having drawn nothing, when `SeparableRows` cannot draw it.
    func draw(_ target: TextureTarget, _ spans: AffineSpans, texture: Texture, vector: Bool) -> Bool {
        let b = target.box
        let key = Key(
            texels: UnsafeRawPointer(target.sampler.texels.baseAddress!), k0: spans.k0, t: spans.t,
            opacity: target.opacity)
        let placement = Placement(spans)
        // Made only when some entry lies a whole-pixel move away.
        var made: Inputs? = nil
        var translated: Int? = nil
        // Taken out while drawing, so that changing it copies nothing.
        var list = entries.removeValue(forKey: key) ?? []
        defer { if !list.isEmpty { entries[key] = list } }
        for i in list.indices {
            guard let d = list[i].placement.shift(to: placement) else { continue }
            let inputs = made ?? Inputs(target, spans)
            made = inputs
            if !list[i].pixels.isEmpty, replay(list[i], shift: d, inputs, target, vector: vector) {
                list[i].lastUsed = generation
                hits += 1
                return true
            }
            translated = translated ?? i
        }
        guard let i = translated, let inputs = made else {
            // First sight: a note, so that the next whole-pixel move keeps the drawing.
            store(Entry(texture: texture, key: key, placement: placement, lastUsed: generation), in: &list)
            return SeparableRows.draw(target, spans, vector: vector)
        }
        // Drawn onto transparent pixels, the words themselves; then composited as a replay does.
        let (w, h) = (b.x1 - b.x0, b.y1 - b.y0)
        var pixels = [UInt32](repeating: 0, count: w * h)
        let drawn = pixels.withUnsafeMutableBytes { scratch in
            // The target's (x, y) addresses land in the scratch's box-sized rows.
            let origin = UInt(bitPattern: scratch.baseAddress!) &- UInt(bitPattern: (b.y0 * w + b.x0) * 4)
            let local = TextureTarget(
                sampler: target.sampler, box: b, coverage: target.coverage, mask: target.mask,
                base: UnsafeMutablePointer(bitPattern: origin)!, stride: w * 4, opacity: target.opacity)
            return SeparableRows.draw(local, spans, vector: vector)
        }
        guard drawn else { return false }
        var mask = [UInt8](repeating: 0, count: w * h)
        mask.withUnsafeMutableBufferPointer { m in
            for y in b.y0..<b.y1 {
                (m.baseAddress! + (y - b.y0) * w).update(from: target.coverageRow(y) + b.x0, count: w)
            }
        }
        let entry = Entry(
            texture: texture, key: key, placement: placement, lastUsed: generation, box: b,
            columns: inputs.columns, rows: inputs.rows, mask: mask, pixels: pixels)
        composite(entry, from: (b.x0, b.y0), target, vector: vector)
        bytes -= list[i].bytes
        list.remove(at: i)
        store(entry, in: &list)
        stores += 1
        return true
    }

    /// At most this many entries per image, levels and opacity: a frame drawing one image in
    /// many cells looks through a short list.
    static let entriesPerKey = 32

    /// Adds `e` to `list` (its key's entries, held apart by the caller while it draws).
    private func store(_ e: Entry, in list: inout [Entry]) {
        if list.count >= DrawnLayerCache.entriesPerKey,
            let oldest = list.indices.min(by: { list[$0].lastUsed < list[$1].lastUsed })
        {
            bytes -= list[oldest].bytes
            list.remove(at: oldest)
        }
        // The least recently used go first, the caller's list (out of `entries`) last.
        while bytes + e.bytes > byteLimit {
            var victim: (key: Key, index: Int, lastUsed: Int)? = nil
            for (key, entries) in entries {
                for (i, x) in entries.enumerated() where x.lastUsed < victim?.lastUsed ?? Int.max {
                    victim = (key, i, x.lastUsed)
                }
            }
            if let v = victim {
                bytes -= entries[v.key]![v.index].bytes
                entries[v.key]!.remove(at: v.index)
                if entries[v.key]!.isEmpty { entries[v.key] = nil }
            } else if let oldest = list.indices.min(by: { list[$0].lastUsed < list[$1].lastUsed }) {
                bytes -= list[oldest].bytes
                list.remove(at: oldest)
            } else {
                return
            }
        }
        list.append(e)
        bytes += e.bytes
    }

    /// Composites the part of `e` that the target's box is, shifted by `d`, when every input of
    /// its pixels is the same.
    private func replay(
        _ e: Entry, shift d: (x: Int, y: Int), _ inputs: Inputs, _ target: TextureTarget, vector: Bool
    ) -> Bool {
        let b = target.box
        // The target's box in the entry's pixels.
        let (x0, y0, x1, y1) = (b.x0 - d.x, b.y0 - d.y, b.x1 - d.x, b.y1 - d.y)
        guard x0 >= e.box.x0, y0 >= e.box.y0, x1 <= e.box.x1, y1 <= e.box.y1 else { return false }
        let ew = e.box.x1 - e.box.x0
        let w = b.x1 - b.x0
        let columns = 2 * (x0 - e.box.x0)
        let rows = 2 * (y0 - e.box.y0)
        guard e.columns[columns..<(columns + 2 * w)].elementsEqual(inputs.columns, by: ==),
            e.rows[rows..<(rows + 2 * (b.y1 - b.y0))].elementsEqual(inputs.rows, by: ==)
        else { return false }
        let same = e.mask.withUnsafeBufferPointer { m in
            for y in b.y0..<b.y1 {
                let old = m.baseAddress! + (y - d.y - e.box.y0) * ew + (x0 - e.box.x0)
                if memcmp(old, target.coverageRow(y) + b.x0, w) != 0 { return false }
            }
            return true
        }
        guard same else { return false }
        composite(e, from: (x0, y0), target, vector: vector)
        return true
    }

    /// Source-over of the entry's words from (x, y) of its box onto the target's box.
    private func composite(_ e: Entry, from p: (x: Int, y: Int), _ target: TextureTarget, vector: Bool) {
        let b = target.box
        let ew = e.box.x1 - e.box.x0
        let w = b.x1 - b.x0
        e.pixels.withUnsafeBufferPointer { src in
            for y in b.y0..<b.y1 {
                let from = src.baseAddress! + (p.y + y - b.y0 - e.box.y0) * ew + (p.x - e.box.x0)
                let out = target.base + y * target.stride + b.x0 * 4
                Painter.sourceOverRow(from, out, count: w, vector: vector)
            }
        }
    }
}
