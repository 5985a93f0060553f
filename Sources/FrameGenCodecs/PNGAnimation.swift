import CFrameGenPNG
import FrameGenGeometry

/// Animated PNG (APNG 1.0: acTL, fcTL and fdAT chunks) assembled from PNG files of one size:
/// each frame's compressed image data is reused as it is, so building the animation costs no
/// re-encoding and every frame decodes to exactly its PNG's pixels. Browsers and GitHub play it;
/// viewers that know only PNG show the first frame.
public enum PNGAnimation {
    /// The chunks of a PNG file, checked for a signature, whole chunks and an IHDR first.
    public static func chunks(_ png: [UInt8]) throws(ImageFileError) -> [(
        type: String, data: ArraySlice<UInt8>
    )] {
        let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        guard png.count >= 8, Array(png[0..<8]) == signature else {
            throw ImageFileError(.invalidData, "not a PNG file (bad signature)")
        }
        var out: [(String, ArraySlice<UInt8>)] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            guard length <= png.count - i - 12 else {
                throw ImageFileError(.invalidData, "a chunk runs past the end")
            }
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            out.append((type, png[(i + 8)..<(i + 8 + length)]))
            i += 12 + length
            if type == "IEND" { break }
        }
        guard out.first?.0 == "IHDR", out.first?.1.count == 13 else {
            throw ImageFileError(.invalidData, "no IHDR chunk first")
        }
        return out
    }

    /// The animation of `frames` (whole PNG files, all with the same IHDR), each shown for
    /// `delay` = numerator / denominator seconds, looping forever.
    public static func assemble(_ frames: [[UInt8]], delay: (numerator: UInt16, denominator: UInt16))
        throws(ImageFileError) -> [UInt8]
    {
        guard !frames.isEmpty, frames.count < Int(UInt32.max / 2) else {
            throw ImageFileError(.invalidArgument, "an animation needs 1 or more frames")
        }
        var out: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        var header: ArraySlice<UInt8> = []
        var sequence: UInt32 = 0
        for (index, png) in frames.enumerated() {
            let parts = try chunks(png)
            if index == 0 {
                header = parts[0].data
                appendChunk("IHDR", Array(header), to: &out)
                appendChunk("acTL", be32(UInt32(frames.count)) + be32(0), to: &out)
            } else if parts[0].data != header {
                throw ImageFileError(
                    .invalidArgument, "frame \(index) differs in size or pixel format from frame 0")
            }
            // fcTL: sequence, size, offset (0, 0), delay, dispose NONE, blend SOURCE (each frame
            // replaces the whole canvas, transparent pixels included).
            var control = be32(sequence) + Array(header[header.startIndex..<(header.startIndex + 8)])
            control += be32(0) + be32(0) + be16(delay.numerator) + be16(delay.denominator) + [0, 0]
            appendChunk("fcTL", control, to: &out)
            sequence += 1
            for part in parts where part.type == "IDAT" {
                if index == 0 {
                    appendChunk("IDAT", Array(part.data), to: &out)
                } else {
                    appendChunk("fdAT", be32(sequence) + Array(part.data), to: &out)
                    sequence += 1
                }
            }
        }
        appendChunk("IEND", [], to: &out)
        return out
    }

    /// A frame delay for `fps` frames per second as APNG stores it.
    public static func delay(fps: Double) -> (numerator: UInt16, denominator: UInt16) {
        if fps == fps.rounded(), fps >= 1, fps <= 65535 { return (1, UInt16(fps)) }  // checked: just tested
        return (UInt16((1000 / fps).rounded().clampedInt(in: 1...65535, nan: 1)), 1000)
    }

    private static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    private static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }

    private static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        out += be32(UInt32(data.count))
        let typed = Array(type.utf8) + data
        out += typed
        out += be32(crc32(typed))
    }

    /// A chunk's CRC (over its type and data), as the encoder's container computes it.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { cpng_crc32(0, $0.baseAddress, $0.count) }
    }
}
