import Foundation

/// The `framegen-port` tool, asked for what needs a Swift parser: the scan behind `uikit init`
/// and the port itself. Only that tool links SwiftSyntax, so that the command line, the showcase
/// and the libraries a suite links build without it (README, "Start-up"); a request and its
/// answer cross as JSON files.
public struct PortTool: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// What `framegen-port scan` is asked: the app's files and the test files that may be its.
    public struct ScanRequest: Codable, Sendable {
        public var sources: [SourcePort.File]
        public var tests: [SourcePort.File]
    }

    /// What `framegen-port port` is asked: the files, and what a target's `app-sources.txt` would
    /// say of them (`AppSources.mergedModulesPrefix`, `AppSources.testedModulePrefix`).
    public struct PortRequest: Codable, Sendable {
        public var files: [SourcePort.File]
        public var mergedModules: Set<String>
        public var testedModule: String?
    }

    /// What it answers: the scan of the app's files, and for each test file in the order given
    /// the modules it imports with `@testable` (the app's module, as its Xcode target names it).
    public struct ScanReport: Codable, Sendable {
        public var scan: AppScan
        public var testableImports: [[String]]
        public init(scan: AppScan, testableImports: [[String]]) {
            self.scan = scan
            self.testableImports = testableImports
        }
    }

    /// The tool did not answer: it could not be started, it failed, or its answer was not JSON.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) {
            self.description = description
        }
    }

    /// The names the tool has in a build folder: the product's own, and SwiftPM's host copy
    /// (`NAME-tool`), which a build that runs the FrameGenPort plugin makes.
    public static let names = ["framegen-port", "framegen-port-tool"]

    /// The first of `names` in the first of `folders` that has one.
    public static func find(in folders: [String]) -> PortTool? {
        for folder in folders {
            for name in names {
                let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
                if FileManager.default.isExecutableFile(atPath: path) { return PortTool(path: path) }
            }
        }
        return nil
    }

    public func scan(sources: [SourcePort.File], tests: [SourcePort.File]) throws(Failure) -> ScanReport {
        try ask("scan", ScanRequest(sources: sources, tests: tests))
    }

    /// Every file ported, in the order given, as `SourcePort.port(_:mergedModules:testedModule:)`
    /// ports them.
    public func port(_ files: [SourcePort.File], mergedModules: Set<String> = [], testedModule: String? = nil)
        throws(Failure) -> [SourcePort.Ported]
    {
        try ask("port", PortRequest(files: files, mergedModules: mergedModules, testedModule: testedModule))
    }

    /// Runs `TOOL MODE REQUEST.json`, which writes its answer to standard output.
    private func ask<Request: Encodable, Answer: Decodable>(_ mode: String, _ request: Request)
        throws(Failure)
        -> Answer
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "framegen-port-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let requestFile = folder.appendingPathComponent("request.json")
        let answerFile = folder.appendingPathComponent("answer.json")
        let errorFile = folder.appendingPathComponent("errors.txt")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try JSONEncoder().encode(request).write(to: requestFile)
            _ = FileManager.default.createFile(atPath: answerFile.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        } catch {
            throw Failure(description: "\(folder.path): cannot write the port tool's request: \(error)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [mode, requestFile.path]
        // Files, not pipes: a large answer cannot fill a pipe that nobody reads yet.
        do {
            process.standardOutput = try FileHandle(forWritingTo: answerFile)
            process.standardError = try FileHandle(forWritingTo: errorFile)
            try process.run()
        } catch {
            throw Failure(description: "\(path): cannot run it: \(error)")
        }
        process.waitUntilExit()
        let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(
                description:
                    "\(path) \(mode) failed (status \(process.terminationStatus)): \(errors.trimmingCharacters(in: .whitespacesAndNewlines))"
            )
        }
        do {
            return try JSONDecoder().decode(Answer.self, from: Data(contentsOf: answerFile))
        } catch {
            throw Failure(description: "\(path) \(mode): its answer is not what was asked: \(error)")
        }
    }
}
