import FrameGenLayout
import FrameGenRender
import FrameGenScene
import FrameGenUserCode

#if canImport(Glibc)
    import Glibc
#endif

/// framegen's whole command line (render, attributes, golden, bench, sheet, showcase...), as a
/// library, without the UIKit surface: the stock `framegen` executable is
/// `FrameGenCommands.main()`, which draws the built-in layouts and links none of framegen's
/// UIKit, so that it builds in half the time (README, "Start-up"). A program with UIKit layouts
/// of its own calls `FrameGenCommandLine.main(layouts:cells:)`, which registers them and calls
/// this.
public enum FrameGenCommands {
    /// Parses the process's arguments, runs the command and exits with its status
    /// (docs/formats.md §3); never returns.
    ///
    /// - Parameters:
    ///   - descriptors: the program's own layouts, which its scenes name (`layout: {type: cards}`)
    ///     as they name the built-in ones.
    ///   - runsUserCode: the layouts call a program's UIKit code, whose traps the command line
    ///     reports as bad input, naming the layout and the call (docs/uikit.md "Bad input").
    public static func main(descriptors own: [LayoutDescriptor] = [], runsUserCode: Bool = false) -> Never {
        if let clash = LayoutRegistry.firstClash(own) {
            FrameGen.fail(
                .badInput(
                    nil,
                    "this program registers the layout type \"\(clash)\" twice or under a built-in type's name; give it a name of its own (see 'framegen layouts')"
                ))
        }
        if runsUserCode { LayoutCrash.install() }
        // Frames drawn by another build of this program's code are not this render's.
        ProgramIdentity.includesProgram = !own.isEmpty
        ProgramLayouts.$all.withValue(LayoutRegistry.builtIn + own) {
            FrameGen.runAsRoot()
        }
    }

    /// Prints the problem as every command does (`framegen: ...` on standard error) and exits
    /// with its status.
    public static func fail(_ error: FrameGenError) -> Never {
        FrameGen.fail(error)
    }
}

/// The layout types this program's scenes may name: the built-in ones, then those given to
/// `FrameGenCommands.main`. Bound for the whole run, read by the commands.
enum ProgramLayouts {
    @TaskLocal static var all: [LayoutDescriptor] = LayoutRegistry.builtIn
}

/// A user's layout that traps (a force unwrap of nil, an index out of range) ends the process as
/// any Swift program does, after Swift's own message; the handler adds which layout and which
/// call, and exits with status 2, bad input (docs/uikit.md "Bad input"). A crash anywhere else
/// is framegen's own bug and keeps the signal's default behaviour. The handler runs on the
/// thread's alternate stack (`CrashReport` gives each thread that runs user code one), so that a
/// stack overflow, which leaves no stack to run it on, is reported too.
enum LayoutCrash {
    static func install() {
        var action = sigaction()
        action.sa_flags = SA_ONSTACK
        action.__sigaction_handler.sa_handler = { signal in
            if CrashReport.inUserCode {
                if signal == SIGSEGV || signal == SIGBUS {
                    CrashReport.write(prefix: "framegen: crashed (a stack overflow or a bad memory access): ")
                } else {
                    CrashReport.write(prefix: "framegen: crashed: ")
                }
                _exit(ExitStatus.badInput.rawValue)
            }
            Glibc.signal(signal, SIG_DFL)
            raise(signal)
        }
        for s in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT] { sigaction(s, &action, nil) }
    }
}
