import Foundation
import FrameGenSourcePort

// The build-time port of an app's files (the FrameGenPort plugin runs it; docs/uikit.md, "Bring
// your app"): `framegen-port [--log FILE] [--list APP-SOURCES --package DIR] ORIGINAL COPY
// [ORIGINAL COPY ...]` writes each ported copy, and the list of what it changed to the log. A copy whose text is unchanged is not
// written again, so that an edit to one app file recompiles only what it must.
//
// `framegen-port scan REQUEST.json` and `framegen-port port REQUEST.json` answer PortTool's
// requests (FrameGenSourcePortValues) on standard output: the scan behind `framegen uikit init`, and the
// port of files given as JSON, for the command line and the tests, which do not link SwiftSyntax.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("framegen-port: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())

if arguments.count == 2, arguments[0] == "scan" || arguments[0] == "port" {
    let (mode, path) = (arguments[0], arguments[1])
    guard let request = FileManager.default.contents(atPath: path) else { fail("\(path): cannot read it") }
    let answer: Data
    do {
        if mode == "scan" {
            let asked = try JSONDecoder().decode(PortTool.ScanRequest.self, from: request)
            answer = try JSONEncoder().encode(
                PortTool.ScanReport(
                    scan: AppScan.scan(asked.sources),
                    testableImports: asked.tests.map { AppScan.testableImports([$0]) }))
        } else {
            let asked = try JSONDecoder().decode(PortTool.PortRequest.self, from: request)
            answer = try JSONEncoder().encode(
                SourcePort.port(
                    asked.files, mergedModules: asked.mergedModules, testedModule: asked.testedModule))
        }
    } catch {
        fail("\(path): \(error)")
    }
    FileHandle.standardOutput.write(answer)
    exit(0)
}
var logPath: String?
var listPath: String?
var packagePath: String?
while let option = arguments.first, option.hasPrefix("--") {
    guard arguments.count >= 2 else { fail("\(option) needs a value") }
    switch option {
    case "--log": logPath = arguments[1]
    case "--list": listPath = arguments[1]
    case "--package": packagePath = arguments[1]
    default: fail("unknown option \(option)")
    }
    arguments.removeFirst(2)
}
guard arguments.count % 2 == 0 else { fail("expected pairs of an app file and its copy") }

// What the list names now. SwiftPM planned this build from the list as it was when the package's
// folders last changed: a file no longer listed gets an empty copy; a file listed since cannot
// be compiled by this plan.
var listed: Set<String>?
var mergedModules: Set<String> = []
var testedModule: String?
if let listPath, let packagePath {
    guard let data = FileManager.default.contents(atPath: listPath),
        let text = String(data: data, encoding: .utf8)
    else { fail("\(listPath): cannot read it") }
    mergedModules = AppSources.mergedModules(listed: text)
    testedModule = AppSources.testedModule(listed: text)
    let now: [String]
    do { now = try AppSources.files(listed: text, list: listPath, package: packagePath) } catch {
        fail(error.description)
    }
    let planned = Set(stride(from: 0, to: arguments.count, by: 2).map { arguments[$0] })
    if let new = now.first(where: { !planned.contains($0) }) {
        fail(
            "\(new) is listed in \(listPath) (or is new in a folder it lists) since SwiftPM planned this build, and SwiftPM plans a build again only when the package's own folders change: build once with `swift build --disable-build-manifest-caching` (then as usual)"
        )
    }
    listed = Set(now)
}

var files: [SourcePort.File] = []
var copies: [String] = []
var dropped: [(original: String, copy: String)] = []
for pair in stride(from: 0, to: arguments.count, by: 2) {
    let original = arguments[pair]
    if let listed, !listed.contains(original) {
        dropped.append((original, arguments[pair + 1]))
        continue
    }
    guard let data = FileManager.default.contents(atPath: original) else {
        fail("\(original): cannot read it (it is listed in the target's app-sources.txt)")
    }
    guard let text = String(data: data, encoding: .utf8) else { fail("\(original): not UTF-8 text") }
    files.append(SourcePort.File(path: original, text: text))
    copies.append(arguments[pair + 1])
}
for (original, copy) in dropped {
    let note = Data(
        "// \(original): no longer listed in app-sources.txt, so nothing is compiled here.\n".utf8)
    if FileManager.default.contents(atPath: copy) != note {
        try? note.write(to: URL(fileURLWithPath: copy), options: .atomic)
    }
}

var log = ""
for (ported, copy) in zip(
    SourcePort.port(files, mergedModules: mergedModules, testedModule: testedModule), copies)
{
    let data = Data(ported.text.utf8)
    if FileManager.default.contents(atPath: copy) != data {
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: copy).deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: copy), options: .atomic)
        } catch {
            fail("\(copy): cannot write the ported copy: \(error.localizedDescription)")
        }
    }
    log += "\(ported.path) -> \(copy)\n"
    for change in ported.changes { log += "  line \(change.line): \(change.what)\n" }
}
if let logPath { try? Data(log.utf8).write(to: URL(fileURLWithPath: logPath), options: .atomic) }
