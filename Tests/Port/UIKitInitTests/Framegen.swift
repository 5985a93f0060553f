import Foundation
import Testing

/// Runs the `framegen` that `make test-port` builds beside the test bundle (`swift build
/// --product framegen`), whose `uikit init` finds the port's tool there too (SwiftPM's host copy,
/// `framegen-port-tool`, built for PortedAppTests' plugin).
func runFramegen(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let program = try #require(
        [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("framegen").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }, "framegen is not built")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    // Files, not pipes, so that neither fills while the other is read.
    let folder = NSTemporaryDirectory() + "framegen-run-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (out, err) = (folder + "/stdout", folder + "/stderr")
    for file in [out, err] { _ = FileManager.default.createFile(atPath: file, contents: nil) }
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
    try process.run()
    process.waitUntilExit()
    return (
        process.terminationStatus, try String(contentsOfFile: out, encoding: .utf8),
        try String(contentsOfFile: err, encoding: .utf8)
    )
}
