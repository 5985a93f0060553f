import Foundation
import FrameGenCodecs
import FrameGenLayout
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenScene
@testable import FrameGenTools

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The repository's golden folder, found from this file so the test runs from any folder.
private let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("golden").path

/// A temporary golden folder with its own artifacts folder beside it.
struct GoldenSandbox {
    let root = NSTemporaryDirectory() + "framegen-golden-" + UUID().uuidString
    var dir: String { root + "/golden" }
    var artifacts: String { root + "/artifacts" }
    var options: GoldenTool.Options { GoldenTool.Options(artifacts: artifacts, jobs: 2) }

    init() throws {
        try FileManager.default.createDirectory(atPath: root + "/golden", withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
    }

    func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
}

/// A 40 x 40 pt flow scene scrolling for `seconds` at 10 fps, with extra top-level YAML.
func scrollingScene(seconds: Double, background: String = "#2B2B2B", extra: String = "") -> String {
    """
    canvas: {width: 40, height: 40, scale: 1, background: "\(background)"}
    fps: 10
    content: {items: 12}
    layout: {type: flow, itemSize: [15, 15]}
    cell: {background: "#D9D9D9"}
    timeline:
      - scroll: {to: [0, 40], duration: \(seconds)}
    \(extra)
    """
}

/// The scene files of the repository's golden folder.
func goldenScenes() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: goldenFolder).filter {
        $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json")
    }.sorted()
}

extension TimelineAction.Kind {
    /// The action's key in a scene file; a switch, so a new kind of action must be named here
    /// (and then covered by a golden scene).
    var sceneKey: String {
        switch self {
        case .wait: "wait"
        case .scroll: "scroll"
        case .drag: "drag"
        case .fling: "fling"
        case .rotate: "rotate"
        case .delete: "delete"
        case .insert: "insert"
        case .move: "move"
        case .tap: "tap"
        case .pinch: "pinch"
        case .set: "set"
        }
    }
}

func frameNames(_ range: some Sequence<Int>) -> [String] {
    range.map { "frame_" + String(repeating: "0", count: 4 - String($0).count) + String($0) + ".png" }
}

@Suite struct GoldenTests {
    /// Checks the reviewed references of `scenes` (paths in the golden folder) or of the whole
    /// folder: every scene checked, no frame failing, no artifact left behind.
    func expectReferencesMatch(_ scenes: [String]?) throws {
        let artifacts = NSTemporaryDirectory() + "framegen-golden-artifacts-" + UUID().uuidString
        let paths = scenes.map { $0.map { goldenFolder + "/" + $0 } } ?? [goldenFolder]
        let report = GoldenTool.check(paths, options: .init(artifacts: artifacts))
        expect(report.failures.isEmpty, "\(report.failures)")
        // Frame counts are the scenes' business; every reference matching is this test's.
        for scene in try scenes ?? goldenScenes() {
            expect(report.output.contains("\(goldenFolder)/\(scene): "), "\(scene) was not checked")
        }
        expect(!report.output.contains(" 0 of "))
        expect(!FileManager.default.fileExists(atPath: artifacts))
    }

    /// The fast tier's one golden scene: a rotation, so layout, timeline and compositor all play.
    @Test func oneReviewedGoldenSceneStillMatches() throws {
        try expectReferencesMatch(["album-rotate.yaml"])
    }

    @Test(.heavy, .tags(.heavy)) func reviewedGoldenFramesStillMatch() throws {
        try expectReferencesMatch(nil)
    }

    /// The suite pins down every built-in layout and every kind of timeline action, so a change
    /// to any of them shows up as a golden difference.
    @Test func theGoldenScenesCoverEveryLayoutAndEveryKindOfAction() throws {
        var layouts = Set<String>()
        var actions = Set<String>()
        var paging = false
        for name in try goldenScenes() {
            let scene = try Scene.load(goldenFolder + "/" + name)
            for view in scene.views {
                layouts.insert(view.layoutType)
                paging = paging || view.pagingEnabled
            }
            for action in scene.timeline { actions.insert(action.kind.sceneKey) }
        }
        expect(layouts == Set(LayoutRegistry.builtIn.map(\.type)))
        expect(
            actions.isSuperset(of: [
                "scroll", "drag", "fling", "rotate", "delete", "insert", "move", "tap", "pinch", "set",
            ]), "\(actions)")
        expect(paging)
    }

    @Test func recordThenCheckPassesAndLeavesNothingBehind() throws {
        let box = try GoldenSandbox()
        defer { box.remove() }
        try box.write("scroll.yaml", scrollingScene(seconds: 0.5))
        let frames = try GoldenTool.load(box.dir + "/scroll.yaml").source.frameCount
        expect(frames == 6)
        let recorded = GoldenTool.record([box.dir], options: box.options)
        expect(recorded.kind == nil)
        expect(
            recorded.output
                == "\(box.dir)/scroll.yaml: 6 reference frames in \(box.dir)/scroll/ (6 written, 0 unchanged)\n"
                + "Look at every new reference before committing it.\n"
        )
        expect(box.files(box.dir + "/scroll") == frameNames(0..<6))
        // No manifest, no temporary files.
        expect(box.files(box.dir) == ["scroll", "scroll.yaml"])
        let again = GoldenTool.record([box.dir], options: box.options)
        expect(
            again.output
                == "\(box.dir)/scroll.yaml: 6 reference frames in \(box.dir)/scroll/ (0 written, 6 unchanged)\n"
        )
        // An earlier failing run's artifacts are cleared by a pass.
        try FileManager.default.createDirectory(atPath: box.artifacts, withIntermediateDirectories: true)
        try "".write(
            toFile: box.artifacts + "/" + GoldenTool.artifactsMarker, atomically: true, encoding: .utf8)
        let check = GoldenTool.check([box.dir], options: box.options)
        expect(check.kind == nil && check.failures.isEmpty)
        expect(check.output == "\(box.dir)/scroll.yaml: 6 of 6 reference frames match\n")
        expect(!box.exists(box.artifacts))
        expect(box.files(box.dir) == ["scroll", "scroll.yaml"])
        // Only what a check wrote is removed: a user's own file there stays, with its folders.
        try FileManager.default.createDirectory(
            atPath: box.artifacts + "/scroll", withIntermediateDirectories: true)
        for name in [
            GoldenTool.artifactsMarker, "junit.xml", "scroll/frame_0000-diff.png", "scroll/mine.png",
        ] {
            try "x".write(toFile: box.artifacts + "/" + name, atomically: true, encoding: .utf8)
        }
        expect(GoldenTool.check([box.dir], options: box.options).kind == nil)
        expect(
            box.files(box.artifacts) == ["scroll"] && box.files(box.artifacts + "/scroll") == ["mine.png"])
    }

    @Test func aCorruptedReferenceFailsWithArtifactsAndAJUnitFileThatParses() throws {
        let box = try GoldenSandbox()
        defer { box.remove() }
        try box.write("scroll.yaml", scrollingScene(seconds: 0.3))
        _ = GoldenTool.record([box.dir], options: box.options)
        // Frame 2: a 3 x 3 block painted red. Frame 3: bytes that are no PNG.
        let f2 = box.dir + "/scroll/frame_0002.png"
        var image = try PNG.decodeStraight(file: f2)
        for y in 10..<13 {
            for x in 20..<23 {
                let i = (y * image.width + x) * 4
                (image.rgba[i], image.rgba[i + 1], image.rgba[i + 2]) = (255, 0, 0)
            }
        }
        try PNG.write(image, to: f2)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: box.dir + "/scroll/frame_0003.png"))

        let report = GoldenTool.check([box.dir], options: box.options)
        // The unreadable reference is bad input (2), over the difference (1).
        expect(report.kind == .badInput)
        expect(report.failures.map(\.file) == [f2, box.dir + "/scroll/frame_0003.png"])
        expect(report.failures[0].kind == .difference)
        expect(
            report.failures[0].message.hasPrefix("the new render differs: 9 of 1600 pixels differ (0.56%)"))
        expect(report.failures[0].message.contains("in x 20...22 y 10...12"))
        expect(report.failures[0].message.hasSuffix("'framegen golden record \(box.dir)/scroll.yaml'"))
        expect(report.failures[1].message.hasPrefix("unreadable reference: "))
        expect(report.output.contains("scroll.yaml: 2 of 4 reference frames match"))
        let a = box.artifacts
        expect(
            box.files(a + "/scroll")
                == [
                    "frame_0002-actual.png", "frame_0002-diff.png", "frame_0002-expected.png",
                    "frame_0002-side-by-side.png", "frame_0003-actual.png",
                ])
        let diff = try PNG.decodeStraight(file: a + "/scroll/frame_0002-diff.png")
        var red = 0
        for y in 0..<40 { for x in 0..<40 where diff[x, y] == Color(r: 255, g: 0, b: 0) { red += 1 } }
        expect(red == 9)
        try expect(PNG.decodeStraight(file: a + "/scroll/frame_0002-expected.png") == image)
        expect(box.exists(a + "/index.html"))
        let html = try String(contentsOfFile: a + "/index.html", encoding: .utf8)
        expect(html.contains("scroll/frame_0002-diff.png") && html.contains("9 of 1600 pixels differ"))

        let xml = try XMLDocument(contentsOf: URL(fileURLWithPath: a + "/junit.xml"))
        let root = try #require(xml.rootElement())
        expect(root.name == "testsuites")
        expect(root.attribute(forName: "tests")?.stringValue == "4")
        expect(root.attribute(forName: "failures")?.stringValue == "2")
        let cases = try xml.nodes(forXPath: "//testcase")
        expect(cases.count == 4)
        let failures = try xml.nodes(forXPath: "//testcase/failure")
        expect(failures.count == 2)
        expect((failures[0] as? XMLElement)?.attribute(forName: "type")?.stringValue == "differs")

        // Nothing was written into the golden folder.
        expect(box.files(box.dir) == ["scroll", "scroll.yaml"])
        expect(box.files(box.dir + "/scroll") == frameNames(0..<4))
    }

    @Test func aShortenedSceneFailsOnItsExtraReferencesAndRecordRemovesThem() throws {
        let box = try GoldenSandbox()
        defer { box.remove() }
        try box.write("scroll.yaml", scrollingScene(seconds: 1.2))
        _ = GoldenTool.record([box.dir], options: box.options)
        expect(box.files(box.dir + "/scroll") == frameNames(0..<13))
        // The animation gets shorter: 7 frames, and the first 7 render differently too.
        try box.write("scroll.yaml", scrollingScene(seconds: 0.6))
        let check = GoldenTool.check([box.dir], options: box.options)
        expect(check.kind == .difference)
        let extra = check.failures.filter { $0.message.hasPrefix("extra reference") }
        expect(extra.map(\.file) == frameNames(7..<13).map { box.dir + "/scroll/" + $0 })
        expect(
            extra[0].message
                == "extra reference: frame 7, and the scene now has 7 frames (0-6); remove it with 'framegen golden record \(box.dir)/scroll.yaml'"
        )
        let record = GoldenTool.record([box.dir + "/scroll.yaml"], options: box.options)
        expect(record.output.contains("(6 written, 1 unchanged, 6 extra removed)\n"))
        expect(box.files(box.dir + "/scroll") == frameNames(0..<7))
        expect(GoldenTool.check([box.dir], options: box.options).kind == nil)
    }

    @Test func recordMissingWritesOnlyWhatIsAbsent() throws {
        let box = try GoldenSandbox()
        defer { box.remove() }
        try box.write("scroll.yaml", scrollingScene(seconds: 0.3))
        _ = GoldenTool.record([box.dir], options: box.options)
        let folder = box.dir + "/scroll"
        try FileManager.default.removeItem(atPath: folder + "/frame_0001.png")
        try FileManager.default.removeItem(atPath: folder + "/frame_0003.png")
        // A reviewed reference that no longer matches must stay as it is.
        let kept = try Data(contentsOf: URL(fileURLWithPath: folder + "/frame_0000.png"))
        try box.write("scroll.yaml", scrollingScene(seconds: 0.3, background: "#FFFFFF"))
        try "x".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)

        let check = GoldenTool.check([box.dir], options: box.options)
        let missing = check.failures.filter { $0.message.hasPrefix("missing reference") }
        expect(missing.map(\.file) == [folder + "/frame_0001.png", folder + "/frame_0003.png"])
        expect(
            missing[0].message.hasSuffix(
                "add it with 'framegen golden record --missing \(box.dir)/scroll.yaml'"))

        var options = box.options
        options.missingOnly = true
        let record = GoldenTool.record([box.dir], options: options)
        expect(record.output.contains("(2 missing written, 2 already there)"))
        expect(box.files(folder) == frameNames(0..<4) + ["notes.txt"])
        try expect(Data(contentsOf: URL(fileURLWithPath: folder + "/frame_0000.png")) == kept)
        // A render manifest is an extra reference; notes are the user's and not looked at.
        try "{}".write(toFile: folder + "/framegen-manifest.json", atomically: true, encoding: .utf8)
        let after = GoldenTool.check([box.dir], options: box.options)
        expect(
            after.failures.map(\.file) == [
                folder + "/frame_0000.png", folder + "/frame_0002.png", folder + "/framegen-manifest.json",
            ])
        _ = GoldenTool.record([box.dir], options: box.options)
        expect(box.files(folder) == frameNames(0..<4) + ["notes.txt"])
    }

    @Test func noReferenceSetIsBadInputNamingTheRecordCommand() throws {
        let box = try GoldenSandbox()
        defer { box.remove() }
        try box.write("scroll.yaml", scrollingScene(seconds: 0.3))
        let report = GoldenTool.check([box.dir], options: box.options)
        expect(report.kind == .badInput)
        expect(report.failures.count == 1)
        expect(report.failures[0].file == box.dir + "/scroll/")
        expect(
            report.failures[0].message.hasPrefix(
                "no reference frames recorded for \(box.dir)/scroll.yaml; record them with 'framegen golden record \(box.dir)/scroll.yaml'"
            ))
        // The renders to review are in the artifacts.
        expect(
            box.files(box.artifacts + "/scroll")
                == frameNames(0..<4).map { $0.replacingOccurrences(of: ".png", with: "-actual.png") })
        expect(!box.exists(box.dir + "/scroll"))
    }

    @Test func aSingleSceneAndJSONScenesWork() throws {
        let box = try GoldenSandbox()
        defer { box.remove() }
        try box.write("one.yaml", scrollingScene(seconds: 0.2))
        try box.write(
            "two.json",
            """
            {"canvas": {"width": 30, "height": 30, "scale": 1}, "content": {"items": 3},
             "layout": {"type": "flow", "itemSize": [10, 10]}, "golden": {"threshold": 0.2}}
            """)
        let single = GoldenTool.record([box.dir + "/two.json"], options: box.options)
        expect(
            single.kind == nil && single.output.hasPrefix("\(box.dir)/two.json: 1 reference frames"))
        expect(box.files(box.dir) == ["one.yaml", "two", "two.json"])
        expect(GoldenTool.check([box.dir + "/two.json"], options: box.options).kind == nil)
        // The folder as a whole: one.yaml has none yet.
        let all = GoldenTool.check([box.dir], options: box.options)
        expect(all.kind == .badInput && all.failures.map(\.file) == [box.dir + "/one/"])
        expect(all.output.contains("two.json: 1 of 1 reference frames match"))
        let bad = GoldenTool.check([box.dir + "/nothing.yaml"], options: box.options)
        expect(bad.kind == .badInput && bad.failures[0].message == "no such scene or folder")
    }

    @Test func attributeFilesAreGoldenScenesToo() throws {
        let box = try GoldenSandbox()
        defer { box.remove() }
        try box.write("source.yml", scrollingScene(seconds: 0.2))
        _ = try AttributesTool.run(
            scene: box.root + "/golden/source.yml", selection: .all, output: box.root + "/dump.json")
        try FileManager.default.removeItem(atPath: box.dir + "/source.yml")
        try FileManager.default.moveItem(atPath: box.root + "/dump.json", toPath: box.dir + "/dump.json")
        expect(GoldenTool.record([box.dir], options: box.options).kind == nil)
        expect(box.files(box.dir + "/dump") == frameNames(0..<3))
        let check = GoldenTool.check([box.dir], options: box.options)
        expect(
            check.kind == nil
                && check.output == "\(box.dir)/dump.json: 3 of 3 reference frames match\n")
    }

    @Test func frameSubsetsAndPerSceneTolerance() throws {
        let box = try GoldenSandbox()
        defer { box.remove() }
        try box.write("list.yaml", scrollingScene(seconds: 1, extra: "golden: {frames: [0, 4, 10]}"))
        try box.write("every.yaml", scrollingScene(seconds: 1, extra: "golden: {every: 4}"))
        _ = GoldenTool.record([box.dir], options: box.options)
        expect(box.files(box.dir + "/list") == frameNames([0, 4, 10]))
        // Every 4th frame, and the last (the settled state).
        expect(box.files(box.dir + "/every") == frameNames([0, 4, 8, 10]))
        let ok = GoldenTool.check([box.dir], options: box.options)
        expect(ok.output.contains("list.yaml: 3 of 3 reference frames match (golden.frames of 11)"))
        // A subset's other frames are extra references.
        try FileManager.default.copyItem(
            atPath: box.dir + "/list/frame_0000.png", toPath: box.dir + "/list/frame_0001.png")
        let extra = GoldenTool.check([box.dir + "/list.yaml"], options: box.options)
        expect(
            extra.failures.map(\.message) == [
                "extra reference: frame 1 is not among the scene's golden frames; remove it with 'framegen golden record \(box.dir)/list.yaml'"
            ])
        try FileManager.default.removeItem(atPath: box.dir + "/list/frame_0001.png")

        // Changing a few pixels of a reference: fails by default, passes with the scene's allowance,
        // and the command line has the last word.
        let f = box.dir + "/list/frame_0004.png"
        var image = try PNG.decodeStraight(file: f)
        for x in 0..<3 { image.rgba[(5 * 40 + x * 2) * 4 + 1] = 0 }
        try PNG.write(image, to: f)
        expect(GoldenTool.check([box.dir + "/list.yaml"], options: box.options).kind == .difference)
        try box.write(
            "list.yaml", scrollingScene(seconds: 1, extra: "golden: {frames: [0, 4, 10], maxDiffPixels: 3}"))
        expect(GoldenTool.check([box.dir + "/list.yaml"], options: box.options).kind == nil)
        var strict = box.options
        strict.tolerance = ToleranceOverride(allowance: .pixels(2))
        expect(GoldenTool.check([box.dir + "/list.yaml"], options: strict).kind == .difference)
        strict.tolerance = ToleranceOverride(threshold: 1)
        try box.write("list.yaml", scrollingScene(seconds: 1, extra: "golden: {frames: [0, 4, 10]}"))
        expect(GoldenTool.check([box.dir + "/list.yaml"], options: strict).kind == nil)

        try box.write("list.yaml", scrollingScene(seconds: 1, extra: "golden: {frames: [0, 11]}"))
        let invalid = GoldenTool.check([box.dir + "/list.yaml"], options: box.options)
        expect(invalid.kind == .badInput)
        expect(invalid.failures[0].description.contains("golden.frames[1]"))
    }

    @Test func staleReferenceFoldersFailCheckAndRecordRemovesThem() throws {
        let box = try GoldenSandbox()
        defer { box.remove() }
        // keep.yaml reads its photos from golden/photos/, numbered like frames: not stale.
        try FileManager.default.createDirectory(
            atPath: box.dir + "/photos", withIntermediateDirectories: true)
        for i in 1...2 {
            try PNG.write(
                StraightImage(width: 3, height: 2, rgba: [UInt8](repeating: 200, count: 24))!,
                to: box.dir + "/photos/IMG_000\(i).png")
        }
        // Loose images that are no numbered sequence are not references either.
        try FileManager.default.createDirectory(atPath: box.dir + "/misc", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: box.dir + "/photos/IMG_0001.png", toPath: box.dir + "/misc/logo.png")
        try box.write(
            "keep.yaml",
            scrollingScene(seconds: 0.1, extra: "").replacingOccurrences(
                of: "content: {items: 12}", with: "content: {items: 12, images: ./photos/}"))
        try box.write("gone.yaml", scrollingScene(seconds: 0.1))
        _ = GoldenTool.record([box.dir], options: box.options)
        try FileManager.default.removeItem(atPath: box.dir + "/gone.yaml")
        let check = GoldenTool.check([box.dir], options: box.options)
        expect(check.kind == .difference)
        expect(check.failures.map(\.file) == [box.dir + "/gone/"])
        expect(check.failures[0].message.hasSuffix("remove them with 'framegen golden record \(box.dir)'"))
        // Checking one scene says nothing about the folder's other references.
        expect(GoldenTool.check([box.dir + "/keep.yaml"], options: box.options).kind == nil)
        // An artifacts folder inside the golden folder is not taken for stale references.
        var inside = box.options
        inside.artifacts = box.dir + "/artifacts"
        let failing = GoldenTool.check([box.dir], options: inside)
        expect(failing.failures.map(\.file) == [box.dir + "/gone/"])
        try FileManager.default.copyItem(
            atPath: box.dir + "/keep/frame_0000.png", toPath: box.dir + "/artifacts/frame_0000-actual.png")
        let record = GoldenTool.record([box.dir], options: box.options)
        expect(record.kind == nil)
        expect(record.output.contains("\(box.dir)/gone/: removed"))
        expect(box.exists(box.dir + "/artifacts/frame_0000-actual.png"))
        try FileManager.default.removeItem(atPath: box.dir + "/artifacts")
        expect(box.files(box.dir) == ["keep", "keep.yaml", "misc", "photos"])
        expect(box.files(box.dir + "/photos") == ["IMG_0001.png", "IMG_0002.png"])
    }

    @Test(.heavy, .tags(.heavy)) func theExecutableReportsOneLinePerFailureWithTheStatus() throws {
        let box = try GoldenSandbox()
        defer { box.remove() }
        try box.write("scroll.yaml", scrollingScene(seconds: 0.3))
        let none = try runFramegen(["golden", "check", box.dir, "--artifacts", box.artifacts])
        expect(none.status == 2)
        expect(none.stderr.split(separator: "\n").count == 1)
        expect(none.stderr.hasPrefix("framegen: \(box.dir)/scroll/: no reference frames recorded"))
        let record = try runFramegen(["golden", "record", box.dir + "/scroll.yaml"])
        expect(record.status == 0 && record.stdout.contains("4 written"))
        try box.write("scroll.yaml", scrollingScene(seconds: 0.3, background: "#FFFFFF"))
        let differ = try runFramegen([
            "golden", "check", box.dir, "--artifacts", box.artifacts, "--jobs", "1",
        ])
        expect(differ.status == 1)
        expect(differ.stderr.split(separator: "\n").count == 4)
        expect(
            differ.stderr.hasPrefix("framegen: \(box.dir)/scroll/frame_0000.png: the new render differs: "))
        expect(differ.stdout.contains("artifacts: \(box.artifacts)/index.html"))
        try expect(
            try runFramegen(["golden", "check", box.dir, "--artifacts", box.artifacts, "--threshold", "1"])
                .status == 0)
        expect(!box.exists(box.artifacts))
        try expect(runFramegen(["golden", "check", "--missing", box.dir]).status == 2)
        try expect(runFramegen(["golden", "check", box.dir, "--threshold", "2"]).status == 2)
    }
}
