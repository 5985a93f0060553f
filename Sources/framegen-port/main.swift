import Foundation
import SourcePort

// The build-time port of an app's files (the FrameGenPort plugin runs it; docs/uikit.md, "Bring
// your app"): `framegen-port --log FILE ORIGINAL COPY [ORIGINAL COPY ...]` writes each ported
// copy, and the list of what it changed to the log. A copy whose text is unchanged is not
// written again, so that an edit to one app file recompiles only what it must.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("framegen-port: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var logPath: String?
if arguments.first == "--log" {
    guard arguments.count >= 2 else { fail("--log needs a file") }
    logPath = arguments[1]
    arguments.removeFirst(2)
}
guard arguments.count % 2 == 0 else { fail("expected pairs of an app file and its copy") }

var files: [SourcePort.File] = []
var copies: [String] = []
for pair in stride(from: 0, to: arguments.count, by: 2) {
    let original = arguments[pair]
    guard let data = FileManager.default.contents(atPath: original) else {
        fail("\(original): cannot read it (it is listed in the target's app-sources.txt)")
    }
    guard let text = String(data: data, encoding: .utf8) else { fail("\(original): not UTF-8 text") }
    files.append(SourcePort.File(path: original, text: text))
    copies.append(arguments[pair + 1])
}

var log = ""
for (ported, copy) in zip(SourcePort.port(files), copies) {
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
