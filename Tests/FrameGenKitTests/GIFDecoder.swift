/// A small, deliberately plain GIF decoder for the tests (written from the GIF89a spec, not
/// from the encoder): every frame composed onto the logical screen as a browser shows it,
/// honouring each frame's rectangle, transparent index and disposal (1: keep, 2: clear to
/// transparent).
struct DecodedGIF {
    struct Frame {
        /// Straight RGBA of the whole screen after this frame.
        var rgba: [UInt8]
        var delay: Int
        var disposal: Int
        var rect: (x: Int, y: Int, width: Int, height: Int)
    }

    var width = 0
    var height = 0
    var palette: [[UInt8]] = []
    /// NETSCAPE2.0's loop count (0 = forever), nil when absent.
    var loopCount: Int?
    var frames: [Frame] = []

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ bytes: [UInt8]) throws {
        var p = 0
        func byte() throws -> Int {
            guard p < bytes.count else { throw Failure(description: "truncated at \(p)") }
            defer { p += 1 }
            return Int(bytes[p])
        }
        func u16() throws -> Int { try byte() | (try byte()) << 8 }
        func subBlocks() throws -> [UInt8] {
            var out: [UInt8] = []
            while true {
                let n = try byte()
                if n == 0 { return out }
                guard p + n <= bytes.count else { throw Failure(description: "sub-block past the end") }
                out += bytes[p..<(p + n)]
                p += n
            }
        }
        guard bytes.count > 13, String(decoding: bytes[0..<6], as: UTF8.self) == "GIF89a" else {
            throw Failure(description: "not GIF89a")
        }
        p = 6
        width = try u16()
        height = try u16()
        let flags = try byte()
        _ = try byte()  // background index
        _ = try byte()  // aspect
        if flags & 0x80 != 0 {
            for _ in 0..<(1 << ((flags & 7) + 1)) {
                palette.append([UInt8(try byte()), UInt8(try byte()), UInt8(try byte())])
            }
        }
        var screen = [UInt8](repeating: 0, count: width * height * 4)
        var delay = 0
        var disposal = 0
        var transparent: Int?
        var pendingClear: (x: Int, y: Int, width: Int, height: Int)?
        while true {
            let introducer = try byte()
            if introducer == 0x3B { break }
            if introducer == 0x21 {
                let label = try byte()
                let data = try subBlocks()
                if label == 0xF9 {
                    guard data.count == 4 else { throw Failure(description: "bad graphic control extension") }
                    disposal = Int(data[0] >> 2 & 7)
                    delay = Int(data[1]) | Int(data[2]) << 8
                    transparent = data[0] & 1 != 0 ? Int(data[3]) : nil
                } else if label == 0xFF, data.count == 14,
                    String(decoding: data[0..<11], as: UTF8.self) == "NETSCAPE2.0"
                {
                    loopCount = Int(data[12]) | Int(data[13]) << 8
                }
                continue
            }
            guard introducer == 0x2C else {
                throw Failure(description: "unexpected byte \(introducer) at \(p - 1)")
            }
            let rect = (x: try u16(), y: try u16(), width: try u16(), height: try u16())
            guard rect.x + rect.width <= width, rect.y + rect.height <= height else {
                throw Failure(description: "frame outside the screen")
            }
            let imageFlags = try byte()
            guard imageFlags & 0x40 == 0 else {
                throw Failure(description: "interlaced frames are not decoded here")
            }
            var colors = palette
            if imageFlags & 0x80 != 0 {
                colors = []
                for _ in 0..<(1 << ((imageFlags & 7) + 1)) {
                    colors.append([UInt8(try byte()), UInt8(try byte()), UInt8(try byte())])
                }
            }
            let minimumCodeSize = try byte()
            let indices = try Self.lzwDecode(
                try subBlocks(), minimumCodeSize: minimumCodeSize, count: rect.width * rect.height)
            if let clear = pendingClear {
                for y in clear.y..<(clear.y + clear.height) {
                    for x in clear.x..<(clear.x + clear.width) {
                        for c in 0..<4 { screen[(y * width + x) * 4 + c] = 0 }
                    }
                }
                pendingClear = nil
            }
            for (k, index) in indices.enumerated() where index != transparent {
                guard index < colors.count else {
                    throw Failure(description: "index \(index) outside the palette")
                }
                let o = ((rect.y + k / rect.width) * width + rect.x + k % rect.width) * 4
                screen[o] = colors[index][0]
                screen[o + 1] = colors[index][1]
                screen[o + 2] = colors[index][2]
                screen[o + 3] = 255
            }
            frames.append(Frame(rgba: screen, delay: delay, disposal: disposal, rect: rect))
            if disposal == 2 { pendingClear = rect }
            delay = 0
            disposal = 0
            transparent = nil
        }
    }

    /// Variable-length LZW as GIF uses it: codes least significant bit first, a clear code, an
    /// end code, and the code size growing when the table fills a power of two.
    static func lzwDecode(_ data: [UInt8], minimumCodeSize: Int, count: Int) throws -> [Int] {
        let clear = 1 << minimumCodeSize
        let end = clear + 1
        var table: [[Int]] = []
        func reset() { table = (0..<clear).map { [$0] } + [[], []] }
        reset()
        var size = minimumCodeSize + 1
        var bitPosition = 0
        var previous: [Int]?
        var out: [Int] = []
        while true {
            guard bitPosition + size <= data.count * 8 else { throw Failure(description: "no end code") }
            var code = 0
            for b in 0..<size {
                let bit = bitPosition + b
                code |= Int(data[bit >> 3] >> UInt8(bit & 7) & 1) << b
            }
            bitPosition += size
            if code == clear {
                reset()
                size = minimumCodeSize + 1
                previous = nil
                continue
            }
            if code == end { break }
            let entry: [Int]
            if code < table.count {
                entry = table[code]
                if let previous { table.append(previous + [entry[0]]) }
            } else if code == table.count, let previous {
                entry = previous + [previous[0]]
                table.append(entry)
            } else {
                throw Failure(description: "code \(code) is not in the table (\(table.count) entries)")
            }
            out += entry
            previous = entry
            if table.count == 1 << size && size < 12 { size += 1 }
        }
        guard out.count == count else { throw Failure(description: "\(out.count) pixels, expected \(count)") }
        return out
    }
}
