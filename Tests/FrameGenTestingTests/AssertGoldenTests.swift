import Foundation
import FrameGenCodecs
import FrameGenGeometry
import FrameGenKit
import FrameGenLayout
import FrameGenRaster
import FrameGenTesting
import TestTiers
import Testing

/// The example package's test folder (docs/library.md).
private let exampleTests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("examples/library/Tests/GalleryTests").path

private struct Sandbox {
    let root = NSTemporaryDirectory() + "framegen-testing-" + UUID().uuidString
    var refs: String { root + "/__Golden__/Suite" }
    var artifacts: String { root + "/artifacts" }
    init() throws { try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true) }
    func remove() { try? FileManager.default.removeItem(atPath: root) }
    func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
    /// The example's album scene with `edit` applied to its text.
    func scene(_ edit: (String) -> String = { $0 }) throws -> String {
        let text = try String(contentsOfFile: exampleTests + "/scenes/album.yaml", encoding: .utf8)
        try edit(text).write(toFile: root + "/album.yaml", atomically: true, encoding: .utf8)
        return root + "/album.yaml"
    }
}

@Test(.heavy, .tags(.heavy)) func theExampleAssertionFailsOnAChangedScene() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let references = exampleTests + "/__Golden__/GalleryTests"
    // Only this assertion's files: the example's other tests may record theirs meanwhile.
    func albumFiles() -> [String] {
        box.files(references).filter { $0.hasPrefix("albumPullsAndSpringsBack.") }
    }
    let before = albumFiles()
    expect(before.contains("albumPullsAndSpringsBack.frame_0004.png"))
    // The example's scene as it is matches the example's references...
    let location = GoldenLocation(referenceFolder: references, prefix: "albumPullsAndSpringsBack")
    try expect(
        verifyGolden(scene: try box.scene(), location: location, record: .never, artifacts: box.artifacts)
            == nil)
    expect(!FileManager.default.fileExists(atPath: box.artifacts))
    // ...and fails once its cells lose their white border, naming each frame and its artifacts.
    let changed = try box.scene {
        $0.replacingOccurrences(
            of: "border: {width: 2, color: \"#FFFFFF\"}", with: "border: {width: 0, color: \"#FFFFFF\"}")
    }
    let failure = try #require(
        verifyGolden(scene: changed, location: location, record: .missing, artifacts: box.artifacts))
    expect(failure.hasPrefix("golden: 3 of 3 references failed:"))
    expect(
        failure.contains("\(references)/albumPullsAndSpringsBack.frame_0010.png: the new render differs: "))
    expect(
        failure.hasSuffix(
            "If the change is intended, run with FRAMEGEN_RECORD=failed and look at the new references."))
    expect(
        box.files(box.artifacts + "/GalleryTests").filter { $0.contains("frame_0004") } == [
            "albumPullsAndSpringsBack.frame_0004-actual.png", "albumPullsAndSpringsBack.frame_0004-diff.png",
            "albumPullsAndSpringsBack.frame_0004-expected.png",
            "albumPullsAndSpringsBack.frame_0004-side-by-side.png",
        ])
    // The reviewed references were not touched.
    expect(albumFiles() == before)
}

@Test func referencesAreNamedByTestAndName() {
    let xc = GoldenLocation(filePath: "/p/Tests/AppTests/AlbumTests.swift", testName: "testPull()")
    expect(xc.referenceFolder == "/p/Tests/AppTests/__Golden__/AlbumTests" && xc.prefix == "testPull")
    let named = GoldenLocation(filePath: "/p/T/A.swift", testName: "pulls(scale:)", name: "big/2.5x")
    expect(named.prefix == "pulls.big_2_5x" && named.testFile == "A")
}

@Test(.heavy, .tags(.heavy)) func recordModesWriteWhatTheySay() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let scene = try box.scene()
    let location = GoldenLocation(referenceFolder: box.refs, prefix: "album")
    let frames = ["album.frame_0000.png", "album.frame_0004.png", "album.frame_0010.png"]

    // never: nothing written, the renders are in the artifacts.
    let never = try #require(
        verifyGolden(scene: scene, location: location, record: .never, artifacts: box.artifacts))
    expect(never.contains("missing reference (record mode never)"))
    expect(box.files(box.refs).isEmpty)
    expect(box.files(box.artifacts + "/Suite").count == 3)

    // missing (the default): records, and fails so that someone looks.
    let recorded = try #require(
        verifyGolden(scene: scene, location: location, record: .missing, artifacts: box.artifacts))
    expect(recorded.hasPrefix("golden: recorded 3 references (record mode missing)"))
    expect(box.files(box.refs) == frames)
    expect(verifyGolden(scene: scene, location: location, record: .missing, artifacts: box.artifacts) == nil)
    let reference = try Data(contentsOf: URL(fileURLWithPath: box.refs + "/album.frame_0004.png"))
    try expect(render(scene: Scene.load(scene), frame: 4) == PNG.decodeStraightForTests(reference))

    // A changed scene: missing does not overwrite; failed does.
    let changed = try box.scene { $0.replacingOccurrences(of: "#2B2B2B", with: "#3050A0") }
    expect(
        verifyGolden(scene: changed, location: location, record: .missing, artifacts: box.artifacts)?
            .contains("differs") == true)
    try expect(Data(contentsOf: URL(fileURLWithPath: box.refs + "/album.frame_0004.png")) == reference)
    // ...nor, while those differ, record the frames a longer timeline adds: they are renders of
    // the changed scene, not references.
    let grown = try #require(
        verifyGolden(
            scene: changed, frames: [0, 4, 8, 10], location: location, record: .missing,
            artifacts: box.artifacts))
    expect(
        grown.contains("album.frame_0008.png: missing reference, not recorded while other references fail"),
        "\(grown)")
    expect(box.files(box.refs) == frames)
    let rerecorded = try #require(
        verifyGolden(scene: changed, location: location, record: .failed, artifacts: box.artifacts))
    expect(rerecorded.hasPrefix("golden: recorded 3 references (record mode failed)"))
    expect(verifyGolden(scene: changed, location: location, record: .never, artifacts: box.artifacts) == nil)

    // Fewer frames: the others are extra until record mode all removes them.
    let fewer = verifyGolden(
        scene: changed, frames: [0], location: location, record: .never, artifacts: box.artifacts)
    expect(fewer?.contains("album.frame_0004.png: extra reference") == true)
    _ = verifyGolden(scene: changed, frames: [0], location: location, record: .all, artifacts: box.artifacts)
    expect(box.files(box.refs) == ["album.frame_0000.png"])

    expect(GoldenRecordMode(environmentValue: nil) == .missing)
    expect(GoldenRecordMode(environmentValue: "1") == .all)
    expect(GoldenRecordMode(environmentValue: "failed") == .failed)
    expect(GoldenRecordMode(environmentValue: "NEVER") == .never)
}

@Test func aFailingAssertionIsASwiftTestingIssue() throws {
    let image = try render(
        attributes: AttributeFrame(index: 0, time: 0, views: []),
        canvas: Canvas(width: 4, height: 4, scale: 1, background: .color(.white)))
    expect(image.width == 4 && image[0, 0] == .white)
    // Saved and read back without the pixel modules.
    let box = try Sandbox()
    defer { box.remove() }
    try image.write(to: box.root + "/white.png")
    try expect(StraightImage(file: box.root + "/white.png") == image)
    try expect(image.pngBytes().prefix(4) == [0x89, 0x50, 0x4E, 0x47])
    #expect(throws: FrameGenError.self) { try image.write(to: box.root + "/no/white.png") }
    withKnownIssue {
        // No reference exists and record mode never writes none.
        assertGolden(of: image, named: "never-recorded", record: .never)
    }
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "__Golden__"
    ).path
    expect(!FileManager.default.fileExists(atPath: folder))
    // The render went to the artifacts, for a reviewer; this test's own is not wanted there.
    let artifact =
        goldenArtifactsFolder
        + "/AssertGoldenTests/aFailingAssertionIsASwiftTestingIssue.never-recorded-actual.png"
    expect(FileManager.default.fileExists(atPath: artifact))
    try FileManager.default.removeItem(atPath: artifact)
    rmdir(goldenArtifactsFolder + "/AssertGoldenTests")
    rmdir(goldenArtifactsFolder)
}

extension PNG {
    static func decodeStraightForTests(_ data: Data) throws -> StraightImage {
        try decodeStraight([UInt8](data))
    }
}

/// A layout of a user's own: every item in one row, 30 pt apart.
private struct RowLayout: CollectionViewLayout {
    var spacing = 30.0
    private var items: [LayoutAttributes] = []

    mutating func prepare(_ collectionView: CollectionViewState) {
        items = (0..<collectionView.dataSource.numberOfItems(inSection: 0)).map { i in
            LayoutAttributes.cell(
                FrameGenLayout.IndexPath(item: i, section: 0),
                frame: Rect(x: Double(i) * spacing, y: 5, width: 20, height: 20))
        }
    }
    var collectionViewContentSize: Size { Size(width: Double(items.count) * spacing, height: 30) }
    func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        items.filter { $0.frame.intersects(rect) }
    }
    func layoutAttributesForItem(at indexPath: FrameGenLayout.IndexPath) -> LayoutAttributes? {
        items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }
}

@Test func aRegisteredLayoutRendersFromAScene() throws {
    let descriptor = LayoutDescriptor(
        type: "test-row", summary: "one row",
        parameters: [LayoutParameter(name: "spacing", defaultValue: .number(30), summary: "points")]
    ) { p throws(LayoutParameterError) in
        var layout = RowLayout()
        if case .number(let s)? = p["spacing"] { layout.spacing = s }
        return layout
    }
    expect(LayoutRegistry.firstClash([descriptor]) == nil)
    // A built-in name cannot be taken, nor one name given twice.
    let flow = LayoutDescriptor(type: "flow", summary: "", parameters: [], make: descriptor.make)
    expect(LayoutRegistry.firstClash([descriptor, flow]) == "flow")
    expect(LayoutRegistry.firstClash([descriptor, descriptor]) == "test-row")
    let layouts = LayoutRegistry.builtIn + [descriptor]

    let box = try Sandbox()
    defer { box.remove() }
    let path = box.root + "/row.yaml"
    try """
    canvas: {width: 60, height: 30, scale: 1, background: "#000000"}
    content: {items: 4}
    cell: {background: "#FFFFFF"}
    layout: {type: test-row, spacing: 40}
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let image = try SceneRenderer(file: path, layouts: layouts).render(frame: 0)
    // Cells at x 0 and 40 (spacing 40), 20 pt wide: white there, black between.
    expect(image[10, 15].a == 255 && image[10, 15] != Color(r: 0, g: 0, b: 0))
    expect(image[30, 15] == Color(r: 0, g: 0, b: 0))
    expect(image[50, 15] != Color(r: 0, g: 0, b: 0))
    try "layout: {type: test-row, gap: 1}\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: FrameGenError.self) { try SceneRenderer(file: path, layouts: layouts) }
}
