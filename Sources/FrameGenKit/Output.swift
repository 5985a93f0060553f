#if canImport(Glibc)
    import Glibc
#endif

/// Unbuffered writes to stdout / stderr without Foundation's FileHandle.
public struct FileHandleOutput: Sendable {
    let fd: Int32

    public static let standardOutput = FileHandleOutput(fd: 1)
    public static let standardError = FileHandleOutput(fd: 2)

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { buf in
            var offset = 0
            while offset < buf.count {
                let n = Glibc.write(fd, buf.baseAddress! + offset, buf.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// True when the descriptor is a terminal (progress bars and tables vs plain lines).
    public var isTerminal: Bool { isatty(fd) != 0 }
}
