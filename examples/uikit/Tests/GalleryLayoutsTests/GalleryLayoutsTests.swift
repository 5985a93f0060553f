import Foundation
import FrameGenKit
import FrameGenTesting
import GalleryLayouts
import Testing
import UIKit

import struct FrameGenLayout.CollectionViewDataSource
import struct FrameGenLayout.CollectionViewState
import struct FrameGenLayout.CoverFlowLayout
import struct FrameGenLayout.LayoutDescriptor
import enum FrameGenLayout.LayoutRegistry

/// The package's layouts as types scenes may name.
let galleryLayouts = Gallery.layouts.keys.sorted().map {
    UIKitLayout.descriptor(type: $0, factory: Gallery.layouts[$0]!)
}

let scenesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../scenes").standardized.path

/// Every frame of a scene's attribute file, read with the given layouts.
func attributeFile(_ text: String, layouts: [LayoutDescriptor]) throws -> String {
    let scene = try Scene(
        document: parseDocument(text, file: "scene.yaml"), folder: scenesFolder,
        layouts: LayoutRegistry.builtIn + layouts)
    let timeline = try Timeline(scene)
    return timeline.data.attributeFile(frames: (0..<timeline.frameCount).map(timeline.frame)).jsonText()
}

/// The scenes below: inside framegen's own suite its fast tier takes every other one (the heavy
/// tier all), as its other properties over many cases do; in this package's own `swift test`, all.
#if canImport(TestTiers)
    import TestTiers

    let layoutScenes = TestTier.cases(
        ["coverflow", "coverflow-snap", "flow", "flow-headers", "flow-rotate"], fastTierEvery: 2)
#else
    let layoutScenes = ["coverflow", "coverflow-snap", "flow", "flow-headers", "flow-rotate"]
#endif

/// Each scene names a UIKit layout of this package (`uikit-coverflow`, `uikit-flow`); the same
/// scene with framegen's built-in layout of the same kind gives the same attributes at every
/// frame (to rounding: `CGRect.midX` is Foundation's `(minX + maxX) / 2`, the built-in layouts'
/// `minX + width / 2`) and the same pixels.
@Test(arguments: layoutScenes)
func uikitLayoutsEqualTheBuiltInOnes(scene: String) throws {
    let text = try String(contentsOfFile: scenesFolder + "/\(scene).yaml", encoding: .utf8)
    let builtIn = text.replacingOccurrences(of: "type: uikit-", with: "type: ")
    #expect(builtIn != text)
    let mine = try JSONSerialization.jsonObject(with: Data(attributeFile(text, layouts: galleryLayouts).utf8))
    let theirs = try JSONSerialization.jsonObject(with: Data(attributeFile(builtIn, layouts: []).utf8))
    var differences: [String] = []
    compare(mine, theirs, path: "", into: &differences)
    #expect(differences.isEmpty, "\(differences.prefix(5))")

    // Pixels too, for the small golden-sized scenes (a debug build draws slowly).
    guard scene.hasSuffix("-snap") || scene.hasSuffix("-headers") || scene.hasSuffix("-rotate") else {
        return
    }
    let (uikit, reference) = try renderers(
        text, builtIn: builtIn, folder: scenesFolder, layouts: galleryLayouts)
    let count = uikit.source.frameCount
    // A drag under way and the end at rest.
    for frame in [count / 3, count - 1] {
        #expect(try uikit.render(frame: frame) == reference.render(frame: frame), "frame \(frame)")
    }
}

/// A scene drawn with this package's layouts, and the same scene (`builtIn`) naming framegen's.
func renderers(_ text: String, builtIn: String, folder: String, layouts: [LayoutDescriptor]) throws
    -> (mine: SceneRenderer, reference: SceneRenderer)
{
    let mine = try SceneRenderer(
        scene: Scene(
            document: parseDocument(text, file: "uikit.yaml"), folder: folder,
            layouts: LayoutRegistry.builtIn + layouts))
    let reference = try SceneRenderer(
        scene: Scene(document: parseDocument(builtIn, file: "built-in.yaml"), folder: folder))
    return (mine, reference)
}

/// Equal JSON, numbers to a relative 1e-12.
func compare(_ a: Any, _ b: Any, path: String, into differences: inout [String]) {
    switch (a, b) {
    case let (x as [String: Any], y as [String: Any]):
        if Set(x.keys) != Set(y.keys) {
            differences.append("\(path): keys \(x.keys.sorted()) vs \(y.keys.sorted())")
        }
        for (k, v) in x { if let w = y[k] { compare(v, w, path: path + "." + k, into: &differences) } }
    case let (x as [Any], y as [Any]):
        if x.count != y.count { differences.append("\(path): \(x.count) vs \(y.count) entries") }
        for (i, (v, w)) in zip(x, y).enumerated() { compare(v, w, path: path + "[\(i)]", into: &differences) }
    case let (x as NSNumber, y as NSNumber) where !(a is String):
        let (u, v) = (x.doubleValue, y.doubleValue)
        if abs(u - v) > 1e-12 * max(1, abs(u), abs(v)) { differences.append("\(path): \(u) vs \(v)") }
    default:
        if "\(a)" != "\(b)" { differences.append("\(path): \(a) vs \(b)") }
    }
}

/// The cover flow's frames, reviewed, as a golden test of one's own layout would check them.
@Test func coverFlowSnapsOntoACover() {
    assertGolden(scene: "../../scenes/coverflow-snap.yaml", frames: [0, 3, 6], layouts: galleryLayouts)
}

/// The package's command line (`Sources/gallery`, built beside the tests) runs framegen's
/// commands with the package's layouts.
@Test func theCommandLineKnowsThePackagesLayouts() throws {
    let scene = scenesFolder + "/coverflow-snap.yaml"
    let attributes = try gallery(["attributes", scene, "--all"])
    #expect(attributes.status == 0, "\(attributes.stderr)")
    let text = try String(contentsOfFile: scene, encoding: .utf8)
    #expect(attributes.stdout == (try attributeFile(text, layouts: galleryLayouts)))
    let layouts = try gallery(["layouts", "uikit-coverflow"])
    #expect(layouts.stdout.hasPrefix("uikit-coverflow: CoverFlowLayout"))
    #expect(layouts.stdout.contains("itemSize"))
    let unknown = try gallery(["layouts", "uikit-coverflw"])
    #expect(unknown.status == 2 && unknown.stderr.contains("did you mean \"uikit-coverflow\"?"))
}

/// Runs the package's executable: `gallery` in this package, `uikit-gallery` inside framegen's.
func gallery(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [folder, folder.deletingLastPathComponent()].flatMap { f in
        ["gallery", "uikit-gallery"].map { f.appendingPathComponent($0).path }
    }
    let path = try #require(
        candidates.first { FileManager.default.isExecutableFile(atPath: $0) },
        "the gallery executable is not built")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, stdout, stderr)
}

/// A UIKit layout renders in memory as framegen's own layouts do.
@Test func aUIKitLayoutRendersInMemory() throws {
    let view = CollectionViewState(
        size: .init(width: 240, height: 160), contentOffset: .init(x: 60, y: 0),
        dataSource: CollectionViewDataSource(itemCounts: [6]))
    let mine = try render(
        layout: UIKitLayout(name: "cover") { _ in GalleryLayouts.CoverFlowLayout() }, in: view)
    let builtIn = try render(layout: FrameGenLayout.CoverFlowLayout(), in: view)
    #expect(mine == builtIn)
}
