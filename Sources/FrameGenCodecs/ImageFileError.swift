/// Why an image file (PNG, APNG, JPEG, GIF) could not be read, decoded, encoded or written: the
/// one error of every codec and of the format dispatch (`ImageFile`), a kind to act on and a
/// one-line reason to show (for files, `description` starts with the path).
public struct ImageFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Not an image of the format, or a corrupt or truncated one (a PNG's bad CRC, bad zlib
        /// data, chunks out of order, missing IHDR or image data; a JPEG's corrupt data...).
        case invalidData
        /// The header (or the file size) is over the caller's `ImageLimits`; nothing was
        /// allocated for the pixels.
        case exceedsLimits
        /// The input file is missing or unreadable.
        case cannotRead
        /// The output file could not be written (a missing or read-only folder, a full disk);
        /// no partial file is left behind.
        case cannotWrite
        /// Memory ran out.
        case outOfMemory
        /// The caller passed something the encoder cannot take (e.g. a too-small buffer).
        case invalidArgument
    }

    public var kind: Kind
    /// The one-line reason, without the path.
    public var reason: String
    /// The file concerned, when the call named one.
    public var path: String?

    public init(_ kind: Kind, _ reason: String, path: String? = nil) {
        self.kind = kind
        self.reason = reason
        self.path = path
    }

    public var description: String {
        if let path { return "\(path): \(reason)" }
        return reason
    }

    init(_ error: FileIOError) {
        switch error.kind {
        case .cannotRead: self.init(.cannotRead, error.reason, path: error.path)
        case .tooLarge: self.init(.exceedsLimits, error.reason, path: error.path)
        case .cannotWrite: self.init(.cannotWrite, error.reason, path: error.path)
        }
    }
}
