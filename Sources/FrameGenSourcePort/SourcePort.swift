@_exported import FrameGenSourcePortValues
import SwiftParser
import SwiftSyntax

/// The port that Swift on Linux forces on a UIKit app's files, made on copies at build time so
/// that the app's own files stay byte for byte as they are (docs/uikit.md, "Bring your app").
///
/// Swift on Linux has no Objective-C runtime: it refuses `@objc`, `@objc optional` members,
/// `@IBOutlet`, `weak` in a protocol and `#selector`, and Apple's Clang submodules
/// (`import UIKit.UICollectionView`) do not exist. Each rewrite keeps the file's lines where they
/// were (an edit replaces text within a line, or removes it and leaves the space), so that a
/// compiler message about a ported copy names the original file and line (`#sourceLocation`).
/// What must be added (the defaults of optional members) goes after the file's last line.
///
/// The port sees all of a target's files at once: an optional member declared in one file is
/// called with `?(` and implemented in others.
/// FrameGenSourcePortValues has its values (`SourcePort.File`, `Ported`, `Change`).
extension SourcePort {
    /// Every file ported, in the order given. `mergedModules`: the app's modules whose files
    /// are compiled into this same target (`AppSources.mergedModules`), whose imports go.
    public static func port(_ files: [File], mergedModules: Set<String> = []) -> [Ported] {
        let trees = files.map { Parser.parse(source: $0.text) }
        var survey = Survey()
        survey.mergedModules = mergedModules
        for tree in trees { survey.walk(tree) }
        let rewriters = zip(files, trees).map { Rewriter(file: $0, tree: $1, survey: survey) }
        let moves = rewriters.flatMap(\.moves)
        return rewriters.map { $0.port(receiving: moves) }
    }
}
