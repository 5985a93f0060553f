/// framegen's whole command line (render, attributes, golden, bench, sheet, showcase...), as a
/// library: the stock `framegen` executable is this call and nothing else, and a package of one's
/// own calls it from its `main.swift` to run the same commands (docs/uikit.md).
public enum FrameGenCommandLine {
    /// Parses the process's arguments, runs the command and exits with its status
    /// (docs/formats.md §3); never returns.
    public static func main() -> Never {
        FrameGen.runAsRoot()
    }
}
