#if canImport(Glibc)
    import Glibc
#endif

/// Which program renders, for an output folder's fingerprint: a program of the user's own
/// (`FrameGenCommandLine.main(layouts:...)`) draws with its own code, so that frames rendered
/// before a change to that code are not kept as this render's. The stock `framegen` is named by
/// its version alone, as before.
public enum ProgramIdentity {
    /// Set by a program that registers layouts of its own.
    nonisolated(unsafe) public static var includesProgram = false

    /// The running executable's GNU build ID (the linker's hash of its contents), read from
    /// its loaded notes; nil where it has none.
    public static let buildID: String? = readBuildID()

    /// What the fingerprint adds: the build ID of a program of the user's, nothing for framegen's.
    static var fingerprintPart: String? {
        includesProgram ? "program " + (buildID ?? "without a build ID") : nil
    }

    /// From the executable's file (`/proc/self/exe`): the ELF header, its program headers, and
    /// the notes they point at; a few kilobytes read, whatever the file's size.
    private static func readBuildID() -> String? {
        #if canImport(Glibc)
            let fd = open("/proc/self/exe", O_RDONLY)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            func read(_ count: Int, at offset: Int) -> [UInt8]? {
                guard count > 0, count <= 1 << 20 else { return nil }
                var bytes = [UInt8](repeating: 0, count: count)
                let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
                return got == count ? bytes : nil
            }
            // 64-bit little-endian ELF only (x86_64 and arm64 Linux).
            guard let header = read(64, at: 0), header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2,
                header[5] == 1
            else { return nil }
            func integer(_ bytes: [UInt8], _ at: Int, _ size: Int) -> Int {
                (0..<size).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
            }
            let tableOffset = integer(header, 32, 8)
            let entrySize = integer(header, 54, 2)
            let entries = integer(header, 56, 2)
            guard entrySize >= 56, let table = read(entrySize * entries, at: tableOffset) else { return nil }
            for entry in 0..<entries {
                let base = entry * entrySize
                guard integer(table, base, 4) == 4 else { continue }  // PT_NOTE
                guard let notes = read(integer(table, base + 32, 8), at: integer(table, base + 8, 8)) else {
                    continue
                }
                if let hex = notes.withUnsafeBytes({ buildIDNote(in: $0) }) { return hex }
            }
            return nil
        #else
            return nil
        #endif
    }

    /// The descriptor of an `NT_GNU_BUILD_ID` note (type 3, owner "GNU") among ELF notes, in hex.
    static func buildIDNote(in notes: UnsafeRawBufferPointer) -> String? {
        var offset = 0
        func aligned(_ n: Int) -> Int { (n + 3) & ~3 }
        while offset + 12 <= notes.count {
            let nameSize = Int(notes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let descriptorSize = Int(notes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
            let type = notes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let name = offset + 12
            let descriptor = name + aligned(nameSize)
            guard descriptor + descriptorSize <= notes.count else { return nil }
            if type == 3, nameSize == 4, notes[name] == 0x47, notes[name + 1] == 0x4E, notes[name + 2] == 0x55
            {
                return notes[descriptor..<(descriptor + descriptorSize)].map {
                    String($0 >> 4, radix: 16) + String($0 & 15, radix: 16)
                }.joined()
            }
            offset = descriptor + aligned(descriptorSize)
        }
        return nil
    }
}
