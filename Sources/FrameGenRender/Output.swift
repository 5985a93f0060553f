#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unbuffered writes to stdout / stderr without Foundation's FileHandle.
public struct FileHandleOutput: Sendable {
    let fd: Int32

    public static let standardOutput = FileHandleOutput(fd: 1)
    public static let standardError = FileHandleOutput(fd: 2)

    public func write(_ text: String) {
        var text = text
        _ = text.withUTF8 { Platform.write(fd, UnsafeRawBufferPointer($0)) }
    }

    /// Writes bytes (a PNG on standard output); false when they could not all be written.
    public func write(bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { Platform.write(fd, $0) }
    }

    /// True when the descriptor is a terminal (progress bars and tables vs plain lines).
    public var isTerminal: Bool { isatty(fd) != 0 }
}

/// Where the render pipeline's warnings go (`framegen: warning: ...` lines): standard error, unless
/// a task has bound `sink`. A program that renders many files of bad input on purpose (a test of
/// the limits, a fuzzer) binds it to keep the warnings it expects out of its log, or to assert
/// them. Bound for a task and the tasks it starts; work handed to other threads writes to
/// standard error.
public enum RenderWarnings {
    @TaskLocal public static var sink: (@Sendable (String) -> Void)?

    /// Writes one warning line (with its newline) to the task's sink or to standard error.
    public static func write(_ line: String) {
        if let sink { sink(line) } else { FileHandleOutput.standardError.write(line) }
    }
}
