import FrameGenRender
import FrameGenUIKit
import FrameGenUIKitHost
import Layout

#if canImport(Glibc)
    import Glibc
#endif

/// framegen's whole command line (render, attributes, golden, bench, sheet, showcase...), as a
/// library: the stock `framegen` executable is `FrameGenCommandLine.main()`, and a package of
/// one's own calls it from its `main.swift` with its own layouts, which its scenes then name
/// (`layout: {type: cards}`) as they name the built-in ones (docs/uikit.md).
public enum FrameGenCommandLine {
    /// Parses the process's arguments, runs the command and exits with its status
    /// (docs/formats.md §3); never returns.
    ///
    /// - Parameters:
    ///   - layouts: UIKit layouts by the name scenes give them; each factory makes the layout for
    ///     a new collection view and may set the view's delegate.
    ///   - cells: cell classes by the name scenes give them (`layout: {type: wheel, cell:
    ///     wheel-cell}`), each a factory (`{ WheelCell(frame: $0) }`, docs/uikit.md "Cells");
    ///     every layout of `layouts` can draw its items with them.
    ///   - collectionViews: collection view subclasses of the program's, by the name of the
    ///     layout whose view each makes (`["gemini": { GeminiCollectionView(frame: $0,
    ///     collectionViewLayout: $1) }]`, docs/uikit.md "Your own collection view"); a layout
    ///     without one gets a plain `UICollectionView`.
    ///   - descriptors: layouts written against framegen's own `CollectionViewLayout` protocol.
    public static func main(
        layouts: [String: UIKitLayout.Factory] = [:], cells: [String: UICollectionViewCellFactory] = [:],
        collectionViews: [String: UIKitLayout.CollectionViewFactory] = [:],
        descriptors: [LayoutDescriptor] = []
    ) -> Never {
        let uikit: [LayoutDescriptor]
        do {
            uikit = try UIKitLayout.descriptors(
                layouts: layouts, cells: cells, collectionViews: collectionViews)
        } catch {
            FrameGen.fail(.badInput(nil, error.message))
        }
        let own = uikit + descriptors
        if let clash = LayoutRegistry.firstClash(own) {
            FrameGen.fail(
                .badInput(
                    nil,
                    "this program registers the layout type \"\(clash)\" twice or under a built-in type's name; give it a name of its own (see 'framegen layouts')"
                ))
        }
        if !layouts.isEmpty { LayoutCrash.install() }
        // Frames drawn by another build of this program's code are not this render's.
        ProgramIdentity.includesProgram = !own.isEmpty
        ProgramLayouts.$all.withValue(LayoutRegistry.builtIn + own) {
            FrameGen.runAsRoot()
        }
    }

    /// `main` for cell factories kept in a dictionary whose values make one class
    /// (`[String: (CGRect) -> UICollectionViewCell]`): `UICollectionViewCellFactories` says why.
    public static func main<View: UICollectionReusableView>(
        layouts: [String: UIKitLayout.Factory] = [:], cells: [String: (CGRect) -> View],
        collectionViews: [String: UIKitLayout.CollectionViewFactory] = [:],
        descriptors: [LayoutDescriptor] = []
    ) -> Never {
        main(
            layouts: layouts, cells: UICollectionViewCellFactories.wrapping(cells),
            collectionViews: collectionViews,
            descriptors: descriptors)
    }

    public static func main<View: UICollectionReusableView>(
        layouts: [String: UIKitLayout.Factory] = [:], cells: [String: @Sendable (CGRect) -> View],
        collectionViews: [String: UIKitLayout.CollectionViewFactory] = [:],
        descriptors: [LayoutDescriptor] = []
    ) -> Never {
        main(
            layouts: layouts, cells: UICollectionViewCellFactories.wrapping(cells),
            collectionViews: collectionViews,
            descriptors: descriptors)
    }
}

/// The layout types this program's scenes may name: the built-in ones, then those given to
/// `FrameGenCommandLine.main`. Bound for the whole run, read by the commands.
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
