import Foundation
import FrameGenKit
import GalleryLayouts
import Testing

import struct FrameGenLayout.LayoutDescriptor
import enum FrameGenLayout.LayoutRegistry

#if canImport(TestTiers)
    import TestTiers

    /// Inside framegen's own suite the whole-timeline comparisons belong to its heavy tier
    /// (`make test-all`); in this package's own `swift test` they always run.
    let wholeTimelines = ConditionTrait.heavy
#else
    let wholeTimelines = ConditionTrait.enabled(if: true)

    extension Tag {
        @Tag static var heavy: Self
    }
#endif

/// Every layout this package registers, by the names scenes give them.
let allGalleryLayouts = galleryLayouts + Gallery.descriptors

/// framegen's own scenes, the examples and golden scenes whose timelines the ports replay.
let repositoryFolder = URL(fileURLWithPath: scenesFolder).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

/// A built-in layout's scene and the same scene naming this package's port of it.
struct PortedScene: CustomTestStringConvertible, Sendable {
    /// The scene's file, from the repository's root.
    let path: String
    let builtIn: String
    let port: String
    /// Pixels too, for golden-sized scenes.
    var pixels = false

    var testDescription: String { path }

    /// The scene's text with the built-in type, and with the port's (the album's seed and title
    /// given as a UIKit app gives them: the seed to the initialiser, the title to the header).
    func texts(cutAtFirstTap: Bool = false) throws -> (builtIn: String, port: String) {
        var text = try String(contentsOfFile: repositoryFolder + "/" + path, encoding: .utf8)
        if cutAtFirstTap, let tap = text.range(of: "\n  - tap:") {
            text = String(text[..<tap.lowerBound]) + "\n"
        }
        if text.contains("type: \(self.port)") {
            // A scene of this package, naming the port: the built-in takes no seed key.
            let builtInText = text.replacingOccurrences(of: "type: \(self.port)", with: "type: \(builtIn)")
                .replacing(/, seed: \d+\}/, with: "}").replacing(/, cell: [a-z-]+\}/, with: "}")
            return (builtInText, text)
        }
        var port = text.replacingOccurrences(of: "type: \(builtIn)}", with: "type: \(self.port)}")
        if builtIn == "album" {
            let seed = text.split(separator: "\n").first { $0.hasPrefix("seed: ") }?.dropFirst(6) ?? "0"
            port = port.replacingOccurrences(
                of: "type: uikit-album}", with: "type: uikit-album, seed: \(seed)}")
            // UIKit's attributes carry no text: the title view's label comes from the app (here
            // the scene's template), as a data source sets it.
            port = port.replacingOccurrences(of: "\n  title: {", with: "\n  title: {text: \"{title}\", ")
        }
        if builtIn == "thumbnails" {
            // The strip's view names its preview (`syncWith`), which its controller takes.
            port = port.replacingOccurrences(of: "type: thumbnails,", with: "type: \(self.port),")
        }
        if builtIn == "preview" {
            // The pages drawn by the app's cell, which slides and masks the photo.
            port = port.replacingOccurrences(
                of: "type: uikit-preview}", with: "type: uikit-preview, cell: photo-pager-cell}")
        }
        return (text, port)
    }
}

let albumScenes = [
    PortedScene(path: "examples/album.yaml", builtIn: "album", port: "uikit-album"),
    PortedScene(path: "golden/album-pull.yaml", builtIn: "album", port: "uikit-album", pixels: true),
    PortedScene(path: "golden/album-rotate.yaml", builtIn: "album", port: "uikit-album", pixels: true),
    PortedScene(
        path: "examples/uikit/scenes/album.yaml", builtIn: "album", port: "uikit-album", pixels: true),
]

let carouselScenes = [
    PortedScene(path: "examples/carousel.yaml", builtIn: "carousel", port: "uikit-carousel"),
    PortedScene(path: "golden/carousel-tap.yaml", builtIn: "carousel", port: "uikit-carousel", pixels: true),
    PortedScene(
        path: "examples/uikit/scenes/carousel.yaml", builtIn: "carousel", port: "uikit-carousel", pixels: true
    ),
]

let previewScenes = [
    PortedScene(path: "examples/photos-app.yaml", builtIn: "preview", port: "uikit-preview"),
    PortedScene(path: "golden/photos-app.yaml", builtIn: "preview", port: "uikit-preview", pixels: true),
    PortedScene(path: "examples/uikit/scenes/photos-app.yaml", builtIn: "preview", port: "uikit-preview"),
]

let stripScenes = [
    PortedScene(path: "examples/photos-app.yaml", builtIn: "thumbnails", port: "uikit-thumbnails"),
    PortedScene(
        path: "golden/photos-app.yaml", builtIn: "thumbnails", port: "uikit-thumbnails", pixels: true),
    PortedScene(
        path: "examples/uikit/scenes/photos-app.yaml", builtIn: "thumbnails", port: "uikit-thumbnails"),
]

/// The frames of the strip's scenes where the port differs: the rotation of the package's own
/// scene, which starts at the instant the strip's drag ends, where the built-in strip still
/// asks the preview for the page of the thumbnail it finds under the centre from its old offset
/// and its new inset (docs/uikit.md "Ports of the built-in layouts").
let stripDifferingFrames: [String: Set<Int>] = [
    "examples/photos-app.yaml": [],
    "golden/photos-app.yaml": [],
    "examples/uikit/scenes/photos-app.yaml": Set(37...41),
]

/// Every frame's attributes of `text`, as JSON.
func attributes(_ text: String, layouts: [LayoutDescriptor]) throws -> Any {
    let scene = try Scene(
        document: parseDocument(text, file: "scene.yaml"), folder: repositoryFolder,
        layouts: LayoutRegistry.builtIn + layouts)
    let timeline = try Timeline(scene)
    let file = timeline.data.attributeFile(frames: (0..<timeline.frameCount).map(timeline.frame)).jsonText()
    return try JSONSerialization.jsonObject(with: Data(file.utf8))
}

/// The differences between the port's and the built-in's attribute files (numbers to the
/// relative 1e-12 of `compare`), leaving out the keys in `ignoring`.
func differences(_ scene: PortedScene, cutAtFirstTap: Bool = false, ignoring: Set<String> = []) throws
    -> [String]
{
    let (builtIn, port) = try scene.texts(cutAtFirstTap: cutAtFirstTap)
    #expect(builtIn != port)
    var found: [String] = []
    compare(
        strip(try attributes(port, layouts: allGalleryLayouts), ignoring),
        strip(try attributes(builtIn, layouts: allGalleryLayouts), ignoring), path: "", into: &found)
    return found
}

/// `json` without the object keys in `keys`, at any depth.
func strip(_ json: Any, _ keys: Set<String>) -> Any {
    guard !keys.isEmpty else { return json }
    if let object = json as? [String: Any] {
        return object.filter { !keys.contains($0.key) }.mapValues { strip($0, keys) }
    }
    if let array = json as? [Any] { return array.map { strip($0, keys) } }
    return json
}

/// The scene's frames drawn with the port and with the built-in layout, every one equal but
/// those `except`.
func expectSamePixels(_ scene: PortedScene, cutAtFirstTap: Bool = false, except: Set<Int> = []) throws {
    let (builtIn, port) = try scene.texts(cutAtFirstTap: cutAtFirstTap)
    let (mine, reference) = try renderers(
        port, builtIn: builtIn, folder: repositoryFolder, layouts: allGalleryLayouts)
    #expect(mine.source.frameCount == reference.source.frameCount)
    for frame in 0..<reference.source.frameCount where !except.contains(frame) {
        #expect(
            try mine.render(frame: frame) == reference.render(frame: frame), "\(scene.path) frame \(frame)")
    }
}

/// The album stacks' port gives the built-in's attributes at every frame of the golden pull
/// (fast: a few frames).
@Test func albumPortPullsAsTheBuiltIn() throws {
    let found = try differences(albumScenes[1])
    #expect(found.isEmpty, "\(found.prefix(5))")
}

/// The album stacks' port over every album timeline of framegen's examples and golden scenes:
/// the same attributes at every frame, and the same pixels for the golden-sized scenes.
@Test(wholeTimelines, .tags(.heavy), arguments: albumScenes)
func albumPortEqualsTheBuiltIn(scene: PortedScene) throws {
    let found = try differences(scene)
    #expect(found.isEmpty, "\(found.prefix(5))")
    if scene.pixels { try expectSamePixels(scene) }
}

/// The carousel's port over its whole timelines, the taps included: the demo controller's
/// `UIView.animate` zooms the tapped cell as the built-in's zoom does, frame for frame
/// (docs/uikit.md "Ports of the built-in layouts").
@Test(wholeTimelines, .tags(.heavy), arguments: carouselScenes)
func carouselPortEqualsTheBuiltIn(scene: PortedScene) throws {
    let found = try differences(scene)
    #expect(found.isEmpty, "\(found.prefix(5))")
    if scene.pixels { try expectSamePixels(scene) }
}

/// The golden carousel's two taps, fast: the zoom in and out, every frame's attributes.
@Test func carouselPortZoomsAsTheBuiltIn() throws {
    let found = try differences(carouselScenes[1])
    #expect(found.isEmpty, "\(found.prefix(5))")
}

/// The pager's port beside the built-in thumbnail strip: the same pages at every frame of the
/// Photos app's timelines (swipes, the strip's sync, the delete, the rotation). `custom` holds
/// the inner photo's parallax shift and aspect-fit mask, which a UIKit app's cell applies
/// (`PhotoPagerCell`), not its layout. Drawn with that cell, every frame of the golden scene
/// equals the built-in's, the rotation's too: the cell is laid out once, at its landscape size,
/// inside the rotation's animation, and Core Animation moves the photo's window from its
/// portrait fit to its landscape fit, as the built-in does (docs/uikit.md "Ports of the
/// built-in layouts").
@Test(wholeTimelines, .tags(.heavy), arguments: previewScenes)
func pagerPortEqualsTheBuiltIn(scene: PortedScene) throws {
    let found = try differences(scene, ignoring: ["custom"])
    #expect(found.isEmpty, "\(found.prefix(5))")
    if scene.pixels { try expectSamePixels(scene) }
}

/// The pager's cell mid-swipe: the photo slides inside its aspect-fit window against the swipe,
/// pixel for pixel as the built-in draws it (fast: two frames of the golden scene).
@Test func pagerCellSlidesThePhotoAsTheBuiltIn() throws {
    let (builtIn, port) = try previewScenes[1].texts()
    #expect(port.contains("cell: photo-pager-cell"))
    let (mine, reference) = try renderers(
        port, builtIn: builtIn, folder: repositoryFolder, layouts: allGalleryLayouts)
    for frame in [3, 45] {
        #expect(try mine.render(frame: frame) == reference.render(frame: frame), "frame \(frame)")
    }
}

/// The album's seed key: a whole number up to a million (framegen's limit on a layout key's
/// numbers), else a scene error naming the key (status 2 on the command line).
@Test func albumSeedIsAWholeNumber() throws {
    for (bad, expected) in [
        ("-1", "a whole number 0...1000000"), ("1.5", "a whole number 0...1000000"),
        ("\"seven\"", "a whole number 0...1000000"), ("[7]", "a whole number 0...1000000"),
        ("1000001", "from -1000000 to 1000000"),
    ] {
        let text = "name: s\ncontent: {items: 3}\nlayout: {type: uikit-album, seed: \(bad)}\n"
        do {
            _ = try Scene(
                document: parseDocument(text, file: "s.yaml"), folder: repositoryFolder,
                layouts: LayoutRegistry.builtIn + allGalleryLayouts)
            Issue.record("seed: \(bad) was accepted")
        } catch {
            #expect("\(error)".contains("s.yaml: layout.seed: found \(bad)"), "\(error)")
            #expect("\(error)".contains(expected), "\(error)")
        }
    }
    for good in ["0", "7", "1000000"] {
        let text = "name: s\ncontent: {items: 3}\nlayout: {type: uikit-album, seed: \(good)}\n"
        _ = try Scene(
            document: parseDocument(text, file: "s.yaml"), folder: repositoryFolder,
            layouts: LayoutRegistry.builtIn + allGalleryLayouts)
    }
}

/// The frames of `scene` whose attributes differ between the port and the built-in.
func differingFrames(_ scene: PortedScene, ignoring: Set<String> = []) throws -> Set<Int> {
    let (builtIn, port) = try scene.texts()
    let mine = try #require(try attributes(port, layouts: allGalleryLayouts) as? [String: Any])
    let theirs = try #require(try attributes(builtIn, layouts: allGalleryLayouts) as? [String: Any])
    let a = try #require(mine["frames"] as? [Any])
    let b = try #require(theirs["frames"] as? [Any])
    #expect(a.count == b.count, "\(scene.path): \(a.count) frames against \(b.count)")
    var differing: Set<Int> = []
    for (i, (x, y)) in zip(a, b).enumerated() {
        var found: [String] = []
        compare(strip(x, ignoring), strip(y, ignoring), path: "", into: &found)
        if !found.isEmpty { differing.insert(i) }
    }
    return differing
}

/// The thumbnail strip's port (`ThumbnailStripLayout` with `ThumbnailStripController`) beside
/// the preview: the same attributes at every frame of the Photos app's timelines (swipes the
/// strip follows, the strip's drag with its thumbnails collapsing and the preview following,
/// the tap's focus, the two-phase delete before the data changes, the rotation), and the same
/// pixels for the golden scene (docs/uikit.md "Ports of the built-in layouts").
@Test(wholeTimelines, .tags(.heavy), arguments: stripScenes)
func stripPortEqualsTheBuiltIn(scene: PortedScene) throws {
    // The package's own scene draws its pages with PhotoPagerCell on both sides (`custom` is the
    // built-in pager's inner photo, which that cell draws).
    let differing = try differingFrames(scene, ignoring: ["custom"])
    #expect(differing == stripDifferingFrames[scene.path], "\(differing.sorted())")
    if scene.pixels { try expectSamePixels(scene, except: stripDifferingFrames[scene.path] ?? []) }
}

/// The golden Photos screen with the strip's port, fast: the pixels mid-focus (frame 38) and in
/// the delete's second phase (frame 42); every frame's attributes and pixels are
/// `stripPortEqualsTheBuiltIn`'s, in the heavy tier.
@Test func stripPortFocusesAndDeletesAsTheBuiltIn() throws {
    let scene = stripScenes[1]
    let (builtIn, port) = try scene.texts()
    let (mine, reference) = try renderers(
        port, builtIn: builtIn, folder: repositoryFolder, layouts: allGalleryLayouts)
    for frame in [38, 42] {
        #expect(try mine.render(frame: frame) == reference.render(frame: frame), "frame \(frame)")
    }
}
