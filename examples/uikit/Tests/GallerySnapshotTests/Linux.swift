// What a suite moved to Linux adds, in a file of its own so that the test files stay as iOS has
// them (docs/snapshot-testing.md): swift-snapshot-testing compiles its image strategies only for
// Apple platforms, and this import brings framegen's into the whole test target (exported, so that
// the library's types a test names, `ViewImageConfig`, are found in every file as
// `import SnapshotTesting` finds them on iOS); and a cell class the tests register by class says
// that framegen may make it by its class.
#if os(Linux)
    @_exported import FrameGenSnapshotTesting
    import GalleryLayouts
    import UIKit

    extension ProgressCell: ReusableViewByClass {}
#endif
