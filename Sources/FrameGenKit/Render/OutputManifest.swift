import Raster

/// What the frames in an output folder are (formats.md section 3): a fingerprint of everything
/// that decides their pixels (the scene or attribute file, every input image's bytes, the
/// options that change pixels, the framegen version), written as `framegen-manifest.json` next
/// to them. A frame on disk is trusted only under a manifest with the same fingerprint.
struct OutputManifest: Equatable {
    static let fileName = "framegen-manifest.json"

    var version: String
    var fingerprint: String
    var frameCount: Int
    var pattern: String
    /// The frames' rate, so tools reading the folder (`sheet`) can tell each frame's time.
    var fps: Double? = nil

    var json: String {
        """
        {
          "format": "framegen.manifest/1",
          "version": \(jsonString(version)),
          "fingerprint": \(jsonString(fingerprint)),
          "frameCount": \(frameCount),
          "pattern": \(jsonString(pattern))\(fps.map { ",\n  \"fps\": \(jsonNumber($0))" } ?? "")
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
            version: version, fingerprint: fingerprint, frameCount: Int(count), pattern: pattern, fps: fps)
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

    /// Makes `directory` ready for frames described by `self`: under a matching manifest the
    /// frames there stay (an interrupted render resumes) except those past the new end;
    /// otherwise every frame file (of this pattern and the old manifest's) is removed before the
    /// new manifest is written, so that a frame on disk is never from another render. A folder
    /// with PNG files and no manifest is refused unless `force`. Returns whether frames on disk
    /// are current.
    func prepare(_ directory: String, force: Bool) throws(FrameGenError) -> Bool {
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
        let current = old == self
        let patterns = current ? [pattern] : Array(Set([pattern, old?.pattern ?? pattern]))
        for name in names {
            guard
                let index = patterns.lazy.compactMap({ OutputManifest.frameIndex(name, pattern: $0) }).first,
                !current || index >= frameCount
            else { continue }
            do {
                try FileIO.remove(directory + "/" + name)
            } catch {
                throw .cannotWrite(error.path, error.reason)
            }
        }
        if !current {
            do {
                try FileIO.writeAtomically(Array(json.utf8), to: directory + "/" + OutputManifest.fileName)
            } catch {
                throw .cannotWrite(error.path, error.reason)
            }
        }
        return current
    }
}
