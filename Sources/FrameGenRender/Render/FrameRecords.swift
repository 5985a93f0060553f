import FrameGenCodecs
import FrameGenRaster
import FrameGenScene
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One frame as a render wrote it: its number, size and a hash of its bytes, under the render's
/// fingerprint. A frame on disk counts as this render's only when a record says so and its bytes
/// still hash the same, so a frame of another render, a half-copied one or one replaced by hand
/// is never kept or passed by `--check`.
struct FrameRecord: Equatable, Sendable {
    var frame: Int
    var bytes: Int
    var hash: String
    /// The fingerprint of the render (`OutputManifest.fingerprint`).
    var render: String

    /// Every record file is named so; each writer has its own (`logName`), so shards sharing a
    /// folder never write the same file, and folders rendered apart merge by copying.
    static let logPrefix = "framegen-frames"
    static let logSuffix = ".jsonl"

    static func isLogName(_ name: String) -> Bool {
        name.hasPrefix(logPrefix) && name.hasSuffix(logSuffix)
    }

    static func logName(_ shard: RenderShard) -> String {
        shard.isWhole ? logPrefix + logSuffix : "\(logPrefix)-\(shard.index)-of-\(shard.count)\(logSuffix)"
    }

    init(frame: Int, bytes: Int, hash: String, render: String) {
        self.frame = frame
        self.bytes = bytes
        self.hash = hash
        self.render = render
    }

    init(frame: Int, png: [UInt8], render: String) {
        self.init(frame: frame, bytes: png.count, hash: FrameRecord.hash(png), render: render)
    }

    static func hash(_ bytes: [UInt8]) -> String {
        var h = StableHash()
        bytes.withUnsafeBytes { h.combine($0) }
        return h.hex
    }

    /// One JSON object per line (jq reads the file as it is).
    var line: String {
        "{\"frame\": \(frame), \"bytes\": \(bytes), \"hash\": \"\(hash)\", \"render\": \"\(render)\"}\n"
    }

    /// A line as `line` writes it; anything else (a line cut short by a crash) is nil.
    init?(line: Substring) {
        guard line.hasPrefix("{"), line.hasSuffix("}") else { return nil }
        var fields: [Substring: Substring] = [:]
        for pair in line.dropFirst().dropLast().split(separator: ",") {
            let kv = pair.split(separator: ":", maxSplits: 1)
            guard kv.count == 2 else { return nil }
            let trim: (Substring) -> Substring = { s in
                var s = s.drop { $0 == " " }
                while s.last == " " { s = s.dropLast() }
                if s.count >= 2, s.first == "\"", s.last == "\"" { s = s.dropFirst().dropLast() }
                return s
            }
            fields[trim(kv[0])] = trim(kv[1])
        }
        guard let frame = fields["frame"].flatMap({ Int($0) }), frame >= 0,
            let bytes = fields["bytes"].flatMap({ Int($0) }), bytes > 0,
            let hash = fields["hash"], hash.count == 16, let render = fields["render"], render.count == 16
        else { return nil }
        self.init(frame: frame, bytes: bytes, hash: String(hash), render: String(render))
    }

    /// Whether the file at `path` is byte for byte the frame recorded.
    func matches(file path: String) -> Bool {
        guard let png = try? FileIO.read(path, maxBytes: bytes) else { return false }
        return png.count == bytes && FrameRecord.hash(png) == hash
    }

    /// The records in a folder's logs, by log name; unreadable logs and damaged lines are
    /// skipped (a frame without a record is rendered again, the safe reading).
    static func readLogs(in directory: String, names: [String]) -> [(
        name: String, records: [FrameRecord], damaged: Bool
    )] {
        var logs: [(String, [FrameRecord], Bool)] = []
        for name in names.sorted() where isLogName(name) {
            // 1,000,000 frames of about 100 bytes each.
            guard let bytes = try? FileIO.read(directory + "/" + name, maxBytes: 1 << 28) else { continue }
            var records: [FrameRecord] = []
            var damaged = false
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                if let r = FrameRecord(line: line) { records.append(r) } else { damaged = true }
            }
            logs.append((name, records, damaged))
        }
        return logs
    }

    /// The records of render `fingerprint` in a folder's logs, by frame.
    static func current(in directory: String, fingerprint: String) -> [Int: FrameRecord] {
        let names = (try? FileIO.listDirectory(directory)) ?? []
        var byFrame: [Int: FrameRecord] = [:]
        for log in readLogs(in: directory, names: names) {
            for r in log.records where r.render == fingerprint { byFrame[r.frame] = r }
        }
        return byFrame
    }
}

/// A writer's record file, appended to after each frame is renamed into place: one `write` of
/// one line with O_APPEND, so a crash leaves at most a cut line (skipped on reading) and the
/// frame it described is rendered again.
final class FrameLog: Sendable {
    let path: String
    private let fd: Mutex<Int32>

    init(path: String) throws(FrameGenError) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
        if fd < 0 { throw .cannotWrite(path, String(cString: strerror(errno)).lowercased()) }
        self.path = path
        self.fd = Mutex(fd)
    }

    func append(_ record: FrameRecord) throws(FrameGenError) {
        var line = record.line
        let ok = fd.withLock { fd in
            line.withUTF8 { buf in Platform.write(fd, UnsafeRawBufferPointer(buf)) }
        }
        if !ok { throw .cannotWrite(path, "the frame record could not be written") }
    }

    deinit {
        fd.withLock { _ = close($0) }
    }
}
