/// GIF's variable-length LZW (GIF89a appendix F), 8-bit literals, codes of 9 to 12 bits packed
/// least significant bit first into sub-blocks of at most 255 bytes. The code table is an
/// open-addressed hash of (prefix code, byte) -> code, as Go's `compress/lzw` writer keeps it,
/// so the code size grows and the table is cleared at exactly the points a decoder expects.
struct GIFLZW {
    static let literalBits = 8
    private static let clear: UInt32 = 1 << literalBits
    private static let endOfInformation: UInt32 = clear + 1
    private static let maxCode: UInt32 = 4095
    private static let tableBits = 14
    private static let tableMask = UInt32(1 << tableBits - 1)
    private static let empty = UInt32.max

    /// key << 12 | code; `empty` where unused.
    private var table = [UInt32](repeating: GIFLZW.empty, count: 1 << GIFLZW.tableBits)
    private var width = 0
    private var hi: UInt32 = 0
    private var overflow: UInt32 = 0
    private var bits: UInt32 = 0
    private var bitCount = 0
    private var block: [UInt8] = []

    /// The image data of a GIF image: the minimum code size byte, the sub-blocks and the
    /// terminating empty block, for the `rect` of `indices` (rows of `stride` bytes).
    mutating func encode(
        _ indices: UnsafeBufferPointer<UInt8>, stride: Int, rect: (x: Int, y: Int, width: Int, height: Int),
        into out: inout [UInt8]
    ) {
        out.append(UInt8(Self.literalBits))
        resetCodes()
        block.removeAll(keepingCapacity: true)
        bits = 0
        bitCount = 0
        write(Self.clear, into: &out)
        var code = UInt32(indices[rect.y * stride + rect.x])
        var first = true
        for y in rect.y..<(rect.y + rect.height) {
            let row = y * stride + rect.x
            for i in row..<(row + rect.width) {
                if first {
                    first = false
                    continue
                }
                let literal = UInt32(indices[i])
                let key = code << 8 | literal
                var hash = (key >> 12 ^ key) & Self.tableMask
                var found = false
                while true {
                    let t = table.withUnsafeBufferPointer { $0[Int(hash)] }
                    if t == Self.empty { break }
                    if t >> 12 == key {
                        code = t & Self.maxCode
                        found = true
                        break
                    }
                    hash = (hash + 1) & Self.tableMask
                }
                if found { continue }
                write(code, into: &out)
                code = literal
                if incrementHi(into: &out) {
                    table.withUnsafeMutableBufferPointer { $0[Int(hash)] = key << 12 | hi }
                }
            }
        }
        write(code, into: &out)
        _ = incrementHi(into: &out)
        write(Self.endOfInformation, into: &out)
        if bitCount > 0 { put(UInt8(truncatingIfNeeded: bits), into: &out) }
        flushBlock(into: &out)
        out.append(0)
    }

    private mutating func resetCodes() {
        width = Self.literalBits + 1
        hi = Self.endOfInformation
        overflow = Self.clear << 1
        table.withUnsafeMutableBufferPointer { $0.update(repeating: Self.empty) }
    }

    /// Takes the next code for a new table entry; false when the table was full and has just
    /// been cleared (a clear code written) instead.
    private mutating func incrementHi(into out: inout [UInt8]) -> Bool {
        hi += 1
        if hi == overflow {
            width += 1
            overflow <<= 1
        }
        if hi == Self.maxCode {
            write(Self.clear, into: &out)
            resetCodes()
            return false
        }
        return true
    }

    @inline(__always) private mutating func write(_ code: UInt32, into out: inout [UInt8]) {
        bits |= code << UInt32(bitCount)
        bitCount += width
        while bitCount >= 8 {
            put(UInt8(truncatingIfNeeded: bits), into: &out)
            bits >>= 8
            bitCount -= 8
        }
    }

    @inline(__always) private mutating func put(_ byte: UInt8, into out: inout [UInt8]) {
        block.append(byte)
        if block.count == 255 { flushBlock(into: &out) }
    }

    private mutating func flushBlock(into out: inout [UInt8]) {
        guard !block.isEmpty else { return }
        out.append(UInt8(block.count))
        out.append(contentsOf: block)
        block.removeAll(keepingCapacity: true)
    }
}
