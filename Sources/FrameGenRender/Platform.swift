import FrameGenRaster

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C library calls that FrameGenKit and the command line name with a module prefix (where
/// a method of the same name would otherwise shadow them), in one place, so that no other file
/// spells out which C library it is built against.
public enum Platform {
    /// Ends the process with `status`.
    public static func exit(_ status: Int32) -> Never {
        #if canImport(Glibc)
            Glibc.exit(status)
        #elseif canImport(Musl)
            Musl.exit(status)
        #else
            Darwin.exit(status)
        #endif
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and EINTR; false on any other error
    /// (a closed pipe, a full disk).
    @discardableResult
    public static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            #elseif canImport(Musl)
                let n = Musl.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            #else
                let n = Darwin.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            #endif
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// An environment variable, or nil when unset.
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Hands the allocator's free pages back to the system. A render frees images of many sizes
    /// (textures, frames, photo canvases) across threads, and glibc keeps what they leave free
    /// inside its heaps, so without this the resident size creeps up over a long render.
    static func returnFreeMemory() {
        ImageMemory.returnFreePages()
    }

    /// A write to a closed pipe (`framegen render -o - | head -c 10`) returns an error instead
    /// of killing the process, so it ends with one line and status 3.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}
