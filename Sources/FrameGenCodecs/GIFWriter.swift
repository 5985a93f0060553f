import FrameGenGeometry

/// A GIF89a animation built frame by frame from palette indices: one global palette, the
/// NETSCAPE2.0 extension (looping forever), and per frame a graphic control extension and an
/// image. Opaque animations store only the rectangle that changed since the previous frame
/// (left in place, disposal 1); one with transparency stores whole frames cleared before the
/// next (disposal 2), since a smaller rectangle could not make pixels transparent again.
public struct GIFWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    let width: Int
    let height: Int
    let palette: GIFPalette
    private var previous: [UInt8] = []
    private var lastDelayOffset: Int?
    private var lzw = GIFLZW()

    public static let maximumSide = 65535

    public init(width: Int, height: Int, palette: GIFPalette) throws(ImageFileError) {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw ImageFileError(.invalidArgument, "a GIF is at most \(Self.maximumSide) pixels on a side")
        }
        self.width = width
        self.height = height
        self.palette = palette
        bytes += Array("GIF89a".utf8)
        bytes += le16(width) + le16(height)
        // A global colour table of 256 entries, 8 bits of colour resolution.
        bytes += [0xF7, 0, 0]
        for i in 0..<256 {
            let c = i < palette.colors.count ? palette.colors[i] : 0
            bytes += [UInt8(c >> 16), UInt8(c >> 8 & 255), UInt8(c & 255)]
        }
        bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
    }

    /// Adds a frame of `indices` (width x height palette indices) shown for `delay`
    /// centiseconds. A frame identical to the previous one lengthens that one instead.
    public mutating func add(_ indices: [UInt8], delay: Int) {
        precondition(indices.count == width * height)
        let transparent = palette.transparentIndex
        var rect = (x: 0, y: 0, width: width, height: height)
        if transparent == nil, !previous.isEmpty {
            guard let changed = changedRect(indices) else {
                extendLastFrame(by: delay)
                return
            }
            rect = changed
        }
        let disposal: UInt8 = transparent == nil ? 1 : 2
        bytes += [0x21, 0xF9, 4, disposal << 2 | (transparent == nil ? 0 : 1)]
        lastDelayOffset = bytes.count
        bytes += le16(min(delay, 65535)) + [transparent ?? 0, 0]
        bytes += [0x2C] + le16(rect.x) + le16(rect.y) + le16(rect.width) + le16(rect.height) + [0]
        indices.withUnsafeBufferPointer { lzw.encode($0, stride: width, rect: rect, into: &bytes) }
        if transparent == nil { previous = indices }
    }

    /// The file: everything added and the trailer (add nothing after).
    public mutating func finish() -> [UInt8] {
        bytes.append(0x3B)
        return bytes
    }

    private mutating func extendLastFrame(by delay: Int) {
        guard let o = lastDelayOffset else { return }
        let total = min(65535, (Int(bytes[o]) | Int(bytes[o + 1]) << 8) + delay)
        bytes[o] = UInt8(total & 255)
        bytes[o + 1] = UInt8(total >> 8)
    }

    /// The bounding rectangle of the pixels that differ from the previous frame.
    private func changedRect(_ indices: [UInt8]) -> (x: Int, y: Int, width: Int, height: Int)? {
        var (x0, y0, x1, y1) = (width, height, -1, -1)
        indices.withUnsafeBufferPointer { now in
            previous.withUnsafeBufferPointer { before in
                for y in 0..<height {
                    let row = y * width
                    var first = -1
                    var last = -1
                    for x in 0..<width where now[row + x] != before[row + x] {
                        if first < 0 { first = x }
                        last = x
                    }
                    guard first >= 0 else { continue }
                    x0 = min(x0, first)
                    x1 = max(x1, last)
                    y0 = min(y0, y)
                    y1 = y
                }
            }
        }
        guard x1 >= 0 else { return nil }
        return (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    }

    private func le16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }
}

/// When each frame of a `fps` sequence is shown in a GIF, whose delays are whole centiseconds.
public enum GIFTiming {
    /// Browsers show frames with a delay under 2 cs for 10 cs, so at most 50 frames a second
    /// are kept.
    public static let minimumDelay = 2

    /// The frames kept and their delays: frame i is due at round(100 i / fps) cs, so the
    /// rounding never accumulates and the delays add up to the sequence's duration; a frame due
    /// less than `minimumDelay` after the last kept one, or before the end, is dropped (it would
    /// show too long).
    public static func schedule(frameCount: Int, fps: Double) -> [(frame: Int, delay: Int)] {
        guard frameCount > 0, fps.isFinite, fps > 0 else { return [] }
        func due(_ i: Int) -> Int { (Double(i) * 100 / fps).rounded().clampedInt(in: 0...1 << 40, nan: 0) }
        var kept: [(frame: Int, start: Int)] = [(0, 0)]
        for i in 1..<max(1, frameCount) where due(i) - kept[kept.count - 1].start >= minimumDelay {
            kept.append((i, due(i)))
        }
        // The last kept frame too must last `minimumDelay`: one due too close to the end goes.
        if kept.count > 1, due(frameCount) - kept[kept.count - 1].start < minimumDelay { kept.removeLast() }
        let end = max(due(frameCount), kept[kept.count - 1].start + minimumDelay)
        return kept.indices.map { k in
            (kept[k].frame, (k + 1 < kept.count ? kept[k + 1].start : end) - kept[k].start)
        }
    }
}
