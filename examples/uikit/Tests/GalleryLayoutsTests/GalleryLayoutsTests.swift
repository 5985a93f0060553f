import FrameGenKit
import FrameGenTesting
import Foundation
import GalleryLayouts
import Testing
import UIKit

import struct Layout.LayoutDescriptor
import enum Layout.LayoutRegistry

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

/// Each scene names a UIKit layout of this package (`uikit-coverflow`, `uikit-flow`); the same
/// scene with framegen's built-in layout of the same kind gives the same attributes at every
/// frame: UIKit's flow layout and a UIKit cover flow driven as UIKit drives them.
@Test(arguments: ["coverflow", "coverflow-snap", "flow", "flow-headers"])
func uikitLayoutsEqualTheBuiltInOnes(scene: String) throws {
    let text = try String(contentsOfFile: scenesFolder + "/\(scene).yaml", encoding: .utf8)
    let builtIn = text.replacingOccurrences(of: "type: uikit-", with: "type: ")
    #expect(builtIn != text)
    let mine = try attributeFile(text, layouts: galleryLayouts)
    let theirs = try attributeFile(builtIn, layouts: [])
    #expect(mine == theirs)
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
    let unknown = try gallery(["layouts", "uikit-cover"])
    #expect(unknown.status == 2 && unknown.stderr.contains("did you mean \"uikit-coverflow\"?"))
}

/// Runs the package's executable: `gallery` in this package, `uikit-gallery` inside framegen's.
func gallery(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [folder, folder.deletingLastPathComponent()].flatMap { f in
        ["gallery", "uikit-gallery"].map { f.appendingPathComponent($0).path }
    }
    let path = try #require(
        candidates.first { FileManager.default.isExecutableFile(atPath: $0) }, "the gallery executable is not built")
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
