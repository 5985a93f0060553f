// A test file that imports this module has swift-snapshot-testing's API with it, as
// `import SnapshotTesting` gives it on iOS.
@_exported import SnapshotTesting
