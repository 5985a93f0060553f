/// The exit statuses of docs/formats.md §3, mapped in one place (`FrameGenError.status`).
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// `compare` / `golden check` found a difference.
    case difference = 1
    /// Bad input: an unreadable or invalid scene, attribute file or image, or bad arguments.
    case badInput = 2
    /// An output could not be written.
    case cannotWrite = 3
    /// Stopped by SIGINT (Ctrl-C) or SIGTERM: 128 + the signal, as shells report it.
    case interrupted = 130
    case terminated = 143
}

/// Every failure the command line reports: one line naming the file and the problem.
public struct FrameGenError: Error, Sendable, CustomStringConvertible, Equatable {
    public var status: ExitStatus
    /// The file the problem is in, when there is one.
    public var file: String?
    public var message: String

    public init(_ status: ExitStatus, file: String? = nil, _ message: String) {
        self.status = status
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
