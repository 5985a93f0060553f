// `import FBSnapshotTestCase`, the library's name before Uber took it over and renamed it
// iOSSnapshotTestCase (version 3, 2018): suites of either era compile unchanged.
@_exported import iOSSnapshotTestCase
