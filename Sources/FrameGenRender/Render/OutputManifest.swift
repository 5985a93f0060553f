import FrameGenCodecs
import FrameGenRaster
import FrameGenScene

/// What the frames in an output folder are (docs/formats.md §3): a fingerprint of everything
/// that decides their pixels (the scene or attribute file, every input image's bytes, the
/// options that change pixels, the framegen version), written as `framegen-manifest.json` next
/// to them. It is the same for every shard of a render; which frames on disk are this render's
/// is said frame by frame by the writers' records (`FrameRecord`).
struct OutputManifest: Equatable {
    static let fileName = "framegen-manifest.json"

    var version: String
    var fingerprint: String
    var frameCount: Int
    var pattern: String
    /// The frames' rate, so tools reading the folder (`sheet`) can tell each frame's time.
    var fps: Double? = nil
    /// Why the last render into the folder stopped before its last frame (a signal, the
    /// watchdog, the memory limit) and how far it got; nil once a render ran to its end.
    var stopped: String? = nil

    var json: String {
        """
        {
          "format": "framegen.manifest/1",
          "version": \(jsonString(version)),
          "fingerprint": \(jsonString(fingerprint)),
          "frameCount": \(frameCount),
          "pattern": \(jsonString(pattern))\(fps.map { ",\n  \"fps\": \(jsonNumber($0))" } ?? "")\(stopped.map { ",\n  \"stopped\": \(jsonString($0))" } ?? "")
        }

        """
    }

    /// The manifest in `directory`, or nil when there is none or it is not one of ours (a
    /// damaged manifest trusts nothing, which is the safe reading).
    static func read(in directory: String) -> OutputManifest? {
        let path = directory + "/" + fileName
        guard FileIO.fileExists(path), let bytes = try? FileIO.read(path, maxBytes: 1 << 16),
            let node = try? parseDocument(String(decoding: bytes, as: UTF8.self), file: path).map()
        else { return nil }
        func string(_ key: String) -> String? {
            guard case .string(let s)? = node[key]?.value else { return nil }
            return s
        }
        guard string("format") == "framegen.manifest/1", let version = string("version"),
            let fingerprint = string("fingerprint"), let pattern = string("pattern"),
            case .number(let count)? = node["frameCount"]?.value, count >= 0, count < 1e9
        else { return nil }
        var fps: Double?
        if case .number(let f)? = node["fps"]?.value, f.isFinite, f > 0 { fps = f }
        return OutputManifest(
            version: version, fingerprint: fingerprint, frameCount: Int(count), pattern: pattern, fps: fps,
            stopped: string("stopped"))
    }
}

/// The framegen release, part of every manifest: frames rendered by another version are
/// rendered again.
public enum FrameGenVersion {
    public static let string = "0.4.0"
}

/// A 64-bit FNV-1a-style hash with a final avalanche, stable across runs and machines (Swift's
/// `Hasher` is seeded per process, so it cannot describe files on disk).
struct StableHash {
    private(set) var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var h = state
        for b in bytes {
            h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3
        }
        state = h
    }

    mutating func combine(_ text: String) {
        var t = text
        t.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        withUnsafeBytes(of: UInt64(t.utf8.count).littleEndian) { combine($0) }
    }

    var hex: String {
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        z ^= z >> 31
        let s = String(z, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}

extension OutputManifest {
    /// Whether a file name is one of the frames `pattern` names, and which.
    static func frameIndex(_ name: String, pattern: String) -> Int? {
        guard let percent = pattern.firstIndex(of: "%"),
            let d = pattern[percent...].firstIndex(of: "d")
        else { return nil }
        let prefix = pattern[..<percent]
        let suffix = pattern[pattern.index(after: d)...]
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else {
            return nil
        }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }

    /// What `prepare` found: the records of this render's frames, and the log new frames are
    /// recorded in.
    struct Ledger {
        var records: [Int: FrameRecord]
        var log: FrameLog
    }

    /// Makes `directory` ready for this render's frames. A frame there is this render's only
    /// when a record of this fingerprint (`FrameRecord`) says so; the caller keeps it when its
    /// bytes still match. Frames past the end (or of an old pattern) are removed. The frames
    /// this process owns and that are not this render's are removed before the manifest is
    /// written, so an interrupted render never leaves them looking current.
    ///
    /// Ownership is what makes shards safe in one shared folder: an unsharded render owns every
    /// frame (the folder never mixes two renders) and merges all logs into its own; a shard owns
    /// only its own frames and writes only its own log, never touching what another shard may
    /// be writing at the same moment. Every shard writes the same manifest (it does not depend
    /// on the shard or the selection), so concurrent atomic writes of it are harmless. A folder
    /// with PNG files and no manifest is refused unless `force`.
    func prepare(_ directory: String, force: Bool, shard: RenderShard = .whole, selection: ClosedRange<Int>)
        throws(FrameGenError) -> Ledger
    {
        // The listing comes before the manifest is read: a PNG that another shard wrote is
        // then always seen with that shard's manifest.
        let names: [String]
        do {
            names = try FileIO.listDirectory(directory)
        } catch {
            throw .cannotWrite(directory, error.reason)
        }
        let old = OutputManifest.read(in: directory)
        if old == nil && !force && names.contains(where: { $0.lowercased().hasSuffix(".png") }) {
            throw .badInput(
                directory,
                "the folder holds PNG files but no \(OutputManifest.fileName), so they may be from anything; render into another folder, or pass --force to replace them"
            )
        }
        let logs = FrameRecord.readLogs(in: directory, names: names)
        var records: [Int: FrameRecord] = [:]
        if !force {
            for log in logs { for r in log.records where r.render == fingerprint { records[r.frame] = r } }
        }
        let oldPattern = old?.pattern ?? pattern
        for name in names {
            let index: Int
            var past = false
            if let i = OutputManifest.frameIndex(name, pattern: pattern) {
                index = i
                past = i >= frameCount
            } else if oldPattern != pattern, let i = OutputManifest.frameIndex(name, pattern: oldPattern) {
                (index, past) = (i, true)
            } else {
                continue
            }
            let owned = shard.isWhole || shard.owns(index, of: selection)
            guard past || (owned && records[index] == nil) else { continue }
            try remove(directory + "/" + name)
        }
        let own = FrameRecord.logName(shard)
        let ownPath = directory + "/" + own
        // Rewritten when it holds anything but this render's records (an unsharded render
        // takes in every shard's log).
        let kept: [FrameRecord]
        let rewrite: Bool
        if shard.isWhole {
            kept = records.keys.sorted().map { records[$0]! }
            rewrite = logs.contains { $0.name != own || $0.damaged || $0.records.count != kept.count }
        } else {
            let mine = logs.first { $0.name == own }
            kept = mine?.records.filter { !force && $0.render == fingerprint } ?? []
            rewrite = mine.map { $0.damaged || $0.records.count != kept.count } ?? false
        }
        if rewrite {
            do {
                try FileIO.writeAtomically(Array(kept.map(\.line).joined().utf8), to: ownPath)
            } catch {
                throw .cannotWrite(error.path, error.reason)
            }
            if shard.isWhole {
                for log in logs where log.name != own { try remove(directory + "/" + log.name) }
            }
        }
        if old != self {
            do {
                try FileIO.writeAtomically(Array(json.utf8), to: directory + "/" + OutputManifest.fileName)
            } catch {
                throw .cannotWrite(error.path, error.reason)
            }
        }
        return Ledger(records: records, log: try FrameLog(path: ownPath))
    }

    private func remove(_ path: String) throws(FrameGenError) {
        do {
            try FileIO.remove(path)
        } catch {
            throw .cannotWrite(error.path, error.reason)
        }
    }
}
