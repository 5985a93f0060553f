#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The C library's read and write under names that FileIO's own `read` does not shadow, so no
// call names the C library's module.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}

private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// Why a file could not be read or written: one line naming the file and the problem.
public struct FileIOError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Missing, unreadable, a folder, or a read failed.
        case cannotRead
        /// Larger than the caller's byte limit (nothing was read past it).
        case tooLarge
        /// The output (or its temporary file) could not be created, written or renamed.
        case cannotWrite
    }

    public var kind: Kind
    public var path: String
    public var reason: String

    public init(_ kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

/// Bounded reads and atomic writes, without Foundation.
public enum FileIO {
    /// Reads a whole file, refusing one larger than `maxBytes` before reading it into memory
    /// (by its size when the file system knows it, and by counting for pipes and devices).
    public static func read(_ path: String, maxBytes: Int) throws(FileIOError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw FileIOError(.cannotRead, path: path, reason: errorText(errno)) }
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) != 0 { throw FileIOError(.cannotRead, path: path, reason: errorText(errno)) }
        let type = st.st_mode & S_IFMT
        if type == S_IFDIR { throw FileIOError(.cannotRead, path: path, reason: "is a folder, not a file") }
        let known = type == S_IFREG ? Int(st.st_size) : 0
        if known > maxBytes { throw tooLarge(path, maxBytes, size: known) }
        // Read straight into the result, sized by the file's size plus one byte: that byte tells
        // a file that grew since fstat (or a device that never ends) from one that fits. Pipes
        // and devices start small and grow by doubling, never past the limit plus one.
        var bytes = [UInt8](repeating: 0, count: Swift.min(maxBytes, type == S_IFREG ? known : 1 << 16) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                if count > maxBytes { throw tooLarge(path, maxBytes, size: nil) }
                let more = Swift.min(bytes.count, maxBytes - count + 1)
                bytes.append(contentsOf: repeatElement(0, count: more))
            }
            let n = bytes.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileIOError(.cannotRead, path: path, reason: errorText(errno))
            }
            if n == 0 { break }
            count += n
        }
        if count > maxBytes { throw tooLarge(path, maxBytes, size: nil) }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// Writes `bytes` to a temporary file in the destination's folder, then renames it over
    /// `path`, so that readers (and a crash, a full disk, a killed process) never see a partial
    /// file: either the old file or the complete new one exists. On failure the temporary file
    /// is removed. `durable` also flushes the file and the folder to disk before returning
    /// (survives power loss, at the cost of a disk round trip per file).
    public static func writeAtomically(
        _ bytes: UnsafeRawBufferPointer, to path: String, durable: Bool = false
    ) throws(FileIOError) {
        let folder = folderName(path)
        let base = String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        if base.isEmpty || base == "." || base == ".." {
            throw FileIOError(.cannotWrite, path: path, reason: "is not a file name")
        }
        var temp = ""
        var fd: Int32 = -1
        for _ in 0..<16 {
            // The process id and a random suffix keep concurrent writers (other threads, other
            // processes rendering into the same folder) from sharing a temporary file.
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            temp = (folder == "" ? "" : folder + "/") + ".\(base).\(getpid()).\(suffix).tmp"
            fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 || errno != EEXIST { break }
        }
        if fd < 0 {
            let reason =
                errno == ENOENT ? "folder \(folder == "" ? "." : folder) does not exist" : errorText(errno)
            throw FileIOError(.cannotWrite, path: path, reason: reason)
        }
        var failure: Int32 = 0
        var offset = 0
        while offset < bytes.count {
            let n = posixWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            offset += n
        }
        if failure == 0 && durable && fsync(fd) != 0 { failure = errno }
        // close() reports the deferred write errors of some file systems (NFS, quota).
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temp, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temp)
            throw FileIOError(.cannotWrite, path: path, reason: errorText(failure))
        }
        if durable {
            let dfd = open(folder == "" ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if dfd >= 0 {
                _ = fsync(dfd)
                close(dfd)
            }
        }
    }

    /// `writeAtomically` for an array.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool = false)
        throws(FileIOError)
    {
        // Stored in a Result because the standard library's buffer closures rethrow untyped.
        let result: Result<Void, FileIOError> = bytes.withUnsafeBytes { buf in
            do throws(FileIOError) {
                try writeAtomically(buf, to: path, durable: durable)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// The names in a folder (without "." and ".."), in no particular order.
    public static func listDirectory(_ path: String) throws(FileIOError) -> [String] {
        guard let dir = opendir(path) else {
            throw FileIOError(.cannotRead, path: path, reason: errorText(errno))
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Creates a folder and its missing parents (like `mkdir -p`).
    public static func makeDirectory(_ path: String) throws(FileIOError) {
        var partial = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            partial += (partial.isEmpty || partial.hasSuffix("/") ? "" : "/") + component
            if mkdir(partial, 0o777) != 0 && errno != EEXIST {
                throw FileIOError(.cannotWrite, path: path, reason: errorText(errno))
            }
        }
        if !isDirectory(path) {
            throw FileIOError(.cannotWrite, path: path, reason: "exists and is not a folder")
        }
    }

    /// Removes a file; one that is already gone is not an error.
    public static func remove(_ path: String) throws(FileIOError) {
        if unlink(path) != 0 && errno != ENOENT {
            throw FileIOError(.cannotWrite, path: path, reason: errorText(errno))
        }
    }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    public static func fileExists(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0
    }

    /// The folder part of a path ("" for a bare name, "/" for a file in the root).
    static func folderName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    static func errorText(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or folder"
        case EACCES, EPERM: return "permission denied"
        case ENOSPC: return "no space left on the device"
        case EISDIR: return "is a folder"
        case ENOTDIR: return "a part of the path is not a folder"
        case EROFS: return "read-only file system"
        default: return String(cString: strerror(code)).lowercased()
        }
    }

    private static func tooLarge(_ path: String, _ max: Int, size: Int?) -> FileIOError {
        let what = size.map { "file is \($0) bytes" } ?? "file is larger than the limit"
        return FileIOError(.tooLarge, path: path, reason: "\(what), over the limit of \(max) bytes")
    }
}
