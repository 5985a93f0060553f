import FrameGenCodecs

/// Every failure the library reports: what kind of failure, and one line naming the file and the
/// problem. The command line turns the kind into its exit status (docs/formats.md §3).
public struct FrameGenError: Error, Sendable, CustomStringConvertible, Equatable {
    /// What went wrong, as a caller would act on it.
    public enum Kind: Sendable, Equatable {
        /// `compare` / `golden check` found a difference.
        case difference
        /// Bad input: an unreadable or invalid scene, attribute file or image, or bad arguments.
        case badInput
        /// An output could not be written.
        case cannotWrite
        /// Stopped by SIGINT (Ctrl-C) or SIGTERM.
        case interrupted
        case terminated

        /// How grave the failure is when a report holds several (`CheckReport.kind`): a file
        /// that could not be written over bad input over a difference, as diff(1) ranks trouble
        /// over difference.
        var gravity: Int {
            switch self {
            case .difference: 1
            case .badInput: 2
            case .cannotWrite: 3
            case .interrupted: 4
            case .terminated: 5
            }
        }
    }

    public var kind: Kind
    /// The file the problem is in, when there is one.
    public var file: String?
    public var message: String

    public init(_ kind: Kind, file: String? = nil, _ message: String) {
        self.kind = kind
        self.file = file
        self.message = message
    }

    public static func badInput(_ file: String?, _ message: String) -> FrameGenError {
        FrameGenError(.badInput, file: file, message)
    }

    public static func cannotWrite(_ file: String?, _ message: String) -> FrameGenError {
        FrameGenError(.cannotWrite, file: file, message)
    }

    /// `file: message`, or the message alone.
    public var description: String {
        if let file { return "\(file): \(message)" }
        return message
    }
}

extension FrameGenError {
    /// An image problem as the command line reports it: writing problems are status 3, all the
    /// others (unreadable, corrupt, unsupported, over the limits) status 2.
    package init(image error: ImageFileError, file: String) {
        self.init(error.kind == .cannotWrite ? .cannotWrite : .badInput, file: file, error.reason)
    }
}
