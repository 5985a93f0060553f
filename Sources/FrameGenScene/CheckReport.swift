/// What a command that checks many things found: lines for stdout, one failure per problem
/// (each printed as its own line on stderr) and the failure they add up to.
public struct CheckReport: Sendable {
    public var output: String
    public var failures: [FrameGenError]

    public init(output: String = "", failures: [FrameGenError] = []) {
        self.output = output
        self.failures = failures
    }

    /// nil when nothing failed; otherwise the gravest kind (`FrameGenError.Kind.gravity`).
    public var kind: FrameGenError.Kind? {
        failures.map(\.kind).max { $0.gravity < $1.gravity }
    }
}
