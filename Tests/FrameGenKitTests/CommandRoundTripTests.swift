import Foundation
import FrameGenCodecs
import FrameGenRaster
import TestTiers
import Testing

/// The fast tier's command-line check: every command once through the built executable, on a
/// tiny scene, with its exit status and the file or text it promises. The heavy tier has the
/// commands' failure paths and the showcase.
@Suite struct CommandRoundTripTests {
    let root = NSTemporaryDirectory() + "framegen-commands-" + UUID().uuidString

    @Test func everyCommandRunsOnceFromTheExecutable() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/golden", withIntermediateDirectories: true)
        let scene = root + "/golden/tiny.yaml"
        try scrollingScene(seconds: 0.2).write(toFile: scene, atomically: true, encoding: .utf8)
        func run(_ arguments: String...) throws -> (status: Int32, stdout: String, stderr: String) {
            let result = try runFramegen(arguments)
            expect(result.status == 0, "framegen \(arguments.joined(separator: " ")): \(result.stderr)")
            return result
        }

        try expect(run("--version").stdout.split(separator: ".").count == 3)
        try expect(run("help", "render").stdout.contains("USAGE: framegen render"))
        try expect(run("layouts").stdout.contains("flow: UICollectionViewFlowLayout"))

        let frames = root + "/frames"
        _ = try run("render", scene, "-o", frames, "--progress", "none")
        let first = frames + "/frame_0000.png"
        try expect(PNG.decode(file: first).width == 40)
        try expect(run("image", "info", first).stdout.contains("RGB,"))
        _ = try run("render", scene, "-o", root + "/rgba", "--progress", "none", "--frames", "0", "--rgba")
        try expect(PNG.readInfo(file: root + "/rgba/frame_0000.png").colorType == .rgba)
        try expect(runFramegen(["render", scene, "-o", root + "/x", "--rgb", "--rgba"]).status == 2)
        try expect(run("image", "info", first).stdout.contains("40 x 40"))
        _ = try run("compare", first, first)
        _ = try run("image", "photos", root + "/photos", "--count", "2", "--size", "32x24", "--quality", "70")
        try expect(run("image", "info", root + "/photos/photo-002.jpg").stdout.contains("32 x 24 px, JPEG"))
        try expect(runFramegen(["image", "photos", root + "/photos", "--size", "4x4"]).status == 2)

        let attributes = root + "/attributes.json"
        _ = try run("attributes", scene, "--frame", "1", "-o", attributes)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: attributes)))
        expect(json is [String: Any])

        _ = try run("golden", "record", scene)
        try expect(
            try run("golden", "check", scene, "--artifacts", root + "/artifacts").stdout.contains("tiny.yaml")
        )

        let sheet = root + "/sheet.png"
        _ = try run("sheet", frames, "-o", sheet, "--count", "2")
        try expect(PNG.decode(file: sheet).width > 40)

        try expect(run("bench", scene, "--frames", "2", "--json").stdout.hasPrefix("["))

        // bench names the CPU paths its figures hold on; --isa caps them, FRAMEGEN_ISA too.
        let portable = try run("bench", scene, "--frames", "1", "--isa", "portable").stdout
        expect(portable.hasPrefix("isa: portable (cpu: "), "\(portable)")
        expect(
            portable.contains(
                "; png filter portable, deflate portable, decode portable, raster rows portable)\n"))
        var environment = ProcessInfo.processInfo.environment
        environment["FRAMEGEN_ISA"] = "sse2"
        let sse2 = try runFramegen(["bench", scene, "--frames", "1", "--json"], environment: environment)
        expect(sse2.status == 0 && sse2.stdout.contains("\"isa\": {\"level\": \"sse2\""), "\(sse2.stdout)")
        // An unknown level: bad input for bench (status 2, naming the levels), a warning elsewhere.
        let unknown = try runFramegen(["bench", scene, "--isa", "sse4.1"])
        expect(
            unknown.status == 2 && unknown.stderr.contains("portable, sse2, avx2, avx512"),
            "\(unknown.stderr)")
        environment["FRAMEGEN_ISA"] = "avx3"
        let badVariable = try runFramegen(["bench", scene, "--frames", "1"], environment: environment)
        expect(
            badVariable.status == 2
                && badVariable.stderr
                    == "framegen: FRAMEGEN_ISA=avx3 is none of portable, sse2, avx2, avx512\n"
        )
        let warned = try runFramegen(["attributes", scene, "--frame", "0"], environment: environment)
        expect(warned.status == 0 && warned.stdout.hasPrefix("{"))
        expect(
            warned.stderr.hasPrefix(
                "framegen: warning: FRAMEGEN_ISA=avx3 is none of portable, sse2, avx2, avx512")
                && warned.stderr.split(separator: "\n").count == 1, "\(warned.stderr)")
    }
}
