import FrameGenScene

/// The exit statuses of docs/formats.md §3, mapped from a failure's kind in one place: the
/// library reports kinds, only the command line turns them into process exit codes.
enum ExitStatus: Int32 {
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

    init(_ kind: FrameGenError.Kind) {
        switch kind {
        case .difference: self = .difference
        case .badInput: self = .badInput
        case .cannotWrite: self = .cannotWrite
        case .interrupted: self = .interrupted
        case .terminated: self = .terminated
        }
    }
}
