import Foundation
import FrameGenCodecs
import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenRender
@testable import FrameGenScene
@testable import FrameGenTools

private func render(_ yaml: String) throws -> (FrameSource, AttributeFrame, Image) {
    let path = NSTemporaryDirectory() + "framegen-looks-" + UUID().uuidString + ".yaml"
    try yaml.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let source = try FrameSource.load(path, fps: nil)
    let composer = try FrameComposer(
        canvas: source.canvas, style: source.style, kindStyles: source.kindStyles)
    let frame = source.frame(0)
    return (source, frame, try composer.render(frame, scale: source.canvas.scale))
}

@Suite struct LooksTests {
    /// The issue: `layout: {type: album}` alone drew black titles on the black canvas. With the
    /// album app's look the canvas is dark grey and the titles white: bright pixels inside each
    /// title's frame.
    @Test func unstyledAlbumHasVisibleTitlesBorderAndShadow() throws {
        let (_, frame, image) = try render(
            """
            canvas: {scale: 1}
            content: {sections: [3, 4], titles: [Beach, Snow]}
            layout: {type: album}
            """)
        // The app's tiled wall, without a file: a dark, opaque, textured grey, repeating every
        // 128 points.
        let wall = image[5, 400]
        expect(wall.a == 255 && (40...90).contains(wall.r) && wall.r == wall.g)
        expect(image[5, 400] == image[5 + 128, 400 + 128])
        expect((0..<128).contains { image[$0, 300] != image[0, 300] })
        let titles = frame.views[0].elements.filter {
            $0.attributes.representedElementKind == ElementKind.title
        }
        expect(titles.count == 2)
        for t in titles {
            let f = t.attributes.frame
            var bright = 0
            for y in Int(f.minY)..<Int(f.maxY) {
                for x in Int(f.minX)..<Int(f.maxX) where image[x, y].r > 200 && image[x, y].g > 200 {
                    bright += 1
                }
            }
            expect(bright > 20, "\(t.attributes.text ?? "") has \(bright) bright pixels")
        }
        let s = try Scene(document: parseDocument("layout: {type: album}", file: "a.yaml"), folder: ".")
        expect(s.views[0].cell.border == ElementStyle.Border(width: 3, color: .white))
        expect(s.views[0].cell.shadow?.opacity == 0.5 && s.views[0].cell.contentMode == .aspectFill)
        expect(s.views[0].supplementary[ElementKind.title]?.font == ElementStyle.Font(size: 13, bold: true))
    }

    /// Issue 23 item 7: a generated pattern passed `attributes` but `render` looked for a file
    /// named "generated:pattern/7" and exited 2. It renders, tiled every 128 points at any scale
    /// (the tile is made with the output's pixels), and the attribute file renders the same.
    @Test func aGeneratedPatternIsABackground() throws {
        let folder = NSTemporaryDirectory() + "framegen-pattern-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = folder + "/p.yaml"
        try """
        canvas: {width: 300, height: 200, scale: 2, background: {pattern: "generated:pattern/7"}}
        content: {items: 1}
        layout: {type: flow, itemSize: [40, 40]}
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let summary = try RenderPipeline.run(
            try FrameSource.load(scene, fps: nil), options: RenderOptions(directory: folder + "/a"))
        expect(summary.rendered == 1)
        let image = try PNG.decode(file: folder + "/a/frame_0000.png")
        expect(image.width == 600 && image[300, 300].a == 255 && image[300, 300].r > 30)
        for (x, y) in [(100, 150), (333, 390), (50, 300)] {
            expect(image[x, y] == image[x + 256, y], "(\(x), \(y))")
        }
        let json = folder + "/p.json"
        _ = try AttributesTool.run(scene: scene, selection: .all, output: json)
        _ = try RenderPipeline.run(
            try FrameSource.load(json, fps: nil), options: RenderOptions(directory: folder + "/b"))
        expect(
            FileManager.default.contents(atPath: folder + "/a/frame_0000.png")
                == FileManager.default.contents(atPath: folder + "/b/frame_0000.png"))
        // At scale 1 the tile has 128 pixels and the same period in points.
        let s1 = try FrameComposer(
            canvas: Canvas(width: 300, height: 200, scale: 1, background: .pattern("generated:pattern/7")),
            style: ElementStyle(), kindStyles: [:])
        let one = try s1.render(AttributeFrame(index: 0, time: 0, views: []), scale: 1)
        expect(one[10, 20] == one[138, 20] && one[10, 20] == one[10, 148])
        // A bad built-in name is the scene's error, at its key.
        #expect(throws: FrameGenError.self) {
            try Scene(
                document: parseDocument(
                    "canvas: {background: {pattern: \"generated:pattern/x\"}}", file: "a.yaml"), folder: ".")
        }
    }

    @Test func aSceneOverridesTheLookKeyByKey() throws {
        let s = try Scene(
            document: parseDocument(
                """
                canvas: {background: "#FF0000"}
                layout: {type: album}
                cell: {border: {width: 1, color: black}}
                supplementary: {title: {color: "#00FF00"}}
                """, file: "a.yaml"), folder: ".")
        expect(s.canvas.background == .color(Color(r: 255, g: 0, b: 0)))
        expect(s.views[0].cell.border == ElementStyle.Border(width: 1, color: .black))
        expect(s.views[0].cell.shadow?.radius == 3)
        expect(s.views[0].supplementary[ElementKind.title]?.color == Color(r: 0, g: 255, b: 0))
        expect(s.views[0].supplementary[ElementKind.title]?.font?.bold == true)
        // Other layouts keep the black canvas; the Photos preview fits its photos.
        let p = try Scene(document: parseDocument("layout: {type: preview}", file: "a.yaml"), folder: ".")
        expect(p.canvas.background == .color(.black) && p.views[0].cell.contentMode == .aspectFit)
    }

    /// Seed 002: headers and footers said the same; now "Section Header N" / "Section Footer N"
    /// with N from 1 as the seed's `indexPath.section + 1` (the first header is "Section Header
    /// 1"), or the scene's template per kind.
    @Test func headersAndFootersHaveTheirOwnText() throws {
        let base = """
            content: {sections: [2, 2]}
            layout: {type: flow, headerReferenceSize: [0, 30], footerReferenceSize: [0, 20]}
            """
        func texts(_ yaml: String) throws -> [String] {
            let t = try Timeline(Scene(document: parseDocument(yaml, file: "a.yaml"), folder: "."))
            return t.frame(0).views[0].elements.compactMap(\.attributes.text)
        }
        try expect(
            try texts(base) == [
                "Section Header 1", "Section Footer 1", "Section Header 2", "Section Footer 2",
            ])
        try expect(
            try texts(
                base
                    + "\nsupplementary: {header: {text: \"{number}. {title}\"}, footer: {text: \"end of {section}\", color: white}}"
                    + "\n") == ["1. ", "end of 0", "2. ", "end of 1"])
        try expect(
            try texts(
                base.replacingOccurrences(of: "sections: [2, 2]", with: "sections: [2, 2], titles: [A, B]"))
                == ["A", "Section Footer 1", "B", "Section Footer 2"])
    }
}
