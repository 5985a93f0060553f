import FrameGenScene

/// One of N parts of a render (`--shard K/N`), for spreading a render over machines.
///
/// K is 1-based (`1/3`, `2/3`, `3/3`), as in Playwright's and Jest's `--shard`, so the last
/// shard reads as a whole fraction. Frames are dealt out interleaved, frame by frame in the
/// selection's order, rather than in contiguous runs: the cost of a frame follows the timeline
/// (a busy transition, a still start), so runs would give one shard all the heavy frames,
/// while dealing keeps every shard within one frame of the others and equally slow.
public struct RenderShard: Sendable, Equatable, CustomStringConvertible {
    /// 1...count.
    public var index: Int
    public var count: Int

    /// Not sharded: the render owns every frame (and the whole folder).
    public static let whole = RenderShard(index: 1, count: 1)

    /// The most shards: one frame each for the longest scene.
    public static let maxCount = 1_000_000

    public var description: String { "\(index)/\(count)" }

    public var isWhole: Bool { count == 1 }

    /// `K/N`, or `auto/N`: K from the batch system's variables, so one job spec serves every
    /// shard. Kubernetes Indexed Jobs set JOB_COMPLETION_INDEX (0-based: K = index + 1); Slurm
    /// arrays set SLURM_ARRAY_TASK_ID, counted from SLURM_ARRAY_TASK_MIN (so `--array=0-7` and
    /// `--array=1-8` both work), and SLURM_ARRAY_TASK_COUNT, which must equal N.
    public static func parse(_ text: String, environment: (String) -> String?) throws(FrameGenError)
        -> RenderShard
    {
        let usage = "--shard must be K/N with 1 <= K <= N <= \(maxCount) (e.g. 2/8), or auto/N"
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[1]), (1...maxCount).contains(count) else {
            throw .badInput(nil, "\(usage); got '\(text)'")
        }
        if parts[0] == "auto" {
            return try automatic(count: count, environment: environment)
        }
        guard let index = Int(parts[0]), (1...count).contains(index) else {
            let hint =
                parts[0] == "0" ? " (K counts from 1; JOB_COMPLETION_INDEX 0 is --shard auto/N or 1/N)" : ""
            throw .badInput(nil, "\(usage); got '\(text)'\(hint)")
        }
        return RenderShard(index: index, count: count)
    }

    static func automatic(count: Int, environment: (String) -> String?) throws(FrameGenError) -> RenderShard {
        func number(_ name: String) throws(FrameGenError) -> Int? {
            guard let text = environment(name) else { return nil }
            guard let n = Int(text), n >= 0 else {
                throw .badInput(nil, "--shard auto/\(count): \(name)='\(text)' is not a whole number")
            }
            return n
        }
        var index: Int
        var source: String
        if let k = try number("JOB_COMPLETION_INDEX") {
            (index, source) = (k + 1, "JOB_COMPLETION_INDEX=\(k)")
        } else if let id = try number("SLURM_ARRAY_TASK_ID") {
            let min = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            if let total = try number("SLURM_ARRAY_TASK_COUNT"), total != count {
                throw .badInput(
                    nil,
                    "--shard auto/\(count): the Slurm array has \(total) tasks (SLURM_ARRAY_TASK_COUNT), not \(count)"
                )
            }
            (index, source) = (id - min + 1, "SLURM_ARRAY_TASK_ID=\(id) from SLURM_ARRAY_TASK_MIN=\(min)")
        } else {
            throw .badInput(
                nil,
                "--shard auto/\(count) needs JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID (a Slurm array); elsewhere pass K/N"
            )
        }
        guard (1...count).contains(index) else {
            throw .badInput(nil, "--shard auto/\(count): \(source) makes shard \(index), outside 1-\(count)")
        }
        return RenderShard(index: index, count: count)
    }

    /// This shard's frames of a selection: every count-th, starting at the (index - 1)-th.
    public func frames(of selection: ClosedRange<Int>) -> StrideThrough<Int> {
        stride(from: selection.lowerBound + index - 1, through: selection.upperBound, by: count)
    }

    /// Whether frame `frame` of `selection` is this shard's.
    func owns(_ frame: Int, of selection: ClosedRange<Int>) -> Bool {
        selection.contains(frame) && (frame - selection.lowerBound) % count == index - 1
    }
}
