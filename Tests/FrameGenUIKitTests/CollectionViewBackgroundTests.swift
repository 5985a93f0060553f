import Foundation
import FrameGenKit
import TestTiers
import Testing

import struct FrameGenLayout.LayoutDescriptor

@testable import FrameGenCompositionalLayout
@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitDynamics
@testable import FrameGenUIKitHost

/// The program's `backgroundColor` and `backgroundView` of the collection view are drawn behind
/// the cells, filling the visible bounds, and stay put while the content scrolls.
@Test func theCollectionViewsBackgroundIsDrawnBehindTheCells() throws {
    let folder = NSTemporaryDirectory() + "framegen-background-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let scene = """
        canvas: {width: 100, height: 200, scale: 1, background: "#000000"}
        content: {items: 4}
        layout: {type: swatches, cell: swatch}
        timeline:
          - scroll: {to: [0, 30], duration: 0.1}
        """
    try scene.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let layouts = [
        UIKitLayout.descriptor(type: "swatches", cells: ["swatch": { SwatchCell(frame: $0) }]) { view in
            view.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
            let background = UIView()
            let corner = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            corner.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
            background.addSubview(corner)
            view.backgroundView = background
            return SwatchLayout()
        }
    ]
    let renderer = try SceneRenderer(file: folder + "/s.yaml", layouts: layouts)
    for frame in [0, 3] {
        let image = try renderer.render(frame: frame)
        expect(image[95, 195] == Color(r: 0, g: 255, b: 0))
        expect(image[5, 5] == Color(r: 0, g: 0, b: 255))
    }
    // The first cell (red, at y 10...50 in the content) above the background, scrolled by 30.
    try expect(renderer.render(frame: 0)[30, 45] == Color(r: 255, g: 0, b: 0))
    try expect(renderer.render(frame: 3)[30, 15] == Color(r: 255, g: 0, b: 0))
}
